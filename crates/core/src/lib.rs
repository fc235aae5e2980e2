//! The game-agnostic contract of kyoku.
//!
//! Every game of the product (Dōbutsu Shōgi, Shogun, Shiamgon) implements
//! [`Position`]; every tool — perft, playouts, search, the terminal, the
//! server — is written once against it.
//!
//! The contract separates three things, in the manner of OpenSpiel's `State`:
//! - **who acts** ([`ToAct`]): a player on their turn, a player answering out
//!   of turn (Shiamgon's pushes), chance (Shogun's random variant), or nobody;
//! - **what they may do**: [`Position::legal_moves`], and for chance
//!   [`Position::chance_outcomes`] with probabilities;
//! - **how it ended** ([`Outcome`]): scores and ranks for 2–5 players.
//!
//! A position knows nothing of its past. Rules that need the past (threefold
//! repetition) live in [`GameRecord`], which every tool that plays whole games
//! uses; perft works on bare positions, as the rulings define it.
//!
//! ```
//! use kyoku_core::{Player, ToAct, Decision, Outcome};
//! let o = Outcome::from_scores(&[3, 7, 7], "end");
//! assert_eq!(o.rank(Player::new(0)), 3);
//! assert_eq!(o.rank(Player::new(1)), 1);
//! assert_eq!(o.rank(Player::new(2)), 1);
//! assert_eq!(ToAct::Player(Player::new(1), Decision::Turn).player(), Some(Player::new(1)));
//! ```

#![forbid(unsafe_code)]

mod agent;
mod error;
mod outcome;
mod perft;
mod player;
mod playout;
mod position;
mod record;

pub use agent::{
    Agent, AgentError, AgentFactory, AgentRegistry, RandomAgent, SeatSpec, SeatSpecError, TimeLeft,
};
pub use error::MoveError;
pub use outcome::{MAX_PLAYERS, Outcome};
pub use perft::{PerftSuite, PerftSuiteError, check_perft_suite, perft, perft_divide};
pub use player::{Decision, Player, ToAct};
pub use playout::{PlayoutEnd, random_game, sample_chance};
pub use position::Position;
pub use record::{GameRecord, REPETITION_LIMIT};

/// The random number generator every seeded thing in kyoku uses: ChaCha8,
/// whose output is fixed by its seed on every platform and release.
pub type SeededRng = rand_chacha::ChaCha8Rng;

/// A [`SeededRng`] from a 64-bit seed.
pub fn seeded_rng(seed: u64) -> SeededRng {
    use rand::SeedableRng;
    SeededRng::seed_from_u64(seed)
}

pub use rand;

/// A seed derived from `seed` for stream `stream` (a seat, a game of a
/// match) at step `n` (a ply, a game number): the splitmix64 finaliser of
/// the three mixed together, so neighbouring streams and steps get
/// unrelated seeds. Every tool that hands out seeds uses this one function.
///
/// ```
/// use kyoku_core::derive_seed;
/// assert_eq!(derive_seed(7, 1, 0), derive_seed(7, 1, 0));
/// assert_ne!(derive_seed(7, 1, 0), derive_seed(7, 2, 0));
/// assert_ne!(derive_seed(7, 1, 0), derive_seed(7, 1, 1));
/// ```
pub fn derive_seed(seed: u64, stream: u64, n: u64) -> u64 {
    let mut x = seed ^ (stream << 56) ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
