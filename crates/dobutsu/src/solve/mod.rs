//! The strong solution of Dōbutsu Shōgi: every legal position's value and
//! distance, by retrograde analysis, in a table of one byte a position (the
//! positions whose side to move can take the Lion need none).
//!
//! Two conventions: the product's rules ([`Convention::Seed`]) and the 2009
//! paper's ([`Convention::Tanaka`], to check the solver against its figures;
//! see [`paper_counts`]).

mod agent;
mod board;
mod bytes;
mod compact;
mod index;
mod preds;
mod reach;
mod retro;
mod table;

use std::path::Path;
use std::sync::Arc;

use kyoku_core::Position as _;
use rayon::prelude::*;

pub use agent::{PerfectAgent, analyze, perfect_agent, shared_table};
pub use board::{Convention, UnknownConvention};
pub use reach::{PaperCounts, paper_counts};
pub use retro::{Event, SolveError};
pub use table::{
    FORMAT_VERSION, HEADER_LEN, TableError, Tablebase, Value, checksum, checksum_of, data_dir,
    default_path,
};

use board::{Child, Pos};
use compact::Compact;
use index::Indexer;

/// An entry of a table whose stored value is not what a one-ply search over
/// its children's stored values gives: the table is wrong (or damaged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("entry {index} ({position}): stored {stored}, one-ply search {search}")]
pub struct Mismatch {
    /// The entry's index in the table.
    pub index: u64,
    /// The entry's position, as text (Sente to move).
    pub position: String,
    /// The value stored.
    pub stored: Value,
    /// The value the one-ply search gives.
    pub search: Value,
}

/// Solves the whole game under `conv` (in memory; [`Tablebase::write`]
/// saves it). Uses rayon's current thread pool.
pub fn solve(conv: Convention, progress: &(dyn Fn(Event) + Sync)) -> Result<Tablebase, SolveError> {
    let cx = Compact::full();
    let entries = retro::solve(&cx, conv, progress)?;
    Ok(Tablebase::from_entries(conv, cx, entries))
}

/// Solves a smaller game: the two Lions and `material` Giraffes, Elephants
/// and Chicks (0–2 each). For checks against other methods.
pub fn solve_material(material: [u8; 3], conv: Convention) -> Result<Tablebase, SolveError> {
    let cx = Arc::new(Compact::new(Arc::new(Indexer::new(material))));
    let entries = retro::solve(&cx, conv, &|_| {})?;
    Ok(Tablebase::from_entries(conv, cx, entries))
}

/// How the table's positions divide (those whose side to move takes the
/// Lion, which the file leaves out, counted as the wins in 1 they are).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Entries in the table.
    pub positions: u64,
    /// Won by the side to move.
    pub win: u64,
    /// Drawn.
    pub draw: u64,
    /// Lost by the side to move.
    pub loss: u64,
    /// The longest win, in plies.
    pub longest_win: u32,
    /// The longest loss, in plies.
    pub longest_loss: u32,
}

impl Tablebase {
    /// Saves the table to `path` (written to a temporary name, then renamed);
    /// returns the checksum.
    pub fn write(&self, path: &Path) -> Result<u64, TableError> {
        match self.owned() {
            Some(e) => table::write_table(path, self.convention(), self.material(), e),
            None => Err(TableError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::other("a mapped table is already on disk"),
            }),
        }
    }

    /// Counts wins, draws and losses over every entry.
    pub fn summary(&self) -> Summary {
        let n = self.len();
        let chunks = n.div_ceil(1 << 20);
        let hist: [u64; 256] = (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut h = [0u64; 256];
                for i in c << 20..((c + 1) << 20).min(n) {
                    h[self.entry(i) as usize] += 1;
                }
                h
            })
            .reduce(
                || [0u64; 256],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            );
        let captures = self.compact().captures();
        let mut s = Summary {
            positions: n + captures,
            win: captures,
            longest_win: if captures > 0 { 1 } else { 0 },
            ..Summary::default()
        };
        for (b, &c) in hist.iter().enumerate() {
            if c == 0 {
                continue;
            }
            match Value::from_byte(b as u8) {
                Value::Win(d) => {
                    s.win += c;
                    s.longest_win = s.longest_win.max(d);
                }
                Value::Loss(d) => {
                    s.loss += c;
                    s.longest_loss = s.longest_loss.max(d);
                }
                Value::Draw => s.draw += c,
            }
        }
        s
    }

    /// The value one ply of search gives a table position: the best over
    /// its moves of the children's stored values.
    fn minimax(&self, p: &Pos, children: &mut Vec<Child>) -> Value {
        children.clear();
        p.children(self.convention(), children);
        let mut best: Option<Value> = None;
        for c in children.iter() {
            let v = match c {
                Child::Win => Value::Win(1),
                Child::Pos(q) => self.value_of(q).parent(),
            };
            if best.is_none_or(|b| v.score() > b.score()) {
                best = Some(v);
            }
        }
        // No move at all: lost on the spot.
        best.unwrap_or(Value::Loss(0))
    }

    /// Checks `samples` entries picked by `seed` (all of them if `samples`
    /// is at least the table's size): the stored value must equal the
    /// one-ply minimax over the stored values of the children. Returns the
    /// number checked, or the first mismatch found.
    pub fn verify(&self, samples: u64, seed: u64) -> Result<u64, Mismatch> {
        let n = self.len();
        let all = samples >= n;
        let count = if all { n } else { samples };
        (0..count)
            .into_par_iter()
            .map_init(Vec::new, |children, k| {
                let idx = if all {
                    k
                } else {
                    // A seeded mix of the sample number: spread over the table.
                    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                    (z ^ (z >> 31)) % n
                };
                let p = self.compact().unrank(idx);
                let stored = self.value_of(&p);
                let search = self.minimax(&p, children);
                if stored == search {
                    Ok(())
                } else {
                    Err(Mismatch {
                        index: idx,
                        position: p.to_position(crate::Color::Sente).to_text(),
                        stored,
                        search,
                    })
                }
            })
            .collect::<Result<Vec<()>, Mismatch>>()?;
        Ok(count)
    }
}
