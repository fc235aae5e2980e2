//! Shogun's lessons: its goal kinds and how the turn goes back. (A stub for
//! the helper who writes Shogun's lessons to fill.)

use kyoku_core::Player;
use kyoku_games::AnyGame;

use crate::{GameLessons, Goal, Judgement, Judging, LessonError};

/// Shogun's lessons module.
pub struct Shogun;

impl GameLessons for Shogun {
    fn check_goal(&self, goal: &Goal) -> Result<(), LessonError> {
        Err(LessonError::BadGoal {
            kind: goal.kind.clone(),
            reason: "Shogun knows only win and moves (so far)".into(),
        })
    }

    fn judge(&self, goal: &Goal, _at: &Judging<'_>) -> Result<Judgement, LessonError> {
        self.check_goal(goal).map(|()| Judgement::Open)
    }

    fn hand_back(
        &self,
        _game: &dyn AnyGame,
        _learner: Player,
    ) -> Result<Box<dyn AnyGame>, LessonError> {
        Err(LessonError::Unsupported(
            "Shogun lessons cannot hand the turn back yet".into(),
        ))
    }
}
