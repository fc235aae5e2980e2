//! The server's Prometheus metrics, served at `GET /metrics` in the
//! OpenMetrics text format.
//!
//! Counters and histograms are updated where things happen (a few lines at
//! each place); gauges that are cheap to read off the server's state
//! (games in memory, WebSocket connections) are set when scraped, so no
//! code path can forget to update them.

use std::sync::atomic::AtomicI64;
use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// The label of a request counter: its status class (`2xx` … `5xx`).
type ClassLabel = [(&'static str, &'static str); 1];

/// Every metric, and the registry that encodes them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Games held in memory (set when scraped).
    pub games_in_memory: Gauge<i64, AtomicI64>,
    /// Open WebSocket connections (set when scraped).
    pub websockets_open: Gauge<i64, AtomicI64>,
    /// Stored games this kyoku cannot replay (set when scraped).
    pub games_unreplayable: Gauge<i64, AtomicI64>,
    /// Moves committed to the store (players', programs' and chance's).
    pub moves: Counter,
    /// Program seats waiting for a thread of the pool.
    pub programs_queued: Gauge<i64, AtomicI64>,
    /// Program seats thinking now.
    pub programs_thinking: Gauge<i64, AtomicI64>,
    /// How long a write waited until it was durable, in seconds (queue
    /// and group commit together: what a move waits for).
    pub commit_seconds: Histogram,
    /// How late after its deadline a flag fall was decided, in seconds.
    pub flag_lag_seconds: Histogram,
    /// HTTP answers by status class.
    pub http_requests: Family<ClassLabel, Counter>,
    /// Store failures by kind (`unavailable`, `busy`, `in_doubt`, …).
    pub store_errors: Family<crate::store::KindLabel, Counter>,
    /// Returns of the database after it was away.
    pub store_reconnects: Counter,
    /// 1 while the database is away (set when scraped).
    pub store_away: Gauge<i64, AtomicI64>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered under `kyoku_`.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("kyoku");
        let m = Metrics {
            registry: Registry::default(),
            games_in_memory: Gauge::default(),
            websockets_open: Gauge::default(),
            games_unreplayable: Gauge::default(),
            moves: Counter::default(),
            programs_queued: Gauge::default(),
            programs_thinking: Gauge::default(),
            // 0.25 ms … 8 s: an fsync is a few ms, a stuck disk seconds.
            commit_seconds: Histogram::new(exponential_buckets(0.000_25, 2.0, 16)),
            // 1 ms … 16 s: the timer wakes within milliseconds unless the
            // game's lock or the store holds it up.
            flag_lag_seconds: Histogram::new(exponential_buckets(0.001, 2.0, 15)),
            http_requests: Family::default(),
            store_errors: Family::default(),
            store_reconnects: Counter::default(),
            store_away: Gauge::default(),
        };
        registry.register(
            "games_in_memory",
            "Games held in memory",
            m.games_in_memory.clone(),
        );
        registry.register(
            "websocket_connections",
            "Open WebSocket connections",
            m.websockets_open.clone(),
        );
        registry.register(
            "games_unreplayable",
            "Stored games this kyoku cannot replay, found since it started (see its log)",
            m.games_unreplayable.clone(),
        );
        registry.register(
            "moves_committed",
            "Moves committed to the store",
            m.moves.clone(),
        );
        registry.register(
            "programs_queued",
            "Program seats waiting for a thinking thread",
            m.programs_queued.clone(),
        );
        registry.register(
            "programs_thinking",
            "Program seats thinking now",
            m.programs_thinking.clone(),
        );
        registry.register(
            "store_commit_seconds",
            "Time from a write's submission until it is durable",
            m.commit_seconds.clone(),
        );
        registry.register(
            "flag_fall_lag_seconds",
            "How late after the deadline a flag fall was decided",
            m.flag_lag_seconds.clone(),
        );
        registry.register(
            "http_requests",
            "HTTP answers by status class",
            m.http_requests.clone(),
        );
        registry.register(
            "store_errors",
            "Store operations that failed, by kind (unavailable, busy, in_doubt, connect, failed)",
            m.store_errors.clone(),
        );
        registry.register(
            "store_reconnects",
            "Times the database answered again after it was away",
            m.store_reconnects.clone(),
        );
        registry.register(
            "store_away",
            "1 while the database is away (changes refused with 503)",
            m.store_away.clone(),
        );
        Metrics { registry, ..m }
    }

    /// Counts one HTTP answer with `status`.
    pub fn count_request(&self, status: u16) {
        let class = match status {
            100..=199 => "1xx",
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        self.http_requests.get_or_create(&[("class", class)]).inc();
    }

    /// Records a flag fall decided `late` after its deadline.
    pub fn flag_fell(&self, late: Duration) {
        self.flag_lag_seconds.observe(late.as_secs_f64());
    }

    /// The OpenMetrics text of every metric.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut out, &self.registry);
        out
    }
}

/// Keeps a gauge one higher while it lives (a program queued, thinking).
pub struct Held(Gauge<i64, AtomicI64>);

impl Held {
    /// Raises `gauge` until dropped.
    pub fn new(gauge: &Gauge<i64, AtomicI64>) -> Held {
        gauge.inc();
        Held(gauge.clone())
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_metric_is_encoded_and_counts_show() {
        let m = Metrics::new();
        m.moves.inc_by(3);
        m.count_request(204);
        m.count_request(503);
        m.commit_seconds.observe(0.002);
        {
            let _h = Held::new(&m.programs_thinking);
            assert!(m.encode().contains("kyoku_programs_thinking 1\n"));
        }
        let text = m.encode();
        for line in [
            "kyoku_moves_committed_total 3",
            "kyoku_http_requests_total{class=\"2xx\"} 1",
            "kyoku_http_requests_total{class=\"5xx\"} 1",
            "kyoku_store_commit_seconds_count 1",
            "kyoku_programs_thinking 0",
            "kyoku_flag_fall_lag_seconds_count 0",
            "kyoku_games_in_memory 0",
            "kyoku_websocket_connections 0",
            "kyoku_games_unreplayable 0",
            "kyoku_programs_queued 0",
        ] {
            assert!(text.contains(line), "{line} missing from\n{text}");
        }
    }
}
