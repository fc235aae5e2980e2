//! Shiamgon for kyoku.
#![forbid(unsafe_code)]

pub mod bits;
pub mod board;
pub mod start;

pub use bits::Bits;
pub use board::{Board, BoardKind, Field, Shape};
