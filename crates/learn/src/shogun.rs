//! Shogun's lessons: its goal kinds and how the turn goes back.
//!
//! Pieces are named as in the position text: White's soldiers `A`–`G` and
//! Shogun `S`, Red's `a`–`g` and `s`. Each soldier has its own number disc,
//! so a name is one piece, never a kind of piece. Squares as in moves
//! (`a1`–`h8`).
//!
//! Goal kinds (besides the generic `win` and `moves`):
//! - `{"kind": "capture", "piece": "a"}`: that piece of the opponent has
//!   been taken off the board; without `piece`, any opponent piece.
//! - `{"kind": "reach", "square": "c4", "piece": "C"}`: that piece stands
//!   on the square; without `piece`, any of the learner's pieces.
//! - `{"kind": "shows", "piece": "C", "number": 4}`: the piece has left its
//!   starting square and now shows that number — the magnets at work.
//! - `{"kind": "threaten"}`: the opponent's Shogun is attacked ("Shogun!").
//!
//! A `reach` or `shows` goal whose piece has been captured is missed.

use kyoku_core::Player;
use kyoku_games::{AnyGame, GameKind};
use kyoku_shogun::{Color, Piece, Position, Square};
use serde::Deserialize;
use serde_json::json;

use crate::goals::{Capture, Reach, bad_goal};
use crate::{GameLessons, Goal, Judgement, Judging, LessonError};

/// Shogun's lessons module.
pub struct Shogun;

/// A `shows` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Shows {
    piece: String,
    number: u8,
}

/// A `threaten` goal (no fields).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Threaten {}

/// The piece a goal names, checked.
fn piece(kind: &str, name: &str) -> Result<Piece, LessonError> {
    let mut chars = name.chars();
    match (chars.next().and_then(Piece::from_char), chars.next()) {
        (Some(p), None) => Ok(p),
        _ => Err(bad_goal(
            kind,
            format!("{name:?} is not a piece (A–G, S for White; a–g, s for Red)"),
        )),
    }
}

fn square(kind: &str, name: &str) -> Result<Square, LessonError> {
    Square::parse(name).ok_or_else(|| bad_goal(kind, format!("{name:?} is not a square a1–h8")))
}

/// The colour a seat plays: seat 1 (player 0) is White whoever moves first.
fn color_of(player: Player) -> Color {
    if player.index() == 0 {
        Color::White
    } else {
        Color::Red
    }
}

/// The rules' position of a game in a lesson.
fn position(game: &dyn AnyGame) -> Result<Position, LessonError> {
    let text = game.position_text();
    kyoku_shogun::parse_text(&text)
        .map_err(|e| LessonError::BadPosition(format!("{text:?} is not a Shogun position: {e}")))
}

impl GameLessons for Shogun {
    fn check_goal(&self, goal: &Goal) -> Result<(), LessonError> {
        let kind = goal.kind.as_str();
        match kind {
            "capture" => match goal.read::<Capture>()?.piece {
                Some(p) if piece(kind, &p)?.is_shogun() => {
                    Err(bad_goal(kind, "a Shogun is never captured"))
                }
                _ => Ok(()),
            },
            "reach" => {
                let r: Reach = goal.read()?;
                square(kind, &r.square)?;
                r.piece.map_or(Ok(()), |p| piece(kind, &p).map(|_| ()))
            }
            "shows" => {
                let s: Shows = goal.read()?;
                let p = piece(kind, &s.piece)?;
                if !(1..=p.max_number()).contains(&s.number) {
                    return Err(bad_goal(
                        kind,
                        format!("{} never shows {}", s.piece, s.number),
                    ));
                }
                Ok(())
            }
            "threaten" => goal.read::<Threaten>().map(|_| ()),
            other => Err(bad_goal(
                other,
                "Shogun knows win, moves, capture, reach, shows and threaten",
            )),
        }
    }

    fn judge(&self, goal: &Goal, at: &Judging<'_>) -> Result<Judgement, LessonError> {
        self.check_goal(goal)?;
        let kind = goal.kind.as_str();
        let start = position(at.start)?;
        let now = position(at.now)?;
        let me = color_of(at.learner);
        let reached = match kind {
            "capture" => match goal.read::<Capture>()?.piece {
                Some(p) => {
                    let p = piece(kind, &p)?;
                    start.square_of(p).is_some() && now.square_of(p).is_none()
                }
                None => {
                    let theirs = |pos: &Position| pos.pieces(me.other()).count_ones();
                    theirs(&now) < theirs(&start)
                }
            },
            "reach" => {
                let r: Reach = goal.read()?;
                let here = now.piece_at(square(kind, &r.square)?);
                match r.piece {
                    Some(name) => {
                        let p = piece(kind, &name)?;
                        if now.square_of(p).is_none() {
                            return Ok(Judgement::Missed);
                        }
                        here == Some(p)
                    }
                    None => here.is_some_and(|p| p.color() == me),
                }
            }
            "shows" => {
                let s: Shows = goal.read()?;
                let p = piece(kind, &s.piece)?;
                let Some(sq) = now.square_of(p) else {
                    return Ok(Judgement::Missed);
                };
                start.square_of(p) != Some(sq) && now.number_at(sq) == Some(s.number)
            }
            _ => now.shogun_threatened(me.other()),
        };
        Ok(Judgement::reached_or_open(reached))
    }

    /// Starts a new game from the same position with the learner's colour
    /// to move (the landing-numbers choice kept). The position must allow
    /// it: a learner move that attacks the opponent's Shogun cannot be
    /// handed back (the opponent would have to answer), so steps without an
    /// opponent keep that Shogun out of reach.
    fn hand_back(
        &self,
        game: &dyn AnyGame,
        learner: Player,
    ) -> Result<Box<dyn AnyGame>, LessonError> {
        let side = match color_of(learner) {
            Color::White => "w",
            Color::Red => "r",
        };
        let text = crate::with_side_to_move(&game.position_text(), side)?;
        let mut options = json!({ "position": text });
        if let Some(show) = game.options().get(kyoku_games::shogun::SHOW_LANDING) {
            options[kyoku_games::shogun::SHOW_LANDING] = show.clone();
        }
        GameKind::Shogun
            .new_game(&options)
            .map_err(|e| LessonError::BadPosition(format!("the turn cannot go back: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Status, attempt, check_step, course};
    use serde_json::Value;

    /// Shogun's lessons alone (the crate's test walks every game's).
    #[test]
    fn every_shogun_step_plays_to_its_goal() {
        for lesson in &course(GameKind::Shogun).unwrap().lessons {
            for (i, step) in lesson.steps.iter().enumerate() {
                if let Err(e) = check_step(GameKind::Shogun, step) {
                    panic!("{} step {}: {e}", lesson.id, i + 1);
                }
            }
        }
    }

    fn step(lesson: &str, index: usize) -> crate::Step {
        crate::lesson(GameKind::Shogun, lesson).unwrap().steps[index].clone()
    }

    #[test]
    fn an_altered_step_fails_its_check() {
        // A solution that misses the square.
        let mut s = step("numbers", 1);
        s.solution = vec!["c1d3".into()];
        assert!(check_step(GameKind::Shogun, &s).is_err());
        // A goal the solution reaches one move early.
        let mut s = step("magnets", 1);
        s.goal = Goal {
            kind: "reach".into(),
            args: serde_json::from_value(json!({"square": "d3", "piece": "C"})).unwrap(),
        };
        assert!(check_step(GameKind::Shogun, &s).is_err());
        // A number the piece does not show where it lands.
        let mut s = step("magnets", 0);
        s.goal.args.insert("number".into(), json!(3));
        assert!(check_step(GameKind::Shogun, &s).is_err());
    }

    /// The lesson file with one solution move changed fails the check the
    /// lessons' test runs, at that step and no other.
    #[test]
    fn a_broken_file_fails_at_the_broken_step() {
        let text = crate::file(GameKind::Shogun).replacen(
            r#""solution": ["c1d3", "d3d7"]"#,
            r#""solution": ["c1c4", "d3d7"]"#,
            1,
        );
        let course = crate::parse(GameKind::Shogun, &text).unwrap();
        let failing: Vec<(String, usize)> = course
            .lessons
            .iter()
            .flat_map(|l| l.steps.iter().enumerate().map(move |(i, s)| (l, i, s)))
            .filter(|(_, _, s)| check_step(GameKind::Shogun, s).is_err())
            .map(|(l, i, _)| (l.id.clone(), i + 1))
            .collect();
        assert_eq!(failing, vec![("magnets".to_string(), 2)]);
    }

    #[test]
    fn the_turn_comes_back_without_an_opponent() {
        let s = step("magnets", 1);
        let a = attempt(GameKind::Shogun, &s, &["c1d3".into()]).unwrap();
        assert_eq!(a.status, Status::Continue);
        assert!(a.replies.is_empty());
        assert!(a.game.legal_moves().contains(&"d3d7".to_string()));
        assert_eq!(
            a.game.options()[kyoku_games::shogun::SHOW_LANDING],
            json!(true)
        );
    }

    #[test]
    fn a_wrong_move_draws_the_scripted_reply_then_the_hint() {
        let s = step("capture", 1);
        let a = attempt(GameKind::Shogun, &s, &["c1c4".into()]).unwrap();
        assert_eq!(a.status, Status::Wrong);
        assert_eq!(a.replies, vec!["c5c4".to_string()]);
    }

    #[test]
    fn goals_that_cannot_be_are_refused() {
        let goal = |v: Value| Goal {
            kind: v["kind"].as_str().unwrap().into(),
            args: serde_json::from_value(v)
                .map(|mut m: serde_json::Map<String, Value>| {
                    m.remove("kind");
                    m
                })
                .unwrap(),
        };
        for bad in [
            json!({"kind": "capture", "piece": "s"}),
            json!({"kind": "capture", "piece": "x"}),
            json!({"kind": "reach", "square": "i9"}),
            json!({"kind": "shows", "piece": "S", "number": 3}),
            json!({"kind": "shows", "piece": "C"}),
            json!({"kind": "threaten", "piece": "C"}),
            json!({"kind": "fly"}),
        ] {
            assert!(Shogun.check_goal(&goal(bad.clone())).is_err(), "{bad}");
        }
        for good in [
            json!({"kind": "capture"}),
            json!({"kind": "reach", "square": "h8", "piece": "C"}),
            json!({"kind": "shows", "piece": "s", "number": 2}),
            json!({"kind": "threaten"}),
        ] {
            assert!(Shogun.check_goal(&goal(good.clone())).is_ok(), "{good}");
        }
    }
}
