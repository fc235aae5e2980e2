//! The PostgreSQL side of what the store keeps of puzzles and lessons (see
//! `store/puzzles.rs`). An attempt locks its puzzle's row and the solver's
//! rating row (`FOR UPDATE`), so attempts on several instances at once
//! are rated one after the other, each on the other's result.

use kyoku_puzzle::Puzzle;
use kyoku_rating::Rating;

use super::{PgStore, Tx, failed};
use crate::store::puzzles::{
    Attempt, Attempted, LessonStars, NEAREST, PuzzleRow, attempted, first_rating, grown,
    json_columns, pool,
};
use crate::store::rows::{self, Cells, PUZZLE_COLUMNS};
use crate::store::{RatingRow, StoreError};

/// The account's rating row in `pool`, made new when it has none, locked
/// until the transaction ends.
async fn solver_row(tx: &Tx<'_>, key: &str, pool: &str) -> Result<RatingRow, StoreError> {
    let new = Rating::NEW;
    tx.execute(
        "INSERT INTO ratings (account, pool, rating, rd, volatility, games)
         VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
        &[&key, &pool, &new.rating, &new.rd, &new.volatility],
    )
    .await
    .map_err(failed)?;
    let r = tx
        .query_one(
            "SELECT pool, rating, rd, volatility, games, last_at FROM ratings
             WHERE account = $1 AND pool = $2 FOR UPDATE",
            &[&key, &pool],
        )
        .await
        .map_err(failed)?;
    rows::rating_row(&r, 0)
}

/// Records one attempt in `tx` (see [`crate::store::Store::record_attempt`]).
async fn record(tx: &Tx<'_>, a: &Attempt) -> Result<Option<Attempted>, StoreError> {
    let rows = tx
        .query(
            &format!("SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1 FOR UPDATE"),
            &[&a.puzzle],
        )
        .await
        .map_err(failed)?;
    let Some(row) = rows.first().map(rows::puzzle_columns).transpose()? else {
        return Ok(None);
    };
    let row = row.row()?;
    let puzzle_before = row.rating;
    let pool = pool(&row.puzzle.game);
    let (solver_before, first) = match &a.account {
        Some(key) => {
            let n = tx
                .execute(
                    "INSERT INTO puzzle_attempts (account, puzzle_id, correct, at)
                     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                    &[key, &a.puzzle, &a.correct, &a.at],
                )
                .await
                .map_err(failed)?;
            let r = solver_row(tx, key, &pool).await?;
            (grown(&r, a.at), n == 1)
        }
        None => (a.solver, true),
    };
    let out = attempted(solver_before, puzzle_before, a.correct, first);
    if !out.rated {
        return Ok(Some(out));
    }
    let (solver, puzzle) = (out.solver, out.puzzle);
    tx.execute(
        "UPDATE puzzles SET rating = $2, rd = $3, volatility = $4, attempts = attempts + 1,
                            solved = solved + $5
         WHERE id = $1",
        &[
            &a.puzzle,
            &puzzle.rating,
            &puzzle.rd,
            &puzzle.volatility,
            &i64::from(a.correct),
        ],
    )
    .await
    .map_err(failed)?;
    if let Some(key) = &a.account {
        tx.execute(
            "UPDATE ratings SET rating = $3, rd = $4, volatility = $5, games = games + 1,
                                last_at = $6
             WHERE account = $1 AND pool = $2",
            &[
                key,
                &pool,
                &solver.rating,
                &solver.rd,
                &solver.volatility,
                &a.at,
            ],
        )
        .await
        .map_err(failed)?;
    }
    Ok(Some(out))
}

impl PgStore {
    pub(crate) async fn insert_puzzles(
        &self,
        puzzles: Vec<Puzzle>,
        at: i64,
    ) -> Result<u64, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        let st = tx
            .prepare_cached(
                "INSERT INTO puzzles (id, game, options, position, goal, solution, themes, plies,
                                      rating, rd, volatility, attempts, solved, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 0, $12)
                 ON CONFLICT DO NOTHING",
            )
            .await
            .map_err(failed)?;
        let mut new = 0;
        for p in &puzzles {
            let (options, solution, themes) = json_columns(p);
            let r = first_rating(p);
            let plies = p.solution.len() as i64;
            new += tx
                .execute(
                    &st,
                    &[
                        &p.id,
                        &p.game,
                        &options,
                        &p.position,
                        &p.goal.name(),
                        &solution,
                        &themes,
                        &plies,
                        &r.rating,
                        &r.rd,
                        &r.volatility,
                        &at,
                    ],
                )
                .await
                .map_err(failed)?;
        }
        tx.commit().await.map_err(failed)?;
        // Fresh statistics after a bulk insert: without them the planner
        // takes the few rows it last saw for many, and the pick of the
        // next puzzle scans where it should look up (autovacuum catches
        // up only later).
        client
            .batch_execute("ANALYZE puzzles; ANALYZE puzzle_attempts")
            .await
            .map_err(failed)?;
        Ok(new)
    }

    pub(crate) async fn puzzle_counts(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT game, count(*) FROM puzzles GROUP BY game ORDER BY game",
                &[],
            )
            .await
            .map_err(failed)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    pub(crate) async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
        let client = self.client().await?;
        let st = client
            .prepare_cached(&format!(
                "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1"
            ))
            .await
            .map_err(failed)?;
        let rows = client.query(&st, &[&id]).await.map_err(failed)?;
        rows.first()
            .map(|r| rows::puzzle_columns(r)?.row())
            .transpose()
    }

    pub(crate) async fn puzzles(
        &self,
        game: Option<&str>,
        after: &str,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        let client = self.client().await?;
        let limit = limit as i64;
        let rows = client
            .query(
                &format!(
                    "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE ($1::TEXT IS NULL OR game = $1)
                       AND id > $2 ORDER BY id LIMIT $3"
                ),
                &[&game, &after, &limit],
            )
            .await
            .map_err(failed)?;
        rows.iter()
            .map(|r| rows::puzzle_columns(r)?.row())
            .collect()
    }

    /// The ids of the puzzles of `game` nearest `rating`, half from above
    /// and half from below, each half one range scan of the (game, rating)
    /// index.
    pub(crate) async fn nearest_puzzles(
        &self,
        game: &str,
        rating: f64,
        account: Option<&str>,
        skip: Option<&str>,
    ) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let half = (NEAREST / 2) as i64;
        let skip = skip.unwrap_or("");
        // Two statements, with and without the account, rather than one
        // with `$4 IS NULL OR …`: each gets a plan of its own.
        let not_tried = match account {
            Some(_) => {
                "AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a
                                 WHERE a.account = $5 AND a.puzzle_id = p.id)"
            }
            None => "",
        };
        let mut ids = Vec::new();
        for (cmp, order) in [(">=", "ASC"), ("<", "DESC")] {
            let sql = format!(
                "SELECT p.id FROM puzzles p
                 WHERE p.game = $1 AND p.rating {cmp} $2 AND p.id != $4 {not_tried}
                 ORDER BY p.rating {order} LIMIT $3"
            );
            let st = client.prepare_cached(&sql).await.map_err(failed)?;
            let rows = match account {
                Some(key) => {
                    client
                        .query(&st, &[&game, &rating, &half, &skip, &key])
                        .await
                }
                None => client.query(&st, &[&game, &rating, &half, &skip]).await,
            }
            .map_err(failed)?;
            ids.extend(rows.iter().map(|r| r.get::<_, String>(0)));
        }
        Ok(ids)
    }

    pub(crate) async fn record_attempt(&self, a: Attempt) -> Result<Option<Attempted>, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        let out = record(&tx, &a).await?;
        tx.commit().await.map_err(failed)?;
        Ok(out)
    }

    pub(crate) async fn attempted(&self, account: &str, id: &str) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT 1 FROM puzzle_attempts WHERE account = $1 AND puzzle_id = $2",
                &[&account, &id],
            )
            .await
            .map_err(failed)?;
        Ok(!rows.is_empty())
    }

    pub(crate) async fn lesson_stars(&self, account: &str) -> Result<Vec<LessonStars>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT game, lesson, stars, at FROM lesson_stars WHERE account = $1
                 ORDER BY game, lesson",
                &[&account],
            )
            .await
            .map_err(failed)?;
        rows.iter().map(rows::lesson_stars).collect()
    }

    pub(crate) async fn set_lesson_stars(
        &self,
        account: &str,
        game: &str,
        lesson: &str,
        stars: u8,
        at: i64,
    ) -> Result<u8, StoreError> {
        let client = self.client().await?;
        let stars = i32::from(stars);
        // GREATEST keeps the best: a later, worse try does not take stars
        // away.
        let r = client
            .query_one(
                "INSERT INTO lesson_stars (account, game, lesson, stars, at)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (account, game, lesson) DO UPDATE
                 SET stars = GREATEST(lesson_stars.stars, excluded.stars), at = excluded.at
                 RETURNING stars",
                &[&account, &game, &lesson, &stars, &at],
            )
            .await
            .map_err(failed)?;
        Ok(rows::stars(r.int(0)?))
    }
}
