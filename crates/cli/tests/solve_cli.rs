//! `kyoku solve dobutsu` and `kyoku analyze dobutsu` end to end on a small
//! game (the Lions, a Giraffe and a Chick: a table of a few hundred thousand
//! positions), and their one-line errors. The full solve is a named check
//! in CI, not a test.

mod common;

use std::path::PathBuf;

/// Runs `kyoku ARGS` with its data in `data_dir`: exit code, stdout, stderr.
fn kyoku(args: &[&str], data_dir: &std::path::Path) -> (i32, String, String) {
    let out = common::command()
        .args(args)
        .env("KYOKU_DATA_DIR", data_dir)
        .output()
        .expect("kyoku runs");
    common::outcome(out)
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kyoku-solve-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn small_game_solve_verify_analyze() {
    let dir = temp_dir("small");
    let table = dir.join("small.kdtb");
    let t = table.to_str().expect("utf-8 path");
    let (code, out, err) = kyoku(&["solve", "dobutsu", "--material", "1,0,1", "-o", t], &dir);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("positions"), "{out}");
    assert!(std::fs::metadata(&table).expect("written").len() > 64);

    // Every entry equals the one-ply search over its children.
    let (code, out, err) = kyoku(
        &["solve", "dobutsu", "--verify", "100000000", "-o", t],
        &dir,
    );
    assert_eq!(code, 0, "{err}");
    let n: u64 = out
        .lines()
        .last()
        .expect("a count")
        .parse()
        .expect("a number");
    assert!(n > 10_000);

    // Sente's Giraffe takes the Gote Lion at once: a win in 1.
    let (code, out, err) = kyoku(
        &[
            "analyze",
            "dobutsu",
            "--table",
            t,
            "--fen",
            "1l1/1G1/3/1L1[C] w - - 0 1",
        ],
        &dir,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: win in 1 for Sente to move"), "{out}");
    let first_move = out.lines().nth(2).expect("moves listed");
    assert!(first_move.starts_with("b3b4"), "{out}");
    assert!(first_move.ends_with("win in 1"), "{out}");

    // JSON form.
    let (code, out, err) = kyoku(
        &[
            "analyze",
            "dobutsu",
            "--table",
            t,
            "--json",
            "--fen",
            "1l1/1G1/3/1L1[C] w - - 0 1",
        ],
        &dir,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with('{') && out.contains("\"value\":\"win\""),
        "{out}"
    );

    // A position with other pieces is not in this table.
    let (code, _, err) = kyoku(&["analyze", "dobutsu", "--table", t], &dir);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_table_says_how_to_build_it() {
    let dir = temp_dir("missing");
    let (code, _, err) = kyoku(&["analyze", "dobutsu"], &dir);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("kyoku solve dobutsu"), "{err}");
    let (code, _, err) = kyoku(&["solve", "dobutsu", "--verify", "10"], &dir);
    assert_eq!(code, 2);
    assert!(err.contains("kyoku solve dobutsu"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_one_line_errors() {
    let dir = temp_dir("bad");
    let (code, _, err) = kyoku(&["solve", "dobutsu", "--convention", "chess"], &dir);
    assert_ne!(code, 0);
    assert!(err.contains("seed or tanaka"), "{err}");
    let (code, _, err) = kyoku(&["analyze", "dobutsu", "--fen", "xyz"], &dir);
    assert_eq!(code, 2);
    assert!(err.contains("bad FEN"), "{err}");
    let junk = dir.join("junk.kdtb");
    std::fs::write(&junk, b"not a table").expect("write");
    let (code, _, err) = kyoku(
        &[
            "analyze",
            "dobutsu",
            "--table",
            junk.to_str().expect("utf-8"),
        ],
        &dir,
    );
    assert_eq!(code, 2);
    assert!(err.contains("not a kyoku"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
