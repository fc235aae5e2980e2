//! Retrograde analysis over the whole table, one byte a position.
//!
//! While solving, a byte below [`RESOLVED`] is a counter: how many of the
//! position's moves lead to positions not yet known to be won by the
//! opponent; `RESOLVED + d` is a position whose value is known, at distance
//! `d` plies (odd: won by the side to move, even: lost). Positions are
//! settled level by level (distance 0, 1, 2, …), so the winner's distance is
//! the shortest and the loser's the longest. Moves that leave one's Lion
//! attacked ("blunders", answered by its capture) are never counted: the
//! positions they lead to are wins in 1 known without a look.
//!
//! At the end, counters that never reached zero are draws; the bytes become
//! the file's form: 0 = draw, `d + 1` = distance `d`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::board::{Convention, Status};
use super::bytes::AtomicBytes;
use super::compact::Compact;
use super::preds::{self, SettledCursor};

/// First byte value of a settled position.
pub(crate) const RESOLVED: u8 = 48;
/// Largest distance the solving form can hold.
const MAX_DISTANCE: u32 = (255 - RESOLVED) as u32;

const CHUNK_BITS: u32 = 16;
const CHUNK: u64 = 1 << CHUNK_BITS;

/// What the solver reports while it runs.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// A new phase starts, `total` units long.
    Phase {
        /// Its name.
        name: &'a str,
        /// Units of work.
        total: u64,
    },
    /// Units of work done since the last report.
    Advance(u64),
}

/// Why the solver could not finish.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// A position has more moves than a byte's counter holds.
    #[error("a position has {0} moves, more than the solver's counter holds")]
    TooManyMoves(u32),
    /// A distance does not fit the byte.
    #[error("a distance passed {MAX_DISTANCE} plies, more than a byte holds")]
    TooDeep,
    /// The table's memory could not be reserved.
    #[error("could not reserve memory for the table: {0}")]
    Memory(#[from] std::io::Error),
}

/// Solves every position of the table of `ix` under `conv`; returns the
/// bytes in the file's form (0 = draw, `d + 1` = distance `d`).
pub(crate) fn solve(
    cx: &Compact,
    conv: Convention,
    progress: &(dyn Fn(Event) + Sync),
) -> Result<AtomicBytes, SolveError> {
    let n = cx.size();
    let table = AtomicBytes::new(n as usize)?;
    let nchunks = n.div_ceil(CHUNK) as usize;

    // Initial values: wins in 1, losses in 0 and 2, counters.
    progress(Event::Phase {
        name: "initial values",
        total: n,
    });
    let too_many = AtomicU64::new(0);
    (0..nchunks).into_par_iter().for_each(|ch| {
        let lo = ch as u64 * CHUNK;
        let hi = (lo + CHUNK).min(n);
        // Eight entries at a time, a whole word each (chunks start on one).
        let mut word = [0u8; 8];
        let mut put = |idx: u64, v: u8| {
            word[(idx % 8) as usize] = v;
            if idx % 8 == 7 || idx + 1 == hi {
                table.store8((idx & !7) as usize, word);
                word = [0; 8];
            }
        };
        // A group of positions differing only in the hands shares the
        // board's moves; only the number of drops changes.
        cx.for_each_board(lo, hi, |p, first, end, group| {
            match p.status(conv) {
                // Not numbered: takes the Lion, or not in the table's Lion classes.
                Status::Capture | Status::Arrived | Status::AlreadyWon => {
                    unreachable!("not a numbered position")
                }
                Status::Open => {
                    let (legal0, safe0, wins) = p.count_moves(conv);
                    let empty = (0x0fff & !(p.us | p.them)).count_ones();
                    let unattacked = p.attackers_them(p.lion_us() as usize) == 0;
                    for j in first..end {
                        let drops = group.kinds_in_hand(group.digit + (j - first) as u32) * empty;
                        let legal = legal0 + drops;
                        let safe = safe0 + if unattacked { drops } else { 0 };
                        let v = if wins {
                            RESOLVED + 1
                        } else if legal == 0 {
                            RESOLVED
                        } else if safe == 0 {
                            RESOLVED + 2
                        } else if safe >= RESOLVED as u32 {
                            too_many.fetch_max(safe as u64, Relaxed);
                            0
                        } else {
                            safe as u8
                        };
                        put(j, v);
                    }
                }
            }
        });
        progress(Event::Advance(hi - lo));
    });
    let tm = too_many.load(Relaxed);
    if tm > 0 {
        return Err(SolveError::TooManyMoves(tm as u32));
    }

    // Level by level.
    progress(Event::Phase {
        name: "retrograde",
        total: n,
    });
    let mut cur: Vec<AtomicBool> = (0..nchunks).map(|_| AtomicBool::new(true)).collect();
    let mut next: Vec<AtomicBool> = (0..nchunks).map(|_| AtomicBool::new(false)).collect();
    let mut level: u32 = 0;
    loop {
        if level + 1 > MAX_DISTANCE {
            return Err(SolveError::TooDeep);
        }
        let target = RESOLVED + level as u8;
        let newval = target + 1;
        let found = AtomicU64::new(0);
        let seen = AtomicU64::new(0);
        let win_level = level.is_multiple_of(2);
        // Whether the update settled the position. Counted per chunk and
        // flags read before written: a shared counter or flag written on
        // every update would bounce its cache line between the threads.
        let apply = |qi: u32| -> bool {
            let qi = qi as usize;
            if win_level {
                // A plain read first: most predecessors of a loss are settled
                // already, and a read costs less than a compare-and-swap.
                if table.load(qi) >= RESOLVED || !table.set_if_below(qi, RESOLVED, newval) {
                    return false;
                }
            } else {
                if table.load(qi) >= RESOLVED {
                    return false;
                }
                let old = table.decrement(qi);
                debug_assert!((1..RESOLVED).contains(&old), "counter underflow");
                if old != 1 {
                    return false;
                }
                // Every edge into a counter is taken once: nobody else
                // touches this byte now that it is zero.
                table.fill_zero(qi, newval);
            }
            let flag = &next[qi >> CHUNK_BITS];
            if !flag.load(Relaxed) {
                flag.store(true, Relaxed);
            }
            true
        };
        (0..nchunks)
            .into_par_iter()
            .for_each_init(Stages::default, |st, ch| {
                if !cur[ch].swap(false, Relaxed) && level > 2 {
                    return;
                }
                let lo = ch as u64 * CHUNK;
                let hi = (lo + CHUNK).min(n);
                let mut here = 0;
                let mut settled = 0u64;
                st.pending.clear();
                st.ready.clear();
                table.for_each_equal(lo as usize, hi as usize, target, |idx| {
                    here += 1;
                    st.locate_predecessors(cx, idx as u64);
                    for &qi in st.ready.iter() {
                        settled += apply(qi) as u64;
                    }
                    st.resolve_pending(cx, &table);
                });
                for &qi in st.ready.iter() {
                    settled += apply(qi) as u64;
                }
                st.resolve_pending(cx, &table);
                for &qi in st.ready.iter() {
                    settled += apply(qi) as u64;
                }
                seen.fetch_add(here, Relaxed);
                found.fetch_add(settled, Relaxed);
            });
        progress(Event::Advance(seen.load(Relaxed)));
        std::mem::swap(&mut cur, &mut next);
        if level >= 2 && found.load(Relaxed) == 0 {
            break;
        }
        level += 1;
    }

    // The file's form.
    table.map_words(|v| if v < RESOLVED { 0 } else { v - RESOLVED + 1 });
    Ok(table)
}

/// The predecessors of the entries settled at the current level pass
/// through three stages, one entry apart, so that what each stage reads
/// has been fetched into cache while the entry before was worked on:
/// located (their layout's run start being fetched), pending (the same, one
/// entry older) and ready (numbers known, table words being fetched).
#[derive(Default)]
struct Stages {
    /// This entry's predecessors: layout slot and place in the run.
    located: Vec<(u32, u32)>,
    /// The previous entry's.
    pending: Vec<(u32, u32)>,
    /// The entry before's numbers.
    ready: Vec<u32>,
    cursor: SettledCursor,
}

impl Stages {
    /// Locates the predecessors of the entry `idx` into `located` (see
    /// [`preds::locate_settled`]) and asks for their run starts.
    /// Predecessors without a number take the Lion: won in 1 already,
    /// nothing to update.
    #[inline]
    fn locate_predecessors(&mut self, cx: &Compact, idx: u64) {
        self.located.clear();
        let settled = self.cursor.at(cx, idx);
        preds::locate_settled(cx, settled, &mut self.located);
        for &(l, _) in self.located.iter() {
            cx.prefetch_slot(l);
        }
    }

    /// Turns the pending predecessors into numbers in `ready` (asking for
    /// their table words), and makes this entry's the pending ones.
    #[inline]
    fn resolve_pending(&mut self, cx: &Compact, table: &AtomicBytes) {
        self.ready.clear();
        for &(l, local) in self.pending.iter() {
            let qi = cx.resolve(l, local) as u32;
            table.prefetch(qi as usize);
            self.ready.push(qi);
        }
        std::mem::swap(&mut self.located, &mut self.pending);
    }
}
