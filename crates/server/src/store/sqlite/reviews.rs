//! The SQLite side of what the store keeps of reviews (see
//! `store/reviews.rs`): every change runs on the writer thread, in its
//! transaction, so a claim is one atomic step; reads on a read connection.
//! Signs of life are timed in Unix ms by this process's clock (one
//! instance owns a SQLite file).

use rusqlite::{Connection, OptionalExtension, params};

use super::SqliteStore;
use crate::store::StoreError;
use crate::store::reviews::{COLUMNS, ReviewClaim, ReviewEnd, ReviewRow};
use crate::store::rows::{KeptReview, review_row};

fn load(c: &Connection, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
    let found = c
        .prepare_cached(&format!("SELECT {COLUMNS} FROM reviews WHERE game_id = ?1"))?
        .query_row([game_id], |r| review_row(r))
        .optional()?;
    found.map(KeptReview::parse).transpose()
}

/// Takes the longest-waiting due review (see
/// [`crate::store::Store::claim_review`]) on the writer's connection.
fn claim(c: &Connection, claim: String, stale_ms: i64) -> Result<Option<ReviewClaim>, StoreError> {
    let now = crate::time::now_ms();
    let due: Option<String> = c
        .prepare_cached(
            "SELECT game_id FROM reviews
             WHERE status = 'queued' OR (status = 'running' AND alive_at < ?1)
             ORDER BY requested_at, game_id LIMIT 1",
        )?
        .query_row([now - stale_ms], |r| r.get(0))
        .optional()?;
    let Some(game_id) = due else {
        return Ok(None);
    };
    let tries: i64 = c
        .prepare_cached(
            "UPDATE reviews SET status = 'running', claim = ?2, alive_at = ?3,
                                tries = tries + 1
             WHERE game_id = ?1 RETURNING tries",
        )?
        .query_row(params![game_id, claim, now], |r| r.get(0))?;
    Ok(Some(ReviewClaim {
        game_id,
        claim,
        tries,
    }))
}

impl SqliteStore {
    pub(crate) async fn request_review(
        &self,
        game_id: &str,
        at: i64,
    ) -> Result<ReviewRow, StoreError> {
        let game_id = game_id.to_string();
        self.run(move |c| {
            c.prepare_cached(
                "INSERT OR IGNORE INTO reviews (game_id, status, done, total, tries, requested_at)
                 VALUES (?1, 'queued', 0, 0, 0, ?2)",
            )?
            .execute(params![game_id, at])?;
            load(c, &game_id)?
                .ok_or_else(|| StoreError::Failed("the review just stored is not there".into()))
        })
        .await
    }

    pub(crate) async fn review(&self, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
        let game_id = game_id.to_string();
        self.read(move |c| load(c, &game_id)).await
    }

    pub(crate) async fn claim_review(
        &self,
        claim_id: String,
        stale_ms: i64,
    ) -> Result<Option<ReviewClaim>, StoreError> {
        self.run(move |c| claim(c, claim_id, stale_ms)).await
    }

    pub(crate) async fn review_progress(
        &self,
        c: ReviewClaim,
        done: i64,
        total: i64,
    ) -> Result<bool, StoreError> {
        self.run(move |conn| {
            let n = conn
                .prepare_cached(
                    "UPDATE reviews SET done = ?3, total = ?4, alive_at = ?5
                     WHERE game_id = ?1 AND claim = ?2 AND status = 'running'",
                )?
                .execute(params![
                    c.game_id,
                    c.claim,
                    done,
                    total,
                    crate::time::now_ms()
                ])?;
            Ok(n == 1)
        })
        .await
    }

    pub(crate) async fn finish_review(
        &self,
        c: ReviewClaim,
        end: ReviewEnd,
    ) -> Result<bool, StoreError> {
        let (status, result, reason) = end.columns();
        self.run(move |conn| {
            let n = conn
                .prepare_cached(
                    "UPDATE reviews SET status = ?3, result = ?4, reason = ?5, claim = NULL,
                                        finished_at = ?6, done = total
                     WHERE game_id = ?1 AND claim = ?2 AND status = 'running'",
                )?
                .execute(params![
                    c.game_id,
                    c.claim,
                    status,
                    result,
                    reason,
                    crate::time::now()
                ])?;
            Ok(n == 1)
        })
        .await
    }
}
