//! SQLite storage: one file, WAL, a single writer thread that commits
//! batches of writes in one transaction each (group commit) and answers
//! every write only once its transaction is durable.
//!
//! Why one writer thread: SQLite allows one writer at a time anyway; a
//! dedicated thread keeps blocking I/O off the async runtime, and batching
//! lets a thousand concurrent games share one fsync.

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

/// A storage failure, for a person.
#[derive(Debug, Clone, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(pub String);

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
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
}

/// One write.
#[derive(Debug)]
pub enum Write {
    /// A new game with its first moves (chance draws at the start).
    Create(GameRow, String),
    /// A change of a game: the moves from `first_ply` (0-based) on are
    /// replaced by `moves` (a takeback leaves fewer, a move adds), its life
    /// and lobby status are updated.
    Change {
        /// The game.
        id: String,
        /// The ply of the first new move (moves from here on go).
        first_ply: usize,
        /// The new moves.
        moves: Vec<MoveRow>,
        /// The game's life (JSON).
        life: String,
        /// Rematch token hashes of seats (1-based) that offered or accepted.
        next_tokens: Vec<(usize, String)>,
        /// Unix seconds.
        at: i64,
        /// `open`, `active` or `finished`.
        status: String,
    },
    /// A rematch: the new game created and linked with the old one.
    Rematch {
        /// The new game, `rematch_of` set.
        game: GameRow,
        /// Its status.
        status: String,
        /// The old game's life now (its offers answered).
        old_life: String,
        /// Rematch token hashes of old seats (1-based) set by this answer.
        next_tokens: Vec<(usize, String)>,
    },
    /// An open seat taken.
    Join {
        /// The game.
        id: String,
        /// 1-based seat.
        seat: usize,
        /// The hash of the seat's new token (hex).
        token: String,
        /// The game's life (JSON; the name of who joined).
        life: String,
        /// `open`, `active` or `finished`.
        status: String,
    },
    /// Nothing: a trivial query in a write transaction, to learn that the
    /// store answers (the readiness check).
    Probe,
}

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The handle to the writer thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<Job>,
    /// The file, and its identity when opened: the readiness check
    /// notices when it was removed or replaced.
    path: std::path::PathBuf,
    file: Option<FileId>,
    /// Where the time of each write until durable is recorded.
    commit_seconds: Option<prometheus_client::metrics::histogram::Histogram>,
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

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token TEXT,
    open INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    seat INTEGER,
    at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

/// Columns added since the first schema: added to an older database when
/// it is opened (table, column, definition).
const ADDED_COLUMNS: [(&str, &str, &str); 5] = [
    ("seats", "next_token", "TEXT"),
    ("games", "life", "TEXT NOT NULL DEFAULT '{}'"),
    ("games", "rematch_of", "TEXT"),
    ("games", "rematch", "TEXT"),
    ("moves", "clocks", "TEXT"),
];

/// Adds the columns an older database lacks.
fn add_columns(conn: &Connection) -> Result<(), StoreError> {
    for (table, column, definition) in ADDED_COLUMNS {
        let has: bool = conn
            .prepare(&format!(
                "SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1"
            ))?
            .exists([column])?;
        if !has {
            conn.execute_batch(&format!(
                "ALTER TABLE {table} ADD COLUMN {column} {definition}"
            ))?;
        }
    }
    Ok(())
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

impl std::str::FromStr for SyncMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "full" => Ok(SyncMode::Full),
            "normal" => Ok(SyncMode::Normal),
            _ => Err(format!("sync must be full or normal, not {s:?}")),
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
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    // What is deleted or overwritten (a token replaced by its hash) is
    // zeroed on disk, not left in free pages.
    conn.pragma_update(None, "secure_delete", "ON")?;
    conn.execute_batch(SCHEMA)?;
    add_columns(&conn)?;
    hash_plain_tokens(&conn)?;
    Ok(conn)
}

/// Replaces the tokens of a database from before tokens were hashed (32
/// hex digits, the token itself) by their hashes, and clears the log so
/// that no copy of them stays in the files.
fn hash_plain_tokens(conn: &Connection) -> Result<(), StoreError> {
    let plain: Vec<(String, i64, String)> = conn
        .prepare("SELECT game_id, seat, token FROM seats WHERE length(token) = 32")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    if plain.is_empty() {
        return Ok(());
    }
    let tx = conn.unchecked_transaction()?;
    for (game, seat, token) in &plain {
        let Some(hash) = crate::tokens::parse_stored(token) else {
            continue;
        };
        tx.execute(
            "UPDATE seats SET token = ?3 WHERE game_id = ?1 AND seat = ?2",
            params![game, seat, crate::tokens::hex(&hash)],
        )?;
    }
    tx.commit()?;
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    Ok(())
}

/// Opens (creating if needed) the database, reads every game, and starts
/// the writer thread.
pub fn open(path: &Path, sync: SyncMode) -> Result<(Store, Vec<GameRow>), StoreError> {
    let conn = open_db(path, sync)?;
    let games = load_all(&conn)?;
    let (tx, rx) = mpsc::channel::<Job>();
    thread::Builder::new()
        .name("kyoku-store".into())
        .spawn(move || writer(conn, rx))
        .map_err(|e| StoreError(e.to_string()))?;
    let store = Store {
        tx,
        path: path.to_path_buf(),
        file: file_id(path),
        commit_seconds: None,
    };
    Ok((store, games))
}

impl Store {
    /// Commits one write; returns once it is durable.
    pub async fn write(&self, w: Write) -> Result<(), StoreError> {
        let began = std::time::Instant::now();
        let probe = matches!(w, Write::Probe);
        let (done, wait) = oneshot::channel();
        self.tx
            .send((w, done))
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        let out = wait
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        if let Some(h) = self.commit_seconds.as_ref().filter(|_| !probe) {
            h.observe(began.elapsed().as_secs_f64());
        }
        out
    }

    /// Records the time of every write until durable in `h`.
    pub fn observe_commits(&mut self, h: prometheus_client::metrics::histogram::Histogram) {
        self.commit_seconds = Some(h);
    }

    /// Whether the store answers: its file is still the one opened (a
    /// removed or replaced file would take commits no one reads again),
    /// and the writer runs a trivial query in a write transaction within
    /// `within` (a file locked by another process, a stuck disk or a
    /// stopped writer do not).
    pub async fn ready(&self, within: std::time::Duration) -> Result<(), StoreError> {
        if self.file.is_some() && file_id(&self.path) != self.file {
            return Err(StoreError(format!(
                "the database file {} was removed or replaced since the server opened it",
                self.path.display()
            )));
        }
        match tokio::time::timeout(within, self.write(Write::Probe)).await {
            Ok(r) => r,
            Err(_) => Err(StoreError(format!(
                "the database did not answer within {} ms (locked by another process, \
                 or the disk is stuck)",
                within.as_millis()
            ))),
        }
    }
}

fn load_all(conn: &Connection) -> Result<Vec<GameRow>, StoreError> {
    let mut out = Vec::new();
    let mut games = conn.prepare(
        "SELECT id, game, options, seed, created_at, updated_at, life, rematch_of, rematch
         FROM games ORDER BY created_at, id",
    )?;
    let mut seats = conn.prepare(
        "SELECT kind, token, open, next_token FROM seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let mut moves =
        conn.prepare("SELECT text, seat, clocks FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let rows = games.query_map([], |r| {
        Ok(GameRow {
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
        })
    })?;
    for row in rows {
        let mut g = row?;
        g.seats = seats
            .query_map([&g.id], |r| {
                Ok(SeatRow {
                    kind: r.get(0)?,
                    token: r.get(1)?,
                    open: r.get::<_, i64>(2)? != 0,
                    next_token: r.get(3)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        g.moves = moves
            .query_map([&g.id], |r| {
                Ok(MoveRow {
                    text: r.get(0)?,
                    seat: r.get::<_, Option<i64>>(1)?.map(|s| s as usize),
                    clocks: r.get(2)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        out.push(g);
    }
    Ok(out)
}

fn apply(conn: &Connection, w: &Write) -> Result<(), rusqlite::Error> {
    match w {
        Write::Create(g, status) => insert_game(conn, g, status)?,
        Write::Rematch {
            game,
            status,
            old_life,
            next_tokens,
        } => {
            insert_game(conn, game, status)?;
            for (seat, hash) in next_tokens {
                conn.execute(
                    "UPDATE seats SET next_token = ?3 WHERE game_id = ?1 AND seat = ?2",
                    params![game.rematch_of, *seat as i64, hash],
                )?;
            }
            let n = conn.execute(
                "UPDATE games SET rematch = ?2, life = ?3 WHERE id = ?1 AND rematch IS NULL",
                params![game.rematch_of, game.id, old_life],
            )?;
            if n != 1 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
        }
        Write::Change {
            id,
            first_ply,
            moves,
            life,
            next_tokens,
            at,
            status,
        } => {
            for (seat, hash) in next_tokens {
                conn.prepare_cached(
                    "UPDATE seats SET next_token = ?3 WHERE game_id = ?1 AND seat = ?2",
                )?
                .execute(params![id, *seat as i64, hash])?;
            }
            conn.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
                .execute(params![id, *first_ply as i64])?;
            insert_moves(conn, id, *first_ply, moves, *at)?;
            conn.prepare_cached(
                "UPDATE games SET status = ?2, updated_at = ?3, life = ?4 WHERE id = ?1",
            )?
            .execute(params![id, status, at, life])?;
        }
        Write::Probe => {
            conn.prepare_cached("SELECT count(*) FROM games WHERE rowid < 0")?
                .query_row([], |_| Ok(()))?;
        }
        Write::Join {
            id,
            seat,
            token,
            life,
            status,
        } => {
            let n = conn.execute(
                "UPDATE seats SET open = 0, token = ?3 WHERE game_id = ?1 AND seat = ?2 AND open = 1",
                params![id, *seat as i64, token],
            )?;
            if n != 1 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
            conn.execute(
                "UPDATE games SET status = ?2, life = ?3 WHERE id = ?1",
                params![id, status, life],
            )?;
        }
    }
    Ok(())
}

fn insert_game(conn: &Connection, g: &GameRow, status: &str) -> Result<(), rusqlite::Error> {
    conn.execute(
        "INSERT INTO games (id, game, options, seed, status, created_at, updated_at, life,
                            rematch_of)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            g.id,
            g.game,
            g.options,
            g.seed as i64,
            status,
            g.created_at,
            g.updated_at,
            g.life,
            g.rematch_of
        ],
    )?;
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
) -> Result<(), rusqlite::Error> {
    let mut st = conn.prepare_cached(
        "INSERT INTO moves (game_id, ply, text, seat, at, clocks) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (k, m) in moves.iter().enumerate() {
        st.execute(params![
            id,
            (first_ply + k) as i64,
            m.text,
            m.seat.map(|s| s as i64),
            at,
            m.clocks
        ])?;
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
        let mut results: Vec<Result<(), StoreError>> = Vec::with_capacity(batch.len());
        let began = conn.execute_batch("BEGIN IMMEDIATE");
        if let Err(e) = began {
            let e = StoreError(e.to_string());
            for (_, done) in batch {
                let _ = done.send(Err(e.clone()));
            }
            continue;
        }
        for (w, _) in &batch {
            let r = conn
                .execute_batch("SAVEPOINT w")
                .and_then(|_| apply(&conn, w));
            match r {
                Ok(()) => {
                    results.push(conn.execute_batch("RELEASE w").map_err(Into::into));
                }
                Err(e) => {
                    let _ = conn.execute_batch("ROLLBACK TO w; RELEASE w");
                    results.push(Err(e.into()));
                }
            }
        }
        let committed = conn.execute_batch("COMMIT");
        if let Err(e) = committed {
            let _ = conn.execute_batch("ROLLBACK");
            let e = StoreError(e.to_string());
            for (_, done) in batch {
                let _ = done.send(Err(e.clone()));
            }
            continue;
        }
        for ((_, done), r) in batch.into_iter().zip(results) {
            let _ = done.send(r);
        }
    }
}

/// Reads one game's moves straight from the file (tests and checks).
pub fn stored_moves(path: &Path, id: &str) -> Result<Option<Vec<String>>, StoreError> {
    let conn = Connection::open(path)?;
    let exists: Option<String> = conn
        .query_row("SELECT id FROM games WHERE id = ?1", [id], |r| r.get(0))
        .optional()?;
    if exists.is_none() {
        return Ok(None);
    }
    let mut st = conn.prepare("SELECT text FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let v = st
        .query_map([id], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(Some(v))
}
