//! The `kyoku` binary on Shogun: perft output shape, options, moves, show,
//! and bad input.

mod common;

use common::kyoku;

#[test]
fn perft_from_the_start() {
    let (code, out, _) = kyoku(&["perft", "shogun", "3"]);
    assert_eq!((code, out.as_str()), (0, "12312\n"));
    let (code, out, _) = kyoku(&["perft", "shogun", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22);
    assert_eq!(lines.last(), Some(&"545"));
    let sum: u64 = lines[..21]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 545);
    assert!(lines.contains(&"c1c4: 26"), "{out}");
}

#[test]
fn options_fen_and_moves() {
    // Rotation changes the numbers, so the count.
    for (r, n) in [("1", "9081\n"), ("2", "11459\n"), ("3", "20232\n")] {
        let (code, out, _) = kyoku(&["perft", "shogun", "3", "--rotation", r]);
        assert_eq!((code, out.as_str()), (0, n), "rotation {r}");
    }
    // Set-up orders: the mirror order is a different start.
    let (code, out, _) = kyoku(&["show", "shogun", "--setup", "GFEDCBA/ABCDEFG"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("gfesdcba/8/8/8/8/8/8/GFEDSCBA w 0 - 0 1"),
        "{out}"
    );
    // The position text and the same position through moves agree.
    let (_, shown, _) = kyoku(&["show", "shogun", "--moves", "c1c4,e8e7"]);
    let text = shown.lines().last().unwrap().to_string();
    assert_eq!(text, "gfes1cba/4d3/8/8/2C5/8/8/AB1DSEFG w 0 - 2 2");
    let (_, a, _) = kyoku(&["moves", "shogun", "--fen", &text]);
    let (_, b, _) = kyoku(&["moves", "shogun", "--moves", "c1c4,e8xe7"]);
    assert_eq!(a, b);
    let (_, n, _) = kyoku(&["perft", "shogun", "1", "--fen", &text]);
    assert_eq!(n.trim(), a.lines().count().to_string());
    // Random variant: chance sets the starting numbers first.
    let (code, out, _) = kyoku(&["moves", "shogun", "--variant", "random"]);
    assert_eq!((code, out.as_str()), (0, "a1=1\na1=2\na1=3\na1=4\n"));
    let (_, out, _) = kyoku(&["perft", "shogun", "2", "--variant", "random"]);
    assert_eq!(out, "16\n");
}

#[test]
fn show_marks_numbers_turn_and_threat() {
    let (code, out, _) = kyoku(&["show", "shogun"]);
    assert_eq!(code, 0);
    assert!(out.contains("1  A1 B1 C3 D2 S1 E2 F3 G3"), "{out}");
    assert!(out.contains("White to move"));
    let (code, out, _) = kyoku(&[
        "show",
        "shogun",
        "--fen",
        "b6s/8/8/8/4a1C1/2B5/8/4S3 w 0 113221 0 1",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("White's Shogun is threatened"), "{out}");
    assert!(out.contains("4  .  .  .  .  a3 .  C2"), "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["perft", "shogun", "2", "--rotation", "4"][..],
        &["perft", "shogun", "2", "--variant", "magic"],
        &["perft", "shogun", "2", "--setup", "ABCDEF"],
        &["perft", "shogun", "2", "--moves", "c1c5"],
        &["moves", "shogun", "--moves", "c1c4,zz"],
        &["moves", "shogun", "--fen", "gfesdcba/8/8 w 0 - 0 1"],
        &["show", "shogun", "--fen", "x", "--rotation", "1"],
        &["show", "shogun", "--fen", "8/8/8/8/8/8/8/8 w 0 - 0 1"],
    ] {
        let (code, out, err) = kyoku(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("kyoku: "), "{err}");
    }
}
