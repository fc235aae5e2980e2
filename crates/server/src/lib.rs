//! The kyoku game server: an HTTP/WebSocket API over the game catalogue,
//! seats for people (token-protected) and programs (run on a bounded pool
//! of blocking threads), every move committed to SQLite before anyone hears
//! of it, and the browser UI embedded. The API is described in docs/api.md.
//!
//! ```no_run
//! # async fn run() -> Result<(), kyoku_server::ServeError> {
//! let server = kyoku_server::Server::start(kyoku_server::Config {
//!     addr: "127.0.0.1:8080".parse().unwrap(),
//!     db: "kyoku.db".into(),
//!     ai_threads: None,
//!     sync: kyoku_server::store::SyncMode::Full,
//!     sockets: kyoku_server::SocketLimits::default(),
//!     new_games_per_minute: kyoku_server::NEW_GAMES_PER_MINUTE,
//!     abandon_after: Some(kyoku_server::ABANDON_AFTER),
//! })
//! .await?;
//! println!("listening on http://{}", server.addr());
//! server.wait().await?;
//! # Ok(()) }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use axum::serve::ListenerExt;

mod actions;
mod app;
mod error;
mod http;
mod limit;
mod live;
mod metrics;
pub mod ops;
mod programs;
pub mod store;
mod tokens;
pub mod views;
mod web;
mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use kyoku_games::session::ProgramSource;

pub use app::App;
pub use error::ApiError;

/// The largest request body (and WebSocket message) accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The SQLite file (created on first start).
    pub db: PathBuf,
    /// Programs thinking at once; `None`: one per core.
    pub ai_threads: Option<usize>,
    /// When commits reach the disk.
    pub sync: store::SyncMode,
    /// How many WebSocket connections may be open at once.
    pub sockets: SocketLimits,
    /// Games one client address may start a minute (all at once after a
    /// quiet minute); more get 429 `rate_limited`. 0: no limit.
    pub new_games_per_minute: u32,
    /// An untimed game nobody moved in for this long ends as abandoned;
    /// `None`: never.
    pub abandon_after: Option<std::time::Duration>,
}

/// The default of [`Config::abandon_after`]: 14 days.
pub const ABANDON_AFTER: std::time::Duration = std::time::Duration::from_secs(14 * 86_400);

/// The default of [`Config::new_games_per_minute`].
pub const NEW_GAMES_PER_MINUTE: u32 = 60;

/// Bounds on open WebSocket connections; one more is refused with 503
/// `busy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SocketLimits {
    /// To one game (players and spectators together).
    pub per_game: usize,
    /// To the whole server.
    pub total: usize,
}

impl Default for SocketLimits {
    /// 256 per game, 8192 in all.
    fn default() -> Self {
        SocketLimits {
            per_game: 256,
            total: 8192,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or read.
    #[error("cannot open the database {path}: {reason}")]
    Database {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {reason}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        reason: String,
    },
    /// Serving failed.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

/// A running server.
pub struct Server {
    app: Arc<App>,
    addr: SocketAddr,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    shutdown: tokio::sync::oneshot::Sender<()>,
    problems: Vec<String>,
}

impl Server {
    /// Opens the database, restores every game (replaying its moves through
    /// the engine), restarts the programs whose turn it is, and listens.
    pub async fn start(config: Config) -> Result<Server, ServeError> {
        Server::start_with_programs(config, None).await
    }

    /// [`Server::start`] with programs the operator brings besides the
    /// catalogue's (outside engines from `kyoku serve --engine`): clients
    /// may seat them by the names the source lists, and start nothing else.
    pub async fn start_with_programs(
        config: Config,
        programs: Option<Arc<dyn ProgramSource>>,
    ) -> Result<Server, ServeError> {
        let db = config.db.clone();
        let opened = tokio::task::spawn_blocking(move || store::open(&db, config.sync))
            .await
            .map_err(|e| ServeError::Database {
                path: config.db.display().to_string(),
                reason: e.to_string(),
            })?;
        let (store, rows) = opened.map_err(|e| ServeError::Database {
            path: config.db.display().to_string(),
            reason: e.0,
        })?;
        let threads = config.ai_threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        let (app, problems) = App::new(
            store,
            rows,
            threads,
            config.sockets,
            config.new_games_per_minute,
            programs,
            config.abandon_after,
        );
        app.resume_programs().await;
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| ServeError::Bind {
                addr: config.addr,
                reason: e.to_string(),
            })?;
        let addr = listener.local_addr()?;
        // No Nagle: an ack and the state after it are separate small writes,
        // and the second must not wait for the peer's delayed TCP ack.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let router = http::router(app.clone());
        let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            axum::serve(
                listener,
                router.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .with_graceful_shutdown(async move {
                let _ = stop.await;
            })
            .await
        });
        Ok(Server {
            app,
            addr,
            task,
            shutdown,
            problems,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stored games that could not be restored (they are left out), for
    /// the operator.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Runs until the server stops.
    pub async fn wait(self) -> Result<(), ServeError> {
        let _keep = self.shutdown;
        Ok(self.task.await.map_err(std::io::Error::other)??)
    }

    /// Serves until `signal`, then shuts down gracefully: stops accepting,
    /// lets the changes under way finish and closes every WebSocket with
    /// 1001 (going away), each within `grace` ([`ops::drain`]).
    pub async fn serve_until(
        self,
        signal: impl Future<Output = ()>,
        grace: std::time::Duration,
    ) -> Result<ops::Drained, ServeError> {
        let Server {
            app,
            mut task,
            shutdown,
            ..
        } = self;
        tokio::select! {
            r = &mut task => {
                r.map_err(std::io::Error::other)??;
                return Ok(ops::Drained::default());
            }
            () = signal => {}
        }
        let _ = shutdown.send(());
        let drained = ops::drain(&app, grace).await;
        if tokio::time::timeout(grace, &mut task).await.is_err() {
            task.abort();
        }
        Ok(drained)
    }

    /// Stops listening; open connections get two seconds to finish.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        let mut task = self.task;
        if tokio::time::timeout(std::time::Duration::from_secs(2), &mut task)
            .await
            .is_err()
        {
            task.abort();
        }
    }
}
