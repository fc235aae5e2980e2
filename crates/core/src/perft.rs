use crate::Position;

/// The number of move sequences of length `depth` from `pos` (every decision
/// counts: moves, answers out of turn, chance outcomes). Leaves are counted
/// in bulk with [`Position::count_legal_moves`].
///
/// ```
/// # use kyoku_core::perft;
/// # fn demo<P: kyoku_core::Position>(p: &P) { let _ = perft(p, 3); }
/// ```
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<P::Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_inner(pos, depth, &mut buffers)
}

fn perft_inner<P: Position>(pos: &P, depth: u32, buffers: &mut [Vec<P::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per depth");
            moves.clear();
            pos.legal_moves(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                total += perft_inner(&child, depth - 1, rest);
            }
            total
        }
    }
}

/// Perft split by the first move: each legal move with the count below it,
/// in move-generation order. Depth 0 gives an empty list.
pub fn perft_divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

/// A line of a perft suite that is malformed, names a position that does
/// not read, or whose count perft does not reproduce.
#[derive(Debug, thiserror::Error)]
pub enum PerftSuiteError {
    /// The line is not `TEXT ; DEPTH=COUNT ; …` with whole numbers.
    #[error("line {line}: {entry:?} is not DEPTH=COUNT with whole numbers")]
    Entry {
        /// The line's number (1-based) in the suite.
        line: usize,
        /// The entry that does not read.
        entry: String,
    },
    /// The position text does not read.
    #[error("line {line}: position {text:?} does not read: {reason}")]
    Position {
        /// The line's number (1-based) in the suite.
        line: usize,
        /// The position's text.
        text: String,
        /// Why it does not read.
        reason: String,
    },
    /// Perft counts something else than the suite says.
    #[error("line {line}: {text} at depth {depth}: perft counts {got}, the suite says {want}")]
    Count {
        /// The line's number (1-based) in the suite.
        line: usize,
        /// The position's text.
        text: String,
        /// The depth counted.
        depth: u32,
        /// What the suite says.
        want: u64,
        /// What perft counted.
        got: u64,
    },
}

/// A perft suite that [`check_perft_suite`] found right.
#[derive(Debug)]
pub struct PerftSuite<'a, P> {
    /// Each position of the suite with its text, in the suite's order.
    pub positions: Vec<(&'a str, P)>,
    /// How many counts were checked.
    pub checked: usize,
}

/// Checks a perft suite: one position a line as `TEXT ; DEPTH=COUNT ; …`
/// (blank lines and lines starting with `#` are passed over), each count
/// by [`perft`]. The first line that fails is the error.
pub fn check_perft_suite<P: Position>(suite: &str) -> Result<PerftSuite<'_, P>, PerftSuiteError> {
    let mut positions = Vec::new();
    let mut checked = 0;
    for (i, line) in suite.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';').map(str::trim);
        let text = parts.next().unwrap_or("");
        let pos = P::from_text(text).map_err(|e| PerftSuiteError::Position {
            line: i,
            text: text.to_string(),
            reason: e.to_string(),
        })?;
        for entry in parts {
            let bad = || PerftSuiteError::Entry {
                line: i,
                entry: entry.to_string(),
            };
            let (d, n) = entry.split_once('=').ok_or_else(bad)?;
            let depth: u32 = d.trim().parse().map_err(|_| bad())?;
            let want: u64 = n.trim().parse().map_err(|_| bad())?;
            let got = perft(&pos, depth);
            if got != want {
                let text = text.to_string();
                return Err(PerftSuiteError::Count {
                    line: i,
                    text,
                    depth,
                    want,
                    got,
                });
            }
            checked += 1;
        }
        positions.push((text, pos));
    }
    Ok(PerftSuite { positions, checked })
}
