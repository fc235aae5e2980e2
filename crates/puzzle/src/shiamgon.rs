//! shiamgon puzzles: made and proven. (Being written.)

use crate::{Made, MakeOptions, Puzzle};

/// Why a shiamgon puzzle does not hold.
#[derive(Debug, thiserror::Error)]
pub enum Refutation {
    /// Not yet proven by anything.
    #[error("shiamgon puzzles cannot be proven yet")]
    Unproven,
}

/// Makes shiamgon puzzles.
pub fn make(options: &MakeOptions, progress: &(dyn Fn(Made) + Sync)) -> Vec<Puzzle> {
    let _ = (options, progress);
    Vec::new()
}

/// Proves a shiamgon puzzle.
pub fn verify(puzzle: &Puzzle) -> Result<(), Refutation> {
    let _ = puzzle;
    Err(Refutation::Unproven)
}
