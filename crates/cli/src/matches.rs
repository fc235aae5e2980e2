//! `kyoku match`: programs play each other, for any game of the catalogue
//! and 2–5 seats.
//!
//! Seats rotate from game to game (game `g` gives seat `s` to spec
//! `(s + g) mod n`), so with two players the colours alternate. Each game
//! has its own seed, derived from `--seed` and its number, so a match
//! replays exactly whatever `--threads` is (with node-limited programs).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_core::{Outcome, Player, SeatSpec, ToAct};
use kyoku_games::{AnyGame, new_game};
use serde_json::{Value, json};

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
    /// Shogun: quarter turns of the board (0–3).
    #[arg(long)]
    rotation: Option<u8>,
    /// Shogun: `magnetic` (default) or `random`.
    #[arg(long)]
    variant: Option<String>,
    /// Shogun: the soldiers' order (see `kyoku show shogun --help`).
    #[arg(long)]
    setup: Option<String>,
    /// Shiamgon: the board (tri8, tri16, disc5, disc10).
    #[arg(long)]
    board: Option<String>,
    /// Shiamgon: handicap stones per seat, comma-separated.
    #[arg(long)]
    handicap: Option<String>,
    /// Dōbutsu: start from this FEN.
    #[arg(long)]
    fen: Option<String>,
}

/// What one game gave: the spec index in each seat, the outcome, moves.
struct GameResult {
    seats: Vec<usize>,
    outcome: Outcome,
    plies: usize,
    capped: bool,
}

fn options(a: &MatchArgs, seats: usize) -> anyhow::Result<Value> {
    let mut o = serde_json::Map::new();
    let wrong = |flag: &str, game: &str| -> anyhow::Result<()> {
        bail!("--{flag} is not an option of {game}")
    };
    let game = a.game.as_str();
    if game != "shogun" {
        for (flag, set) in [
            ("rotation", a.rotation.is_some()),
            ("variant", a.variant.is_some()),
            ("setup", a.setup.is_some()),
        ] {
            if set {
                wrong(flag, game)?;
            }
        }
    }
    if game != "shiamgon" {
        for (flag, set) in [
            ("board", a.board.is_some()),
            ("handicap", a.handicap.is_some()),
        ] {
            if set {
                wrong(flag, game)?;
            }
        }
    }
    if game != "dobutsu" && a.fen.is_some() {
        wrong("fen", game)?;
    }
    if let Some(r) = a.rotation {
        o.insert("rotation".into(), json!(r));
    }
    if let Some(v) = &a.variant {
        o.insert("variant".into(), json!(v));
    }
    if let Some(s) = &a.setup {
        o.insert("setup".into(), json!(s));
    }
    if let Some(b) = &a.board {
        o.insert("board".into(), json!(b));
    }
    if let Some(h) = &a.handicap {
        let counts = h
            .split(',')
            .map(|c| c.trim().parse::<usize>())
            .collect::<Result<Vec<_>, _>>()
            .context("--handicap takes counts such as 0,2,1")?;
        o.insert("handicap".into(), json!(counts));
    }
    if let Some(f) = &a.fen {
        o.insert("fen".into(), json!(f));
    }
    if game == "shiamgon" {
        o.insert("players".into(), json!(seats));
    }
    Ok(Value::Object(o))
}

fn game_seed(seed: u64, game: usize) -> u64 {
    let mut z = seed ^ (game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
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

fn play_one(
    start: &dyn AnyGame,
    specs: &[SeatSpec],
    index: usize,
    seed: u64,
    max_plies: usize,
) -> anyhow::Result<GameResult> {
    let n = specs.len();
    let mut game = start.box_clone();
    let gs = game_seed(seed, index);
    let seats: Vec<usize> = (0..n).map(|s| (s + index) % n).collect();
    let mut players = seats
        .iter()
        .enumerate()
        .map(|(s, &i)| {
            game.player(&specs[i], gs.wrapping_add(1 + s as u64))
                .map_err(|e| anyhow::anyhow!("{}: {e}", specs[i]))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let random = SeatSpec::parse("random").map_err(anyhow::Error::msg)?;
    let mut chance = game.player(&random, gs).map_err(anyhow::Error::msg)?;
    let mut plies = 0;
    let mut capped = false;
    loop {
        let mover = match game.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance => None,
            ToAct::Player(p, _) => Some(p.index()),
        };
        if mover.is_some() && plies >= max_plies {
            capped = true;
            break;
        }
        let who = match mover {
            Some(p) => &mut players[p],
            None => &mut chance,
        };
        let mv = who
            .choose(game.as_ref())
            .with_context(|| format!("game {}: {} found no move", index + 1, who.spec()))?;
        game.play(&mv)
            .with_context(|| format!("game {}: {} played {mv}", index + 1, who.spec()))?;
        if mover.is_some() {
            plies += 1;
        }
    }
    let outcome = match game.outcome() {
        Some(o) if !capped => o,
        _ => capped_outcome(game.as_ref()),
    };
    Ok(GameResult {
        seats,
        outcome,
        plies,
        capped,
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
        .map(|s| SeatSpec::parse(s).map_err(anyhow::Error::msg))
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
    let start = new_game(&a.game, &options(&a, specs.len())?)?;
    if start.num_players() != specs.len() {
        bail!(
            "{} is played by {} players here, but --players names {}",
            a.game,
            start.num_players(),
            specs.len()
        );
    }
    for s in &specs {
        start
            .player(s, 0)
            .map_err(|e| anyhow::anyhow!("{s}: {e}"))?;
    }
    let bar = ProgressBar::new(a.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta}) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
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
                    let r = play_one(start.as_ref(), &specs, g, a.seed, a.max_plies);
                    let failed = r.is_err();
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
    report(&a, &specs, &games)
}

fn report(a: &MatchArgs, specs: &[SeatSpec], games: &[GameResult]) -> anyhow::Result<()> {
    let n = specs.len();
    let mut tally = vec![Tally::default(); n];
    for g in games {
        let o = &g.outcome;
        let firsts = o.winners().len();
        for (seat, &spec) in g.seats.iter().enumerate() {
            let p = Player::new(seat);
            let t = &mut tally[spec];
            let rank = o.rank(p);
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
    let capped = games.iter().filter(|g| g.capped).count();
    let lengths: Vec<usize> = games.iter().map(|g| g.plies).collect();
    let mean_len = lengths.iter().sum::<usize>() as f64 / count;
    let (min_len, max_len) = (
        lengths.iter().copied().min().unwrap_or(0),
        lengths.iter().copied().max().unwrap_or(0),
    );
    // Elo of the first spec against the second, with a normal 95 % interval.
    let elo_line = (n == 2).then(|| {
        let pts = &tally[0].points;
        let mean = pts.iter().sum::<f64>() / count;
        let var = pts.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / count;
        let se = (var / count).sqrt();
        (elo(mean), elo(mean - 1.96 * se), elo(mean + 1.96 * se))
    });
    if a.json {
        let players: Vec<Value> = specs
            .iter()
            .zip(&tally)
            .map(|(s, t)| {
                json!({
                    "spec": s.to_string(),
                    "wins": t.wins,
                    "draws": t.draws,
                    "losses": t.losses,
                    "mean_rank": t.rank_sum / count,
                    "mean_score": t.score_sum / count,
                })
            })
            .collect();
        let mut out = json!({
            "game": a.game,
            "games": games.len(),
            "seed": a.seed,
            "players": players,
            "plies": {"mean": mean_len, "min": min_len, "max": max_len},
            "capped": capped,
            "max_plies": a.max_plies,
        });
        if let Some((e, lo, hi)) = elo_line {
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
        return Ok(());
    }
    println!(
        "{}: {} games, seed {}, seats rotating",
        a.game,
        games.len(),
        a.seed
    );
    println!(
        "{:<10} {:>7} {:>6} {:>7} {:>10} {:>10}",
        "player", "wins", "draws", "losses", "mean rank", "mean score"
    );
    for (s, t) in specs.iter().zip(&tally) {
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
    if let Some((e, lo, hi)) = elo_line {
        println!(
            "Elo {} − {}: {} (95 % interval {} … {})",
            specs[0],
            specs[1],
            elo_text(e),
            elo_text(lo),
            elo_text(hi)
        );
    }
    println!("moves per game: mean {mean_len:.1}, min {min_len}, max {max_len}");
    if capped > 0 {
        println!(
            "{capped} games reached the cap of {} moves and were scored as they stood (a draw, or the game's scores)",
            a.max_plies
        );
    }
    Ok(())
}
