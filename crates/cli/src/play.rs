//! `kyoku play`: a game in the terminal.
//!
//! One loop serves every game: it draws the board after every move, asks
//! human seats for their moves (hot-seat for any number of people), lets
//! programs answer for theirs, and announces what happened. What a game
//! looks like and what is worth announcing lives in a [`View`] per game
//! (`crate::terminal`). Input is read line by line, so a scripted game can be
//! piped in; the end of the input ends the session cleanly. When a game
//! against programs ends, a short post-game prompt lets a human take their
//! last move back and play on.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use kyoku_core::{Decision, SeatSpec, ToAct};
use kyoku_games::clock::{Clocks, TimeControl};
use kyoku_games::record::Record;
use kyoku_games::session::{Ending, Failure, Life, ProgramSource, Reply, Seeds};
use kyoku_games::{AnyGame, GameKind, Session, SessionError};

use crate::engines::EngineArgs;
use crate::game_flags::GameFlags;
use crate::terminal::{
    Input, Style, View, flow, output_width, read_line, read_record, reason_text, result_words,
    view_of,
};

/// `kyoku play`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// The game: dobutsu, shiamgon or shogun (may be left out with --load).
    game: Option<String>,
    /// Who sits where, in seat order, comma-separated: human, random,
    /// ai:LEVEL, perfect. Shiamgon has as many players as seats given.
    /// Default: the game's default seats (you against computer level 2).
    #[arg(long)]
    players: Option<String>,
    /// Continue a saved game (its game, options and, unless --players is
    /// given, its players).
    #[arg(long)]
    load: Option<PathBuf>,
    /// Seed of the programs' and chance's randomness (default: from the clock; printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Write the game record to this file when the session ends.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Play on a clock: M+S (minutes per player, seconds added after each
    /// move: 3+2, 10+0, 0.5+1). The times left are shown with the board;
    /// a move typed after your time ran out loses on time (Shiamgon: a
    /// program plays your stones and you rank last); programs budget their
    /// thinking from their time.
    #[arg(long)]
    clock: Option<TimeControl>,
    #[command(flatten)]
    options: GameFlags,
    #[command(flatten)]
    engines: EngineArgs,
}

/// A game in the terminal: the shared session and how it is shown.
struct Terminal {
    session: Session,
    view: Box<dyn View>,
    style: Style,
    /// Input is piped: echo what was read so transcripts read like a session.
    echo: bool,
    record_file: Option<PathBuf>,
}

/// The game, its options and its seats from the arguments and a loaded
/// record.
fn game_and_seats(
    a: &PlayArgs,
    loaded: Option<&Record>,
) -> anyhow::Result<(Box<dyn AnyGame>, Vec<SeatSpec>)> {
    let kind: GameKind = match (&a.game, loaded) {
        (Some(g), Some(r)) if *g != r.game => {
            bail!("the record is a game of {}, not {g}", r.game)
        }
        (Some(g), _) => g.parse()?,
        (None, Some(r)) => r.game.parse()?,
        (None, None) => bail!(
            "name a game: {}",
            GameKind::ALL.map(GameKind::name).join(", ")
        ),
    };
    let players_text = match (&a.players, loaded) {
        (Some(p), _) => p.clone(),
        (None, Some(r)) if !r.players.is_empty() => r.players.join(","),
        _ => kind.descriptor().default_seats.join(","),
    };
    let specs: Vec<SeatSpec> = players_text
        .split(',')
        .map(|s| SeatSpec::parse(s).map_err(|e| anyhow::anyhow!("--players: {e}")))
        .collect::<Result<_, _>>()?;
    let game = match loaded {
        Some(r) => {
            if a.options.any() {
                bail!("with --load the game options come from the record");
            }
            kind.new_game(&r.options)?
        }
        None => kind.new_game(&a.options.options(kind, specs.len())?)?,
    };
    if specs.len() != game.num_players() {
        bail!(
            "{} has {} players, but --players names {} seats",
            kind,
            game.num_players(),
            specs.len()
        );
    }
    Ok((game, specs))
}

/// Runs `kyoku play`.
pub fn play(a: PlayArgs) -> anyhow::Result<()> {
    let loaded = match &a.load {
        Some(path) => Some(read_record(path)?),
        None => None,
    };
    let (game, specs) = game_and_seats(&a, loaded.as_ref())?;
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 % 1_000_000)
            .unwrap_or(0)
    });
    let seeds = Seeds::from_seed(seed, specs.len());
    let view = view_of(game.kind());
    let source: Arc<dyn ProgramSource> = a.engines.engines(true)?;
    let mut session = Session::with_programs(game, &specs, seeds, Failure::Error, Some(source))?;
    let moves = loaded.as_ref().map(|r| r.moves.clone()).unwrap_or_default();
    for (i, mv) in moves.iter().enumerate() {
        session
            .replay_move(mv)
            .with_context(|| format!("move {} ({mv}) of the record does not replay", i + 1))?;
    }
    if let Some(r) = &loaded {
        restore_life(&mut session, r, a.clock)?;
    } else if a.clock.is_some() {
        session.set_time_control(a.clock);
        session.start_clocks();
    }
    let t = Terminal {
        session,
        view,
        style: Style::detect(),
        echo: !std::io::stdin().is_terminal(),
        record_file: a.record.clone(),
    };
    let seats_text = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| format!("{}: {spec}", t.view.seat_name(i)))
        .collect::<Vec<_>>()
        .join(", ");
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}",
        tr!(
            "play-banner",
            game = t.game().game(),
            seats = seats_text,
            seed = seed.to_string()
        )
    )?;
    if !moves.is_empty() {
        writeln!(out, "{}", tr!("play-loaded", count = moves.len()))?;
    }
    if let Some(tc) = t.session.time_control() {
        writeln!(out, "{}", tr!("play-clock", clock = tc.to_string()))?;
    }
    if t.has_human() {
        writeln!(out, "{}", tr!("play-commands"))?;
    }
    drop(out);
    let mut t = t;
    t.run()
}

/// What a loaded record says of the game's life: its names, its time
/// control (or `--clock`'s, which must agree) with each seat's time left
/// after the last move, and the ending the moves do not make.
fn restore_life(
    session: &mut Session,
    r: &Record,
    clock: Option<TimeControl>,
) -> anyhow::Result<()> {
    if let (Some(a), Some(b)) = (clock, r.time_control)
        && a != b
    {
        bail!("the record was played at {b}, not {a}");
    }
    let mut life = Life {
        names: r.names.clone(),
        ..Life::default()
    };
    if let Some(tc) = clock.or(r.time_control) {
        let mut clocks = Clocks::new(tc, session.game().num_players());
        if let Some(Some(last)) = r.clocks.get(session.ply().wrapping_sub(1))
            && last.len() == clocks.remaining.len()
        {
            clocks.remaining = last.clone();
        }
        life.clocks = Some(clocks);
        life.clocks_on = true;
    }
    // A game that ended otherwise than by its moves ends so again.
    if let Some(res) = r.result.as_ref().filter(|_| session.outcome().is_none()) {
        life.ending = Ending::from_result(&res.reason, &res.scores);
    }
    let move_clocks = if r.clocks.len() == session.ply() {
        r.clocks.clone()
    } else {
        Vec::new()
    };
    session.restore_life(life, move_clocks);
    Ok(())
}

/// A clock's time as people read it: `2:58`, `0:09.4` under ten seconds.
/// Whole seconds are rounded up, as on a game clock: a clock that has just
/// started reads its full time, and `0:00` means the time is up.
fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        return format!("0:{:02}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let secs = ms.div_ceil(1000);
    format!("{}:{:02}", secs / 60, secs % 60)
}

impl Terminal {
    fn say(&self, text: &str) -> anyhow::Result<()> {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{text}")?;
        out.flush()?;
        Ok(())
    }

    fn seat_label(&self, seat: usize) -> String {
        self.style
            .paint(&self.view.seat_name(seat), self.view.seat_colour(seat))
    }

    fn draw(&self) -> anyhow::Result<()> {
        // The width is asked anew each time: the terminal may have been resized.
        let style = Style {
            width: output_width(),
            ..self.style
        };
        self.say(&self.view.draw(self.game(), &style))?;
        if let Some(line) = self.clock_line() {
            self.say(&line)?;
        }
        Ok(())
    }

    /// Every seat's time left, the running one marked: `Clock: Sente 2:58
    /// ▸ Gote 3:00`.
    fn clock_line(&self) -> Option<String> {
        self.session.time_control()?;
        let (left, _) = self.session.clocks_now();
        let running = self.session.deadline().map(|(seat, _)| seat);
        let parts: Vec<String> = left
            .iter()
            .enumerate()
            .map(|(i, ms)| {
                let time = ms.map_or_else(|| tr!("clock-out"), clock_text);
                let mark = if running == Some(i) {
                    self.style.pick("▸ ", "> ")
                } else {
                    ""
                };
                format!("{mark}{} {time}", self.seat_label(i))
            })
            .collect();
        Some(tr!("clock-line", clocks = parts.join("  ")))
    }

    fn game(&self) -> &dyn AnyGame {
        self.session.game()
    }

    fn seats(&self) -> std::ops::Range<usize> {
        0..self.game().num_players()
    }

    fn has_human(&self) -> bool {
        self.seats().any(|i| self.session.is_human(i))
    }

    fn has_program(&self) -> bool {
        self.seats().any(|i| !self.session.is_human(i))
    }

    fn save(&self, path: &Path) -> anyhow::Result<()> {
        std::fs::write(path, self.session.record().to_text())
            .with_context(|| format!("cannot write {}", path.display()))
    }

    /// Says who made the move `canonical` in `before` and what came of it,
    /// then draws the board.
    fn announce(&self, before: &dyn AnyGame, actor: Option<usize>, canonical: &str) {
        let who = match actor {
            Some(p) => self.seat_label(p),
            None => tr!("chance"),
        };
        let what = self.view.describe(before, canonical);
        let mut lines = vec![tr!("move-line", who = who, what = what)];
        lines.extend(
            self.view
                .announce(before, self.game())
                .iter()
                .map(|l| self.style.paint(l, "1;33")),
        );
        // Output errors (a closed pipe) end nothing here; the next read ends the session.
        let _ = self.say(&lines.join("\n"));
        // A move that waits for chance (a number still to draw) is drawn once complete.
        if self.session.to_act() != ToAct::Chance {
            let _ = self.draw();
        }
    }

    /// Plays a person's move for `seat`, then announces it.
    fn apply(&mut self, seat: usize, mv: &str) -> Result<(), SessionError> {
        let before = self.game().box_clone();
        let canonical = self.session.play(seat, mv)?;
        self.announce(before.as_ref(), Some(seat), &canonical);
        Ok(())
    }

    /// Lets the program of `seat` move, saying it thinks meanwhile.
    /// `false`: the session ends (an outside engine failed and lost).
    fn program_turn(&mut self, seat: usize) -> anyhow::Result<bool> {
        let spec = self
            .session
            .spec(seat)
            .map(|s| s.to_string())
            .unwrap_or_default();
        if self.style.fancy {
            // Searching programs take a while; say so, then clear the line.
            let mut out = std::io::stdout().lock();
            let who = self.seat_label(seat);
            write!(out, "{}\r", tr!("thinking", who = who, spec = spec))?;
            out.flush()?;
        }
        let before = self.game().box_clone();
        let played = match self.session.play_program() {
            Ok(p) => p,
            // An outside engine that fails loses the game, and says why.
            Err(SessionError::Program { spec, reason, .. }) if spec.starts_with("uci:") => {
                let who = self.seat_label(seat);
                self.say(&tr!("engine-lost", who = who, spec = spec, reason = reason))?;
                self.write_record_file()?;
                return Ok(false);
            }
            Err(e) => return Err(e.into()),
        };
        if self.style.fancy {
            print!("\x1b[2K");
        }
        self.announce(before.as_ref(), Some(seat), &played.text);
        Ok(true)
    }

    fn run(&mut self) -> anyhow::Result<()> {
        self.draw()?;
        loop {
            if let Some(o) = self.session.outcome() {
                self.finish(&o)?;
                if self.after_game()? {
                    // Taken back: the game goes on from the human's decision.
                    continue;
                }
                return Ok(());
            }
            match self.session.to_act() {
                ToAct::Nobody => return Ok(()),
                ToAct::Chance => {
                    let before = self.game().box_clone();
                    if let Some(text) = self.session.draw_chance()? {
                        self.announce(before.as_ref(), None, &text);
                    }
                }
                ToAct::Player(p, decision) => {
                    let seat = p.index();
                    if decision == Decision::Answer
                        && let Some(note) = self.view.answer_note(self.game())
                    {
                        self.say(&self.style.paint(&note, "1;33"))?;
                    }
                    let go_on = if self.session.is_human(seat) {
                        self.human_turn(seat, decision)?
                    } else {
                        self.program_turn(seat)?
                    };
                    if !go_on {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Shows `prompt` and reads a line (echoed when input is not typed);
    /// `None` at the end of input, with the prompt's line ended.
    fn ask(&self, prompt: &str) -> anyhow::Result<Option<String>> {
        {
            let mut out = std::io::stdout().lock();
            write!(out, "{prompt}")?;
            out.flush()?;
        }
        match read_line() {
            Input::End => {
                self.say("")?;
                Ok(None)
            }
            Input::Line(line) => {
                if self.echo {
                    self.say(&line)?;
                }
                Ok(Some(line))
            }
        }
    }

    /// Asks a human seat until it has made a move. `false`: the session ends
    /// (quit or end of input).
    fn human_turn(&mut self, seat: usize, decision: Decision) -> anyhow::Result<bool> {
        let who = self.seat_label(seat);
        if self.game().legal_moves() == ["pass"] {
            self.say(&tr!("must-pass", who = who))?;
        }
        let prompt = match decision {
            Decision::Turn => tr!("prompt-move", who = who),
            Decision::Answer => tr!("prompt-answer", who = who),
        };
        loop {
            let Some(line) = self.ask(&format!("{prompt}> "))? else {
                self.say(&tr!("end-of-input"))?;
                self.write_record_file()?;
                return Ok(false);
            };
            let (word, rest) = split_command(&line);
            match word {
                "" => continue,
                "help" | "?" => self.say(&self.help())?,
                "moves" => {
                    let moves = self.game().legal_moves();
                    let width = output_width().map_or(76, |w| w.min(76));
                    let head = tr!("legal-moves", count = moves.len());
                    self.say(&flow(&head, "", &moves, Some(width)))?;
                }
                "quit" | "exit" => {
                    self.say(&tr!("left-unfinished"))?;
                    self.write_record_file()?;
                    return Ok(false);
                }
                "save" => self.save_command(rest)?,
                "undo" => {
                    if self.undo()? {
                        return Ok(true);
                    }
                }
                "resign" => {
                    self.session.resign(seat)?;
                    self.say(&tr!("resigns", who = self.seat_label(seat)))?;
                    return Ok(true);
                }
                "draw" => {
                    if self.draw_command(seat)? {
                        return Ok(true);
                    }
                }
                _ => match self.apply(seat, &line) {
                    Ok(()) => return Ok(true),
                    Err(SessionError::OutOfTime { seat }) => {
                        self.say(&tr!("time-ran-out", who = self.seat_label(seat)))?;
                        return Ok(true);
                    }
                    Err(e) => self.say(&tr!("try-again", error = e.to_string()))?,
                },
            }
        }
    }

    /// `draw`: offers a draw to the other person, or accepts theirs.
    /// `true` when the game ended so.
    fn draw_command(&mut self, seat: usize) -> anyhow::Result<bool> {
        let two_people =
            self.game().num_players() == 2 && self.session.is_human(0) && self.session.is_human(1);
        if !two_people {
            self.say(&tr!("draw-needs-people"))?;
            return Ok(false);
        }
        let other = 1 - seat;
        match self.session.draw(seat, Reply::Offer) {
            Ok(()) if self.session.outcome().is_some() => {
                self.say(&tr!("draw-agreed"))?;
                Ok(true)
            }
            Ok(()) => {
                self.say(&tr!(
                    "draw-offered",
                    who = self.seat_label(seat),
                    other = self.seat_label(other)
                ))?;
                Ok(false)
            }
            Err(e) => {
                self.say(&e.to_string())?;
                Ok(false)
            }
        }
    }

    /// `save FILE`: writes the record and says how to go on, or why not.
    fn save_command(&self, rest: &str) -> anyhow::Result<()> {
        if rest.is_empty() {
            return self.say(&tr!("save-needs-file"));
        }
        match self.save(Path::new(rest)) {
            Ok(()) if self.session.outcome().is_some() => self.say(&tr!(
                "saved-finished",
                count = self.session.ply(),
                file = rest
            )),
            Ok(()) => self.say(&tr!("saved", count = self.session.ply(), file = rest)),
            Err(e) => self.say(&format!("{e:#}")),
        }
    }

    /// After the result of a game against programs: a human may take back
    /// the blunder that lost it (`undo`), save, or leave. `true`: something
    /// was taken back and play goes on. Among people only, or with programs
    /// only, the session ends as before, with no prompt.
    fn after_game(&mut self) -> anyhow::Result<bool> {
        if !(self.has_human() && self.has_program()) {
            return Ok(false);
        }
        loop {
            let Some(line) = self.ask(&format!("{}> ", tr!("after-game-prompt")))? else {
                return Ok(false);
            };
            let (word, rest) = split_command(&line);
            match word {
                "" | "quit" | "exit" => return Ok(false),
                "undo" => {
                    if self.undo()? {
                        return Ok(true);
                    }
                }
                "save" => self.save_command(rest)?,
                "help" | "?" => self.say(&tr!("after-game-help"))?,
                "moves" => self.say(&tr!("after-game-no-moves"))?,
                _ => self.say(&tr!("after-game-unknown", line = format!("{line:?}")))?,
            }
        }
    }

    /// Takes back the last human move and the programs' moves after it.
    /// `true` when something was taken back.
    fn undo(&mut self) -> anyhow::Result<bool> {
        if !self.has_program() {
            self.say(&tr!("undo-needs-program"))?;
            return Ok(false);
        }
        let last_human = self
            .session
            .movers()
            .iter()
            .rposition(|a| a.is_some_and(|p| self.session.is_human(p)));
        let Some(keep) = last_human else {
            self.say(&tr!("nothing-to-undo"))?;
            return Ok(false);
        };
        // A resignation or a flag fall is taken back with the move.
        self.session.reopen();
        let mut taken = Vec::new();
        while self.session.ply() > keep {
            match self.session.undo() {
                Some((mv, _)) => taken.push(mv),
                None => break,
            }
        }
        taken.reverse();
        self.say(&tr!("took-back", moves = taken.join(" ")))?;
        self.draw()?;
        Ok(true)
    }

    fn help(&self) -> String {
        let mut h = String::new();
        h.push_str(&self.view.move_help());
        h.push('\n');
        h.push_str(&tr!("help-commands"));
        h
    }

    fn write_record_file(&self) -> anyhow::Result<()> {
        if let Some(path) = &self.record_file {
            self.save(path)?;
            let file = path.display().to_string();
            self.say(&tr!("record-written", file = file))?;
        }
        Ok(())
    }

    fn finish(&self, o: &kyoku_core::Outcome) -> anyhow::Result<()> {
        self.say(&result_text(self.view.as_ref(), &self.style, o))?;
        self.write_record_file()?;
        self.say(&tr!("record-heading"))?;
        self.say(self.session.record().to_text().trim_end())?;
        Ok(())
    }
}

/// A command line's first word and the rest, trimmed.
fn split_command(line: &str) -> (&str, &str) {
    match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    }
}

/// The result in words: the winner, or the full ranking with scores.
fn result_text(view: &dyn View, style: &Style, o: &kyoku_core::Outcome) -> String {
    let over = style.paint(&tr!("game-over"), "1");
    let head = tr!("over-because", over = over, reason = reason_text(o.reason));
    result_words(&head, o.scores(), view, style)
}
