//! Precomputed masks: the squares a path of exactly `n` may end on, and the
//! squares between two squares along each of the (at most two) paths.

/// `RING[n][s]`: the squares at Manhattan distance exactly `n` (0–4) from
/// `s`. A path of `n` steps with at most one right-angle turn and no
/// reversing ends exactly there, and every such square has a path to it.
pub(crate) const RING: [[u64; 64]; 5] = {
    let mut t = [[0u64; 64]; 5];
    let mut s = 0;
    while s < 64 {
        let (sx, sy) = ((s % 8) as i32, (s / 8) as i32);
        let mut q: usize = 0;
        while q < 64 {
            let (qx, qy) = ((q % 8) as i32, (q / 8) as i32);
            let d = (sx - qx).abs() + (sy - qy).abs();
            if d <= 4 {
                t[d as usize][s] |= 1u64 << q;
            }
            q += 1;
        }
        s += 1;
    }
    t
};

/// `BETWEEN[s][t]`: the squares passed over (ends excluded) on the path from
/// `s` to `t` that goes along the rank first, and on the one that goes along
/// the file first. Equal for a straight line. Meaningful when `s` and `t` are
/// at most 4 apart; a path is clear when one mask misses every piece.
pub(crate) static BETWEEN: [[[u64; 2]; 64]; 64] = {
    let mut t = [[[0u64; 2]; 64]; 64];
    let mut s = 0;
    while s < 64 {
        let (sx, sy) = ((s % 8) as i32, (s / 8) as i32);
        let mut q = 0;
        while q < 64 {
            let (qx, qy) = ((q % 8) as i32, (q / 8) as i32);
            t[s][q][0] = path((sx, sy), (qx, qy), true);
            t[s][q][1] = path((sx, sy), (qx, qy), false);
            q += 1;
        }
        s += 1;
    }
    t
};

/// The squares passed over (ends excluded) from `(sx, sy)` to `(qx, qy)`:
/// along the rank first, (sx, sy) → (qx, sy) → (qx, qy), when `rank_first`;
/// else along the file first, (sx, sy) → (sx, qy) → (qx, qy).
const fn path((sx, sy): (i32, i32), (qx, qy): (i32, i32), rank_first: bool) -> u64 {
    let dx = (qx - sx).signum();
    let dy = (qy - sy).signum();
    let mut m = 0u64;
    let mut x = sx;
    let mut y = sy;
    loop {
        // One step at a time: along the first line until it is done.
        let along_rank = if rank_first { x != qx } else { y == qy };
        if along_rank {
            x += dx;
        } else {
            y += dy;
        }
        if x == qx && y == qy {
            break;
        }
        m |= 1u64 << (y * 8 + x);
    }
    m
}

/// Whether a piece on `s` has a clear path to `t` (which must be in a ring
/// of `s`) with `occ` occupied.
#[inline(always)]
pub(crate) fn clear(s: usize, t: usize, occ: u64) -> bool {
    let [a, b] = BETWEEN[s][t];
    occ & a == 0 || occ & b == 0
}
