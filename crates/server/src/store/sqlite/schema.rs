//! The SQLite schema: the versions that are SQLite's alone (the steps
//! from version 3 on are shared: `store/schema.rs`), and the migration
//! that brings a database to [`SCHEMA_VERSION`] one version at a time.

use rusqlite::{Connection, params};

use super::super::schema::{SQLITE, shared_steps};
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
    let steps = std::iter::once((2, SCHEMA_V2.to_string())).chain(shared_steps(&SQLITE));
    for (version, step) in steps {
        if found < version {
            let tx = conn.unchecked_transaction()?;
            tx.execute_batch(&step)?;
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
