//! The server instances of the harness, each on a tokio runtime of its
//! own so that one can be killed, and the routes the players take to
//! them (a load balancer's view: only instances alive get requests).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use kyoku_server::{Config, Server};
use tokio::runtime::Runtime;

/// One server instance on a runtime of its own.
pub struct Instance {
    /// `http://addr`.
    pub base: String,
    rt: Option<Runtime>,
    server: Option<Server>,
}

impl Instance {
    /// Starts a server on a new runtime (two worker threads, as a
    /// process of its own on a two-core machine would have).
    pub async fn start(config: Config) -> Instance {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .thread_name("kyoku-instance")
            .build()
            .expect("a runtime for the instance");
        // Started on a thread of its own: this test's runtime may not
        // block on another.
        let (tx, rx) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let started = rt.block_on(Server::start(config));
            let _ = tx.send((rt, started));
        });
        let (rt, started) = rx.await.expect("the instance's thread answers");
        let server = started.expect("the server starts");
        Instance {
            base: format!("http://{}", server.addr()),
            rt: Some(rt),
            server: Some(server),
        }
    }

    /// Kills the instance as abruptly as one process allows: its runtime
    /// is shut down at once (`Runtime::shutdown_background`), so every
    /// task of it — requests under way, the keeper, flag timers, the
    /// pool's and the listener's database connections — is dropped where
    /// it stands, its sockets closed, no lease given back and no
    /// destructor of the server run (it is leaked, as a killed process
    /// runs none). Another instance must take its games over when their
    /// leases run out.
    pub fn kill(self) {
        drop(self);
    }

    /// Stops the instance the ordinary way ([`Server::stop`]).
    pub async fn stop(mut self) {
        let (Some(rt), Some(server)) = (self.rt.take(), self.server.take()) else {
            return;
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            rt.block_on(server.stop());
            rt.shutdown_timeout(std::time::Duration::from_secs(2));
            let _ = tx.send(());
        });
        let _ = rx.await;
    }
}

/// A test that failed half-way leaves its instances running: they go as
/// a killed one does (a runtime may not be dropped inside another).
impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
        std::mem::forget(self.server.take());
    }
}

/// The instances' addresses, which of them get requests (as a load
/// balancer routes them) and which were killed (which the balancer learns
/// a little later, as its health checks fail).
pub struct Routes {
    bases: Vec<String>,
    routed: Vec<AtomicBool>,
    killed: Vec<AtomicBool>,
}

impl Routes {
    /// Every instance of `bases` alive and routed to.
    pub fn new(bases: Vec<String>) -> Arc<Routes> {
        let flags = |v| bases.iter().map(|_| AtomicBool::new(v)).collect();
        Arc::new(Routes {
            routed: flags(true),
            killed: flags(false),
            bases,
        })
    }

    /// The `k`th instance routed to, counting round: its index and
    /// address.
    pub fn pick(&self, k: usize) -> (usize, &str) {
        let routed: Vec<usize> = (0..self.bases.len())
            .filter(|&i| self.routed[i].load(Ordering::SeqCst))
            .collect();
        assert!(!routed.is_empty(), "no instance is routed to");
        let i = routed[k % routed.len()];
        (i, &self.bases[i])
    }

    /// Whether instance `i` was not killed.
    pub fn alive(&self, i: usize) -> bool {
        !self.killed[i].load(Ordering::SeqCst)
    }

    /// Instance `i` is being killed.
    pub fn killed(&self, i: usize) {
        self.killed[i].store(true, Ordering::SeqCst);
    }

    /// Instance `i` gets no more requests.
    pub fn unroute(&self, i: usize) {
        self.routed[i].store(false, Ordering::SeqCst);
    }

    /// The instances alive, with their indexes.
    pub fn alive_bases(&self) -> Vec<(usize, String)> {
        (0..self.bases.len())
            .filter(|&i| self.alive(i))
            .map(|i| (i, self.bases[i].clone()))
            .collect()
    }
}
