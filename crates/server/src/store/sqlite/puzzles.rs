//! The SQLite side of what the store keeps of puzzles and lessons (see
//! `store/puzzles.rs`): every change runs on the writer thread, every read
//! on a read connection.

use kyoku_puzzle::Puzzle;
use kyoku_rating::Rating;
use rusqlite::{Connection, OptionalExtension, params};

use super::SqliteStore;
use crate::store::puzzles::{
    Attempt, Attempted, Columns, LessonStars, NEAREST, PuzzleRow, attempted, first_rating, grown,
    json_columns, pool,
};
use crate::store::rows::{self, PUZZLE_COLUMNS};
use crate::store::{RatingRow, StoreError};

fn load(c: &Connection, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
    c.prepare_cached(&format!(
        "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?1"
    ))?
    .query_row([id], |r| rows::puzzle_columns(r))
    .optional()?
    .map(Columns::row)
    .transpose()
}

fn insert(c: &Connection, p: &Puzzle, at: i64) -> Result<bool, StoreError> {
    let (options, solution, themes) = json_columns(p);
    let r = first_rating(p);
    let n = c
        .prepare_cached(
            "INSERT OR IGNORE INTO puzzles (id, game, options, position, goal, solution, themes,
                                            plies, rating, rd, volatility, attempts, solved,
                                            created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0, 0, ?12)",
        )?
        .execute(params![
            p.id,
            p.game,
            options,
            p.position,
            p.goal.name(),
            solution,
            themes,
            p.solution.len() as i64,
            r.rating,
            r.rd,
            r.volatility,
            at
        ])?;
    Ok(n == 1)
}

/// The account's rating row in `pool`, made new when it has none.
fn solver_row(c: &Connection, key: &str, pool: &str) -> Result<RatingRow, StoreError> {
    c.prepare_cached(
        "INSERT OR IGNORE INTO ratings (account, pool, rating, rd, volatility, games)
         VALUES (?1, ?2, ?3, ?4, ?5, 0)",
    )?
    .execute(params![
        key,
        pool,
        Rating::NEW.rating,
        Rating::NEW.rd,
        Rating::NEW.volatility
    ])?;
    Ok(c.prepare_cached(
        "SELECT pool, rating, rd, volatility, games, last_at FROM ratings
         WHERE account = ?1 AND pool = ?2",
    )?
    .query_row(params![key, pool], |r| rows::rating_row(r, 0))?)
}

/// Records one attempt on the writer's connection (see
/// [`crate::store::Store::record_attempt`]).
fn record(c: &Connection, a: &Attempt) -> Result<Option<Attempted>, StoreError> {
    let Some(row) = load(c, &a.puzzle)? else {
        return Ok(None);
    };
    let puzzle_before = row.rating;
    let (solver_before, first) = match &a.account {
        Some(key) => {
            let n = c
                .prepare_cached(
                    "INSERT OR IGNORE INTO puzzle_attempts (account, puzzle_id, correct, at)
                     VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![key, a.puzzle, a.correct as i64, a.at])?;
            let r = solver_row(c, key, &pool(&row.puzzle.game))?;
            (grown(&r, a.at), n == 1)
        }
        None => (a.solver, true),
    };
    let out = attempted(solver_before, puzzle_before, a.correct, first);
    if !out.rated {
        return Ok(Some(out));
    }
    let (solver, puzzle) = (out.solver, out.puzzle);
    c.prepare_cached(
        "UPDATE puzzles SET rating = ?2, rd = ?3, volatility = ?4, attempts = attempts + 1,
                            solved = solved + ?5
         WHERE id = ?1",
    )?
    .execute(params![
        a.puzzle,
        puzzle.rating,
        puzzle.rd,
        puzzle.volatility,
        a.correct as i64
    ])?;
    if let Some(key) = &a.account {
        c.prepare_cached(
            "UPDATE ratings SET rating = ?3, rd = ?4, volatility = ?5, games = games + 1,
                                last_at = ?6
             WHERE account = ?1 AND pool = ?2",
        )?
        .execute(params![
            key,
            pool(&row.puzzle.game),
            solver.rating,
            solver.rd,
            solver.volatility,
            a.at
        ])?;
    }
    Ok(Some(out))
}

/// The ids of the puzzles of `game` nearest `rating`, half from above and
/// half from below, each half one range scan of the (game, rating) index.
fn nearest(
    c: &Connection,
    game: &str,
    rating: f64,
    account: Option<&str>,
    skip: &str,
) -> Result<Vec<String>, StoreError> {
    let half = (NEAREST / 2) as i64;
    // `?5 IS NULL` is settled once per statement: SQLite then skips the
    // look-up of attempts for an anonymous solver.
    let mut ids = Vec::new();
    for (cmp, order) in [(">=", "ASC"), ("<", "DESC")] {
        let sql = format!(
            "SELECT p.id FROM puzzles p
             WHERE p.game = ?1 AND p.rating {cmp} ?2 AND p.id != ?4
               AND (?5 IS NULL OR NOT EXISTS (SELECT 1 FROM puzzle_attempts a
                                              WHERE a.account = ?5 AND a.puzzle_id = p.id))
             ORDER BY p.rating {order} LIMIT ?3"
        );
        let found = c
            .prepare_cached(&sql)?
            .query_map(params![game, rating, half, skip, account], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        ids.extend(found);
    }
    Ok(ids)
}

impl SqliteStore {
    pub(crate) async fn insert_puzzles(
        &self,
        puzzles: Vec<Puzzle>,
        at: i64,
    ) -> Result<u64, StoreError> {
        self.run(move |c| {
            let mut new = 0;
            for p in &puzzles {
                new += u64::from(insert(c, p, at)?);
            }
            Ok(new)
        })
        .await
    }

    pub(crate) async fn puzzle_counts(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.read(|c| {
            Ok(
                c.prepare_cached("SELECT game, count(*) FROM puzzles GROUP BY game ORDER BY game")?
                    .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect::<Result<_, _>>()?,
            )
        })
        .await
    }

    pub(crate) async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
        let id = id.to_string();
        self.read(move |c| load(c, &id)).await
    }

    pub(crate) async fn puzzles(
        &self,
        game: Option<&str>,
        after: &str,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        let (game, after) = (game.map(str::to_string), after.to_string());
        self.read(move |c| {
            c.prepare_cached(&format!(
                "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE (?1 IS NULL OR game = ?1) AND id > ?2
                 ORDER BY id LIMIT ?3"
            ))?
            .query_map(params![game, after, limit as i64], |r| {
                rows::puzzle_columns(r)
            })?
            .map(|r| r.map_err(StoreError::from).and_then(Columns::row))
            .collect()
        })
        .await
    }

    pub(crate) async fn nearest_puzzles(
        &self,
        game: &str,
        rating: f64,
        account: Option<&str>,
        skip: Option<&str>,
    ) -> Result<Vec<String>, StoreError> {
        let (game, account) = (game.to_string(), account.map(str::to_string));
        let skip = skip.unwrap_or("").to_string();
        self.read(move |c| nearest(c, &game, rating, account.as_deref(), &skip))
            .await
    }

    pub(crate) async fn record_attempt(&self, a: Attempt) -> Result<Option<Attempted>, StoreError> {
        self.run(move |c| record(c, &a)).await
    }

    pub(crate) async fn attempted(&self, account: &str, id: &str) -> Result<bool, StoreError> {
        let (account, id) = (account.to_string(), id.to_string());
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT 1 FROM puzzle_attempts WHERE account = ?1 AND puzzle_id = ?2",
            )?
            .exists(params![account, id])?)
        })
        .await
    }

    pub(crate) async fn lesson_stars(&self, account: &str) -> Result<Vec<LessonStars>, StoreError> {
        let account = account.to_string();
        self.read(move |c| {
            Ok(c.prepare_cached(
                "SELECT game, lesson, stars, at FROM lesson_stars WHERE account = ?1
                 ORDER BY game, lesson",
            )?
            .query_map([account], |r| rows::lesson_stars(r))?
            .collect::<Result<_, _>>()?)
        })
        .await
    }

    pub(crate) async fn set_lesson_stars(
        &self,
        account: &str,
        game: &str,
        lesson: &str,
        stars: u8,
        at: i64,
    ) -> Result<u8, StoreError> {
        let (account, game, lesson) = (account.to_string(), game.to_string(), lesson.to_string());
        self.run(move |c| {
            // `max` keeps the best: a later, worse try does not take stars
            // away.
            c.prepare_cached(
                "INSERT INTO lesson_stars (account, game, lesson, stars, at)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (account, game, lesson) DO UPDATE
                 SET stars = max(stars, excluded.stars), at = excluded.at",
            )?
            .execute(params![account, game, lesson, i64::from(stars), at])?;
            let kept: i64 = c
                .prepare_cached(
                    "SELECT stars FROM lesson_stars WHERE account = ?1 AND game = ?2
                     AND lesson = ?3",
                )?
                .query_row(params![account, game, lesson], |r| r.get(0))?;
            Ok(rows::stars(kept))
        })
        .await
    }
}
