//! Rows into the store's structs, written once for both engines. Each
//! engine's query names the columns in the order a function here reads
//! them; the SQL stays the engine's own. A cell is read through [`Cells`],
//! which hides how the engines differ in what they hand back: SQLite keeps
//! a boolean as 0 or 1, PostgreSQL a seat as a 4-byte integer.

use kyoku_rating::Rating;

use super::puzzles::{Columns, LessonStars, MAX_STARS};
use super::reviews::{ReviewRow, ReviewStatus};
use super::{AccountRow, Counts, HistoryPoint, PlayerRow, Ranked, RatingRow, SeekRow, StoreError};

/// A value both engines read from a cell: text, 8-byte integers, floats,
/// booleans, and each of them NULL-able (`Option`).
pub(crate) trait Cell:
    rusqlite::types::FromSql + for<'a> tokio_postgres::types::FromSql<'a>
{
}

impl<T> Cell for T where T: rusqlite::types::FromSql + for<'a> tokio_postgres::types::FromSql<'a> {}

/// One row's cells, by column index.
pub(crate) trait Cells {
    /// What a cell that does not read as asked gives.
    type Error;
    /// Cell `i` as `T`.
    fn cell<T: Cell>(&self, i: usize) -> Result<T, Self::Error>;
    /// Integer cell `i`, of either width (PostgreSQL keeps a seat or a
    /// lesson's stars in 4 bytes).
    fn int(&self, i: usize) -> Result<i64, Self::Error>;
}

impl Cells for rusqlite::Row<'_> {
    type Error = rusqlite::Error;
    fn cell<T: Cell>(&self, i: usize) -> rusqlite::Result<T> {
        self.get(i)
    }
    fn int(&self, i: usize) -> rusqlite::Result<i64> {
        self.get(i)
    }
}

impl Cells for tokio_postgres::Row {
    type Error = StoreError;
    fn cell<T: Cell>(&self, i: usize) -> Result<T, StoreError> {
        self.try_get(i).map_err(super::postgres::failed)
    }
    fn int(&self, i: usize) -> Result<i64, StoreError> {
        self.try_get::<_, i64>(i)
            .or_else(|_| self.try_get::<_, i32>(i).map(i64::from))
            .map_err(super::postgres::failed)
    }
}

/// A rating read from `rating, rd, volatility` at `at`.
pub(crate) fn rating<C: Cells>(r: &C, at: usize) -> Result<Rating, C::Error> {
    Ok(Rating {
        rating: r.cell(at)?,
        rd: r.cell(at + 1)?,
        volatility: r.cell(at + 2)?,
    })
}

/// `pool, rating, rd, volatility, games, last_at` from column `at` on.
pub(crate) fn rating_row<C: Cells>(r: &C, at: usize) -> Result<RatingRow, C::Error> {
    Ok(RatingRow {
        pool: r.cell(at)?,
        rating: rating(r, at + 1)?,
        games: r.int(at + 4)?,
        last_at: r.cell(at + 5)?,
    })
}

/// `seat, account, name, program, rating, rd, diff`.
pub(crate) fn player_row<C: Cells>(r: &C) -> Result<PlayerRow, C::Error> {
    Ok(PlayerRow {
        seat: r.int(0)? as usize,
        key: r.cell(1)?,
        username: r.cell(2)?,
        program: r.cell(3)?,
        rating: r.cell(4)?,
        rd: r.cell(5)?,
        diff: r.cell(6)?,
    })
}

/// `key, username, password, created_at, deleted, language`.
pub(crate) fn account_row<C: Cells>(r: &C) -> Result<AccountRow, C::Error> {
    Ok(AccountRow {
        key: r.cell(0)?,
        username: r.cell(1)?,
        password: r.cell(2)?,
        created_at: r.int(3)?,
        deleted: r.cell(4)?,
        language: r.cell(5)?,
    })
}

/// The columns a seek is read from, `s` the seeks and `a` its account.
pub(crate) const SEEK_COLUMNS: &str = "s.id, s.account, s.game, s.options, s.clock, s.rated,
    s.range_lo, s.range_hi, s.created_at, s.alive_at, s.game_id, a.username";

/// [`SEEK_COLUMNS`].
pub(crate) fn seek_row<C: Cells>(r: &C) -> Result<SeekRow, C::Error> {
    Ok(SeekRow {
        id: r.cell(0)?,
        key: r.cell(1)?,
        game: r.cell(2)?,
        options: r.cell(3)?,
        clock: r.cell(4)?,
        rated: r.cell(5)?,
        range: r.cell::<Option<i64>>(6)?.zip(r.cell(7)?),
        created_at: r.int(8)?,
        alive_at: r.int(9)?,
        game_id: r.cell(10)?,
        username: r.cell(11)?,
    })
}

/// `at, rating, rd, game_id`.
pub(crate) fn history_point<C: Cells>(r: &C) -> Result<HistoryPoint, C::Error> {
    Ok(HistoryPoint {
        at: r.int(0)?,
        rating: r.cell(1)?,
        rd: r.cell(2)?,
        game: r.cell(3)?,
    })
}

/// `name, program`, then a [`rating_row`].
pub(crate) fn ranked<C: Cells>(r: &C) -> Result<Ranked, C::Error> {
    Ok(Ranked {
        username: r.cell(0)?,
        program: r.cell(1)?,
        rating: rating_row(r, 2)?,
    })
}

/// `games, wins, draws, losses`; a sum over no rows may be NULL.
pub(crate) fn counts<C: Cells>(r: &C) -> Result<Counts, C::Error> {
    Ok(Counts {
        games: r.int(0)?,
        wins: r.cell::<Option<i64>>(1)?.unwrap_or(0),
        draws: r.cell::<Option<i64>>(2)?.unwrap_or(0),
        losses: r.cell::<Option<i64>>(3)?.unwrap_or(0),
    })
}

/// The columns a puzzle is read from.
pub(crate) const PUZZLE_COLUMNS: &str = "id, game, options, position, goal, solution, themes,
    plies, rating, rd, volatility, attempts, solved, created_at";

/// [`PUZZLE_COLUMNS`].
pub(crate) fn puzzle_columns<C: Cells>(r: &C) -> Result<Columns, C::Error> {
    Ok(Columns {
        id: r.cell(0)?,
        game: r.cell(1)?,
        options: r.cell(2)?,
        position: r.cell(3)?,
        goal: r.cell(4)?,
        solution: r.cell(5)?,
        themes: r.cell(6)?,
        plies: r.int(7)?,
        rating: rating(r, 8)?,
        attempts: r.int(11)?,
        solved: r.int(12)?,
        created_at: r.int(13)?,
    })
}

/// `game, lesson, stars, at`.
pub(crate) fn lesson_stars<C: Cells>(r: &C) -> Result<LessonStars, C::Error> {
    Ok(LessonStars {
        game: r.cell(0)?,
        lesson: r.cell(1)?,
        stars: stars(r.int(2)?),
        at: r.int(3)?,
    })
}

/// Stars as kept, within what a lesson gives.
pub(crate) fn stars(kept: i64) -> u8 {
    kept.clamp(0, i64::from(MAX_STARS)) as u8
}

/// A review as read, its status still as kept: [`KeptReview::parse`]
/// reads it (a driver's error type cannot carry a bad status).
pub(crate) struct KeptReview {
    row: ReviewRow,
    status: String,
}

impl KeptReview {
    /// The review, its status read.
    pub(crate) fn parse(self) -> Result<ReviewRow, StoreError> {
        Ok(ReviewRow {
            status: ReviewStatus::parse(&self.status)?,
            ..self.row
        })
    }
}

/// [`COLUMNS`](super::reviews::COLUMNS).
pub(crate) fn review_row<C: Cells>(r: &C) -> Result<KeptReview, C::Error> {
    Ok(KeptReview {
        row: ReviewRow {
            game_id: r.cell(0)?,
            // Replaced by `KeptReview::parse`.
            status: ReviewStatus::Queued,
            result: r.cell(2)?,
            reason: r.cell(3)?,
            done: r.int(4)?,
            total: r.int(5)?,
            tries: r.int(6)?,
            requested_at: r.int(7)?,
        },
        status: r.cell(1)?,
    })
}
