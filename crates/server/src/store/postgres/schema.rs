//! The PostgreSQL schema and its migrations, run by kyoku itself when a
//! store is opened.
//!
//! Why an advisory lock inside the migrating transaction: several server
//! instances may start at once on one database, and only one of them may
//! migrate; the others wait for it and then find the schema current.

use tokio_postgres::Client;

use super::failed;
use crate::store::schema::{POSTGRES, shared_steps};
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

/// Each version's step from the one before, in order. The first step of
/// PostgreSQL is version 2: its schema starts where SQLite's had got to;
/// from version 3 on the steps are the ones both engines share.
fn migrations() -> Vec<(i64, String)> {
    std::iter::once((2, SCHEMA_V2.to_string()))
        .chain(shared_steps(&POSTGRES))
        .collect()
}

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
    for (version, step) in migrations().iter().filter(|(v, _)| *v > found) {
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
        let migrations = migrations();
        assert_eq!(migrations.last().map(|m| m.0), Some(SCHEMA_VERSION));
        assert!(migrations.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
