//! Matches between Shiamgon programs, seats rotating across games.
//!
//! `cargo run --release -p kyoku-ai --example shiamgon_match -- BOARD SPEC,SPEC,SPEC[,…] GAMES [SEED] [THREADS] [FIRST]`
//!
//! Specs: `random`, `ai:N` (the level), `times:N:K` (the level with K
//! times its playouts), `c:N:X` (the level with UCB1 exploration X),
//! `plies:N:P[:Q]` (the level's playouts cut off after P decisions, and Q
//! playouts a decision instead of the level's),
//! `eps:N:E` (the level with a random rollout move at probability E),
//! `push:N:S` (the level's playouts scoring S for a placement that pushes
//! an opponent's stone that can go somewhere; 0 at every level),
//! `risk:N:W` (the level's playouts counting a cluster at risk where they
//! are cut off as W taken), `room:N:R` (the level's playouts counting R
//! of a stone, where they are cut off, for each free field only its
//! player may place on; levels 4 and 5 have 0.5, so `room:5:0` is level 5
//! as it was before), `cut:N:W:T` (the same, and T of a placement
//! counted for the next placer, less for the later ones), `margin:N:W:S`
//! (the level with the score margin weighing W in the reward, on scale S),
//! `widen:N:K:A` (the level with progressive widening: at most K·n^A
//! children at a node of n visits),
//! `base:N` (level N without RAVE:
//! plain UCT), `rave:N[:K:C[:M:B]]` (level N with RAVE, equivalence K and
//! exploration C, by default 500 and 0.25; M virtual AMAF playouts per move
//! at the node's mean plus B times the policy's liking, by default none), `uniform:N[:K]` (level N with uniform playouts, K times as
//! many). A search spec followed by `@MS` searches MS milliseconds per
//! decision with no playout limit (for comparisons at equal time).
//!
//! Games are numbered from FIRST (default 0): a game's seats and seeds
//! come from its number, so a match can be continued where another
//! stopped, and the per-game lines of both read together.
//!
//! Prints, per spec, first places (shared ones as a fraction) and mean rank
//! with 95 % confidence intervals, mean score, and the time per decision;
//! then, for every other spec, its rank minus the first spec's in the same
//! games (paired, with a 95 % confidence interval: above 0 means the first
//! spec placed better).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use kyoku_ai::mcts::{Budget, Config, Mcts, MctsAgent};
use kyoku_ai::shiamgon::{
    Level, RAVE_FIRST, ShiamgonPolicy, level, level_config, plain, policy, uniform_searcher,
    with_rave,
};
use kyoku_core::{Agent, GameRecord, Player, RandomAgent};
use kyoku_shiamgon::{BoardKind, Position};

fn make(spec: &str, seed: u64) -> Box<dyn Agent<Position>> {
    if spec == "random" {
        return Box::new(RandomAgent::new(seed));
    }
    let (program, ms) = match spec.split_once('@') {
        Some((p, ms)) => (p, Some(ms.parse::<u64>().expect("milliseconds"))),
        None => (spec, None),
    };
    if let Some(rest) = program.strip_prefix("uniform:") {
        // `uniform:N` or `uniform:N:K` (K times the level's playouts).
        let (n, k) = rest.split_once(':').unwrap_or((rest, "1"));
        let mut l = level(n.parse().expect("a level")).expect("a level");
        l.playouts *= k.parse::<u64>().expect("a factor");
        l.time_ms *= k.parse::<u64>().expect("a factor");
        return Box::new(MctsAgent::new(spec, uniform_searcher(l, seed)));
    }
    let parts: Vec<&str> = program.split(':').collect();
    let mut l = level(arg(&parts, 1, "a level 1-5")).expect("a level 1-5");
    let policy = rollout_policy(&parts, l);
    let mut config = match parts[0] {
        // The rollout's specs change the policy only.
        "ai" | "risk" | "cut" | "push" | "eps" | "room" => level_config(l),
        "base" => level_config(plain(l)),
        "times" => {
            l.playouts *= arg::<u64>(&parts, 2, "a factor");
            level_config(l)
        }
        "plies" => {
            l.rollout_plies = arg(&parts, 2, "decisions a playout");
            if parts.len() > 3 {
                l.playouts = arg(&parts, 3, "playouts a decision");
            }
            level_config(l)
        }
        "margin" => Config {
            margin_weight: arg(&parts, 2, "a weight"),
            margin_scale: arg(&parts, 3, "a scale"),
            ..level_config(l)
        },
        "widen" => Config {
            widening: arg(&parts, 2, "a widening factor"),
            widening_power: arg(&parts, 3, "a widening exponent"),
            ..level_config(l)
        },
        "c" => Config {
            exploration: arg(&parts, 2, "an exploration constant"),
            ..level_config(l)
        },
        "rave" => {
            let mut rave = RAVE_FIRST;
            if parts.len() >= 4 {
                rave.equivalence = arg(&parts, 2, "an equivalence");
                rave.exploration = arg(&parts, 3, "an exploration constant");
            }
            if parts.len() == 6 {
                rave.prior_visits = arg(&parts, 4, "prior visits");
                rave.prior_bonus = arg(&parts, 5, "a prior bonus");
            }
            level_config(with_rave(l, rave))
        }
        other => panic!(
            "unknown spec {other}: use random, ai, base, times, plies, risk, cut, push, \
             eps, room, margin, widen, c, rave or uniform (see this file's first lines)"
        ),
    };
    if let Some(ms) = ms {
        config.budget = Budget::time(Duration::from_millis(ms));
    }
    Box::new(MctsAgent::new(spec, Mcts::new(config, policy, seed)))
}

/// The rollout policy of a spec: the level's own, changed by `risk`,
/// `cut`, `push`, `eps` and `room`.
fn rollout_policy(parts: &[&str], l: Level) -> ShiamgonPolicy {
    let mut policy = policy(l);
    match parts[0] {
        "risk" | "cut" => {
            policy.at_risk = arg(parts, 2, "a weight");
            if parts[0] == "cut" {
                policy.tempo = arg(parts, 3, "a share of a placement");
            }
        }
        "push" => policy.push = arg(parts, 2, "a score"),
        "eps" => policy.epsilon = arg(parts, 2, "a probability"),
        "room" => policy.room = arg(parts, 2, "a share of a stone"),
        _ => {}
    }
    policy
}

/// The spec's part `i` (`3` of `times:5:3`), or a panic naming what was
/// expected there.
fn arg<T: std::str::FromStr>(parts: &[&str], i: usize, what: &str) -> T {
    parts
        .get(i)
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("spec {}: part {} should be {what}", parts.join(":"), i + 1))
}

/// Mean and half-width of a 95 % confidence interval (normal approximation).
fn ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if n < 2.0 {
        return (values.first().copied().unwrap_or(0.0), f64::NAN);
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[derive(Default, Clone)]
struct Tally {
    games: f64,
    wins: f64,
    rank: f64,
    score: f64,
    decisions: u64,
    time: Duration,
    max_time: Duration,
    /// Per game: first place (a share), rank.
    firsts: Vec<f64>,
    ranks: Vec<f64>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board = BoardKind::parse(&args[1]).expect("a board");
    let specs: Vec<String> = args[2].split(',').map(String::from).collect();
    let games: usize = args[3].parse().expect("a number of games");
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().expect("a seed"));
    let threads: usize = args.get(5).map_or(1, |s| s.parse().expect("threads"));
    let first_game: usize = args.get(6).map_or(0, |s| s.parse().expect("a first game"));
    let n = specs.len();
    let names: Vec<String> = {
        let mut v: Vec<String> = Vec::new();
        for s in &specs {
            if !v.contains(s) {
                v.push(s.clone());
            }
        }
        v
    };
    let tallies = Mutex::new(vec![Tally::default(); names.len()]);
    let next = Mutex::new(0usize);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let g = {
                        let mut k = next.lock().unwrap();
                        if *k >= games {
                            return;
                        }
                        *k += 1;
                        first_game + *k - 1
                    };
                    // Seat i plays spec (i + g) mod n: every spec sits in every seat.
                    let seat_spec: Vec<&String> = (0..n).map(|i| &specs[(i + g) % n]).collect();
                    let mut agents: Vec<Box<dyn Agent<Position>>> = seat_spec
                        .iter()
                        .enumerate()
                        .map(|(i, sp)| make(sp, seed * 1000 + g as u64 * 10 + i as u64))
                        .collect();
                    let mut record = GameRecord::new(Position::start(board, n).unwrap());
                    let mut times = vec![(0u64, Duration::ZERO, Duration::ZERO); n];
                    while record.outcome().is_none() {
                        let p = record.to_act().player().expect("a player").index();
                        let t = Instant::now();
                        let mv = agents[p].choose(&record).expect("a move");
                        let e = t.elapsed();
                        times[p].0 += 1;
                        times[p].1 += e;
                        times[p].2 = times[p].2.max(e);
                        record.play(mv).expect("a legal move");
                    }
                    let o = record.outcome().unwrap();
                    let mut t = tallies.lock().unwrap();
                    let winners = o.winners();
                    for (i, sp) in seat_spec.iter().enumerate() {
                        let k = names.iter().position(|x| x == *sp).unwrap();
                        let tl = &mut t[k];
                        let p = Player::new(i);
                        tl.games += 1.0;
                        let first = if winners.contains(&p) {
                            1.0 / winners.len() as f64
                        } else {
                            0.0
                        };
                        tl.wins += first;
                        tl.firsts.push(first);
                        tl.ranks.push(o.rank(p) as f64);
                        tl.rank += o.rank(p) as f64;
                        tl.score += o.score(p) as f64;
                        tl.decisions += times[i].0;
                        tl.time += times[i].1;
                        tl.max_time = tl.max_time.max(times[i].2);
                    }
                    eprintln!(
                        "game {g}: {} plies, {} ({}), scores {:?}, seats {:?}",
                        record.moves().len(),
                        o.reason,
                        record.position().placements(),
                        o.scores(),
                        seat_spec
                    );
                }
            });
        }
    });
    let t = tallies.into_inner().unwrap();
    for (name, tl) in names.iter().zip(&t) {
        let (w, wh) = ci(&tl.firsts);
        let (r, rh) = ci(&tl.ranks);
        println!(
            "{name}: wins {:.2}/{games} ({:.1} % ± {:.1}), mean rank {r:.3} ± {rh:.3}, mean score {:.2}, decisions {}, mean {:.1} ms, max {:.1} ms",
            tl.wins,
            100.0 * w,
            100.0 * wh,
            tl.score / tl.games,
            tl.decisions,
            tl.time.as_secs_f64() * 1000.0 / tl.decisions.max(1) as f64,
            tl.max_time.as_secs_f64() * 1000.0
        );
    }
    // Every spec of a game is tallied under one lock, so the i-th entries of
    // two specs come from the same game (when each sits once per game).
    if let Some((first, rest)) = t.split_first() {
        for (name, tl) in names[1..].iter().zip(rest) {
            if tl.ranks.len() == first.ranks.len() {
                let diffs: Vec<f64> = tl
                    .ranks
                    .iter()
                    .zip(&first.ranks)
                    .map(|(a, b)| a - b)
                    .collect();
                let (d, dh) = ci(&diffs);
                println!(
                    "rank of {name} minus rank of {}: {d:.3} ± {dh:.3}",
                    names[0]
                );
            }
        }
    }
    println!("elapsed {:.1} s", start.elapsed().as_secs_f64());
}
