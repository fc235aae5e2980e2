//! The tables both engines keep, written once: the steps from version 3
//! on are the same tables, columns and indexes in SQLite and PostgreSQL,
//! and differ only in how each engine spells a few column types. Each
//! engine's own module keeps what is its alone (SQLite's version 1 and its
//! version 2 that alters it, PostgreSQL's version 2 that starts there) and
//! runs the steps in its own way.

/// How an engine spells the column types the shared steps leave open.
pub(crate) struct Types {
    /// A 64-bit integer (times, counts).
    pub big: &'static str,
    /// A double-precision number (ratings).
    pub float: &'static str,
    /// A truth value.
    pub boolean: &'static str,
    /// False, as a column default.
    pub no: &'static str,
}

/// SQLite's spelling: one INTEGER for every integer and for truth.
pub(crate) const SQLITE: Types = Types {
    big: "INTEGER",
    float: "REAL",
    boolean: "INTEGER",
    no: "0",
};

/// PostgreSQL's spelling.
pub(crate) const POSTGRES: Types = Types {
    big: "BIGINT",
    float: "DOUBLE PRECISION",
    boolean: "BOOLEAN",
    no: "false",
};

/// Version 3: players. Accounts and their sessions (ids stored only as
/// hashes), failed logins, ratings per pool and their history, the
/// accounts in the seats of each game, and seeks. A program level has
/// ratings but no account: its key is its spec (`ai:3`).
const V3: &str = "
ALTER TABLE games ADD COLUMN rated {bool} NOT NULL DEFAULT {no};
CREATE TABLE accounts (
    key TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    password TEXT,
    created_at {big} NOT NULL,
    deleted {bool} NOT NULL DEFAULT {no}
);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created_at {big} NOT NULL,
    expires_at {big} NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE TABLE login_failures (key TEXT NOT NULL, at {big} NOT NULL);
CREATE INDEX login_failures_key ON login_failures (key, at);
CREATE TABLE ratings (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating {float} NOT NULL,
    rd {float} NOT NULL,
    volatility {float} NOT NULL,
    games {big} NOT NULL,
    last_at {big},
    PRIMARY KEY (account, pool)
);
CREATE INDEX ratings_board ON ratings (pool, rating DESC);
CREATE TABLE rating_history (
    account TEXT NOT NULL,
    pool TEXT NOT NULL,
    game_id TEXT NOT NULL,
    n {big} NOT NULL,
    at {big} NOT NULL,
    rating {float} NOT NULL,
    rd {float} NOT NULL,
    PRIMARY KEY (account, pool, game_id)
);
CREATE INDEX rating_history_at ON rating_history (account, pool, at, n, rating, rd, game_id);
CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    account TEXT NOT NULL,
    program {bool} NOT NULL,
    rating {float} NOT NULL,
    rd {float} NOT NULL,
    diff {float},
    outcome TEXT,
    created_at {big} NOT NULL,
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
    rated {bool} NOT NULL,
    range_lo {big},
    range_hi {big},
    created_at {big} NOT NULL,
    alive_at {big} NOT NULL,
    game_id TEXT
);
CREATE INDEX seeks_waiting ON seeks (created_at) WHERE game_id IS NULL;
CREATE INDEX seeks_account ON seeks (account);
";

/// Version 4: the language an account's owner chose.
const V4: &str = "ALTER TABLE accounts ADD COLUMN language TEXT;";

/// Version 5: puzzles with their ratings, each account's first attempt of
/// each puzzle (only it moves ratings), and the stars earned in lessons.
/// The (game, rating) index answers "the puzzles nearest a rating" with
/// two short range scans.
const V5: &str = "
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    position TEXT NOT NULL,
    goal TEXT NOT NULL,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    plies {big} NOT NULL,
    rating {float} NOT NULL,
    rd {float} NOT NULL,
    volatility {float} NOT NULL,
    attempts {big} NOT NULL DEFAULT 0,
    solved {big} NOT NULL DEFAULT 0,
    created_at {big} NOT NULL
);
CREATE INDEX puzzles_game_rating ON puzzles (game, rating);
CREATE TABLE puzzle_attempts (
    account TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    correct {bool} NOT NULL,
    at {big} NOT NULL,
    PRIMARY KEY (account, puzzle_id)
);
CREATE TABLE lesson_stars (
    account TEXT NOT NULL,
    game TEXT NOT NULL,
    lesson TEXT NOT NULL,
    stars INTEGER NOT NULL,
    at {big} NOT NULL,
    PRIMARY KEY (account, game, lesson)
);
";

/// Version 6: game reviews, one per game, made once (see
/// `store/reviews.rs`); the partial index finds the due ones.
const V6: &str = "
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    done {big} NOT NULL DEFAULT 0,
    total {big} NOT NULL DEFAULT 0,
    tries {big} NOT NULL DEFAULT 0,
    claim TEXT,
    alive_at {big},
    requested_at {big} NOT NULL,
    finished_at {big}
);
CREATE INDEX reviews_due ON reviews (requested_at) WHERE status IN ('queued', 'running');
";

/// The steps both engines take, from version 3 on, in order: each
/// version with its DDL in `types`' spelling.
pub(crate) fn shared_steps(types: &Types) -> Vec<(i64, String)> {
    [(3, V3), (4, V4), (5, V5), (6, V6)]
        .into_iter()
        .map(|(version, ddl)| (version, spell(ddl, types)))
        .collect()
}

/// `ddl` with its open types spelt as `types` says.
fn spell(ddl: &str, types: &Types) -> String {
    ddl.replace("{big}", types.big)
        .replace("{float}", types.float)
        .replace("{bool}", types.boolean)
        .replace("{no}", types.no)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_open_type_is_spelt() {
        for types in [SQLITE, POSTGRES] {
            for (_, ddl) in shared_steps(&types) {
                assert!(!ddl.contains('{'), "an open type is left in {ddl}");
            }
        }
    }

    #[test]
    fn the_last_shared_step_is_this_builds_version() {
        let steps = shared_steps(&SQLITE);
        assert_eq!(
            steps.last().map(|s| s.0),
            Some(super::super::SCHEMA_VERSION)
        );
        assert!(steps.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
