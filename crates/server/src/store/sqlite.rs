//! The SQLite engine: one file, WAL, a single writer thread that commits
//! batches of writes in one transaction each (group commit) and answers
//! every write only once its transaction is durable; reads go through a
//! few read-only connections of their own, beside the writer.
//!
//! Why one writer thread: SQLite allows one writer at a time anyway; a
//! dedicated thread keeps blocking I/O off the async runtime, and batching
//! lets a thousand concurrent games share one fsync.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use tokio::sync::{broadcast, oneshot};

use super::{Changed, GameRow, Listing, LobbyQuery, MoveRow, SeatRow, StoreError, Write, Written};

mod errors;
mod players;
mod puzzles;
mod reviews;
mod schema;

use errors::{BUSY_TIMEOUT, classify_commit};
use schema::migrate;

pub(super) use errors::classify;

/// What a job of the writer answers: a [`Written`] for a [`Write`], the
/// closure's own value for a [`Op::Run`].
type Answer = Result<Box<dyn std::any::Any + Send>, StoreError>;

/// A job for the writer thread.
enum Op {
    /// A write of a game (boxed: a write is large, a closure small).
    Write(Box<Write>),
    /// Any other change (accounts, sessions, seeks), run in the writer's
    /// transaction like a write.
    Run(Box<dyn FnOnce(&Connection) -> Answer + Send>),
}

type Job = (Op, oneshot::Sender<Answer>);

/// The SQLite engine of [`super::Store`].
pub struct SqliteStore {
    tx: mpsc::Sender<Job>,
    /// The file, and its identity when opened: the readiness check
    /// notices when it was removed or replaced.
    path: PathBuf,
    file: Option<FileId>,
    readers: Arc<Readers>,
    /// Never sent on: one server owns a SQLite file.
    changes: broadcast::Sender<Changed>,
}

/// A file's device and inode.
type FileId = (u64, u64);

#[cfg(unix)]
fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(_: &Path) -> Option<FileId> {
    None
}

/// The most writes committed in one transaction.
const BATCH: usize = 512;

/// When a commit reaches the disk (SQLite's `synchronous` in WAL mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SyncMode {
    /// Every commit is flushed to the disk (fsync) before it is answered:
    /// nothing acknowledged is lost, even to a power cut.
    #[default]
    Full,
    /// Commits are written to the log but flushed only at checkpoints:
    /// nothing acknowledged is lost when the server process dies (killed,
    /// crashed); a power cut may lose the last moves, never consistency.
    Normal,
}

/// A `sync` setting that is neither `full` nor `normal`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("sync must be full or normal, not {0:?}")]
pub struct UnknownSyncMode(pub String);

impl std::str::FromStr for SyncMode {
    type Err = UnknownSyncMode;
    fn from_str(s: &str) -> Result<Self, UnknownSyncMode> {
        match s {
            "full" => Ok(SyncMode::Full),
            "normal" => Ok(SyncMode::Normal),
            _ => Err(UnknownSyncMode(s.to_string())),
        }
    }
}

fn open_db(path: &Path, sync: SyncMode) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    let sync = match sync {
        SyncMode::Full => "FULL",
        SyncMode::Normal => "NORMAL",
    };
    conn.pragma_update(None, "synchronous", sync)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // What is deleted or overwritten (a token replaced by its hash) is
    // zeroed on disk, not left in free pages.
    conn.pragma_update(None, "secure_delete", "ON")?;
    migrate(&conn)?;
    Ok(conn)
}

/// Read-only connections, opened as needed and kept for the next read.
struct Readers {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

impl Readers {
    fn take(&self) -> Result<Connection, StoreError> {
        if let Some(c) = self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop() {
            return Ok(c);
        }
        let c = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        c.busy_timeout(BUSY_TIMEOUT)?;
        Ok(c)
    }

    fn give(&self, c: Connection) {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        if idle.len() < 4 {
            idle.push(c);
        }
    }
}

impl SqliteStore {
    /// Opens (creating or migrating if needed) the database and starts
    /// the writer thread.
    pub fn open(path: &Path, sync: SyncMode) -> Result<SqliteStore, StoreError> {
        let conn = open_db(path, sync)?;
        let (tx, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("kyoku-store".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| StoreError::Failed(e.to_string()))?;
        Ok(SqliteStore {
            tx,
            path: path.to_path_buf(),
            file: file_id(path),
            readers: Arc::new(Readers {
                path: path.to_path_buf(),
                idle: Mutex::new(Vec::new()),
            }),
            changes: broadcast::channel(1).0,
        })
    }

    /// Commits one write; returns once it is durable.
    pub async fn write(&self, w: Write) -> Result<Written, StoreError> {
        let any = self.job(Op::Write(Box::new(w))).await?;
        Ok(any.downcast::<Written>().map(|w| *w).unwrap_or_default())
    }

    /// Runs `f` on the writer's connection inside its transaction (in a
    /// savepoint of its own: a failure undoes only `f`'s changes);
    /// returns once committed.
    pub(crate) async fn run<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<R, StoreError> + Send + 'static,
    ) -> Result<R, StoreError> {
        let op = Op::Run(Box::new(move |c| {
            f(c).map(|r| Box::new(r) as Box<dyn std::any::Any + Send>)
        }));
        let any = self.job(op).await?;
        any.downcast::<R>()
            .map(|r| *r)
            .map_err(|_| StoreError::Failed("the writer answered in the wrong type".into()))
    }

    async fn job(&self, op: Op) -> Answer {
        let stopped = || StoreError::Failed("the writer has stopped".into());
        let (done, wait) = oneshot::channel();
        self.tx.send((op, done)).map_err(|_| stopped())?;
        wait.await.map_err(|_| stopped())?
    }

    /// Whether the store answers: its file is still the one opened (a
    /// removed or replaced file would take commits no one reads again),
    /// and the writer runs a trivial query in a write transaction within
    /// `within` (a file locked by another process, a stuck disk or a
    /// stopped writer do not).
    pub async fn ready(&self, within: Duration) -> Result<(), StoreError> {
        if self.file.is_some() && file_id(&self.path) != self.file {
            return Err(StoreError::Failed(format!(
                "the database file {} was removed or replaced since the server opened it",
                self.path.display()
            )));
        }
        match tokio::time::timeout(within, self.write(Write::Probe)).await {
            Ok(r) => r.map(|_| ()),
            Err(_) => Err(StoreError::Failed(format!(
                "the database did not answer within {} ms (locked by another process, \
                 or the disk is stuck)",
                within.as_millis()
            ))),
        }
    }

    /// Runs `f` on a read connection, off the async runtime.
    async fn read<R: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<R, StoreError> + Send + 'static,
    ) -> Result<R, StoreError> {
        let readers = self.readers.clone();
        tokio::task::spawn_blocking(move || {
            let conn = readers.take()?;
            let out = f(&conn);
            readers.give(conn);
            out
        })
        .await
        .map_err(|e| StoreError::Failed(e.to_string()))?
    }

    /// One game, whole.
    pub async fn load(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let id = id.to_string();
        self.read(move |c| load_game(c, &id)).await
    }

    /// A page of the lobby (see [`super::Store::lobby`]).
    pub async fn lobby(&self, q: &LobbyQuery) -> Result<Option<Vec<String>>, StoreError> {
        let q = q.clone();
        self.read(move |c| lobby(c, &q)).await
    }

    /// Games due by `until` (Unix ms).
    pub async fn due(&self, until: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.read(move |c| {
            ids(
                c,
                "SELECT id FROM games WHERE wake_at IS NOT NULL AND wake_at <= ?1
                 ORDER BY wake_at LIMIT ?2",
                params![until, limit as i64],
            )
        })
        .await
    }

    /// Games waiting only for people, unchanged since `cutoff`.
    pub async fn idle(&self, cutoff: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.read(move |c| {
            ids(
                c,
                "SELECT id FROM games WHERE status IN ('open', 'active') AND wake_at IS NULL
                 AND updated_at <= ?1 LIMIT ?2",
                params![cutoff, limit as i64],
            )
        })
        .await
    }

    /// Games without a listing.
    pub async fn unlisted(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        self.read(move |c| {
            ids(
                c,
                "SELECT id FROM games WHERE summary IS NULL LIMIT ?1",
                params![limit as i64],
            )
        })
        .await
    }

    /// Changes by other instances: none ever come.
    pub fn changes(&self) -> broadcast::Receiver<Changed> {
        self.changes.subscribe()
    }
}

fn ids(c: &Connection, sql: &str, p: impl rusqlite::Params) -> Result<Vec<String>, StoreError> {
    let mut st = c.prepare_cached(sql)?;
    let v = st
        .query_map(p, |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(v)
}

fn lobby(c: &Connection, q: &LobbyQuery) -> Result<Option<Vec<String>>, StoreError> {
    let mut sql = String::from("SELECT summary FROM games WHERE summary IS NOT NULL");
    let mut args: Vec<rusqlite::types::Value> = Vec::new();
    if let Some(s) = &q.status {
        args.push(s.clone().into());
        sql += &format!(" AND status = ?{}", args.len());
    }
    if let Some(g) = &q.game {
        args.push(g.clone().into());
        sql += &format!(" AND game = ?{}", args.len());
    }
    if let Some(before) = &q.before {
        let at: Option<i64> = c
            .query_row(
                "SELECT created_at FROM games WHERE id = ?1",
                [before],
                |r| r.get(0),
            )
            .optional()?;
        let Some(at) = at else { return Ok(None) };
        args.push(at.into());
        args.push(before.clone().into());
        let (a, b) = (args.len() - 1, args.len());
        sql += &format!(" AND (created_at < ?{a} OR (created_at = ?{a} AND id < ?{b}))");
    }
    args.push((q.limit as i64).into());
    sql += &format!(" ORDER BY created_at DESC, id DESC LIMIT ?{}", args.len());
    let mut st = c.prepare_cached(&sql)?;
    let v = st
        .query_map(rusqlite::params_from_iter(args), |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(Some(v))
}

fn load_game(c: &Connection, id: &str) -> Result<Option<GameRow>, StoreError> {
    let row = c
        .prepare_cached(
            "SELECT id, game, options, seed, created_at, updated_at, life, rematch_of, rematch,
                    version, rated
             FROM games WHERE id = ?1",
        )?
        .query_row([id], |r| {
            Ok(GameRow {
                rated: r.get::<_, i64>(10)? != 0,
                players: Vec::new(),
                id: r.get(0)?,
                game: r.get(1)?,
                options: r.get(2)?,
                seed: r.get::<_, i64>(3)? as u64,
                created_at: r.get(4)?,
                updated_at: r.get(5)?,
                seats: Vec::new(),
                moves: Vec::new(),
                life: r.get(6)?,
                rematch_of: r.get(7)?,
                rematch: r.get(8)?,
                version: r.get(9)?,
            })
        })
        .optional()?;
    let Some(mut g) = row else { return Ok(None) };
    g.seats = c
        .prepare_cached(
            "SELECT kind, token, open, next_token FROM seats WHERE game_id = ?1 ORDER BY seat",
        )?
        .query_map([id], |r| {
            Ok(SeatRow {
                kind: r.get(0)?,
                token: r.get(1)?,
                open: r.get::<_, i64>(2)? != 0,
                next_token: r.get(3)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    g.moves = c
        .prepare_cached("SELECT text, seat, clocks FROM moves WHERE game_id = ?1 ORDER BY ply")?
        .query_map([id], |r| {
            Ok(MoveRow {
                text: r.get(0)?,
                seat: r.get::<_, Option<i64>>(1)?.map(|s| s as usize),
                clocks: r.get(2)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    g.players = players::of_game(c, id)?;
    Ok(Some(g))
}

/// Moves a game from `version` to the next with its new listing, or
/// refuses with [`StoreError::Conflict`] when it is no longer at
/// `version`.
fn bump(
    conn: &Connection,
    id: &str,
    version: i64,
    listing: &Listing,
    life: &str,
    at: Option<i64>,
) -> Result<(), StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE games SET version = version + 1, status = ?3, summary = ?4, wake_at = ?5,
                              life = ?6, updated_at = coalesce(?7, updated_at)
             WHERE id = ?1 AND version = ?2",
        )?
        .execute(params![
            id,
            version,
            listing.status,
            listing.summary,
            listing.wake_at,
            life,
            at
        ])?;
    StoreError::conflict_unless_one(n as u64)
}

fn set_next_tokens(
    conn: &Connection,
    id: &str,
    next_tokens: &[(usize, String)],
) -> Result<(), StoreError> {
    for (seat, hash) in next_tokens {
        conn.prepare_cached("UPDATE seats SET next_token = ?3 WHERE game_id = ?1 AND seat = ?2")?
            .execute(params![id, *seat as i64, hash])?;
    }
    Ok(())
}

fn apply(conn: &Connection, w: &Write) -> Result<Written, StoreError> {
    let mut written = Written::default();
    match w {
        Write::Create {
            game,
            listing,
            seek,
        } => {
            if let Some(seek) = seek {
                players::take_seek(conn, seek, &game.id)?;
            }
            insert_game(conn, game, listing)?;
        }
        Write::Rematch {
            game,
            listing,
            old_version,
            old_life,
            next_tokens,
        } => {
            let old = game.rematch_of.as_deref().unwrap_or_default();
            let n = conn.execute(
                "UPDATE games SET rematch = ?2, life = ?3, version = version + 1
                 WHERE id = ?1 AND rematch IS NULL AND version = ?4",
                params![old, game.id, old_life, old_version],
            )?;
            StoreError::conflict_unless_one(n as u64)?;
            insert_game(conn, game, listing)?;
            set_next_tokens(conn, old, next_tokens)?;
        }
        Write::Change {
            id,
            version,
            first_ply,
            truncate,
            moves,
            life,
            next_tokens,
            at,
            listing,
            end,
        } => {
            bump(conn, id, *version, listing, life, Some(*at))?;
            set_next_tokens(conn, id, next_tokens)?;
            if *truncate {
                conn.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
                    .execute(params![id, *first_ply as i64])?;
            }
            insert_moves(conn, id, *first_ply, moves, *at)?;
            if let Some(end) = end {
                written.rating_diffs = players::end_game(conn, id, end, *at)?;
            }
        }
        Write::Join {
            id,
            version,
            seat,
            token,
            life,
            listing,
            player,
        } => {
            bump(conn, id, *version, listing, life, None)?;
            let n = conn.execute(
                "UPDATE seats SET open = 0, token = ?3 WHERE game_id = ?1 AND seat = ?2 AND open = 1",
                params![id, *seat as i64, token],
            )?;
            StoreError::conflict_unless_one(n as u64)?;
            if let Some(p) = player {
                players::insert_player(conn, id, p)?;
            }
        }
        Write::Claim {
            id,
            version,
            player,
            life,
            listing,
        } => {
            bump(conn, id, *version, listing, life, None)?;
            players::insert_player(conn, id, player)?;
        }
        Write::Listing { id, listing } => {
            conn.execute(
                "UPDATE games SET status = ?2, summary = ?3, wake_at = ?4 WHERE id = ?1",
                params![id, listing.status, listing.summary, listing.wake_at],
            )?;
        }
        Write::Probe => {
            conn.prepare_cached("SELECT count(*) FROM games WHERE rowid < 0")?
                .query_row([], |_| Ok(()))?;
        }
    }
    Ok(written)
}

fn insert_game(conn: &Connection, g: &GameRow, listing: &Listing) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO games (id, game, options, seed, status, created_at, updated_at, life,
                            rematch_of, summary, wake_at, version, rated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0, ?12)",
        params![
            g.id,
            g.game,
            g.options,
            g.seed as i64,
            listing.status,
            g.created_at,
            g.updated_at,
            g.life,
            g.rematch_of,
            listing.summary,
            listing.wake_at,
            g.rated as i64,
        ],
    )?;
    for p in &g.players {
        players::insert_player(conn, &g.id, p)?;
    }
    for (i, s) in g.seats.iter().enumerate() {
        conn.execute(
            "INSERT INTO seats (game_id, seat, kind, token, open) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![g.id, i as i64 + 1, s.kind, s.token, s.open as i64],
        )?;
    }
    insert_moves(conn, &g.id, 0, &g.moves, g.created_at)
}

fn insert_moves(
    conn: &Connection,
    id: &str,
    first_ply: usize,
    moves: &[MoveRow],
    at: i64,
) -> Result<(), StoreError> {
    let mut st = conn.prepare_cached(
        "INSERT INTO moves (game_id, ply, text, seat, at, clocks) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (k, m) in moves.iter().enumerate() {
        let r = st.execute(params![
            id,
            (first_ply + k) as i64,
            m.text,
            m.seat.map(|s| s as i64),
            at,
            m.clocks
        ]);
        match r {
            Ok(_) => {}
            // The ply is taken: a move made on another copy of the game.
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                return Err(StoreError::Conflict);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// The writer: takes every waiting write (up to [`BATCH`]), applies each in
/// its own savepoint (one bad write fails alone), commits once, answers all.
fn writer(conn: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        let mut results: Vec<Answer> = Vec::with_capacity(batch.len());
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            let e = StoreError::from(e);
            for (_, done) in batch {
                let _ = done.send(Err(e.clone()));
            }
            continue;
        }
        let mut done_list = Vec::with_capacity(batch.len());
        for (op, done) in batch {
            done_list.push(done);
            let r = conn
                .execute_batch("SAVEPOINT w")
                .map_err(StoreError::from)
                .and_then(|_| match op {
                    Op::Write(w) => {
                        apply(&conn, &w).map(|x| Box::new(x) as Box<dyn std::any::Any + Send>)
                    }
                    Op::Run(f) => f(&conn),
                });
            match r {
                Ok(x) => {
                    results.push(
                        conn.execute_batch("RELEASE w")
                            .map(|_| x)
                            .map_err(Into::into),
                    );
                }
                Err(e) => {
                    let _ = conn.execute_batch("ROLLBACK TO w; RELEASE w");
                    results.push(Err(e));
                }
            }
        }
        if let Err(e) = conn.execute_batch("COMMIT") {
            let _ = conn.execute_batch("ROLLBACK");
            let e = classify_commit(e);
            for done in done_list {
                let _ = done.send(Err(e.clone()));
            }
            continue;
        }
        for (done, r) in done_list.into_iter().zip(results) {
            let _ = done.send(r);
        }
    }
}
