//! Endings the rules do not make: resigning, aborting, leaving the contest,
//! a game reopened or abandoned, and the rank of the seats that left.

use kyoku_core::Outcome;

use super::super::Session;
use super::{Ending, LEAVER_PROGRAM, LifeError};

impl Session {
    /// A seat leaves the contest: off the clock, a program plays for it.
    pub(super) fn leave(&mut self, seat: usize) {
        if !self.life.out.contains(&seat) {
            self.life.out.push(seat);
        }
        if let Some(c) = self.life.clocks.as_mut() {
            c.remove(seat);
        }
        self.seats[seat].program = None;
        self.seats[seat].stand_in = Some(LEAVER_PROGRAM.to_string());
        self.after_action();
    }

    /// `seat` resigns: in a two-player game the other wins; with more, the
    /// seat leaves the contest and ranks last.
    pub fn resign(&mut self, seat: usize) -> Result<(), LifeError> {
        self.may_act(seat)?;
        if self.seats.len() == 2 {
            self.end(Ending::Resigned { seat });
        } else {
            self.leave(seat);
        }
        Ok(())
    }

    /// `seat` aborts the game: allowed until every seat has moved.
    pub fn abort(&mut self, seat: usize) -> Result<(), LifeError> {
        self.may_act(seat)?;
        let all_moved = (0..self.seats.len()).all(|s| self.movers.contains(&Some(s)));
        if all_moved {
            return Err(LifeError::NotAllowed(
                "every seat has moved: the game can no longer be aborted".into(),
            ));
        }
        self.end(Ending::Aborted);
        Ok(())
    }

    /// Takes back an ending the rules did not make (a resignation, a flag
    /// fall, an agreed draw): the terminal's `undo` after a game lost so
    /// plays on.
    pub fn reopen(&mut self) {
        if self.life.ending.take().is_some() {
            self.after_action();
        }
    }

    /// Ends a game nobody moved in for too long.
    pub fn abandon(&mut self) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.end(Ending::Abandoned);
        true
    }

    /// The outcome with the seats that left ranked last (below everybody
    /// still in, sharing that place).
    pub(in crate::session) fn ranked(&self, o: Outcome) -> Outcome {
        if self.life.out.is_empty() {
            return o;
        }
        let stayed = (0..o.players()).filter(|s| !self.is_out(*s));
        let Some(floor) = stayed.map(|s| o.scores()[s]).min() else {
            return o;
        };
        let scores: Vec<i32> = (0..o.players())
            .map(|s| {
                if self.is_out(s) {
                    floor - 1
                } else {
                    o.scores()[s]
                }
            })
            .collect();
        Outcome::from_scores(&scores, o.reason)
    }
}
