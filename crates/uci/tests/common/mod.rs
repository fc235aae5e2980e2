//! An in-memory GUI for `kyoku_uci::run`: commands in, lines out, with
//! deadlines so a hang fails the test instead of blocking it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use kyoku_uci::EngineConfig;

pub struct Gui {
    input: Option<std::io::PipeWriter>,
    lines: Receiver<String>,
    engine: Option<JoinHandle<std::io::Result<()>>>,
}

pub const WAIT: Duration = Duration::from_secs(60);

impl Gui {
    pub fn start(config: EngineConfig) -> Gui {
        let (in_r, in_w) = std::io::pipe().expect("pipe");
        let (out_r, out_w) = std::io::pipe().expect("pipe");
        let engine =
            std::thread::spawn(move || kyoku_uci::run(BufReader::new(in_r), out_w, config));
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out_r).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Gui {
            input: Some(in_w),
            lines: rx,
            engine: Some(engine),
        }
    }

    pub fn send(&mut self, line: &str) {
        let w = self.input.as_mut().expect("engine input open");
        writeln!(w, "{line}").expect("engine reads");
        w.flush().expect("engine reads");
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let end = Instant::now() + WAIT;
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {prefix:?} line; got {got:?}"));
            let done = line.starts_with(prefix);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// The move of the next `bestmove`.
    pub fn bestmove(&mut self) -> (String, Vec<String>) {
        let lines = self.until("bestmove");
        let last = lines.last().expect("a line").clone();
        let mv = last.split_whitespace().nth(1).unwrap_or("").to_string();
        (mv, lines)
    }

    pub fn quit(mut self) {
        self.send("quit");
        self.input = None;
        let r = self
            .engine
            .take()
            .expect("engine")
            .join()
            .expect("no panic");
        r.expect("engine ends cleanly");
    }
}
