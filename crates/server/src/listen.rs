//! The accept loop: HTTP/1.1 connections with a header timeout, an idle
//! timeout and a cap on how many are open at once.
//!
//! Why our own loop rather than `axum::serve`: that one never times a
//! connection out and accepts as many as the process has files for, so a
//! few hundred clients sending one byte a second lock everybody else out.
//! Here every connection holds a place (a semaphore permit) for as long as
//! its socket is open — an upgraded WebSocket too — and one that arrives
//! when there is none left gets a short `503 busy` and is closed.
//!
//! The timers apply only until a connection is upgraded: a WebSocket of a
//! player or spectator is then served by its own task and stays open
//! however quiet it is (the WebSocket handler pings it).

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};
use tower_service::Service;

use crate::ConnectionLimits;
use crate::error::ApiError;

/// Refusals being written at once; beyond that a connection that finds the
/// server full is closed without an answer (each refusal holds a file for
/// up to [`REFUSAL_TIME`]).
const MAX_REFUSALS: usize = 32;
/// How long a refusal waits for the request it answers, and then for the
/// client to close.
const REFUSAL_TIME: Duration = Duration::from_secs(1);
/// The pause after a failed `accept` (out of files, say), so that the loop
/// does not spin while the condition lasts.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// Serves `router` on `listener` until `stop` resolves; then stops
/// accepting, lets every connection finish the request it is serving, and
/// returns once they are closed. Upgraded connections (WebSockets) are not
/// waited for.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    stop: impl std::future::Future<Output = ()>,
) -> io::Result<()> {
    let places = Arc::new(Semaphore::new(limits.max.clamp(1, Semaphore::MAX_PERMITS)));
    let refusals = Arc::new(Semaphore::new(MAX_REFUSALS));
    // Every connection task holds a receiver: the loop's end waits for
    // them all to be gone, and their sender's drop tells them to finish.
    let (signal, _) = watch::channel(());
    let (close_tx, close_rx) = watch::channel(());
    let mut stop = pin!(stop);
    let mut reported: Option<Instant> = None;
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of files (EMFILE), or a connection reset before
                    // it was accepted: pause rather than spin.
                    if !is_connection_error(&e) {
                        // Once a minute in the log, not ten times a second.
                        if reported.is_none_or(|t| t.elapsed() > Duration::from_secs(60)) {
                            tracing::warn!(error = %e, "accepting a connection failed");
                            reported = Some(Instant::now());
                        }
                        tokio::time::sleep(ACCEPT_PAUSE).await;
                    }
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // No Nagle: an ack and the state after it are separate small
        // writes, and the second must not wait for the peer's delayed ack.
        let _ = tcp.set_nodelay(true);
        match places.clone().try_acquire_owned() {
            Ok(place) => {
                let conn = Connection {
                    tcp: Tracked::new(tcp, place),
                    peer,
                    router: router.clone(),
                    limits,
                };
                let signal = signal.subscribe();
                let close_rx = close_rx.clone();
                tokio::spawn(async move {
                    conn.run(signal).await;
                    drop(close_rx);
                });
            }
            Err(_) => {
                if let Ok(slot) = refusals.clone().try_acquire_owned() {
                    tokio::spawn(async move {
                        refuse(tcp, limits.max).await;
                        drop(slot);
                    });
                }
                // else: dropped, closed at once.
            }
        }
    }
    drop(listener);
    drop(signal);
    drop(close_rx);
    close_tx.closed().await;
    Ok(())
}

/// Errors of one incoming connection (it was reset before we took it), not
/// of the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// The answer to a connection that finds every place taken.
pub fn refusal(max: usize) -> Vec<u8> {
    let body = ApiError::busy(format!(
        "the server has as many connections open as it allows ({max}); try again in a moment"
    ))
    .body()
    .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\n\
         content-type: application/json\r\n\
         content-length: {}\r\n\
         retry-after: 1\r\n\
         x-content-type-options: nosniff\r\n\
         connection: close\r\n\
         \r\n\
         {body}",
        body.len()
    )
    .into_bytes()
}

/// Reads (part of) the request so that the answer comes after it, writes
/// the refusal, then waits briefly for the client to close: closing with
/// its request unread would reset the connection and could lose the answer.
async fn refuse(mut tcp: TcpStream, max: usize) {
    let mut buf = [0u8; 4096];
    let _ = tokio::time::timeout(REFUSAL_TIME, async {
        let mut seen = Vec::new();
        while let Ok(n @ 1..) = tcp.read(&mut buf).await {
            seen.extend_from_slice(&buf[..n]);
            if seen.windows(4).any(|w| w == b"\r\n\r\n") || seen.len() > 16 * 1024 {
                break;
            }
        }
    })
    .await;
    if tcp.write_all(&refusal(max)).await.is_err() || tcp.shutdown().await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(REFUSAL_TIME, async {
        while let Ok(1..) = tcp.read(&mut buf).await {}
    })
    .await;
}

/// One accepted connection, before it is served.
struct Connection {
    tcp: Tracked,
    peer: SocketAddr,
    router: Router,
    limits: ConnectionLimits,
}

impl Connection {
    /// Serves requests until the client closes, a timer runs out, or the
    /// server stops (`signal` closes): then the request in hand is
    /// finished first. An upgrade ends this task; the upgraded socket
    /// lives on in the handler's task and keeps its place.
    async fn run(self, mut signal: watch::Receiver<()>) {
        let shared = self.tcp.shared.clone();
        let limits = self.limits;
        let (router, peer) = (self.router, self.peer);
        let service = service_fn(move |mut req: hyper::Request<Incoming>| {
            let request = Request::start(&shared);
            // The per-address limits read the peer from here, as they
            // would from `axum::serve`'s connect info.
            req.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            async move {
                let res: Result<_, Infallible> = router.call(req).await;
                drop(request);
                res
            }
        });
        let shared = self.tcp.shared.clone();
        let mut builder = hyper::server::conn::http1::Builder::new();
        // hyper's own header timer runs from the moment a request is
        // awaited, idle time included: a backstop behind ours, which tell
        // the two apart.
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(limits.idle_timeout + limits.header_timeout);
        let conn = builder
            .serve_connection(TokioIo::new(self.tcp), service)
            .with_upgrades();
        let mut conn = pin!(conn);
        let mut stopping = false;
        loop {
            let wake = shared.lock().deadline(&limits);
            tokio::select! {
                _ = conn.as_mut() => return,
                changed = signal.changed(), if !stopping => {
                    // The sender is only ever dropped: the server stops.
                    debug_assert!(changed.is_err());
                    stopping = true;
                    conn.as_mut().graceful_shutdown();
                }
                // Another timer applies: compute its deadline.
                () = shared.changed.notified() => {}
                () = tokio::time::sleep_until(wake.into()) => {
                    if shared.lock().expired(&limits) {
                        // Nothing is in flight: dropping the connection
                        // cancels no request.
                        return;
                    }
                }
            }
        }
    }
}

/// What a connection has been doing, shared by its socket, its requests
/// and its timer task; `changed` wakes the task when another timer starts
/// to apply.
#[derive(Debug, Default)]
struct Shared {
    activity: Mutex<Activity>,
    changed: Notify,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Activity> {
        // A poisoned lock still holds consistent instants.
        self.activity.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a connection has been doing, for its timers.
#[derive(Debug)]
struct Activity {
    /// Requests handed to the router and not yet answered.
    in_flight: usize,
    /// Since when the connection has waited for a request, with nothing in
    /// flight and nothing of a new one read.
    idle_since: Instant,
    /// When the first byte of a request not yet complete arrived.
    head_since: Option<Instant>,
}

impl Default for Activity {
    fn default() -> Self {
        Activity {
            in_flight: 0,
            idle_since: Instant::now(),
            head_since: None,
        }
    }
}

impl Activity {
    /// When the timer that applies now runs out.
    fn deadline(&self, limits: &ConnectionLimits) -> Instant {
        if self.in_flight > 0 {
            // A request in hand is never timed out here; look again later.
            return Instant::now() + limits.header_timeout.min(limits.idle_timeout);
        }
        match self.head_since {
            Some(t) => t + limits.header_timeout,
            None => self.idle_since + limits.idle_timeout,
        }
    }

    /// Whether the connection has overstayed: headers begun and not
    /// finished within the header timeout, or nothing sent within the idle
    /// timeout.
    fn expired(&self, limits: &ConnectionLimits) -> bool {
        self.in_flight == 0 && Instant::now() >= self.deadline(limits)
    }
}

/// Marks a request in flight from when its headers are read until it is
/// answered (or dropped).
struct Request(Arc<Shared>);

impl Request {
    fn start(shared: &Arc<Shared>) -> Request {
        let mut a = shared.lock();
        a.in_flight += 1;
        a.head_since = None;
        drop(a);
        shared.changed.notify_one();
        Request(shared.clone())
    }
}

impl Drop for Request {
    fn drop(&mut self) {
        let mut a = self.0.lock();
        a.in_flight -= 1;
        a.idle_since = Instant::now();
        drop(a);
        self.0.changed.notify_one();
    }
}

/// A TCP stream that keeps its place among the open connections until it
/// is closed (upgraded or not), and tells the timers what it reads and
/// writes.
struct Tracked {
    inner: TcpStream,
    shared: Arc<Shared>,
    _place: OwnedSemaphorePermit,
}

impl Tracked {
    fn new(inner: TcpStream, place: OwnedSemaphorePermit) -> Tracked {
        Tracked {
            inner,
            shared: Arc::default(),
            _place: place,
        }
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let out = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(out, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            let mut a = self.shared.lock();
            if a.in_flight == 0 && a.head_since.is_none() {
                a.head_since = Some(Instant::now());
                drop(a);
                // The header timer applies from now on.
                self.shared.changed.notify_one();
            }
        }
        out
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let out = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.wrote(&out);
        out
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let out = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.wrote(&out);
        out
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

impl Tracked {
    /// An answer still being written (to a client reading slowly) is not
    /// idleness: the idle timer starts after its last byte.
    fn wrote(&self, out: &Poll<io::Result<usize>>) {
        if matches!(out, Poll::Ready(Ok(1..))) {
            let mut a = self.shared.lock();
            if a.in_flight == 0 {
                a.idle_since = Instant::now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> ConnectionLimits {
        ConnectionLimits {
            header_timeout: Duration::from_secs(5),
            idle_timeout: Duration::from_secs(60),
            max: 10,
        }
    }

    #[test]
    fn the_timer_that_applies_depends_on_what_the_connection_does() {
        let t0 = Instant::now();
        let mut a = Activity {
            in_flight: 0,
            idle_since: t0,
            head_since: None,
        };
        assert_eq!(a.deadline(&limits()), t0 + Duration::from_secs(60));
        a.head_since = Some(t0 + Duration::from_secs(1));
        assert_eq!(a.deadline(&limits()), t0 + Duration::from_secs(6));
        a.in_flight = 1;
        assert!(!a.expired(&limits()));
    }

    #[test]
    fn the_refusal_is_one_http_answer_with_the_json_error() {
        let text = String::from_utf8(refusal(800)).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        assert!(head.contains("connection: close"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["error"], "busy");
        assert!(v["message"].as_str().unwrap().contains("800"));
    }
}
