//! The analysis pool: a fixed number of worker threads of its own, fed by
//! a bounded queue. It is not the pool the programs in seats think on
//! (`App::ai_pool`), so analysis load never delays a program's move by
//! more than the cores it shares; when the queue is full a job is refused
//! at once (503 `busy`) rather than waiting without bound.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::oneshot;

use crate::error::ApiError;

/// A job: any work, run once on a worker.
type Job = Box<dyn FnOnce() + Send>;

/// The pool's handle; the workers stop when every handle is gone.
pub(crate) struct Pool {
    queue: SyncSender<Job>,
    threads: usize,
    capacity: usize,
    /// How long an interactive job may wait for a worker (see [`Pool::run`]).
    max_wait: Duration,
}

/// A job run by [`Pool::run`]: still waiting, taken by a worker, or given
/// up by its caller (then no worker runs it).
const QUEUED: u8 = 0;
const TAKEN: u8 = 1;
const GIVEN_UP: u8 = 2;

/// How long an analysis asked for may wait in the queue before it is
/// refused (503 `busy`): with a full queue of long analyses the wait was
/// minutes, and a client would rather hear at once.
pub(crate) const MAX_WAIT: Duration = Duration::from_secs(5);

impl Pool {
    /// `threads` workers (at least 1) and room for `queue` jobs waiting;
    /// the workers' threads are called `kyoku-<name>-<i>`.
    pub(crate) fn new(name: &str, threads: usize, queue: usize) -> Pool {
        let threads = threads.max(1);
        let (tx, rx) = sync_channel::<Job>(queue);
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("kyoku-{name}-{i}"))
                .spawn(move || work(&rx));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "an analysis worker could not start");
            }
        }
        Pool {
            queue: tx,
            threads,
            capacity: queue,
            max_wait: MAX_WAIT,
        }
    }

    /// Runs `f` on a worker and answers its value; 503 `busy` at once when
    /// the queue is full, or when no worker took it within [`MAX_WAIT`]
    /// (it is then not run at all). The caller hears within that bound
    /// even while every worker is busy: the job is marked given up, not
    /// left for a worker to refuse when it comes to it.
    pub(crate) async fn run<R: Send + 'static>(
        &self,
        f: impl FnOnce() -> R + Send + 'static,
    ) -> Result<R, ApiError> {
        let state = Arc::new(AtomicU8::new(QUEUED));
        let taken = state.clone();
        let mut answer = self.submit(move || {
            // Taken only if the caller has not given up meanwhile.
            let mine = taken
                .compare_exchange(QUEUED, TAKEN, Ordering::AcqRel, Ordering::Acquire)
                .is_ok();
            mine.then(f)
        })?;
        let out = match tokio::time::timeout(self.max_wait, &mut answer).await {
            Ok(out) => out,
            Err(_) => {
                let gave_up = state
                    .compare_exchange(QUEUED, GIVEN_UP, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok();
                if gave_up {
                    return Err(self.waited_too_long());
                }
                // A worker took it just now: its work is capped, wait for it.
                answer.await
            }
        };
        out.map_err(|_| ApiError::internal("an analysis failed unexpectedly"))?
            .ok_or_else(|| self.waited_too_long())
    }

    fn waited_too_long(&self) -> ApiError {
        ApiError::busy(format!(
            "the analysis waited {} s for a worker ({} working, {} may wait); try again \
             shortly",
            self.max_wait.as_secs(),
            self.threads,
            self.capacity
        ))
    }

    /// Queues `f` for a worker, or refuses it with 503 `busy` at once when
    /// the queue is full; the receiver gets its value. A job whose caller
    /// went away before a worker took it is not run; one under way runs to
    /// its end (it is bounded by the cap on work per request).
    pub(crate) fn submit<R: Send + 'static>(
        &self,
        f: impl FnOnce() -> R + Send + 'static,
    ) -> Result<oneshot::Receiver<R>, ApiError> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            if !tx.is_closed() {
                let _ = tx.send(f());
            }
        });
        match self.queue.try_send(job) {
            Ok(()) => Ok(rx),
            Err(TrySendError::Full(_)) => Err(ApiError::busy(format!(
                "the analysis queue is full ({} waiting, {} working); try again shortly",
                self.capacity, self.threads
            ))),
            Err(TrySendError::Disconnected(_)) => {
                Err(ApiError::internal("the analysis workers have stopped"))
            }
        }
    }
}

/// A worker: takes jobs until the queue is closed. A job that panics is
/// caught, so the worker lives on (the caller hears `internal`).
/// How much less this worker's thread asks of the scheduler than the
/// server's others (a nice value): analysis takes what play leaves, so a
/// program's move or a player's request never waits behind one on a busy
/// core.
const YIELD: i32 = 10;

/// Lowers the calling thread's scheduling priority by [`YIELD`] from what
/// it inherited (Linux keeps a nice value per thread; 19 is the lowest);
/// elsewhere the thread keeps the process's.
fn yield_to_play() {
    #[cfg(target_os = "linux")]
    {
        let me = rustix::thread::gettid();
        let now = rustix::process::getpriority_process(Some(me)).unwrap_or(0);
        let lower = (now + YIELD).min(19);
        if let Err(e) = rustix::process::setpriority_process(Some(me), lower) {
            tracing::warn!(error = %e, "an analysis worker keeps the server's priority");
        }
    }
}

fn work(rx: &Mutex<Receiver<Job>>) {
    yield_to_play();
    loop {
        let job = {
            let rx = rx.lock().unwrap_or_else(|p| p.into_inner());
            rx.recv()
        };
        let Ok(job) = job else {
            return;
        };
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
            tracing::error!("an analysis job panicked");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn workers_run_below_the_server_s_priority() {
        let pool = Pool::new("test", 1, 4);
        let (theirs, mine) = pool
            .run(|| {
                let me = rustix::thread::gettid();
                rustix::process::getpriority_process(Some(me)).ok()
            })
            .await
            .map(|p| (p, rustix::process::getpriority_process(None).ok()))
            .expect("the job runs");
        let (theirs, mine) = (theirs.expect("a priority"), mine.expect("a priority"));
        assert_eq!(
            theirs,
            (mine + YIELD).min(19),
            "worker {theirs}, server {mine}"
        );
    }

    /// Keeps the pool's one worker busy until the sender is used (or
    /// dropped); the receiver hears when that job is over.
    fn hold_the_worker(pool: &Pool) -> (std::sync::mpsc::Sender<()>, oneshot::Receiver<()>) {
        let (hold, wait) = std::sync::mpsc::channel::<()>();
        let (started_tx, started) = std::sync::mpsc::channel::<()>();
        let busy = pool
            .submit(move || {
                let _ = started_tx.send(());
                let _ = wait.recv();
            })
            .unwrap();
        started.recv().unwrap();
        (hold, busy)
    }

    #[tokio::test]
    async fn jobs_run_and_a_full_queue_is_refused() {
        let pool = Pool::new("test", 1, 1);
        assert_eq!(pool.run(|| 2 + 2).await.unwrap(), 4);
        // Hold the one worker, fill the one place in the queue: the next
        // job is refused at once.
        let (hold, busy) = hold_the_worker(&pool);
        let queued = pool.submit(|| 1).unwrap();
        let e = pool.submit(|| 0).expect_err("a full queue refuses");
        assert_eq!((e.status.as_u16(), e.code), (503, "busy"));
        hold.send(()).unwrap();
        busy.await.unwrap();
        assert_eq!(queued.await.unwrap(), 1);
    }

    #[tokio::test]
    async fn a_job_that_waited_too_long_is_refused_and_not_run() {
        let mut pool = Pool::new("test", 1, 4);
        pool.max_wait = Duration::from_millis(50);
        let (hold, busy) = hold_the_worker(&pool);
        let ran = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = ran.clone();
        // The worker stays held until the caller has its answer: the
        // refusal must not wait for a worker to come to the job (it once
        // did, and a long review kept analyses waiting for minutes). The
        // outer bound only keeps a regression from hanging the suite.
        let late = tokio::time::timeout(
            Duration::from_secs(60),
            pool.run(move || flag.store(true, std::sync::atomic::Ordering::SeqCst)),
        )
        .await
        .expect("answered while every worker was busy");
        let e = late.expect_err("waited past the bound");
        assert_eq!((e.status.as_u16(), e.code), (503, "busy"));
        hold.send(()).unwrap();
        busy.await.unwrap();
        // The given-up job is still in the queue: the next one runs after
        // it, and it does not run.
        pool.max_wait = Duration::from_secs(3600);
        assert_eq!(pool.run(|| 5).await.unwrap(), 5);
        assert!(!ran.load(std::sync::atomic::Ordering::SeqCst));
    }

    #[tokio::test]
    async fn a_panicking_job_leaves_the_worker_alive() {
        let pool = Pool::new("test", 1, 4);
        let e = pool.run(|| panic!("on purpose")).await;
        assert!(e.is_err());
        assert_eq!(pool.run(|| 7).await.unwrap(), 7);
    }
}
