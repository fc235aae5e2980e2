//! `kyoku play` and `kyoku replay` driven by scripted input on stdin, as a
//! person would type it: full games, illegal input, undo, save and load,
//! pushes answered by the right player.

mod common;
use common::{play, play_env, temp_file};

/// Runs kyoku with `input` piped to stdin; returns (exit code, stdout, stderr).
fn kyoku(args: &[&str], input: &str) -> (i32, String, String) {
    common::kyoku_typing(args, input)
}

#[test]
fn dobutsu_full_short_game_between_two_people() {
    let (code, out, err) = play("dobutsu", "human,human", &[], "b2b3\na4a3\nb3b4\n");
    assert_eq!(code, 0, "{err}");
    // Output is not a terminal: plain ASCII, no colour codes.
    assert!(!out.contains('\x1b'));
    assert!(out.contains("+---+---+---+"));
    assert!(out.contains("Sente (player 1) in hand: Chick"));
    assert!(out.contains("Lion danger! Gote's Lion is attacked."));
    assert!(out.contains("player 2 (Gote) to move> a4a3"));
    assert!(out.contains("player 1 (Sente) moves the Chick b3b4+, takes the Lion"));
    assert!(out.contains("Game over (lion captured): player 1 (Sente) wins."));
    assert!(out.contains("moves b2b3 a4a3 b3b4+\nresult 1 0 lion captured"));
}

#[test]
fn dobutsu_bad_input_gets_its_reason_and_a_new_prompt() {
    let (code, out, _) = play(
        "dobutsu",
        "human,human",
        &[],
        "a1a4\nzz\n\nC@b2\nhelp\nb2b3\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("illegal move a1a4: a Elephant cannot step from a1 to a4"));
    assert!(out.contains("cannot read move \"zz\""));
    assert!(out.contains("illegal move C@b2"));
    assert!(out.contains("a drop is LETTER@SQUARE"));
    assert!(out.contains("player 1 (Sente) moves the Chick b2b3"));
    assert!(out.contains("player 2 (Gote) to move> \nEnd of input: the game is left unfinished."));
}

#[test]
fn undo_takes_back_the_human_move_and_the_program_reply() {
    let (code, out, _) = play(
        "dobutsu",
        "human,random",
        &["--seed", "5"],
        "undo\nb2b3\nundo\nmoves\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Nothing to undo: no human move has been played yet."));
    let took = out
        .lines()
        .find(|l| l.starts_with("Took back: b2b3 "))
        .expect("undo reports what it took back");
    assert_eq!(took.split(' ').count(), 4, "{took}");
    // Back at the start: the four opening moves.
    assert!(out.contains("4 legal: "));

    // Among people only, undo is refused.
    let (_, out, _) = play("dobutsu", "human,human", &[], "b2b3\nundo\n");
    assert!(out.contains("undo is for games against programs"));

    // The program may move first: undo goes back to the human's decision.
    let (_, out, _) = play("dobutsu", "random,human", &["--seed", "2"], "moves\nundo\n");
    assert!(out.contains("Nothing to undo"));
}

#[test]
fn save_then_load_continues_the_game_and_replay_steps_through_it() {
    let (_file_dir, file) = temp_file("dobutsu.rec");
    let f = file.to_str().expect("utf-8 path");
    let (code, out, _) = play(
        "dobutsu",
        "human,random",
        &["--seed", "7"],
        &format!("b2b3\nsave {f}\nquit\n"),
    );
    assert_eq!(code, 0);
    assert!(out.contains(&format!("Saved 2 moves to {f}")));
    let text = std::fs::read_to_string(&file).expect("record written");
    assert!(text.starts_with(
        "# kyoku game record\ngame dobutsu\noptions {}\nplayers human,random\nmoves b2b3 "
    ));
    assert!(!text.contains("result"));

    // Load: the players come from the record; the human is to move again.
    let (code, out, err) = kyoku(&["play", "--load", f, "--seed", "7"], "moves\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Loaded 2 moves."));
    assert!(out.contains("Sente (player 1) in hand: Chick"));
    assert!(out.contains("player 1 (Sente) to move> moves"));

    // Finish it by hand (both seats human), written at the end with --record.
    let (_done_dir, done) = temp_file("dobutsu-done.rec");
    let d = done.to_str().expect("utf-8 path");
    let (code, out, _) = play(
        "dobutsu",
        "human,human",
        &["--record", d],
        "b2b3\na4a3\nb3b4\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains(&format!("Game record written to {d}.")));
    let (code, out, _) = kyoku(&["replay", d, "--all"], "");
    assert_eq!(code, 0);
    assert!(out.contains("kyoku replay dobutsu — human, human — 3 moves"));
    assert!(out.contains(
        "move 3 of 3: player 1 (Sente) moves the Chick b3b4+, takes the Lion, becomes a Hen"
    ));
    assert!(out.contains("Game over (lion captured): player 1 (Sente) wins."));
    // Stepping: next, back, jump, end.
    let (_, out, _) = kyoku(&["replay", d], "\nb\n2\nend\n9\n");
    assert!(out.contains("replay> \nmove 1 of 3: player 1 (Sente) moves the Chick b2b3"));
    assert!(out.contains("replay> b\nstart (move 0 of 3)"));
    assert!(out.contains("replay> 2\nmove 2 of 3: player 2 (Gote) moves the Giraffe a4a3"));
    assert!(out.contains("replay> end\nmove 3 of 3: player 1 (Sente)"));
    assert!(out.contains("replay> 9\nThe game has 3 moves."));

    // A finished record loads to its end and reports the result.
    let (code, out, _) = kyoku(&["play", "--load", d], "");
    assert_eq!(code, 0);
    assert!(out.contains("Game over (lion captured)"));

    std::fs::write(&file, "game dobutsu\nmoves b2b3 a1a4\n").expect("write");
    let (code, _, err) = kyoku(&["play", "--load", f], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("move 2 (a1a4) of the record does not replay"),
        "{err}"
    );
    std::fs::write(&file, "gamez dobutsu\n").expect("write");
    let (code, _, err) = kyoku(&["replay", f], "");
    assert_eq!(code, 2);
    assert!(err.contains("line 1: unknown field \"gamez\""), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn shiamgon_push_is_answered_by_the_pushed_player() {
    // Player 1 places on 3.13, next to player 3's stone on 4.27: player 3
    // (not player 2, whose turn is next) must move it.
    let (code, out, _) = play(
        "shiamgon",
        "human,human,human",
        &[],
        "3.13\n5.0\n5.55\nmoves\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains(
        "Push! player 1 (red) placed on 3.13. player 3 (green): move your stone on 4.27 — choose one of 5.54, 5.55, 5.56\nplayer 3 (green) to answer> 5.0\nillegal move 5.0"
    ));
    assert!(out.contains("player 3 (green) to answer> 5.55\nplayer 3 (green) moves the pushed stone from 4.27 to 5.55"));
    assert!(out.contains("player 2 (blue) to move> moves"));
    assert!(out.contains("ring  5 | "));
    assert!(out.contains("placements 1 of 460"));
}

#[test]
fn shiamgon_push_answered_by_a_program_and_undone() {
    let (code, out, _) = play(
        "shiamgon",
        "human,random,random",
        &["--seed", "3"],
        "3.13\nundo\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("player 3 (green): move your stone on 4.27"));
    assert!(out.contains("player 3 (green) moves the pushed stone from 4.27 to 5.5"));
    assert!(out.contains("Took back: 3.13 5.5"));
    assert!(out.contains("placements 0 of 460"));
}

#[test]
fn shiamgon_full_game_of_programs_ends_with_a_ranking_that_replays() {
    let (_file_dir, file) = temp_file("shiamgon.rec");
    let f = file.to_str().expect("utf-8 path");
    let (code, out, _) = play(
        "shiamgon",
        "random,random,random",
        &["--board", "tri8", "--seed", "11", "--record", f],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("tri8 — fields ROW.INDEX"));
    assert!(out.contains("Game over ("));
    assert!(out.contains("Ranking: 1. player"));
    let text = std::fs::read_to_string(&file).expect("record");
    assert!(text.contains("options {\"board\":\"tri8\",\"players\":3}"));
    assert!(text.contains("\nresult "));
    let (code, out, _) = kyoku(&["replay", f, "--all"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Ranking: 1. player"));
}

#[test]
fn hot_seat_for_five_and_bad_seats() {
    let (code, out, _) = play("shiamgon", "human,human,human,human,human", &[], "moves\n");
    assert_eq!(code, 0);
    assert!(out.contains("player 5 (magenta): human"));
    assert!(out.contains("player 1 (red) to move> moves"));
    for (args, msg) in [
        (
            &["play", "dobutsu", "--players", "human,human,human"][..],
            "dobutsu has 2 players, but --players names 3 seats",
        ),
        (
            &["play", "dobutsu", "--board", "disc5"],
            "\"board\" is not an option of Dōbutsu Shōgi; its options are fen",
        ),
        (&["play", "dobutsu", "--players", "human,oracle"], "seat 2:"),
        (&["play", "chess"], "unknown game \"chess\""),
        (
            &["play", "shiamgon", "--handicap", "1,x"],
            "handicap takes counts",
        ),
        (
            &["play", "dobutsu", "--fen", "xyz"],
            "bad options for dobutsu",
        ),
    ] {
        let (code, _, err) = kyoku(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(msg), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn shogun_numbers_threats_and_a_full_game_of_programs() {
    let (_file_dir, file) = temp_file("shogun.rec");
    let f = file.to_str().expect("utf-8 path");
    let (code, out, _) = play(
        "shogun",
        "random,random",
        &["--seed", "1", "--record", f],
        "",
    );
    assert_eq!(code, 0);
    // Every piece shows its name and number; the start row of White.
    assert!(out.contains("  1 | A1 | B1 | C3 | D2 | S1 | E2 | F3 | G3 | 1"));
    assert!(out.contains("Shogun — rotation 0 (board as set up) — numbers from the magnets"));
    assert!(out.contains("Shogun! White's Shogun on h4 is threatened."));
    assert!(out.contains("Game over (only the Shogun and one piece left): player 1 (White) wins."));
    let (code, out, _) = kyoku(&["replay", f, "--all"], "");
    assert_eq!(code, 0);
    assert!(out.contains("player 1 (White) wins."));
}

#[test]
fn shogun_bad_move_undo_and_a_rotated_random_game_saved_and_loaded() {
    let (code, out, _) = play(
        "shogun",
        "human,random",
        &["--seed", "1"],
        "c1c5\nc1c4\nundo\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("illegal move c1c5: C shows 3 and must move exactly 3 squares"));
    assert!(out.contains("player 1 (White) moves soldier C from c1 to c4"));
    assert!(out.contains("Took back: c1c4 "));

    let (_file_dir, file) = temp_file("shogun-random.rec");
    let f = file.to_str().expect("utf-8 path");
    let (code, out, _) = play(
        "shogun",
        "human,random",
        &["--seed", "1", "--variant", "random", "--rotation", "1"],
        &format!("save {f}\n"),
    );
    assert_eq!(code, 0);
    assert!(out.contains("chance sets the number of the piece on a1 to "));
    let text = std::fs::read_to_string(&file).expect("record");
    assert!(text.contains("options {\"rotation\":1,"));
    assert!(text.contains("\"variant\":\"random\""));
    let (code, out, _) = kyoku(&["play", "--load", f], "moves\n");
    assert_eq!(code, 0);
    assert!(out.contains("Loaded 16 moves."));
    assert!(out.contains("rotation 1 (board turned 90° clockwise) — numbers drawn at random"));
    assert!(out.contains("player 1 (White) to move> moves"));
    let (code, _, err) = kyoku(&["play", "shogun", "--rotation", "7"], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad options for shogun"), "{err}");
}

/// Sente's Lion on b2 is attacked by Gote's Chick; moving the Giraffe
/// instead loses it to the program's reply.
const LION_HANGS: &str = "1l1/1c1/1L1/2G[] w - - 0 1";

/// `kyoku play` from [`LION_HANGS`], a human against `ai:1` (seed 1), with
/// `extra` arguments and `input` on stdin.
fn lion_hangs_against_ai(extra: &[&str], input: &str) -> (i32, String, String) {
    let mut args = vec!["--fen", LION_HANGS, "--seed", "1"];
    args.extend_from_slice(extra);
    play("dobutsu", "human,ai:1", &args, input)
}

#[test]
fn after_a_loss_to_a_program_undo_takes_the_blunder_back_and_play_goes_on() {
    let (_file_dir, file) = temp_file("undo-after-end.rec");
    let f = file.to_str().expect("utf-8 path");
    let (_saved_dir, saved) = temp_file("undo-after-end-saved.rec");
    let s = saved.to_str().expect("utf-8 path");
    let (code, out, err) = lion_hangs_against_ai(
        &["--record", f],
        &format!("c1c2\nhelp\nmoves\nc2c3\nsave\nsave {s}\nundo\nb2a2\nquit\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("player 2 (Gote) moves the Chick b3b2, takes the Lion"));
    assert!(out.contains("Game over (lion captured): player 2 (Gote) wins."));
    // The finished game is written and shown, then the post-game prompt.
    assert!(out.contains(&format!(
        "Game record written to {f}.\nGame record:\n# kyoku game record\n"
    )));
    assert!(out.contains(
        "result 0 1 lion captured\nGame over — undo, save FILE, or quit (Enter)> help\nThe game is over. Commands:\n  undo "
    ));
    assert!(out.contains(
        "Game over — undo, save FILE, or quit (Enter)> moves\nThe game is over: there are no moves."
    ));
    // Bad input: its reason, and the prompt again.
    assert!(out.contains(
        "(Enter)> c2c3\n\"c2c3\": the game is over — type undo, save FILE, help, or quit (or just Enter)\nGame over — undo"
    ));
    assert!(out.contains("(Enter)> save\nsave needs a file name: save FILE\nGame over — undo"));
    assert!(out.contains(&format!(
        "Saved the finished game (2 moves) to {s}; step through it with: kyoku replay {s}"
    )));
    let text = std::fs::read_to_string(&saved).expect("saved record");
    assert!(text.contains("moves c1c2 b3b2\nresult 0 1 lion captured"));
    // Undo takes back the human's move and the program's winning reply.
    assert!(out.contains("(Enter)> undo\nTook back: c1c2 b3b2\n"));
    // Play goes on in the normal loop.
    assert!(out.contains("player 1 (Sente) to move> b2a2\nplayer 1 (Sente) moves the Lion b2a2"));
    assert!(out.contains("player 1 (Sente) to move> quit\nGame left unfinished."));
    assert_eq!(out.matches("Game over (lion captured)").count(), 1);
    // The record written last is of the game as left: unfinished.
    let text = std::fs::read_to_string(&file).expect("record");
    assert!(text.contains("moves b2a2 "), "{text}");
    assert!(!text.contains("result"), "{text}");

    // Enter (an empty line) ends the session at the prompt; the record is
    // the finished game.
    let (code, out, _) = lion_hangs_against_ai(&["--record", f], "c1c2\n\nb2a2\n");
    assert_eq!(code, 0);
    assert!(out.ends_with("Game over — undo, save FILE, or quit (Enter)> \n"));
    assert!(!out.contains("moves the Lion b2a2"));
    let text = std::fs::read_to_string(&file).expect("record");
    assert!(
        text.contains("moves c1c2 b3b2\nresult 0 1 lion captured"),
        "{text}"
    );

    // Undo, then lose again the same way: the game is over a second time.
    let (code, out, _) = lion_hangs_against_ai(&[], "c1c2\nundo\nc1c2\nquit\n");
    assert_eq!(code, 0);
    assert_eq!(out.matches("Game over (lion captured)").count(), 2);
    assert!(out.ends_with("Game over — undo, save FILE, or quit (Enter)> quit\n"));
}

#[test]
fn after_the_game_end_of_input_or_no_program_ends_the_session_as_before() {
    // End of input at the post-game prompt: the session ends cleanly.
    let (code, out, err) = lion_hangs_against_ai(&[], "c1c2\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("result 0 1 lion captured\nGame over — undo, save FILE, or quit (Enter)> \n")
    );
    // The human moved last and won: undo takes back just that move.
    let (code, out, _) = play(
        "dobutsu",
        "human,random",
        &["--fen", "1l1/1C1/1L1/3[] w - - 0 1"],
        "b3b4\nundo\nmoves\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Game over (lion captured): player 1 (Sente) wins."));
    assert!(out.contains("(Enter)> undo\nTook back: b3b4+\n"));
    assert!(out.contains("player 1 (Sente) to move> moves\n"));
    // People only: no prompt, the session ends after the result.
    let (code, out, _) = play("dobutsu", "human,human", &[], "b2b3\na4a3\nb3b4\nundo\n");
    assert_eq!(code, 0);
    assert!(out.trim_end().ends_with("result 1 0 lion captured"));
    assert!(!out.contains("undo, save FILE, or quit"));
    // Programs only: no prompt either.
    let (code, out, _) = play("dobutsu", "random,random", &["--seed", "4"], "undo\n");
    assert_eq!(code, 0);
    assert!(out.contains("Game over ("));
    assert!(!out.contains("undo, save FILE, or quit"));
}

#[test]
fn help_mentions_undo_after_the_game() {
    let (_, out, _) = play("dobutsu", "human,random", &["--seed", "1"], "help\n");
    assert!(out.contains("(also once the game is over, to play on from there)"));
}

#[test]
fn shiamgon_disc10_fits_in_60_columns_with_every_field() {
    let (code, out, err) = play_env(
        "shiamgon",
        "human,human,human,human,human",
        &["--board", "disc10"],
        &[("COLUMNS", "60"), ("NO_COLOR", "1")],
        "moves\n",
    );
    assert_eq!(code, 0, "{err}");
    // The board: from its heading to the placements line.
    let start = out.find("  disc10 — fields").expect("board heading");
    let end = start
        + out[start..]
            .find("placements 0 of 916")
            .expect("placements");
    let board = &out[start..end + "placements 0 of 916".len()];
    // NO_COLOR: no escape sequences, so a line's characters are its columns.
    assert!(!out.contains('\x1b'), "colour codes despite NO_COLOR");
    for line in board.lines() {
        let columns = line.chars().count();
        assert!(columns <= 60, "{columns} columns: {line:?}");
    }
    // So is the list of legal moves.
    let moves = &out[out.find("to move> moves\n").expect("moves") + 15..];
    let moves = &moves[..moves.find("\nplayer 1").expect("next prompt")];
    assert!(moves.starts_with("33 legal: 7.0 "), "{moves}");
    for line in moves.lines() {
        assert!(line.chars().count() <= 60, "{line:?}");
    }
    // Every field of every ring is there, each with its index.
    let ring_sizes = [3, 3, 6, 6, 15, 15, 30, 30, 60, 60];
    let mut seen: Vec<Vec<bool>> = ring_sizes.iter().map(|&n| vec![false; n]).collect();
    let mut ring = None;
    for line in board.lines() {
        let Some((left, cells)) = line.split_once(" | ") else {
            continue;
        };
        match left.trim() {
            "" => {}
            l => {
                ring = l
                    .strip_prefix("ring")
                    .and_then(|r| r.trim().parse::<usize>().ok())
            }
        }
        let Some(r) = ring else { continue };
        for cell in cells.split_whitespace() {
            if let Some((i, _)) = cell.split_once(':')
                && let Ok(i) = i.parse::<usize>()
            {
                seen[r - 1][i] = true;
            }
        }
    }
    for (r, fields) in seen.iter().enumerate() {
        for (i, &s) in fields.iter().enumerate() {
            assert!(s, "field {}.{i} is missing:\n{board}", r + 1);
        }
    }
    assert!(board.contains("  centre  | 0.0:."));
    // Stones, the legend and every player's line are still there.
    assert!(board.contains("  ring 10 |  0:.  1:1  2:."));
    assert!(board.contains("ends with its starting angle"));
    for p in ["red", "blue", "green", "yellow", "magenta"] {
        assert!(board.contains(&format!("({p})")), "{p}");
    }
    assert_eq!(board.matches("prisoners held: none").count(), 5);

    // Without COLUMNS, output that is not a terminal keeps the normal layout.
    let (_, out, _) = play(
        "shiamgon",
        "human,human,human,human,human",
        &["--board", "disc10"],
        "",
    );
    assert!(out.contains(
        "  ring  9 |  0:.  1:.  2:1  3:.  4:.  5:1  6:.  7:.  8:1  9:. 10:. 11:2 12:. 13:. 14:2    3deg"
    ));
    assert!(out.contains("  1 player 1 (red)     score   8  stones   8  prisoners held: none"));
}

/// A scripted game against the random mover in `lang`'s locale: every
/// line the terminal says comes from that language's catalogue.
fn scripted_game_in(locale: &str, lang: kyoku_i18n::Lang) {
    use kyoku_i18n::{Catalogue, Surface};
    let words = Catalogue::get(lang, Surface::Cli);
    let en = Catalogue::get(kyoku_i18n::Lang::En, Surface::Cli);
    let (code, out, err) = play_env(
        "dobutsu",
        "human,random",
        &["--seed", "7"],
        &[("LANG", locale)],
        "help\nmoves\na1a4\nb2b3\nresign\n",
    );
    assert_eq!(code, 0, "{err}");
    let sente = words.format("dobutsu-seat", &[("side", "sente".into())]);
    let says = |text: String| assert!(out.contains(&text), "{locale}: {text:?} not in\n{out}");
    says(words.text("play-commands"));
    says(words.text("dobutsu-legend"));
    says(words.format("prompt-move", &[("who", sente.as_str().into())]));
    says(
        words
            .text("dobutsu-move-help")
            .lines()
            .next()
            .unwrap()
            .to_string(),
    );
    let moved = words.format(
        "dobutsu-moves",
        &[("piece", "chick".into()), ("mv", "b2b3".into())],
    );
    says(moved.clone());
    says(words.format("dobutsu-takes", &[("piece", "chick".into())]));
    says(words.format("resigns", &[("who", sente.as_str().into())]));
    says(words.text("reason-resigned"));
    says(words.text("after-game-prompt"));
    // Nothing of the English catalogue's own words is left.
    for english in [
        "play-commands",
        "dobutsu-legend",
        "after-game-prompt",
        "game-over",
    ] {
        assert!(
            !out.contains(&en.text(english)),
            "{locale}: English {english:?} in\n{out}"
        );
    }
    // The commands and the notation are the same in every language.
    assert!(out.contains("b2b3"));
}

#[test]
fn a_game_in_german_when_the_locale_is_german() {
    scripted_game_in("de_DE.UTF-8", kyoku_i18n::Lang::De);
}

#[test]
fn a_game_in_japanese_when_the_locale_is_japanese() {
    scripted_game_in("ja_JP.UTF-8", kyoku_i18n::Lang::Ja);
}
