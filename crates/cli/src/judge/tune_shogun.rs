//! `kyoku tune shogun`: fits the Shogun evaluation's weights to the results
//! of seeded self-play games (`kyoku_ai::tune::shogun`) and prints them as
//! the `WEIGHTS` table of `crates/ai/src/shogun.rs` (`RANDOM_WEIGHTS` for
//! `--variant random`).

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_ai::shogun::{FEATURE_NAMES, HAND_WEIGHTS, weights};
use kyoku_ai::tune::shogun::{DataOptions, fit};
use kyoku_shogun::Variant;

/// `kyoku tune shogun`.
#[derive(Args)]
pub struct TuneShogunArgs {
    /// Games to take positions from (half magnetic, half random unless
    /// --variant names one).
    #[arg(long, default_value_t = 2_000)]
    games: u64,
    /// The variant of the games: both (in turn), magnetic or random.
    #[arg(long, value_enum, default_value_t = VariantChoice::Both)]
    variant: VariantChoice,
    /// Games played at once, 1 to 64 (the positions do not depend on it;
    /// default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
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

/// Which games `kyoku tune shogun` takes its positions from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantChoice {
    /// Magnetic and random games in turn.
    Both,
    /// Magnetic games only.
    Magnetic,
    /// Random-variant games only.
    Random,
}

/// Runs `kyoku tune shogun`.
pub fn run(a: TuneShogunArgs) -> anyhow::Result<()> {
    super::tune::check_fit_args(a.games, a.holdout, &a.game_levels)?;
    anyhow::ensure!(a.threads != Some(0), "--threads must be at least 1");
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
        variant: match a.variant {
            VariantChoice::Both => None,
            VariantChoice::Magnetic => Some(Variant::Magnetic),
            VariantChoice::Random => Some(Variant::Random),
        },
        threads: a
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let (fit, train, test) = fit(&data, a.epochs, || bar.inc(1));
    bar.finish_and_clear();
    anyhow::ensure!(train > 0, "no training positions: play more games");
    // The fit is set beside the table its games' variant plays with (both
    // variants: the magnetic board's, which the fit started from).
    let variant = data.variant.unwrap_or(Variant::Magnetic);
    let table = match variant {
        Variant::Magnetic => "WEIGHTS",
        Variant::Random => "RANDOM_WEIGHTS",
    };
    let in_use = weights(variant);
    super::tune::print_fit(
        train,
        test,
        &fit,
        &FEATURE_NAMES,
        &HAND_WEIGHTS,
        in_use,
        table,
    )
}
