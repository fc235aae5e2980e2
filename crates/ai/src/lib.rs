//! kyoku's game programs, generic over the game contract
//! ([`kyoku_core::Position`]): alpha-beta search for two-player games (with
//! expectimax for chance) and Monte-Carlo tree search for n players.
//!
//! The searches ([`alphabeta`], [`mcts`]) know no game. Each game has one
//! module of the same shape — [`dobutsu`], [`shogun`], [`shiamgon`] — holding
//! its evaluation (or playout policy), its levels (`level(n)`) and its
//! factory (`agent(arg, seed)`, the `ai` entry of its player registry).
//! On a clock, every program budgets its thinking by one rule ([`clock`]).

// One exception, `net::Net::forward`'s call of its AVX2 build after the
// processor said it has AVX2; everything else stays safe.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod agent;
pub mod alphabeta;
pub mod clock;
pub mod dobutsu;
pub mod mcts;
pub mod net;
pub mod shiamgon;
pub mod shogun;
pub mod tt;
pub mod tune;
