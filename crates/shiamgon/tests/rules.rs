//! One test (or more) for each rule of the ruling, on small set-ups.

use kyoku_core::{Decision, Outcome, Player, Position as _, ToAct};
use kyoku_shiamgon::{Bits, BoardKind, End, Move, Position, distribute};

fn p(i: usize) -> Player {
    Player::new(i)
}

/// A position from field names per player (0-based turn).
fn setup(kind: BoardKind, players: usize, stones: &[&[&str]], turn: usize) -> Position {
    let b = kind.board();
    let v: Vec<Vec<usize>> = stones
        .iter()
        .map(|l| l.iter().map(|n| b.field(n).unwrap()).collect())
        .collect();
    Position::from_stones(kind, players, &v, turn)
}

fn play(pos: &mut Position, name: &str) {
    let mv = pos
        .parse_move(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    pos.play(mv).unwrap();
}

fn names(kind: BoardKind, b: Bits) -> Vec<String> {
    b.iter().map(|f| kind.board().name(f).to_string()).collect()
}

#[test]
fn reach_is_one_or_two_fields() {
    let kind = BoardKind::Tri16;
    let b = kind.board();
    let pos = setup(kind, 3, &[&["8.8"]], 0);
    let s = b.field("8.8").unwrap();
    let mut two = b.adjacent(s);
    for m in b.adjacent(s).iter() {
        two |= b.adjacent(m);
    }
    two.remove(s);
    assert_eq!(pos.legal_placements(p(0)), two);
    assert!(!two.contains(b.field("8.16").unwrap()));
    assert!(two.contains(b.field("8.12").unwrap()));
}

#[test]
fn a_lone_stone_or_the_end_of_a_wall_can_be_passed() {
    // disc10 ring 2 with two of its three fields held: each is linked to
    // only one stone of its owner, so both can be passed.
    let kind = BoardKind::Disc10;
    let pos = setup(kind, 3, &[&["1.0"], &["2.0", "2.1"]], 0);
    assert!(
        pos.legal_placements(p(0))
            .contains(kind.board().field("3.1").unwrap())
    );
    // The whole ring held: 3.1 is out of reach (it touches only 2.0, so it
    // is the wall rule, not "between two", that forbids it).
    let pos = setup(kind, 3, &[&["1.0"], &["2.0", "2.1", "2.2"]], 0);
    let e = pos.parse_move("3.1").unwrap_err().to_string();
    assert!(e.contains("out of reach"), "{e}");
}

#[test]
fn not_between_two_stones_of_one_opponent() {
    let kind = BoardKind::Tri8;
    // 3.3 touches 4.3 and 4.5 of player 2: forbidden. Stones of two
    // different opponents are fine.
    let pos = setup(kind, 3, &[&["2.2"], &["4.3", "4.5"]], 0);
    let e = pos.parse_move("3.3").unwrap_err().to_string();
    assert!(e.contains("two stones of one opponent"), "{e}");
    let pos = setup(kind, 3, &[&["2.2"], &["4.3"], &["4.5"]], 0);
    assert!(
        pos.legal_placements(p(0))
            .contains(kind.board().field("3.3").unwrap())
    );
}

#[test]
fn pushes_are_answered_out_of_turn_in_turn_order_after_the_mover() {
    let kind = BoardKind::Tri8;
    // Player 2 places 3.3, touching player 3's 4.3 and player 1's 4.5.
    let mut pos = setup(kind, 3, &[&["4.5"], &["2.2"], &["4.3"]], 1);
    play(&mut pos, "3.3");
    assert_eq!(pos.to_act(), ToAct::Player(p(2), Decision::Answer));
    let t = kind.board().field("3.3").unwrap();
    let q = kind.board().field("4.3").unwrap();
    let want = kind.board().adjacent(q) & !pos.occupied() & !kind.board().adjacent(t);
    assert_eq!(pos.legal_fields(), want);
    assert!(pos.parse_move("pass").is_err());
    let first = pos.legal_fields().first_set().unwrap();
    pos.play(Move::to(first)).unwrap();
    assert_eq!(pos.to_act(), ToAct::Player(p(0), Decision::Answer));
    let first = pos.legal_fields().first_set().unwrap();
    pos.play(Move::to(first)).unwrap();
    // Then the turn goes on from the mover: player 3.
    assert_eq!(pos.to_act(), ToAct::Player(p(2), Decision::Turn));
    assert_eq!(pos.placements(), 1);
}

#[test]
fn a_push_with_one_destination_is_still_asked() {
    let kind = BoardKind::Tri8;
    // Player 2 on 1.0; player 1 places the apex 0.0: of 1.0's free
    // neighbours only 2.2 does not touch the apex (player 3 holds 2.0, 2.1, 2.3).
    let mut pos = setup(kind, 3, &[&["1.2"], &["1.0"], &["2.0", "2.1", "2.3"]], 0);
    play(&mut pos, "0.0");
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Answer));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(pos.move_to_text(moves[0]), "2.2");
    pos.play(moves[0]).unwrap();
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
}

#[test]
fn a_push_with_nowhere_to_go_takes_the_stone_prisoner() {
    let kind = BoardKind::Tri8;
    // 1.1 touches all three neighbours of the apex.
    let mut pos = setup(kind, 3, &[&["2.2"], &["0.0"]], 0);
    play(&mut pos, "1.1");
    assert_eq!(pos.prisoners(p(0), p(1)), 1);
    assert!(pos.stones(p(1)).is_empty());
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
    assert_eq!(pos.scores(), [3, -1, 0]);
}

#[test]
fn a_pushed_stone_causes_no_further_pushes() {
    let kind = BoardKind::Tri8;
    // Player 2's 3.2 is pushed by 2.2; it may land on 4.2, next to player
    // 3's 5.3, which then does not move.
    let mut pos = setup(kind, 3, &[&["1.0"], &["3.2"], &["5.3"]], 0);
    play(&mut pos, "2.2");
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Answer));
    play(&mut pos, "4.2");
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
    assert!(
        pos.stones(p(2))
            .contains(kind.board().field("5.3").unwrap())
    );
}

#[test]
fn encirclement_after_a_placement_skips_the_taken_stones_push() {
    let kind = BoardKind::Tri8;
    // Player 3 on the apex; player 1 on 1.0, player 2 on 1.2. Player 1
    // places 1.1: the apex is encircled at once and taken (player 1 closed
    // it: 1 stone, 3 touching → dealt, the closer first). Player 2 still
    // answers its push; player 3's push is gone with the stone.
    let mut pos = setup(kind, 3, &[&["1.0"], &["1.2"], &["0.0"]], 0);
    play(&mut pos, "1.1");
    assert!(pos.stones(p(2)).is_empty());
    assert_eq!(pos.prisoners(p(0), p(2)), 1);
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Answer));
    let d = pos.legal_fields().first_set().unwrap();
    pos.play(Move::to(d)).unwrap();
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
}

#[test]
fn encirclement_after_a_push_makes_the_pusher_the_closer() {
    let kind = BoardKind::Tri8;
    // Player 3's lone 7.0 has neighbours 6.0 (player 1), 7.1, 7.2 (player
    // 1). Player 1 places 5.1, pushing player 2's 6.2; player 2 moves it
    // to 7.1 and closes the ring: player 2 is the closer and gets the
    // stone (1 stone, 3 touching: dealt, the closer first).
    let mut pos = setup(kind, 3, &[&["6.0", "7.2"], &["6.2"], &["7.0"]], 0);
    play(&mut pos, "5.1");
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Answer));
    play(&mut pos, "7.1");
    assert!(pos.stones(p(2)).is_empty());
    assert_eq!(pos.prisoners(p(1), p(2)), 1);
    assert_eq!(pos.prisoners(p(0), p(2)), 0);
}

#[test]
fn an_own_unlinked_neighbour_keeps_a_cluster_alive() {
    let kind = BoardKind::Tri8;
    // As above, but 7.2 is player 3's own stone (touching 7.0 at a corner
    // only, so a separate cluster): 7.0 is not encircled.
    let mut pos = setup(kind, 3, &[&["6.0"], &["6.2"], &["7.0", "7.2"]], 0);
    play(&mut pos, "5.1");
    play(&mut pos, "7.1");
    assert_eq!(pos.stones(p(2)).count(), 2);
    assert_eq!(pos.clusters(p(2)).len(), 2);
}

#[test]
fn own_clusters_are_not_taken_by_own_action_but_at_the_next() {
    let kind = BoardKind::Tri8;
    // Player 1's 1.0, 1.1, 1.2 (one cluster) under players 2/3 on row 2;
    // the apex is its last free neighbour. Player 1 fills it: its own
    // action spares the cluster; player 2's next placement takes it, as
    // closer.
    let mut pos = setup(
        kind,
        3,
        &[
            &["1.0", "1.1", "1.2"],
            &["2.0", "2.2", "2.4"],
            &["2.1", "2.3"],
        ],
        0,
    );
    play(&mut pos, "0.0");
    assert_eq!(pos.stones(p(0)).count(), 4);
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
    play(&mut pos, "3.0");
    assert!(pos.stones(p(0)).is_empty());
    // 4 stones, 5 touching (player 2: 3, player 3: 2): dealt one at a
    // time — closer (2), player 3, closer, player 3.
    assert_eq!(pos.prisoners(p(1), p(0)), 2);
    assert_eq!(pos.prisoners(p(2), p(0)), 2);
}

#[test]
fn prisoners_enough_for_all() {
    // 7 stones, touching 3 + 2: each gets its count, the closer the rest.
    let d = distribute(7, &[0, 3, 2, 0, 0], 2, 3);
    assert_eq!(d, [0, 3, 4, 0, 0]);
    // Exactly enough: nothing left for the closer beyond its own count.
    assert_eq!(distribute(5, &[0, 3, 2, 0, 0], 1, 3), [0, 3, 2, 0, 0]);
}

#[test]
fn prisoners_remainder_to_the_closer_even_if_not_touching() {
    // A closer with no touching stone (a cluster its owner closed) gets
    // the remainder.
    assert_eq!(distribute(4, &[0, 1, 1, 0, 0], 3, 4), [0, 1, 1, 2, 0]);
}

#[test]
fn prisoners_dealt_round_by_round() {
    // 4 stones, touching: p1 1, p3 4, p4 2; closer p1 (index 0), 5 players.
    // Order: closer, then by falling count: p3 (4), p4 (2). Rounds:
    // p1, p3, p4, p1.
    assert_eq!(distribute(4, &[1, 0, 4, 2, 0], 0, 5), [2, 0, 1, 1, 0]);
    // Fewer than one round: closer first, then the largest.
    assert_eq!(distribute(2, &[1, 0, 4, 2, 0], 0, 5), [1, 0, 1, 0, 0]);
}

#[test]
fn prisoners_ties_go_in_turn_order_after_the_closer() {
    // Closer p3 (index 2); p1 and p4 touch 2 each, p5 touches 1. After p3
    // the order is p4, p5, p1, p2 — so p4 before p1 on the tie.
    assert_eq!(distribute(2, &[2, 0, 1, 2, 1], 2, 5), [0, 0, 1, 1, 0]);
    assert_eq!(distribute(3, &[2, 0, 1, 2, 1], 2, 5), [1, 0, 1, 1, 0]);
    assert_eq!(distribute(4, &[2, 0, 1, 2, 1], 2, 5), [1, 0, 1, 1, 1]);
    assert_eq!(distribute(5, &[2, 0, 1, 2, 1], 2, 5), [1, 0, 2, 1, 1]);
}

#[test]
fn simultaneous_encirclements_are_removed_together() {
    let kind = BoardKind::Tri8;
    // Player 2 on the apex, player 3 on 1.1 below it, player 1 on 1.0 and
    // all of row 2. Player 1 places 1.2: the apex (1.0, 1.1, 1.2 around
    // it) and 1.1 (the apex and player 1's stones around it) are both
    // encircled, each counting the other as an encircler. Taken one after
    // the other, the second would have a free field; taken together, both
    // go, and player 1 closed both.
    let mut pos = setup(
        kind,
        3,
        &[
            &["1.0", "2.0", "2.1", "2.2", "2.3", "2.4"],
            &["0.0"],
            &["1.1"],
        ],
        0,
    );
    play(&mut pos, "1.2");
    assert!(pos.stones(p(1)).is_empty());
    assert!(pos.stones(p(2)).is_empty());
    assert_eq!(pos.prisoners(p(0), p(1)), 1);
    assert_eq!(pos.prisoners(p(0), p(2)), 1);
    // No push is left to answer: both pushed stones are gone.
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
}

#[test]
fn pass_only_without_a_placement_and_the_end() {
    let kind = BoardKind::Disc5;
    // Player 1 has no stone: no placement, so a pass.
    let pos = setup(kind, 3, &[&[], &["4.0"]], 0);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves, [Move::Pass]);
    // Nobody has a stone: Triampsalm at once.
    let pos = setup(kind, 3, &[], 0);
    assert_eq!(pos.end(), Some(End::Triampsalm));
    assert_eq!(pos.to_act(), ToAct::Nobody);
    assert_eq!(pos.outcome().unwrap().reason, "Triampsalm");
    // A pass where a placement exists is illegal.
    let pos = Position::start(kind, 3).unwrap();
    assert!(pos.parse_move("pass").is_err());
}

#[test]
fn placement_limit_ends_after_the_pushes() {
    let kind = BoardKind::Tri8;
    let mut pos = setup(kind, 3, &[&["1.2"], &["1.0"], &["2.0", "2.1", "2.3"]], 0);
    let text = pos.to_text().replace("placements 0", "placements 255");
    pos = Position::from_text(&text).unwrap();
    play(&mut pos, "0.0");
    assert_eq!(pos.placements(), 256);
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Answer));
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "2.2");
    assert_eq!(pos.end(), Some(End::PlacementLimit));
    assert_eq!(pos.outcome().unwrap().reason, "placement limit");
}

#[test]
fn scores_and_ranks() {
    let text = "shiamgon disc5 4 turn 1 placements 9 stones 4.0,4.2/4.10/-/5.1 prisoners 0,2,0,1/0,0,0,0/1,0,0,0/0,0,0,0";
    let pos = Position::from_text(text).unwrap();
    // Player 1: 2 + 3 − 1 = 4; player 2: 1 − 2 = −1; player 3: 0 + 1 = 1;
    // player 4: 1 − 1 = 0.
    assert_eq!(pos.scores(), [4, -1, 1, 0]);
    let o = Outcome::from_scores(&pos.scores(), "x");
    assert_eq!(
        (0..4).map(|i| o.rank(p(i))).collect::<Vec<_>>(),
        [1, 4, 2, 3]
    );
    let tie = Outcome::from_scores(&[3, 3, 1], "x");
    assert_eq!((tie.rank(p(0)), tie.rank(p(1)), tie.rank(p(2))), (1, 1, 3));
}

#[test]
fn repetition_ignores_prisoners_and_scores_the_board() {
    let a = Position::from_text(
        "shiamgon tri8 3 turn 2 placements 3 stones 0.0/5.0/7.14 prisoners 0,1,0/0,0,0/0,0,0",
    )
    .unwrap();
    let b = Position::from_text(
        "shiamgon tri8 3 turn 2 placements 7 stones 0.0/5.0/7.14 prisoners 0,2,1/0,0,0/0,0,0",
    )
    .unwrap();
    assert_eq!(a.repetition_key(), b.repetition_key());
    assert_ne!(a.hash(), b.hash());
    let o = a.outcome_on_repetition();
    assert_eq!(o.scores(), [2, 0, 1]);
}

#[test]
fn the_pending_push_is_part_of_the_position() {
    let kind = BoardKind::Tri8;
    let mut pos = setup(kind, 3, &[&["1.2"], &["1.0"], &["2.0", "2.1", "2.3"]], 0);
    play(&mut pos, "0.0");
    let text = pos.to_text();
    assert!(text.ends_with("push 0.0"), "{text}");
    assert_eq!(pos.pending_push().map(|(w, _, _)| w), Some(p(1)));
    let back = Position::from_text(&text).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.to_act(), ToAct::Player(p(1), Decision::Answer));
    assert_eq!(names(kind, back.legal_fields()), ["2.2"]);
}

#[test]
fn turn_order_and_start() {
    for (kind, players) in [
        (BoardKind::Tri8, 3),
        (BoardKind::Disc5, 4),
        (BoardKind::Disc10, 5),
    ] {
        let pos = Position::start(kind, players).unwrap();
        assert_eq!(pos.to_act(), ToAct::Player(p(0), Decision::Turn));
        assert_eq!(pos.placements(), 0);
    }
    assert!(Position::start(BoardKind::Tri8, 4).is_err());
    assert!(Position::start(BoardKind::Disc5, 6).is_err());
    // Passes move the turn round: 1 → 2 → 3 → 1.
    let mut pos = setup(BoardKind::Tri8, 3, &[&[], &[], &["4.4"]], 0);
    play(&mut pos, "pass");
    assert_eq!(pos.to_act(), ToAct::Player(p(1), Decision::Turn));
    play(&mut pos, "pass");
    assert_eq!(pos.to_act(), ToAct::Player(p(2), Decision::Turn));
}

#[test]
fn handicap_stones() {
    let pos = Position::with_default_handicap(BoardKind::Disc5, 4, &[1]).unwrap();
    assert_eq!(pos.stones(p(0)).count(), 7);
    assert!(Position::with_default_handicap(BoardKind::Disc10, 3, &[1]).is_err());
    let b = BoardKind::Disc5.board();
    let bad = Position::with_handicap(BoardKind::Disc5, 4, &[vec![b.field("3.3").unwrap()]]);
    assert!(bad.is_err());
}

#[test]
fn hashes_are_stable() {
    // Fixed Zobrist keys: the same value in every run and on every machine.
    let pos = Position::start(BoardKind::Disc5, 3).unwrap();
    assert_eq!(pos.hash(), STABLE_HASH);
    let again = Position::from_text(&pos.to_text()).unwrap();
    assert_eq!(again.hash(), pos.hash());
}

const STABLE_HASH: u64 = 14_905_621_069_951_512_121;
