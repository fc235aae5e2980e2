//! `kyoku play` and `kyoku replay`: games in the terminal.
//!
//! One loop serves every game: it draws the board after every move, asks
//! human seats for their moves (hot-seat for any number of people), lets
//! programs answer for theirs, and announces what happened. What a game
//! looks like and what is worth announcing lives in a [`View`] per game.
//! Input is read line by line, so a scripted game can be piped in; the end
//! of the input ends the session cleanly. When a game against programs ends,
//! a short post-game prompt lets a human take their last move back and play on.

mod dobutsu;
mod shiamgon;
mod shogun;

use std::io::{BufRead, IsTerminal, Write};
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

/// `kyoku replay`.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// A game record written by `kyoku play`.
    file: PathBuf,
    /// Print every position at once instead of stepping.
    #[arg(long)]
    all: bool,
}

/// How output looks: colour and Unicode in a terminal, plain ASCII when
/// `NO_COLOR` is set or the output goes elsewhere.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    /// ANSI colours and Unicode drawing characters.
    pub fancy: bool,
    /// Columns a drawing should fit in; `None`: no limit (output that is not
    /// a terminal, so piped transcripts stay the same whatever the width).
    pub width: Option<usize>,
}

impl Style {
    fn detect() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            fancy: !no_color && std::io::stdout().is_terminal(),
            width: output_width(),
        }
    }

    /// `text` in SGR attributes `code` (`"1;31"`), or plain.
    pub fn paint(&self, text: &str, code: &str) -> String {
        if self.fancy {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The Unicode form or the ASCII one.
    pub fn pick<'a>(&self, unicode: &'a str, ascii: &'a str) -> &'a str {
        if self.fancy { unicode } else { ascii }
    }

    /// The colour of seat `p` (0-based), as SGR codes.
    pub fn seat_colour(p: usize) -> &'static str {
        ["1;31", "1;34", "1;32", "1;33", "1;35"][p % 5]
    }
}

/// The columns to draw in: `COLUMNS` when set to a number, else the
/// terminal's width when the output is one, else no limit.
pub fn output_width() -> Option<usize> {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
    {
        return Some(n);
    }
    if !std::io::stdout().is_terminal() {
        return None;
    }
    console::Term::stdout()
        .size_checked()
        .map(|(_rows, cols)| usize::from(cols))
        .filter(|&n| n > 0)
}

/// How many columns `text` takes on screen: its characters (two for a wide
/// one), less ANSI escape sequences (colours), which take none.
pub fn visible_width(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters… final byte in @–~.
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
        } else {
            n += if wide(c) { 2 } else { 1 };
        }
    }
    n
}

/// Whether a terminal gives `c` two columns: the East Asian wide and
/// full-width characters (kana, kanji, hangul, full-width forms), as
/// Japanese messages and names have them.
fn wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// The widest line of `text`, in columns.
pub fn widest_line(text: &str) -> usize {
    text.lines().map(visible_width).max().unwrap_or(0)
}

/// What a game looks like in the terminal.
pub trait View {
    /// A seat's name: `player 1 (Sente)`.
    fn seat_name(&self, seat: usize) -> String;
    /// A seat's colour (SGR codes), matching its pieces on the board.
    fn seat_colour(&self, seat: usize) -> &'static str {
        Style::seat_colour(seat)
    }
    /// The board and everything around it (hands, scores, prisoners).
    fn draw(&self, game: &dyn AnyGame, style: &Style) -> String;
    /// The move `mv` of whoever acts in `before`, in words (`places on 4.3`).
    fn describe(&self, before: &dyn AnyGame, mv: &str) -> String {
        let _ = before;
        tr!("plays", mv = mv)
    }
    /// What is worth saying after a move: threats, dangers, captures.
    fn announce(&self, before: &dyn AnyGame, after: &dyn AnyGame) -> Vec<String>;
    /// A line for a player answering out of turn (a push), before they act.
    fn answer_note(&self, game: &dyn AnyGame) -> Option<String> {
        let _ = game;
        None
    }
    /// How to type a move.
    fn move_help(&self) -> String;
}

/// The terminal view of each game (one module per game).
fn view_of(kind: GameKind) -> Box<dyn View> {
    match kind {
        GameKind::Dobutsu => Box::new(dobutsu::DobutsuView),
        GameKind::Shiamgon => Box::new(shiamgon::ShiamgonView),
        GameKind::Shogun => Box::new(shogun::ShogunView),
    }
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

fn read_record(path: &Path) -> anyhow::Result<Record> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Record::parse(&text).with_context(|| format!("{} is not a game record", path.display()))
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

/// What a human typed.
enum Input {
    Line(String),
    End,
}

fn read_line() -> Input {
    let mut buf = Vec::new();
    match std::io::stdin().lock().read_until(b'\n', &mut buf) {
        Ok(0) | Err(_) => Input::End,
        Ok(_) => Input::Line(String::from_utf8_lossy(&buf).trim().to_string()),
    }
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
    let reason = crate::replay::reason_text(o.reason);
    let head = tr!("over-because", over = over, reason = reason);
    let n = o.players();
    let scores = o.scores();
    let binary = scores.iter().all(|&s| s == 0 || s == 1);
    if binary && n == 2 {
        return match o.winner() {
            Some(w) => {
                let who = style.paint(&view.seat_name(w.index()), view.seat_colour(w.index()));
                tr!("result-win", head = head, who = who)
            }
            None => tr!("result-draw", head = head),
        };
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(scores[p]), p));
    let ranking: Vec<String> = order
        .iter()
        .map(|&p| {
            format!(
                "{}. {} {}",
                o.rank(kyoku_core::Player::new(p)),
                style.paint(&view.seat_name(p), view.seat_colour(p)),
                scores[p]
            )
        })
        .collect();
    tr!("result-ranking", head = head, ranking = ranking.join(", "))
}

/// `items` after `first`, separated by spaces and broken into lines of at
/// most `width` columns, later lines starting with `cont` (at least one item a
/// line, so nothing is lost however narrow); one line when `width` is `None`.
pub fn flow(first: &str, cont: &str, items: &[String], width: Option<usize>) -> String {
    let mut s = first.to_string();
    let mut line = visible_width(first);
    let mut on_line = 0;
    for it in items {
        let w = visible_width(it);
        if on_line > 0 && width.is_some_and(|max| line + 1 + w > max) {
            s.push('\n');
            s.push_str(cont);
            line = visible_width(cont);
            on_line = 0;
        } else if line > 0 {
            s.push(' ');
            line += 1;
        }
        s.push_str(it);
        line += w;
        on_line += 1;
    }
    s
}

/// Each move of a record in words (who made it, what it did), to show
/// while stepping.
fn move_lines(rec: &Record, view: &dyn View, style: &Style) -> anyhow::Result<Vec<String>> {
    let mut g = kyoku_games::new_game(&rec.game, &rec.options)?;
    let mut lines = Vec::with_capacity(rec.moves.len());
    for mv in &rec.moves {
        let who = match g.to_act().player() {
            Some(p) => style.paint(&view.seat_name(p.index()), view.seat_colour(p.index())),
            None => tr!("chance"),
        };
        let what = view.describe(g.as_ref(), mv);
        lines.push(tr!("move-line", who = who, what = what));
        g.play(mv)?;
    }
    Ok(lines)
}

/// The move to go to for a line typed while stepping at `ply` of `total`:
/// `None` to ask again (after saying why), `usize::MAX` to stop.
fn step_target(line: &str, ply: usize, total: usize, step_help: &str) -> Option<usize> {
    match line {
        "" | "n" | "next" => Some((ply + 1).min(total)),
        "b" | "back" => Some(ply.saturating_sub(1)),
        "end" => Some(total),
        "q" | "quit" => Some(usize::MAX),
        "help" | "?" => {
            println!("{step_help}");
            None
        }
        other => match other.parse::<usize>() {
            Ok(n) if n <= total => Some(n),
            Ok(_) => {
                println!("{}", tr!("replay-has-moves", count = total));
                None
            }
            _ => {
                println!("{other:?}: {step_help}");
                None
            }
        },
    }
}

/// Runs `kyoku replay`.
pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let rec = read_record(&a.file)?;
    let full = rec.replay()?;
    let view = view_of(rec.game.parse()?);
    let style = Style::detect();
    let mut game = kyoku_games::new_game(&rec.game, &rec.options)?;
    let actors = move_lines(&rec, view.as_ref(), &style)?;
    let total = rec.moves.len();
    let players = if rec.players.is_empty() {
        String::new()
    } else {
        // A seat's name goes before its spec: `Hana (human)`.
        let named: Vec<String> = rec
            .players
            .iter()
            .enumerate()
            .map(|(i, spec)| match rec.names.get(i).cloned().flatten() {
                Some(name) => format!("{} ({spec})", crate::replay::printable(&name)),
                None => spec.clone(),
            })
            .collect();
        format!(" — {}", named.join(", "))
    };
    let clock = rec.time_control.map_or(String::new(), |tc| {
        tr!("replay-clock", clock = tc.to_string())
    });
    println!(
        "{}",
        tr!(
            "replay-banner",
            game = rec.game,
            players = players,
            clock = clock,
            count = total
        )
    );
    let step_help = tr!("replay-step-help");
    let step_help = step_help.as_str();
    let stepping = !a.all;
    if stepping {
        println!("{step_help}");
    }
    let show = |game: &dyn AnyGame, ply: usize| {
        if ply > 0 {
            let what = actors[ply - 1].as_str();
            println!(
                "{}",
                tr!("replay-move", ply = ply, count = total, what = what)
            );
        } else {
            println!("{}", tr!("replay-start", count = total));
        }
        println!("{}", view.draw(game, &style));
    };
    let goto = |ply: usize| -> anyhow::Result<Box<dyn AnyGame>> {
        Ok(kyoku_games::replay(
            &rec.game,
            &rec.options,
            &rec.moves[..ply],
        )?)
    };
    let mut ply = 0;
    show(game.as_ref(), ply);
    if a.all {
        while ply < total {
            game.play(&rec.moves[ply])?;
            ply += 1;
            show(game.as_ref(), ply);
        }
    } else {
        loop {
            print!("replay> ");
            std::io::stdout().flush()?;
            let line = match read_line() {
                Input::End => {
                    println!();
                    break;
                }
                Input::Line(l) => l,
            };
            if !std::io::stdin().is_terminal() {
                println!("{line}");
            }
            let Some(target) = step_target(&line, ply, total, step_help) else {
                continue;
            };
            if target == usize::MAX {
                break;
            }
            if target == ply && !line.is_empty() && target != total {
                show(game.as_ref(), ply);
                continue;
            }
            if target == ply && ply == total {
                println!("{}", tr!("replay-last-move"));
                continue;
            }
            game = goto(target)?;
            ply = target;
            show(game.as_ref(), ply);
        }
    }
    let players = full.num_players();
    let end = crate::replay::ending(&rec, full.outcome(), players, ply, view.as_ref(), &style);
    println!("{end}");
    Ok(())
}
