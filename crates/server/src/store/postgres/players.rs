//! The PostgreSQL side of what the store keeps of players (see
//! `store/players.rs`). Ratings settled at a game's end lock their rows
//! (`FOR UPDATE`), so two games of one player ending at once on two
//! instances are settled one after the other, each on the other's result.

use kyoku_rating::Rating;
use tokio_postgres::Row;
use tokio_postgres::types::ToSql;

use super::{PgStore, Tx, failed, int};
use crate::store::players::{extended, settles};
use crate::store::rows::{self, SEEK_COLUMNS};
use crate::store::{
    AccountRow, Counts, GameEnd, HistoryPoint, PlayerRow, Ranked, RatingRow, SEEK_ALIVE,
    SEEK_LIFETIME, SESSION_LIFETIME, SeekRow, StoreError, outcome, settle, with_diffs,
    without_name,
};

/// The accounts in the seats of game `id`, by seat.
pub(super) async fn of_game(tx: &Tx<'_>, id: &str) -> Result<Vec<PlayerRow>, StoreError> {
    let rows = tx
        .query(
            "SELECT p.seat, p.account,
                    CASE WHEN a.deleted THEN 'deleted' ELSE coalesce(a.username, p.account) END,
                    p.program, p.rating, p.rd, p.diff
             FROM game_players p LEFT JOIN accounts a ON a.key = p.account
             WHERE p.game_id = $1 ORDER BY p.seat",
            &[&id],
        )
        .await
        .map_err(failed)?;
    rows.iter().map(rows::player_row).collect()
}

/// Puts an account in a seat of game `id`.
pub(super) async fn insert_player(tx: &Tx<'_>, id: &str, p: &PlayerRow) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO game_players (game_id, seat, account, program, rating, rd, created_at)
         SELECT $1, $2, $3, $4, $5, $6, created_at FROM games WHERE id = $1",
        &[&id, &int(p.seat)?, &p.key, &p.program, &p.rating, &p.rd],
    )
    .await
    .map_err(failed)?;
    Ok(())
}

/// Marks seek `seek` as answered by game `game`; [`StoreError::Conflict`]
/// when it is no longer waiting.
pub(super) async fn take_seek(tx: &Tx<'_>, seek: &str, game: &str) -> Result<(), StoreError> {
    let n = tx
        .execute(
            "UPDATE seeks SET game_id = $2 WHERE id = $1 AND game_id IS NULL",
            &[&seek, &game],
        )
        .await
        .map_err(failed)?;
    StoreError::conflict_unless_one(n)
}

/// Writes the end of game `id` (see the SQLite engine's `end_game`).
pub(super) async fn end_game(
    tx: &Tx<'_>,
    id: &str,
    end: &GameEnd,
    at: i64,
) -> Result<Option<Vec<Option<f64>>>, StoreError> {
    let Some(ranks) = &end.ranks else {
        return Ok(None);
    };
    let players = of_game(tx, id).await?;
    for p in &players {
        tx.execute(
            "UPDATE game_players SET outcome = $3 WHERE game_id = $1 AND seat = $2",
            &[&id, &int(p.seat)?, &outcome(ranks, p.seat - 1)],
        )
        .await
        .map_err(failed)?;
    }
    if !settles(end, ranks, &players) {
        return Ok(None);
    }
    // Locked in one order (by key) whatever the seats: two games settling
    // the same two players cannot wait on each other.
    let mut keys: Vec<&str> = players.iter().map(|p| p.key.as_str()).collect();
    keys.sort_unstable();
    for key in keys {
        tx.execute(
            "INSERT INTO ratings (account, pool, rating, rd, volatility, games)
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
            &[
                &key,
                &end.pool,
                &Rating::NEW.rating,
                &Rating::NEW.rd,
                &Rating::NEW.volatility,
            ],
        )
        .await
        .map_err(failed)?;
        tx.execute(
            "SELECT 1 FROM ratings WHERE account = $1 AND pool = $2 FOR UPDATE",
            &[&key, &end.pool],
        )
        .await
        .map_err(failed)?;
    }
    let mut before = Vec::with_capacity(players.len());
    for p in &players {
        let r = tx
            .query_one(
                "SELECT pool, rating, rd, volatility, games, last_at FROM ratings
                 WHERE account = $1 AND pool = $2",
                &[&p.key, &end.pool],
            )
            .await
            .map_err(failed)?;
        before.push(rows::rating_row(&r, 0)?);
    }
    let after = settle(&before, ranks, at);
    let mut diffs = Vec::with_capacity(players.len());
    for ((p, old), new) in players.iter().zip(&before).zip(&after) {
        tx.execute(
            "UPDATE ratings SET rating = $3, rd = $4, volatility = $5, games = games + 1,
                                last_at = $6
             WHERE account = $1 AND pool = $2",
            &[
                &p.key,
                &end.pool,
                &new.rating,
                &new.rd,
                &new.volatility,
                &at,
            ],
        )
        .await
        .map_err(failed)?;
        tx.execute(
            "INSERT INTO rating_history (account, pool, game_id, n, at, rating, rd)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                &p.key,
                &end.pool,
                &id,
                &(old.games + 1),
                &at,
                &new.rating,
                &new.rd,
            ],
        )
        .await
        .map_err(failed)?;
        let diff = new.rating - old.rating.rating;
        tx.execute(
            "UPDATE game_players SET diff = $3 WHERE game_id = $1 AND seat = $2",
            &[&id, &int(p.seat)?, &diff],
        )
        .await
        .map_err(failed)?;
        diffs.push(Some(diff));
    }
    let row = tx
        .query_one("SELECT summary FROM games WHERE id = $1", &[&id])
        .await
        .map_err(failed)?;
    let summary: Option<String> = row.get(0);
    if let Some(s) = summary.as_deref().and_then(|s| with_diffs(s, &diffs)) {
        tx.execute("UPDATE games SET summary = $2 WHERE id = $1", &[&id, &s])
            .await
            .map_err(failed)?;
    }
    Ok(Some(diffs))
}

const SUMS: &str = "count(*), count(*) FILTER (WHERE p.outcome = 'win'),
    count(*) FILTER (WHERE p.outcome = 'draw'), count(*) FILTER (WHERE p.outcome = 'loss')";

impl PgStore {
    /// Runs one statement on a pooled connection; the rows it returns.
    async fn rows(&self, sql: &str, args: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, StoreError> {
        let client = self.client().await?;
        let st = client.prepare_cached(sql).await.map_err(failed)?;
        client.query(&st, args).await.map_err(failed)
    }

    /// Runs one statement on a pooled connection; the rows it changed.
    async fn exec(&self, sql: &str, args: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let st = client.prepare_cached(sql).await.map_err(failed)?;
        client.execute(&st, args).await.map_err(failed)
    }

    pub(crate) async fn create_account(&self, a: AccountRow) -> Result<bool, StoreError> {
        let n = self
            .exec(
                "INSERT INTO accounts (key, username, password, created_at, language)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                &[&a.key, &a.username, &a.password, &a.created_at, &a.language],
            )
            .await?;
        Ok(n == 1)
    }

    pub(crate) async fn account(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let rows = self
            .rows(
                "SELECT key, username, password, created_at, deleted, language
                 FROM accounts WHERE key = $1",
                &[&key],
            )
            .await?;
        rows.first().map(rows::account_row).transpose()
    }

    pub(crate) async fn set_language(&self, key: &str, language: &str) -> Result<(), StoreError> {
        self.exec(
            "UPDATE accounts SET language = $2 WHERE key = $1",
            &[&key, &language],
        )
        .await?;
        Ok(())
    }

    pub(crate) async fn set_password(
        &self,
        key: &str,
        hash: &str,
        keep: &str,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute(
            "UPDATE accounts SET password = $2 WHERE key = $1",
            &[&key, &hash],
        )
        .await
        .map_err(failed)?;
        tx.execute(
            "DELETE FROM sessions WHERE account = $1 AND hash != $2",
            &[&key, &keep],
        )
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    pub(crate) async fn delete_account(&self, key: &str) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute(
            "UPDATE accounts SET password = NULL, deleted = true WHERE key = $1",
            &[&key],
        )
        .await
        .map_err(failed)?;
        tx.execute("DELETE FROM sessions WHERE account = $1", &[&key])
            .await
            .map_err(failed)?;
        tx.execute(
            "DELETE FROM seeks WHERE account = $1 AND game_id IS NULL",
            &[&key],
        )
        .await
        .map_err(failed)?;
        let rows = tx
            .query(
                "SELECT p.game_id, p.seat, g.summary FROM game_players p
                 JOIN games g ON g.id = p.game_id WHERE p.account = $1",
                &[&key],
            )
            .await
            .map_err(failed)?;
        for r in rows {
            let (game, seat, summary): (String, i32, Option<String>) =
                (r.get(0), r.get(1), r.get(2));
            if let Some(s) = summary.and_then(|s| without_name(&s, &[seat as usize])) {
                tx.execute("UPDATE games SET summary = $2 WHERE id = $1", &[&game, &s])
                    .await
                    .map_err(failed)?;
            }
        }
        tx.commit().await.map_err(failed)
    }

    pub(crate) async fn add_session(
        &self,
        hash: &str,
        key: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute(
            "INSERT INTO sessions (hash, account, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            &[&hash, &key, &now, &(now + SESSION_LIFETIME)],
        )
        .await
        .map_err(failed)?;
        tx.execute(
            "DELETE FROM sessions WHERE account = $1 AND expires_at < $2",
            &[&key, &now],
        )
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    pub(crate) async fn session(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        let rows = self
            .rows(
                "SELECT s.account, s.expires_at FROM sessions s
                 JOIN accounts a ON a.key = s.account AND NOT a.deleted
                 WHERE s.hash = $1",
                &[&hash],
            )
            .await?;
        let Some((key, expires)) = rows
            .first()
            .map(|r| (r.get::<_, String>(0), r.get::<_, i64>(1)))
            .filter(|(_, e)| *e >= now)
        else {
            return Ok(None);
        };
        if let Some(until) = extended(expires, now) {
            self.exec(
                "UPDATE sessions SET expires_at = $2 WHERE hash = $1",
                &[&hash, &until],
            )
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
        if everywhere {
            self.exec("DELETE FROM sessions WHERE account = $1", &[&key])
                .await?;
        } else {
            self.exec("DELETE FROM sessions WHERE hash = $1", &[&hash])
                .await?;
        }
        Ok(())
    }

    pub(crate) async fn sessions_of(&self, key: &str) -> Result<Vec<(i64, i64)>, StoreError> {
        let rows = self
            .rows(
                "SELECT created_at, expires_at FROM sessions WHERE account = $1
                 ORDER BY created_at",
                &[&key],
            )
            .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    pub(crate) async fn failures(
        &self,
        keys: &[String],
        since: i64,
    ) -> Result<Vec<(i64, Option<i64>)>, StoreError> {
        let mut out = Vec::with_capacity(keys.len());
        for k in keys {
            let rows = self
                .rows(
                    "SELECT count(*), min(at) FROM login_failures WHERE key = $1 AND at >= $2",
                    &[k, &since],
                )
                .await?;
            out.push(rows.first().map_or((0, None), |r| (r.get(0), r.get(1))));
        }
        Ok(out)
    }

    pub(crate) async fn add_failure(
        &self,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        for k in keys {
            tx.execute(
                "INSERT INTO login_failures (key, at) VALUES ($1, $2)",
                &[k, &at],
            )
            .await
            .map_err(failed)?;
            tx.execute(
                "DELETE FROM login_failures WHERE key = $1 AND at < $2",
                &[k, &forget_before],
            )
            .await
            .map_err(failed)?;
        }
        tx.commit().await.map_err(failed)
    }

    pub(crate) async fn ratings(&self, key: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = self
            .rows(
                "SELECT pool, rating, rd, volatility, games, last_at FROM ratings
                 WHERE account = $1",
                &[&key],
            )
            .await?;
        rows.iter().map(|r| rows::rating_row(r, 0)).collect()
    }

    pub(crate) async fn history(
        &self,
        key: &str,
        pool: &str,
    ) -> Result<Vec<HistoryPoint>, StoreError> {
        let rows = self
            .rows(
                "SELECT at, rating, rd, game_id FROM (
                     SELECT DISTINCT ON (at / 86400) at, n, rating, rd, game_id
                     FROM rating_history WHERE account = $1 AND pool = $2
                     ORDER BY at / 86400, n DESC) days
                 ORDER BY n",
                &[&key, &pool],
            )
            .await?;
        rows.iter().map(rows::history_point).collect()
    }

    pub(crate) async fn leaderboard(
        &self,
        pool: &str,
        max_rd: f64,
        limit: usize,
    ) -> Result<Vec<Ranked>, StoreError> {
        let rows = self
            .rows(
                "SELECT coalesce(a.username, r.account), a.key IS NULL,
                        r.pool, r.rating, r.rd, r.volatility, r.games, r.last_at
                 FROM ratings r LEFT JOIN accounts a ON a.key = r.account
                 WHERE r.pool = $1 AND r.rd <= $2 AND NOT coalesce(a.deleted, false)
                 ORDER BY r.rating DESC LIMIT $3",
                &[&pool, &max_rd, &(limit as i64)],
            )
            .await?;
        rows.iter().map(rows::ranked).collect()
    }

    pub(crate) async fn games_of(
        &self,
        key: &str,
        limit: usize,
        before: Option<&str>,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let after = match before {
            None => (i64::MAX, String::new()),
            Some(b) => {
                let rows = self
                    .rows(
                        "SELECT created_at FROM game_players WHERE account = $1 AND game_id = $2",
                        &[&key, &b],
                    )
                    .await?;
                let Some(r) = rows.first() else {
                    return Ok(None);
                };
                (r.get::<_, i64>(0), b.to_string())
            }
        };
        let rows = self
            .rows(
                "SELECT g.summary FROM game_players p JOIN games g ON g.id = p.game_id
                 WHERE p.account = $1 AND g.summary IS NOT NULL AND g.summary != ''
                   AND (p.created_at < $2 OR (p.created_at = $2 AND ($3 = '' OR p.game_id < $3)))
                 ORDER BY p.created_at DESC, p.game_id DESC LIMIT $4",
                &[&key, &after.0, &after.1, &(limit as i64)],
            )
            .await?;
        Ok(Some(rows.iter().map(|r| r.get(0)).collect()))
    }

    pub(crate) async fn counts(
        &self,
        key: &str,
        other: Option<&str>,
    ) -> Result<Counts, StoreError> {
        let rows = match other {
            None => {
                self.rows(
                    &format!(
                        "SELECT {SUMS} FROM game_players p
                         WHERE p.account = $1 AND p.outcome IS NOT NULL"
                    ),
                    &[&key],
                )
                .await?
            }
            Some(o) => {
                self.rows(
                    &format!(
                        "SELECT {SUMS} FROM game_players p
                         WHERE p.account = $1 AND p.outcome IS NOT NULL
                           AND p.game_id IN (SELECT game_id FROM game_players WHERE account = $2)"
                    ),
                    &[&key, &o],
                )
                .await?
            }
        };
        rows.first()
            .map_or_else(|| Ok(Counts::default()), rows::counts)
    }

    pub(crate) async fn add_seek(&self, s: SeekRow) -> Result<(), StoreError> {
        self.exec(
            "INSERT INTO seeks (id, account, game, options, clock, rated, range_lo, range_hi,
                                created_at, alive_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            &[
                &s.id,
                &s.key,
                &s.game,
                &s.options,
                &s.clock,
                &s.rated,
                &s.range.map(|r| r.0),
                &s.range.map(|r| r.1),
                &s.created_at,
                &s.alive_at,
            ],
        )
        .await?;
        Ok(())
    }

    pub(crate) async fn seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT {SEEK_COLUMNS} FROM seeks s JOIN accounts a ON a.key = s.account
                     WHERE s.game_id IS NULL AND s.created_at >= $1 AND s.alive_at >= $2
                     ORDER BY s.created_at LIMIT 200"
                ),
                &[&(now - SEEK_LIFETIME), &(now - SEEK_ALIVE)],
            )
            .await?;
        rows.iter().map(rows::seek_row).collect()
    }

    pub(crate) async fn seek(
        &self,
        id: &str,
        key: Option<&str>,
        now: i64,
    ) -> Result<Option<SeekRow>, StoreError> {
        if let Some(key) = key {
            self.exec(
                "UPDATE seeks SET alive_at = $3 WHERE id = $1 AND account = $2",
                &[&id, &key, &now],
            )
            .await?;
        }
        let rows = self
            .rows(
                &format!(
                    "SELECT {SEEK_COLUMNS} FROM seeks s JOIN accounts a ON a.key = s.account
                     WHERE s.id = $1"
                ),
                &[&id],
            )
            .await?;
        rows.first().map(rows::seek_row).transpose()
    }

    pub(crate) async fn cancel_seeks(
        &self,
        key: &str,
        id: Option<&str>,
    ) -> Result<bool, StoreError> {
        let n = self
            .exec(
                "DELETE FROM seeks WHERE account = $1 AND ($2::TEXT IS NULL OR id = $2)
                 AND game_id IS NULL",
                &[&key, &id],
            )
            .await?;
        Ok(n > 0)
    }
}
