//! The `kyoku` binary on Dōbutsu: perft output shape, moves, and bad input.

mod common;

use common::kyoku;

#[test]
fn perft_last_line_is_the_total() {
    let (code, out, _) = kyoku(&["perft", "dobutsu", "5"]);
    assert_eq!(code, 0);
    assert_eq!(out, "3188\n");
    let (code, out, _) = kyoku(&["perft", "dobutsu", "3", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"82"));
    assert_eq!(lines.len(), 5);
    let sum: u64 = lines[..4]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 82);
    let mut roots: Vec<&str> = lines[..4]
        .iter()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    roots.sort();
    assert_eq!(roots, ["b1a2", "b1c2", "b2b3", "c1c2"]);
}

#[test]
fn perft_after_moves_and_from_fen() {
    let (code, out, _) = kyoku(&["perft", "dobutsu", "1", "--moves", "b2b3,c4b3"]);
    assert_eq!(code, 0, "{out}");
    let (_, moves, _) = kyoku(&["moves", "dobutsu", "--moves", "b2b3,c4b3"]);
    assert_eq!(out.trim(), moves.lines().count().to_string());
    assert!(moves.lines().any(|l| l == "C@a2"));
    let (code, out, _) = kyoku(&["perft", "dobutsu", "2", "--fen", "3/L2/2l/3 w - - 0 1"]);
    assert_eq!((code, out.as_str()), (0, "2\n"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["perft", "dobutsu", "2", "--fen", "gle/1c1/1C1[] w"][..],
        &["perft", "dobutsu", "2", "--moves", "b2b4"],
        &["moves", "dobutsu", "--moves", "b2b3,zz"],
        &["moves", "dobutsu", "--fen", "gle/1c1/1C1/EG1[] w"],
    ] {
        let (code, out, err) = kyoku(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let (_, _, err) = kyoku(&["moves", "dobutsu", "--moves", "b2b3,b3b4"]);
    assert!(err.contains("move 2"), "{err}");
}

/// The tuner refuses options that would be ignored: the network's passes
/// without `--net`, the linear fit's with it.
#[test]
fn tune_refuses_options_it_would_ignore() {
    for args in [
        &["tune", "dobutsu", "--net-epochs", "5"][..],
        &["tune", "dobutsu", "--net", "x", "--epochs", "5"],
        &["tune", "dobutsu", "--net", "x", "--refit-scale", "5"],
    ] {
        let (code, out, err) = kyoku(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        // clap names the missing or conflicting `--net <DIR>`.
        assert!(err.contains("--net <DIR>"), "{args:?}: {err}");
    }
}
