//! Offers between the seats: a draw, a takeback, a rematch.

use kyoku_core::SeatSpec;

use super::super::Session;
use super::{DRAW_COOLDOWN_MOVES, Ending, LifeError, Reply};

impl Session {
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
}
