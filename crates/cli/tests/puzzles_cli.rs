//! `kyoku puzzles`: import, export and check move puzzles in and out of a
//! store; `make` says what it needs; a puzzle that does not hold is named
//! and fails the check.

mod common;

use common::kyoku;

/// A JSON line of a hand-made Dōbutsu "puzzle": a legal line from the
/// initial position, but no real puzzle (its id is not its position's).
fn line(id: &str) -> String {
    format!(
        r#"{{"id":"{id}","game":"dobutsu","options":{{}},"position":"","goal":"win","solution":["b2b3","c4b3","a1b2"],"themes":["t"],"rating":1500.0}}"#
    )
}

#[test]
fn puzzles_go_in_and_out_as_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kyoku.db");
    let db = db.to_str().unwrap();
    let file = dir.path().join("in.jsonl");
    std::fs::write(&file, format!("{}\n{}\n", line("aa"), line("bb"))).unwrap();
    let file = file.to_str().unwrap();

    let (code, out, err) = kyoku(&["puzzles", "import", file, "--db", db]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 of 2 puzzles were new"), "{out}");
    let (_, out, _) = kyoku(&["puzzles", "import", file, "--db", db]);
    assert!(out.contains("0 of 2 puzzles were new"), "{out}");

    let (code, out, err) = kyoku(&["puzzles", "export", "dobutsu", "--db", db]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], "aa");
    assert_eq!(lines[1]["solution"][2], "a1b2");
    let (_, out, _) = kyoku(&["puzzles", "export", "shogun", "--db", db]);
    assert!(out.is_empty());
}

/// A JSON line of a hand-made Shogun "puzzle": one legal move from the
/// start, but no real puzzle. Shogun's proof needs no table, so the check
/// runs to its verdict wherever the test runs.
fn shogun_line(id: &str) -> String {
    format!(
        r#"{{"id":"{id}","game":"shogun","options":{{}},"position":"","goal":"win","solution":["a1a2"],"themes":["t"],"rating":1500.0}}"#
    )
}

#[test]
fn a_puzzle_that_does_not_hold_fails_the_check_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.jsonl");
    std::fs::write(&file, format!("{}\n", shogun_line("cafe01"))).unwrap();
    let (code, _, err) = kyoku(&["puzzles", "check", "--file", file.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("puzzle cafe01:"), "{err}");
    assert!(err.contains("1 of 1 puzzles"), "{err}");

    std::fs::write(&file, "not json\n").unwrap();
    let (code, _, err) = kyoku(&["puzzles", "check", "--file", file.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("line 1 is not a puzzle"), "{err}");
}

#[test]
fn dobutsu_puzzles_without_the_table_say_how_to_make_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kyoku.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kyoku"))
        .env("KYOKU_DATA_DIR", dir.path())
        .args(["puzzles", "make", "dobutsu", "--count", "5", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("kyoku solve dobutsu"), "{err}");
}
