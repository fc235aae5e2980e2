//! What the store keeps of game reviews: one row per reviewed game, made
//! once however often it is asked for, and claimed by one instance at a
//! time (the claim is atomic in the store), so a review is made once even
//! with several instances sharing a database. The types and the logic both
//! engines share live here; each engine has the SQL (`sqlite/reviews.rs`,
//! `postgres/reviews.rs`).

use super::{Engine, Store, StoreError};

/// Where a review is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewStatus {
    /// Asked for, waiting for a worker.
    Queued,
    /// A worker of some instance is making it.
    Running,
    /// Made; its result is stored.
    Done,
    /// It could not be made; the reason is stored.
    Failed,
}

impl ReviewStatus {
    /// Its name in the store and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewStatus::Queued => "queued",
            ReviewStatus::Running => "running",
            ReviewStatus::Done => "done",
            ReviewStatus::Failed => "failed",
        }
    }

    /// The status of a stored name.
    pub fn parse(text: &str) -> Result<ReviewStatus, StoreError> {
        Ok(match text {
            "queued" => ReviewStatus::Queued,
            "running" => ReviewStatus::Running,
            "done" => ReviewStatus::Done,
            "failed" => ReviewStatus::Failed,
            other => {
                return Err(StoreError::Failed(format!(
                    "a stored review has an unknown status {other:?}"
                )));
            }
        })
    }
}

/// A review as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewRow {
    /// The game reviewed.
    pub game_id: String,
    /// Where it is.
    pub status: ReviewStatus,
    /// The review as JSON text, once done.
    pub result: Option<String>,
    /// Why it failed, once failed.
    pub reason: Option<String>,
    /// Plies reviewed so far (while running) and in all.
    pub done: i64,
    /// Plies to review in all (0 until a worker starts).
    pub total: i64,
    /// How many times a worker took it (a worker that died leaves it to be
    /// taken again).
    pub tries: i64,
    /// Unix seconds it was asked for.
    pub requested_at: i64,
}

/// A review a worker of this instance took: only the holder of `claim`
/// may record its progress and its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewClaim {
    /// The game to review.
    pub game_id: String,
    /// The claim's secret, new at every claim.
    pub claim: String,
    /// How many times it was taken, this time included.
    pub tries: i64,
}

/// How a review ended, to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewEnd {
    /// Made: the review as JSON text.
    Done(String),
    /// Not made, and why (for a person).
    Failed(String),
}

impl ReviewEnd {
    /// The stored `status`, `result` and `reason` of this end, the same on
    /// both engines.
    pub(crate) fn columns(self) -> (&'static str, Option<String>, Option<String>) {
        match self {
            ReviewEnd::Done(r) => ("done", Some(r), None),
            ReviewEnd::Failed(why) => ("failed", None, Some(why)),
        }
    }
}

/// The columns of a review, as both engines read them.
pub(crate) const COLUMNS: &str =
    "game_id, status, result, reason, done, total, tries, requested_at";

/// A new claim's secret.
pub(crate) fn new_claim() -> String {
    crate::tokens::new_id()
}

impl Store {
    /// Asks for a review of game `game_id`: stores it as queued unless it
    /// was asked for before; returns the review as stored (the earlier one
    /// when there was one: a review is made once).
    pub async fn request_review(&self, game_id: &str) -> Result<ReviewRow, StoreError> {
        let at = crate::time::now();
        on_engine!(self, s => s.request_review(game_id, at).await)
    }

    /// The review of game `game_id`; `None` when never asked for.
    pub async fn review(&self, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
        on_engine!(self, s => s.review(game_id).await)
    }

    /// Takes the review that waited longest — a queued one, or a running
    /// one whose worker gave no sign of life for `stale_ms` (it died, or
    /// its instance stopped) — and marks it running under a new claim, in
    /// one atomic step: two workers never take the same review at once.
    /// `None` when none is due.
    pub async fn claim_review(&self, stale_ms: i64) -> Result<Option<ReviewClaim>, StoreError> {
        let claim = new_claim();
        on_engine!(self, s => s.claim_review(claim, stale_ms).await)
    }

    /// Records a running review's progress (and that its worker lives);
    /// `false` when the claim was lost (the review was taken again).
    pub async fn review_progress(
        &self,
        c: &ReviewClaim,
        done: i64,
        total: i64,
    ) -> Result<bool, StoreError> {
        on_engine!(self, s => s.review_progress(c.clone(), done, total).await)
    }

    /// Stores how a review ended; `false` when the claim was lost (another
    /// worker's end is kept instead).
    pub async fn finish_review(&self, c: &ReviewClaim, end: ReviewEnd) -> Result<bool, StoreError> {
        on_engine!(self, s => s.finish_review(c.clone(), end).await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_back() {
        for s in [
            ReviewStatus::Queued,
            ReviewStatus::Running,
            ReviewStatus::Done,
            ReviewStatus::Failed,
        ] {
            assert_eq!(ReviewStatus::parse(s.as_str()).unwrap(), s);
        }
        assert!(ReviewStatus::parse("later").is_err());
    }
}
