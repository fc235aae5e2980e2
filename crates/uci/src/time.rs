//! How long to think, from what `go` says: a fixed move time, or a share of
//! the clock that leaves room for the GUI's and kyoku's own latency.

use std::time::Duration;

use crate::protocol::Go;

/// kyoku's own latency per move (reading the command, starting the
/// search thread, checking the clock only every 1024 nodes, writing the
/// answer), kept on top of the GUI's move overhead.
pub const OWN_LATENCY_MS: u64 = 10;

/// How many moves' overheads the clock keeps back.
pub const RESERVE_MOVES: u64 = 20;

/// Moves assumed still to come when the GUI does not say (`movestogo`).
pub const DEFAULT_MOVES_TO_GO: u64 = 25;

/// The time to search for the side `side` (0 = first player, whose clock is
/// `wtime`), or `None` when `go` gives no time (a node, depth or infinite
/// search). `overhead_ms` is the GUI's latency per move (option `Move
/// Overhead`). Never more than half of what is left, so a game at 1+0
/// cannot be lost on time; never zero, so a move is always found.
pub fn budget(go: &Go, side: usize, overhead_ms: u64) -> Option<Duration> {
    if go.infinite || go.ponder {
        return None;
    }
    if let Some(mt) = go.movetime {
        let ms = mt.saturating_sub(overhead_ms + OWN_LATENCY_MS).max(1);
        return Some(Duration::from_millis(ms));
    }
    let (left, inc) = if side == 0 {
        (go.wtime?, go.winc.unwrap_or(0))
    } else {
        (go.btime?, go.binc.unwrap_or(0))
    };
    // Kept back: the overheads of this move and of many more, so that when
    // the clock is nearly gone the fixed costs per move can still be paid.
    let usable = left.saturating_sub((overhead_ms + OWN_LATENCY_MS) * RESERVE_MOVES);
    let to_go = go.movestogo.map_or(DEFAULT_MOVES_TO_GO, |m| {
        (m as u64).clamp(1, DEFAULT_MOVES_TO_GO)
    });
    let share = usable / to_go + inc * 3 / 4;
    // With one move to the control all but a margin may go; else at most half.
    let cap = if to_go == 1 {
        usable * 9 / 10
    } else {
        usable / 2
    };
    Some(Duration::from_millis(share.min(cap).max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(w: u64, b: u64, inc: u64) -> Go {
        Go {
            wtime: Some(w),
            btime: Some(b),
            winc: Some(inc),
            binc: Some(inc),
            ..Go::default()
        }
    }

    #[test]
    fn movetime_less_the_overheads() {
        let go = Go {
            movetime: Some(500),
            ..Go::default()
        };
        assert_eq!(budget(&go, 0, 30), Some(Duration::from_millis(460)));
        let go = Go {
            movetime: Some(5),
            ..Go::default()
        };
        assert_eq!(budget(&go, 0, 30), Some(Duration::from_millis(1)));
    }

    #[test]
    fn a_share_of_the_right_clock() {
        let b0 = budget(&clock(60_000, 1_000, 0), 0, 1).unwrap();
        let b1 = budget(&clock(60_000, 1_000, 0), 1, 1).unwrap();
        assert!(b0 > b1);
        assert_eq!(b0, Duration::from_millis((60_000 - 11 * 20) / 25));
        assert!(budget(&Go::default(), 0, 1).is_none());
    }

    #[test]
    fn a_game_at_one_minute_never_runs_out() {
        // Spend every budget in full plus the GUI's 1 ms and 5 ms of our own
        // per move, for 150 moves (a long game of either variant).
        let mut left: u64 = 60_000;
        for _ in 0..150 {
            let b = budget(&clock(left, left, 0), 0, 1).unwrap().as_millis() as u64;
            let spent = b + 1 + OWN_LATENCY_MS / 2;
            assert!(spent < left, "spent {spent} of {left}");
            left -= spent;
        }
        // And with almost nothing left, still a positive time.
        let b = budget(&clock(15, 15, 0), 0, 1).unwrap();
        assert_eq!(b, Duration::from_millis(1));
    }
}
