//! `kyoku uci` as a process, driven through kyoku's own UCI client: a whole
//! game per variant, `stop` during `go infinite`, the engine in a seat
//! playing exactly as `ai:3` with the same seed, and outside engines that
//! crash, answer an illegal move, never answer, or never start.

use std::time::{Duration, Instant};

use kyoku_core::{Agent, GameRecord, Position, RandomAgent, ToAct};
use kyoku_uci::client::{Client, EngineSpec, Timeouts};
use kyoku_uci::protocol::{Command, Go, Start};
use kyoku_uci::seat::{GoLimit, SeatFailure, SeatOptions};

fn kyoku_spec(name: &str, args: &str) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        program: env!("CARGO_BIN_EXE_kyoku").into(),
        args: args.split_whitespace().map(String::from).collect(),
    }
}

fn sh_engine(name: &str, on_go: &str) -> EngineSpec {
    // A minimal UCI engine in sh: handshakes, then does `on_go` for `go`.
    let script = format!(
        "while read -r l; do case \"$l\" in uci) echo 'option name UCI_Variant type combo default dobutsu var dobutsu'; echo uciok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"
    );
    EngineSpec {
        name: name.into(),
        program: "sh".into(),
        args: vec!["-c".into(), script],
    }
}

fn play_game<P: Position>(variant: &str, start: P) {
    let mut client = Client::start(&kyoku_spec("self", "uci"), Timeouts::default()).unwrap();
    client.set_variant(variant).unwrap();
    client.new_game().unwrap();
    let mut record = GameRecord::new(start);
    let mut chance = RandomAgent::new(3);
    let mut plies = 0;
    while record.outcome().is_none() && plies < 100 {
        if record.to_act() == ToAct::Chance {
            let m = chance.choose(&record).unwrap();
            record.play(m).unwrap();
            continue;
        }
        let position = Command::Position {
            start: Start::StartPos,
            moves: record.move_texts(),
        };
        let go = Go {
            nodes: Some(2_000),
            ..Go::default()
        };
        let answer = client.go(&position, &go, Duration::from_secs(30)).unwrap();
        let mv = answer.best.expect("a move");
        record.play_text(&mv).unwrap();
        plies += 1;
    }
    assert!(plies > 4);
}

#[test]
fn a_whole_game_of_each_variant() {
    play_game("dobutsu", kyoku_dobutsu::Position::startpos());
    play_game(
        "shogun",
        kyoku_shogun::start(&kyoku_shogun::Options::default()).unwrap(),
    );
    play_game(
        "shogun-random",
        kyoku_shogun::start(&kyoku_shogun::Options {
            variant: kyoku_shogun::Variant::Random,
            ..Default::default()
        })
        .unwrap(),
    );
}

#[test]
fn stop_during_go_infinite() {
    let mut client = Client::start(&kyoku_spec("self", "uci"), Timeouts::default()).unwrap();
    client.new_game().unwrap();
    let position = Command::Position {
        start: Start::StartPos,
        moves: vec![],
    };
    // An infinite search stopped by the client when its wait runs out.
    let go = Go {
        infinite: true,
        ..Go::default()
    };
    let t = Instant::now();
    let err = client.go(&position, &go, Duration::from_millis(300));
    assert!(err.is_err(), "an infinite search answers only after stop");
    // The `stop` the client sent on giving up is answered at once.
    client.ready().unwrap();
    eprintln!("stopped and ready after {:?}", t.elapsed());
}

/// Plays one game between two seats and returns the moves.
fn game(mut seats: [Box<dyn Agent<kyoku_dobutsu::Position>>; 2]) -> Vec<String> {
    let mut record = GameRecord::new(kyoku_dobutsu::Position::startpos());
    while record.outcome().is_none() && record.moves().len() < 60 {
        let p = record.to_act().player().unwrap().index();
        let m = seats[p].choose(&record).expect("a move");
        record.play(m).unwrap();
    }
    record.move_texts()
}

#[test]
fn uci_self_plays_as_ai_3_with_the_same_seed() {
    for (seed_a, seed_b) in [(101, 102), (7, 8)] {
        let reference = game([
            Box::new(kyoku_ai::dobutsu::program(3, seed_a)),
            Box::new(kyoku_ai::dobutsu::program(3, seed_b)),
        ]);
        let options = SeatOptions {
            limit: GoLimit::Nodes(kyoku_ai::dobutsu::level(3).map_or(0, |l| l.nodes)),
            seed: seed_b,
            ..SeatOptions::default()
        };
        let engine = kyoku_uci::agent(&kyoku_spec("self", "uci --skill 3"), options).unwrap();
        let over_uci = game([
            Box::new(kyoku_ai::dobutsu::program(3, seed_a)),
            Box::new(engine),
        ]);
        assert_eq!(over_uci, reference);
    }
}

fn failure_of(spec: EngineSpec, grace_ms: u64) -> SeatFailure {
    let options = SeatOptions {
        limit: GoLimit::MoveTime(100),
        timeouts: Timeouts {
            grace: Duration::from_millis(grace_ms),
            ..Timeouts::default()
        },
        ..SeatOptions::default()
    };
    let mut agent = kyoku_uci::agent::<kyoku_dobutsu::Position>(&spec, options).unwrap();
    let record = GameRecord::new(kyoku_dobutsu::Position::startpos());
    assert_eq!(agent.choose(&record), None);
    // Once lost, always lost: no second question.
    assert_eq!(agent.choose(&record), None);
    agent.take_failure().expect("a failure is recorded")
}

#[test]
fn a_crashing_engine_loses_with_the_reason() {
    let f = failure_of(sh_engine("crash", "exit 3"), 2_000);
    assert!(f.to_string().contains("crashed"), "{f}");
}

#[test]
fn an_illegal_move_loses_with_the_reason() {
    let f = failure_of(sh_engine("bad", "echo 'bestmove a1a4'"), 2_000);
    assert!(matches!(f, SeatFailure::IllegalMove { .. }), "{f}");
    assert!(f.to_string().contains("a1a4"), "{f}");
}

#[test]
fn a_silent_engine_loses_on_time_and_the_next_game_goes_on() {
    let f = failure_of(sh_engine("mute", "true"), 200);
    assert!(f.to_string().contains("did not answer"), "{f}");
    // The next game gets a fresh engine and a result.
    let f = failure_of(sh_engine("bad", "echo 'bestmove a1a4'"), 2_000);
    assert!(matches!(f, SeatFailure::IllegalMove { .. }));
}

#[test]
fn start_up_failures_are_one_line_errors() {
    let missing = EngineSpec::parse("nope=/no/such/engine --x").unwrap();
    let e = kyoku_uci::agent::<kyoku_dobutsu::Position>(&missing, SeatOptions::default())
        .err()
        .expect("cannot start");
    assert!(e.to_string().contains("cannot start"), "{e}");
    let mute = EngineSpec {
        name: "mute".into(),
        program: "sh".into(),
        args: vec!["-c".into(), "sleep 5".into()],
    };
    let options = SeatOptions {
        timeouts: Timeouts {
            start: Duration::from_millis(300),
            ..Timeouts::default()
        },
        ..SeatOptions::default()
    };
    let e = kyoku_uci::agent::<kyoku_dobutsu::Position>(&mute, options)
        .err()
        .expect("no uciok");
    assert!(e.to_string().contains("did not answer uci"), "{e}");
    assert!(!e.to_string().contains('\n'));
}

/// The named heavy check for the clock: `kyoku uci` on both sides of a
/// Dōbutsu game at 1+0 (one minute each, no increment), the clocks kept by
/// kyoku's seat from the time each answer took; neither may lose on time.
/// The two games run side by side: one engine of each thinks at a time, so
/// two cores serve both, and the check takes one game's time.
/// Run: `cargo test -p kyoku-cli --test uci_cli -- --ignored one_minute`.
#[test]
#[ignore = "plays up to two minutes"]
fn one_minute_games_are_never_lost_on_time() {
    std::thread::scope(|s| {
        for seed in [1, 2] {
            s.spawn(move || one_minute_game(seed));
        }
    });
}

/// One game of [`one_minute_games_are_never_lost_on_time`]; panics when a
/// seat fails (a loss on time among them).
fn one_minute_game(seed: u64) {
    let options = |seed| SeatOptions {
        limit: GoLimit::Clock {
            initial: 60_000,
            increment: 0,
        },
        seed,
        timeouts: Timeouts {
            grace: Duration::ZERO,
            ..Timeouts::default()
        },
        ..SeatOptions::default()
    };
    let spec = kyoku_spec("self", "uci");
    let mut seats = [
        kyoku_uci::agent::<kyoku_dobutsu::Position>(&spec, options(seed)).unwrap(),
        kyoku_uci::agent::<kyoku_dobutsu::Position>(&spec, options(seed + 100)).unwrap(),
    ];
    let mut record = GameRecord::new(kyoku_dobutsu::Position::startpos());
    while record.outcome().is_none() && record.moves().len() < 300 {
        let p = record.to_act().player().unwrap().index();
        match seats[p].choose(&record) {
            Some(m) => record.play(m).unwrap(),
            None => panic!("seed {seed}, seat {p}: {:?}", seats[p].take_failure()),
        }
    }
    eprintln!(
        "seed {seed}: {} plies, clocks left {:?} ms",
        record.moves().len(),
        seats.iter().map(|s| s.clock_left()).collect::<Vec<_>>()
    );
}
