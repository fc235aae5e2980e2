//! `kyoku match --record FILE`: one JSON object a line per game, which
//! replays to the game's end and adds up to the match's totals.

mod common;

use common::{kyoku, kyoku_match};

#[test]
fn record_has_one_line_per_game_that_replays() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "c1c2 b3b2\nb2b3 c4b3 # a comment\n").expect("written");
    let record = dir.path().join("games.jsonl");
    let o = openings.to_str().expect("a UTF-8 path");
    let r = record.to_str().expect("a UTF-8 path");
    let extra = [
        "--games",
        "4",
        "--seed",
        "5",
        "--json",
        "--openings",
        o,
        "--record",
        r,
    ];
    let (code, out, err) = kyoku_match("dobutsu", "ai:1,random", &extra);
    assert_eq!(code, 0, "{err}");
    let summary: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    let text = std::fs::read_to_string(&record).expect("the record is written");
    let games: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(games.len(), 4);
    let mut first_points = 0.0;
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], i + 1);
        // Colours alternate; each opening is played from both seats.
        let seats = g["seats"].as_array().expect("seats");
        let first = if i % 2 == 0 { 0 } else { 1 };
        assert_eq!(seats[first], "ai:1");
        assert_eq!(g["opening_line"], 1 + i / 2);
        let moves: Vec<&str> = g["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("a move"))
            .collect();
        let opening: Vec<&str> = g["opening"]
            .as_array()
            .expect("opening")
            .iter()
            .map(|m| m.as_str().expect("a move"))
            .collect();
        assert_eq!(&moves[..opening.len()], &opening[..]);
        assert!(moves.len() > opening.len(), "the programs played");
        // Each seat's moves after the opening, timed: they add up.
        let think = g["think"].as_array().expect("think");
        let timed: u64 = think.iter().map(|t| t["moves"].as_u64().unwrap()).sum();
        assert_eq!(timed as usize, moves.len() - opening.len(), "{g}");
        assert!(think.iter().all(|t| t["ms"].as_f64().unwrap() >= 0.0));
        assert!(!g["reason"].as_str().expect("why").is_empty());
        let result = g["result"].as_array().expect("result");
        first_points += result[first].as_f64().expect("a number");
        // Every recorded move but the last is legal where it stands (the
        // last may end the game, after which nothing is listed).
        let start = g["start"].as_str().expect("the start position");
        let all_but_last = moves[..moves.len() - 1].join(",");
        let (code, _, err) = kyoku(&["moves", "dobutsu", "--fen", start, "--moves", &all_but_last]);
        assert_eq!(code, 0, "game {}: {err}", i + 1);
    }
    let p = &summary["players"][0];
    let expected = p["wins"].as_f64().expect("wins") + 0.5 * p["draws"].as_f64().expect("draws");
    assert_eq!(first_points, expected);
}

#[test]
fn record_to_an_unwritable_place_is_an_error() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let record = dir.path().join("no-such-dir").join("games.jsonl");
    let (code, _, err) = kyoku_match(
        "dobutsu",
        "ai:1,random",
        &[
            "--games",
            "1",
            "--record",
            record.to_str().expect("a UTF-8 path"),
        ],
    );
    assert_ne!(code, 0);
    assert!(err.contains("cannot write the record file"), "{err}");
}

#[test]
fn a_record_that_fails_mid_match_ends_the_match_with_an_error() {
    // /dev/full opens, and every write to it fails (no space left).
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    let (code, out, err) = kyoku_match(
        "dobutsu",
        "ai:1,random",
        &["--games", "2", "--record", "/dev/full"],
    );
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("cannot write game 1 to the record file"),
        "{err}"
    );
    assert!(err.contains("2 of 2 games could not be written"), "{err}");
    // The totals are still reported.
    assert!(out.contains("ai:1"), "{out}");
}
