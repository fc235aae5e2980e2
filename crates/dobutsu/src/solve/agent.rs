//! Perfect play from the table: the player `perfect` and move analysis.

use std::sync::{Arc, Mutex};

use kyoku_core::{Agent, GameRecord, Position as _, SeededRng, seeded_rng};
use rand::Rng;

use super::board::Convention;
use super::table::{TableError, Tablebase, Value};
use crate::moves::Move;
use crate::position::Position;

/// The default table of the product's rules, opened once per process (the
/// file is memory-mapped, so its pages load only as positions are looked up).
pub fn shared_table() -> Result<Arc<Tablebase>, TableError> {
    static TABLE: Mutex<Option<Arc<Tablebase>>> = Mutex::new(None);
    let mut t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(tb) = t.as_ref() {
        return Ok(tb.clone());
    }
    // Failures are not kept: the table may be built while the process runs.
    let tb = Arc::new(Tablebase::open_default(Convention::Seed)?);
    *t = Some(tb.clone());
    Ok(tb)
}

/// Every legal move of `pos` with its value for the side to move, best
/// first (fastest win, then draws, then slowest loss; ties in move order).
/// Empty when the game is over.
pub fn analyze(tb: &Tablebase, pos: &Position) -> Vec<(Move, Value)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<(Move, Value)> = moves
        .into_iter()
        .map(|m| {
            let mut c = *pos;
            c.play_unchecked(m);
            // A move that ends the game wins it (no move loses on the spot).
            let v = match tb.value(&c) {
                None => Value::Win(1),
                Some(v) => v.parent(),
            };
            (m, v)
        })
        .collect();
    out.sort_by_key(|&(_, v)| std::cmp::Reverse(v.score()));
    out
}

/// Plays perfectly by the table of the product's rules: wins as fast as
/// possible, loses as slowly as possible, and picks among equal moves by its
/// seed. Repetition is not looked at (a drawn position stays drawn).
pub struct PerfectAgent {
    table: Arc<Tablebase>,
    rng: SeededRng,
}

impl PerfectAgent {
    /// A perfect player over a table (which must be of the `seed` convention).
    pub fn new(table: Arc<Tablebase>, seed: u64) -> PerfectAgent {
        PerfectAgent {
            table,
            rng: seeded_rng(seed),
        }
    }
}

impl Agent<Position> for PerfectAgent {
    fn spec(&self) -> String {
        "perfect".into()
    }

    fn choose(&mut self, record: &GameRecord<Position>) -> Option<Move> {
        let pos = record.position();
        if pos.result().is_some() {
            return None;
        }
        let moves = analyze(&self.table, pos);
        let best = moves.first()?.1;
        let ties = moves.iter().take_while(|(_, v)| *v == best).count();
        Some(moves[self.rng.random_range(0..ties)].0)
    }
}

/// The `perfect` player for the player registry: loads the default table
/// (memory-mapped); when it is missing, the error says in one line how to
/// build it.
pub fn perfect_agent(seed: u64) -> Result<Box<dyn Agent<Position>>, TableError> {
    let table = shared_table()?;
    Ok(Box::new(PerfectAgent::new(table, seed)))
}
