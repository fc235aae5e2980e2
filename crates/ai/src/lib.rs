//! kyoku's game programs, generic over the game contract
//! ([`kyoku_core::Position`]): alpha-beta search for two-player games (with
//! expectimax for chance) and Monte-Carlo tree search for n players.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agent;
pub mod alphabeta;
pub mod eval;
pub mod mcts;
pub mod shiamgon;
pub mod tt;
