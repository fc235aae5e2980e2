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
