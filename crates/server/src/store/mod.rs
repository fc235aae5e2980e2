//! Storage: what the server keeps of every game, behind one interface with
//! two engines — SQLite (one file, the default) and PostgreSQL (several
//! server instances sharing the games).
//!
//! Every write is answered only once it is durable. A change carries the
//! version of the game it was made on; the store refuses it with
//! [`StoreError::Conflict`] when the stored game has moved on since (made
//! by another instance), so a move is accepted exactly once. The lobby,
//! the due deadlines and the abandoned games are answered by indexed
//! queries, so the server holds in memory only the games in play.

/// Runs `$e` on whichever engine `$store` has, as `$s`: one place that
/// knows the engines, for every method the two answer alike. Defined
/// before the modules so that each of them may use it.
macro_rules! on_engine {
    ($store:expr, $s:ident => $e:expr) => {
        match &$store.engine {
            Engine::Sqlite($s) => $e,
            Engine::Postgres($s) => $e,
        }
    };
}

mod health;
mod players;
mod postgres;
mod puzzles;
mod reviews;
mod rows;
mod schema;
mod sqlite;

use std::path::{Path, PathBuf};
use std::time::Duration;

use prometheus_client::metrics::histogram::Histogram;
use tokio::sync::broadcast;

pub use health::{KindLabel, Outage, StoreHealth, StoreStatus};
pub use players::{
    AccountRow, Counts, DELETED, GameEnd, HistoryPoint, PlayerRow, Ranked, RatingRow, SEEK_ALIVE,
    SEEK_LIFETIME, SESSION_LIFETIME, SeekRow, Written, outcome, settle, with_diffs, without_name,
};
pub use postgres::PgStore;
pub use puzzles::{
    Attempt, Attempted, LessonStars, MAX_STARS, NEAREST, PuzzleRow, first_rating, pool, rate,
};
pub use reviews::{ReviewClaim, ReviewEnd, ReviewRow, ReviewStatus};
pub use sqlite::{SqliteStore, SyncMode, UnknownSyncMode};

/// The schema version this build writes; a database with a newer one is
/// refused (a newer kyoku migrated it).
pub const SCHEMA_VERSION: i64 = 6;

/// A storage failure, for a person.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The database failed to do what was asked.
    #[error("storage: {0}")]
    Failed(String),
    /// The game changed in the store since this copy was read (another
    /// server instance stored a change first): nothing was written.
    #[error("the game changed meanwhile: another change was stored first")]
    Conflict,
    /// The database was migrated by a newer kyoku.
    #[error(
        "the database has schema version {found}, newer than this kyoku knows ({known}); \
         run the newer kyoku, or restore a backup made before it migrated"
    )]
    NewerSchema {
        /// The database's version.
        found: i64,
        /// This build's [`SCHEMA_VERSION`].
        known: i64,
    },
    /// The database server cannot be reached or refused to log in.
    #[error("{0}")]
    Connect(String),
    /// The database is away for now (connection lost or refused, the
    /// server shutting down, restarting or not answering in time): nothing
    /// was stored; the same request may succeed once it is back.
    #[error("{0}")]
    Unavailable(String),
    /// Every database connection stayed busy for the whole wait (the pool,
    /// or the database's `max_connections`, exhausted by load): nothing
    /// was stored.
    #[error("{0}")]
    Busy(String),
    /// The connection was lost while a change was being committed: it may
    /// or may not have been stored (read the game again once the database
    /// is back).
    #[error("{0}")]
    InDoubt(String),
}

impl StoreError {
    /// Whether the database is away (as opposed to busy, or a refusal or
    /// a fault of the request itself).
    pub fn is_unavailable(&self) -> bool {
        matches!(self, StoreError::Unavailable(_) | StoreError::InDoubt(_))
    }

    /// `Ok` when a guarded write changed its one row (`n` rows changed);
    /// else the row had moved on (another instance or request got there
    /// first): [`StoreError::Conflict`]. Both engines answer alike.
    pub(crate) fn conflict_unless_one(n: u64) -> Result<(), StoreError> {
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        // A locked file is busy, a full or failing disk away (sqlite/errors.rs).
        sqlite::classify(e)
    }
}

/// Where the games are kept: a SQLite file or a PostgreSQL database.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (created on first start).
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://user:password@host/db`).
    Postgres(String),
}

impl Location {
    /// Reads `--db`: a `postgres://` or `postgresql://` URL, else a file.
    pub fn parse(text: &str) -> Location {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Location::Postgres(text.to_string())
        } else {
            Location::Sqlite(PathBuf::from(text))
        }
    }

    /// The SQLite file, if it is one.
    pub fn sqlite_path(&self) -> Option<&Path> {
        match self {
            Location::Sqlite(p) => Some(p),
            Location::Postgres(_) => None,
        }
    }
}

impl From<PathBuf> for Location {
    fn from(p: PathBuf) -> Self {
        Location::Sqlite(p)
    }
}

impl From<&Path> for Location {
    fn from(p: &Path) -> Self {
        Location::Sqlite(p.to_path_buf())
    }
}

/// For people and logs: the file, or the URL without its password.
impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(p) => write!(f, "{}", p.display()),
            Location::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Location({self})")
    }
}

/// `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((auth, host)) = rest.split_once('@') else {
        return url.to_string();
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// A seat as stored.
#[derive(Debug, Clone)]
pub struct SeatRow {
    /// `human` or a program spec.
    pub kind: String,
    /// The SHA-256 of a human seat's token, as hex (in a database from
    /// before tokens were hashed, the token itself: hashed when opened).
    pub token: Option<String>,
    /// A human seat waiting to be joined.
    pub open: bool,
    /// The hash of the seat's token in the game's rematch, once its holder
    /// has offered or accepted one.
    pub next_token: Option<String>,
}

/// A move as stored.
#[derive(Debug, Clone)]
pub struct MoveRow {
    /// Canonical text.
    pub text: String,
    /// 1-based seat, `None` for chance.
    pub seat: Option<usize>,
    /// Each seat's time left after it (JSON array of ms or null; `None`
    /// for an untimed game).
    pub clocks: Option<String>,
}

/// A game as stored.
#[derive(Debug, Clone)]
pub struct GameRow {
    /// The id.
    pub id: String,
    /// The catalogue name.
    pub game: String,
    /// The options as JSON text.
    pub options: String,
    /// The seed programs and chance draw from.
    pub seed: u64,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Moves in order.
    pub moves: Vec<MoveRow>,
    /// The game's life beside its moves (clocks, names, offers, ending) as
    /// JSON (`kyoku_games::session::Life`).
    pub life: String,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// The game's rematch, once agreed.
    pub rematch: Option<String>,
    /// Changes stored since it was created: a change made on an older
    /// version is refused.
    pub version: i64,
    /// A rated game: its end moves the ratings of its players.
    pub rated: bool,
    /// The accounts (people and, in rated games, program levels) in its
    /// seats.
    pub players: Vec<PlayerRow>,
}

/// What the store's queries read of a game besides its moves: its lobby
/// status and entry, and when the server must next act on it unasked.
#[derive(Debug, Clone)]
pub struct Listing {
    /// `open`, `active` or `finished`.
    pub status: String,
    /// The lobby entry as JSON, served as it is.
    pub summary: String,
    /// Unix ms when a program is to move (the time of the change: due at
    /// once) or a running clock's flag falls; `None` when only people can
    /// move the game on, or it is over.
    pub wake_at: Option<i64>,
}

/// One write.
#[derive(Debug)]
pub enum Write {
    /// A new game with its first moves (chance draws at the start).
    Create {
        /// The game, version 0.
        game: GameRow,
        /// Its listing.
        listing: Listing,
        /// The seek it answers: taken in the same transaction, or the
        /// game is not made ([`StoreError::Conflict`] when it is gone).
        seek: Option<String>,
    },
    /// A change of a game: the moves from `first_ply` (0-based) on are
    /// replaced by `moves` (a takeback leaves fewer, a move adds), its life
    /// and listing are updated.
    Change {
        /// The game.
        id: String,
        /// The version the change was made on.
        version: i64,
        /// The ply of the first new move (moves from here on go).
        first_ply: usize,
        /// Whether moves from `first_ply` on are stored and must go first
        /// (a takeback, a flag fall that voided a move); an ordinary move
        /// only adds.
        truncate: bool,
        /// The new moves.
        moves: Vec<MoveRow>,
        /// The game's life (JSON).
        life: String,
        /// Rematch token hashes of seats (1-based) that offered or accepted.
        next_tokens: Vec<(usize, String)>,
        /// Unix seconds.
        at: i64,
        /// The new listing.
        listing: Listing,
        /// Set when the change ends the game: its outcomes and ratings
        /// are written with it.
        end: Option<GameEnd>,
    },
    /// A rematch: the new game created and linked with the old one.
    Rematch {
        /// The new game, `rematch_of` set.
        game: GameRow,
        /// Its listing.
        listing: Listing,
        /// The old game's version the rematch was agreed on.
        old_version: i64,
        /// The old game's life now (its offers answered).
        old_life: String,
        /// Rematch token hashes of old seats (1-based) set by this answer.
        next_tokens: Vec<(usize, String)>,
    },
    /// An open seat taken.
    Join {
        /// The game.
        id: String,
        /// The version the seat was taken on.
        version: i64,
        /// 1-based seat.
        seat: usize,
        /// The hash of the seat's new token (hex).
        token: String,
        /// The game's life (JSON; the name of who joined).
        life: String,
        /// The new listing.
        listing: Listing,
        /// The account of who joined, if signed in.
        player: Option<PlayerRow>,
    },
    /// A seat bound to an account after the game was made (a person who
    /// played it before signing in).
    Claim {
        /// The game.
        id: String,
        /// The version the seat was claimed on.
        version: i64,
        /// The account now in the seat.
        player: PlayerRow,
        /// The game's life (JSON).
        life: String,
        /// The new listing.
        listing: Listing,
    },
    /// The listing of a game stored before listings were (filled in once,
    /// when a database from an older kyoku is first opened).
    Listing {
        /// The game.
        id: String,
        /// Its listing.
        listing: Listing,
    },
    /// Nothing: a trivial query in a write transaction, to learn that the
    /// store answers (the readiness check).
    Probe,
}

impl Write {
    /// The game a write changes and the version it leaves the game at
    /// (what other instances hear of it).
    pub fn changed(&self) -> Option<(&str, i64)> {
        match self {
            Write::Create { game, .. } => Some((&game.id, 0)),
            Write::Rematch { game, .. } => Some((&game.id, 0)),
            Write::Change { id, version, .. }
            | Write::Join { id, version, .. }
            | Write::Claim { id, version, .. } => Some((id, version + 1)),
            Write::Listing { .. } | Write::Probe => None,
        }
    }
}

/// A page of the lobby, newest first.
#[derive(Debug, Clone, Default)]
pub struct LobbyQuery {
    /// Only games of this status (`open`, `active`, `finished`).
    pub status: Option<String>,
    /// Only games of this catalogue name.
    pub game: Option<String>,
    /// At most this many.
    pub limit: usize,
    /// Only games listed after this one (the last of the previous page).
    pub before: Option<String>,
}

/// A change another instance stored, as heard through the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The game.
    pub id: String,
    /// Its version after the change.
    pub version: i64,
}

/// The store: a cheap handle to one engine. Games are its own; what it
/// keeps of players is in `players.rs`.
#[derive(Clone)]
pub struct Store {
    engine: Engine,
    /// Where the time of each write until durable is recorded.
    commit_seconds: Option<Histogram>,
    /// Whether the database is away, learnt from the answers.
    health: std::sync::Arc<StoreHealth>,
}

#[derive(Clone)]
enum Engine {
    Sqlite(std::sync::Arc<SqliteStore>),
    Postgres(std::sync::Arc<PgStore>),
}

/// How to open a store.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// When SQLite's commits reach the disk.
    pub sync: SyncMode,
}

impl Store {
    /// Opens the store at `at`, creating or migrating its schema.
    pub async fn open(at: &Location, options: &OpenOptions) -> Result<Store, StoreError> {
        let engine = match at {
            Location::Sqlite(path) => {
                let path = path.clone();
                let sync = options.sync;
                let s = tokio::task::spawn_blocking(move || SqliteStore::open(&path, sync))
                    .await
                    .map_err(|e| StoreError::Failed(e.to_string()))??;
                Engine::Sqlite(std::sync::Arc::new(s))
            }
            Location::Postgres(url) => {
                // Unique among the instances sharing the database.
                let instance = format!("{}-{:08x}", std::process::id(), rand::random::<u32>());
                Engine::Postgres(std::sync::Arc::new(PgStore::open(url, &instance).await?))
            }
        };
        Ok(Store {
            engine,
            commit_seconds: None,
            health: Default::default(),
        })
    }

    /// Learns whether the database is away into `health` (which counts
    /// failures and tells watchers).
    pub fn watch_health(&mut self, health: std::sync::Arc<StoreHealth>) {
        self.health = health;
    }

    /// Whether the database is away, as its answers tell.
    pub fn health(&self) -> &std::sync::Arc<StoreHealth> {
        &self.health
    }

    /// Records the time of every write until durable in `h`.
    pub fn observe_commits(&mut self, h: Histogram) {
        self.commit_seconds = Some(h);
    }

    /// Commits one write; returns once it is durable, with what the
    /// write settled besides (the ratings of a rated game it ended).
    pub async fn write(&self, w: Write) -> Result<Written, StoreError> {
        let began = std::time::Instant::now();
        let probe = matches!(w, Write::Probe);
        let out = on_engine!(self, s => s.write(w).await);
        if let Some(h) = self.commit_seconds.as_ref().filter(|_| !probe) {
            h.observe(began.elapsed().as_secs_f64());
        }
        self.health.note(&out);
        out
    }

    /// Whether the store answers within `within`.
    pub async fn ready(&self, within: Duration) -> Result<(), StoreError> {
        let out = on_engine!(self, s => s.ready(within).await);
        // A probe that only timed out is not taken for an outage: a slow
        // network path answers later.
        self.health.note(&out);
        out
    }

    /// One game, whole; `None` when there is none with this id.
    pub async fn load(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let out = on_engine!(self, s => s.load(id).await);
        self.health.note(&out);
        out
    }

    /// A page of the lobby: each game's entry as JSON, newest first;
    /// `None` when `before` names no game.
    pub async fn lobby(&self, q: &LobbyQuery) -> Result<Option<Vec<String>>, StoreError> {
        on_engine!(self, s => s.lobby(q).await)
    }

    /// Games not over, waiting only for people, unchanged since `cutoff`
    /// (Unix seconds): candidates for abandonment; at most `limit`.
    pub async fn idle(&self, cutoff: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        on_engine!(self, s => s.idle(cutoff, limit).await)
    }

    /// Games stored without a listing (by an older kyoku), at most `limit`.
    pub async fn unlisted(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        on_engine!(self, s => s.unlisted(limit).await)
    }

    /// Changes stored by other instances sharing the store (none for
    /// SQLite, which one instance owns).
    pub fn changes(&self) -> broadcast::Receiver<Changed> {
        on_engine!(self, s => s.changes())
    }

    /// Takes (or renews) the lease of this instance on running game
    /// `id`'s programs and deadlines: `true` when the lease was free,
    /// expired or already this instance's. Always `true` for SQLite.
    pub async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        match &self.engine {
            Engine::Sqlite(_) => Ok(true),
            Engine::Postgres(s) => s.claim(id).await,
        }
    }

    /// The games due by `until` (Unix ms) that this instance may run, each
    /// claimed ([`Store::claim`]); soonest first, at most `limit`.
    pub async fn claim_due(&self, until: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let out = match &self.engine {
            Engine::Sqlite(s) => s.due(until, limit).await,
            Engine::Postgres(s) => s.claim_due(until, limit).await,
        };
        self.health.note(&out);
        out
    }

    /// Extends every lease this instance holds by [`LEASE`] (its
    /// heartbeat; a dead instance's leases run out).
    pub async fn renew(&self) -> Result<(), StoreError> {
        match &self.engine {
            Engine::Sqlite(_) => Ok(()),
            Engine::Postgres(s) => s.renew().await,
        }
    }

    /// Gives up every lease this instance holds (it stops), so that
    /// another instance takes its games at once.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        match &self.engine {
            Engine::Sqlite(_) => Ok(()),
            Engine::Postgres(s) => s.release_all().await,
        }
    }

    /// Gives up this instance's lease on `id` (the game left its memory).
    pub async fn release(&self, id: &str) -> Result<(), StoreError> {
        match &self.engine {
            Engine::Sqlite(_) => Ok(()),
            Engine::Postgres(s) => s.release(id).await,
        }
    }
}

/// How long a lease on a game's programs and deadlines lasts unless
/// renewed: the longest another instance waits before it takes over the
/// game of an instance that died.
pub const LEASE: Duration = Duration::from_secs(5);

/// Creates a new, empty database on the PostgreSQL server of `admin_url`
/// (a role allowed to create databases) and returns its URL: each test of
/// the suites gets its own.
pub async fn create_postgres_database(admin_url: &str) -> Result<String, StoreError> {
    postgres::create_database(admin_url).await
}

/// Reads one game's moves straight from the store at `at` (tests and
/// checks): `None` when there is no such game.
pub async fn stored_moves(at: &Location, id: &str) -> Result<Option<Vec<String>>, StoreError> {
    let options = OpenOptions {
        sync: SyncMode::Normal,
    };
    let store = Store::open(at, &options).await?;
    Ok(store
        .load(id)
        .await?
        .map(|g| g.moves.into_iter().map(|m| m.text).collect()))
}
