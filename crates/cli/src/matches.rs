//! `kyoku match`: programs play each other, for any game of the catalogue
//! and 2–5 seats.
//!
//! Seats rotate from game to game (game `g` gives seat `s` to spec
//! `(s + g) mod n`), so with two players the colours alternate. Each game
//! has its own seed, derived from `--seed` and its number, so a match
//! replays exactly whatever `--threads` is (with node-limited programs).
//! With `--openings`, game `g` starts with opening `(g / n) mod count`
//! ([`crate::openings`]): each line is played once from every seat.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_core::{Outcome, Player, SeatSpec, derive_seed};
use kyoku_games::clock::TimeControl;
use kyoku_games::session::{Failure, ProgramSource, Seeds};
use kyoku_games::{AnyGame, GameKind, Session, SessionError};
use serde_json::{Value, json};

use crate::engines::EngineArgs;
use crate::game_flags::GameFlags;
use crate::openings::Opening;

/// `kyoku match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game: dobutsu, shogun or shiamgon.
    game: String,
    /// The programs, one per seat, comma-separated: random, ai:1 … ai:5,
    /// perfect (Dōbutsu).
    #[arg(long)]
    players: String,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The match seed (each game's seed derives from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
    /// Stop a game after this many moves (chance not counted) and score it
    /// as it stands: a draw, or by the game's scores where it keeps them
    /// (Shiamgon).
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Play on a clock: M+S (minutes per player, seconds added per move,
    /// e.g. 1+0, 3+2, 0.5+1). A program budgets its thinking from its time
    /// left; one that runs out loses (Shiamgon: leaves the game, ranked
    /// last). The report counts the losses on time.
    #[arg(long)]
    clock: Option<TimeControl>,
    /// Start each game with the moves of one line of FILE (one opening per
    /// line, moves separated by spaces or commas, `#` comments). Each line is
    /// played once from every seat before the next is taken, so give
    /// `--games` as (lines × players) to play every line from both sides.
    #[arg(long, value_name = "FILE")]
    openings: Option<std::path::PathBuf>,
    /// Write every game to FILE as it ends, one JSON object a line: its
    /// number (with --threads the lines may come out of order), the programs by seat, the start position, the
    /// opening's file line and moves, every move in the game's own move text
    /// (opening included; `kyoku play`/`analyze` read them back), the result
    /// for each seat (1 win, ½ draw, 0 loss …), why the game ended, and each
    /// seat's moves and time on them (`think`: moves, ms in all).
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    #[command(flatten)]
    options: GameFlags,
    #[command(flatten)]
    engines: EngineArgs,
}

/// What one game gave: the spec index in each seat, the outcome, moves.
struct GameResult {
    seats: Vec<usize>,
    outcome: Outcome,
    plies: usize,
    capped: bool,
    /// An outside engine lost the game by failing: which, and why.
    forfeit: Option<String>,
    /// The specs (indices) whose time ran out.
    flagged: Vec<usize>,
    /// The game as `--record` writes it (one JSON object).
    record: Value,
    /// Per seat: how long each of its moves took, in milliseconds.
    think_ms: Vec<Vec<f64>>,
}

/// One game for `--record`: everything needed to replay and judge it.
fn game_record(
    index: usize,
    specs: &[SeatSpec],
    seats: &[usize],
    game: &dyn AnyGame,
    opening: Option<&Opening>,
    outcome: &Outcome,
    why: &str,
) -> Value {
    let players: Vec<Value> = (0..seats.len())
        .map(|s| json!(outcome.reward(Player::new(s))))
        .collect();
    json!({
        "game": index + 1,
        "seats": seats.iter().map(|&i| specs[i].to_string()).collect::<Vec<_>>(),
        "start": game.position_text_at(0),
        "opening_line": opening.map(|o| o.line),
        "opening": opening.map(|o| o.moves.clone()),
        "moves": game.history(),
        "end": game.position_text(),
        "result": players,
        "reason": why,
    })
}

/// Each seat's moves and its time on them in all (milliseconds), for
/// `--record`.
fn think_record(think_ms: &[Vec<f64>]) -> Value {
    think_ms
        .iter()
        .map(|ms| json!({"moves": ms.len(), "ms": ms.iter().sum::<f64>().round()}))
        .collect()
}

/// The outcome of a game stopped at the cap: the game's own scores when
/// its extras carry them (Shiamgon), else a draw.
fn capped_outcome(game: &dyn AnyGame) -> Outcome {
    let n = game.num_players();
    let scores: Option<Vec<i32>> = game.extras().get("scores").and_then(|s| {
        s.as_array()?
            .iter()
            .map(|v| v.as_i64().map(|x| x as i32))
            .collect()
    });
    match scores {
        Some(s) if s.len() == n => Outcome::from_scores(&s, "move cap"),
        _ => Outcome::draw(n, "move cap"),
    }
}

/// Plays game number `index` of the match: seats rotated by the game's
/// number, seeds derived from the match seed and the number.
fn play_one(
    kind: GameKind,
    options: &Value,
    specs: &[SeatSpec],
    index: usize,
    a: &MatchArgs,
    openings: &[Opening],
    source: &Arc<dyn ProgramSource>,
) -> anyhow::Result<GameResult> {
    let (seed, max_plies) = (a.seed, a.max_plies);
    let n = specs.len();
    let gs = derive_seed(seed, 0, index as u64);
    let seats: Vec<usize> = (0..n).map(|s| (s + index) % n).collect();
    let seated: Vec<SeatSpec> = seats.iter().map(|&i| specs[i].clone()).collect();
    let seeds = Seeds {
        seats: (0..n).map(|s| gs.wrapping_add(1 + s as u64)).collect(),
        chance: gs,
    };
    let game = kind.new_game(options)?;
    let mut session =
        Session::with_programs(game, &seated, seeds, Failure::Error, Some(source.clone()))?;
    let mut plies = 0;
    let opening = (!openings.is_empty()).then(|| &openings[(index / n) % openings.len()]);
    if let Some(opening) = opening {
        crate::openings::play(&mut session, opening)
            .with_context(|| format!("game {}", index + 1))?;
        plies = session.movers().iter().filter(|m| m.is_some()).count();
    }
    if a.clock.is_some() {
        session.set_time_control(a.clock);
        session.start_clocks();
    }
    let mut capped = false;
    let mut forfeit = None;
    let mut flagged = Vec::new();
    let mut think_ms = vec![Vec::new(); n];
    while session.outcome().is_none() {
        if session.draw_chance()?.is_some() {
            continue;
        }
        if plies >= max_plies {
            capped = true;
            break;
        }
        let started = std::time::Instant::now();
        match session.play_program() {
            Ok(m) => {
                plies += 1;
                think_ms[m.seat].push(started.elapsed().as_secs_f64() * 1000.0);
            }
            Err(SessionError::OutOfTime { seat }) => flagged.push(seats[seat]),
            // An outside engine that fails loses the game; the match goes on.
            Err(SessionError::Program { seat, spec, reason }) if spec.starts_with("uci:") => {
                forfeit = Some((seat, format!("{spec} (seat {}) lost: {reason}", seat + 1)));
                break;
            }
            Err(e) => return Err(e).with_context(|| format!("game {}", index + 1)),
        }
    }
    let game = session.game();
    if let Some((seat, why)) = forfeit {
        let n = game.num_players();
        let mut scores = vec![1; n];
        scores[seat] = 0;
        let outcome = Outcome::from_scores(&scores, "engine failure");
        let mut record = game_record(index, specs, &seats, game, opening, &outcome, &why);
        record["think"] = think_record(&think_ms);
        return Ok(GameResult {
            seats,
            outcome,
            plies,
            capped: false,
            forfeit: Some(why),
            flagged,
            record,
            think_ms,
        });
    }
    let outcome = match session.outcome() {
        Some(o) if !capped => o,
        _ => capped_outcome(game),
    };
    let mut record = game_record(
        index,
        specs,
        &seats,
        game,
        opening,
        &outcome,
        outcome.reason,
    );
    record["think"] = think_record(&think_ms);
    Ok(GameResult {
        seats,
        outcome,
        plies,
        capped,
        forfeit: None,
        flagged,
        record,
        think_ms,
    })
}

/// Per spec totals.
#[derive(Default, Clone)]
struct Tally {
    wins: f64,
    draws: usize,
    losses: usize,
    rank_sum: f64,
    score_sum: f64,
    /// Points: win 1, draw ½ (two players) — for Elo.
    points: Vec<f64>,
    /// How long each of its moves took, in milliseconds.
    think_ms: Vec<f64>,
}

impl Tally {
    /// Mean and median time a move, in milliseconds (`None`: no moves).
    fn think(&self) -> Option<(f64, f64)> {
        if self.think_ms.is_empty() {
            return None;
        }
        let mut ms = self.think_ms.clone();
        ms.sort_by(f64::total_cmp);
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        Some((mean, ms[ms.len() / 2]))
    }
}

/// Elo difference for a score fraction (clamped off 0 and 1).
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / p - 1.0).log10()
}

fn elo_text(x: f64) -> String {
    if x.abs() > 2000.0 {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{x:+.0}")
    }
}

/// Runs `kyoku match`.
pub fn run(a: MatchArgs) -> anyhow::Result<()> {
    let specs = a
        .players
        .split(',')
        .map(|s| SeatSpec::parse(s).map_err(anyhow::Error::from))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if specs.contains(&SeatSpec::Human) {
        bail!("a match is between programs; human cannot take a seat");
    }
    if !(2..=5).contains(&specs.len()) {
        bail!("a match needs 2 to 5 players, got {}", specs.len());
    }
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let game: GameKind = a.game.parse()?;
    let options = a.options.options(game, specs.len())?;
    let source: Arc<dyn ProgramSource> = a.engines.engines(true)?;
    // Made once before the match so that a mistake (an unknown program, an
    // engine that does not start) is told at once.
    Session::with_programs(
        game.new_game(&options)?,
        &specs,
        Seeds::from_seed(a.seed, specs.len()),
        Failure::Error,
        Some(source.clone()),
    )?;
    let openings = match &a.openings {
        Some(path) => check_openings(game, &options, specs.len(), a.seed, path)?,
        None => Vec::new(),
    };
    let bar = ProgressBar::new(a.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta}) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Made before the first game, so that a bad path is told at once.
    let record = match &a.record {
        Some(path) => Some(Mutex::new(std::fs::File::create(path).with_context(
            || format!("cannot write the record file {}", path.display()),
        )?)),
        None => None,
    };
    let next = AtomicUsize::new(0);
    let unrecorded = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<anyhow::Result<GameResult>>>> =
        Mutex::new((0..a.games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..a.threads.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= a.games {
                        break;
                    }
                    let r = play_one(game, &options, &specs, g, &a, &openings, &source);
                    let failed = r.is_err();
                    if let (Some(file), Ok(game)) = (&record, &r) {
                        write_record(file, game, &unrecorded);
                    }
                    if let Ok(mut v) = results.lock() {
                        v[g] = Some(r);
                    }
                    bar.inc(1);
                    if failed {
                        // Let the other workers run out of games quickly.
                        next.store(a.games, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let results = results
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a game thread panicked"))?;
    let mut games = Vec::with_capacity(a.games);
    for r in results.into_iter().flatten() {
        games.push(r?);
    }
    report(&a, &specs, &games)?;
    let lost = unrecorded.into_inner();
    if let (Some(path), 1..) = (&a.record, lost) {
        anyhow::bail!(
            "{lost} of {} games could not be written to the record file {} (see above); \
             the totals above count them all",
            games.len(),
            path.display()
        );
    }
    Ok(())
}

/// Appends one game to `--record`'s file, at once, so that the games
/// played so far survive a match that is stopped. A failed write is told
/// on stderr and counted in `lost`; the match goes on (the totals still
/// count) and then ends with an error rather than leave a record that
/// silently lacks games.
fn write_record(file: &Mutex<std::fs::File>, game: &GameResult, lost: &AtomicUsize) {
    use std::io::Write as _;
    let written = match file.lock() {
        Ok(mut f) => writeln!(f, "{}", game.record).and_then(|()| f.flush()),
        Err(_) => Err(std::io::Error::other("another game's write panicked")),
    };
    if let Err(e) = written {
        lost.fetch_add(1, Ordering::Relaxed);
        eprintln!(
            "cannot write game {} to the record file: {e}",
            game.record["game"]
        );
    }
}

/// The openings of `path`, each tried from the start so that a bad line
/// is told before any game is played.
fn check_openings(
    game: GameKind,
    options: &Value,
    players: usize,
    seed: u64,
    path: &std::path::Path,
) -> anyhow::Result<Vec<Opening>> {
    let openings = crate::openings::read(path)?;
    let random = vec![SeatSpec::parse("random")?; players];
    for opening in &openings {
        let mut session = Session::with_programs(
            game.new_game(options)?,
            &random,
            Seeds::from_seed(seed, players),
            Failure::Error,
            None,
        )?;
        crate::openings::play(&mut session, opening)?;
    }
    Ok(openings)
}

/// What a match gave, added up.
struct Summary {
    tally: Vec<Tally>,
    count: f64,
    capped: usize,
    mean_len: f64,
    min_len: usize,
    max_len: usize,
    /// Elo of the first spec against the second, with a normal 95 %
    /// interval (two players only).
    elo: Option<(f64, f64, f64)>,
    /// Games an outside engine lost by failing: game number and why.
    forfeits: Vec<(usize, String)>,
    /// Per spec: games in which its time ran out.
    time_losses: Vec<usize>,
}

fn summarise(specs: &[SeatSpec], games: &[GameResult]) -> Summary {
    let n = specs.len();
    let mut tally = vec![Tally::default(); n];
    for g in games {
        let o = &g.outcome;
        let firsts = o.winners().len();
        for (seat, &spec) in g.seats.iter().enumerate() {
            let p = Player::new(seat);
            let t = &mut tally[spec];
            let rank = o.rank(p);
            t.think_ms.extend_from_slice(&g.think_ms[seat]);
            t.rank_sum += rank as f64;
            t.score_sum += o.score(p) as f64;
            if o.is_draw() {
                t.draws += 1;
                t.points.push(0.5);
            } else if rank == 1 {
                t.wins += 1.0 / firsts as f64;
                t.points.push(o.reward(p));
            } else {
                t.losses += 1;
                t.points.push(o.reward(p));
            }
        }
    }
    let count = games.len() as f64;
    let lengths: Vec<usize> = games.iter().map(|g| g.plies).collect();
    let elo = (n == 2).then(|| {
        let pts = &tally[0].points;
        let mean = pts.iter().sum::<f64>() / count;
        let var = pts.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / count;
        let se = (var / count).sqrt();
        (elo(mean), elo(mean - 1.96 * se), elo(mean + 1.96 * se))
    });
    Summary {
        tally,
        count,
        capped: games.iter().filter(|g| g.capped).count(),
        mean_len: lengths.iter().sum::<usize>() as f64 / count,
        min_len: lengths.iter().copied().min().unwrap_or(0),
        max_len: lengths.iter().copied().max().unwrap_or(0),
        elo,
        forfeits: games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.forfeit.clone().map(|f| (i + 1, f)))
            .collect(),
        time_losses: (0..n)
            .map(|s| games.iter().filter(|g| g.flagged.contains(&s)).count())
            .collect(),
    }
}

fn report(a: &MatchArgs, specs: &[SeatSpec], games: &[GameResult]) -> anyhow::Result<()> {
    let sum = summarise(specs, games);
    if a.json {
        print_json(a, specs, &sum);
    } else {
        print_table(a, specs, &sum);
    }
    Ok(())
}

fn print_json(a: &MatchArgs, specs: &[SeatSpec], sum: &Summary) {
    let count = sum.count;
    let players: Vec<Value> = specs
        .iter()
        .zip(&sum.tally)
        .zip(&sum.time_losses)
        .map(|((s, t), time)| {
            json!({
                "spec": s.to_string(),
                "losses_on_time": time,
                "wins": t.wins,
                "draws": t.draws,
                "losses": t.losses,
                "mean_rank": t.rank_sum / count,
                "mean_score": t.score_sum / count,
                "moves": t.think_ms.len(),
                "ms_per_move": t.think().map(|(mean, median)| json!({
                    "mean": (mean * 10.0).round() / 10.0,
                    "median": (median * 10.0).round() / 10.0,
                })),
            })
        })
        .collect();
    let mut out = json!({
        "game": a.game,
        "games": count as usize,
        "seed": a.seed,
        "players": players,
        "plies": {"mean": sum.mean_len, "min": sum.min_len, "max": sum.max_len},
        "capped": sum.capped,
        "max_plies": a.max_plies,
        "clock": a.clock.map(|c| c.to_string()),
        "openings": a.openings.as_ref().map(|p| p.display().to_string()),
        "forfeits": sum.forfeits.iter().map(|(g, why)| json!({"game": g, "reason": why})).collect::<Vec<_>>(),
    });
    if let Some((e, lo, hi)) = sum.elo {
        // A clean sweep has no finite Elo difference: null.
        let finite = |x: f64| {
            if x.abs() > 2000.0 {
                Value::Null
            } else {
                json!(x.round())
            }
        };
        out["elo"] = json!({"difference": finite(e), "low": finite(lo), "high": finite(hi)});
    }
    println!("{out}");
}

fn print_table(a: &MatchArgs, specs: &[SeatSpec], sum: &Summary) {
    let count = sum.count;
    println!(
        "{}: {} games, seed {}, seats rotating{}",
        a.game,
        count as usize,
        a.seed,
        a.openings
            .as_ref()
            .map(|p| format!(", openings from {}", p.display()))
            .unwrap_or_default()
    );
    println!(
        "{:<10} {:>7} {:>6} {:>7} {:>10} {:>10}",
        "player", "wins", "draws", "losses", "mean rank", "mean score"
    );
    for (s, t) in specs.iter().zip(&sum.tally) {
        let wins = if t.wins.fract() == 0.0 {
            format!("{}", t.wins)
        } else {
            format!("{:.2}", t.wins)
        };
        println!(
            "{:<10} {:>7} {:>6} {:>7} {:>10.2} {:>10.2}",
            s.to_string(),
            wins,
            t.draws,
            t.losses,
            t.rank_sum / count,
            t.score_sum / count
        );
    }
    if let Some((e, lo, hi)) = sum.elo {
        println!(
            "Elo {} − {}: {} (95 % interval {} … {})",
            specs[0],
            specs[1],
            elo_text(e),
            elo_text(lo),
            elo_text(hi)
        );
    }
    println!(
        "moves per game: mean {:.1}, min {}, max {}",
        sum.mean_len, sum.min_len, sum.max_len
    );
    let times: Vec<String> = specs
        .iter()
        .zip(&sum.tally)
        .filter_map(|(s, t)| {
            let (mean, median) = t.think()?;
            Some(format!("{s} mean {mean:.0}, median {median:.0}"))
        })
        .collect();
    if !times.is_empty() {
        println!(
            "ms a move (openings' moves not counted): {}",
            times.join("; ")
        );
    }
    for (g, why) in &sum.forfeits {
        println!("game {g}: {why}");
    }
    if let Some(clock) = a.clock {
        let lost: Vec<String> = specs
            .iter()
            .zip(&sum.time_losses)
            .map(|(s, n)| format!("{s} {n}"))
            .collect();
        println!("clock {clock}: games lost on time: {}", lost.join(", "));
    }
    if sum.capped > 0 {
        println!(
            "{} games reached the cap of {} moves and were scored as they stood (a draw, or the game's scores)",
            sum.capped, a.max_plies
        );
    }
}
