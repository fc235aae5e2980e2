//! The game's life around its moves: clocks, names, resignation, abort,
//! draw offers, takebacks, rematch offers, and the endings the rules do not
//! know (time, resigned, agreed, aborted, abandoned).
//!
//! What lives here is stored beside the moves as one [`Life`] value, so a
//! front end that keeps games (the server) stores it with every change and
//! gives it back with [`Session::restore_life`]. Instants come from the
//! session's time source ([`Session::set_time_source`]).
//!
//! ```
//! use kyoku_core::SeatSpec;
//! use kyoku_games::session::{Failure, Reply, Seeds, Session};
//! use kyoku_games::GameKind;
//! use serde_json::json;
//!
//! let game = GameKind::Dobutsu.new_game(&json!({})).unwrap();
//! let seats = [SeatSpec::Human, SeatSpec::Human];
//! let mut s = Session::new(game, &seats, Seeds::from_seed(7, 2), Failure::Error).unwrap();
//! s.play(0, "b2b3").unwrap();
//! s.draw(1, Reply::Offer).unwrap();
//! s.draw(0, Reply::Accept).unwrap();
//! assert_eq!(s.outcome().unwrap().reason, "agreed");
//! ```
//!
//! Here: what is stored ([`Life`], [`Checkpoint`]), names, and who may act;
//! `clocks` the clocks and flag falls; `endings` resigning, aborting,
//! leaving and the rank of those who left; `offers` draw, takeback and
//! rematch offers.

use kyoku_core::{Outcome, Player};
use serde::{Deserialize, Serialize};

use super::Session;
use crate::clock::Clocks;

mod clocks;
mod endings;
mod offers;
#[cfg(test)]
mod tests;

/// The longest display name, in characters.
pub const MAX_NAME: usize = 24;
/// What a person without a name is called.
pub const ANONYMOUS: &str = "Anonymous";
/// The program that plays for a Shiamgon seat that has left the contest.
pub const LEAVER_PROGRAM: &str = "ai:2";
/// Moves of each side after a declined draw offer before its seat may
/// offer again.
const DRAW_COOLDOWN_MOVES: usize = 2;

/// An ending the rules do not decide.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "lowercase")]
pub enum Ending {
    /// `seat`'s time ran out (two-player games).
    Time {
        /// The seat that lost (from 0).
        seat: usize,
    },
    /// `seat` resigned (two-player games).
    Resigned {
        /// The seat that lost (from 0).
        seat: usize,
    },
    /// Drawn by agreement.
    Agreed,
    /// Ended before every seat had moved: no result.
    Aborted,
    /// Nobody moved for too long: no result.
    Abandoned,
}

impl Ending {
    /// The reason in the words of the API (`time`, `resigned`, …).
    pub fn reason(self) -> &'static str {
        match self {
            Ending::Time { .. } => "time",
            Ending::Resigned { .. } => "resigned",
            Ending::Agreed => "agreed",
            Ending::Aborted => "aborted",
            Ending::Abandoned => "abandoned",
        }
    }

    /// The outcome of a game of `players` players ending so.
    pub fn outcome(self, players: usize) -> Outcome {
        match self {
            Ending::Time { seat } | Ending::Resigned { seat } => {
                Outcome::win(Player::new((seat + 1) % players), players, self.reason())
            }
            _ => Outcome::draw(players, self.reason()),
        }
    }

    /// The ending a recorded result names (`reason` and each seat's
    /// score), when it is not one the rules make: what a loaded record of
    /// a resigned game, say, must end with again.
    pub fn from_result(reason: &str, scores: &[i32]) -> Option<Ending> {
        let loser = || {
            (scores.len() == 2 && scores[0] != scores[1])
                .then(|| if scores[0] < scores[1] { 0 } else { 1 })
        };
        match reason {
            "time" => loser().map(|seat| Ending::Time { seat }),
            "resigned" => loser().map(|seat| Ending::Resigned { seat }),
            "agreed" => Some(Ending::Agreed),
            "aborted" => Some(Ending::Aborted),
            "abandoned" => Some(Ending::Abandoned),
            _ => None,
        }
    }

    /// Whether the game counts for nothing (no winner, no draw).
    pub fn is_no_result(reason: &str) -> bool {
        matches!(reason, "aborted" | "abandoned")
    }
}

/// The answer to an offer: make it, accept it, or decline it (a takeback
/// is requested with [`Reply::Offer`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reply {
    /// Offer (or request).
    #[serde(alias = "request")]
    Offer,
    /// Accept the other side's offer.
    Accept,
    /// Decline the other side's offer.
    Decline,
}

/// Offers waiting for an answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// The seat offering a draw.
    #[serde(default)]
    pub draw: Option<usize>,
    /// Per seat whose draw offer was declined: the number of player moves
    /// made when it was (it may offer again two moves of each side later).
    #[serde(default)]
    pub draw_declined: Vec<(usize, usize)>,
    /// The seat asking to take back its last move, and who agreed so far.
    #[serde(default)]
    pub takeback: Option<(usize, Vec<usize>)>,
    /// The seats that want a rematch.
    #[serde(default)]
    pub rematch: Vec<usize>,
}

/// Everything of a game's life that is not a move: what a store keeps
/// beside the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Life {
    /// The clocks, for a timed game.
    #[serde(default)]
    pub clocks: Option<Clocks>,
    /// Whether the clocks have been started (every seat taken).
    #[serde(default)]
    pub clocks_on: bool,
    /// Each seat's display name (people only).
    #[serde(default)]
    pub names: Vec<Option<String>>,
    /// Pending offers.
    #[serde(default)]
    pub offers: Offers,
    /// Seats out of the contest (Shiamgon: resigned or out of time), in the
    /// order they left.
    #[serde(default)]
    pub out: Vec<usize>,
    /// How the game ended, when the rules did not end it.
    #[serde(default)]
    pub ending: Option<Ending>,
}

/// A session's moves and life at one moment (see [`Session::checkpoint`]).
#[derive(Clone, Debug)]
pub struct Checkpoint {
    moves: Vec<(String, Option<usize>)>,
    move_clocks: Vec<Option<Vec<Option<u64>>>>,
    life: Life,
}

impl Checkpoint {
    /// The number of moves (plies) the game had.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }
}

/// Why a game action is refused (nothing changes).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LifeError {
    /// The action does not exist for this game or this seat now.
    #[error("{0}")]
    NotAllowed(String),
    /// Accepting or declining an offer nobody made.
    #[error("{0}")]
    NoOffer(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A declined draw offer made again too soon.
    #[error("a declined draw offer may be made again after two moves of each side")]
    TooSoon,
    /// A takeback for a seat that has made no move.
    #[error("seat {} has no move to take back", .0 + 1)]
    NothingToTakeBack(usize),
}

/// Why a display name is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Empty (after trimming spaces).
    #[error("a name needs at least one character")]
    Empty,
    /// Too long.
    #[error("a name has at most {MAX_NAME} characters, not {0}")]
    TooLong(usize),
    /// Holds a control character.
    #[error("a name may not hold control characters")]
    Control,
}

/// A display name as given by a person: trimmed, 1 to [`MAX_NAME`]
/// characters of any script, no control characters.
pub fn check_name(text: &str) -> Result<String, NameError> {
    let name = text.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    let n = name.chars().count();
    if n > MAX_NAME {
        return Err(NameError::TooLong(n));
    }
    // Bidirectional overrides and other format characters are controls
    // for this purpose: they could make a name display as another.
    let format = |c: char| matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}');
    if name.chars().any(|c| c.is_control() || format(c)) {
        return Err(NameError::Control);
    }
    Ok(name.to_string())
}

/// The session's default time source: the system's clock, in Unix ms.
pub fn system_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

impl Session {
    /// What is stored of the game's life.
    pub fn life(&self) -> &Life {
        &self.life
    }

    /// Gives back a stored life (after [`Session::resume`]) with each
    /// move's clock readings. A clock that ran when it was stored resumes
    /// from its stored remainder now: an outage is never charged.
    pub fn restore_life(&mut self, mut life: Life, move_clocks: Vec<Option<Vec<Option<u64>>>>) {
        life.names.resize(self.seats.len(), None);
        if let Some(c) = life.clocks.as_mut() {
            c.stop();
        }
        self.life = life;
        self.move_clocks = move_clocks;
        self.move_clocks.resize(self.movers.len(), None);
        for &seat in &self.life.out.clone() {
            self.seats[seat].program = None;
            self.seats[seat].stand_in = Some(LEAVER_PROGRAM.to_string());
        }
        self.run_clock();
    }

    /// What the session is now, to go back to with [`Session::rollback`]
    /// when a change cannot be stored.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            moves: self
                .game
                .history()
                .into_iter()
                .zip(self.movers.clone())
                .collect(),
            move_clocks: self.move_clocks.clone(),
            life: self.life.clone(),
        }
    }

    /// Goes back to `to`: moves made since are taken back, moves taken
    /// back since are played again, the life is as it was.
    pub fn rollback(&mut self, to: Checkpoint) {
        let now: Vec<(String, Option<usize>)> = self
            .game
            .history()
            .into_iter()
            .zip(self.movers.clone())
            .collect();
        let common = now
            .iter()
            .zip(&to.moves)
            .take_while(|(a, b)| a == b)
            .count();
        self.take_back(now.len() - common);
        for (text, mover) in &to.moves[common..] {
            if self.game.play(text).is_err() {
                break;
            }
            self.movers.push(*mover);
        }
        self.move_clocks = to.move_clocks;
        self.move_clocks.resize(self.movers.len(), None);
        self.life = to.life;
        for seat in 0..self.seats.len() {
            if !self.is_out(seat) && self.seats[seat].stand_in.as_deref() == Some(LEAVER_PROGRAM) {
                self.seats[seat].stand_in = None;
                self.seats[seat].program = None;
            }
        }
        self.generation += 1;
    }

    /// Sets a person's display name (checked with [`check_name`]).
    pub fn set_name(&mut self, seat: usize, name: Option<&str>) -> Result<(), NameError> {
        let name = name.map(check_name).transpose()?;
        if let Some(n) = self.life.names.get_mut(seat) {
            *n = name;
        }
        Ok(())
    }

    /// The person playing `seat` names itself while the game runs (an
    /// invited person whose seat the creator left unnamed or named
    /// otherwise). The name is checked by the caller with [`check_name`]
    /// (a bad one is bad input, not a refused action); an unchecked one is
    /// refused here all the same.
    pub fn rename(&mut self, seat: usize, name: &str) -> Result<(), LifeError> {
        self.may_act(seat)?;
        self.set_name(seat, Some(name))
            .map_err(|e| LifeError::NotAllowed(format!("name: {e}")))
    }

    /// Each seat's display name: a person's name or "Anonymous"; `None`
    /// for programs.
    pub fn names(&self) -> Vec<Option<String>> {
        (0..self.seats.len())
            .map(|i| {
                self.is_human(i).then(|| {
                    self.life.names[i]
                        .clone()
                        .unwrap_or_else(|| ANONYMOUS.to_string())
                })
            })
            .collect()
    }

    /// Whether `seat` has left the contest (a program plays for it).
    pub fn is_out(&self, seat: usize) -> bool {
        self.life.out.contains(&seat)
    }

    /// Whether a person plays `seat` now (a human seat still in).
    pub(super) fn person_plays(&self, seat: usize) -> bool {
        self.is_human(seat) && !self.is_out(seat)
    }

    /// Refuses an action of `seat` unless a person plays it and the game
    /// goes on.
    fn may_act(&self, seat: usize) -> Result<(), LifeError> {
        if self.outcome().is_some() {
            return Err(LifeError::GameOver);
        }
        if !self.person_plays(seat) {
            return Err(LifeError::NotAllowed(format!(
                "seat {} is not played by a person",
                seat + 1
            )));
        }
        Ok(())
    }

    /// Ends the game so (clocks stop, offers lapse).
    fn end(&mut self, ending: Ending) {
        self.life.ending = Some(ending);
        self.after_action();
    }

    /// After any change: offers that no longer apply lapse and the right
    /// clock runs.
    fn after_action(&mut self) {
        self.generation += 1;
        if self.outcome().is_some() {
            self.life.offers.draw = None;
            self.life.offers.takeback = None;
        }
        self.run_clock();
    }
}
