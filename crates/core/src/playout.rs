use rand::Rng;

use crate::{GameRecord, Outcome, Position, ToAct};

/// How a random game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayoutEnd {
    /// The game ended by its rules or by repetition.
    Finished(Outcome),
    /// The ply limit was reached first.
    PlyLimit,
}

/// Picks a chance outcome by its probability.
pub fn sample_chance<P: Position, R: Rng + ?Sized>(pos: &P, rng: &mut R) -> Option<P::Move> {
    let mut outcomes = Vec::new();
    pos.chance_outcomes(&mut outcomes);
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    let mut x = rng.random::<f64>() * total;
    for &(mv, p) in &outcomes {
        if x < p {
            return Some(mv);
        }
        x -= p;
    }
    outcomes.last().map(|&(mv, _)| mv)
}

/// Plays uniformly random legal moves (chance by its probabilities) from
/// `start` until the game ends or `max_plies` decisions were made. `visit`
/// sees every position, the start included, with the move that led to it.
/// Returns the record and how it ended.
pub fn random_game<P: Position, R: Rng + ?Sized>(
    start: P,
    rng: &mut R,
    max_plies: usize,
    mut visit: impl FnMut(&P, Option<P::Move>),
) -> (GameRecord<P>, PlayoutEnd) {
    let mut record = GameRecord::new(start);
    visit(record.position(), None);
    let mut moves = Vec::new();
    loop {
        if let Some(outcome) = record.outcome() {
            return (record, PlayoutEnd::Finished(outcome));
        }
        if record.moves().len() >= max_plies {
            return (record, PlayoutEnd::PlyLimit);
        }
        let mv = if record.to_act() == ToAct::Chance {
            sample_chance(record.position(), rng)
        } else {
            moves.clear();
            record.legal_moves(&mut moves);
            if moves.is_empty() {
                None
            } else {
                Some(moves[rng.random_range(0..moves.len())])
            }
        };
        let Some(mv) = mv else {
            // A game with nobody able to act and no outcome is a bug in the game.
            panic!(
                "{}: no move but no outcome in {}",
                record.position().game_name(),
                record.position().to_text()
            );
        };
        record.play_unchecked(mv);
        visit(record.position(), Some(mv));
    }
}
