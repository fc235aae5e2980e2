//! What the store keeps of players: accounts and their sessions, failed
//! logins, ratings and their history, who played in which seat, and the
//! seeks of the quick pairing. The types and the logic both engines share
//! live here; each engine has the SQL (`sqlite/players.rs`,
//! `postgres/players.rs`).

use kyoku_rating::Rating;

use super::{Engine, Store, StoreError};

/// An account as stored.
#[derive(Debug, Clone)]
pub struct AccountRow {
    /// The username in lower case: unique, the key everything else names.
    pub key: String,
    /// The username as its owner spelt it.
    pub username: String,
    /// The Argon2id hash of the password (PHC string); `None` once deleted.
    pub password: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    /// Deleted by its owner: the name stays taken, its games show it as
    /// deleted.
    pub deleted: bool,
    /// The language its owner chose for kyoku (`en`, `de`, `ja`); `None`
    /// until they choose, when the browser's language is used.
    pub language: Option<String>,
}

/// The player in a seat of a game, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    /// 1-based seat.
    pub seat: usize,
    /// The account's key (a program's is its spec: `ai:3`).
    pub key: String,
    /// The name to show (`deleted` for a deleted account).
    pub username: String,
    /// A program level, not a person.
    pub program: bool,
    /// The rating in the game's pool when the seat was taken.
    pub rating: f64,
    /// Its deviation then.
    pub rd: f64,
    /// The change the game made (rated games, once over).
    pub diff: Option<f64>,
}

/// A rating in one pool, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    /// The pool (`dobutsu`, `shogun`, `shogun-random`, `shiamgon`).
    pub pool: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: i64,
    /// Unix seconds of the last rated game; `None` before the first.
    pub last_at: Option<i64>,
}

/// One point of a rating's history: after a rated game.
#[derive(Debug, Clone, serde::Serialize)]
pub struct HistoryPoint {
    /// Unix seconds.
    pub at: i64,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// The game.
    pub game: String,
}

/// Games, wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Finished games with a result.
    pub games: i64,
    /// Won (alone in first place).
    pub wins: i64,
    /// Drawn (first place shared).
    pub draws: i64,
    /// Lost.
    pub losses: i64,
}

/// A leaderboard's line.
#[derive(Debug, Clone)]
pub struct Ranked {
    /// The name shown.
    pub username: String,
    /// A program level.
    pub program: bool,
    /// The rating and its games.
    pub rating: RatingRow,
}

/// A seek (someone waiting to be paired), as stored.
#[derive(Debug, Clone)]
pub struct SeekRow {
    /// Its id.
    pub id: String,
    /// The poster's account key.
    pub key: String,
    /// The poster's name.
    pub username: String,
    /// The catalogue name.
    pub game: String,
    /// The options as JSON text.
    pub options: String,
    /// The time control, if any.
    pub clock: Option<String>,
    /// A rated game.
    pub rated: bool,
    /// Only opponents rated within this range.
    pub range: Option<(i64, i64)>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds the poster's page last said it is still there.
    pub alive_at: i64,
    /// The game made when it was accepted.
    pub game_id: Option<String>,
}

/// How long a seek lasts at most (seconds).
pub const SEEK_LIFETIME: i64 = 600;
/// How long a seek lasts after its poster's page last asked for it
/// (seconds): the page asks every few seconds while it is open.
pub const SEEK_ALIVE: i64 = 30;
/// How long a session lasts unused (seconds); each use extends it.
pub const SESSION_LIFETIME: i64 = 30 * 86_400;

/// The end of a game, written in the same transaction as the change that
/// ended it: each seat's outcome and, for a rated game, the ratings.
#[derive(Debug, Clone)]
pub struct GameEnd {
    /// The game's rating pool.
    pub pool: String,
    /// Rated: ratings move.
    pub rated: bool,
    /// Each seat's place (1 = first); `None` for a game that ended without
    /// a result (aborted, abandoned).
    pub ranks: Option<Vec<usize>>,
}

/// What a write tells besides that it is durable.
#[derive(Debug, Clone, Default)]
pub struct Written {
    /// The rating change of each seat (1-based order), when the write
    /// ended a rated game.
    pub rating_diffs: Option<Vec<Option<f64>>>,
}

/// A seat's outcome from the ranks of its game: alone in first place
/// wins, first place shared draws, the rest lose.
pub fn outcome(ranks: &[usize], seat: usize) -> &'static str {
    let firsts = ranks.iter().filter(|&&r| r == 1).count();
    match ranks.get(seat) {
        Some(1) if firsts == 1 => "win",
        Some(1) => "draw",
        _ => "loss",
    }
}

/// The ratings after a rated game: each seat's deviation first grows for
/// the whole days since its last rated game (Glicko-2's period without
/// games, one a day), then the game is one rating period of its own in
/// which every pair of seats counts as one result by their ranks.
pub fn settle(before: &[RatingRow], ranks: &[usize], at: i64) -> Vec<Rating> {
    let grown: Vec<Rating> = before
        .iter()
        .map(|r| match r.last_at {
            Some(t) => kyoku_rating::idle(r.rating, kyoku_rating::idle_periods(t, at)),
            None => r.rating,
        })
        .collect();
    // Ranks that do not fit the seats move nobody (the store writes no
    // such game: its caller counts the seats first).
    kyoku_rating::settle(&grown, ranks, kyoku_rating::TAU)
        .unwrap_or_else(|_| before.iter().map(|r| r.rating).collect())
}

/// Whether a game's end moves ratings: a rated game whose every seat, in
/// order, holds an account, and whose changes are not written yet (an end
/// is settled once).
pub(crate) fn settles(end: &GameEnd, ranks: &[usize], players: &[PlayerRow]) -> bool {
    let every_seat =
        players.len() == ranks.len() && players.iter().enumerate().all(|(i, p)| p.seat == i + 1);
    end.rated && every_seat && players.iter().all(|p| p.diff.is_none())
}

/// The new expiry of a session used at `now`, when it is due: extended at
/// most once an hour, so that a read is not a write per request.
pub(crate) fn extended(expires: i64, now: i64) -> Option<i64> {
    (expires < now + SESSION_LIFETIME - 3600).then_some(now + SESSION_LIFETIME)
}

/// The lobby entry `summary` (JSON) with each seat's rating change set:
/// the entry is made before the change that ends a rated game is stored,
/// the changes only inside it.
pub fn with_diffs(summary: &str, diffs: &[Option<f64>]) -> Option<String> {
    let mut v: serde_json::Value = serde_json::from_str(summary).ok()?;
    let seats = v.get_mut("seats")?.as_array_mut()?;
    for (seat, d) in seats.iter_mut().zip(diffs) {
        if let (Some(obj), Some(d)) = (seat.as_object_mut(), d) {
            obj.insert("rating_diff".into(), serde_json::json!(d.round() as i64));
        }
    }
    serde_json::to_string(&v).ok()
}

/// The lobby entry `summary` (JSON) with the name of the accounts in
/// `seats` (1-based) shown as `deleted`: the entries of a deleted
/// account's games, whose opponents keep them.
pub fn without_name(summary: &str, seats: &[usize]) -> Option<String> {
    let mut v: serde_json::Value = serde_json::from_str(summary).ok()?;
    for &seat in seats {
        let i = seat.checked_sub(1)?;
        if let Some(n) = v.get_mut("names").and_then(|n| n.get_mut(i)) {
            *n = serde_json::json!(DELETED);
        }
        if let Some(p) = v
            .get_mut("seats")
            .and_then(|s| s.get_mut(i))
            .and_then(|s| s.get_mut("player"))
            .and_then(serde_json::Value::as_object_mut)
        {
            p.insert("username".into(), serde_json::json!(DELETED));
        }
    }
    serde_json::to_string(&v).ok()
}

/// The name a deleted account shows in its games.
pub const DELETED: &str = "deleted";

impl Store {
    /// Creates an account: `false` when its name is taken (in any case).
    pub async fn create_account(&self, a: &AccountRow) -> Result<bool, StoreError> {
        on_engine!(self, s => s.create_account(a.clone()).await)
    }

    /// The account of `key` (deleted ones too).
    pub async fn account(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        on_engine!(self, s => s.account(key).await)
    }

    /// Sets the password hash of `key` and ends every session of the
    /// account but `keep` (a session id's hash).
    pub async fn set_password(&self, key: &str, hash: &str, keep: &str) -> Result<(), StoreError> {
        on_engine!(self, s => s.set_password(key, hash, keep).await)
    }

    /// Sets the language `key` chose for kyoku.
    pub async fn set_language(&self, key: &str, language: &str) -> Result<(), StoreError> {
        on_engine!(self, s => s.set_language(key, language).await)
    }

    /// Deletes an account: the name stays taken and its games stay; its
    /// password, sessions and seeks go.
    pub async fn delete_account(&self, key: &str) -> Result<(), StoreError> {
        on_engine!(self, s => s.delete_account(key).await)
    }

    /// Stores a session (by its id's hash) until `expires` (Unix seconds).
    pub async fn add_session(&self, hash: &str, key: &str, now: i64) -> Result<(), StoreError> {
        on_engine!(self, s => s.add_session(hash, key, now).await)
    }

    /// The account of a live session, and when it expires; `None` for an
    /// unknown or expired one. A session used again more than an hour
    /// after it was last extended is extended ([`SESSION_LIFETIME`] from
    /// now).
    pub async fn session(&self, hash: &str, now: i64) -> Result<Option<String>, StoreError> {
        on_engine!(self, s => s.session(hash, now).await)
    }

    /// Ends one session, or every session of `key` when `everywhere`.
    pub async fn end_sessions(
        &self,
        hash: &str,
        key: &str,
        everywhere: bool,
    ) -> Result<(), StoreError> {
        on_engine!(self, s => s.end_sessions(hash, key, everywhere).await)
    }

    /// The sessions of `key`: when each was made and when it expires.
    pub async fn sessions_of(&self, key: &str) -> Result<Vec<(i64, i64)>, StoreError> {
        on_engine!(self, s => s.sessions_of(key).await)
    }

    /// For each of `keys` (a username's or an address's): the failed
    /// logins since `since` and the time of the oldest of them.
    pub async fn failures(
        &self,
        keys: &[String],
        since: i64,
    ) -> Result<Vec<(i64, Option<i64>)>, StoreError> {
        on_engine!(self, s => s.failures(keys, since).await)
    }

    /// Counts a failed login against each of `keys`; forgets those older
    /// than `forget_before`.
    pub async fn add_failure(
        &self,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), StoreError> {
        on_engine!(self, s => s.add_failure(keys, at, forget_before).await)
    }

    /// The ratings of `key` in every pool it has played rated.
    pub async fn ratings(&self, key: &str) -> Result<Vec<RatingRow>, StoreError> {
        on_engine!(self, s => s.ratings(key).await)
    }

    /// The rating of `key` in `pool` at the end of each day it played
    /// rated games there (after the day's last game; Unix days, UTC),
    /// oldest first: a year of daily play is 365 points, however many
    /// games.
    pub async fn history(&self, key: &str, pool: &str) -> Result<Vec<HistoryPoint>, StoreError> {
        on_engine!(self, s => s.history(key, pool).await)
    }

    /// The best `limit` ratings of `pool` whose deviation is at most
    /// `max_rd`, best first (deleted accounts left out).
    pub async fn leaderboard(
        &self,
        pool: &str,
        max_rd: f64,
        limit: usize,
    ) -> Result<Vec<Ranked>, StoreError> {
        on_engine!(self, s => s.leaderboard(pool, max_rd, limit).await)
    }

    /// The lobby entries of the games `key` played in, newest first, at
    /// most `limit`, after game `before`; `None` when `before` is not one
    /// of them.
    pub async fn games_of(
        &self,
        key: &str,
        limit: usize,
        before: Option<&str>,
    ) -> Result<Option<Vec<String>>, StoreError> {
        on_engine!(self, s => s.games_of(key, limit, before).await)
    }

    /// The results of `key`'s finished games, against `other` only when
    /// given.
    pub async fn counts(&self, key: &str, other: Option<&str>) -> Result<Counts, StoreError> {
        on_engine!(self, s => s.counts(key, other).await)
    }

    /// Stores a new seek.
    pub async fn add_seek(&self, seek: &SeekRow) -> Result<(), StoreError> {
        on_engine!(self, s => s.add_seek(seek.clone()).await)
    }

    /// The seeks waiting at `now`, oldest first.
    pub async fn seeks(&self, now: i64) -> Result<Vec<SeekRow>, StoreError> {
        on_engine!(self, s => s.seeks(now).await)
    }

    /// One seek, waiting or accepted; `None` when unknown. Asked for by
    /// its poster (`key`), it counts as the poster still being there.
    pub async fn seek(
        &self,
        id: &str,
        key: Option<&str>,
        now: i64,
    ) -> Result<Option<SeekRow>, StoreError> {
        on_engine!(self, s => s.seek(id, key, now).await)
    }

    /// Cancels `key`'s seek `id` (or every seek of `key` when `id` is
    /// `None`); `false` when there was none.
    pub async fn cancel_seeks(&self, key: &str, id: Option<&str>) -> Result<bool, StoreError> {
        on_engine!(self, s => s.cancel_seeks(key, id).await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_gets_its_rating_changes() {
        let s =
            r#"{"id":"g","seats":[{"seat":1,"rating_diff":null},{"seat":2,"rating_diff":null}]}"#;
        let out = with_diffs(s, &[Some(-161.6), Some(161.6)]).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["seats"][0]["rating_diff"], -162);
        assert_eq!(v["seats"][1]["rating_diff"], 162);
        assert_eq!(with_diffs("", &[]), None);
    }

    #[test]
    fn a_deleted_accounts_name_leaves_the_summary() {
        let s =
            r#"{"names":["kate","omar"],"seats":[{"player":{"username":"kate"}},{"player":null}]}"#;
        let out: serde_json::Value = serde_json::from_str(&without_name(s, &[1]).unwrap()).unwrap();
        assert_eq!(out["names"], serde_json::json!(["deleted", "omar"]));
        assert_eq!(out["seats"][0]["player"]["username"], "deleted");
        assert_eq!(out["seats"][1]["player"], serde_json::Value::Null);
    }

    #[test]
    fn outcomes_follow_the_ranks() {
        assert_eq!(outcome(&[1, 2], 0), "win");
        assert_eq!(outcome(&[1, 2], 1), "loss");
        assert_eq!(outcome(&[1, 1], 0), "draw");
        assert_eq!(outcome(&[2, 1, 1], 0), "loss");
        assert_eq!(outcome(&[2, 1, 1], 2), "draw");
        assert_eq!(outcome(&[3, 1, 2], 1), "win");
    }

    #[test]
    fn a_days_rest_widens_the_deviation_before_the_game() {
        let row = |last_at| RatingRow {
            pool: "dobutsu".into(),
            rating: Rating {
                rating: 1500.0,
                rd: 60.0,
                volatility: 0.06,
            },
            games: 30,
            last_at,
        };
        let fresh = settle(&[row(Some(0)), row(Some(0))], &[1, 2], 100);
        let rested = settle(&[row(Some(0)), row(Some(0))], &[1, 2], 30 * 86_400);
        // The longer rest makes the result count for more.
        assert!(rested[0].rating > fresh[0].rating, "{rested:?} {fresh:?}");
        assert!(rested[0].rd > fresh[0].rd);
    }
}
