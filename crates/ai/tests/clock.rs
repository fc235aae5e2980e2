//! Programs on a clock. A long clock changes nothing (a level is not
//! stronger than its own budget); a short one cuts the search. And the
//! heavy checks: `ai:5` plays each game against itself on a one-second
//! clock (one second each, nothing added: far harsher than 1+0), each
//! move's real thinking time taken off the mover's clock, and never runs
//! out.
//!
//! The heavy checks play whole games at full strength, so they are ignored
//! by `cargo test`; CI runs them:
//! `cargo test -p kyoku-ai --test clock -- --ignored --nocapture --test-threads=1`.
//! `KYOKU_CLOCK_GAMES=100` plays more games than the default (10 Dōbutsu,
//! 4 Shogun, 2 Shiamgon).

use std::time::{Duration, Instant};

use kyoku_ai::mcts::MctsAgent;
use kyoku_core::{Agent, GameRecord, Position, TimeLeft, derive_seed};

fn clock(remaining: Duration) -> Option<TimeLeft> {
    Some(TimeLeft {
        remaining,
        increment: Duration::ZERO,
    })
}

/// The moves of `plies` plies of `ai:3` against itself, with `time` on
/// every move's clock.
fn dobutsu_line(time: Option<TimeLeft>, plies: usize) -> Vec<String> {
    let mut agents = [0, 1].map(|seat| kyoku_ai::dobutsu::program(3, derive_seed(7, seat, 0)));
    let mut record = GameRecord::new(kyoku_dobutsu::Position::startpos());
    while record.outcome().is_none() && record.moves().len() < plies {
        let agent = &mut agents[record.moves().len() % 2];
        agent.set_time(time);
        let mv = agent.choose(&record).expect("a move");
        record.play(mv).expect("legal");
    }
    record.move_texts()
}

#[test]
fn a_long_clock_plays_exactly_as_no_clock() {
    // Node budgets make a level reproducible; an hour on the clock must not
    // lift them (the level's own time cap is far from reached either way).
    assert_eq!(
        dobutsu_line(clock(Duration::from_secs(3_600)), 12),
        dobutsu_line(None, 12)
    );
}

#[test]
fn a_short_clock_cuts_the_playouts_for_one_move() {
    let l = kyoku_ai::shiamgon::level(1).expect("level 1");
    let mut agent = MctsAgent::new("ai:1", kyoku_ai::shiamgon::searcher(l, 3));
    let start =
        kyoku_shiamgon::Position::start(kyoku_shiamgon::BoardKind::Tri8, 3).expect("a start");
    let record = GameRecord::new(start);
    // Two microseconds left: one to think, far below the level's 100
    // playouts; the search still answers.
    agent.set_time(clock(Duration::from_micros(2)));
    assert!(agent.choose(&record).is_some());
    assert!(agent.search().info().playouts < l.playouts);
    // The clock was for that move only: the next one has the level's budget.
    assert!(agent.choose(&record).is_some());
    assert_eq!(agent.search().info().playouts, l.playouts);
}

/// Plies after which a game is stopped unfinished (repetition and the
/// games' own limits end real games long before; this only bounds the
/// test).
const MAX_PLIES: usize = 5_000;

/// A move this far beyond its share is printed (a stalled machine, or a
/// search that does not look at the clock often enough).
const SLOW: Duration = Duration::from_millis(50);

/// What one game on the clock came to.
struct Played {
    plies: usize,
    /// Each seat's clock at the end.
    left: Vec<Duration>,
    /// The seat that ran out, if one did.
    flagged: Option<usize>,
    /// Each move's time beyond its budget (zero when within).
    over: Vec<Duration>,
    /// The most decisions one seat made.
    most_moves: usize,
    finished: bool,
}

/// Plays one game of `agents` (one per seat) from `start`, `clock` for each
/// seat, each move's real time taken off the mover's clock.
fn play<P: Position>(start: P, mut agents: Vec<Box<dyn Agent<P>>>, clock: TimeLeft) -> Played {
    let mut record = GameRecord::new(start);
    let mut left = vec![clock.remaining; agents.len()];
    let mut moves = vec![0; agents.len()];
    let mut over = Vec::new();
    let mut flagged = None;
    while record.outcome().is_none() && record.moves().len() < MAX_PLIES {
        let Some(seat) = record.to_act().player().map(|p| p.index()) else {
            break;
        };
        let time = TimeLeft {
            remaining: left[seat],
            increment: clock.increment,
        };
        let agent = &mut agents[seat];
        agent.set_time(Some(time));
        let start = Instant::now();
        let mv = agent.choose(&record).expect("a move while the game is on");
        let used = start.elapsed();
        let beyond = used.saturating_sub(kyoku_ai::clock::think_time(time));
        if beyond > SLOW {
            println!(
                "  slow move: ply {}, seat {seat}, {used:?} used, {beyond:?} beyond its share, {:?} left",
                record.moves().len(),
                left[seat]
            );
        }
        over.push(beyond);
        moves[seat] += 1;
        if used >= left[seat] {
            flagged = Some(seat);
            break;
        }
        left[seat] = left[seat] - used + clock.increment;
        record.play(mv).expect("the program's move is legal");
    }
    Played {
        plies: record.moves().len(),
        left,
        flagged,
        over,
        most_moves: moves.into_iter().max().unwrap_or(0),
        finished: record.outcome().is_some(),
    }
}

/// Plays `games` games (`KYOKU_CLOCK_GAMES` overrides it) of `ai:5` on a one-second clock
/// made by `game(n)`, prints what they came to, and fails on any loss on
/// time.
fn one_second_each<P: Position>(
    name: &str,
    games: u64,
    game: impl Fn(u64) -> (P, Vec<Box<dyn Agent<P>>>),
) {
    let games: u64 = std::env::var("KYOKU_CLOCK_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(games);
    let clock = TimeLeft {
        remaining: Duration::from_secs(1),
        increment: Duration::ZERO,
    };
    let mut flags = 0;
    let mut least = clock.remaining;
    let mut over = Vec::new();
    let mut plies = Vec::new();
    let mut most_moves = 0;
    for g in 0..games {
        let (start, agents) = game(g);
        let p = play(start, agents, clock);
        println!(
            "{name} game {g}: {} plies{}, clocks left {:?}{}",
            p.plies,
            if p.finished { "" } else { " (unfinished)" },
            p.left,
            p.flagged
                .map_or(String::new(), |s| format!(", seat {s} OUT OF TIME")),
        );
        flags += usize::from(p.flagged.is_some());
        least = p.left.iter().fold(least, |l, &s| l.min(s));
        over.extend(p.over);
        plies.push(p.plies);
        most_moves = most_moves.max(p.most_moves);
    }
    plies.sort_unstable();
    over.sort_unstable();
    let pct = |q: usize| over.get((over.len() * q / 100).min(over.len().saturating_sub(1)));
    println!(
        "{name}: {games} games of ai:5, one second each: {flags} lost on time; least time left {least:?}; \
         median plies {}; most decisions of one seat {most_moves}; \
         time beyond the budget: median {:?}, p99 {:?}, max {:?}",
        plies[plies.len() / 2],
        pct(50).copied().unwrap_or_default(),
        pct(99).copied().unwrap_or_default(),
        over.last().copied().unwrap_or_default(),
    );
    assert_eq!(flags, 0, "{flags} of {games} {name} games lost on time");
}

#[test]
#[ignore = "plays whole games at level 5; run in release (see the module doc)"]
fn dobutsu_ai5_never_loses_on_time_at_one_second() {
    one_second_each("dobutsu", 10, |g| {
        let agents = (0..2)
            .map(|seat| {
                Box::new(kyoku_ai::dobutsu::program(5, derive_seed(16, seat, g)))
                    as Box<dyn Agent<kyoku_dobutsu::Position>>
            })
            .collect();
        (kyoku_dobutsu::Position::startpos(), agents)
    });
}

#[test]
#[ignore = "plays whole games at level 5; run in release (see the module doc)"]
fn shogun_ai5_never_loses_on_time_at_one_second() {
    one_second_each("shogun", 4, |g| {
        let options = kyoku_shogun::Options {
            rotation: (g % 4) as u8,
            ..kyoku_shogun::Options::default()
        };
        let start = kyoku_shogun::start(&options).expect("the default start");
        let agents = (0..2)
            .map(|seat| {
                Box::new(kyoku_ai::shogun::program(5, derive_seed(16, seat, g)))
                    as Box<dyn Agent<kyoku_shogun::Position>>
            })
            .collect();
        (start, agents)
    });
}

#[test]
#[ignore = "plays whole games at level 5; run in release (see the module doc)"]
fn shiamgon_ai5_never_loses_on_time_at_one_second() {
    one_second_each("shiamgon tri16", 2, |g| {
        let start =
            kyoku_shiamgon::Position::start(kyoku_shiamgon::BoardKind::Tri16, 3).expect("a start");
        let agents = (0..3)
            .map(|seat| {
                kyoku_ai::shiamgon::agent(Some("5"), derive_seed(16, seat, g)).expect("ai:5")
            })
            .collect();
        (start, agents)
    });
}
