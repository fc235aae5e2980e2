//! `kyoku_uci::run` driven as a GUI would: the handshake, bad input, `stop`
//! during `go infinite`, a whole game per variant, and the same moves as
//! the in-process `ai:LEVEL` with the same seed.

mod common;

use std::time::Instant;

use common::Gui;
use kyoku_core::{Agent, GameRecord, Position};
use kyoku_uci::{EngineConfig, Variant};

#[test]
fn handshake_lists_the_options() {
    let mut gui = Gui::start(EngineConfig::default());
    gui.send("uci");
    let lines = gui.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name kyoku")));
    for o in [
        "UCI_Variant",
        "Skill",
        "Seed",
        "Hash",
        "MultiPV",
        "Tablebase",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {o} type"))),
            "{o} missing in {lines:?}"
        );
    }
    assert!(!lines.iter().any(|l| l.contains("Threads")));
    gui.send("isready");
    gui.until("readyok");
    gui.quit();
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut gui = Gui::start(EngineConfig::default());
    for (bad, says) in [
        ("hello there", "unknown command"),
        ("position fen gle/1c1/1C1 w", "position ignored"),
        ("position startpos moves b2b3 b2b3", "move 2 (b2b3)"),
        ("go depth deep", "needs a number"),
        ("setoption name Skill value 9", "level 1–5"),
        ("setoption name UCI_Variant value chess", "dobutsu, shogun"),
        ("setoption name Colour value red", "unknown option"),
    ] {
        gui.send(bad);
        gui.send("isready");
        let lines = gui.until("readyok");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(says)),
            "{bad:?} → {lines:?}"
        );
    }
    // The position is still the last good one: the start.
    gui.send("go depth 2");
    let (mv, _) = gui.bestmove();
    let start = kyoku_dobutsu::Position::startpos();
    assert!(start.parse_move(&mv).is_ok(), "{mv}");
    gui.quit();
}

#[test]
fn stop_during_go_infinite_answers_at_once() {
    let mut gui = Gui::start(EngineConfig::default());
    gui.send("position startpos moves b2b3");
    gui.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(300));
    // Still searching: isready is answered meanwhile, no bestmove yet.
    gui.send("isready");
    let lines = gui.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    let t = Instant::now();
    gui.send("stop");
    let (mv, mut rest) = gui.bestmove();
    eprintln!("stop → bestmove in {:?}", t.elapsed());
    let mut lines = lines;
    lines.append(&mut rest);
    let mut pos = kyoku_dobutsu::Position::startpos();
    pos.play(pos.parse_move("b2b3").unwrap()).unwrap();
    assert!(pos.parse_move(&mv).is_ok(), "{mv}");
    // Iterations were reported on the way.
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" seldepth ") && l.contains(" hashfull "))
    );
    gui.quit();
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut gui = Gui::start(EngineConfig::default());
    gui.send("setoption name MultiPV value 3");
    gui.send("position startpos");
    gui.send("go depth 3");
    let (_, lines) = gui.bestmove();
    let last3: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    assert_eq!(last3.len(), 3, "{lines:?}");
    let firsts: std::collections::HashSet<&str> = last3
        .iter()
        .map(|l| {
            l.split(" pv ")
                .nth(1)
                .and_then(|p| p.split_whitespace().next())
                .unwrap()
        })
        .collect();
    assert_eq!(firsts.len(), 3);
    gui.quit();
}

/// Plays a whole game, the engine on both sides; chance's numbers
/// (Shogun's random variant) are drawn by the test, as a GUI would.
fn whole_game<P: Position>(variant: Variant, start: P, nodes: u64) {
    let mut gui = Gui::start(EngineConfig::default());
    gui.send(&format!(
        "setoption name UCI_Variant value {}",
        variant.name()
    ));
    gui.send("ucinewgame");
    let mut record = GameRecord::new(start);
    let mut chance = kyoku_core::RandomAgent::new(7);
    let mut plies = 0;
    while record.outcome().is_none() && plies < 120 {
        if matches!(record.to_act(), kyoku_core::ToAct::Chance) {
            let m = chance.choose(&record).expect("chance has outcomes");
            record.play(m).unwrap();
            continue;
        }
        gui.send(&format!(
            "position startpos moves {}",
            record.move_texts().join(" ")
        ));
        gui.send(&format!("go nodes {nodes}"));
        let (mv, _) = gui.bestmove();
        record
            .play_text(&mv)
            .unwrap_or_else(|e| panic!("ply {plies}: {mv}: {e}"));
        plies += 1;
    }
    assert!(plies > 4);
    gui.quit();
}

#[test]
fn whole_game_dobutsu() {
    whole_game(Variant::Dobutsu, kyoku_dobutsu::Position::startpos(), 3_000);
}

#[test]
fn whole_game_shogun() {
    let start = kyoku_shogun::start(&kyoku_shogun::Options::default()).unwrap();
    whole_game(Variant::Shogun, start, 2_000);
}

#[test]
fn whole_game_shogun_random() {
    let start = kyoku_shogun::start(&kyoku_shogun::Options {
        variant: kyoku_shogun::Variant::Random,
        ..Default::default()
    })
    .unwrap();
    whole_game(Variant::ShogunRandom, start, 2_000);
}

#[test]
fn plays_as_ai_level_with_the_same_seed() {
    let seed = 11;
    let mut gui = Gui::start(EngineConfig::default());
    gui.send("setoption name Skill value 3");
    gui.send(&format!("setoption name Seed value {seed}"));
    gui.send("ucinewgame");
    let mut ai = kyoku_ai::dobutsu::program(3, seed);
    let mut record = GameRecord::new(kyoku_dobutsu::Position::startpos());
    // Both sides: the engine's move must be the program's, move by move.
    for ply in 0..30 {
        if record.outcome().is_some() {
            break;
        }
        let expected = ai.choose(&record).expect("a move");
        let text = record.position().move_to_text(expected);
        gui.send(&format!(
            "position startpos moves {}",
            record.move_texts().join(" ")
        ));
        let nodes = kyoku_ai::dobutsu::level(3).expect("level 3").nodes;
        gui.send(&format!("go nodes {nodes}"));
        let (mv, _) = gui.bestmove();
        assert_eq!(mv, text, "ply {ply}");
        record.play(expected).unwrap();
    }
    gui.quit();
}
