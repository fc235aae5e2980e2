//! The paper's figures: a forward search from the start over positions up to
//! the mirror, finished positions counted but not searched further, and the
//! values of what was reached.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::board::{Child, Pos, Status};
use super::retro::Event;
use super::table::{Tablebase, Value};
use crate::position::Position;

/// The figures of the 2009 paper's table, for one convention.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaperCounts {
    /// Positions reached from the start (up to side to move and mirror),
    /// finished ones included.
    pub reachable: u64,
    /// Reached positions whose side to move can take the enemy Lion.
    pub terminal_capture: u64,
    /// Reached positions whose side to move faces an arrived enemy Lion.
    pub terminal_try: u64,
    /// Reached positions not finished.
    pub unfinished: u64,
    /// Unfinished ones won by the side to move.
    pub win: u64,
    /// Unfinished ones drawn.
    pub draw: u64,
    /// Unfinished ones lost by the side to move.
    pub loss: u64,
    /// The start's value.
    pub start: Value,
    /// The longest win among the reached positions, in plies.
    pub longest_win_plies: u32,
    /// Reached positions counted without the mirror identification.
    pub reachable_unmirrored: u64,
}

/// Runs the forward search under the table's convention and counts.
/// Needs about 2 × 107 MB for its two bitmaps.
pub fn paper_counts(tb: &Tablebase, progress: &(dyn Fn(Event) + Sync)) -> PaperCounts {
    let ix = tb.indexer();
    let conv = tb.convention();
    let n = ix.ext_size();
    let words = n.div_ceil(64) as usize;
    let seen: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
        .take(words)
        .collect();
    let done: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
        .take(words)
        .collect();
    let start = Pos::from_position(&Position::startpos()).expect("the start has both Lions");
    let s = ix.index(&start);
    seen[(s / 64) as usize].fetch_or(1 << (s % 64), Relaxed);
    progress(Event::Phase {
        name: "forward search",
        total: 0,
    });
    loop {
        let expanded = AtomicU64::new(0);
        (0..words.div_ceil(1024))
            .into_par_iter()
            .for_each_init(Vec::new, |kids, blk| {
                let mut here = 0;
                for w in blk * 1024..((blk + 1) * 1024).min(words) {
                    let todo = seen[w].load(Relaxed) & !done[w].load(Relaxed);
                    if todo == 0 {
                        continue;
                    }
                    done[w].fetch_or(todo, Relaxed);
                    let mut t = todo;
                    while t != 0 {
                        let b = t.trailing_zeros() as u64;
                        t &= t - 1;
                        here += 1;
                        let p = ix.unrank(w as u64 * 64 + b);
                        if p.status(conv) != Status::Open {
                            continue;
                        }
                        kids.clear();
                        p.children(conv, kids);
                        for c in kids.iter() {
                            if let Child::Pos(q) = c {
                                let qi = ix.index(q);
                                let bit = 1u64 << (qi % 64);
                                let word = &seen[(qi / 64) as usize];
                                if word.load(Relaxed) & bit == 0 {
                                    word.fetch_or(bit, Relaxed);
                                }
                            }
                        }
                    }
                }
                expanded.fetch_add(here, Relaxed);
                progress(Event::Advance(here));
            });
        if expanded.load(Relaxed) == 0 {
            break;
        }
    }
    drop(done);

    progress(Event::Phase {
        name: "counting",
        total: words as u64,
    });
    let zero = || [0u64; 8];
    let sums = (0..words)
        .into_par_iter()
        .fold(zero, |mut a, w| {
            let mut t = seen[w].load(Relaxed);
            while t != 0 {
                let b = t.trailing_zeros() as u64;
                t &= t - 1;
                let idx = w as u64 * 64 + b;
                let p = ix.unrank(idx);
                // Both mirror images of a position whose Lions stand on the
                // middle file have numbers, and the search may have reached
                // either or both: count the smaller one reached.
                let (cls, _) = ix.class_of(&p);
                if ix.class_sym(cls) {
                    let mi = ix.index(&p.mirror());
                    if mi < idx && seen[(mi / 64) as usize].load(Relaxed) & (1 << (mi % 64)) != 0 {
                        continue;
                    }
                }
                a[0] += 1;
                a[7] += (p.mirror() == p) as u64;
                match p.status(conv) {
                    Status::Capture => a[1] += 1,
                    Status::Arrived => a[2] += 1,
                    Status::AlreadyWon => a[6] += 1,
                    Status::Open => match tb.value_of(&p) {
                        Value::Win(d) => {
                            a[3] += 1;
                            a[5] = a[5].max(d as u64);
                        }
                        Value::Draw => a[4] += 1,
                        Value::Loss(_) => {}
                    },
                }
            }
            if w % 65536 == 0 {
                progress(Event::Advance(65536));
            }
            a
        })
        .reduce(zero, |mut a, b| {
            for i in 0..8 {
                a[i] = if i == 5 { a[i].max(b[i]) } else { a[i] + b[i] };
            }
            a
        });
    let unfinished = sums[0] - sums[1] - sums[2] - sums[6];
    PaperCounts {
        reachable: sums[0],
        terminal_capture: sums[1],
        terminal_try: sums[2],
        unfinished,
        win: sums[3],
        draw: sums[4],
        loss: unfinished - sums[3] - sums[4],
        start: tb.value_of(&start),
        longest_win_plies: sums[5] as u32,
        reachable_unmirrored: 2 * sums[0] - sums[7],
    }
}
