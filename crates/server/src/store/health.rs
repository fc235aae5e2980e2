//! Whether the database is away: learnt from the answers of the store's
//! operations (a change, the keeper's look for due games, the readiness
//! probe), told to whoever watches (WebSockets, flag timers), counted in
//! the metrics, and remembered as outages so that clocks are not charged
//! for them.

use std::collections::VecDeque;
use std::sync::Mutex;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use tokio::sync::watch;

use super::StoreError;

/// How many past outages are remembered (for the log and tests; clocks
/// need only the last).
const REMEMBERED: usize = 64;

/// The label of a store error counter: its kind.
pub type KindLabel = [(&'static str, &'static str); 1];

/// A time the database was away, in Unix ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outage {
    /// The first failure.
    pub from: u64,
    /// The first answer after it.
    pub to: u64,
}

/// Whether the store answers, as watchers are told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreStatus {
    /// It answers.
    Ok,
    /// It is away: changes are refused with 503 `unavailable`.
    Unavailable,
}

impl StoreStatus {
    /// The status as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            StoreStatus::Ok => "ok",
            StoreStatus::Unavailable => "unavailable",
        }
    }
}

#[derive(Debug, Default)]
struct State {
    /// Since when it is away (Unix ms), while it is.
    away_since: Option<u64>,
    /// The last outages, oldest first.
    past: VecDeque<Outage>,
}

/// The store's health as its answers tell it.
#[derive(Debug)]
pub struct StoreHealth {
    state: Mutex<State>,
    status: watch::Sender<StoreStatus>,
    errors: Family<KindLabel, Counter>,
    reconnects: Counter,
}

impl Default for StoreHealth {
    fn default() -> Self {
        StoreHealth::new(Family::default(), Counter::default())
    }
}

/// Now, in Unix ms.
fn now_ms() -> u64 {
    crate::time::now_ms().max(0) as u64
}

impl StoreHealth {
    /// A healthy store; failures are counted in `errors` by kind, returns
    /// after an outage in `reconnects`.
    pub fn new(errors: Family<KindLabel, Counter>, reconnects: Counter) -> StoreHealth {
        StoreHealth {
            state: Mutex::new(State::default()),
            status: watch::channel(StoreStatus::Ok).0,
            errors,
            reconnects,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Learns from one operation's answer.
    pub fn note<T>(&self, r: &Result<T, StoreError>) {
        match r {
            Ok(_) => self.answered(now_ms()),
            Err(e) => self.failed(e, now_ms()),
        }
    }

    /// The store answered at `at`: an outage, if one was under way, ends.
    pub fn answered(&self, at: u64) {
        let mut s = self.lock();
        let Some(from) = s.away_since.take() else {
            return;
        };
        s.past.push_back(Outage { from, to: at });
        if s.past.len() > REMEMBERED {
            s.past.pop_front();
        }
        drop(s);
        self.reconnects.inc();
        tracing::info!(
            away_ms = at.saturating_sub(from),
            "the database answers again; changes are accepted"
        );
        self.status.send_replace(StoreStatus::Ok);
    }

    /// The store failed at `at`: counted; when it is away, an outage
    /// begins (if none is under way).
    pub fn failed(&self, e: &StoreError, at: u64) {
        let kind = match e {
            // A change that came second, a newer schema: not the store's
            // health.
            StoreError::Conflict | StoreError::NewerSchema { .. } => return,
            StoreError::Unavailable(_) => "unavailable",
            StoreError::InDoubt(_) => "in_doubt",
            StoreError::Busy(_) => "busy",
            StoreError::Connect(_) => "connect",
            StoreError::Failed(_) => "failed",
        };
        self.errors.get_or_create(&[("kind", kind)]).inc();
        if !e.is_unavailable() {
            return;
        }
        let mut s = self.lock();
        if s.away_since.is_some() {
            return;
        }
        s.away_since = Some(at);
        drop(s);
        tracing::warn!(error = %e, "the database is away; changes are refused with 503 until it answers");
        self.status.send_replace(StoreStatus::Unavailable);
    }

    /// Since when the store is away (Unix ms), while it is.
    pub fn away_since(&self) -> Option<u64> {
        self.lock().away_since
    }

    /// The last outage that is over.
    pub fn last_outage(&self) -> Option<Outage> {
        self.lock().past.back().copied()
    }

    /// Told of every change of status.
    pub fn subscribe(&self) -> watch::Receiver<StoreStatus> {
        self.status.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outage_runs_from_the_first_failure_to_the_first_answer() {
        let h = StoreHealth::default();
        let mut told = h.subscribe();
        h.failed(&StoreError::Busy("full".into()), 5);
        assert_eq!(h.away_since(), None, "busy is not away");
        h.failed(&StoreError::Unavailable("gone".into()), 10);
        h.failed(&StoreError::Unavailable("still gone".into()), 20);
        assert_eq!(h.away_since(), Some(10));
        assert!(told.has_changed().unwrap());
        assert_eq!(*told.borrow_and_update(), StoreStatus::Unavailable);
        h.answered(30);
        h.answered(40);
        assert_eq!(h.away_since(), None);
        assert_eq!(*told.borrow_and_update(), StoreStatus::Ok);
        assert_eq!(h.last_outage(), Some(Outage { from: 10, to: 30 }));
        assert_eq!(h.reconnects.get(), 1);
        assert_eq!(h.errors.get_or_create(&[("kind", "unavailable")]).get(), 2);
    }
}
