//! The clocks: the time control, whose clock runs, what each move cost,
//! and the flag that falls.

use super::super::Session;
use super::Ending;
use crate::clock::{Clocks, TimeControl};

impl Session {
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
    pub(in crate::session) fn time_left(&self, seat: usize) -> Option<kyoku_core::TimeLeft> {
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

    /// Starts the clock of the seat to act if it does not run; stops every
    /// clock when nobody (or chance) acts.
    pub(in crate::session) fn run_clock(&mut self) {
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
    pub(in crate::session) fn after_move(&mut self, mover: Option<usize>) {
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

    /// The store was away until `until` (Unix ms), so no move could be
    /// stored: the seat to act resumes from its remainder then, as after a
    /// restart ([`Clocks::resume_after`]). Returns the ms given back.
    pub fn resume_after_outage(&mut self, until: u64) -> u64 {
        if self.outcome().is_some() {
            return 0;
        }
        self.life
            .clocks
            .as_mut()
            .map_or(0, |c| c.resume_after(until))
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
}
