//! kyoku over UCI, both directions of one protocol.
//!
//! - [`protocol`]: the lines GUIs send engines ([`protocol::Command`]) and
//!   engines send back ([`protocol::EngineLine`]), read and written; the
//!   readers never panic.
//! - [`engine`]: `kyoku uci` — reads commands on one thread while the
//!   search runs on another, so `stop`, `isready` and `quit` are answered
//!   during a search.
//! - [`time`]: how long to think, from the clock.
//! - [`client`] and [`agent()`]: an outside UCI engine as a process, and as a
//!   [`kyoku_core::Agent`] that can sit in a seat of Dōbutsu or Shogun.
//!
//! The variants: `dobutsu` speaks exactly Fairy-Stockfish's FEN and moves;
//! `shogun` and `shogun-random` speak kyoku's own position text and moves
//! (chance's numbers are moves such as `e3=2`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod client;
pub mod engine;
mod games;
pub mod protocol;
pub mod seat;
pub mod time;

pub use client::{Client, ClientError, EngineSpec, Timeouts};
pub use engine::{EngineConfig, run};
pub use games::Variant;
pub use seat::{GoLimit, SeatFailure, SeatOptions, UciAgent, agent};

/// Why something of this crate failed, for a person.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The outside engine failed (start-up, crash, silence, a bad answer).
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The game has no UCI variant (Shiamgon).
    #[error("{0} cannot be played over UCI (only dobutsu, shogun and shogun-random)")]
    NoVariant(String),
}
