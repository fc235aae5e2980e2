//! An outside UCI engine as a process: start it, shake hands, send
//! positions and `go`, read `bestmove` with a deadline; crashes, silence
//! and start-up failures are typed errors.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::protocol::{Command, EngineLine, Go, Info};

/// An outside engine as the operator names it: `NAME=PROGRAM [ARGS…]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name seats use (`uci:NAME`).
    pub name: String,
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// Why an engine spec cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No `=`.
    #[error("{0:?} is not NAME=COMMAND (e.g. fsf=fairy-stockfish)")]
    NoEquals(String),
    /// A name with other characters than lowercase letters, digits and `-`.
    #[error("engine name {0:?} must be lowercase letters, digits and '-'")]
    BadName(String),
    /// Nothing after `=`.
    #[error("engine {0:?} has no command")]
    NoCommand(String),
    /// A quote is not closed.
    #[error("unclosed quote in the command of engine {0:?}")]
    Quote(String),
}

fn split_command(text: &str) -> Option<Vec<String>> {
    // Words separated by spaces; '…' and "…" keep spaces inside a word.
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return None;
    }
    if in_word {
        words.push(cur);
    }
    Some(words)
}

impl EngineSpec {
    /// kyoku's own engine as an outside engine: this very program run as
    /// `kyoku uci ARGS…` under `name` (the seat `uci:self`).
    pub fn this_program(name: &str, args: &[&str]) -> std::io::Result<EngineSpec> {
        let exe = std::env::current_exe()?;
        let mut all = vec!["uci".to_string()];
        all.extend(args.iter().map(|a| a.to_string()));
        Ok(EngineSpec {
            name: name.to_string(),
            program: exe.to_string_lossy().into_owned(),
            args: all,
        })
    }

    /// Reads `NAME=PROGRAM [ARGS…]` (quotes keep spaces inside an argument).
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let (name, command) = text
            .split_once('=')
            .ok_or_else(|| SpecError::NoEquals(text.to_string()))?;
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(SpecError::BadName(name.to_string()));
        }
        let mut words = split_command(command).ok_or_else(|| SpecError::Quote(name.into()))?;
        if words.is_empty() {
            return Err(SpecError::NoCommand(name.to_string()));
        }
        let program = words.remove(0);
        Ok(EngineSpec {
            name: name.to_string(),
            program,
            args: words,
        })
    }
}

/// How long the client waits.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// From start to `uciok`.
    pub start: Duration,
    /// For `readyok`.
    pub ready: Duration,
    /// On top of the time a move may take (move time, or the whole clock),
    /// before the engine counts as silent.
    pub grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            start: Duration::from_secs(10),
            ready: Duration::from_secs(10),
            grace: Duration::from_secs(1),
        }
    }
}

/// What went wrong with an outside engine, in one line.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The program could not be started.
    #[error("engine {name}: cannot start {program:?}: {source}")]
    Spawn {
        /// The engine's name.
        name: String,
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// The process ended (or closed its output).
    #[error("engine {name} crashed or quit while {doing}")]
    Crashed {
        /// The engine's name.
        name: String,
        /// What it was asked.
        doing: String,
    },
    /// No answer in time.
    #[error("engine {name} did not answer {doing} within {} ms", after.as_millis())]
    Timeout {
        /// The engine's name.
        name: String,
        /// What it was asked.
        doing: String,
        /// How long we waited.
        after: Duration,
    },
    /// The engine cannot play the variant.
    #[error("engine {name} does not offer UCI_Variant {variant}")]
    NoVariant {
        /// The engine's name.
        name: String,
        /// The variant.
        variant: String,
    },
}

/// A running outside engine.
pub struct Client {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    options: Vec<String>,
    engine_name: Option<String>,
    timeouts: Timeouts,
}

/// What a `go` got back.
#[derive(Clone, Debug, Default)]
pub struct GoAnswer {
    /// The `bestmove`, `None` for `(none)`.
    pub best: Option<String>,
    /// The last `info` with a score or a pv.
    pub last_info: Option<Info>,
    /// How long the answer took.
    pub elapsed: Duration,
}

impl Client {
    /// Starts the engine and shakes hands (`uci` … `uciok`).
    pub fn start(spec: &EngineSpec, timeouts: Timeouts) -> Result<Client, ClientError> {
        let mut child = Process::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                name: spec.name.clone(),
                program: spec.program.clone(),
                source,
            })?;
        let crashed = |doing: &str| ClientError::Crashed {
            name: spec.name.clone(),
            doing: doing.into(),
        };
        let stdin = child.stdin.take().ok_or_else(|| crashed("starting"))?;
        let stdout = child.stdout.take().ok_or_else(|| crashed("starting"))?;
        let (tx, rx) = channel();
        // One thread per engine reads its output, so every wait can have a
        // deadline; it ends when the engine closes its output.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            name: spec.name.clone(),
            child,
            stdin,
            lines: rx,
            options: Vec::new(),
            engine_name: None,
            timeouts,
        };
        client.send(&Command::Uci, "uci")?;
        let deadline = Instant::now() + timeouts.start;
        loop {
            match client.next_line(deadline, timeouts.start, "uci")? {
                EngineLine::UciOk => break,
                EngineLine::Option(o) => client.options.push(o),
                EngineLine::Id { key, value } if key == "name" => client.engine_name = Some(value),
                _ => {}
            }
        }
        Ok(client)
    }

    /// The engine's own name (`id name`).
    pub fn engine_name(&self) -> Option<&str> {
        self.engine_name.as_deref()
    }

    /// Whether the engine listed an option (by name, any case).
    pub fn has_option(&self, name: &str) -> bool {
        self.option_line(name).is_some()
    }

    fn option_line(&self, name: &str) -> Option<&str> {
        self.options.iter().map(String::as_str).find(|o| {
            o.strip_prefix("name ")
                .and_then(|r| r.split(" type ").next())
                .is_some_and(|n| n.trim().eq_ignore_ascii_case(name))
        })
    }

    /// Whether a combo option lists a value (true when it lists none).
    pub fn option_allows(&self, name: &str, value: &str) -> bool {
        match self.option_line(name) {
            None => false,
            Some(line) => {
                let vars: Vec<&str> = line
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1])
                    .collect();
                vars.is_empty() || vars.iter().any(|v| v.eq_ignore_ascii_case(value))
            }
        }
    }

    /// Sets the variant, or says the engine cannot play it.
    pub fn set_variant(&mut self, variant: &str) -> Result<(), ClientError> {
        if !self.option_allows("UCI_Variant", variant) {
            return Err(ClientError::NoVariant {
                name: self.name.clone(),
                variant: variant.into(),
            });
        }
        self.set_option("UCI_Variant", variant)
    }

    /// `setoption name N value V`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        self.send(
            &Command::SetOption {
                name: name.into(),
                value: Some(value.into()),
            },
            "setoption",
        )
    }

    /// `isready` … `readyok`.
    pub fn ready(&mut self) -> Result<(), ClientError> {
        self.send(&Command::IsReady, "isready")?;
        let deadline = Instant::now() + self.timeouts.ready;
        while self.next_line(deadline, self.timeouts.ready, "isready")? != EngineLine::ReadyOk {}
        Ok(())
    }

    /// `ucinewgame`, then `isready`.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send(&Command::UciNewGame, "ucinewgame")?;
        self.ready()
    }

    /// Sends a position and `go`, and waits for `bestmove` until `limit`
    /// (plus the grace) has passed; then it sends `stop` and reports the
    /// silence.
    pub fn go(
        &mut self,
        position: &Command,
        go: &Go,
        limit: Duration,
    ) -> Result<GoAnswer, ClientError> {
        // Lines left over from an earlier, abandoned search (a late
        // `bestmove`) must not pass for this one's answer.
        while self.lines.try_recv().is_ok() {}
        self.send(position, "position")?;
        let start = Instant::now();
        self.send(&Command::Go(go.clone()), "go")?;
        let waited = limit + self.timeouts.grace;
        let deadline = start + waited;
        let mut last_info = None;
        loop {
            match self.next_line(deadline, waited, "go") {
                Ok(EngineLine::BestMove { mv, .. }) => {
                    return Ok(GoAnswer {
                        best: mv,
                        last_info,
                        elapsed: start.elapsed(),
                    });
                }
                Ok(EngineLine::Info(i)) if i.score.is_some() || !i.pv.is_empty() => {
                    last_info = Some(i)
                }
                Ok(_) => {}
                Err(e) => {
                    // Leave a silent engine stopped, and swallow the late
                    // answer if it comes soon.
                    if self.send(&Command::Stop, "stop").is_ok() {
                        let soon = Instant::now() + Duration::from_millis(200);
                        while let Ok(l) = self.next_line(soon, Duration::ZERO, "stop") {
                            if matches!(l, EngineLine::BestMove { .. }) {
                                break;
                            }
                        }
                    }
                    return Err(e);
                }
            }
        }
    }

    fn send(&mut self, cmd: &Command, doing: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{cmd}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| ClientError::Crashed {
                name: self.name.clone(),
                doing: doing.into(),
            })
    }

    /// The next line before `deadline`; `waited` is the whole wait, for the
    /// error message.
    fn next_line(
        &mut self,
        deadline: Instant,
        waited: Duration,
        doing: &str,
    ) -> Result<EngineLine, ClientError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(EngineLine::parse(&line)),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                name: self.name.clone(),
                doing: doing.into(),
                after: waited,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Crashed {
                name: self.name.clone(),
                doing: doing.into(),
            }),
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // Ask politely, then make sure: no engine outlives its seat.
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let end = Instant::now() + Duration::from_millis(500);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn specs() {
        let s = EngineSpec::parse("fsf=/opt/fsf/stockfish --threads 1 'a b'").unwrap();
        assert_eq!(s.name, "fsf");
        assert_eq!(s.program, "/opt/fsf/stockfish");
        assert_eq!(s.args, vec!["--threads", "1", "a b"]);
        assert!(matches!(
            EngineSpec::parse("fsf"),
            Err(SpecError::NoEquals(_))
        ));
        assert!(matches!(
            EngineSpec::parse("Fsf=x"),
            Err(SpecError::BadName(_))
        ));
        assert!(matches!(
            EngineSpec::parse("fsf=  "),
            Err(SpecError::NoCommand(_))
        ));
        assert!(matches!(
            EngineSpec::parse("fsf='x"),
            Err(SpecError::Quote(_))
        ));
    }

    proptest! {
        #[test]
        fn spec_parser_never_panics(s in "\\PC*") {
            let _ = EngineSpec::parse(&s);
        }
    }
}
