//! An outside engine's seat on a game's clock: the move is asked with
//! `go wtime … btime … winc … binc …` from that clock instead of the seat's
//! own limit, and only for the move the clock was given for.

use std::path::PathBuf;
use std::time::Duration;

use kyoku_core::{Agent, GameRecord, TimeLeft};
use kyoku_uci::{EngineSpec, GoLimit, SeatOptions};

/// A minimal Dōbutsu engine in sh that writes each `go` line it gets to
/// `log` and answers b2b3. Unix only, like the engines it stands for.
fn logging_engine(dir: &std::path::Path, log: &std::path::Path) -> EngineSpec {
    let script = format!(
        "while read -r l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo \"$l\" >> '{}'; echo 'bestmove b2b3';; quit) exit 0;; esac; done\n",
        log.display()
    );
    let path = dir.join("engine.sh");
    std::fs::write(&path, script).expect("script written");
    EngineSpec {
        name: "logger".into(),
        program: "sh".into(),
        args: vec![path.display().to_string()],
    }
}

/// A fresh folder for this test's files.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kyoku-seat-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_game_clock_is_sent_as_wtime_and_btime_for_one_move() {
    let dir = scratch();
    let log = dir.join("go.log");
    let spec = logging_engine(&dir, &log);
    let options = SeatOptions {
        limit: GoLimit::MoveTime(1000),
        ..SeatOptions::default()
    };
    let mut seat =
        kyoku_uci::agent::<kyoku_dobutsu::Position>(&spec, options).expect("the engine starts");
    let record = GameRecord::new(kyoku_dobutsu::Position::startpos());
    seat.set_time(Some(TimeLeft {
        remaining: Duration::from_millis(59_500),
        increment: Duration::from_secs(2),
    }));
    assert!(seat.choose(&record).is_some(), "{:?}", seat.failure());
    // No clock for the next move: the seat's own limit again.
    assert!(seat.choose(&record).is_some(), "{:?}", seat.failure());
    drop(seat);
    let lines = std::fs::read_to_string(&log).expect("the engine's log");
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(
        lines,
        [
            "go wtime 59500 btime 59500 winc 2000 binc 2000",
            "go movetime 1000"
        ]
    );
}
