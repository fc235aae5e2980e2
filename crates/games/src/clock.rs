//! Time controls and the clocks that run on them.
//!
//! A game is untimed, real time (`M+S`: minutes per player, plus seconds
//! added after each of the player's moves, Fischer style) or
//! correspondence (`Nd`: N days for each move). Times are milliseconds;
//! instants are milliseconds since the Unix epoch, given by the caller, so
//! the rules here are plain arithmetic that tests drive with any clock.
//!
//! ```
//! use kyoku_games::clock::{Clocks, TimeControl};
//!
//! let control: TimeControl = "3+2".parse().unwrap();
//! let mut clocks = Clocks::new(control, 2);
//! clocks.start(0, 1_000);
//! clocks.moved(0, 11_000); // seat 0 thought for 10 s and gets 2 s back
//! assert_eq!(clocks.remaining(0), Some(180_000 - 10_000 + 2_000));
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Milliseconds in a day.
const DAY_MS: u64 = 86_400_000;
/// The longest correspondence control, in days.
pub const MAX_DAYS: u32 = 14;
/// The longest real-time base, in minutes.
pub const MAX_MINUTES: f64 = 180.0;
/// The largest real-time increment, in seconds.
pub const MAX_INCREMENT: f64 = 180.0;

/// How much time each seat has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `M+S`: `base_ms` for the whole game plus `increment_ms` after each
    /// of the seat's moves.
    RealTime {
        /// The time each seat starts with.
        base_ms: u64,
        /// Added after each of the seat's moves.
        increment_ms: u64,
    },
    /// `Nd`: `days` for each move, whatever was left from the last.
    Correspondence {
        /// Days per move (1 to [`MAX_DAYS`]).
        days: u32,
    },
}

/// Why a time control cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control {text:?}: {reason}; the forms are M+S (minutes per player and seconds \
     added per move, e.g. 3+2, 10+0, 0.5+1) and Nd (days per move, 1d to {MAX_DAYS}d)"
)]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl TimeControl {
    /// The time a seat has when the game starts (correspondence: for the
    /// first move).
    pub fn initial_ms(self) -> u64 {
        match self {
            TimeControl::RealTime { base_ms, .. } => base_ms,
            TimeControl::Correspondence { days } => u64::from(days) * DAY_MS,
        }
    }

    /// The increment (none in correspondence, where each move gets its
    /// days afresh).
    pub fn increment_ms(self) -> u64 {
        match self {
            TimeControl::RealTime { increment_ms, .. } => increment_ms,
            TimeControl::Correspondence { .. } => 0,
        }
    }

    /// Whether it is a correspondence control.
    pub fn is_correspondence(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }
}

/// Reads a non-negative decimal number (`3`, `0.5`), nothing else.
fn number(text: &str) -> Option<f64> {
    let ok = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && text.chars().filter(|&c| c == '.').count() <= 1
        && !text.starts_with('.')
        && !text.ends_with('.');
    ok.then(|| text.parse().ok()).flatten()
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |reason: &str| TimeControlError {
            text: text.chars().take(40).collect(),
            reason: reason.to_string(),
        };
        if let Some(days) = text.strip_suffix('d') {
            let days: u32 = days
                .parse()
                .map_err(|_| bad("the days are not a whole number"))?;
            if !(1..=MAX_DAYS).contains(&days) {
                return Err(bad(&format!("days must be 1 to {MAX_DAYS}")));
            }
            return Ok(TimeControl::Correspondence { days });
        }
        let (m, s) = text.split_once('+').ok_or_else(|| bad("no '+' or 'd'"))?;
        let minutes = number(m).ok_or_else(|| bad("the minutes are not a number"))?;
        let seconds = number(s).ok_or_else(|| bad("the seconds are not a number"))?;
        if minutes > MAX_MINUTES || seconds > MAX_INCREMENT {
            return Err(bad(&format!(
                "at most {MAX_MINUTES} minutes and {MAX_INCREMENT} seconds"
            )));
        }
        let base_ms = (minutes * 60_000.0).round() as u64;
        let increment_ms = (seconds * 1000.0).round() as u64;
        if base_ms == 0 && increment_ms == 0 {
            return Err(bad("no time at all"));
        }
        if base_ms == 0 {
            return Err(bad("the minutes must be more than 0"));
        }
        Ok(TimeControl::RealTime {
            base_ms,
            increment_ms,
        })
    }
}

/// Writes a number of `unit` ms without a needless fraction (`3`, `0.5`).
fn write_units(f: &mut fmt::Formatter<'_>, ms: u64, unit: u64) -> fmt::Result {
    if ms.is_multiple_of(unit) {
        write!(f, "{}", ms / unit)
    } else {
        let text = format!("{:.3}", ms as f64 / unit as f64);
        write!(f, "{}", text.trim_end_matches('0'))
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::RealTime {
                base_ms,
                increment_ms,
            } => {
                write_units(f, base_ms, 60_000)?;
                f.write_str("+")?;
                write_units(f, increment_ms, 1000)
            }
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

impl Serialize for TimeControl {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The seat whose clock runs and since when.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    /// The seat (from 0).
    pub seat: usize,
    /// Unix milliseconds.
    pub since: u64,
}

/// Every seat's clock under one time control. A seat without a clock
/// (`None`: out of the contest) never runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left when its clock last stopped, in ms.
    pub remaining: Vec<Option<u64>>,
    /// The clock that runs, if one does.
    pub running: Option<Running>,
}

impl Clocks {
    /// Clocks for `seats` seats, full and stopped.
    pub fn new(control: TimeControl, seats: usize) -> Clocks {
        Clocks {
            control,
            remaining: vec![Some(control.initial_ms()); seats],
            running: None,
        }
    }

    /// `seat`'s time left at its last stop.
    pub fn remaining(&self, seat: usize) -> Option<u64> {
        self.remaining.get(seat).copied().flatten()
    }

    /// Every seat's time left at `now` (the running one counted down).
    pub fn at(&self, now: u64) -> Vec<Option<u64>> {
        let mut left = self.remaining.clone();
        if let Some(r) = self.running
            && let Some(Some(ms)) = left.get_mut(r.seat)
        {
            *ms = ms.saturating_sub(now.saturating_sub(r.since));
        }
        left
    }

    /// Starts `seat`'s clock at `now` (stops any other without charging
    /// it: callers stop clocks through [`Clocks::moved`]). A seat without a
    /// clock does not start.
    pub fn start(&mut self, seat: usize, now: u64) {
        self.running = self
            .remaining(seat)
            .is_some()
            .then_some(Running { seat, since: now });
    }

    /// The store was away until `until` (Unix ms): a running clock whose
    /// turn began before then resumes from its remainder at `until`, as it
    /// does after a restart — an outage is never charged. Applying it
    /// again changes nothing. Returns the ms given back.
    pub fn resume_after(&mut self, until: u64) -> u64 {
        match self.running.as_mut() {
            Some(r) if r.since < until => {
                let back = until - r.since;
                r.since = until;
                back
            }
            _ => 0,
        }
    }

    /// Stops every clock without charging anyone (an outage: the clocks
    /// resume from their stored remainder).
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// `seat` moved at `now`: its clock stops, charged with the time since
    /// it started, plus the increment (correspondence: the days afresh).
    /// Nothing happens when `seat`'s clock does not run.
    pub fn moved(&mut self, seat: usize, now: u64) {
        let Some(r) = self.running.filter(|r| r.seat == seat) else {
            return;
        };
        self.running = None;
        let Some(Some(ms)) = self.remaining.get_mut(seat) else {
            return;
        };
        *ms = match self.control {
            TimeControl::Correspondence { .. } => self.control.initial_ms(),
            TimeControl::RealTime { increment_ms, .. } => ms
                .saturating_sub(now.saturating_sub(r.since))
                .saturating_add(increment_ms),
        };
    }

    /// The running seat and the instant its time is up.
    pub fn deadline(&self) -> Option<(usize, u64)> {
        let r = self.running?;
        let left = self.remaining(r.seat)?;
        Some((r.seat, r.since.saturating_add(left)))
    }

    /// The seat whose time is up at `now`, if one is.
    pub fn flagged(&self, now: u64) -> Option<usize> {
        self.deadline()
            .and_then(|(seat, at)| (now >= at).then_some(seat))
    }

    /// Takes `seat` off the clock (out of the contest); stops it if it runs.
    pub fn remove(&mut self, seat: usize) {
        if let Some(ms) = self.remaining.get_mut(seat) {
            *ms = None;
        }
        if self.running.is_some_and(|r| r.seat == seat) {
            self.running = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_turn_the_store_was_away_in_resumes_after_it_once() {
        let mut c = Clocks::new("1+0".parse().unwrap(), 2);
        c.start(0, 10_000);
        // Away until 30 s: the turn starts again then, with its remainder.
        assert_eq!(c.resume_after(30_000), 20_000);
        assert_eq!(c.deadline(), Some((0, 90_000)));
        assert_eq!(c.resume_after(30_000), 0, "twice is once");
        assert_eq!(c.at(40_000), vec![Some(50_000), Some(60_000)]);
        c.moved(0, 40_000);
        c.start(1, 40_000);
        // An outage over before this turn began: nothing.
        assert_eq!(c.resume_after(35_000), 0);
        assert_eq!(c.deadline(), Some((1, 100_000)));
        c.stop();
        assert_eq!(c.resume_after(50_000), 0, "no clock runs");
    }

    #[test]
    fn time_controls_read_and_write() {
        for (text, base, inc) in [
            ("3+2", 180_000, 2000),
            ("10+0", 600_000, 0),
            ("0.5+1", 30_000, 1000),
            ("1+0.5", 60_000, 500),
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(
                tc,
                TimeControl::RealTime {
                    base_ms: base,
                    increment_ms: inc
                }
            );
            assert_eq!(tc.to_string(), text);
        }
        let tc: TimeControl = "7d".parse().unwrap();
        assert_eq!(tc, TimeControl::Correspondence { days: 7 });
        assert_eq!(tc.to_string(), "7d");
        assert_eq!(tc.initial_ms(), 7 * DAY_MS);
    }

    #[test]
    fn bad_time_controls_say_the_accepted_forms() {
        for bad in [
            "", "3", "+2", "3+", "0+0", "0d", "15d", "1.5d", "-1+2", "3+2+1", "a+b", ".5+1",
            "1e3+0", "181+0", "0+5", " 3+2",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(e.to_string().contains("M+S"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_clock_runs_down_and_gets_its_increment() {
        let mut c = Clocks::new("1+2".parse().unwrap(), 2);
        c.start(0, 0);
        assert_eq!(c.at(15_000), vec![Some(45_000), Some(60_000)]);
        assert_eq!(c.deadline(), Some((0, 60_000)));
        assert_eq!(c.flagged(59_999), None);
        assert_eq!(c.flagged(60_000), Some(0));
        c.moved(0, 20_000);
        assert_eq!(c.remaining(0), Some(42_000));
        assert_eq!(c.running, None);
        c.moved(1, 20_000); // not running: nothing
        assert_eq!(c.remaining(1), Some(60_000));
    }

    #[test]
    fn correspondence_gives_the_days_afresh() {
        let mut c = Clocks::new("1d".parse().unwrap(), 2);
        c.start(1, 0);
        c.moved(1, DAY_MS / 2);
        assert_eq!(c.remaining(1), Some(DAY_MS));
    }

    #[test]
    fn a_seat_off_the_clock_never_runs() {
        let mut c = Clocks::new("1+0".parse().unwrap(), 3);
        c.start(2, 0);
        c.remove(2);
        assert_eq!(c.running, None);
        c.start(2, 5);
        assert_eq!(c.running, None);
        assert_eq!(c.deadline(), None);
    }

    proptest! {
        #[test]
        fn reading_never_panics_and_round_trips(text in "\\PC{0,12}") {
            if let Ok(tc) = text.parse::<TimeControl>() {
                let again: TimeControl = tc.to_string().parse().unwrap();
                prop_assert_eq!(again, tc);
            }
        }

        #[test]
        fn written_controls_read_back(m in 1u64..10_800_000, s in 0u64..180_000) {
            let tc = TimeControl::RealTime { base_ms: m, increment_ms: s };
            if let Ok(again) = tc.to_string().parse::<TimeControl>() {
                // Written with three decimals: exact to the millisecond.
                let diff = |a: u64, b: u64| a.abs_diff(b);
                if let TimeControl::RealTime { base_ms, increment_ms } = again {
                    prop_assert!(diff(base_ms, m) <= 30 && diff(increment_ms, s) <= 1);
                }
            }
        }
    }
}
