//! Clocks and game actions in the terminal: `kyoku play --clock`, `resign`
//! and `draw` at the prompt, timed records saved and loaded, and `kyoku
//! match --clock` with its losses on time.

mod common;
use common::{kyoku, kyoku_match, kyoku_typing, play, temp_file};

#[test]
fn play_on_a_clock_shows_the_times_and_resign_ends_the_game() {
    let (_rec_dir, rec) = temp_file("resigned.txt");
    let (code, out, err) = play(
        "dobutsu",
        "human,human",
        &["--clock", "3+2", "--record", rec.to_str().unwrap()],
        "b2b3\nresign\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Clock: 3+2."), "{out}");
    assert!(
        out.contains("Clock: > player 1 (Sente) 3:00  player 2 (Gote) 3:00"),
        "{out}"
    );
    assert!(out.contains("player 2 (Gote) resigns."), "{out}");
    assert!(out.contains("resigned"), "{out}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("time 3+2\n"), "{text}");
    assert!(text.contains("result 1 0 resigned\n"), "{text}");
    assert!(text.contains("\nclocks "), "{text}");
}

#[test]
fn a_resigned_game_loaded_again_is_over() {
    let (_rec_dir, rec) = temp_file("resigned-load.txt");
    let (code, _, err) = play(
        "dobutsu",
        "human,human",
        &["--record", rec.to_str().unwrap()],
        "b2b3\nresign\n",
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = kyoku_typing(&["play", "--load", rec.to_str().unwrap()], "a4a3\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("resigned"), "{out}");
    assert!(!out.contains("to move>"), "no move is asked for: {out}");
}

#[test]
fn a_draw_is_offered_and_accepted_between_people_only() {
    let (code, out, err) = play("dobutsu", "human,human", &[], "draw\nb2b3\ndraw\ndraw\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("player 1 (Sente) offers a draw"), "{out}");
    // Seat 1's own move keeps its offer; seat 2 offering too accepts it.
    assert!(out.contains("Draw agreed."), "{out}");
    assert!(out.contains("agreed"), "{out}");
    let (_, out, _) = play("dobutsu", "human,ai:1", &[], "draw\nquit\n");
    assert!(out.contains("draw offers are between two people"), "{out}");
}

#[test]
fn bad_clocks_name_the_accepted_forms() {
    for bad in ["3", "0+0", "fast", "15d"] {
        let (code, _, err) = kyoku(&["play", "dobutsu", "--clock", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("M+S"), "{err}");
    }
}

#[test]
fn a_timed_game_saved_and_loaded_keeps_its_clocks() {
    let (_saved_dir, saved) = temp_file("timed.txt");
    let save = format!("save {}\nquit\n", saved.display());
    let (code, _, err) = play(
        "dobutsu",
        "human,human",
        &["--clock", "5+0"],
        &format!("b2b3\n{save}"),
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = kyoku_typing(&["play", "--load", saved.to_str().unwrap()], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Clock: 5+0."), "{out}");
    assert!(out.contains("> player 2 (Gote) 5:00"), "{out}");
    let (code, _, err) = kyoku_typing(
        &["play", "--load", saved.to_str().unwrap(), "--clock", "3+2"],
        "quit\n",
    );
    assert_ne!(code, 0);
    assert!(err.contains("was played at 5+0"), "{err}");
}

#[test]
fn a_match_on_a_clock_reports_its_losses_on_time() {
    let (code, out, err) = kyoku_match(
        "dobutsu",
        "ai:1,random",
        &["--games", "2", "--clock", "1+0", "--json"],
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(v["clock"], "1+0");
    assert_eq!(v["players"][0]["losses_on_time"], 0, "{v}");
    assert_eq!(v["players"][1]["losses_on_time"], 0, "{v}");
}
