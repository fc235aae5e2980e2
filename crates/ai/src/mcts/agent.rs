//! The player: a search kept between moves, its budget narrowed by a clock.

use kyoku_core::{GameRecord, Position};

use super::{Budget, Mcts, Policy};

/// An [`kyoku_core::Agent`] that plays by MCTS, keeping its tree between moves.
pub struct MctsAgent<P: Position, Pol: Policy<P>> {
    spec: String,
    search: Mcts<P, Pol>,
    /// The level's own budget, which a clock only narrows.
    level: Budget,
    /// The clock for the next move, if the game has one.
    clock: Option<kyoku_core::TimeLeft>,
}

impl<P: Position, Pol: Policy<P>> MctsAgent<P, Pol> {
    /// An agent named `spec` (`ai:3`) that searches with `search`.
    pub fn new(spec: impl Into<String>, search: Mcts<P, Pol>) -> Self {
        MctsAgent {
            spec: spec.into(),
            level: search.config().budget,
            search,
            clock: None,
        }
    }

    /// The search, with its last numbers.
    pub fn search(&self) -> &Mcts<P, Pol> {
        &self.search
    }
}

impl<P: Position, Pol: Policy<P>> kyoku_core::Agent<P> for MctsAgent<P, Pol> {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        let time = crate::clock::capped(self.level.time, self.clock.take());
        self.search.set_budget(Budget { time, ..self.level });
        self.search.search(record)
    }

    /// Kept for the next move only: the session sets it before each one.
    fn set_time(&mut self, time: Option<kyoku_core::TimeLeft>) {
        self.clock = time;
    }
}
