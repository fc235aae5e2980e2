//! Clients asking for analyses without pause while the games play
//! (`kyoku loadtest --analysers N`): analyses run on the server's own pool,
//! so the programs' moves must not slow down under them.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::json;
use tokio::task::JoinHandle;

/// The running analysers.
pub(super) struct Analysers {
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<(usize, usize)>>,
}

/// Starts `n` analysers against `addr`. Each asks for Shogun's lines at a
/// time budget that changes with every request, so the server's cache of
/// answers never spares it the work.
pub(super) fn start(addr: SocketAddr, n: usize) -> Analysers {
    let stop = Arc::new(AtomicBool::new(false));
    let tasks = (0..n)
        .map(|i| {
            let stop = stop.clone();
            tokio::spawn(async move {
                let http = reqwest::Client::new();
                let (mut ok, mut refused) = (0, 0);
                let mut k = i;
                while !stop.load(Ordering::Relaxed) {
                    k += n;
                    let body = json!({"game": "shogun", "lines": 3, "ms": 200 + k % 800});
                    let r = http
                        .post(format!("http://{addr}/api/analyze"))
                        .json(&body)
                        .send()
                        .await;
                    match r {
                        Ok(r) if r.status().is_success() => ok += 1,
                        Ok(r) => {
                            refused += 1;
                            // A refusal (busy, limited) comes at once: do
                            // not spin on it.
                            if r.status().as_u16() == 429 || r.status().as_u16() == 503 {
                                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                            }
                        }
                        Err(_) => {
                            refused += 1;
                            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        }
                    }
                }
                (ok, refused)
            })
        })
        .collect();
    Analysers { stop, tasks }
}

impl Analysers {
    /// Stops them; returns the analyses answered and those refused.
    pub(super) async fn stop(self) -> (usize, usize) {
        self.stop.store(true, Ordering::Relaxed);
        let mut total = (0, 0);
        for t in self.tasks {
            if let Ok((ok, refused)) = t.await {
                total.0 += ok;
                total.1 += refused;
            }
        }
        total
    }
}
