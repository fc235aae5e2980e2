//! The server's life as operators see it: started, closing, the changes
//! under way, the metrics, and the signal that closes every WebSocket.
//! What operators reach over HTTP, and the drain at shutdown, is
//! `operators.rs`, which reads this state.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::watch;

use crate::error::ApiError;
use crate::metrics::Metrics;

/// How long `/readyz` waits for the store's answer: its probe takes three
/// round trips (begin, query, commit), 1.2 s over a path 200 ms slower
/// each way that still acknowledges moves; 3 s allows that and a wait for
/// a connection, and stays under the store's own 5 s answer bound.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(3);

/// The WebSocket close code of a server going away (RFC 6455).
pub const GOING_AWAY: u16 = 1001;

/// The server's life as operators see it, and its metrics.
#[derive(Debug)]
pub struct Ops {
    /// Every metric.
    pub metrics: Metrics,
    /// Start-up is over (games restored, programs resumed).
    pub(crate) started: AtomicBool,
    /// The shutdown has begun: no new change is accepted.
    pub(crate) closing: AtomicBool,
    /// Changes (moves, actions, joins, new games) under way.
    pub(crate) changes: AtomicUsize,
    /// Whether the last readiness check passed (to log changes only).
    pub(crate) was_ready: AtomicBool,
    /// Turns `true` when every WebSocket must close.
    pub(crate) going_away: watch::Sender<bool>,
}

impl Default for Ops {
    fn default() -> Self {
        Ops {
            metrics: Metrics::new(),
            started: AtomicBool::new(false),
            closing: AtomicBool::new(false),
            changes: AtomicUsize::new(0),
            was_ready: AtomicBool::new(true),
            going_away: watch::channel(false).0,
        }
    }
}

/// A change's place among those under way; given back when dropped.
pub struct ChangePass(Arc<Ops>);

impl Drop for ChangePass {
    fn drop(&mut self) {
        self.0.changes.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a shutdown left undone when its grace ran out.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Drained {
    /// Changes still under way.
    pub changes_left: usize,
    /// WebSocket connections still open.
    pub sockets_left: usize,
}

impl Ops {
    /// Start-up is over: `/readyz` may answer 200.
    pub fn set_started(&self) {
        self.started.store(true, Ordering::SeqCst);
    }

    /// A place for one more change, or 503 `unavailable` once the shutdown
    /// has begun (the client retries on another instance or after the
    /// restart; nothing was stored).
    pub fn enter(self: &Arc<Self>) -> Result<ChangePass, ApiError> {
        // Counted before the check: the shutdown sets `closing` and then
        // waits for the count, so no change slips between the two.
        self.changes.fetch_add(1, Ordering::SeqCst);
        let pass = ChangePass(self.clone());
        if self.closing.load(Ordering::SeqCst) {
            return Err(ApiError::unavailable(
                "the server is shutting down; try again in a moment",
            ));
        }
        Ok(pass)
    }

    /// Turns `true` when the WebSocket connections must close.
    pub fn going_away(&self) -> watch::Receiver<bool> {
        self.going_away.subscribe()
    }

    /// Begins the shutdown: no new change is accepted.
    pub(crate) fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    /// Whether the shutdown has begun.
    pub fn closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_counted_and_refused_once_closing() {
        let ops = Arc::new(Ops::default());
        let a = ops.enter().expect("open for changes");
        let b = ops.enter().expect("open for changes");
        assert_eq!(ops.changes.load(Ordering::SeqCst), 2);
        ops.closing.store(true, Ordering::SeqCst);
        let refused = ops.enter().err().expect("refused while closing");
        assert_eq!(refused.code, "unavailable");
        assert_eq!(
            ops.changes.load(Ordering::SeqCst),
            2,
            "a refusal leaves no count"
        );
        drop((a, b));
        assert_eq!(ops.changes.load(Ordering::SeqCst), 0);
    }
}
