//! Glicko-2 ratings, exactly as Mark Glickman's "Example of the Glicko-2
//! system" (revision of March 22, 2022) defines them, and their use for games
//! of two or more seats.
//!
//! Every player has a [`Rating`]: a rating `r`, a rating deviation `RD` (how
//! uncertain `r` is) and a volatility `σ` (how erratic the player is). Games
//! are rated in rating periods: [`update`] is Glickman's steps 1–8 for one
//! player and the games of one period; [`settle`] rates one game of any number
//! of seats as one period for each seat; [`idle`] and [`idle_periods`] grow the
//! RD of players who did not play.
//!
//! Two new players, one game:
//!
//! ```
//! use kyoku_rating::{Rating, TAU, settle};
//!
//! let after = settle(&[Rating::NEW, Rating::NEW], &[1, 2], TAU)?;
//! assert!((after[0].rating - 1662.3).abs() < 0.1);
//! assert!((after[1].rating - 1337.7).abs() < 0.1);
//! assert!((after[0].rd - 290.3).abs() < 0.1 && (after[1].rd - 290.3).abs() < 0.1);
//! // Still provisional: one game says little.
//! assert!(after[0].provisional());
//! # Ok::<(), kyoku_rating::SettleError>(())
//! ```
//!
//! No input makes these functions panic, and finite inputs always give finite
//! ratings with an RD in (0, [`MAX_RD`]]: out-of-range values are brought into
//! range first (see [`update`]), which never changes the result for the values
//! real players have.

use std::f64::consts::PI;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The factor between the Glicko scale (ratings around 1500) and the Glicko-2
/// scale (around 0): `μ = (r − 1500) / SCALE`, `φ = RD / SCALE`.
pub const SCALE: f64 = 173.7178;

/// The system constant τ, which bounds how fast the volatility moves (Glickman
/// suggests 0.3 to 1.2; smaller for games where upsets are rarer).
pub const TAU: f64 = 0.5;

/// The largest RD: a new player's, and the cap of every RD this crate gives.
pub const MAX_RD: f64 = 350.0;

/// A rating whose RD is above this is provisional (shown with a "?").
pub const PROVISIONAL_RD: f64 = 110.0;

/// The length of one rating period without games, in seconds: one day.
pub const PERIOD_SECONDS: i64 = 86_400;

/// The smallest volatility kept; a smaller one (or zero) is raised to it,
/// because `ln σ²` drives the volatility iteration.
pub const MIN_VOLATILITY: f64 = 1e-6;

/// The largest volatility kept: far above any real player's (0.06 is where
/// players start), it bounds the damage of absurd inputs.
pub const MAX_VOLATILITY: f64 = 1.0;

/// The range τ is clamped into: the iteration divides by τ² and steps by τ.
pub const TAU_RANGE: (f64, f64) = (0.01, 10.0);

/// The convergence tolerance ε of the volatility iteration (Glickman's).
const EPSILON: f64 = 0.000_001;

/// The largest |g(φ_j)(μ − μ_j)| the expectancy uses: beyond it (more than
/// about 5200 rating points apart) `E` would round to exactly 0 or 1 and the
/// variance `v` become infinite.
const EXPONENT_LIMIT: f64 = 30.0;

/// Iteration caps: the loops converge in a handful of steps, the caps only
/// make termination evident.
const MAX_ITERATIONS: u32 = 1_000;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating `r` (1500 for a new player).
    pub rating: f64,
    /// The rating deviation `RD`: one standard deviation of `r`.
    pub rd: f64,
    /// The volatility `σ` (on the Glicko-2 scale, 0.06 for a new player).
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating: 1500, RD 350, volatility 0.06 (Glickman's
    /// values).
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        rd: MAX_RD,
        volatility: 0.06,
    };

    /// Whether the rating is still provisional: its RD is above
    /// [`PROVISIONAL_RD`].
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }

    /// The rating brought into range: RD into [0, `MAX_RD`], volatility into
    /// [`MIN_VOLATILITY`, `MAX_VOLATILITY`]; a NaN field (and an infinite
    /// rating) reads as a new player's.
    fn sanitized(self) -> Rating {
        Rating {
            rating: if self.rating.is_finite() {
                self.rating
            } else {
                Rating::NEW.rating
            },
            rd: if self.rd.is_nan() {
                MAX_RD
            } else {
                self.rd.clamp(0.0, MAX_RD)
            },
            volatility: if self.volatility.is_nan() {
                Rating::NEW.volatility
            } else {
                self.volatility.clamp(MIN_VOLATILITY, MAX_VOLATILITY)
            },
        }
    }
}

impl Default for Rating {
    /// [`Rating::NEW`].
    fn default() -> Self {
        Rating::NEW
    }
}

/// One game's result against one opponent, from the player's view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The opponent's rating before the rating period.
    pub opponent: Rating,
    /// The player's score: 1.0 a win, 0.5 a draw, 0.0 a loss.
    pub score: f64,
}

impl Game {
    /// A win against `opponent`.
    pub const fn win(opponent: Rating) -> Game {
        Game {
            opponent,
            score: 1.0,
        }
    }

    /// A draw against `opponent`.
    pub const fn draw(opponent: Rating) -> Game {
        Game {
            opponent,
            score: 0.5,
        }
    }

    /// A loss against `opponent`.
    pub const fn loss(opponent: Rating) -> Game {
        Game {
            opponent,
            score: 0.0,
        }
    }
}

/// Why [`settle`] could not rate a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettleError {
    /// A game needs at least two seats.
    TooFewSeats {
        /// The number of ratings given.
        seats: usize,
    },
    /// Every seat needs exactly one rank.
    RankCount {
        /// The number of ratings given.
        seats: usize,
        /// The number of ranks given.
        ranks: usize,
    },
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettleError::TooFewSeats { seats } => {
                write!(f, "a rated game needs at least 2 seats, not {seats}")
            }
            SettleError::RankCount { seats, ranks } => {
                write!(f, "{seats} seats need {seats} ranks, not {ranks}")
            }
        }
    }
}

impl std::error::Error for SettleError {}

/// Glickman's g(φ): how much an opponent's uncertainty dampens a result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Glickman's E(μ, μ_j, φ_j), from `mu_diff = μ − μ_j` and `g_j = g(φ_j)`.
fn expect(mu_diff: f64, g_j: f64) -> f64 {
    // Clamped so that E stays strictly inside (0, 1): see EXPONENT_LIMIT.
    let exponent = (-g_j * mu_diff).clamp(-EXPONENT_LIMIT, EXPONENT_LIMIT);
    1.0 / (1.0 + exponent.exp())
}

/// The score, clamped into [0, 1]; NaN reads as a draw.
fn sanitized_score(score: f64) -> f64 {
    if score.is_nan() {
        0.5
    } else {
        score.clamp(0.0, 1.0)
    }
}

/// τ clamped into [`TAU_RANGE`]; NaN reads as [`TAU`].
fn sanitized_tau(tau: f64) -> f64 {
    if tau.is_nan() {
        TAU
    } else {
        tau.clamp(TAU_RANGE.0, TAU_RANGE.1)
    }
}

/// Glickman's step 5: the new volatility σ', by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let (phi2, delta2, tau2) = (phi * phi, delta * delta, tau * tau);
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi2 + v + ex;
        ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / tau2
    };
    let mut big_a = a;
    let mut big_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        // f(x) > k/τ − 1/2 here, so k never passes τ/2 + 1: the cap is idle.
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < f64::from(MAX_ITERATIONS) {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..MAX_ITERATIONS {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        if !big_c.is_finite() {
            break;
        }
        let f_c = f(big_c);
        // "≤", not "<" (the 2022 revision): with "<", f_C = 0 exactly loops
        // forever, halving f_A.
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    if sigma_new.is_nan() {
        sigma
    } else {
        sigma_new.clamp(MIN_VOLATILITY, MAX_VOLATILITY)
    }
}

/// Glicko-2's update of `player` by the `games` of one rating period, with
/// system constant `tau` (usually [`TAU`]); every opponent's rating is the
/// one from before the period.
///
/// With no games only the RD grows, by one period: `φ' = √(φ² + σ²)`.
///
/// The RD of the result is capped at [`MAX_RD`]. Inputs out of range are
/// brought into range first: RDs into [0, `MAX_RD`], volatilities into
/// [[`MIN_VOLATILITY`], [`MAX_VOLATILITY`]], scores into [0, 1], `tau` into
/// [`TAU_RANGE`]; a NaN reads as a new player's value (a draw for a score,
/// [`TAU`] for `tau`), an infinite rating as 1500. The new volatility is kept
/// in the same range.
pub fn update(player: Rating, games: &[Game], tau: f64) -> Rating {
    let player = player.sanitized();
    if games.is_empty() {
        return idle(player, 1);
    }
    let tau = sanitized_tau(tau);
    // Step 2 (μ is only ever needed as a difference: see the rating below).
    let phi = player.rd / SCALE;
    // Steps 3 and 4: `information` is 1/v, `improvement` is Δ/v.
    let (mut information, mut improvement) = (0.0, 0.0);
    for game in games {
        let opponent = game.opponent.sanitized();
        let g_j = g(opponent.rd / SCALE);
        let e_j = expect((player.rating - opponent.rating) / SCALE, g_j);
        information += g_j * g_j * e_j * (1.0 - e_j);
        improvement += g_j * (sanitized_score(game.score) - e_j);
    }
    let v = 1.0 / information;
    let delta = v * improvement;
    // Steps 5 to 7.
    let sigma = new_volatility(phi, player.volatility, v, delta, tau);
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    // Step 8: r' = SCALE·μ' + 1500 with μ' = μ + φ'²·Σ…, written as a change
    // of r so that no rating, however large, overflows on the way.
    Rating {
        rating: player.rating + SCALE * phi_new * phi_new * improvement,
        rd: (SCALE * phi_new).min(MAX_RD),
        volatility: sigma,
    }
}

/// The rating after `periods` rating periods without games: the RD grows to
/// `SCALE·√(φ² + periods·σ²)`, capped at [`MAX_RD`]; rating and volatility
/// stay. Out-of-range inputs are treated as in [`update`].
pub fn idle(player: Rating, periods: u32) -> Rating {
    let player = player.sanitized();
    let (phi, sigma) = (player.rd / SCALE, player.volatility);
    let phi_new = (phi * phi + f64::from(periods) * sigma * sigma).sqrt();
    Rating {
        rd: (SCALE * phi_new).min(MAX_RD),
        ..player
    }
}

/// The whole rating periods ([`PERIOD_SECONDS`] each) from Unix time `from`
/// to Unix time `to`, in seconds: 0 if `to` is not later, at most `u32::MAX`.
pub fn idle_periods(from: i64, to: i64) -> u32 {
    // i128: the difference of two i64 can overflow i64.
    let periods = (i128::from(to) - i128::from(from)).max(0) / i128::from(PERIOD_SECONDS);
    u32::try_from(periods).unwrap_or(u32::MAX)
}

/// The ratings after one game of two or more seats, from the ratings `before`
/// it and each seat's rank (1 = first; only the order matters, equal ranks
/// are draws).
///
/// Each pair of seats is one result (the lower rank wins, equal ranks draw),
/// and each seat's results form one rating period against the opponents'
/// ratings from before the game: with two seats, the ordinary two-player
/// update. Returns one rating per seat, in the order of `before`.
///
/// # Errors
///
/// [`SettleError::TooFewSeats`] with fewer than two seats,
/// [`SettleError::RankCount`] if `ranks` is not as long as `before`.
pub fn settle(before: &[Rating], ranks: &[usize], tau: f64) -> Result<Vec<Rating>, SettleError> {
    if before.len() < 2 {
        return Err(SettleError::TooFewSeats {
            seats: before.len(),
        });
    }
    if ranks.len() != before.len() {
        return Err(SettleError::RankCount {
            seats: before.len(),
            ranks: ranks.len(),
        });
    }
    let after = (0..before.len())
        .map(|seat| {
            let games: Vec<Game> = (0..before.len())
                .filter(|&other| other != seat)
                .map(|other| {
                    let score = match ranks[seat].cmp(&ranks[other]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    Game {
                        opponent: before[other],
                        score,
                    }
                })
                .collect();
            update(before[seat], &games, tau)
        })
        .collect();
    Ok(after)
}

/// The expected score of `a` against `b`: Glicko-2's E, which dampens the
/// difference by `b`'s uncertainty g(φ_b) (so `expectancy(a, b)` and
/// `expectancy(b, a)` sum to 1 only if the RDs are equal). For display.
pub fn expectancy(a: Rating, b: Rating) -> f64 {
    let (a, b) = (a.sanitized(), b.sanitized());
    expect((a.rating - b.rating) / SCALE, g(b.rd / SCALE))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's example, step by step: the intermediate quantities his
    /// paper prints (to its precision).
    #[test]
    fn glickman_intermediate_quantities() {
        let mu = 0.0;
        let opponents = [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ];
        let (g_want, e_want) = ([0.9955, 0.9531, 0.7242], [0.639, 0.432, 0.303]);
        let (mut information, mut improvement) = (0.0, 0.0);
        for (i, (r, rd, s)) in opponents.into_iter().enumerate() {
            let mu_j: f64 = (r - 1500.0) / SCALE;
            let g_j = g(rd / SCALE);
            let e_j = expect(mu - mu_j, g_j);
            assert!((g_j - g_want[i]).abs() < 0.00005, "g_{i} = {g_j}");
            assert!((e_j - e_want[i]).abs() < 0.0005, "E_{i} = {e_j}");
            information += g_j * g_j * e_j * (1.0 - e_j);
            improvement += g_j * (s - e_j);
        }
        let v = 1.0 / information;
        let delta = v * improvement;
        // The paper computes v and Δ from its rounded E values: 1.7785 and
        // −0.4834 to its precision, 1.77898 and −0.48393 without rounding.
        assert!((v - 1.7785).abs() < 0.001, "v = {v}");
        assert!((delta - -0.4834).abs() < 0.001, "Δ = {delta}");
        assert!((v - 1.778_98).abs() < 0.000_01, "v = {v}");
        assert!((delta - -0.483_93).abs() < 0.000_01, "Δ = {delta}");
        let sigma = new_volatility(200.0 / SCALE, 0.06, v, delta, 0.5);
        assert!((sigma - 0.05999).abs() < 0.000_01, "σ' = {sigma}");
    }

    #[test]
    fn volatility_rises_after_an_upset() {
        // A settled player losing all of many games to a far weaker one: the
        // volatility must rise (Δ² > φ² + v, the other branch of step 5).
        let player = Rating {
            rating: 2000.0,
            rd: 50.0,
            volatility: 0.06,
        };
        let weak = Rating {
            rating: 1200.0,
            rd: 50.0,
            volatility: 0.06,
        };
        let after = update(player, &[Game::loss(weak); 20], TAU);
        assert!(after.volatility > 0.065, "{after:?}");
    }

    #[test]
    fn sanitizing_keeps_real_ratings() {
        let real = Rating {
            rating: 1234.5,
            rd: 67.8,
            volatility: 0.059,
        };
        assert_eq!(real.sanitized(), real);
        assert_eq!(Rating::NEW.sanitized(), Rating::NEW);
    }
}
