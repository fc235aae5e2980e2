//! `kyoku tune shogun`: fits the Shogun evaluation's weights to the results
//! of seeded self-play games (`kyoku_ai::tune::shogun`) and prints them as
//! the `WEIGHTS` table of `crates/ai/src/shogun.rs`.

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_ai::shogun::{FEATURE_NAMES, HAND_WEIGHTS, WEIGHTS};
use kyoku_ai::tune::shogun::{DataOptions, fit};

/// `kyoku tune shogun`.
#[derive(Args)]
pub struct TuneShogunArgs {
    /// Games to take positions from (half magnetic, half random).
    #[arg(long, default_value_t = 2_000)]
    games: u64,
    /// Seed of the games.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Levels of the programs playing the games.
    #[arg(long, value_delimiter = ',', default_value = "2,3")]
    game_levels: Vec<u8>,
    /// Share of the positions held out to measure the fit, in percent.
    #[arg(long, default_value_t = 10)]
    holdout: u64,
    /// Full passes of the fit over the training positions.
    #[arg(long, default_value_t = 2_000)]
    epochs: usize,
}

/// Runs `kyoku tune shogun`.
pub fn run(a: TuneShogunArgs) -> anyhow::Result<()> {
    super::tune::check_fit_args(a.games, a.holdout, &a.game_levels)?;
    let bar = ProgressBar::new(a.games);
    bar.set_style(
        ProgressStyle::with_template("games [{bar:40}] {pos}/{len} {elapsed_precise} ETA {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let data = DataOptions {
        games: a.games,
        seed: a.seed,
        levels: a.game_levels.clone(),
        holdout: a.holdout,
    };
    let (fit, train, test) = fit(&data, a.epochs, || bar.inc(1));
    bar.finish_and_clear();
    anyhow::ensure!(train > 0, "no training positions: play more games");
    super::tune::print_fit(train, test, &fit, &FEATURE_NAMES, &HAND_WEIGHTS, &WEIGHTS)
}
