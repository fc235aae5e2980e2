//! `kyoku match` and `kyoku analyze` (search): output shape, seat rotation,
//! reproducibility, bad input.

mod common;

use common::kyoku;

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = kyoku(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

#[test]
fn two_player_json_has_one_entry_per_spec_and_adds_up() {
    let args = [
        "match",
        "dobutsu",
        "--players",
        "ai:2,random",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
    ];
    let j = json(&args);
    assert_eq!(j["games"], 6);
    let players = j["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["spec"], "ai:2");
    assert_eq!(players[1]["spec"], "random");
    for p in players {
        let total = p["wins"].as_f64().unwrap()
            + p["draws"].as_f64().unwrap()
            + p["losses"].as_f64().unwrap();
        assert_eq!(total, 6.0);
    }
    assert_eq!(players[0]["wins"].as_f64(), players[1]["losses"].as_f64());
    assert!(j["elo"].get("difference").is_some());
    // Every move after the start was a program's, and each was timed.
    let moves: u64 = players.iter().map(|p| p["moves"].as_u64().unwrap()).sum();
    assert_eq!(
        moves as f64,
        j["plies"]["mean"].as_f64().unwrap() * 6.0,
        "{j}"
    );
    for p in players {
        let ms = &p["ms_per_move"];
        assert!(ms["mean"].as_f64().unwrap() >= 0.0, "{j}");
        assert!(ms["median"].as_f64().unwrap() >= 0.0, "{j}");
    }
    // The same seed replays the same match, with one thread or two (the
    // times aside).
    let untimed = |mut j: serde_json::Value| {
        for p in j["players"].as_array_mut().unwrap() {
            p.as_object_mut().unwrap().remove("ms_per_move");
        }
        j
    };
    let mut threaded = args.to_vec();
    threaded.extend(["--threads", "2"]);
    assert_eq!(untimed(json(&threaded)), untimed(j));
}

#[test]
fn shogun_random_variant_and_shiamgon_three_seats() {
    let j = json(&[
        "match",
        "shogun",
        "--variant",
        "random",
        "--players",
        "ai:1,random",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(j["games"], 2);
    let j = json(&[
        "match",
        "shiamgon",
        "--board",
        "disc5",
        "--players",
        "random,random,random",
        "--games",
        "3",
        "--max-plies",
        "60",
        "--json",
    ]);
    let players = j["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    let ranks: f64 = players
        .iter()
        .map(|p| p["mean_rank"].as_f64().unwrap())
        .sum();
    assert!((3.0..=6.0).contains(&ranks), "{ranks}");
    let wins: f64 = players.iter().map(|p| p["wins"].as_f64().unwrap()).sum();
    let draws = players[0]["draws"].as_f64().unwrap();
    assert!((wins + draws - 3.0).abs() < 1e-9, "{j}");
}

#[test]
fn text_report_names_the_players_and_elo() {
    let (code, out, _) = kyoku(&["match", "dobutsu", "--players", "ai:1,ai:1", "--games", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("ai:1"), "{out}");
    assert!(out.contains("Elo"), "{out}");
    assert!(out.contains("ms a move"), "{out}");
}

#[test]
fn bad_input_is_one_line() {
    for args in [
        &["match", "chess", "--players", "random,random"][..],
        &["match", "dobutsu", "--players", "random"],
        &["match", "dobutsu", "--players", "ai:9,random"],
        &["match", "dobutsu", "--players", "human,random"],
        &["match", "dobutsu", "--players", "oracle,random"],
        &[
            "match",
            "dobutsu",
            "--players",
            "random,random",
            "--board",
            "disc5",
        ],
        &[
            "match",
            "shiamgon",
            "--players",
            "random,random,random",
            "--board",
            "hex",
        ],
    ] {
        let (code, _, err) = kyoku(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn analyze_finds_the_win_and_reports_the_search() {
    let (code, out, err) = kyoku(&[
        "analyze",
        "dobutsu",
        "--fen",
        "l2/G2/3/1L1[] w - - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("best move: a3a4"), "{out}");
    assert!(out.contains("win in 1"), "{out}");
    let j = json(&["analyze", "shogun", "--depth", "3", "--json"]);
    assert!(j["best"].is_string());
    assert!(j["nodes"].as_u64().unwrap() > 0);
    assert!(!j["pv"].as_array().unwrap().is_empty());
}

#[test]
fn openings_start_every_game_and_each_line_is_played_from_both_seats() {
    let (_dir, file) = common::temp_file("openings.txt");
    // After the first line Sente's Chick takes the Lion at once (b3b4+);
    // after the second, Gote's Chick takes Sente's Lion (b2b1+).
    std::fs::write(
        &file,
        "# two lines\nb2b3 a4a3  # Gote leaves its Lion hanging\n\nc1c2,b3b2,c2c3\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let j = json(&[
        "match",
        "dobutsu",
        "--players",
        "ai:3,ai:4",
        "--games",
        "4",
        "--openings",
        path,
        "--json",
    ]);
    assert_eq!(j["openings"], path);
    // Each line's moves, then the capture: 3 and 4 plies, two games each.
    assert_eq!(j["plies"]["min"], 3, "{j}");
    assert_eq!(j["plies"]["max"], 4, "{j}");
    assert_eq!(j["plies"]["mean"], 3.5, "{j}");
    // Each line from both seats: each program won once per line.
    for p in j["players"].as_array().unwrap() {
        assert_eq!(p["wins"], 2.0, "{j}");
    }
    // The openings' moves are not the programs': one capture a game.
    let moves: u64 = j["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["moves"].as_u64().unwrap())
        .sum();
    assert_eq!(moves, 4, "{j}");
}

#[test]
fn a_bad_openings_file_is_refused_before_any_game() {
    let (_dir, file) = common::temp_file("bad.txt");
    let path = file.to_str().unwrap();
    for (text, want) in [
        (
            "b2b3\nb2b3 zz9\n",
            "opening on line 2: move 2 (\"zz9\") cannot be played",
        ),
        ("# nothing\n\n", "has no opening"),
        ("b2b3 a4a3 b3b4\n", "opening on line 1 ends the game"),
    ] {
        std::fs::write(&file, text).unwrap();
        let (code, out, err) = kyoku(&[
            "match",
            "dobutsu",
            "--players",
            "random,random",
            "--openings",
            path,
        ]);
        assert_eq!(code, 2, "{text}: {out}");
        assert!(err.contains(want), "{text}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    }
    let (code, _, err) = kyoku(&[
        "match",
        "dobutsu",
        "--players",
        "random,random",
        "--openings",
        "/no/such/file",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the openings file"), "{err}");
}
