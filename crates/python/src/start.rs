//! Start positions from the options Python passes to `new_game`, with the
//! engines' own checks and messages.

use kyoku_core::Position as _;
use kyoku_shiamgon::BoardKind;
use kyoku_shogun::{Options, Variant};

use crate::engine::ObsOptions;
use crate::session::{DynSession, Session};

/// Every option `new_game` knows; each game takes its own and refuses the rest.
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    /// Dōbutsu: start from this FEN.
    pub fen: Option<String>,
    /// Shogun: quarter turns of the board, 0–3.
    pub rotation: Option<u8>,
    /// Shogun: `magnetic` or `random`.
    pub variant: Option<String>,
    /// Shogun: the soldiers' order (`GFEDCBA` or `GFEDCBA/ABCDEFG`).
    pub setup: Option<String>,
    /// Shiamgon: `tri8`, `tri16`, `disc5`, `disc10`.
    pub board: Option<String>,
    /// Shiamgon: 3–5 players.
    pub players: Option<usize>,
    /// Shiamgon: handicap stones per seat (disc boards).
    pub handicap: Option<Vec<usize>>,
    /// What observations hold.
    pub obs: ObsOptions,
}

impl GameOptions {
    /// The names of the options that are set, for "does not take" errors.
    fn set(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let named = [
            ("fen", self.fen.is_some()),
            ("rotation", self.rotation.is_some()),
            ("variant", self.variant.is_some()),
            ("setup", self.setup.is_some()),
            ("board", self.board.is_some()),
            ("players", self.players.is_some()),
            ("handicap", self.handicap.is_some()),
        ];
        for (n, on) in named {
            if on {
                v.push(n);
            }
        }
        v
    }

    fn only(&self, game: &str, allowed: &[&str]) -> Result<(), String> {
        match self.set().into_iter().find(|o| !allowed.contains(o)) {
            Some(o) => Err(format!(
                "{game} takes no option {o:?} (its options: {})",
                allowed.join(", ")
            )),
            None => Ok(()),
        }
    }
}

/// A new game of `game` with `opts`.
pub fn new_game(game: &str, opts: &GameOptions) -> Result<Box<dyn DynSession>, String> {
    match game {
        "dobutsu" => {
            opts.only(game, &["fen"])?;
            let start = match &opts.fen {
                None => kyoku_dobutsu::Position::startpos(),
                Some(fen) => kyoku_dobutsu::Position::from_text(fen).map_err(|e| e.to_string())?,
            };
            Ok(Box::new(Session::new(start, opts.obs)))
        }
        "shogun" => {
            opts.only(game, &["rotation", "variant", "setup"])?;
            let variant: Variant = opts.variant.as_deref().unwrap_or("magnetic").parse()?;
            let o = Options {
                rotation: opts.rotation.unwrap_or(0),
                variant,
                setup: opts.setup.clone(),
            };
            let start = kyoku_shogun::start(&o).map_err(|e| e.to_string())?;
            Ok(Box::new(Session::new(start, opts.obs)))
        }
        "shiamgon" => {
            opts.only(game, &["board", "players", "handicap"])?;
            let name = opts.board.as_deref().unwrap_or("disc5");
            let kind = BoardKind::parse(name).ok_or_else(|| {
                format!("unknown board {name:?}; boards are tri8, tri16, disc5, disc10")
            })?;
            let players = opts.players.unwrap_or(3);
            let handicap = opts.handicap.clone().unwrap_or_default();
            if handicap.len() > players {
                return Err(format!(
                    "{} handicap counts for {players} players",
                    handicap.len()
                ));
            }
            let start = if handicap.iter().all(|&c| c == 0) {
                kyoku_shiamgon::Position::start(kind, players)
            } else {
                kyoku_shiamgon::Position::with_default_handicap(kind, players, &handicap)
            }
            .map_err(|e| e.to_string())?;
            Ok(Box::new(Session::new(start, opts.obs)))
        }
        other => Err(unknown(other)),
    }
}

/// A game from a position text of `game`.
pub fn from_text(game: &str, text: &str, obs: ObsOptions) -> Result<Box<dyn DynSession>, String> {
    fn read<P: crate::engine::Engine>(
        text: &str,
        obs: ObsOptions,
    ) -> Result<Box<dyn DynSession>, String> {
        let pos = P::from_text(text).map_err(|e| e.to_string())?;
        Ok(Box::new(Session::new(pos, obs)))
    }
    match game {
        "dobutsu" => read::<kyoku_dobutsu::Position>(text, obs),
        "shogun" => read::<kyoku_shogun::Position>(text, obs),
        "shiamgon" => read::<kyoku_shiamgon::Position>(text, obs),
        other => Err(unknown(other)),
    }
}

fn unknown(game: &str) -> String {
    format!("unknown game {game:?}; the games are dobutsu, shogun, shiamgon")
}
