//! The PostgreSQL schema and its migrations, run by kyoku itself when a
//! store is opened.
//!
//! Why an advisory lock inside the migrating transaction: several server
//! instances may start at once on one database, and only one of them may
//! migrate; the others wait for it and then find the schema current.

use tokio_postgres::Client;

use super::failed;
use crate::store::{SCHEMA_VERSION, StoreError};

/// The key of the advisory lock that serialises migrations (any constant
/// no other program on the database uses: "kyoku" in ASCII).
const MIGRATION_LOCK: i64 = 0x6b_796f_6b75;

/// Version 2, the first PostgreSQL schema: the same tables, columns and
/// indexes as SQLite's version 2, plus the leases that say which instance
/// runs a game's programs and deadlines, and the time of each game's last
/// change (by the database's clock, in Unix ms: what a listener that lost
/// its connection reads to learn what it missed).
const SCHEMA_V2: &str = "
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    life TEXT NOT NULL DEFAULT '{}',
    rematch_of TEXT,
    rematch TEXT,
    summary TEXT,
    wake_at BIGINT,
    version BIGINT NOT NULL DEFAULT 0,
    lease_holder TEXT,
    lease_until BIGINT,
    changed_at BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token TEXT,
    open BOOLEAN NOT NULL,
    next_token TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    seat INTEGER,
    at BIGINT NOT NULL,
    clocks TEXT,
    PRIMARY KEY (game_id, ply)
);
CREATE INDEX games_newest ON games (created_at DESC, id DESC);
CREATE INDEX games_status_newest ON games (status, created_at DESC, id DESC);
CREATE INDEX games_wake ON games (wake_at) WHERE wake_at IS NOT NULL;
CREATE INDEX games_idle ON games (status, updated_at) WHERE wake_at IS NULL;
CREATE INDEX games_unlisted ON games (id) WHERE summary IS NULL;
CREATE INDEX games_leased ON games (lease_holder) WHERE lease_holder IS NOT NULL;
";

/// Version 3: players, as in SQLite's version 3 (accounts, sessions,
/// failed logins, ratings and their history, the accounts in the seats of
/// each game, seeks).
const SCHEMA_V3: &str = "
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
CREATE TABLE accounts (
    key TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    password TEXT,
    created_at BIGINT NOT NULL,
    deleted BOOLEAN NOT NULL DEFAULT false
);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE TABLE login_failures (key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX login_failures_key ON login_failures (key, at);
CREATE TABLE ratings (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    last_at BIGINT,
    PRIMARY KEY (account, pool)
);
CREATE INDEX ratings_board ON ratings (pool, rating DESC);
CREATE TABLE rating_history (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    game_id TEXT NOT NULL,
    n BIGINT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account, pool, game_id)
);
CREATE INDEX rating_history_at ON rating_history (account, pool, at, n, rating, rd, game_id);
CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    account TEXT NOT NULL,
    program BOOLEAN NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    diff DOUBLE PRECISION,
    outcome TEXT,
    created_at BIGINT NOT NULL,
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
    rated BOOLEAN NOT NULL,
    range_lo BIGINT,
    range_hi BIGINT,
    created_at BIGINT NOT NULL,
    alive_at BIGINT NOT NULL,
    game_id TEXT
);
CREATE INDEX seeks_waiting ON seeks (created_at) WHERE game_id IS NULL;
CREATE INDEX seeks_account ON seeks (account);
";

/// Version 4: the language an account's owner chose, as in SQLite's.
const SCHEMA_V4: &str = "ALTER TABLE accounts ADD COLUMN language TEXT;";

/// Version 5: puzzles, each account's first attempt of each puzzle and
/// the stars earned in lessons, as in SQLite's version 5.
const SCHEMA_V5: &str = "
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    position TEXT NOT NULL,
    goal TEXT NOT NULL,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    plies BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX puzzles_game_rating ON puzzles (game, rating);
CREATE TABLE puzzle_attempts (
    account TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    correct BOOLEAN NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (account, puzzle_id)
);
CREATE TABLE lesson_stars (
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    lesson TEXT NOT NULL,
    stars INTEGER NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (account, game, lesson)
);
";

/// Version 6: game reviews, as in SQLite's version 6.
const SCHEMA_V6: &str = "
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    done BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    tries BIGINT NOT NULL DEFAULT 0,
    claim TEXT,
    alive_at BIGINT,
    requested_at BIGINT NOT NULL,
    finished_at BIGINT
);
CREATE INDEX reviews_due ON reviews (requested_at) WHERE status IN ('queued', 'running');
";

/// Each version's step from the one before, in order. The first step of
/// PostgreSQL is version 2: its schema starts where SQLite's had got to.
const MIGRATIONS: &[(i64, &str)] = &[
    (2, SCHEMA_V2),
    (3, SCHEMA_V3),
    (4, SCHEMA_V4),
    (5, SCHEMA_V5),
    (6, SCHEMA_V6),
];

/// Brings the database to [`SCHEMA_VERSION`] in one transaction, holding
/// the migration lock; refuses a database a newer kyoku migrated.
pub(super) async fn migrate(c: &mut Client) -> Result<(), StoreError> {
    let tx = c.transaction().await.map_err(failed)?;
    tx.query_one("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(failed)?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS kyoku_schema (
             version BIGINT PRIMARY KEY,
             applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )
    .await
    .map_err(failed)?;
    let found: i64 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM kyoku_schema", &[])
        .await
        .map_err(failed)?
        .get(0);
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    for (version, step) in MIGRATIONS.iter().filter(|(v, _)| *v > found) {
        tx.batch_execute(step).await.map_err(failed)?;
        tx.execute("INSERT INTO kyoku_schema (version) VALUES ($1)", &[version])
            .await
            .map_err(failed)?;
    }
    tx.commit().await.map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_migration_is_this_builds_version() {
        assert_eq!(MIGRATIONS.last().map(|m| m.0), Some(SCHEMA_VERSION));
        assert!(MIGRATIONS.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
