//! The kyoku game server: an HTTP/WebSocket API over the game catalogue,
//! seats for people (token-protected) and programs (run on a bounded pool
//! of blocking threads), every move committed to SQLite before anyone hears
//! of it, and the browser UI embedded. The API is described in docs/api.md.
//!
//! ```no_run
//! # async fn run() -> Result<(), kyoku_server::ServeError> {
//! let server = kyoku_server::Server::start(kyoku_server::Config {
//!     addr: "127.0.0.1:8080".parse().unwrap(),
//!     db: kyoku_server::store::Location::parse("kyoku.db"),
//!     ai_threads: None,
//!     sync: kyoku_server::store::SyncMode::Full,
//!     sockets: kyoku_server::SocketLimits::default(),
//!     new_games_per_minute: kyoku_server::NEW_GAMES_PER_MINUTE,
//!     connections: kyoku_server::ConnectionLimits::default(),
//!     abandon_after: Some(kyoku_server::ABANDON_AFTER),
//!     keep_idle: kyoku_server::KEEP_IDLE,
//!     secure_cookies: false,
//! })
//! .await?;
//! println!("listening on http://{}", server.addr());
//! server.wait().await?;
//! # Ok(()) }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod actions;
mod analysis;
mod app;
mod config;
mod error;
mod extract;
mod http;
mod keeper;
mod language;
mod lessons;
mod limit;
mod listen;
mod live;
mod metrics;
mod open_files;
mod operators;
pub mod ops;
pub mod players;
mod positions;
mod positions_play;
mod programs;
mod puzzles;
pub mod store;
mod time;
mod tokens;
pub mod views;
mod web;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use kyoku_games::session::ProgramSource;

pub use analysis::Settings as AnalysisSettings;
pub use app::App;
pub use error::ApiError;
pub use open_files::{OpenFilesError, RESERVED_FILES, make_room};

/// The largest request body (and WebSocket message) accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// Where the games are kept: a SQLite file (created on first start) or
    /// a PostgreSQL database.
    pub db: store::Location,
    /// Programs thinking at once; `None`: one per core.
    pub ai_threads: Option<usize>,
    /// When commits reach the disk.
    pub sync: store::SyncMode,
    /// How many WebSocket connections may be open at once.
    pub sockets: SocketLimits,
    /// Games one client address may start a minute (all at once after a
    /// quiet minute); more get 429 `rate_limited`. 0: no limit.
    pub new_games_per_minute: u32,
    /// How many connections may be open at once and how long they may
    /// take.
    pub connections: ConnectionLimits,
    /// An untimed game nobody moved in for this long ends as abandoned;
    /// `None`: never.
    pub abandon_after: Option<std::time::Duration>,
    /// A game nobody asked for in this long, with nothing running in it
    /// (no program thinking, no clock, no WebSocket), leaves memory; it is
    /// read from the store again when asked for.
    pub keep_idle: Duration,
    /// The server is reached over HTTPS (behind a proxy that ends TLS):
    /// the session cookie is marked `Secure`, so a browser never sends it
    /// over plain HTTP.
    pub secure_cookies: bool,
}

/// The default of [`Config::keep_idle`]: 30 seconds.
pub const KEEP_IDLE: Duration = Duration::from_secs(30);

/// The default of [`Config::abandon_after`]: 14 days.
pub const ABANDON_AFTER: std::time::Duration = std::time::Duration::from_secs(14 * 86_400);

/// The default of [`Config::new_games_per_minute`].
pub const NEW_GAMES_PER_MINUTE: u32 = 60;

/// Bounds on open WebSocket connections; one more is refused with 503
/// `busy`. A WebSocket is also one of the [`ConnectionLimits::max`]
/// connections: keep [`SocketLimits::total`] below that, so that
/// WebSockets can never take every connection and leave none for plain
/// requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SocketLimits {
    /// To one game (players and spectators together).
    pub per_game: usize,
    /// To the whole server.
    pub total: usize,
}

impl Default for SocketLimits {
    /// 256 per game, 700 in all (100 below the default connection cap).
    fn default() -> Self {
        SocketLimits {
            per_game: 256,
            total: 700,
        }
    }
}

/// Bounds on the server's connections (before any upgrade to a WebSocket,
/// which then stays open however quiet it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From the first byte of a request to the end of its headers; a
    /// client slower than that is disconnected.
    pub header_timeout: Duration,
    /// How long a connection may wait for a request with none in hand (a
    /// new one, or a kept-alive one between requests) before it is closed.
    pub idle_timeout: Duration,
    /// Connections open at once, WebSockets included; one more gets a
    /// `503 busy` answer and is closed. Each is a file of the process:
    /// with 1,024 files allowed, 800 leave room for the database, the
    /// tables, and the refusals being written (at most 32 at once).
    pub max: usize,
}

impl Default for ConnectionLimits {
    /// Headers within 10 s, 60 s idle, 800 connections.
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max: 800,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened, reached or migrated.
    #[error("cannot open the database {path}: {reason}")]
    Database {
        /// The file, or the URL without its password.
        path: String,
        /// Why.
        reason: store::StoreError,
    },
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {reason}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        reason: String,
    },
    /// The connections asked for do not fit the process's open files.
    #[error(transparent)]
    OpenFiles(#[from] open_files::OpenFilesError),
    /// Serving failed.
    #[error("server error: {0}")]
    Io(#[from] std::io::Error),
}

/// Opens the store of `config`, creating or migrating its schema.
async fn open_store(config: &Config) -> Result<store::Store, ServeError> {
    let options = store::OpenOptions { sync: config.sync };
    store::Store::open(&config.db, &options)
        .await
        .map_err(|reason| ServeError::Database {
            path: config.db.to_string(),
            reason,
        })
}

/// Creates or migrates the schema of the store of `config` and fills in
/// what an older kyoku did not store (the lobby's listings), then returns
/// without serving (`kyoku serve --migrate-only`); returns the stored
/// games that could not be read.
pub async fn migrate_only(config: &Config) -> Result<Vec<String>, ServeError> {
    let store = open_store(config).await?;
    app::list_unlisted(&store, None)
        .await
        .map_err(|reason| ServeError::Database {
            path: config.db.to_string(),
            reason,
        })
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
        Server::start_with_analysis(config, programs, AnalysisSettings::default()).await
    }

    /// [`Server::start_with_programs`] with the analysis service's pool,
    /// queue and limits set by `analysis` (`kyoku serve --analysis-…`).
    pub async fn start_with_analysis(
        config: Config,
        programs: Option<Arc<dyn ProgramSource>>,
        analysis: AnalysisSettings,
    ) -> Result<Server, ServeError> {
        open_files::make_room(config.connections.max)?;
        let store = open_store(&config).await?;
        let problems = app::list_unlisted(&store, programs.clone())
            .await
            .map_err(|reason| ServeError::Database {
                path: config.db.to_string(),
                reason,
            })?;
        let threads = config.ai_threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        let app = App::new(store, threads, &config, programs);
        app.analysis.configure(analysis);
        app.bring_in_due().await;
        app.start_keeper();
        analysis::start_reviewer(&app);
        app.ops.set_started();
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| ServeError::Bind {
                addr: config.addr,
                reason: e.to_string(),
            })?;
        let addr = listener.local_addr()?;
        let router = http::router(app.clone());
        let (shutdown, stop) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(listen::serve(
            listener,
            router,
            config.connections,
            async move {
                let _ = stop.await;
            },
        ));
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

    /// How many puzzles the store holds, per game (the start-up line of
    /// `kyoku serve`).
    pub async fn puzzle_counts(&self) -> Result<Vec<(String, i64)>, store::StoreError> {
        self.app.store.puzzle_counts().await
    }

    /// Stored games that could not be read when the server started (they
    /// are left out of the lobby), for the operator.
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
    /// 1001 (going away), each within `grace` ([`operators::drain`]).
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
        let drained = operators::drain(&app, grace).await;
        if tokio::time::timeout(grace, &mut task).await.is_err() {
            task.abort();
        }
        // Again: a change that ended meanwhile may have taken one.
        app.give_back_leases().await;
        Ok(drained)
    }

    /// Stops listening and running games (their leases given back); open
    /// connections get two seconds to finish.
    pub async fn stop(self) {
        self.app.ops.close();
        self.app.give_back_leases().await;
        let _ = self.shutdown.send(());
        let mut task = self.task;
        if tokio::time::timeout(std::time::Duration::from_secs(2), &mut task)
            .await
            .is_err()
        {
            task.abort();
        }
        self.app.give_back_leases().await;
    }
}
