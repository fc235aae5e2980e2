//! Lessons: short guided steps that teach each game by playing, as data
//! checked by the engines.
//!
//! # The format
//!
//! Each game has one file, `lessons/<game>.json`, built into the binary:
//!
//! ```json
//! {"game": "dobutsu", "lessons": [
//!   {"id": "chick",
//!    "title": {"en": "The Chick", "de": "Das Küken", "ja": "ひよこ"},
//!    "intro": {"en": "…", "de": "…", "ja": "…"},
//!    "steps": [
//!      {"options": {"fen": "…"},
//!       "goal": {"kind": "capture", "piece": "c"},
//!       "text": {"en": "Take the Chick.", "de": "…", "ja": "…"},
//!       "hint": {"en": "The Chick steps straight ahead.", "de": "…", "ja": "…"},
//!       "opponent": "none",
//!       "solution": ["b2b3"],
//!       "stars": [1, 2]}]}]}
//! ```
//!
//! Lessons come in teaching order; [`Lesson`] and [`Step`] say what every
//! field means. Positions are the games' own text forms, given as the
//! catalogue options that start a game there (`{"fen": …}` for Dōbutsu,
//! `{"position": …}` for Shogun and Shiamgon, plus any other option the
//! game needs such as `rotation` or `board`).
//!
//! # Playing a step
//!
//! [`attempt`] replays a step from its position with the learner's moves
//! so far (the server keeps no state): after each learner move the goal is
//! judged, the opponent replies ([`Opponent`]), the goal is judged again.
//! A step ends `done` when its goal is reached, `wrong` when a move misses
//! it (the game ends without it, the goal's own test says it can no longer
//! be reached, the opponent has no answer for the move, or the step's move
//! limit runs out); the learner then sees the hint and retries the step.
//!
//! # Per-game knowledge
//!
//! What differs by game — goal kinds about pieces and squares, and how the
//! turn goes back to the learner when nobody replies — lives in one module
//! per game ([`dobutsu`], [`shogun`], [`shiamgon`]) behind the
//! [`GameLessons`] trait, chosen in one place: [`hook`]. Everything else is
//! generic over [`kyoku_games::AnyGame`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dobutsu;
mod goals;
mod play;
pub mod shiamgon;
pub mod shogun;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use kyoku_core::Player;
use kyoku_games::{AnyGame, GameKind};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use play::{Attempt, Status, attempt};

/// A text in each of kyoku's languages; all three are required and must
/// not be empty (the lessons' test checks).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// English.
    pub en: String,
    /// German.
    pub de: String,
    /// Japanese.
    pub ja: String,
}

impl Text {
    /// The text in the language with code `lang` (`en`, `de`, `ja`);
    /// English for any other code.
    pub fn get(&self, lang: &str) -> &str {
        match lang {
            "de" => &self.de,
            "ja" => &self.ja,
            _ => &self.en,
        }
    }

    /// The languages whose text is empty (only blanks counts as empty).
    pub fn missing(&self) -> Vec<&'static str> {
        [("en", &self.en), ("de", &self.de), ("ja", &self.ja)]
            .into_iter()
            .filter(|(_, t)| t.trim().is_empty())
            .map(|(l, _)| l)
            .collect()
    }
}

/// One game's lesson file: its lessons in teaching order.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The game's name as in the catalogue (`dobutsu`); must match the file.
    pub game: String,
    /// The lessons, in the order they are taught.
    pub lessons: Vec<Lesson>,
}

/// A lesson: a few short steps about one idea.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Short, unique within the game, lowercase letters, digits and `-`;
    /// part of the address (`/learn/dobutsu/chick`) and of the progress
    /// key (`dobutsu/chick`), so it never changes once published.
    pub id: String,
    /// The lesson's name, a few words.
    pub title: Text,
    /// What the lesson teaches, one or two sentences shown before the
    /// first step.
    pub intro: Text,
    /// The steps, in order; at least one.
    pub steps: Vec<Step>,
}

impl Lesson {
    /// The lesson's stars from the learner moves each step took (one count
    /// per step, in order): the fewest stars any step earned
    /// ([`Step::stars_for`]), so three stars means every step was done
    /// within its three-star count. 0 when `moves` does not cover every step.
    pub fn stars(&self, moves: &[usize]) -> u8 {
        if moves.len() != self.steps.len() {
            return 0;
        }
        self.steps
            .iter()
            .zip(moves)
            .map(|(s, &n)| s.stars_for(n))
            .min()
            .unwrap_or(0)
    }
}

/// One step of a lesson: a position, a goal, and the learner's moves
/// toward it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The catalogue options that start the step's game (its position in
    /// the game's text form, `{"fen": …}` or `{"position": …}`, and any
    /// other option the game needs). The side to act in that position is
    /// the learner.
    pub options: Value,
    /// What the learner must achieve, judged after each learner move and
    /// again after the opponent's replies.
    pub goal: Goal,
    /// The goal in one sentence, shown above the board.
    pub text: Text,
    /// One sentence shown after a wrong move, before the learner retries.
    pub hint: Text,
    /// Who answers the learner's moves.
    pub opponent: Opponent,
    /// A shortest way to the goal: the learner's moves only (the
    /// opponent's replies come from [`Step::opponent`]), in the game's
    /// canonical move text. The lessons' test plays it and checks that the
    /// goal is reached exactly at its end and not before.
    pub solution: Vec<String>,
    /// Learner moves for three stars and for two: done within `stars[0]`
    /// moves earns 3, within `stars[1]` earns 2, later 1. The solution
    /// must earn 3 (`solution.len() <= stars[0] <= stars[1]`).
    pub stars: [usize; 2],
    /// The most learner moves the step allows: a move that reaches it
    /// without the goal is wrong. `stars[1]` when left out (so a step
    /// earns one star only when its limit is set above `stars[1]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Examples of wrong first moves, for the lessons' test: each must be
    /// legal and answered `wrong`. Never shown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrong: Vec<String>,
}

impl Step {
    /// The stars for doing the step in `moves` learner moves (see
    /// [`Step::stars`]).
    pub fn stars_for(&self, moves: usize) -> u8 {
        if moves <= self.stars[0] {
            3
        } else if moves <= self.stars[1] {
            2
        } else {
            1
        }
    }

    /// The move limit (see [`Step::limit`]).
    pub fn move_limit(&self) -> usize {
        self.limit.unwrap_or(self.stars[1])
    }
}

/// What a step asks for: `{"kind": …, more fields by kind}`.
///
/// Two kinds are the same for every game and judged here:
/// - `{"kind": "win"}`: the game ends with the learner winning (Dōbutsu:
///   the Lion caught, or the learner's Lion home on the far row).
/// - `{"kind": "moves", "moves": ["b2b3", …]}`: the learner's next move is
///   one of these (any other move is wrong) — for "this piece must move
///   exactly three squares".
///
/// Every other kind belongs to the game and is judged by its module
/// ([`GameLessons::judge`]); Dōbutsu's are in [`dobutsu`]. Whatever the
/// kind, a game that ends without the goal reached is a miss.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Goal {
    /// The goal's kind (`win`, `moves`, `capture`, `reach`, …).
    pub kind: String,
    /// The kind's own fields.
    #[serde(flatten)]
    pub args: Map<String, Value>,
}

impl Goal {
    /// The kind's fields read as `T` (a per-game module's own goal type).
    pub fn read<T: serde::de::DeserializeOwned>(&self) -> Result<T, LessonError> {
        serde_json::from_value(Value::Object(self.args.clone()))
            .map_err(|e| goals::bad_goal(&self.kind, e.to_string()))
    }
}

/// Who answers the learner in a step.
///
/// In JSON: `"none"`, `"forced"`, `"ai:1"` (any program spec of the game),
/// or `{"scripted": {"b2b3": "a4a3", "a1b2": ["…", "…"]}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Nobody: the learner moves again (the game's module hands the turn
    /// back, [`GameLessons::hand_back`]).
    None,
    /// The opponent plays its only legal move; when it has more than one,
    /// the learner's move left the lesson's line and is wrong.
    Forced,
    /// A program of the game (`ai:1`), seeded, so its replies never change.
    Program(String),
    /// Replies written out: the key is the learner's move (canonical text),
    /// or all the learner's moves of the step so far joined by spaces
    /// (looked up first, for a line where the same move comes twice); the
    /// value is the reply, or the replies in order when several players
    /// act before the learner again. A learner move with no entry is wrong.
    Scripted(BTreeMap<String, Vec<String>>),
}

impl Serialize for Opponent {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Opponent::None => s.serialize_str("none"),
            Opponent::Forced => s.serialize_str("forced"),
            Opponent::Program(p) => s.serialize_str(p),
            Opponent::Scripted(map) => {
                let mut outer = Map::new();
                outer.insert("scripted".into(), serde_json::json!(map));
                outer.serialize(s)
            }
        }
    }
}

impl<'de> Deserialize<'de> for Opponent {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// A scripted reply: one move or several.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Replies {
            One(String),
            Many(Vec<String>),
        }
        /// The JSON shapes an opponent may take.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Word(String),
            Scripted { scripted: BTreeMap<String, Replies> },
        }
        use serde::de::Error;
        match Raw::deserialize(d)? {
            Raw::Word(w) if w == "none" => Ok(Opponent::None),
            Raw::Word(w) if w == "forced" => Ok(Opponent::Forced),
            Raw::Word(w) => match kyoku_core::SeatSpec::parse(&w) {
                Ok(spec) if !spec.is_human() => Ok(Opponent::Program(w)),
                _ => Err(D::Error::custom(format!(
                    "opponent {w:?} is none of \"none\", \"forced\", a program (\"ai:1\") \
                     or {{\"scripted\": {{…}}}}"
                ))),
            },
            Raw::Scripted { scripted } => Ok(Opponent::Scripted(
                scripted
                    .into_iter()
                    .map(|(k, v)| {
                        let v = match v {
                            Replies::One(m) => vec![m],
                            Replies::Many(ms) => ms,
                        };
                        (k, v)
                    })
                    .collect(),
            )),
        }
    }
}

/// How far a goal is, after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The goal is reached: the step is done.
    Reached,
    /// Not yet, but still possible.
    Open,
    /// It can no longer be reached from here: the move was wrong.
    Missed,
}

impl Judgement {
    /// `Reached` when `reached`, else `Open`: for goals that, until met,
    /// stay possible.
    pub fn reached_or_open(reached: bool) -> Judgement {
        if reached {
            Judgement::Reached
        } else {
            Judgement::Open
        }
    }
}

/// The position text `text` with its second field — the side to move, in
/// the text forms that have one there (Dōbutsu's FEN, Shogun's) — set to
/// `side`: how a step with no opponent gives the turn back.
pub(crate) fn with_side_to_move(text: &str, side: &str) -> Result<String, LessonError> {
    let mut fields: Vec<&str> = text.split(' ').collect();
    if fields.len() < 2 {
        return Err(LessonError::BadPosition(format!(
            "{text:?} has no side to move"
        )));
    }
    fields[1] = side;
    Ok(fields.join(" "))
}

/// What a goal is judged on.
pub struct Judging<'a> {
    /// The step's game at its start.
    pub start: &'a dyn AnyGame,
    /// The game now (after the learner's move, and after the replies on
    /// the second judging).
    pub now: &'a dyn AnyGame,
    /// The learner's seat.
    pub learner: Player,
    /// The learner's moves in this step so far, canonical text, the last
    /// one just played.
    pub moves: &'a [String],
}

/// What a game adds to lessons. One implementation per game, chosen by
/// [`hook`].
pub trait GameLessons: Sync {
    /// Checks that the module knows `goal`'s kind and that its fields read
    /// (the generic kinds `win` and `moves` never reach here). The error
    /// says what is wrong, for the lesson's author.
    fn check_goal(&self, goal: &Goal) -> Result<(), LessonError>;
    /// Judges a goal of one of the game's own kinds.
    fn judge(&self, goal: &Goal, at: &Judging<'_>) -> Result<Judgement, LessonError>;
    /// The game with the turn given back to `learner`, for steps without
    /// an opponent; called whenever someone else is to act. Usually a new
    /// game started from the same position with the learner to move (its
    /// history is then lost, which no goal needs).
    fn hand_back(
        &self,
        game: &dyn AnyGame,
        learner: Player,
    ) -> Result<Box<dyn AnyGame>, LessonError>;
}

/// The lessons module of `game`: the one place that knows which module
/// serves which game.
pub fn hook(game: GameKind) -> &'static dyn GameLessons {
    match game {
        GameKind::Dobutsu => &dobutsu::Dobutsu,
        GameKind::Shogun => &shogun::Shogun,
        GameKind::Shiamgon => &shiamgon::Shiamgon,
    }
}

/// Why a lesson could not be loaded or played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// A lesson file is not valid (a bug in the file, caught by the
    /// lessons' test).
    #[error("the lessons of {game} do not read: {reason}")]
    BadFile {
        /// The game.
        game: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// No such lesson.
    #[error("{game} has no lesson {lesson:?}")]
    UnknownLesson {
        /// The game.
        game: &'static str,
        /// The id asked for.
        lesson: String,
    },
    /// No such step.
    #[error("the lesson has {steps} steps; there is no step {step}")]
    UnknownStep {
        /// The step asked for (0-based).
        step: usize,
        /// How many there are.
        steps: usize,
    },
    /// A step's options do not start a game.
    #[error("the step's position does not start a game: {0}")]
    BadPosition(String),
    /// A goal's kind is unknown to the game or its fields do not read.
    #[error("goal {kind:?}: {reason}")]
    BadGoal {
        /// The goal's kind.
        kind: String,
        /// What is wrong.
        reason: String,
    },
    /// The learner's move is not legal (or not a move at all); nothing
    /// was played.
    #[error("move {index} ({text:?}) is not legal here: {reason}")]
    IllegalMove {
        /// 0-based place of the move in the step's moves.
        index: usize,
        /// The move as given.
        text: String,
        /// Why not.
        reason: String,
    },
    /// Moves were sent after the step had already ended.
    #[error("the step ended after {moves} moves; later moves are not played")]
    StepOver {
        /// The learner moves that ended it.
        moves: usize,
    },
    /// The step's opponent could not reply (a bug in the lesson: a
    /// scripted reply that is illegal, a program that is not the game's).
    #[error("the opponent cannot reply: {0}")]
    Opponent(String),
    /// The game's module does not support this (yet).
    #[error("{0}")]
    Unsupported(String),
}

/// The lesson files, built into the binary.
fn file(game: GameKind) -> &'static str {
    match game {
        GameKind::Dobutsu => include_str!("../lessons/dobutsu.json"),
        GameKind::Shogun => include_str!("../lessons/shogun.json"),
        GameKind::Shiamgon => include_str!("../lessons/shiamgon.json"),
    }
}

/// Reads a course from its JSON text and checks what reading can check
/// (the game's name, ids unique and well formed, at least one step, star
/// counts in order, goals the game knows). Playing the solutions is the
/// lessons' test's job ([`check_step`]).
pub fn parse(game: GameKind, text: &str) -> Result<Course, LessonError> {
    let bad = |reason: String| LessonError::BadFile {
        game: game.name(),
        reason,
    };
    let course: Course = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if course.game != game.name() {
        return Err(bad(format!("the file says it is {:?}", course.game)));
    }
    let mut seen = std::collections::HashSet::new();
    for lesson in &course.lessons {
        let id_ok = !lesson.id.is_empty()
            && lesson
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            return Err(bad(format!(
                "lesson id {:?} is not lowercase words",
                lesson.id
            )));
        }
        if !seen.insert(lesson.id.as_str()) {
            return Err(bad(format!("lesson id {:?} twice", lesson.id)));
        }
        if lesson.steps.is_empty() {
            return Err(bad(format!("lesson {:?} has no steps", lesson.id)));
        }
        for (i, step) in lesson.steps.iter().enumerate() {
            check_step_shape(game, step)
                .map_err(|e| bad(format!("lesson {:?} step {}: {e}", lesson.id, i + 1)))?;
        }
    }
    Ok(course)
}

/// What can be checked of a step without playing it.
fn check_step_shape(game: GameKind, step: &Step) -> Result<(), LessonError> {
    let [three, two] = step.stars;
    if step.solution.len() > three || three > two || two > step.move_limit() {
        return Err(LessonError::BadFile {
            game: game.name(),
            reason: format!(
                "needs solution length ({}) <= stars[0] ({three}) <= stars[1] ({two}) <= limit ({})",
                step.solution.len(),
                step.move_limit()
            ),
        });
    }
    match step.goal.kind.as_str() {
        "win" => Ok(()),
        "moves" => step.goal.read::<play::MovesGoal>().map(|_| ()),
        _ => hook(game).check_goal(&step.goal),
    }
}

/// The lessons of `game`, read once.
pub fn course(game: GameKind) -> Result<&'static Course, LessonError> {
    static COURSES: OnceLock<Vec<Result<Course, LessonError>>> = OnceLock::new();
    let all = COURSES.get_or_init(|| GameKind::ALL.map(|g| parse(g, file(g))).to_vec());
    let i = GameKind::ALL
        .iter()
        .position(|&g| g == game)
        .unwrap_or_default();
    all[i].as_ref().map_err(Clone::clone)
}

/// A lesson of `game` by id.
pub fn lesson(game: GameKind, id: &str) -> Result<&'static Lesson, LessonError> {
    course(game)?
        .lessons
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| LessonError::UnknownLesson {
            game: game.name(),
            lesson: id.to_string(),
        })
}

/// The lesson after `id` in teaching order: the game's next one, else the
/// first of the next game (in the catalogue's order) that has lessons;
/// `None` after the very last.
pub fn next(game: GameKind, id: &str) -> Option<(GameKind, &'static Lesson)> {
    let start = GameKind::ALL.iter().position(|&g| g == game)?;
    let lessons = &course(game).ok()?.lessons;
    let here = lessons.iter().position(|l| l.id == id)?;
    if let Some(l) = lessons.get(here + 1) {
        return Some((game, l));
    }
    GameKind::ALL[start + 1..]
        .iter()
        .find_map(|&g| Some((g, course(g).ok()?.lessons.first()?)))
}

/// What is wrong with a step, found by [`check_step`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepProblem {
    /// The step has no solution.
    #[error("the solution is empty")]
    EmptySolution,
    /// The step cannot be played at all (its position, goal or a move).
    #[error(transparent)]
    Unplayable(#[from] LessonError),
    /// A solution move leaves the step other than it should: going on
    /// before the last, done after it.
    #[error("after solution move {ply} ({mv}) the step is {found:?}, not {want:?}")]
    Solution {
        /// 1-based number of the move in the solution.
        ply: usize,
        /// The move.
        mv: String,
        /// Where the step stood.
        found: Status,
        /// Where it should have stood.
        want: Status,
    },
    /// The solution does not earn three stars.
    #[error("the solution earns {0:?} stars, not 3")]
    Stars(Option<u8>),
    /// A `wrong` example is not answered wrong.
    #[error("the wrong example {mv} is {found:?}")]
    NotWrong {
        /// The example.
        mv: String,
        /// Where it left the step.
        found: Status,
    },
}

/// Plays a step's solution and checks it: each solution move but the last
/// leaves the step going, the last ends it done with three stars, and
/// every `wrong` example is answered wrong. The lessons' test runs it on
/// every step; the error says what failed.
pub fn check_step(game: GameKind, step: &Step) -> Result<(), StepProblem> {
    let n = step.solution.len();
    if n == 0 {
        return Err(StepProblem::EmptySolution);
    }
    for k in 1..=n {
        let a = attempt(game, step, &step.solution[..k])?;
        let want = if k == n {
            Status::Done
        } else {
            Status::Continue
        };
        if a.status != want {
            return Err(StepProblem::Solution {
                ply: k,
                mv: step.solution[k - 1].clone(),
                found: a.status,
                want,
            });
        }
        if k == n && a.stars != Some(3) {
            return Err(StepProblem::Stars(a.stars));
        }
    }
    for w in &step.wrong {
        let a = attempt(game, step, std::slice::from_ref(w))?;
        if a.status != Status::Wrong {
            return Err(StepProblem::NotWrong {
                mv: w.clone(),
                found: a.status,
            });
        }
    }
    Ok(())
}
