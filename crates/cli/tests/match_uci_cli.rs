//! Outside UCI engines in `kyoku match` seats (`uci:NAME`, `--engine`):
//! kyoku's own engine plays exactly as the program it stands for, and an
//! engine that answers an illegal move, crashes or stays silent loses its
//! games with the reason while the match goes on.

mod common;

use common::kyoku;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (code, out, err) = kyoku(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

/// A minimal UCI engine in sh (a file in a temporary folder): it shakes
/// hands, then does `on_go` whenever it is asked to move.
fn sh_engine(dir: &tempfile::TempDir, name: &str, on_go: &str) -> String {
    let script = format!(
        "while read -r l; do case \"$l\" in uci) echo 'option name UCI_Variant type combo default dobutsu var dobutsu'; echo uciok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done\n"
    );
    let path = dir.path().join(format!("{name}.sh"));
    std::fs::write(&path, script).expect("script written");
    format!("{name}=sh {}", path.display())
}

#[test]
fn uci_self_plays_as_the_program_it_stands_for() {
    let base = ["match", "dobutsu", "--games", "2", "--seed", "5", "--json"];
    let with = |players: &str| {
        let mut args = base.to_vec();
        args.extend(["--players", players]);
        json(&args)
    };
    let inside = with("ai:3,ai:3");
    let outside = with("ai:3,uci:self:3");
    for k in ["wins", "draws", "losses"] {
        for seat in 0..2 {
            assert_eq!(
                inside["players"][seat][k], outside["players"][seat][k],
                "{k}: {inside} vs {outside}"
            );
        }
    }
    assert_eq!(inside["plies"], outside["plies"]);
    assert_eq!(outside["forfeits"], serde_json::json!([]));
}

#[test]
fn failing_engines_lose_their_games_with_the_reason_and_the_match_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        ("bad", "echo 'bestmove a1a4'", "illegal move"),
        ("crash", "exit 3", "crash"),
        ("mute", "true", "did not answer"),
    ];
    for (name, on_go, why) in cases {
        let engine = sh_engine(&dir, name, on_go);
        let seat = format!("ai:1,uci:{name}");
        let j = json(&[
            "match",
            "dobutsu",
            "--players",
            &seat,
            "--engine",
            &engine,
            "--movetime",
            "100",
            "--games",
            "2",
            "--json",
        ]);
        assert_eq!(j["games"], 2, "{j}");
        assert_eq!(j["players"][0]["wins"], 2.0, "{name}: {j}");
        let forfeits = j["forfeits"].as_array().expect("forfeits");
        assert_eq!(forfeits.len(), 2, "{name}: {j}");
        for f in forfeits {
            let reason = f["reason"].as_str().unwrap_or_default();
            assert!(reason.contains(why), "{name}: {reason}");
        }
    }
}

#[test]
fn engines_that_do_not_start_or_do_not_exist_are_one_line_errors() {
    for args in [
        &[
            "match",
            "dobutsu",
            "--players",
            "ai:1,uci:nope",
            "--engine",
            "nope=/no/such/engine",
        ][..],
        &["match", "dobutsu", "--players", "ai:1,uci:fsf"],
        &["match", "shiamgon", "--players", "ai:1,random,uci:self"],
    ] {
        let (code, _, err) = kyoku(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
