//! Static evaluations of the two-player games, for [`crate::alphabeta`].

pub mod dobutsu;
pub mod shogun;
