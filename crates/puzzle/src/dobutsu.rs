//! dobutsu puzzles: made and proven. (Being written.)

use crate::{Made, MakeOptions, Puzzle};

/// Why a dobutsu puzzle does not hold.
#[derive(Debug, thiserror::Error)]
pub enum Refutation {
    /// Not yet proven by anything.
    #[error("dobutsu puzzles cannot be proven yet")]
    Unproven,
}

/// Makes dobutsu puzzles.
pub fn make(
    options: &MakeOptions,
    progress: &(dyn Fn(Made) + Sync),
) -> Result<Vec<Puzzle>, crate::MakeError> {
    let _ = (options, progress);
    Ok(Vec::new())
}

/// Proves a dobutsu puzzle.
pub fn verify(puzzle: &Puzzle) -> Result<(), Refutation> {
    let _ = puzzle;
    Err(Refutation::Unproven)
}
