//! `kyoku … shogun`.

use clap::Args;
use kyoku_core::Position as _;
use kyoku_games::GameKind;
use kyoku_games::catalogue::options_from_flags;
use kyoku_shogun::Position;

use crate::common::{self, PositionFlags as _};

/// Where a Shogun position comes from: the game options and a start, or a
/// position text, then moves.
#[derive(Args)]
pub struct PositionArgs {
    /// Quarter turns of the board, 0–3 (changes every number).
    #[arg(long, value_name = "R")]
    rotation: Option<String>,
    /// Where numbers come from: `magnetic` (the board's magnets) or `random`.
    #[arg(long, value_name = "magnetic|random")]
    variant: Option<String>,
    /// The soldiers' order from each owner's left to right: seven letters
    /// A–G for both sides (ABCDEFG, the default) or WHITE/RED (GFEDCBA/ABCDEFG).
    #[arg(long, value_name = "ORDER")]
    setup: Option<String>,
    /// Who moves first: `white` (the default) or `red`.
    #[arg(long, value_name = "white|red")]
    first: Option<String>,
    /// Start from this position text instead (it holds rotation and variant):
    /// e.g. "gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1".
    #[arg(long, value_name = "TEXT")]
    fen: Option<String>,
    /// Play these moves first, comma-separated (e.g. `c1c4,e8e6`; chance's
    /// numbers in the random variant as `c4=2`).
    #[arg(long, value_name = "M1,M2,…")]
    moves: Option<String>,
}

impl PositionArgs {
    /// The start from the game options, checked by the catalogue as for a
    /// new game anywhere.
    fn start(&self) -> anyhow::Result<Position> {
        let given = [
            ("rotation", &self.rotation),
            ("variant", &self.variant),
            ("setup", &self.setup),
            ("first", &self.first),
        ];
        let flags: Vec<(&str, &str)> = given
            .iter()
            .filter_map(|(n, v)| v.as_deref().map(|v| (*n, v)))
            .collect();
        let options = options_from_flags(GameKind::Shogun, &flags, 2)?;
        Ok(kyoku_games::shogun::start_position(&options)?.1)
    }
}

impl common::PositionFlags for PositionArgs {
    type Position = Position;
    const DEPTH_HELP: &'static str =
        "How many plies deep to count (chance's numbers count as plies in the random variant)";

    fn record(&self) -> anyhow::Result<kyoku_core::GameRecord<Position>> {
        let start = match &self.fen {
            Some(f) => {
                if self.rotation.is_some()
                    || self.variant.is_some()
                    || self.setup.is_some()
                    || self.first.is_some()
                {
                    anyhow::bail!(
                        "--fen holds the rotation, variant and set-up; give either --fen or those"
                    );
                }
                Position::from_text(f).map_err(common::context("bad position text"))?
            }
            None => self.start()?,
        };
        common::play_moves(start, self.moves.as_deref())
    }
}

/// `kyoku perft shogun`.
pub type PerftArgs = common::PerftArgs<PositionArgs>;

/// `kyoku moves shogun` and `kyoku show shogun`.
pub type PositionOnlyArgs = common::PositionOnlyArgs<PositionArgs>;

/// Runs `kyoku show shogun`: the board with every piece's number, whose
/// move it is, any threatened Shogun, and the position text.
pub fn show(a: PositionOnlyArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    let pos = rec.position();
    println!("{}", pos.diagram());
    if let Some(o) = rec.outcome().filter(|_| pos.outcome().is_none()) {
        println!("game over: draw ({})", o.reason);
    }
    println!("{}", pos.to_text());
    Ok(())
}
