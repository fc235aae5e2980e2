//! The SQLite schema: each version's tables, and the migration that brings
//! a database to [`SCHEMA_VERSION`] one version at a time.

use rusqlite::{Connection, params};

use super::super::{SCHEMA_VERSION, StoreError};

/// The schema of version 1 (the first), as a database from before
/// versioned schemas may already have it.
const SCHEMA_V1: &str = "
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

/// Columns version 1 gained before schemas had versions: added to an
/// older database when it is opened (table, column, definition).
const ADDED_COLUMNS: [(&str, &str, &str); 5] = [
    ("seats", "next_token", "TEXT"),
    ("games", "life", "TEXT NOT NULL DEFAULT '{}'"),
    ("games", "rematch_of", "TEXT"),
    ("games", "rematch", "TEXT"),
    ("moves", "clocks", "TEXT"),
];

/// Version 2: listings, deadlines and versions, with the indexes the
/// lobby and the deadlines are read by.
const SCHEMA_V2: &str = "
ALTER TABLE games ADD COLUMN summary TEXT;
ALTER TABLE games ADD COLUMN wake_at INTEGER;
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_newest ON games (created_at DESC, id DESC);
CREATE INDEX games_status_newest ON games (status, created_at DESC, id DESC);
CREATE INDEX games_game_newest ON games (game, created_at DESC, id DESC);
CREATE INDEX games_game_status_newest ON games (game, status, created_at DESC, id DESC);
CREATE INDEX games_wake ON games (wake_at) WHERE wake_at IS NOT NULL;
CREATE INDEX games_idle ON games (status, updated_at) WHERE wake_at IS NULL;
CREATE INDEX games_unlisted ON games (id) WHERE summary IS NULL;
";

/// Version 3: players. Accounts and their sessions (ids stored only as
/// hashes), failed logins, ratings per pool and their history, the
/// accounts in the seats of each game, and seeks. A program level has
/// ratings but no account: its key is its spec (`ai:3`).
const SCHEMA_V3: &str = "
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE TABLE accounts (
    key TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    password TEXT,
    created_at INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE TABLE login_failures (key TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX login_failures_key ON login_failures (key, at);
CREATE TABLE ratings (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    last_at INTEGER,
    PRIMARY KEY (account, pool)
);
CREATE INDEX ratings_board ON ratings (pool, rating DESC);
CREATE TABLE rating_history (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    at INTEGER NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    PRIMARY KEY (account, pool, game_id)
);
CREATE INDEX rating_history_at ON rating_history (account, pool, at, n, rating, rd, game_id);
CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    account TEXT NOT NULL,
    program INTEGER NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    diff REAL,
    outcome TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_account ON game_players (account, created_at DESC, game_id DESC);
CREATE INDEX game_players_outcome ON game_players (account, outcome, game_id);
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT,
    rated INTEGER NOT NULL,
    range_lo INTEGER,
    range_hi INTEGER,
    created_at INTEGER NOT NULL,
    alive_at INTEGER NOT NULL,
    game_id TEXT
);
CREATE INDEX seeks_waiting ON seeks (created_at) WHERE game_id IS NULL;
CREATE INDEX seeks_account ON seeks (account);
";

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

/// Version 4: the language an account's owner chose.
const SCHEMA_V4: &str = "ALTER TABLE accounts ADD COLUMN language TEXT;";

/// Version 5: puzzles with their ratings, each account's first attempt of
/// each puzzle (only it moves ratings), and the stars earned in lessons.
/// The (game, rating) index answers "the puzzles nearest a rating" with
/// two short range scans.
const SCHEMA_V5: &str = "
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    position TEXT NOT NULL,
    goal TEXT NOT NULL,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    plies INTEGER NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX puzzles_game_rating ON puzzles (game, rating);
CREATE TABLE puzzle_attempts (
    account TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    correct INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (account, puzzle_id)
);
CREATE TABLE lesson_stars (
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    lesson TEXT NOT NULL,
    stars INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (account, game, lesson)
);
";

/// Version 6: game reviews, one per game, made once (see
/// `store/reviews.rs`); the partial index finds the due ones.
const SCHEMA_V6: &str = "
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    done INTEGER NOT NULL DEFAULT 0,
    total INTEGER NOT NULL DEFAULT 0,
    tries INTEGER NOT NULL DEFAULT 0,
    claim TEXT,
    alive_at INTEGER,
    requested_at INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX reviews_due ON reviews (requested_at) WHERE status IN ('queued', 'running');
";

/// Brings the schema to [`SCHEMA_VERSION`], each step in its own
/// transaction; refuses a database a newer kyoku migrated.
pub(super) fn migrate(conn: &Connection) -> Result<(), StoreError> {
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    if found < 1 {
        let tx = conn.unchecked_transaction()?;
        tx.execute_batch(SCHEMA_V1)?;
        add_columns(&tx)?;
        tx.pragma_update(None, "user_version", 1)?;
        tx.commit()?;
        // Only a database from before versions can hold plain tokens: the
        // scan of every seat is done once, not at every start.
        hash_plain_tokens(conn)?;
    }
    for (version, step) in [
        (2, SCHEMA_V2),
        (3, SCHEMA_V3),
        (4, SCHEMA_V4),
        (5, SCHEMA_V5),
        (6, SCHEMA_V6),
    ] {
        if found < version {
            let tx = conn.unchecked_transaction()?;
            tx.execute_batch(step)?;
            tx.pragma_update(None, "user_version", version)?;
            tx.commit()?;
        }
    }
    Ok(())
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
