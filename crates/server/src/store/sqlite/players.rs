//! The SQLite side of what the store keeps of players (see
//! `store/players.rs`): every change runs on the writer thread, every read
//! on a read connection.

use kyoku_rating::Rating;
use rusqlite::{Connection, OptionalExtension, params};

use super::SqliteStore;
use crate::store::players::{extended, settles};
use crate::store::rows::{self, SEEK_COLUMNS};
use crate::store::{
    AccountRow, Counts, GameEnd, HistoryPoint, PlayerRow, Ranked, RatingRow, SEEK_ALIVE,
    SEEK_LIFETIME, SESSION_LIFETIME, SeekRow, StoreError, outcome, settle, with_diffs,
    without_name,
};

/// The accounts in the seats of game `id`, by seat; a deleted account's
/// name reads `deleted`.
pub(super) fn of_game(c: &Connection, id: &str) -> Result<Vec<PlayerRow>, StoreError> {
    let mut st = c.prepare_cached(
        "SELECT p.seat, p.account,
                CASE WHEN a.deleted = 1 THEN 'deleted' ELSE coalesce(a.username, p.account) END,
                p.program, p.rating, p.rd, p.diff
         FROM game_players p LEFT JOIN accounts a ON a.key = p.account
         WHERE p.game_id = ?1 ORDER BY p.seat",
    )?;
    let rows = st
        .query_map([id], |r| rows::player_row(r))?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// Puts an account in a seat of game `id`.
pub(super) fn insert_player(c: &Connection, id: &str, p: &PlayerRow) -> Result<(), StoreError> {
    c.prepare_cached(
        "INSERT INTO game_players (game_id, seat, account, program, rating, rd, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, created_at FROM games WHERE id = ?1",
    )?
    .execute(params![
        id,
        p.seat as i64,
        p.key,
        p.program as i64,
        p.rating,
        p.rd
    ])?;
    Ok(())
}

/// Marks seek `seek` as answered by game `game`; [`StoreError::Conflict`]
/// when it is no longer waiting.
pub(super) fn take_seek(c: &Connection, seek: &str, game: &str) -> Result<(), StoreError> {
    let n = c
        .prepare_cached("UPDATE seeks SET game_id = ?2 WHERE id = ?1 AND game_id IS NULL")?
        .execute(params![seek, game])?;
    StoreError::conflict_unless_one(n as u64)
}

/// Writes the end of game `id`: each seat's outcome and, for a rated game
/// whose every seat holds an account, the new ratings, their history and
/// each seat's change (returned). Written once: a game whose changes are
/// already written is left as it is.
pub(super) fn end_game(
    c: &Connection,
    id: &str,
    end: &GameEnd,
    at: i64,
) -> Result<Option<Vec<Option<f64>>>, StoreError> {
    let Some(ranks) = &end.ranks else {
        return Ok(None);
    };
    let players = of_game(c, id)?;
    for p in &players {
        c.prepare_cached("UPDATE game_players SET outcome = ?3 WHERE game_id = ?1 AND seat = ?2")?
            .execute(params![id, p.seat as i64, outcome(ranks, p.seat - 1)])?;
    }
    if !settles(end, ranks, &players) {
        return Ok(None);
    }
    let mut before = Vec::with_capacity(players.len());
    for p in &players {
        c.prepare_cached(
            "INSERT OR IGNORE INTO ratings (account, pool, rating, rd, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, 0)",
        )?
        .execute(params![
            p.key,
            end.pool,
            Rating::NEW.rating,
            Rating::NEW.rd,
            Rating::NEW.volatility
        ])?;
        before.push(
            c.prepare_cached(
                "SELECT pool, rating, rd, volatility, games, last_at FROM ratings
             WHERE account = ?1 AND pool = ?2",
            )?
            .query_row(params![p.key, end.pool], |r| rows::rating_row(r, 0))?,
        );
    }
    let after = settle(&before, ranks, at);
    let mut diffs = Vec::with_capacity(players.len());
    for ((p, old), new) in players.iter().zip(&before).zip(&after) {
        c.prepare_cached(
            "UPDATE ratings SET rating = ?3, rd = ?4, volatility = ?5, games = games + 1,
                                last_at = ?6
             WHERE account = ?1 AND pool = ?2",
        )?
        .execute(params![
            p.key,
            end.pool,
            new.rating,
            new.rd,
            new.volatility,
            at
        ])?;
        c.prepare_cached(
            "INSERT INTO rating_history (account, pool, game_id, n, at, rating, rd)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            p.key,
            end.pool,
            id,
            old.games + 1,
            at,
            new.rating,
            new.rd
        ])?;
        let diff = new.rating - old.rating.rating;
        c.prepare_cached("UPDATE game_players SET diff = ?3 WHERE game_id = ?1 AND seat = ?2")?
            .execute(params![id, p.seat as i64, diff])?;
        diffs.push(Some(diff));
    }
    let summary: Option<String> = c
        .prepare_cached("SELECT summary FROM games WHERE id = ?1")?
        .query_row([id], |r| r.get(0))?;
    if let Some(s) = summary.as_deref().and_then(|s| with_diffs(s, &diffs)) {
        c.prepare_cached("UPDATE games SET summary = ?2 WHERE id = ?1")?
            .execute(params![id, s])?;
    }
    Ok(Some(diffs))
}

fn counts(c: &Connection, key: &str, other: Option<&str>) -> Result<Counts, StoreError> {
    const SUMS: &str = "count(*), sum(p.outcome = 'win'), sum(p.outcome = 'draw'),
                        sum(p.outcome = 'loss')";
    let out = match other {
        None => c
            .prepare_cached(&format!(
                "SELECT {SUMS} FROM game_players p WHERE p.account = ?1 AND p.outcome IS NOT NULL"
            ))?
            .query_row([key], |r| rows::counts(r))?,
        Some(o) => c
            // Both sides read from the covering index on (account,
            // outcome, game_id): a player of ten thousand games against
            // one of a hundred costs one pass over each, not ten thousand
            // look-ups.
            .prepare_cached(&format!(
                "SELECT {SUMS} FROM game_players p
                 WHERE p.account = ?1 AND p.outcome IS NOT NULL
                   AND p.game_id IN (SELECT game_id FROM game_players WHERE account = ?2)"
            ))?
            .query_row([key, o], |r| rows::counts(r))?,
    };
    Ok(out)
}

impl SqliteStore {
    pub(crate) async fn create_account(&self, a: AccountRow) -> Result<bool, StoreError> {
        self.run(move |c| {
            let n = c.execute(
                "INSERT OR IGNORE INTO accounts (key, username, password, created_at, language)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![a.key, a.username, a.password, a.created_at, a.language],
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub(crate) async fn account(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let key = key.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT key, username, password, created_at, deleted, language
                 FROM accounts WHERE key = ?1",
            )?
            .query_row([key], |r| rows::account_row(r))
            .optional()?)
        })
        .await
    }

    pub(crate) async fn set_password(
        &self,
        key: &str,
        hash: &str,
        keep: &str,
    ) -> Result<(), StoreError> {
        let (key, hash, keep) = (key.to_string(), hash.to_string(), keep.to_string());
        self.run(move |c| {
            c.execute(
                "UPDATE accounts SET password = ?2 WHERE key = ?1",
                params![key, hash],
            )?;
            c.execute(
                "DELETE FROM sessions WHERE account = ?1 AND hash != ?2",
                params![key, keep],
            )?;
            Ok(())
        })
        .await
    }

    pub(crate) async fn set_language(&self, key: &str, language: &str) -> Result<(), StoreError> {
        let (key, language) = (key.to_string(), language.to_string());
        self.run(move |c| {
            c.execute(
                "UPDATE accounts SET language = ?2 WHERE key = ?1",
                params![key, language],
            )?;
            Ok(())
        })
        .await
    }

    pub(crate) async fn delete_account(&self, key: &str) -> Result<(), StoreError> {
        let key = key.to_string();
        self.run(move |c| {
            c.execute(
                "UPDATE accounts SET password = NULL, deleted = 1 WHERE key = ?1",
                [&key],
            )?;
            c.execute("DELETE FROM sessions WHERE account = ?1", [&key])?;
            c.execute(
                "DELETE FROM seeks WHERE account = ?1 AND game_id IS NULL",
                [&key],
            )?;
            let seats: Vec<(String, i64)> = c
                .prepare("SELECT game_id, seat FROM game_players WHERE account = ?1")?
                .query_map([&key], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            for (game, seat) in seats {
                let summary: Option<String> = c
                    .prepare_cached("SELECT summary FROM games WHERE id = ?1")?
                    .query_row([&game], |r| r.get(0))?;
                if let Some(s) = summary.and_then(|s| without_name(&s, &[seat as usize])) {
                    c.prepare_cached("UPDATE games SET summary = ?2 WHERE id = ?1")?
                        .execute(params![game, s])?;
                }
            }
            Ok(())
        })
        .await
    }

    pub(crate) async fn add_session(
        &self,
        hash: &str,
        key: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let (hash, key) = (hash.to_string(), key.to_string());
        self.run(move |c| {
            c.execute(
                "INSERT INTO sessions (hash, account, created_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4)",
                params![hash, key, now, now + SESSION_LIFETIME],
            )?;
            // Expired sessions of the account go as a new one comes.
            c.execute(
                "DELETE FROM sessions WHERE account = ?1 AND expires_at < ?2",
                params![key, now],
            )?;
            Ok(())
        })
        .await
    }

    pub(crate) async fn session(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        let h = hash.to_string();
        let found: Option<(String, i64)> = self
            .read(move |c| {
                Ok(c.prepare_cached(
                    "SELECT s.account, s.expires_at FROM sessions s
                     JOIN accounts a ON a.key = s.account AND a.deleted = 0
                     WHERE s.hash = ?1",
                )?
                .query_row([h], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?)
            })
            .await?;
        let Some((key, expires)) = found.filter(|(_, e)| *e >= now) else {
            return Ok(None);
        };
        if let Some(until) = extended(expires, now) {
            let h = hash.to_string();
            self.run(move |c| {
                c.execute(
                    "UPDATE sessions SET expires_at = ?2 WHERE hash = ?1",
                    params![h, until],
                )?;
                Ok(())
            })
            .await?;
        }
        Ok(Some(key))
    }

    pub(crate) async fn end_sessions(
        &self,
        hash: &str,
        key: &str,
        everywhere: bool,
    ) -> Result<(), StoreError> {
        let (hash, key) = (hash.to_string(), key.to_string());
        self.run(move |c| {
            if everywhere {
                c.execute("DELETE FROM sessions WHERE account = ?1", [key])?;
            } else {
                c.execute("DELETE FROM sessions WHERE hash = ?1", [hash])?;
            }
            Ok(())
        })
        .await
    }

    pub(crate) async fn sessions_of(&self, key: &str) -> Result<Vec<(i64, i64)>, StoreError> {
        let key = key.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT created_at, expires_at FROM sessions WHERE account = ?1
                 ORDER BY created_at",
            )?
            .query_map([key], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?)
        })
        .await
    }

    pub(crate) async fn failures(
        &self,
        keys: &[String],
        since: i64,
    ) -> Result<Vec<(i64, Option<i64>)>, StoreError> {
        let keys = keys.to_vec();
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT count(*), min(at) FROM login_failures WHERE key = ?1 AND at >= ?2",
            )?;
            let mut out = Vec::with_capacity(keys.len());
            for k in &keys {
                out.push(st.query_row(params![k, since], |r| Ok((r.get(0)?, r.get(1)?)))?);
            }
            Ok(out)
        })
        .await
    }

    pub(crate) async fn add_failure(
        &self,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), StoreError> {
        let keys = keys.to_vec();
        self.run(move |c| {
            for k in &keys {
                c.execute(
                    "INSERT INTO login_failures (key, at) VALUES (?1, ?2)",
                    params![k, at],
                )?;
                c.execute(
                    "DELETE FROM login_failures WHERE key = ?1 AND at < ?2",
                    params![k, forget_before],
                )?;
            }
            Ok(())
        })
        .await
    }

    pub(crate) async fn ratings(&self, key: &str) -> Result<Vec<RatingRow>, StoreError> {
        let key = key.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT pool, rating, rd, volatility, games, last_at FROM ratings
                 WHERE account = ?1",
            )?
            .query_map([key], |r| rows::rating_row(r, 0))?
            .collect::<Result<_, _>>()?)
        })
        .await
    }

    pub(crate) async fn history(
        &self,
        key: &str,
        pool: &str,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        let (key, pool) = (key.to_string(), pool.to_string());
        self.read(move |c| {
            // SQLite takes the other columns of a `max()` group from the
            // row holding the maximum: each day's last game (`n` counts the
            // games; several may end in one second).
            Ok(c.prepare_cached(
                "SELECT at, rating, rd, game_id, max(n) FROM rating_history
                 WHERE account = ?1 AND pool = ?2 GROUP BY at / 86400 ORDER BY 5",
            )?
            .query_map([key, pool], |r| rows::history_point(r))?
            .collect::<Result<_, _>>()?)
        })
        .await
    }

    pub(crate) async fn leaderboard(
        &self,
        pool: &str,
        max_rd: f64,
        limit: usize,
    ) -> Result<Vec<Ranked>, StoreError> {
        let pool = pool.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT coalesce(a.username, r.account), a.key IS NULL,
                        r.pool, r.rating, r.rd, r.volatility, r.games, r.last_at
                 FROM ratings r LEFT JOIN accounts a ON a.key = r.account
                 WHERE r.pool = ?1 AND r.rd <= ?2 AND coalesce(a.deleted, 0) = 0
                 ORDER BY r.rating DESC LIMIT ?3",
            )?
            .query_map(params![pool, max_rd, limit as i64], |r| rows::ranked(r))?
            .collect::<Result<_, _>>()?)
        })
        .await
    }

    pub(crate) async fn games_of(
        &self,
        key: &str,
        limit: usize,
        before: Option<&str>,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let (key, before) = (key.to_string(), before.map(str::to_string));
        self.read(move |c| {
            let after = match &before {
                None => (i64::MAX, String::new()),
                Some(b) => {
                    let at: Option<i64> = c
                        .prepare_cached(
                            "SELECT created_at FROM game_players WHERE account = ?1
                             AND game_id = ?2",
                        )?
                        .query_row([&key, b], |r| r.get(0))
                        .optional()?;
                    let Some(at) = at else { return Ok(None) };
                    (at, b.clone())
                }
            };
            let rows = c
                .prepare_cached(
                    "SELECT g.summary FROM game_players p JOIN games g ON g.id = p.game_id
                     WHERE p.account = ?1 AND g.summary IS NOT NULL AND g.summary != ''
                       AND (p.created_at < ?2 OR (p.created_at = ?2 AND (?3 = '' OR p.game_id < ?3)))
                     ORDER BY p.created_at DESC, p.game_id DESC LIMIT ?4",
                )?
                .query_map(params![key, after.0, after.1, limit as i64], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(Some(rows))
        })
        .await
    }

    pub(crate) async fn counts(
        &self,
        key: &str,
        other: Option<&str>,
    ) -> Result<Counts, StoreError> {
        let (key, other) = (key.to_string(), other.map(str::to_string));
        self.read(move |c| counts(c, &key, other.as_deref())).await
    }

    pub(crate) async fn add_seek(&self, s: SeekRow) -> Result<(), StoreError> {
        self.run(move |c| {
            c.execute(
                "INSERT INTO seeks (id, account, game, options, clock, rated, range_lo, range_hi,
                                    created_at, alive_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    s.id,
                    s.key,
                    s.game,
                    s.options,
                    s.clock,
                    s.rated as i64,
                    s.range.map(|r| r.0),
                    s.range.map(|r| r.1),
                    s.created_at,
                    s.alive_at
                ],
            )?;
            Ok(())
        })
        .await
    }

    pub(crate) async fn seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        self.read(move |c| {
            Ok(c.prepare_cached(&format!(
                "SELECT {SEEK_COLUMNS} FROM seeks s JOIN accounts a ON a.key = s.account
                 WHERE s.game_id IS NULL AND s.created_at >= ?1 AND s.alive_at >= ?2
                 ORDER BY s.created_at LIMIT 200"
            ))?
            .query_map(params![now - SEEK_LIFETIME, now - SEEK_ALIVE], |r| {
                rows::seek_row(r)
            })?
            .collect::<Result<_, _>>()?)
        })
        .await
    }

    pub(crate) async fn seek(
        &self,
        id: &str,
        key: Option<&str>,
        now: i64,
    ) -> Result<Option<SeekRow>, StoreError> {
        if let Some(key) = key {
            let (id, key) = (id.to_string(), key.to_string());
            self.run(move |c| {
                c.execute(
                    "UPDATE seeks SET alive_at = ?3 WHERE id = ?1 AND account = ?2",
                    params![id, key, now],
                )?;
                Ok(())
            })
            .await?;
        }
        let id = id.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(&format!(
                "SELECT {SEEK_COLUMNS} FROM seeks s JOIN accounts a ON a.key = s.account
                 WHERE s.id = ?1"
            ))?
            .query_row([id], |r| rows::seek_row(r))
            .optional()?)
        })
        .await
    }

    pub(crate) async fn cancel_seeks(
        &self,
        key: &str,
        id: Option<&str>,
    ) -> Result<bool, StoreError> {
        let (key, id) = (key.to_string(), id.map(str::to_string));
        self.run(move |c| {
            let n = c.execute(
                "DELETE FROM seeks WHERE account = ?1 AND (?2 IS NULL OR id = ?2)
                 AND game_id IS NULL",
                params![key, id],
            )?;
            Ok(n > 0)
        })
        .await
    }
}
