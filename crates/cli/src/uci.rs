//! `kyoku uci`: kyoku as a UCI engine on standard input and output, for
//! GUIs, match runners and `uci:NAME` seats.

use clap::Args;
use kyoku_uci::{EngineConfig, Variant};

/// Options of `kyoku uci` (all can be changed later with `setoption`).
#[derive(Args)]
pub struct UciArgs {
    /// The variant before any UCI_Variant: dobutsu, shogun or shogun-random.
    #[arg(long, default_value = "dobutsu")]
    variant: String,
    /// The level 1–5 (option Skill): noise, depth cap and the budget of a bare `go`.
    #[arg(long, default_value_t = 5)]
    skill: u8,
    /// The seed of the level's noise (option Seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Answer Dōbutsu from the solved table (option Tablebase): the perfect player.
    #[arg(long)]
    tablebase: bool,
}

/// Runs the engine until `quit` or the end of the input.
pub fn run(a: UciArgs) -> anyhow::Result<()> {
    let variant = Variant::parse(&a.variant).ok_or_else(|| {
        anyhow::anyhow!(
            "--variant {:?} is not dobutsu, shogun or shogun-random",
            a.variant
        )
    })?;
    if !(1..=5).contains(&a.skill) {
        anyhow::bail!("--skill {} is not a level 1–5", a.skill);
    }
    let config = EngineConfig {
        variant,
        skill: a.skill,
        seed: a.seed,
        tablebase: a.tablebase,
        table: None,
    };
    kyoku_uci::run(std::io::stdin().lock(), std::io::stdout(), config)?;
    Ok(())
}
