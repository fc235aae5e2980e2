//! Token buckets: how often a client may do something — send a WebSocket
//! message, start a game.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Up to `burst` actions at once, refilled at `rate` per second.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    /// A full bucket.
    pub fn full(rate: f64, burst: f64) -> Self {
        Bucket {
            tokens: burst,
            at: Instant::now(),
            rate,
            burst,
        }
    }

    fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
    }

    /// Takes one token: `Ok` when there was one, else how long until there
    /// will be.
    pub fn take(&mut self) -> Result<(), Duration> {
        self.refill(Instant::now());
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / self.rate))
        }
    }
}

/// One bucket per client address.
pub struct PerAddress {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    rate: f64,
    burst: f64,
    per_minute: u32,
}

/// Addresses remembered before the full buckets (clients that have been
/// quiet long enough to have their whole allowance back) are forgotten.
const REMEMBERED: usize = 4096;

impl PerAddress {
    /// `per_minute` actions a minute per address, all of them at once if
    /// the address has been quiet for a minute.
    pub fn per_minute(per_minute: u32) -> Self {
        let burst = f64::from(per_minute.max(1));
        PerAddress {
            buckets: Mutex::new(HashMap::new()),
            rate: burst / 60.0,
            burst,
            per_minute,
        }
    }

    /// Actions a minute per address.
    pub fn allowance(&self) -> u32 {
        self.per_minute
    }

    /// Takes a token of `ip`'s bucket; `Err`: how long to wait.
    pub fn take(&self, ip: IpAddr) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= REMEMBERED && !buckets.contains_key(&ip) {
            let now = Instant::now();
            buckets.retain(|_, b| {
                b.refill(now);
                b.tokens < b.burst
            });
        }
        buckets
            .entry(ip)
            .or_insert_with(|| Bucket::full(self.rate, self.burst))
            .take()
    }

    /// Addresses currently remembered.
    #[cfg(test)]
    fn remembered(&self) -> usize {
        self.buckets.lock().map(|b| b.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_says_how_long_to_wait() {
        let mut b = Bucket::full(2.0, 3.0);
        for _ in 0..3 {
            assert!(b.take().is_ok());
        }
        let wait = b.take().expect_err("empty");
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_millis(500),
            "{wait:?}"
        );
    }

    #[test]
    fn addresses_have_buckets_of_their_own() {
        let limit = PerAddress::per_minute(2);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        assert!(limit.take(a).is_ok());
        assert!(limit.take(a).is_ok());
        let wait = limit.take(a).expect_err("a's two are used");
        assert!(wait <= Duration::from_secs(30), "{wait:?}");
        assert!(limit.take(b).is_ok());
    }

    #[test]
    fn quiet_addresses_are_forgotten_when_many_are_remembered() {
        let limit = PerAddress::per_minute(1_000_000);
        for i in 0..REMEMBERED as u32 {
            let ip = IpAddr::from(i.to_be_bytes());
            assert!(limit.take(ip).is_ok());
        }
        assert_eq!(limit.remembered(), REMEMBERED);
        // At this rate every bucket is full again almost at once.
        std::thread::sleep(Duration::from_millis(20));
        assert!(limit.take("198.51.100.7".parse().unwrap()).is_ok());
        assert!(limit.remembered() < REMEMBERED, "{}", limit.remembered());
    }
}
