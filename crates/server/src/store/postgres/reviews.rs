//! The PostgreSQL side of what the store keeps of reviews (see
//! `store/reviews.rs`). A claim is one `UPDATE` of the row a sub-select
//! locked with `FOR UPDATE SKIP LOCKED`: two instances claiming at once
//! take different reviews, never the same one. Signs of life are timed by
//! the database's clock, as leases are, so the instances' clocks do not
//! matter.

use tokio_postgres::Client;

use super::{NOW_MS, PgStore, failed};
use crate::store::StoreError;
use crate::store::reviews::{COLUMNS, ReviewClaim, ReviewEnd, ReviewRow};
use crate::store::rows::review_row;

/// The review of game `game_id`, if one was asked for.
async fn load(client: &Client, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
    let rows = client
        .query(
            &format!("SELECT {COLUMNS} FROM reviews WHERE game_id = $1"),
            &[&game_id],
        )
        .await
        .map_err(failed)?;
    rows.first().map(|r| review_row(r)?.parse()).transpose()
}

impl PgStore {
    pub(crate) async fn request_review(
        &self,
        game_id: &str,
        at: i64,
    ) -> Result<ReviewRow, StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO reviews (game_id, status, done, total, tries, requested_at)
                 VALUES ($1, 'queued', 0, 0, 0, $2) ON CONFLICT (game_id) DO NOTHING",
                &[&game_id, &at],
            )
            .await
            .map_err(failed)?;
        // Stored just now or before: a row is never deleted.
        load(&client, game_id).await?.ok_or_else(|| {
            StoreError::Failed(format!("the review of game {game_id} was not stored"))
        })
    }

    pub(crate) async fn review(&self, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
        load(&*self.client().await?, game_id).await
    }

    pub(crate) async fn claim_review(
        &self,
        claim: String,
        stale_ms: i64,
    ) -> Result<Option<ReviewClaim>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!(
                    "UPDATE reviews SET status = 'running', claim = $1, alive_at = {NOW_MS},
                                        tries = tries + 1
                     WHERE game_id = (
                         SELECT game_id FROM reviews
                         WHERE status = 'queued'
                            OR (status = 'running' AND alive_at < {NOW_MS} - $2)
                         ORDER BY requested_at, game_id LIMIT 1
                         FOR UPDATE SKIP LOCKED)
                     RETURNING game_id, tries"
                ),
                &[&claim, &stale_ms],
            )
            .await
            .map_err(failed)?;
        Ok(rows.first().map(|r| ReviewClaim {
            game_id: r.get(0),
            claim,
            tries: r.get(1),
        }))
    }

    pub(crate) async fn review_progress(
        &self,
        c: ReviewClaim,
        done: i64,
        total: i64,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let n = client
            .execute(
                &format!(
                    "UPDATE reviews SET done = $3, total = $4, alive_at = {NOW_MS}
                     WHERE game_id = $1 AND claim = $2 AND status = 'running'"
                ),
                &[&c.game_id, &c.claim, &done, &total],
            )
            .await
            .map_err(failed)?;
        Ok(n == 1)
    }

    pub(crate) async fn finish_review(
        &self,
        c: ReviewClaim,
        end: ReviewEnd,
    ) -> Result<bool, StoreError> {
        let (status, result, reason) = end.columns();
        let client = self.client().await?;
        let at = crate::time::now();
        let n = client
            .execute(
                "UPDATE reviews SET status = $3, result = $4, reason = $5, claim = NULL,
                                    finished_at = $6, done = total
                 WHERE game_id = $1 AND claim = $2 AND status = 'running'",
                &[&c.game_id, &c.claim, &status, &result, &reason, &at],
            )
            .await
            .map_err(failed)?;
        Ok(n == 1)
    }
}
