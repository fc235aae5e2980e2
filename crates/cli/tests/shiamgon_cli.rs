//! The `kyoku` binary on Shiamgon: moves, perft, self-play, render, bad input.

mod common;

use common::{kyoku, words};

#[test]
fn moves_start_and_push() {
    let (code, out, _) = kyoku(&["moves", "shiamgon", "--board", "disc5", "--players", "3"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "to-act 1");
    assert_eq!(lines.len(), 33);
    // Player 1 places the apex next to player 2's 1.0: player 2 answers.
    let pos = "shiamgon tri8 3 turn 1 placements 0 stones 1.2/1.0/2.0,2.1,2.3 prisoners 0,0,0/0,0,0/0,0,0";
    let (code, out, _) = kyoku(&["moves", "shiamgon", "--position", pos, "--moves", "0.0"]);
    assert_eq!(code, 0);
    assert_eq!(out, "to-act 2 push\n2.2\n");
}

#[test]
fn moves_when_over() {
    let pos = "shiamgon tri8 3 turn 1 placements 3 stones -/-/- prisoners 0,2,0/1,0,0/0,0,0";
    let (code, out, _) = kyoku(&["moves", "shiamgon", "--position", pos]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "over\nplayer 1 score 1 rank 1\nplayer 2 score -1 rank 3\nplayer 3 score 0 rank 2\n"
    );
}

#[test]
fn perft_counts() {
    let (code, out, _) = kyoku(&words("perft shiamgon --board disc5 --players 3 3"));
    assert_eq!(code, 0);
    assert_eq!(out, "21972\n");
    let (code, out, _) = kyoku(&words("perft shiamgon --board tri8 --players 3 2 --divide"));
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("319"));
}

#[test]
fn selfplay_json_lines() {
    let args = words("selfplay shiamgon --board disc5 --players 4 --games 3 --seed 9 --json");
    let (code, out, _) = kyoku(&args);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    for l in lines {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["start_stones"], 24);
        let players = v["players"].as_array().unwrap();
        assert_eq!(players.len(), 4);
        let placed: u64 = players
            .iter()
            .map(|p| p["placements"].as_u64().unwrap())
            .sum();
        let on_board: u64 = players
            .iter()
            .map(|p| p["on_board"].as_u64().unwrap())
            .sum();
        let prisoners: u64 = players
            .iter()
            .map(|p| p["prisoners_taken"].as_u64().unwrap())
            .sum();
        assert_eq!(24 + placed, on_board + prisoners);
    }
    // The same seed gives the same games.
    let (_, again, _) = kyoku(&args);
    assert_eq!(out, again);
}

#[test]
fn render_writes_svg() {
    let path = std::env::temp_dir().join(format!("kyoku-shiamgon-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let (code, _, err) = kyoku(
        &[
            words("render shiamgon --board disc10 --players 3 --highlight -o"),
            vec![p],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("data-field=").count(), 229);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for args in [
        words("moves shiamgon --board disc7 --players 3"),
        words("moves shiamgon --board tri8 --players 4"),
        words("moves shiamgon --board tri8 --players three"),
        words("moves shiamgon --board tri8 --players 3 --moves 9.9"),
        words("moves shiamgon --board tri8 --players 3 --moves pass"),
        words("moves shiamgon --board tri8 --players 3 --moves 7.7"),
        vec!["moves", "shiamgon", "--position", "shiamgon tri8"],
        words("selfplay shiamgon --board disc5 --players 3 --games x"),
        words("perft shiamgon --players 3 2"),
        words("perft shiamgon --board tri8 --players 3 deep"),
    ] {
        let (code, out, err) = kyoku(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}
