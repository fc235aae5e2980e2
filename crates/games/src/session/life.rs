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

use kyoku_core::{Outcome, Player, SeatSpec};
use serde::{Deserialize, Serialize};

use super::Session;
use crate::clock::{Clocks, TimeControl};

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

    /// Puts the game on `control` (before the first move).
    pub fn set_time_control(&mut self, control: Option<TimeControl>) {
        self.life.clocks = control.map(|c| Clocks::new(c, self.seats.len()));
    }

    /// The time control.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.life.clocks.as_ref().map(|c| c.control)
    }

    /// Starts the clocks (a game starts them once every seat is taken).
    pub fn start_clocks(&mut self) {
        self.life.clocks_on = true;
        self.run_clock();
    }

    /// Replaces the time source (tests; a front end with its own clock).
    pub fn set_time_source(&mut self, now: fn() -> u64) {
        self.now = now;
    }

    /// Now, in Unix ms.
    pub fn now(&self) -> u64 {
        (self.now)()
    }

    /// Each seat's time left now (`None`: no clock), and the instant read.
    pub fn clocks_now(&self) -> (Vec<Option<u64>>, u64) {
        let now = self.now();
        let left = match &self.life.clocks {
            Some(c) => c.at(now),
            None => vec![None; self.seats.len()],
        };
        (left, now)
    }

    /// The running seat and the instant its time is up.
    pub fn deadline(&self) -> Option<(usize, u64)> {
        self.life.clocks.as_ref()?.deadline()
    }

    /// What a program in `seat` is told of its clock: its time left now
    /// and the increment (correspondence: the days, no increment).
    pub(super) fn time_left(&self, seat: usize) -> Option<kyoku_core::TimeLeft> {
        let clocks = self.life.clocks.as_ref()?;
        let left = clocks.at(self.now()).get(seat).copied().flatten()?;
        Some(kyoku_core::TimeLeft {
            remaining: std::time::Duration::from_millis(left),
            increment: std::time::Duration::from_millis(clocks.control.increment_ms()),
        })
    }

    /// Each seat's clock after every move (`None` for untimed games).
    pub fn move_clocks(&self) -> &[Option<Vec<Option<u64>>>] {
        &self.move_clocks
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

    /// Starts the clock of the seat to act if it does not run; stops every
    /// clock when nobody (or chance) acts.
    pub(super) fn run_clock(&mut self) {
        let over = self.outcome().is_some();
        let to_act = self.to_act().player().map(|p| p.index());
        let now = self.now();
        let on = self.life.clocks_on;
        let Some(clocks) = self.life.clocks.as_mut() else {
            return;
        };
        match to_act {
            Some(seat) if on && !over => {
                if clocks.running.is_none_or(|r| r.seat != seat) {
                    clocks.start(seat, now);
                }
            }
            _ => clocks.stop(),
        }
    }

    /// After a move by `mover` (chance: `None`): charges its clock, lets
    /// offers lapse, records the clocks, runs the next clock.
    pub(super) fn after_move(&mut self, mover: Option<usize>) {
        let now = self.now();
        if let (Some(seat), Some(clocks)) = (mover, self.life.clocks.as_mut()) {
            clocks.moved(seat, now);
        }
        if let Some(seat) = mover {
            let offers = &mut self.life.offers;
            if offers.draw.is_some_and(|s| s != seat) {
                offers.draw = None;
            }
            offers.takeback = None;
        }
        let reading = self.life.clocks.as_ref().map(|c| c.remaining.clone());
        self.move_clocks.push(reading);
        self.after_action();
    }

    /// Decides a flag fall: when the running clock's time is up, its seat
    /// loses (two players) or leaves the contest (more); returns the seat.
    pub fn check_time(&mut self) -> Option<usize> {
        if self.outcome().is_some() {
            return None;
        }
        let seat = self.life.clocks.as_ref()?.flagged(self.now())?;
        if let Some(c) = self.life.clocks.as_mut() {
            // The clock reads 0, not a value below it.
            c.remaining[seat] = Some(0);
            c.stop();
        }
        if self.seats.len() == 2 {
            self.end(Ending::Time { seat });
        } else {
            self.leave(seat);
        }
        Some(seat)
    }

    /// A seat leaves the contest: off the clock, a program plays for it.
    fn leave(&mut self, seat: usize) {
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

    fn player_moves(&self) -> usize {
        self.movers.iter().filter(|m| m.is_some()).count()
    }

    /// A draw offer (two-player games): offer, accept or decline. Offering
    /// when the other side has offered accepts.
    pub fn draw(&mut self, seat: usize, reply: Reply) -> Result<(), LifeError> {
        if self.seats.len() != 2 {
            return Err(LifeError::NotAllowed(
                "draw offers are for two-player games".into(),
            ));
        }
        self.may_act(seat)?;
        let other = 1 - seat;
        let offered_by_other = self.life.offers.draw == Some(other);
        match reply {
            Reply::Offer if offered_by_other => self.end(Ending::Agreed),
            Reply::Offer => {
                let moves = self.player_moves();
                let soon = self
                    .life
                    .offers
                    .draw_declined
                    .iter()
                    .any(|&(s, at)| s == seat && moves < at + 2 * DRAW_COOLDOWN_MOVES);
                if soon {
                    return Err(LifeError::TooSoon);
                }
                self.life.offers.draw = Some(seat);
                self.after_action();
            }
            Reply::Accept | Reply::Decline if !offered_by_other => {
                return Err(LifeError::NoOffer(format!(
                    "seat {} has offered no draw",
                    other + 1
                )));
            }
            Reply::Accept => self.end(Ending::Agreed),
            Reply::Decline => {
                let moves = self.player_moves();
                let declined = &mut self.life.offers.draw_declined;
                declined.retain(|&(s, _)| s != other);
                declined.push((other, moves));
                self.life.offers.draw = None;
                self.after_action();
            }
        }
        Ok(())
    }

    /// The people who must agree to `seat`'s takeback (every other person
    /// still in).
    fn takeback_partners(&self, seat: usize) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&s| s != seat && self.person_plays(s))
            .collect()
    }

    /// A takeback: against programs only, done at once (untimed games);
    /// between people, a request the others accept or decline. Takes back
    /// the requesting seat's last move and everything after it.
    pub fn takeback(&mut self, seat: usize, reply: Reply) -> Result<(), LifeError> {
        self.may_act(seat)?;
        let pending = self.life.offers.takeback.clone();
        match reply {
            Reply::Offer => {
                if !self.movers.contains(&Some(seat)) {
                    return Err(LifeError::NothingToTakeBack(seat));
                }
                if self.takeback_partners(seat).is_empty() {
                    if self.life.clocks.is_some() {
                        return Err(LifeError::NotAllowed(
                            "takebacks against a program are for untimed games".into(),
                        ));
                    }
                    self.take_back_to(seat);
                    return Ok(());
                }
                if pending.as_ref().is_some_and(|(s, _)| *s != seat) {
                    return Err(LifeError::NotAllowed(
                        "another takeback request waits for an answer".into(),
                    ));
                }
                self.life.offers.takeback = Some((seat, Vec::new()));
                self.after_action();
            }
            Reply::Accept | Reply::Decline => {
                let Some((asker, mut agreed)) = pending.filter(|(s, _)| *s != seat) else {
                    return Err(LifeError::NoOffer("nobody asked for a takeback".into()));
                };
                if reply == Reply::Decline {
                    self.life.offers.takeback = None;
                    self.after_action();
                    return Ok(());
                }
                if !agreed.contains(&seat) {
                    agreed.push(seat);
                }
                let all = self
                    .takeback_partners(asker)
                    .iter()
                    .all(|s| agreed.contains(s));
                if all {
                    self.take_back_to(asker);
                } else {
                    self.life.offers.takeback = Some((asker, agreed));
                    self.after_action();
                }
            }
        }
        Ok(())
    }

    /// Takes back `seat`'s last move and every move after it; the clocks
    /// read as they did before it, and the seat's clock runs from now.
    fn take_back_to(&mut self, seat: usize) {
        let Some(k) = self.movers.iter().rposition(|m| *m == Some(seat)) else {
            return;
        };
        self.take_back(self.movers.len() - k);
        let n = self.seats.len();
        if let Some(c) = self.life.clocks.as_mut() {
            let before = match k {
                0 => None,
                k => self.move_clocks.get(k - 1).cloned().flatten(),
            };
            c.remaining = before.unwrap_or_else(|| vec![Some(c.control.initial_ms()); n]);
            for &s in &self.life.out {
                c.remaining[s] = None;
            }
            c.stop();
        }
        self.life.offers.takeback = None;
        self.life.offers.draw = None;
        self.after_action();
    }

    /// A rematch offer after the end: when every person has accepted
    /// (programs always do), returns `true` — the front end starts the new
    /// game.
    pub fn rematch(&mut self, seat: usize, reply: Reply) -> Result<bool, LifeError> {
        if self.outcome().is_none() {
            return Err(LifeError::NotAllowed("the game is not over yet".into()));
        }
        if !self.is_human(seat) {
            return Err(LifeError::NotAllowed(format!(
                "seat {} is not played by a person",
                seat + 1
            )));
        }
        let offers = &mut self.life.offers.rematch;
        let someone_else = offers.iter().any(|&s| s != seat);
        match reply {
            Reply::Accept | Reply::Decline if !someone_else => {
                return Err(LifeError::NoOffer("nobody offered a rematch".into()));
            }
            Reply::Decline => offers.clear(),
            Reply::Offer | Reply::Accept => {
                if !offers.contains(&seat) {
                    offers.push(seat);
                }
            }
        }
        let people: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.is_human(s))
            .collect();
        let agreed =
            !people.is_empty() && people.iter().all(|s| self.life.offers.rematch.contains(s));
        self.generation += 1;
        Ok(agreed)
    }

    /// The seats of a rematch: each seat's spec moves one seat on (colours
    /// swap in two-player games); returns the specs and, per new seat, the
    /// old seat it came from.
    pub fn rematch_seats(&self) -> (Vec<SeatSpec>, Vec<usize>) {
        let n = self.seats.len();
        let from: Vec<usize> = (0..n).map(|new| (new + n - 1) % n).collect();
        let specs = from
            .iter()
            .map(|&old| self.seats[old].spec.clone())
            .collect();
        (specs, from)
    }

    /// The outcome with the seats that left ranked last (below everybody
    /// still in, sharing that place).
    pub(super) fn ranked(&self, o: Outcome) -> Outcome {
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

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::GameKind;
    use crate::session::{Failure, Seeds, SessionError};
    use serde_json::json;

    thread_local! {
        static NOW: Cell<u64> = const { Cell::new(1_000_000) };
    }

    /// The test's clock: each test runs on its own thread.
    fn now() -> u64 {
        NOW.with(Cell::get)
    }

    fn pass(ms: u64) {
        NOW.with(|n| n.set(n.get() + ms));
    }

    fn session(kind: GameKind, options: serde_json::Value, seats: &[&str]) -> Session {
        let game = kind.new_game(&options).unwrap();
        let specs: Vec<SeatSpec> = seats.iter().map(|t| SeatSpec::parse(t).unwrap()).collect();
        let seeds = Seeds::from_seed(9, specs.len());
        let mut s = Session::new(game, &specs, seeds, Failure::Error).unwrap();
        s.set_time_source(now);
        s
    }

    fn people() -> Session {
        session(GameKind::Dobutsu, json!({}), &["human", "human"])
    }

    fn timed(control: &str, seats: &[&str]) -> Session {
        let mut s = session(GameKind::Dobutsu, json!({}), seats);
        s.set_time_control(Some(control.parse().unwrap()));
        s.start_clocks();
        s
    }

    #[test]
    fn the_clock_runs_for_the_seat_to_act_and_is_recorded_with_each_move() {
        let mut s = timed("1+2", &["human", "human"]);
        pass(10_000);
        assert_eq!(s.clocks_now().0, vec![Some(50_000), Some(60_000)]);
        s.play(0, "b2b3").unwrap();
        pass(5_000);
        s.play(1, "b4c3").unwrap();
        assert_eq!(s.clocks_now().0, vec![Some(52_000), Some(57_000)]);
        assert_eq!(
            s.move_clocks(),
            &[
                Some(vec![Some(52_000), Some(60_000)]),
                Some(vec![Some(52_000), Some(57_000)])
            ]
        );
        assert_eq!(s.deadline(), Some((0, now() + 52_000)));
    }

    #[test]
    fn a_flag_falls_at_the_deadline_and_the_other_seat_wins_on_time() {
        let mut s = timed("1+0", &["human", "human"]);
        pass(59_999);
        assert_eq!(s.check_time(), None);
        pass(1);
        assert_eq!(s.check_time(), Some(0));
        let o = s.outcome().unwrap();
        assert_eq!((o.reason, o.winner().map(|p| p.index())), ("time", Some(1)));
        assert_eq!(s.clocks_now().0[0], Some(0));
        assert!(matches!(
            s.play(0, "b2b3"),
            Err(SessionError::Move(kyoku_core::MoveError::GameOver))
        ));
    }

    #[test]
    fn a_move_after_the_deadline_is_refused_and_the_flag_falls() {
        let mut s = timed("1+0", &["human", "human"]);
        pass(61_000);
        assert!(matches!(
            s.play(0, "b2b3"),
            Err(SessionError::OutOfTime { seat: 0 })
        ));
        assert_eq!(s.outcome().unwrap().reason, "time");
        assert_eq!(s.ply(), 0);
    }

    #[test]
    fn an_outage_is_not_charged() {
        let s = timed("1+0", &["human", "human"]);
        pass(20_000);
        let stored = s.life().clone();
        // The server was down for an hour; the game is loaded again.
        pass(3_600_000);
        let mut again = people();
        again.restore_life(stored, vec![]);
        assert_eq!(again.clocks_now().0, vec![Some(60_000), Some(60_000)]);
        pass(1_000);
        assert_eq!(again.clocks_now().0, vec![Some(59_000), Some(60_000)]);
    }

    #[test]
    fn clocks_wait_until_started() {
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "human"]);
        s.set_time_control(Some("1+0".parse().unwrap()));
        pass(120_000);
        assert_eq!(s.check_time(), None);
        s.start_clocks();
        assert_eq!(s.deadline(), Some((0, now() + 60_000)));
    }

    #[test]
    fn a_shiamgon_seat_out_of_time_is_played_by_a_program_and_ranks_last() {
        let mut s = session(
            GameKind::Shiamgon,
            json!({"board": "tri8", "players": 3}),
            &["human", "random", "random"],
        );
        s.set_time_control(Some("0.5+0".parse().unwrap()));
        s.start_clocks();
        pass(30_000);
        assert_eq!(s.check_time(), Some(0));
        assert!(s.outcome().is_none(), "the others play on");
        assert_eq!(s.program_to_act(), Some(0));
        assert_eq!(s.stand_in(0), Some(LEAVER_PROGRAM));
        assert_eq!(s.clocks_now().0[0], None);
        while s.outcome().is_none() {
            s.draw_all_chance().unwrap();
            if s.outcome().is_none() {
                s.play_program().unwrap();
            }
        }
        let o = s.outcome().unwrap();
        assert_eq!(o.rank(Player::new(0)), 3, "{o:?}");
        assert!(s.movers().contains(&Some(0)), "a program played for it");
    }

    #[test]
    fn resigning_ends_a_two_player_game_and_leaves_a_shiamgon_one() {
        let mut s = people();
        s.resign(1).unwrap();
        let o = s.outcome().unwrap();
        assert_eq!((o.reason, o.winner()), ("resigned", Some(Player::new(0))));
        assert_eq!(s.resign(0), Err(LifeError::GameOver));
        let mut s = session(
            GameKind::Shiamgon,
            json!({"board": "tri8", "players": 3}),
            &["human", "human", "random"],
        );
        s.resign(1).unwrap();
        assert!(s.outcome().is_none());
        assert!(s.is_out(1));
        assert!(matches!(s.resign(1), Err(LifeError::NotAllowed(_))));
    }

    #[test]
    fn abort_is_allowed_until_every_seat_has_moved() {
        let mut s = people();
        s.play(0, "b2b3").unwrap();
        s.abort(0).unwrap();
        let o = s.outcome().unwrap();
        assert_eq!(o.reason, "aborted");
        assert!(Ending::is_no_result(o.reason));
        let mut s = people();
        s.play(0, "b2b3").unwrap();
        s.play(1, "b4c3").unwrap();
        assert!(matches!(s.abort(1), Err(LifeError::NotAllowed(_))));
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
        assert!(
            matches!(s.abort(1), Err(LifeError::NotAllowed(_))),
            "a program seat"
        );
    }

    #[test]
    fn draw_offers_are_accepted_declined_lapse_and_wait_after_a_decline() {
        let mut s = people();
        assert!(matches!(
            s.draw(1, Reply::Accept),
            Err(LifeError::NoOffer(_))
        ));
        s.draw(0, Reply::Offer).unwrap();
        assert_eq!(s.life().offers.draw, Some(0));
        assert!(
            matches!(s.draw(0, Reply::Accept), Err(LifeError::NoOffer(_))),
            "own offer"
        );
        s.draw(1, Reply::Decline).unwrap();
        assert_eq!(s.life().offers.draw, None);
        assert_eq!(s.draw(0, Reply::Offer), Err(LifeError::TooSoon));
        for mv in ["b2b3", "b4c3", "c1c2", "a4a3"] {
            s.play(s.human_to_act().unwrap(), mv).unwrap();
        }
        s.draw(0, Reply::Offer).unwrap();
        // The opponent moves instead of answering: the offer lapses.
        s.play(0, "b3b4")
            .unwrap_or_else(|_| s.play(0, "a1a2").unwrap());
        assert_eq!(
            s.life().offers.draw,
            Some(0),
            "the offerer's own move keeps it"
        );
        let mv = s.game().legal_moves()[0].clone();
        s.play(1, &mv).unwrap();
        assert_eq!(s.life().offers.draw, None, "lapsed");
        s.draw(1, Reply::Offer).unwrap();
        s.draw(0, Reply::Accept).unwrap();
        assert_eq!(s.outcome().unwrap().reason, "agreed");
        let mut s = session(
            GameKind::Shiamgon,
            json!({"board": "tri8", "players": 3}),
            &["human", "human", "human"],
        );
        assert!(matches!(
            s.draw(0, Reply::Offer),
            Err(LifeError::NotAllowed(_))
        ));
    }

    #[test]
    fn a_takeback_against_a_program_takes_back_the_reply_too() {
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
        assert_eq!(
            s.takeback(0, Reply::Offer),
            Err(LifeError::NothingToTakeBack(0))
        );
        s.play(0, "b2b3").unwrap();
        s.play_program().unwrap();
        s.play(0, "c1c2").unwrap();
        s.play_program().unwrap();
        s.takeback(0, Reply::Offer).unwrap();
        assert_eq!(s.ply(), 2);
        assert_eq!(s.human_to_act(), Some(0));
        let mut s = timed("5+0", &["human", "ai:1"]);
        s.play(0, "b2b3").unwrap();
        assert!(matches!(
            s.takeback(0, Reply::Offer),
            Err(LifeError::NotAllowed(_))
        ));
    }

    #[test]
    fn a_takeback_between_people_is_asked_and_answered_and_restores_the_clocks() {
        let mut s = timed("1+0", &["human", "human"]);
        pass(5_000);
        s.play(0, "b2b3").unwrap();
        pass(7_000);
        s.play(1, "b4c3").unwrap();
        pass(1_000);
        s.takeback(1, Reply::Offer).unwrap();
        assert!(matches!(
            s.takeback(1, Reply::Accept),
            Err(LifeError::NoOffer(_))
        ));
        s.takeback(0, Reply::Decline).unwrap();
        assert_eq!(s.ply(), 2);
        s.takeback(1, Reply::Offer).unwrap();
        s.takeback(0, Reply::Accept).unwrap();
        assert_eq!(s.ply(), 1);
        assert_eq!(s.clocks_now().0, vec![Some(55_000), Some(60_000)]);
        assert_eq!(
            s.deadline().map(|d| d.0),
            Some(1),
            "seat 2's clock runs again"
        );
        // A request lapses when a move is made instead.
        s.takeback(0, Reply::Offer).unwrap();
        s.play(1, "b4c3").unwrap();
        assert!(matches!(
            s.takeback(1, Reply::Accept),
            Err(LifeError::NoOffer(_))
        ));
    }

    #[test]
    fn a_program_turn_taken_before_a_takeback_is_thought_again() {
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
        s.play(0, "b2b3").unwrap();
        let turn = s.begin_program_turn().unwrap().unwrap();
        let thought = turn.think();
        s.takeback(0, Reply::Offer).unwrap();
        s.play(0, "c1c2").unwrap();
        assert_eq!(s.ply(), 1, "the same number of moves as when it began");
        assert!(s.finish_program_turn(thought).unwrap().is_none());
    }

    #[test]
    fn a_rematch_needs_every_person_and_rotates_the_seats() {
        let mut s = people();
        assert!(matches!(
            s.rematch(0, Reply::Offer),
            Err(LifeError::NotAllowed(_))
        ));
        s.resign(0).unwrap();
        assert!(matches!(
            s.rematch(1, Reply::Accept),
            Err(LifeError::NoOffer(_))
        ));
        assert_eq!(s.rematch(0, Reply::Offer), Ok(false));
        s.rematch(1, Reply::Decline).unwrap();
        assert_eq!(s.rematch(1, Reply::Offer), Ok(false));
        assert_eq!(s.rematch(0, Reply::Accept), Ok(true));
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:3"]);
        s.resign(0).unwrap();
        assert_eq!(
            s.rematch(0, Reply::Offer),
            Ok(true),
            "programs always accept"
        );
        let (specs, from) = s.rematch_seats();
        assert_eq!(specs[0].to_string(), "ai:3");
        assert_eq!(from, vec![1, 0]);
    }

    #[test]
    fn a_rollback_undoes_moves_takebacks_and_actions() {
        let mut s = timed("1+0", &["human", "human"]);
        s.play(0, "b2b3").unwrap();
        s.play(1, "b4c3").unwrap();
        let before = s.checkpoint();
        let position = s.game().position_text();
        let life = s.life().clone();
        s.takeback(1, Reply::Offer).unwrap();
        s.takeback(0, Reply::Accept).unwrap();
        s.play(1, "a4a3").unwrap();
        s.resign(0).unwrap();
        s.rollback(before);
        assert_eq!(s.game().position_text(), position);
        assert_eq!(s.life(), &life);
        assert_eq!(s.move_clocks().len(), 2);
        assert!(s.outcome().is_none());
    }

    #[test]
    fn a_program_that_thinks_past_its_time_loses_on_time() {
        let mut s = timed("1+0", &["ai:1", "human"]);
        let turn = s.begin_program_turn().unwrap().unwrap();
        let thought = turn.think();
        pass(61_000);
        assert!(matches!(
            s.finish_program_turn(thought),
            Err(SessionError::OutOfTime { seat: 0 })
        ));
        assert_eq!(s.ply(), 0, "the late move is void");
        let o = s.outcome().unwrap();
        assert_eq!((o.reason, o.winner()), ("time", Some(Player::new(1))));
    }

    #[test]
    fn a_recorded_ending_is_read_back() {
        assert_eq!(
            Ending::from_result("resigned", &[0, 1]),
            Some(Ending::Resigned { seat: 0 })
        );
        assert_eq!(
            Ending::from_result("time", &[1, 0]),
            Some(Ending::Time { seat: 1 })
        );
        assert_eq!(Ending::from_result("agreed", &[0, 0]), Some(Ending::Agreed));
        assert_eq!(Ending::from_result("lion captured", &[1, 0]), None);
        assert_eq!(
            Ending::from_result("time", &[0, 0]),
            None,
            "no loser: not read"
        );
        for e in [
            Ending::Time { seat: 1 },
            Ending::Resigned { seat: 0 },
            Ending::Aborted,
        ] {
            let o = e.outcome(2);
            assert_eq!(Ending::from_result(o.reason, o.scores()), Some(e));
        }
    }

    #[test]
    fn names_are_checked_and_people_without_one_are_anonymous() {
        assert_eq!(check_name("  Hana  ").unwrap(), "Hana");
        assert_eq!(check_name("花子").unwrap(), "花子");
        assert_eq!(check_name(""), Err(NameError::Empty));
        assert_eq!(check_name(&"x".repeat(25)), Err(NameError::TooLong(25)));
        assert_eq!(check_name("a\u{7}b"), Err(NameError::Control));
        assert_eq!(check_name("a\u{202e}b"), Err(NameError::Control));
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
        s.set_name(0, Some("<b>Hana</b>")).unwrap();
        assert_eq!(s.names(), vec![Some("<b>Hana</b>".to_string()), None]);
        let s = people();
        assert_eq!(s.names()[1].as_deref(), Some(ANONYMOUS));
    }

    #[test]
    fn a_person_renames_its_own_seat_while_the_game_runs() {
        let mut s = session(GameKind::Dobutsu, json!({}), &["human", "ai:1"]);
        s.rename(0, "Ken").unwrap();
        assert_eq!(s.names()[0].as_deref(), Some("Ken"));
        assert!(matches!(s.rename(1, "Bot"), Err(LifeError::NotAllowed(_))));
        assert!(matches!(s.rename(0, ""), Err(LifeError::NotAllowed(_))));
        assert_eq!(
            s.names()[0].as_deref(),
            Some("Ken"),
            "a refused name changes nothing"
        );
        s.resign(0).unwrap();
        assert_eq!(s.rename(0, "Kenji"), Err(LifeError::GameOver));
        assert_eq!(s.names()[0].as_deref(), Some("Ken"));
    }

    #[test]
    fn the_record_carries_the_life_and_reads_back() {
        let mut s = timed("3+2", &["human", "human"]);
        s.set_name(0, Some("Hana, \"the\" first")).unwrap();
        s.play(0, "b2b3").unwrap();
        s.resign(1).unwrap();
        let rec = s.record();
        let text = rec.to_text();
        assert!(text.contains("time 3+2\n"), "{text}");
        assert!(text.contains("result 1 0 resigned\n"), "{text}");
        let back = crate::record::Record::parse(&text).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.clocks.len(), 1);
    }
}
