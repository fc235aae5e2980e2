//! Data-driven perft, random games, text round-trips and validation.

use kyoku_core::{
    Decision, PerftSuiteError, Player, PlayoutEnd, Position as _, ToAct, check_perft_suite,
    random_game, seeded_rng,
};
use kyoku_dobutsu::{Color, FenError, Kind, Move, Position, PositionError, Square};

#[test]
fn perft_suite() {
    let suite =
        check_perft_suite::<Position>(include_str!("perft.txt")).unwrap_or_else(|e| panic!("{e}"));
    assert!(suite.checked >= 15);
}

#[test]
fn a_perft_suite_with_a_wrong_count_or_a_bad_line_fails() {
    let start = "gle/1c1/1C1/ELG[] w - - 0 1";
    let wrong = format!("# the start\n{start} ; 1=4 ; 2=15\n");
    match check_perft_suite::<Position>(&wrong) {
        Err(PerftSuiteError::Count {
            line: 2,
            depth: 2,
            want: 15,
            got: 14,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    let bad = format!("{start} ; 1 4");
    assert!(matches!(
        check_perft_suite::<Position>(&bad),
        Err(PerftSuiteError::Entry { line: 1, .. })
    ));
    assert!(matches!(
        check_perft_suite::<Position>("xyz ; 1=4"),
        Err(PerftSuiteError::Position { line: 1, .. })
    ));
}

#[test]
fn stalemate_loses_and_arrival_wins() {
    let p = Position::from_text("2l/cg1/3/L1g[] w - - 0 1").unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Player::new(1)));
    assert_eq!(o.reason, "no legal move");
    assert_eq!(p.to_act(), ToAct::Nobody);

    let mut p = Position::from_text("3/L2/2l/3 w - - 0 1").unwrap();
    p.play(p.parse_move("a3b4").unwrap()).unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Player::new(0)));
    assert_eq!(o.reason, "lion reached the far rank");
}

#[test]
fn lion_capture_ends_and_round_trips() {
    let mut p = Position::from_text("1g1/1l1/1L1/3 w - - 0 1").unwrap();
    p.play(p.parse_move("b2b3").unwrap()).unwrap();
    assert_eq!(p.outcome().unwrap().winner(), Some(Player::new(0)));
    assert_eq!(p.hand(Color::Sente, Kind::Lion), 1);
    let text = p.to_text();
    assert_eq!(text, "1g1/1L1/3/3[L] b - - 0 1");
    assert_eq!(Position::from_text(&text).unwrap(), p);
}

#[test]
fn captured_hen_becomes_chick_and_promotion_is_forced() {
    let mut p = Position::from_text("l2/1C1/3/2L w - - 0 1").unwrap();
    let mv = p.parse_move("b3b4").unwrap();
    assert_eq!(mv.to_string(), "b3b4+");
    assert_eq!(p.parse_move("b3b4+").unwrap(), mv);
    p.play(mv).unwrap();
    assert_eq!(
        p.piece_at(Square::parse("b4").unwrap()).unwrap().kind,
        Kind::Hen
    );
    // The a4 Lion takes the Hen and holds a Chick.
    p.play(p.parse_move("a4b4").unwrap()).unwrap();
    assert_eq!(p.hand(Color::Gote, Kind::Chick), 1);
    assert_eq!(p.to_text(), "1l1/3/3/2L[c] w - - 0 1");
}

#[test]
fn dropped_chick_on_far_rank_stays_a_chick_and_cannot_move() {
    let mut p = Position::from_text("l2/3/3/2L[C] w - - 0 1").unwrap();
    p.play(p.parse_move("C@c4").unwrap()).unwrap();
    assert_eq!(
        p.piece_at(Square::parse("c4").unwrap()).unwrap().kind,
        Kind::Chick
    );
    p.play(p.parse_move("a4a3").unwrap()).unwrap();
    let err = p.parse_move("c4c5").unwrap_err();
    assert!(err.to_string().contains("not a square"), "{err}");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m, Move::Step { from, .. } if from.to_string() == "c4"))
    );
}

#[test]
fn illegal_moves_say_why_and_leave_the_position() {
    let start = Position::startpos();
    let cases = [
        ("b1b2", "own piece"),
        ("a2a3", "no piece on a2"),
        ("b3b2", "Gote's"),
        ("a1a2", "cannot step"),
        ("C@a2", "no Chick in hand"),
        ("b2b3+", "promotes"),
    ];
    for (text, why) in cases {
        let e = start.parse_move(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
    // An illegal move value is refused by `play` and changes nothing.
    let mut p = start;
    let bad = Move::Drop {
        kind: Kind::Giraffe,
        to: Square::parse("a2").unwrap(),
    };
    assert!(kyoku_core::Position::play(&mut p, bad).is_err());
    assert_eq!(p, start);
    // The Lion may not step next to the enemy Lion or onto an attacked square.
    let p = Position::from_text("3/1l1/3/1L1 w - - 0 1").unwrap();
    let e = p.parse_move("b1b2").unwrap_err().to_string();
    assert!(e.contains("attacks"), "{e}");
}

#[test]
fn validation_names_the_problem() {
    let cases: [(&str, FenError); 6] = [
        (
            "gle/1c1/1C1/EG1[] w",
            FenError::Position(PositionError::MissingLion(Color::Sente)),
        ),
        (
            "glL/1c1/1C1/ELG[] w",
            FenError::Position(PositionError::TooManyLions(Color::Sente)),
        ),
        (
            "gle/1c1/1C1/ELG[C] w",
            FenError::Position(PositionError::TooMany {
                kind: "Chick",
                count: 3,
            }),
        ),
        ("gle/1c1/1C1/ELG[] x", FenError::BadSide("x".into())),
        ("gle/1c1/1C1[] w", FenError::RankCount(3)),
        (
            "gle/1c2/1C1/ELG[] w",
            FenError::RankWidth {
                rank: 3,
                squares: 4,
            },
        ),
    ];
    for (fen, want) in cases {
        assert_eq!(Position::from_text(fen).unwrap_err(), want, "{fen}");
    }
    // Both Lions arrived: both sides would have won.
    assert_eq!(
        Position::from_text("1L1/3/3/1l1 w"),
        Err(FenError::Position(PositionError::BothWon))
    );
    assert!(Position::from_text("+g1l/3/3/L2 w").is_err());
    // Short form and long form read alike; a Chick on its far rank is fine.
    let a = Position::from_text("gle/1c1/1C1/ELG[-] w 0 1").unwrap();
    assert_eq!(a, Position::startpos());
    assert!(Position::from_text("lC1/3/3/2L w - - 0 1").is_ok());
}

#[test]
fn ten_thousand_random_games() {
    let mut rng = seeded_rng(2009);
    let mut finished = 0;
    let mut moves = Vec::new();
    for _ in 0..10_000 {
        let (_, end) = random_game(Position::startpos(), &mut rng, 2_000, |pos, _| {
            let text = pos.to_text();
            let back = Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, *pos, "{text}");
            assert_eq!(back.hash(), pos.hash(), "{text}");
            moves.clear();
            pos.legal_moves(&mut moves);
            assert_eq!(moves.len(), pos.count_legal_moves(), "{text}");
            for &mv in &moves {
                let t = mv.to_string();
                assert_eq!(pos.parse_move(&t), Ok(mv), "{text}: {t}");
            }
            match pos.to_act() {
                ToAct::Player(p, Decision::Turn) => {
                    assert_eq!(p.index(), pos.turn().index());
                    assert!(!moves.is_empty());
                }
                ToAct::Nobody => assert!(moves.is_empty() && pos.outcome().is_some()),
                other => panic!("unexpected {other:?}"),
            }
        });
        if matches!(end, PlayoutEnd::Finished(_)) {
            finished += 1;
        }
    }
    // Repetition or the rules end every random game long before 2,000 plies.
    assert_eq!(finished, 10_000);
}

/// Make/unmake (kept for the perft benchmark's comparison) takes every move
/// back exactly, and plays it as copy-make does, over seeded random games.
#[test]
fn unplay_restores_every_position() {
    let mut rng = kyoku_core::seeded_rng(11);
    let mut moves = Vec::new();
    let mut checked = 0;
    for _ in 0..1000 {
        let mut pos = Position::startpos();
        for _ in 0..150 {
            moves.clear();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let mut copied = pos;
                copied.play_move(mv);
                let mut made = pos;
                let undo = made.play_move_undoable(mv);
                assert_eq!(made, copied, "{} then {mv}", pos.to_text());
                made.unplay_move(mv, undo);
                assert_eq!(made, pos, "{} then {mv} taken back", pos.to_text());
                checked += 1;
            }
            let mv = moves[rand::Rng::random_range(&mut rng, 0..moves.len())];
            pos.play_move(mv);
        }
    }
    assert!(checked > 200_000, "{checked}");
}

/// A pass (the search's null move) changes only the side to move: its text
/// is the position's with the other side to move, its hash is the hash of
/// that text read back, and passing twice gives the position back. A side
/// whose Lion is in danger may not pass.
#[test]
fn a_pass_flips_only_the_turn_and_its_hash() {
    let mut rng = seeded_rng(47);
    let (mut passes, mut refused) = (0, 0);
    for _ in 0..200 {
        random_game(Position::startpos(), &mut rng, 200, |pos, _| {
            if pos.result().is_some() {
                return;
            }
            let Some(passed) = pos.passed() else {
                assert!(pos.lion_in_danger(pos.turn()), "{}", pos.to_text());
                refused += 1;
                return;
            };
            passes += 1;
            assert_eq!(passed.turn(), pos.turn().flip());
            let (text, flipped) = (pos.to_text(), passed.to_text());
            let (a, b) = (
                text.split_once(' ').unwrap(),
                flipped.split_once(' ').unwrap(),
            );
            assert_eq!(a.0, b.0, "the board and hands stay");
            assert_ne!(a.1[..1], b.1[..1], "the turn changes: {text} → {flipped}");
            if let Ok(read) = Position::from_text(&flipped) {
                assert_eq!(read.zobrist(), passed.zobrist(), "{flipped}");
            }
            assert_eq!(
                passed.passed(),
                Some(*pos).filter(|_| !passed.lion_in_danger(passed.turn()))
            );
        });
    }
    assert!(
        passes > 1_000 && refused > 100,
        "{passes} passes, {refused} refused"
    );
}
