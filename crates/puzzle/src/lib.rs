//! Puzzles: positions from kyoku's own games where exactly one move does
//! what the puzzle asks, with the line that proves it.
//!
//! A [`Puzzle`] is plain data (the server stores it, `kyoku puzzles make`
//! writes it); [`make`] cuts new ones from program games and [`verify`]
//! proves one again from nothing but its data. Each game has its module,
//! because what "exactly one move wins" means and how it is proven differs:
//!
//! - [`dobutsu`]: by the solved table — exact.
//! - [`shogun`]: by a deeper search than the one that found it.
//! - [`shiamgon`]: by trying every placement and every answer to it.
//!
//! The solution is the whole line from the puzzle's position: the solver's
//! moves and the others' replies, in the order played. A move is the
//! solver's when the seat to act is the solver's seat (the one to act at
//! the start); every other move is a reply the page plays by itself.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dobutsu;
pub mod shiamgon;
pub mod shogun;

use kyoku_games::{AnyGame, GameError, GameKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// What the solver has to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// Win: the line ends in the solver's win.
    Win,
    /// Defend: exactly one move avoids losing.
    Defend,
    /// Win decisive material (Shogun: the enemy Shogun or more).
    Material,
    /// Capture the most stones with one placement (Shiamgon).
    Capture,
    /// Save a group that every other placement loses (Shiamgon).
    Save,
}

impl Goal {
    /// The goal's name as stored and sent (`win`, `defend`, …).
    pub fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Defend => "defend",
            Goal::Material => "material",
            Goal::Capture => "capture",
            Goal::Save => "save",
        }
    }
}

/// A puzzle: a position, what to do there, and the line that does it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable id: the same position (up to the game's symmetry) gives the
    /// same id, so a set never holds one position twice. See [`puzzle_id`].
    pub id: String,
    /// The game (`dobutsu`, `shogun`, `shiamgon`).
    pub game: String,
    /// The catalogue's options that start a game at `position`.
    pub options: Value,
    /// The position's text in the game's own form.
    pub position: String,
    /// What the solver must do.
    pub goal: Goal,
    /// The line from `position`: solver's moves and replies, as text.
    pub solution: Vec<String>,
    /// Words a player may search by (`mate-in-3`, `try`, `drop`, …).
    pub themes: Vec<String>,
    /// A first guess of its Glicko-2 rating, before anyone tried it.
    pub rating: f64,
}

impl Puzzle {
    /// The game at the puzzle's position, through the catalogue.
    pub fn start(&self) -> Result<Box<dyn AnyGame>, GameError> {
        kyoku_games::new_game(&self.game, &self.options)
    }

    /// How many of the solution's moves are the solver's.
    pub fn solver_moves(&self) -> usize {
        let Ok(mut game) = self.start() else {
            return 0;
        };
        let seat = game.to_act();
        let mut n = 0;
        for m in &self.solution {
            if game.to_act() == seat {
                n += 1;
            }
            if game.play(m).is_err() {
                break;
            }
        }
        n
    }
}

/// The id of a puzzle of `game` whose position, brought to its canonical
/// form by the game's module (mirror images are one position), is
/// `canonical`: 12 hex digits of its SHA-256.
pub fn puzzle_id(game: &str, canonical: &str) -> String {
    let digest = Sha256::digest(format!("{game}\n{canonical}").as_bytes());
    digest[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// How to make a set of puzzles.
#[derive(Clone, Debug)]
pub struct MakeOptions {
    /// How many to make (at most; fewer when the games run out).
    pub count: usize,
    /// Seed of the program games they are cut from.
    pub seed: u64,
    /// Threads to use.
    pub threads: usize,
}

/// Progress of [`make`]: puzzles found so far of the count asked for.
#[derive(Clone, Copy, Debug)]
pub struct Made {
    /// Puzzles found.
    pub found: u64,
    /// Puzzles asked for.
    pub wanted: u64,
    /// Program games played so far.
    pub games: u64,
}

/// Why puzzles could not be made.
#[derive(Debug, thiserror::Error)]
pub enum MakeError {
    /// Dōbutsu puzzles are proven by the solved table, which is not there.
    #[error(
        "Dōbutsu puzzles are proven by the solved table, and it could not be opened ({0}); \
         make it first with `kyoku solve dobutsu`"
    )]
    NoTable(#[from] kyoku_dobutsu::solve::TableError),
}

/// Why a puzzle does not hold.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// Its game is not one of the catalogue's, or its options or position
    /// do not start a game.
    #[error("the puzzle does not start a game: {0}")]
    Start(#[from] GameError),
    /// A move of its solution is not legal.
    #[error("move {ply} of the solution ({text:?}) is not legal: {reason}")]
    Illegal {
        /// 1-based ply in the solution.
        ply: usize,
        /// The move.
        text: String,
        /// Why.
        reason: String,
    },
    /// Its id is not the one its position gives.
    #[error("the id {found} is not the position's ({expected})")]
    Id {
        /// Stored.
        found: String,
        /// Computed.
        expected: String,
    },
    /// A Dōbutsu puzzle the table refutes.
    #[error(transparent)]
    Dobutsu(#[from] dobutsu::Refutation),
    /// A Shogun puzzle the deeper search refutes.
    #[error(transparent)]
    Shogun(#[from] shogun::Refutation),
    /// A Shiamgon puzzle the exhaustive search refutes.
    #[error(transparent)]
    Shiamgon(#[from] shiamgon::Refutation),
}

/// Makes up to `options.count` puzzles of `game` from program games,
/// calling `progress` as they are found.
pub fn make(
    game: GameKind,
    options: &MakeOptions,
    progress: &(dyn Fn(Made) + Sync),
) -> Result<Vec<Puzzle>, MakeError> {
    match game {
        GameKind::Dobutsu => dobutsu::make(options, progress),
        GameKind::Shogun => Ok(shogun::make(options, progress)),
        GameKind::Shiamgon => Ok(shiamgon::make(options, progress)),
    }
}

/// The puzzles in a finished game of `game` whose positions (their texts,
/// from the start) are `positions`: people's games become puzzles as they
/// end. Only Dōbutsu's are cut, proven on the spot by its table; the other
/// games' proofs are searches too long for a server's spare moments, and
/// their sets come from `make`.
pub fn from_game(game: GameKind, positions: &[String]) -> Result<Vec<Puzzle>, MakeError> {
    match game {
        GameKind::Dobutsu => dobutsu::from_positions(positions),
        GameKind::Shogun | GameKind::Shiamgon => Ok(Vec::new()),
    }
}

/// Proves `puzzle` again from its data alone: its id, that its line is
/// legal, and what its game's module requires of it.
pub fn verify(puzzle: &Puzzle) -> Result<(), VerifyError> {
    let game: GameKind = puzzle.game.parse()?;
    let mut g = puzzle.start()?;
    for (i, m) in puzzle.solution.iter().enumerate() {
        g.play(m).map_err(|e| VerifyError::Illegal {
            ply: i + 1,
            text: m.clone(),
            reason: e.to_string(),
        })?;
    }
    match game {
        GameKind::Dobutsu => dobutsu::verify(puzzle)?,
        GameKind::Shogun => shogun::verify(puzzle)?,
        GameKind::Shiamgon => shiamgon::verify(puzzle)?,
    }
    Ok(())
}
