//! How long to think, from what `go` says: a fixed move time, or a share of
//! the clock by the rule every kyoku program uses ([`kyoku_ai::clock`]),
//! with the GUI's own latency per move added to kyoku's.

use std::time::Duration;

use kyoku_ai::clock::{self, OWN_LATENCY};
use kyoku_core::TimeLeft;

use crate::protocol::Go;

/// The time to search for the side `side` (0 = first player, whose clock is
/// `wtime`), or `None` when `go` gives no time (a node, depth or infinite
/// search). `overhead_ms` is the GUI's latency per move (option `Move
/// Overhead`). Never more than half of what is left (all but a margin with
/// one move to the time control), so a game at 1+0 cannot be lost on time;
/// never zero, so a move is always found.
pub fn budget(go: &Go, side: usize, overhead_ms: u64) -> Option<Duration> {
    if go.infinite || go.ponder {
        return None;
    }
    let overhead = Duration::from_millis(overhead_ms);
    if let Some(mt) = go.movetime {
        let t = Duration::from_millis(mt).saturating_sub(overhead.saturating_add(OWN_LATENCY));
        return Some(t.max(clock::MIN_THINK));
    }
    let (left, inc) = if side == 0 {
        (go.wtime?, go.winc.unwrap_or(0))
    } else {
        (go.btime?, go.binc.unwrap_or(0))
    };
    let time = TimeLeft {
        remaining: Duration::from_millis(left),
        increment: Duration::from_millis(inc),
    };
    Some(clock::budget(time, overhead, go.movestogo))
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
        assert_eq!(b0, Duration::from_millis(60_000 - 11 * 20) / 25);
        assert!(budget(&Go::default(), 0, 1).is_none());
    }

    #[test]
    fn the_same_rule_as_the_programs() {
        // Without a GUI overhead or `movestogo`, `go wtime` thinks exactly
        // as long as `ai:LEVEL` on the same clock in a session.
        for (left, inc) in [(1_000, 0), (60_000, 2_000), (150, 0)] {
            let t = TimeLeft {
                remaining: Duration::from_millis(left),
                increment: Duration::from_millis(inc),
            };
            assert_eq!(
                budget(&clock(left, left, inc), 0, 0),
                Some(clock::think_time(t))
            );
        }
    }

    #[test]
    fn one_move_to_go_may_spend_most() {
        let go = Go {
            movestogo: Some(1),
            ..clock(10_000, 10_000, 0)
        };
        let t = budget(&go, 0, 0).unwrap();
        assert_eq!(t, Duration::from_millis(10_000 - 200) * 9 / 10);
    }

    #[test]
    fn a_game_at_one_minute_never_runs_out() {
        // Spend every budget in full plus the GUI's 1 ms and 5 ms of our own
        // per move, for 150 moves (a long game of either variant).
        let mut left: u64 = 60_000;
        for _ in 0..150 {
            let b = budget(&clock(left, left, 0), 0, 1).unwrap().as_millis() as u64;
            let spent = b + 1 + OWN_LATENCY.as_millis() as u64 / 2;
            assert!(spent < left, "spent {spent} of {left}");
            left -= spent;
        }
        // And with almost nothing left, still a positive time.
        let b = budget(&clock(15, 15, 0), 0, 1).unwrap();
        assert_eq!(b, Duration::from_millis(1));
    }
}
