//! Data-driven perft, hand-checked numbers, end conditions, text forms,
//! random games.

use kyoku_core::{
    GameRecord, Player, PlayoutEnd, Position as _, ToAct, check_perft_suite, random_game,
    seeded_rng,
};
use kyoku_shogun::{
    Color, FenError, Move, Options, OptionsError, Piece, Position, PositionError, Square, Variant,
    magnets, start,
};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

#[test]
fn perft_suite() {
    let suite =
        check_perft_suite::<Position>(include_str!("perft.txt")).unwrap_or_else(|e| panic!("{e}"));
    for (text, pos) in &suite.positions {
        assert_eq!(&pos.to_text(), text, "round trip");
    }
    assert!(suite.checked >= 15);
}

/// The start numbers of four or more pieces per rotation, looked up by hand:
/// orientation o_r(x, y) = o_0(7−y, x) + 1 applied r times, i.e.
/// r1: o_0(7−y, x)+1, r2: o_0(7−x, 7−y)+2, r3: o_0(y, 7−x)+3; Red adds 2.
#[test]
fn start_numbers_by_hand() {
    #[rustfmt::skip]
    let table: &[(u8, char, &str, u8)] = &[
        // rotation 0: a1 o3 → A[3]=1; c1 o0 → C[0]=3; e1 o3 → S[3]=1;
        // h1 o2 → G[2]=3; d8 o3+2=1 → s[1]=1; h8 o3+2=1 → a[1]=3.
        (0, 'A', "a1", 1), (0, 'C', "c1", 3), (0, 'S', "e1", 1), (0, 'G', "h1", 3),
        (0, 's', "d8", 1), (0, 'a', "h8", 3),
        // rotation 1: a1 ← h1 o2+1=3 → A[3]=1; c1 ← h3 o0+1=1 → C[1]=1;
        // e1 ← h5 o3+1=0 → S[0]=1; h1 ← h8 o3+1=0 → G[0]=1;
        // d8 ← a4 o2+1=3, +2=1 → s[1]=1; h8 ← a8 o2+1=3, +2=1 → a[1]=3.
        (1, 'A', "a1", 1), (1, 'C', "c1", 1), (1, 'S', "e1", 1), (1, 'G', "h1", 1),
        (1, 's', "d8", 1), (1, 'a', "h8", 3),
        // rotation 2: a1 ← h8 o3+2=1 → A[1]=2; b1 ← g8 o2+2=0 → B[0]=2;
        // e1 ← d8 o3+2=1 → S[1]=2; g1 ← b8 o3+2=1 → F[1]=1;
        // d8 ← e1 o3+2=1, +2=3 → s[3]=2; a8 ← h1 o2+2=0, +2=2 → g[2]=2.
        (2, 'A', "a1", 2), (2, 'B', "b1", 2), (2, 'S', "e1", 2), (2, 'F', "g1", 1),
        (2, 's', "d8", 2), (2, 'g', "a8", 2),
        // rotation 3: a1 ← a8 o2+3=1 → A[1]=2; d1 ← a5 o0+3=3 → D[3]=2;
        // e1 ← a4 o2+3=1 → S[1]=2; h1 ← a1 o3+3=2 → G[2]=3;
        // d8 ← h5 o3+3=2, +2=0 → s[0]=2; g8 ← h2 o1+3=0, +2=2 → b[2]=3.
        (3, 'A', "a1", 2), (3, 'D', "d1", 2), (3, 'S', "e1", 2), (3, 'G', "h1", 3),
        (3, 's', "d8", 2), (3, 'b', "g8", 3),
    ];
    for &(rotation, name, square, want) in table {
        let pos = start(&Options {
            rotation,
            ..Options::default()
        })
        .unwrap();
        let s = sq(square);
        assert_eq!(
            pos.piece_at(s),
            Piece::from_char(name),
            "{name} on {square}"
        );
        assert_eq!(
            pos.number_at(s),
            Some(want),
            "rotation {rotation}: {name} on {square}"
        );
        assert_eq!(
            magnets::number(Piece::from_char(name).unwrap(), s, rotation),
            want
        );
    }
}

#[test]
fn magnet_blocks_hold_every_orientation() {
    for r in 0..4 {
        for bx in 0..4 {
            for by in 0..4 {
                let mut seen = [false; 4];
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let s = Square::at(bx * 2 + dx, by * 2 + dy).unwrap();
                    seen[magnets::orientation(r, s) as usize] = true;
                }
                assert_eq!(seen, [true; 4], "rotation {r}, block {bx},{by}");
            }
        }
    }
    // Four quarter turns are the identity.
    for i in 0..64 {
        let s = Square::new(i);
        let (x, y) = (s.file(), s.rank());
        let turned = Square::at(y, 7 - x).unwrap();
        for r in 0..3 {
            assert_eq!(
                magnets::orientation(r + 1, turned),
                (magnets::orientation(r, s) + 1) % 4
            );
        }
    }
}

#[test]
fn red_may_move_first_when_the_players_agree() {
    let p = start(&Options {
        first: Color::Red,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(p.to_text(), "gfesdcba/8/8/8/8/8/8/ABCDSEFG r 0 - 0 1");
    assert_eq!(p.to_act().player(), Some(kyoku_core::Player::new(1)));
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    // Red's pieces stand on other magnets than White's: not 21 moves, but
    // every one of them is Red's.
    assert!(!moves.is_empty());
    for mv in moves {
        let Move::Step { from, .. } = mv else {
            panic!("{mv} is not a step");
        };
        assert_eq!(
            p.piece_at(from).map(|pc| pc.color()),
            Some(Color::Red),
            "{mv}"
        );
    }
    let json = serde_json::to_value(Options::default()).unwrap();
    assert!(
        json.get("first").is_none(),
        "White first is left out: {json}"
    );
}

#[test]
fn default_setup_and_orders() {
    let p = start(&Options::default()).unwrap();
    assert_eq!(p.to_text(), "gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1");
    let p = start(&Options {
        setup: Some("gfedcba".into()),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(p.to_text(), "abcsdefg/8/8/8/8/8/8/GFEDSCBA w 0 - 0 1");
    let p = start(&Options {
        setup: Some("ABCDEFG/GFEDCBA".into()),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(p.to_text(), "abcsdefg/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1");
    for bad in ["ABCDEF", "ABCDEFF", "ABCDEFGH", "ABCDEFS", "A/B/C", ""] {
        let e = start(&Options {
            setup: Some(bad.into()),
            ..Options::default()
        });
        assert!(matches!(e, Err(OptionsError::Order(_))), "{bad}");
    }
    let e = start(&Options {
        rotation: 4,
        ..Options::default()
    });
    assert_eq!(
        e,
        Err(OptionsError::Position(PositionError::BadRotation(4)))
    );
}

#[test]
fn options_as_json() {
    let o: Options = serde_json::from_str(r#"{"rotation": 2, "variant": "random"}"#).unwrap();
    assert_eq!(o.rotation, 2);
    assert_eq!(o.variant, Variant::Random);
    assert_eq!(o.setup, None);
    let back: Options = serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
    assert_eq!(back, o);
    assert!(serde_json::from_str::<Options>(r#"{"variant": "magic"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"rotaton": 1}"#).is_err());
    assert_eq!(
        serde_json::from_str::<Options>("{}").unwrap(),
        Options::default()
    );
}

#[test]
fn moves_read_with_and_without_x() {
    let mut p = Position::from_text("7s/8/3a4/6b1/3S4/8/8/A6B w 0 112211 0 1").unwrap();
    let m = p.parse_move("d4xd6").unwrap();
    assert_eq!(m, p.parse_move("d4d6").unwrap());
    assert_eq!(p.move_to_text(m), "d4d6");
    let mut q = p.clone();
    q.play(m).unwrap();
    assert!(q.outcome().is_some(), "Red is left with its Shogun and b");
    let m = p.parse_move("d4d2").unwrap();
    p.play(m).unwrap();
    assert_eq!(p.to_act(), ToAct::Chance);
    let mut outcomes = Vec::new();
    p.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 2);
    assert!(outcomes.iter().all(|&(_, q)| q == 0.5));
    assert_eq!(p.to_text(), "7s/8/3a4/6b1/8/8/3S4/A6B r 0 112?11 1 1");
    let c = p.parse_move("d2=2").unwrap();
    assert_eq!(
        c,
        Move::Chance {
            square: sq("d2"),
            number: 2
        }
    );
    assert_eq!(p.move_to_text(c), "d2=2");
    assert!(p.parse_move("d2=3").is_err(), "a Shogun shows 1 or 2");
    assert!(p.parse_move("g5=1").is_err(), "only the moved piece");
    assert!(p.parse_move("h8g8").is_err(), "chance first");
    p.play(c).unwrap();
    assert_eq!(p.to_text(), "7s/8/3a4/6b1/8/8/3S4/A6B r 0 112211 1 1");
    assert_eq!(
        p.to_act(),
        ToAct::Player(Player::new(1), kyoku_core::Decision::Turn)
    );
}

#[test]
fn illegal_moves_say_why() {
    let p = start(&Options::default()).unwrap();
    let why = |m: &str| p.parse_move(m).unwrap_err().to_string();
    assert!(why("c1c3").contains("exactly 3"), "{}", why("c1c3"));
    assert!(why("a1b1").contains("own piece"));
    assert!(why("a8a7").contains("not White's"));
    assert!(why("d4d5").contains("no piece"));
    assert!(why("e1e9").contains("cannot read"));
    assert!(why("c1f1").contains("blocked") || why("c1f1").contains("own piece"));
    // A move into an attacked square.
    let q = Position::from_text("7s/8/3a4/6b1/3S4/8/8/A6B w 0 112211 0 1").unwrap();
    let e = q.parse_move("d4f4").unwrap_err().to_string();
    assert!(e.contains("Shogun attacked"), "{e}");
}

#[test]
fn the_shogun_is_never_captured() {
    // Red to move with a soldier that could land on White's Shogun: White
    // has just left its Shogun attacked, which no legal game reaches.
    let e = Position::from_text("7s/8/8/3a4/3S4/8/8/A6B r 0 11111 0 1").unwrap_err();
    assert_eq!(
        e,
        FenError::Position(PositionError::OpponentShogunAttacked(Color::White))
    );
    // Nobody jumps a Shogun: Red's on b2 blocks A's b1 and C's b3 one way.
    let p = Position::from_text("8/8/8/8/8/8/AsC5/S7 w 0 2121 0 1").unwrap();
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    let texts: Vec<String> = v.iter().map(|&m| p.move_to_text(m)).collect();
    assert!(!texts.contains(&"a2b1".to_string()));
    assert!(texts.contains(&"c2b1".to_string()));
    assert!(texts.iter().all(|t| !t.ends_with("b2")));
}

#[test]
fn shogun_and_one_wins_at_once() {
    let mut p = Position::from_text("7s/4b3/8/2a5/8/2A5/8/S6B w 0 111211 0 1").unwrap();
    p.play(p.parse_move("c3xc5").unwrap()).unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Player::new(0)));
    assert_eq!(o.reason, "only the Shogun and one piece left");
    assert_eq!(p.to_act(), ToAct::Nobody);
    let mut v = Vec::new();
    p.chance_outcomes(&mut v);
    assert!(v.is_empty(), "no chance once the game is over");
}

#[test]
fn stalemate_and_threat_lose() {
    let p = Position::from_text("8/8/8/8/8/2a5/As6/SB6 w 0 43213 0 1").unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Player::new(1)));
    assert_eq!(o.reason, "no legal move");
    assert!(!p.shogun_threatened(Color::White));
    // The rule sheet's third example in miniature: the S on a1 (1) is
    // attacked by a on a3 (2), and b on b3 (2) attacks a2 and b1.
    let p = Position::from_text("7s/8/8/8/8/ab6/7B/S6A w 0 122111 0 1").unwrap();
    assert!(p.shogun_threatened(Color::White));
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Player::new(1)));
    assert_eq!(o.reason, "Shogun threatened and no way out");
}

#[test]
fn no_capture_limit_draws() {
    let p = Position::from_text("7s/8/3a4/6b1/3S4/8/8/A6B w 0 112211 100 51").unwrap();
    let o = p.outcome().unwrap();
    assert!(o.is_draw());
    assert_eq!(o.reason, "100 plies without a capture");
    assert!(matches!(
        Position::from_text("7s/8/3a4/6b1/3S4/8/8/A6B w 0 112211 101 51"),
        Err(FenError::Position(PositionError::BadClock(101)))
    ));
}

/// Finds a White move there and back and a Red move there and back from
/// the start (a piece whose number is the same on both squares), plays the
/// cycle twice: the start stands for the third time, a draw.
#[test]
fn threefold_repetition_draws_in_a_record() {
    let start = start(&Options::default()).unwrap();
    let legal = |p: &Position, from: Square, to: Square| {
        let m = Move::Step { from, to };
        p.legal(m).then_some(m)
    };
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let cycle = moves.iter().find_map(|&w| {
        let Move::Step { from: a, to: b } = w else {
            return None;
        };
        let mut p1 = start.clone();
        p1.play_unchecked(w);
        let mut replies = Vec::new();
        p1.legal_moves(&mut replies);
        replies.iter().find_map(|&r| {
            let Move::Step { from: c, to: d } = r else {
                return None;
            };
            let mut p2 = p1.clone();
            p2.play_unchecked(r);
            let w2 = legal(&p2, b, a)?;
            let mut p3 = p2.clone();
            p3.play_unchecked(w2);
            let r2 = legal(&p3, d, c)?;
            Some([w, r, w2, r2])
        })
    });
    let cycle = cycle.expect("some piece can step there and back");
    let mut rec = GameRecord::new(start.clone());
    for (i, &m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert!(rec.outcome().is_none(), "over after {i} plies");
        rec.play(m).unwrap();
    }
    assert_eq!(rec.position().repetition_key(), start.repetition_key());
    assert_ne!(rec.position().hash(), start.hash(), "the counters differ");
    let o = rec.outcome().unwrap();
    assert!(o.is_draw());
    assert_eq!(o.reason, "threefold repetition");
}

#[test]
fn bad_texts_are_typed_errors() {
    use FenError as F;
    use PositionError as P;
    let check = |text: &str, ok: &dyn Fn(&FenError) -> bool| {
        let e = Position::from_text(text).unwrap_err();
        assert!(ok(&e), "{text}: {e:?}");
        assert!(!e.to_string().is_empty());
    };
    check("", &|e| matches!(e, F::FieldCount(0)));
    check("8/8/8/8/8/8/8/8 w 0 - 0 1", &|e| {
        matches!(e, F::Position(P::MissingShogun(_)))
    });
    check("sS6/8/8/8/8/8/8/8 w 0 - 0 1", &|e| {
        matches!(e, F::Position(P::OpponentShogunAttacked(Color::Red)))
    });
    check("s7/8/8/8/8/8/8/7SS w 0 - 0 1", &|e| {
        matches!(e, F::OffBoard(1))
    });
    check("s7/8/8/8/8/8/8/S9 w 0 - 0 1", &|e| {
        matches!(e, F::Placement(_))
    });
    check("s7/8/8/8/8/8/8/S7/8 w 0 - 0 1", &|e| {
        matches!(e, F::Placement(_))
    });
    check("s7/8/8/8/8/8/8/S6X w 0 - 0 1", &|e| {
        matches!(e, F::Placement(_))
    });
    check("s7/8/8/8/8/8/8/S6S w 0 - 0 1", &|e| {
        matches!(e, F::Position(P::TwoShoguns(Color::White)))
    });
    check("s7/8/8/8/8/8/8/S5AA w 0 - 0 1", &|e| {
        matches!(e, F::Position(P::DuplicatePiece(_)))
    });
    check("s7/8/8/8/8/8/8/S7 x 0 - 0 1", &|e| matches!(e, F::Side(_)));
    check("s7/8/8/8/8/8/8/S7 w 4 - 0 1", &|e| {
        matches!(e, F::Rotation(_))
    });
    check("s7/8/8/8/8/8/8/S7 w 0 13 0 1", &|e| {
        matches!(e, F::Position(P::BadNumber { .. }))
    });
    check("s7/8/8/8/8/8/8/S7 w 0 1 0 1", &|e| {
        matches!(e, F::Numbers(_))
    });
    check("s7/8/8/8/8/8/8/S7 w 0 1x 0 1", &|e| {
        matches!(e, F::Numbers(_))
    });
    check("s7/8/8/8/8/8/8/S7 w 0 - x 1", &|e| {
        matches!(e, F::Counter { .. })
    });
    check("s7/8/8/8/8/8/8/S7 w 0 - 0 0", &|e| {
        matches!(e, F::Position(P::BadFullmove))
    });
}

/// Random games: every position's text reads back equal, every listed move
/// is legal, the bulk count equals the list, the game ends.
fn playouts(options: &Options, games: u64, seed: u64) {
    let start = start(options).unwrap();
    let mut rng = seeded_rng(seed);
    let mut finished = 0;
    let mut moves = Vec::new();
    for _ in 0..games {
        let (_, end) = random_game(start.clone(), &mut rng, 2000, |p, _| {
            let text = p.to_text();
            let back = Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(&back, p, "{text}");
            assert_eq!(back.hash(), p.hash());
            assert_eq!(&Position::from_setup(&p.to_setup()).unwrap(), p);
            moves.clear();
            p.legal_moves(&mut moves);
            assert_eq!(moves.len(), p.count_legal_moves(), "{text}");
            // A pass (the search's null move) is the set-up with the turn
            // flipped, where chance has nothing pending.
            let mut setup = p.to_setup();
            setup.turn = setup.turn.other();
            let flipped = Position::from_setup(&setup).ok();
            assert_eq!(
                p.passed(),
                flipped.filter(|_| p.pending_square().is_none()),
                "{text}"
            );
            // The captures alone, as the search's quiescence lists them.
            let mut captures = Vec::new();
            p.generate_captures(&mut captures);
            let enemy = p.pieces(p.turn().other());
            let want: Vec<Move> = moves
                .iter()
                .filter(|m| matches!(m, Move::Step { to, .. } if enemy & to.bit() != 0))
                .copied()
                .collect();
            assert_eq!(captures, want, "{text}");
            // Reading every move back is slow; a sample does.
            if p.hash() % 8 == 0 {
                for &m in &moves {
                    let t = p.move_to_text(m);
                    assert_eq!(p.parse_move(&t), Ok(m), "{text}: {t}");
                }
            }
            assert_eq!(p.to_act() == ToAct::Nobody, p.outcome().is_some());
        });
        if let PlayoutEnd::Finished(_) = end {
            finished += 1;
        }
    }
    assert_eq!(finished, games, "every game ends by the rules");
}

#[test]
fn random_games_rotation_0() {
    playouts(&Options::default(), 10_000, 0);
}
#[test]
fn random_games_rotation_1() {
    playouts(
        &Options {
            rotation: 1,
            ..Options::default()
        },
        10_000,
        1,
    );
}
#[test]
fn random_games_rotation_2() {
    playouts(
        &Options {
            rotation: 2,
            setup: Some("GFEDCBA/DCBAGFE".into()),
            ..Options::default()
        },
        10_000,
        2,
    );
}
#[test]
fn random_games_rotation_3() {
    playouts(
        &Options {
            rotation: 3,
            ..Options::default()
        },
        10_000,
        3,
    );
}
#[test]
fn random_games_random_variant() {
    playouts(
        &Options {
            variant: Variant::Random,
            ..Options::default()
        },
        2_000,
        4,
    );
}
