//! `kyoku analyze … --lines` for every game (the API's `Analysis` as JSON)
//! and `kyoku review FILE`.

mod common;

/// `kyoku ARGS` with an empty data directory: Dōbutsu is searched, not
/// read from the solved table, whether or not the machine has one.
fn kyoku(args: &[&str]) -> (i32, String, String) {
    let (dir, _) = common::temp_file("none");
    let out = common::command()
        .env("KYOKU_DATA_DIR", dir.path())
        .args(args)
        .output()
        .expect("kyoku runs");
    common::outcome(out)
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = kyoku(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

#[test]
fn analyze_answers_every_game_in_the_apis_shape() {
    for (args, kind) in [
        (
            vec![
                "analyze", "shogun", "--lines", "2", "--depth", "2", "--json",
            ],
            "eval",
        ),
        (
            vec![
                "analyze", "dobutsu", "--moves", "b2b3", "--lines", "2", "--depth", "3", "--json",
            ],
            "eval",
        ),
        (
            vec![
                "analyze", "shiamgon", "--board", "tri8", "--lines", "2", "--depth", "1", "--json",
            ],
            "places",
        ),
    ] {
        let j = json(&args);
        let lines = j["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 2, "{j}");
        assert_eq!(lines[0]["score"]["kind"], kind, "{j}");
        assert!(j["position"].is_string() && j["source"].is_string(), "{j}");
    }
    let (code, out, err) = kyoku(&["analyze", "shogun", "--lines", "3", "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n3. "), "{out}");
    let (code, _, err) = kyoku(&["analyze", "shogun", "--lines", "9"]);
    assert_eq!(code, 2);
    assert!(err.contains("lines must be 1 to 5"), "{err}");
}

#[test]
fn review_prints_each_move_and_each_players_accuracy() {
    let (_dir, file) = common::temp_file("game.txt");
    // Gote leaves its Lion to the Chick (a4a3), and Sente takes it.
    std::fs::write(
        &file,
        "game dobutsu\noptions {}\nmoves b2b3 a4a3 b3b4+\nresult 1 0 lion captured\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let j = json(&["review", path, "--depth", "2", "--json"]);
    let plies = j["plies"].as_array().expect("plies");
    assert_eq!(plies.len(), 3, "{j}");
    assert_eq!(plies[1]["move"], "a4a3");
    assert_eq!(plies[1]["class"], "blunder", "{j}");
    assert_eq!(j["accuracy"].as_array().map(Vec::len), Some(2));
    let (code, out, err) = kyoku(&["review", path, "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("a4a3??"), "{out}");
    assert!(out.contains("accuracy"), "{out}");
    assert!(out.contains(", 1 blunder\n"), "{out}");
    std::fs::write(&file, "game dobutsu\nmoves b2b3 b2b1\n").unwrap();
    let (code, _, err) = kyoku(&["review", path]);
    assert_eq!(code, 2);
    assert!(err.contains("move 2"), "{err}");
}
