//! The terminal as a new user finds it: `kyoku replay` tells how the game
//! ended, the boards mark the last move, Shogun's moves name their piece in
//! words, and `kyoku analyze dobutsu --moves …` prints the right move
//! number.

mod common;

use common::{kyoku, kyoku_typing};

/// A record file holding `text`, in a directory of its own.
fn record_file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("record written");
    let path = path.to_str().expect("utf-8 path").to_string();
    (dir, path)
}

#[test]
fn replay_tells_a_result_the_moves_do_not_show() {
    // Gote resigned after two moves: nothing on the board says so.
    let (_dir, f) = record_file(
        "resigned.rec",
        "game dobutsu\noptions {}\nplayers human,human\nmoves b2b3 a4a3\nresult 0 1 resigned\n",
    );
    let (code, out, err) = kyoku(&["replay", &f, "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.trim_end()
            .ends_with("Game over (resigned): player 2 (Gote) wins."),
        "{out}"
    );
    // Stepping and leaving early still says how it ended.
    let (code, out, err) = kyoku_typing(&["replay", &f], "\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.trim_end()
            .ends_with("Game over at move 2 (resigned): player 2 (Gote) wins."),
        "{out}"
    );
}

#[test]
fn replay_tells_the_end_the_moves_reach_or_that_there_was_none() {
    let (_dir, f) = record_file(
        "won.rec",
        "game dobutsu\noptions {}\nmoves b2b3 a4a3 b3b4+\n",
    );
    let (_, out, _) = kyoku_typing(&["replay", &f], "q\n");
    assert!(
        out.trim_end()
            .ends_with("Game over at move 3 (lion captured): player 1 (Sente) wins."),
        "{out}"
    );
    let (_dir, f) = record_file("open.rec", "game dobutsu\noptions {}\nmoves b2b3\n");
    let (_, out, _) = kyoku(&["replay", &f, "--all"]);
    assert!(
        out.trim_end()
            .ends_with("The game was left unfinished after 1 move."),
        "{out}"
    );
    // Shiamgon's result is a ranking with the scores.
    let (_dir, f) = record_file(
        "ranked.rec",
        "game shiamgon\noptions {\"board\":\"tri8\",\"players\":3}\nmoves 4.3\nresult 7 9 9 resigned\n",
    );
    let (code, out, err) = kyoku(&["replay", &f, "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "Game over (resigned). Ranking: 1. player 2 (blue) 9, 1. player 3 (green) 9, 3. player 1 (red) 7"
        ),
        "{out}"
    );
}

#[test]
fn dobutsu_board_marks_the_squares_of_the_last_move() {
    let (code, out, err) = kyoku_typing(&["play", "dobutsu", "--players", "human,human"], "b2b3\n");
    assert_eq!(code, 0, "{err}");
    let after = &out[out.find("moves the Chick b2b3").expect("the move")..];
    assert!(after.contains("  3 |   |[C]|   |\n"), "{after}");
    assert!(after.contains("  2 |   |[ ]|   |\n"), "{after}");
    assert!(after.contains("  [ ] the last move's squares"), "{after}");
    // Before any move nothing is marked.
    let before = &out[..out.find("moves the Chick").expect("the move")];
    assert!(!before.contains('['), "{before}");
    // A drop marks only the square it lands on.
    let (_, out, _) = kyoku_typing(
        &["play", "dobutsu", "--players", "human,human"],
        "b2b3\na4a3\nC@c2\n",
    );
    let after = &out[out.find("drops a Chick on c2").expect("the drop")..];
    assert!(after.contains("  2 |   |   |[C]|\n"), "{after}");
    let board = &after[..after.find("the last move's squares").expect("the legend")];
    assert_eq!(board.matches('[').count(), 2, "{board}"); // the cell and the legend
}

#[test]
fn shogun_board_marks_the_last_move_and_says_which_piece_moved() {
    let (code, out, err) = kyoku_typing(
        &["play", "shogun", "--players", "human,random", "--seed", "1"],
        "c1c4\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("player 1 (White) moves soldier C from c1 to c4"));
    let after = &out[out.find("moves soldier C").expect("the move")..];
    assert!(after.contains("  4 | .  | .  |[C3]| .  |"), "{after}");
    assert!(after.contains("  1 | A1 | B1 |[  ]| D2 |"), "{after}");
    assert!(after.contains("  [  ] the last move's squares"), "{after}");
    // The program's reply names its piece in words, not a bare letter that
    // reads like a file ("moves b g8e6").
    let reply = out
        .lines()
        .find(|l| l.starts_with("player 2 (Red) moves "))
        .expect("the program's reply");
    assert!(
        reply.starts_with("player 2 (Red) moves soldier ") || reply.contains("the Shogun"),
        "{reply}"
    );
    assert!(
        reply.contains(" from ") && reply.contains(" to "),
        "{reply}"
    );
}

#[test]
fn shiamgon_board_marks_the_placed_field() {
    let (code, out, err) = kyoku_typing(
        &[
            "play",
            "shiamgon",
            "--board",
            "tri8",
            "--players",
            "human,human,human",
        ],
        "4.3\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  row  4        ^ v ^ v ^ v ^ v ^         4.0–4.8"));
    // The same width: the brackets take the spaces around the stone.
    assert!(
        out.contains("  row  4        ^ v ^[1]^ v ^ v ^         4.0–4.8"),
        "{out}"
    );
    assert!(
        out.contains("placements 1 of 256; [ ]: the last move, 4.3"),
        "{out}"
    );
    // On a disc: the index, then the stone in brackets.
    let (_, out, _) = kyoku_typing(
        &[
            "play",
            "shiamgon",
            "--board",
            "disc5",
            "--players",
            "human,human,human",
        ],
        "3.0\n",
    );
    assert!(out.contains("  ring  3 |  0[1] 1:.  2:."), "{out}");
}

#[test]
fn analyze_dobutsu_prints_the_move_number_of_the_position() {
    let (code, out, err) = kyoku(&["analyze", "dobutsu", "--moves", "b2b3,a4a3", "--level", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("position: 1le/gC1/3/ELG[C] w - - 0 2\n"),
        "{out}"
    );
    let (code, out, err) = kyoku(&[
        "analyze", "dobutsu", "--moves", "b2b3", "--depth", "1", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\"position\":\"gle/1C1/3/ELG[C] b - - 0 1\""),
        "{out}"
    );
    // A FEN's own move number is carried on.
    let (code, out, err) = kyoku(&[
        "analyze",
        "dobutsu",
        "--fen",
        "gle/1c1/1C1/ELG[] b - - 0 5",
        "--moves",
        "b3b2",
        "--level",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("position: "), "{out}");
    assert!(
        out.lines()
            .next()
            .is_some_and(|l| l.ends_with(" w - - 0 6")),
        "{out}"
    );
}
