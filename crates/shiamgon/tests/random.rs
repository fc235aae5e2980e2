//! 1,000 seeded random games per board and player count: every game ends,
//! stones are conserved (start stones and placements equal the stones on
//! the board and all prisoners), every legal move reads back from its text,
//! and the text of every position reads back equal.

use kyoku_core::{Player, PlayoutEnd, Position as _, random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Move, Position};

fn games(kind: BoardKind, players: usize, n: u64) {
    let start = Position::start(kind, players).unwrap();
    let start_stones: u32 = (0..players)
        .map(|p| start.stones(Player::new(p)).count() as u32)
        .sum();
    let mut ends = std::collections::BTreeMap::new();
    for seed in 0..n {
        let mut rng = seeded_rng(seed ^ (kind as u64) << 40 ^ (players as u64) << 48);
        let mut checked = 0usize;
        let (record, end) = random_game(start.clone(), &mut rng, 100_000, |pos, mv| {
            let on_board = pos.occupied().count() as u32;
            let prisoners: u32 = (0..players)
                .map(|p| pos.prisoners_taken(Player::new(p)))
                .sum();
            assert_eq!(
                start_stones + pos.placements(),
                on_board + prisoners,
                "{kind} {players} seed {seed}: stones not conserved at {}",
                pos.to_text()
            );
            let text = pos.to_text();
            let back = Position::from_text(&text)
                .unwrap_or_else(|e| panic!("{kind} seed {seed}: {text} does not read: {e}"));
            assert_eq!(
                back, *pos,
                "{kind} seed {seed}: {text} reads back different"
            );
            // Every legal move reads back from its text as itself.
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            for &m in &legal {
                assert_eq!(pos.parse_move(&pos.move_to_text(m)), Ok(m));
            }
            if mv == Some(Move::Pass) {
                // A pass only when no placement was legal: the text shows it.
                assert!(pos.end().is_some() || pos.pending_push().is_none());
            }
            checked += 1;
        });
        let PlayoutEnd::Finished(outcome) = end else {
            panic!("{kind} {players} seed {seed}: no end");
        };
        assert_eq!(checked, record.moves().len() + 1);
        // Every end scores the board: stones + prisoners taken − stones lost.
        assert_eq!(outcome.scores(), record.position().scores().as_slice());
        *ends.entry(outcome.reason).or_insert(0u32) += 1;
    }
    eprintln!("{kind} {players}: {ends:?}");
}

#[test]
fn tri8() {
    games(BoardKind::Tri8, 3, 1000);
}

#[test]
fn tri16() {
    games(BoardKind::Tri16, 3, 1000);
}

#[test]
fn disc5() {
    for p in 3..=5 {
        games(BoardKind::Disc5, p, 1000);
    }
}

#[test]
fn disc10() {
    for p in 3..=5 {
        games(BoardKind::Disc10, p, 1000);
    }
}
