//! What the store keeps of puzzles and lessons: the puzzles with their
//! Glicko-2 ratings, each account's first attempt of each puzzle, and the
//! stars each account earned in each lesson. The types and the logic both
//! engines share live here; each engine has the SQL (`sqlite/puzzles.rs`,
//! `postgres/puzzles.rs`).

use kyoku_puzzle::{Goal, Puzzle};
use kyoku_rating::{Game, Rating};

use super::players::RatingRow;
use super::{Engine, Store, StoreError};

/// A puzzle as stored: the puzzle (its `rating` the current one) and what
/// its attempts made of it.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleRow {
    /// The puzzle; `puzzle.rating` is its rating now.
    pub puzzle: Puzzle,
    /// Its Glicko-2 rating now (deviation and volatility with it).
    pub rating: Rating,
    /// Moves in its solution (the solver's and the replies).
    pub plies: i64,
    /// Attempts that counted (rated ones).
    pub attempts: i64,
    /// Of them, solved.
    pub solved: i64,
    /// Unix seconds it was stored.
    pub created_at: i64,
}

/// The rating a puzzle starts with: its maker's guess, with a new
/// player's deviation and volatility (its first attempts move it most).
pub fn first_rating(p: &Puzzle) -> Rating {
    Rating {
        rating: if p.rating.is_finite() {
            p.rating
        } else {
            Rating::NEW.rating
        },
        ..Rating::NEW
    }
}

/// The pool of the ratings table that holds an account's puzzle rating in
/// `game` (`puzzles-dobutsu`, …).
pub fn pool(game: &str) -> String {
    format!("puzzles-{game}")
}

/// An attempt to record.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// The puzzle.
    pub puzzle: String,
    /// The signed-in solver's account, whose rating in the puzzle's pool is
    /// read and written.
    pub account: Option<String>,
    /// An anonymous solver's rating (kept by the browser); ignored with an
    /// account.
    pub solver: Rating,
    /// Solved.
    pub correct: bool,
    /// Unix seconds.
    pub at: i64,
}

/// What recording an attempt did.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempted {
    /// Ratings moved: `false` for an account's second attempt of a puzzle
    /// (then the "after" ratings equal the "before" ones).
    pub rated: bool,
    /// The solver's rating before.
    pub solver_before: Rating,
    /// The solver's rating after.
    pub solver: Rating,
    /// The puzzle's rating before.
    pub puzzle_before: Rating,
    /// The puzzle's rating after.
    pub puzzle: Rating,
}

/// The ratings after one attempt: the solver won against the puzzle when
/// `correct`, else lost; the puzzle gets the opposite result. Each
/// attempt is a rating period of its own.
pub fn rate(solver: Rating, puzzle: Rating, correct: bool) -> (Rating, Rating) {
    let (s, p) = if correct {
        (Game::win(puzzle), Game::loss(solver))
    } else {
        (Game::loss(puzzle), Game::win(solver))
    };
    (
        kyoku_rating::update(solver, &[s], kyoku_rating::TAU),
        kyoku_rating::update(puzzle, &[p], kyoku_rating::TAU),
    )
}

/// What an attempt does to both ratings: moved by [`rate`] when it is the
/// solver's first try at the puzzle (an anonymous solver's always is),
/// else left as they were. Each engine writes the moved ratings.
pub(crate) fn attempted(
    solver_before: Rating,
    puzzle_before: Rating,
    correct: bool,
    first: bool,
) -> Attempted {
    let (solver, puzzle) = if first {
        rate(solver_before, puzzle_before, correct)
    } else {
        (solver_before, puzzle_before)
    };
    Attempted {
        rated: first,
        solver_before,
        solver,
        puzzle_before,
        puzzle,
    }
}

/// An account's stored rating brought to `at`: its deviation grows for
/// the whole days since its last rated attempt, as a game's players' do.
pub(crate) fn grown(row: &RatingRow, at: i64) -> Rating {
    match row.last_at {
        Some(t) => kyoku_rating::idle(row.rating, kyoku_rating::idle_periods(t, at)),
        None => row.rating,
    }
}

/// The stars an account earned in one lesson.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LessonStars {
    /// The game (`dobutsu`, `shogun`, `shiamgon`).
    pub game: String,
    /// The lesson's id in its game's lesson file.
    pub lesson: String,
    /// The most stars earned in it (0–3).
    pub stars: u8,
    /// Unix seconds of the last change.
    pub at: i64,
}

/// The most stars a lesson gives.
pub const MAX_STARS: u8 = 3;

/// How many puzzles the next pick chooses among, nearest the solver's
/// rating (half above, half below).
pub const NEAREST: usize = 50;

/// A goal from its stored name.
pub(crate) fn goal(name: &str) -> Result<Goal, StoreError> {
    serde_json::from_value(serde_json::Value::String(name.to_string()))
        .map_err(|_| StoreError::Failed(format!("a stored puzzle has an unknown goal {name:?}")))
}

/// JSON text read back from the store.
pub(crate) fn json<T: serde::de::DeserializeOwned>(
    what: &str,
    text: &str,
) -> Result<T, StoreError> {
    serde_json::from_str(text)
        .map_err(|e| StoreError::Failed(format!("a stored puzzle's {what} is not JSON: {e}")))
}

/// One stored puzzle's columns, as both engines read them.
pub(crate) struct Columns {
    pub id: String,
    pub game: String,
    pub options: String,
    pub position: String,
    pub goal: String,
    pub solution: String,
    pub themes: String,
    pub plies: i64,
    pub rating: Rating,
    pub attempts: i64,
    pub solved: i64,
    pub created_at: i64,
}

impl Columns {
    /// The row they make.
    pub(crate) fn row(self) -> Result<PuzzleRow, StoreError> {
        Ok(PuzzleRow {
            puzzle: Puzzle {
                id: self.id,
                game: self.game,
                options: json("options", &self.options)?,
                position: self.position,
                goal: goal(&self.goal)?,
                solution: json("solution", &self.solution)?,
                themes: json("themes", &self.themes)?,
                rating: self.rating.rating,
            },
            rating: self.rating,
            plies: self.plies,
            attempts: self.attempts,
            solved: self.solved,
            created_at: self.created_at,
        })
    }
}

/// A puzzle's JSON columns as text: options, solution, themes.
pub(crate) fn json_columns(p: &Puzzle) -> (String, String, String) {
    (
        p.options.to_string(),
        serde_json::to_string(&p.solution).unwrap_or_else(|_| "[]".into()),
        serde_json::to_string(&p.themes).unwrap_or_else(|_| "[]".into()),
    )
}

impl Store {
    /// Stores `puzzles` at `at` (Unix seconds); one whose id is stored
    /// already is left as it is (its rating and attempts kept). Returns
    /// how many were new.
    pub async fn insert_puzzles(&self, puzzles: &[Puzzle], at: i64) -> Result<u64, StoreError> {
        on_engine!(self, s => s.insert_puzzles(puzzles.to_vec(), at).await)
    }

    /// How many puzzles each game has, by game name.
    pub async fn puzzle_counts(&self) -> Result<Vec<(String, i64)>, StoreError> {
        on_engine!(self, s => s.puzzle_counts().await)
    }

    /// One puzzle by id.
    pub async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
        on_engine!(self, s => s.puzzle(id).await)
    }

    /// Every puzzle of `game` (all games when `None`), by id, at most
    /// `limit` after id `after`: for checks and exports, page by page.
    pub async fn puzzles(
        &self,
        game: Option<&str>,
        after: &str,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        on_engine!(self, s => s.puzzles(game, after, limit).await)
    }

    /// A puzzle of `game` for a solver rated `rating`: one at random of
    /// the [`NEAREST`] nearest by rating that `account` has not tried yet
    /// (any of the nearest once it tried them all); never `skip`. `None`
    /// when the game has none.
    pub async fn next_puzzle(
        &self,
        game: &str,
        rating: f64,
        account: Option<&str>,
        skip: Option<&str>,
    ) -> Result<Option<PuzzleRow>, StoreError> {
        let ids = on_engine!(self, s => s.nearest_puzzles(game, rating, account, skip).await)?;
        let ids = if ids.is_empty() && account.is_some() {
            on_engine!(self, s => s.nearest_puzzles(game, rating, None, skip).await)?
        } else {
            ids
        };
        if ids.is_empty() {
            return Ok(None);
        }
        let pick = &ids[rand::random_range(0..ids.len())];
        self.puzzle(pick).await
    }

    /// Records an attempt and moves the ratings it moves, in one
    /// transaction: the puzzle's always, and an account's in pool
    /// `puzzles-<game>` (with its attempt row) only on its first attempt
    /// of the puzzle. `None` when there is no such puzzle.
    pub async fn record_attempt(&self, a: &Attempt) -> Result<Option<Attempted>, StoreError> {
        on_engine!(self, s => s.record_attempt(a.clone()).await)
    }

    /// Whether `account` has attempted puzzle `id`.
    pub async fn attempted(&self, account: &str, id: &str) -> Result<bool, StoreError> {
        on_engine!(self, s => s.attempted(account, id).await)
    }

    /// The stars `account` earned in each lesson it did, by game and lesson.
    pub async fn lesson_stars(&self, account: &str) -> Result<Vec<LessonStars>, StoreError> {
        on_engine!(self, s => s.lesson_stars(account).await)
    }

    /// Records `stars` (at most [`MAX_STARS`]) for `account` in `lesson`
    /// of `game`, keeping the most it ever earned there; returns the stars
    /// kept.
    pub async fn set_lesson_stars(
        &self,
        account: &str,
        game: &str,
        lesson: &str,
        stars: u8,
    ) -> Result<u8, StoreError> {
        let stars = stars.min(MAX_STARS);
        let at = crate::time::now();
        on_engine!(self, s => s.set_lesson_stars(account, game, lesson, stars, at).await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_moves_the_solver_up_and_the_puzzle_down() {
        let (s, p) = rate(Rating::NEW, Rating::NEW, true);
        assert!(s.rating > 1500.0 && p.rating < 1500.0, "{s:?} {p:?}");
        let (s, p) = rate(Rating::NEW, Rating::NEW, false);
        assert!(s.rating < 1500.0 && p.rating > 1500.0, "{s:?} {p:?}");
    }

    #[test]
    fn goals_read_back() {
        for g in [
            Goal::Win,
            Goal::Defend,
            Goal::Material,
            Goal::Capture,
            Goal::Save,
        ] {
            assert_eq!(goal(g.name()).unwrap(), g);
        }
        assert!(goal("draw").is_err());
    }
}
