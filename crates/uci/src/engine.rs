//! `kyoku uci`: the engine loop. The calling thread reads commands; each
//! `go` searches on a thread of its own, so `stop`, `isready` and `quit` are
//! answered while it runs. Bad input gets an `info string` and changes
//! nothing.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use kyoku_dobutsu::solve::Tablebase;

use crate::games::{EngineGame, Plan, SearchConfig, Variant, engine_game};
use crate::protocol::{Command, EngineLine, Go, Info};
use crate::time;

/// Why a `setoption` is ignored.
#[derive(Debug, thiserror::Error)]
enum OptionRefused {
    /// A known option given a value out of its range.
    #[error("option {name}: {value:?} is not {what}")]
    BadValue {
        name: String,
        value: String,
        /// What the option takes, for the message.
        what: &'static str,
    },
    /// No option of that name.
    #[error("unknown option {0:?}")]
    Unknown(String),
}

/// How `kyoku uci` starts (the command line's flags; options change it later).
#[derive(Clone)]
pub struct EngineConfig {
    /// The variant before any `UCI_Variant`.
    pub variant: Variant,
    /// `Skill` before any `setoption`.
    pub skill: u8,
    /// `Seed` before any `setoption`.
    pub seed: u64,
    /// `Tablebase` before any `setoption`: answer Dōbutsu from the solved
    /// table. Off by default, so that `Skill`/`Seed` play exactly as
    /// `ai:LEVEL` whether a table is installed or not.
    pub tablebase: bool,
    /// A solved Dōbutsu table to answer from; `None` loads the default
    /// table (`kyoku solve dobutsu`) the first time it is needed.
    pub table: Option<Arc<Tablebase>>,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            variant: Variant::Dobutsu,
            skill: 5,
            seed: 0,
            tablebase: false,
            table: None,
        }
    }
}

/// The options `uci` lists. `Threads` is absent: the search uses one.
const OPTIONS: &[&str] = &[
    "UCI_Variant type combo default dobutsu var dobutsu var shogun var shogun-random",
    "Skill type spin default 5 min 1 max 5",
    "Seed type spin default 0 min 0 max 2147483647",
    "Hash type spin default 0 min 0 max 4096",
    "MultiPV type spin default 1 min 1 max 64",
    "Move Overhead type spin default 10 min 0 max 5000",
    "Tablebase type check default false",
];

type Out = Arc<Mutex<dyn Write + Send>>;

fn say(out: &Out, line: &EngineLine) {
    // A GUI that closed the pipe cannot be told anything more; the next
    // read ends the loop.
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

fn info(out: &Out, text: impl Into<String>) {
    say(out, &EngineLine::Info(Info::text(text)));
}

struct Running {
    handle: JoinHandle<Box<dyn EngineGame>>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

struct Engine {
    out: Out,
    game: Option<Box<dyn EngineGame>>,
    variant: Variant,
    running: Option<Running>,
    config: SearchConfig,
    multipv: usize,
    overhead_ms: u64,
    use_table: bool,
    table: Option<Arc<Tablebase>>,
    table_tried: bool,
}

/// Runs the engine until `quit` or the end of `input`.
pub fn run<R: BufRead>(
    input: R,
    output: impl Write + Send + 'static,
    start: EngineConfig,
) -> io::Result<()> {
    let config = SearchConfig {
        skill: start.skill.clamp(1, 5),
        seed: start.seed,
        hash_mb: 0,
    };
    let out: Out = Arc::new(Mutex::new(output));
    let mut engine = Engine {
        game: Some(engine_game(start.variant, &config)),
        variant: start.variant,
        out,
        running: None,
        config,
        multipv: 1,
        overhead_ms: 10,
        use_table: start.tablebase,
        table_tried: start.table.is_some(),
        table: start.table,
    };
    for line in input.lines() {
        let line = line?;
        if !engine.handle(&line) {
            return Ok(());
        }
    }
    engine.finish_search(true);
    Ok(())
}

impl Engine {
    /// Handles one line; `false` after `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let cmd = match Command::parse(line) {
            Ok(c) => c,
            Err(crate::protocol::ProtocolError::Empty) => return true,
            Err(e) => {
                info(&self.out, format!("ignored: {e}"));
                return true;
            }
        };
        match cmd {
            Command::IsReady => say(&self.out, &EngineLine::ReadyOk),
            Command::Stop | Command::PonderHit => self.finish_search(true),
            Command::Quit => {
                self.finish_search(true);
                return false;
            }
            Command::Debug(_) => {}
            other => {
                // Everything else waits for a running search (an infinite
                // one is stopped: it would never end by itself).
                if self.running.as_ref().is_some_and(|r| r.infinite) {
                    info(&self.out, "stopping the infinite search first");
                }
                self.finish_search(false);
                self.idle_command(other);
            }
        }
        true
    }

    fn idle_command(&mut self, cmd: Command) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match cmd {
            Command::Uci => {
                let say_id = |k: &str, v: &str| {
                    say(
                        &self.out,
                        &EngineLine::Id {
                            key: k.into(),
                            value: v.into(),
                        },
                    )
                };
                say_id("name", &format!("kyoku {}", env!("CARGO_PKG_VERSION")));
                say_id("author", "the kyoku authors");
                for o in OPTIONS {
                    say(&self.out, &EngineLine::Option(format!("name {o}")));
                }
                say(&self.out, &EngineLine::UciOk);
            }
            Command::UciNewGame => game.new_game(),
            Command::Position { start, moves } => {
                if let Err(e) = game.set_position(&start, &moves) {
                    info(&self.out, format!("position ignored: {e}"));
                }
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Go(go) => self.go(go),
            // Handled before.
            Command::IsReady
            | Command::Stop
            | Command::PonderHit
            | Command::Quit
            | Command::Debug(_) => {}
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let v = value.unwrap_or("").trim();
        let num = |lo: u64, hi: u64| v.parse::<u64>().ok().filter(|n| (lo..=hi).contains(n));
        let bad = |what: &'static str| OptionRefused::BadValue {
            name: name.to_string(),
            value: v.to_string(),
            what,
        };
        let result: Result<(), OptionRefused> = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match Variant::parse(v) {
                Some(var) => {
                    self.variant = var;
                    self.game = Some(engine_game(var, &self.config));
                    Ok(())
                }
                None => Err(bad("dobutsu, shogun or shogun-random")),
            },
            "skill" => num(1, 5)
                .map(|n| self.config.skill = n as u8)
                .ok_or_else(|| bad("a level 1–5")),
            "seed" => v
                .parse::<u64>()
                .map(|n| self.config.seed = n)
                .map_err(|_| bad("a number")),
            "hash" => num(0, 4096)
                .map(|n| self.config.hash_mb = n as u32)
                .ok_or_else(|| bad("a size 0–4096 (MiB)")),
            "multipv" => num(1, 64)
                .map(|n| self.multipv = n as usize)
                .ok_or_else(|| bad("1–64")),
            "move overhead" => num(0, 5000)
                .map(|n| self.overhead_ms = n)
                .ok_or_else(|| bad("0–5000 (ms)")),
            "tablebase" => match v {
                "true" => {
                    self.use_table = true;
                    Ok(())
                }
                "false" => {
                    self.use_table = false;
                    Ok(())
                }
                _ => Err(bad("true or false")),
            },
            _ => Err(OptionRefused::Unknown(name.to_string())),
        };
        match result {
            Ok(()) => {
                if let Some(g) = self.game.as_mut() {
                    g.configure(&self.config);
                }
            }
            Err(e) => info(&self.out, format!("ignored: {e}")),
        }
    }

    fn table(&mut self) -> Option<Arc<Tablebase>> {
        if !self.table_tried {
            self.table_tried = true;
            match kyoku_dobutsu::solve::shared_table() {
                Ok(t) => self.table = Some(t),
                Err(e) => info(&self.out, format!("no tablebase: {e}")),
            }
        }
        self.table.clone()
    }

    fn go(&mut self, go: Go) {
        let Some(mut game) = self.game.take() else {
            return;
        };
        let side = game.side_to_move().unwrap_or(0);
        let infinite = go.infinite || go.ponder;
        let time = time::budget(&go, side, self.overhead_ms);
        let depth = go
            .depth
            .or(go.mate.map(|m| (2 * m).saturating_sub(1).max(1)));
        let plan = Plan {
            depth,
            nodes: go.nodes,
            time,
            multipv: self.multipv,
            searchmoves: go.searchmoves.clone(),
            use_table: self.use_table && game.variant() == Variant::Dobutsu,
            level_budget: !infinite && depth.is_none() && go.nodes.is_none() && time.is_none(),
        };
        let table = if plan.use_table { self.table() } else { None };
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let answer = game.think(&plan, table.as_deref(), flag.clone(), &mut |i| {
                say(&out, &EngineLine::Info(i))
            });
            // UCI: an infinite search answers only after `stop`.
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            say(
                &out,
                &EngineLine::BestMove {
                    mv: answer.best,
                    ponder: answer.ponder,
                },
            );
            game
        });
        self.running = Some(Running {
            handle,
            stop,
            infinite,
        });
    }

    /// Waits for the running search, stopping it first if `stop` (or if it
    /// is infinite); its `bestmove` has been written when this returns.
    fn finish_search(&mut self, stop: bool) {
        if let Some(r) = self.running.take() {
            if stop || r.infinite {
                r.stop.store(true, Ordering::Relaxed);
            }
            match r.handle.join() {
                Ok(game) => self.game = Some(game),
                Err(_) => {
                    info(&self.out, "the search failed; starting afresh");
                    say(
                        &self.out,
                        &EngineLine::BestMove {
                            mv: None,
                            ponder: None,
                        },
                    );
                    self.game = Some(engine_game(self.variant, &self.config));
                }
            }
        }
    }
}
