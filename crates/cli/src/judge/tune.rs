//! `kyoku tune dobutsu`: fits the Dōbutsu evaluation's weights to the
//! solved table's exact results (Texel-style, `kyoku_ai::tune`) and prints
//! them as the `WEIGHTS` table of `crates/ai/src/dobutsu/mod.rs`.
//!
//! The training positions come from seeded games between programs (as the
//! judge's do) and from one random step off each of them, so the
//! evaluation also learns the odd positions a search visits. A share of the
//! positions, chosen by hash, is held out to measure the fit.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_ai::dobutsu::{CHICK, FEATURES, HAND_WEIGHTS, TEMPO, WEIGHTS, feature_name, features};
use kyoku_ai::tune::{self, Options, Sample};
use kyoku_core::rand::Rng;
use kyoku_core::{GameRecord, Position as _, seeded_rng};
use kyoku_dobutsu::solve::{self, Convention, Tablebase, Value};
use kyoku_dobutsu::{Move, Position};

/// `kyoku tune dobutsu`.
#[derive(Args)]
pub struct TuneArgs {
    /// Games to take positions from.
    #[arg(long, default_value_t = 300)]
    games: u64,
    /// Seed of the games.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Levels of the programs playing the games.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3")]
    game_levels: Vec<u8>,
    /// Share of the positions held out to measure the fit, in percent.
    #[arg(long, default_value_t = 10)]
    holdout: u64,
    /// Full passes of the linear fit over the training positions.
    #[arg(long, default_value_t = 2_000, conflicts_with = "net")]
    epochs: usize,
    /// Fit the logistic's scale again every this many epochs, a Chick on
    /// the board held at 100 (0: the scale of the starting weights stays).
    #[arg(long, default_value_t = 0, conflicts_with = "net")]
    refit_scale: usize,
    /// Table file (default: the `seed` table in the data directory).
    #[arg(long)]
    table: Option<PathBuf>,
    /// How a won position's target falls with its distance: a win in `d`
    /// plies is fitted to ½ + ½·DECAY^((d − 1) / 2) (a loss likewise below
    /// ½), so that a shorter win scores higher and the search has a slope to
    /// climb toward it. 1 fits plain won/drawn/lost (1, ½, 0).
    #[arg(long, default_value_t = 1.0)]
    win_decay: f64,
    /// Fit the evaluation's network (on top of the weights in use) instead
    /// of the linear weights, and write it into this directory as
    /// `net_weights.rs` and `net_scale.rs` (the evaluation's is
    /// `crates/ai/src/dobutsu`).
    #[arg(long, value_name = "DIR")]
    pub(crate) net: Option<PathBuf>,
    /// Passes of the network's fit over the training positions (with
    /// --net only).
    #[arg(long, default_value_t = 20, requires = "net")]
    pub(crate) net_epochs: usize,
    /// Take every position one move from each game position too (what a
    /// search looks at), not only one random step.
    #[arg(long)]
    children: bool,
    /// Also measure the fit on the positions of these recorded games (a
    /// `kyoku match --record` file; repeat for more) and every position one
    /// move from them: held out apart, to see how the fit does on the
    /// positions of other play than the tuner's own games.
    #[arg(long, value_name = "FILE")]
    check_games: Vec<PathBuf>,
}

/// Runs `kyoku tune dobutsu`.
pub fn run(a: TuneArgs) -> anyhow::Result<()> {
    check_fit_args(a.games, a.holdout, &a.game_levels)?;
    anyhow::ensure!(
        a.win_decay > 0.0 && a.win_decay <= 1.0,
        "--win-decay is a factor above 0 and at most 1 (1: plain won/drawn/lost)"
    );
    let tb = match &a.table {
        Some(p) => Arc::new(Tablebase::open(p, false)?),
        None => solve::shared_table()?,
    };
    anyhow::ensure!(
        tb.convention() == Convention::Seed && tb.material() == [2, 2, 2],
        "the tuner needs the whole game's table of the seed convention"
    );
    let check: Labelled = recorded_positions(&a.check_games)?
        .into_iter()
        .filter_map(|p| Some((p, label(&tb, &p)?)))
        .collect();
    let (train, test) = positions(&tb, &a);
    anyhow::ensure!(!train.is_empty(), "no training positions: play more games");
    if let Some(dir) = &a.net {
        let sets = super::tune_net::Sets {
            train: &train,
            test: &test,
            check: &check,
        };
        return super::tune_net::run(&sets, a.win_decay, a.net_epochs, a.seed, dir);
    }
    let samples = |set: &[(Position, Value)]| -> Vec<Sample> {
        set.iter()
            .map(|&(p, v)| linear_sample(&p, v, a.win_decay))
            .collect()
    };
    let (train, test, check) = (samples(&train), samples(&test), samples(&check));
    // Always from the hand-set weights, so a seed gives one answer.
    let start: Vec<f64> = HAND_WEIGHTS.iter().map(|&w| f64::from(w)).collect();
    // The tempo stays: it only shifts every score alike. With the scale
    // refitted, a Chick on the board stays too, to keep the units.
    let mut frozen = vec![TEMPO];
    if a.refit_scale > 0 {
        frozen.push(CHICK);
    }
    let opts = Options {
        epochs: a.epochs,
        frozen,
        refit_scale: a.refit_scale,
        ..Options::default()
    };
    // The weights in use, measured the same way (their own scale), so an
    // iteration's gain over the last one shows and not only over the start.
    let in_use: Vec<f64> = WEIGHTS.iter().map(|&w| f64::from(w)).collect();
    let in_use_scale = tune::fit_scale(&train, &in_use);
    let in_use_error = (
        tune::error(&train, &in_use, in_use_scale),
        tune::error(&test, &in_use, in_use_scale),
    );
    let mut fit = tune::fit(&train, &test, &start, &opts);
    // In the evaluation's units: a Chick on the board is 100 (a rescaling
    // of score and scale together changes no expected result).
    let unit = 100.0 / fit.weights[CHICK].max(1.0);
    fit.weights.iter_mut().for_each(|w| *w *= unit);
    fit.scale *= unit;
    let names: Vec<String> = (0..FEATURES).map(feature_name).collect();
    print_fit(
        train.len(),
        test.len(),
        &fit,
        &names,
        &HAND_WEIGHTS,
        &WEIGHTS,
        "WEIGHTS",
    )?;
    println!(
        "the weights in use: training {:.5}, held out {:.5}",
        in_use_error.0, in_use_error.1
    );
    if !check.is_empty() {
        println!(
            "{} positions of the recorded games: in use {:.5}, fitted {:.5}",
            check.len(),
            tune::error(&check, &in_use, in_use_scale),
            tune::error(&check, &fit.weights, fit.scale)
        );
    }
    Ok(())
}

/// Refuses the arguments both tuners share when they cannot make a fit.
pub(crate) fn check_fit_args(games: u64, holdout: u64, levels: &[u8]) -> anyhow::Result<()> {
    anyhow::ensure!(games > 0, "--games must be at least 1");
    anyhow::ensure!(
        holdout < 100,
        "--holdout is a percentage below 100 (10 holds out a tenth)"
    );
    anyhow::ensure!(
        !levels.is_empty() && levels.iter().all(|l| (1..=5).contains(l)),
        "--game-levels are levels 1 to 5, separated by commas (e.g. 2,3)"
    );
    Ok(())
}

/// Prints a fit: how many positions, the errors before and after, each
/// weight (hand-set, fitted, in use) and the fitted table as a line of
/// Rust to paste into the evaluation as the constant `table`.
pub(crate) fn print_fit(
    train: usize,
    test: usize,
    fit: &tune::Fit,
    names: &[impl AsRef<str>],
    hand: &[i32],
    in_use: &[i32],
    table: &str,
) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{train} training and {test} held-out positions; scale {:.1}",
        fit.scale
    )?;
    writeln!(
        out,
        "mean squared error: training {:.5} -> {:.5}, held out {:.5} -> {:.5}",
        fit.train_before, fit.train_after, fit.test_before, fit.test_after
    )?;
    for (i, name) in names.iter().enumerate() {
        writeln!(
            out,
            "  {:>5} -> {:>5.0}  (in use: {:>5})  {}",
            hand[i],
            fit.weights[i],
            in_use[i],
            name.as_ref()
        )?;
    }
    let rounded: Vec<String> = fit
        .weights
        .iter()
        .map(|w| format!("{}", w.round() as i32))
        .collect();
    writeln!(
        out,
        "pub const {table}: [i32; FEATURES] = [{}];",
        rounded.join(", ")
    )?;
    Ok(())
}

/// A position and its value in the table.
type Labelled = Vec<(Position, Value)>;

/// The training and held-out positions from the games.
fn positions(tb: &Tablebase, a: &TuneArgs) -> (Labelled, Labelled) {
    let bar = ProgressBar::new(a.games);
    bar.set_style(
        ProgressStyle::with_template("games [{bar:40}] {pos}/{len} {elapsed_precise} ETA {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut rng = seeded_rng(a.seed);
    let plans: Vec<(u8, u8, usize, u64)> = (0..a.games)
        .map(|game| {
            let sente = a.game_levels[rng.random_range(0..a.game_levels.len())];
            let gote = a.game_levels[rng.random_range(0..a.game_levels.len())];
            (sente, gote, rng.random_range(2..=8), a.seed ^ (game << 16))
        })
        .collect();
    let records = play_games(&plans, &bar);
    let mut seen = std::collections::HashSet::new();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut moves = Vec::new();
    for record in &records {
        for pos in record.positions() {
            let mut near = children(pos, &mut moves);
            if !a.children && !near.is_empty() {
                // One random step, as the search might take.
                near = vec![near[rng.random_range(0..near.len())]];
            }
            for p in std::iter::once(*pos).chain(near) {
                if !seen.insert(p.hash()) {
                    continue;
                }
                if let Some(v) = label(tb, &p) {
                    let held = p.hash() % 100 < a.holdout;
                    if held { &mut test } else { &mut train }.push((p, v));
                }
            }
        }
    }
    (train, test)
}

/// The positions of recorded games: each game's positions and every
/// position one move from them, each once.
fn recorded_positions(files: &[PathBuf]) -> anyhow::Result<Vec<Position>> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for file in files {
        for g in super::walk::read_games(file)? {
            let mut pos = g.start;
            for (ply, text) in g.moves.iter().enumerate() {
                let around = std::iter::once(pos).chain(children(&pos, &mut moves));
                out.extend(around.filter(|p| seen.insert(p.hash())));
                let mv = pos.parse_move(text).map_err(|e| {
                    anyhow::anyhow!(
                        "{}: game {} move {}: {e}",
                        file.display(),
                        g.number,
                        ply + 1
                    )
                })?;
                pos.play_unchecked(mv);
            }
        }
    }
    Ok(out)
}

/// Every position one move from `pos` (`moves` is scratch).
fn children(pos: &Position, moves: &mut Vec<Move>) -> Vec<Position> {
    moves.clear();
    pos.legal_moves(moves);
    moves
        .iter()
        .map(|&m| {
            let mut c = *pos;
            c.play_unchecked(m);
            c
        })
        .collect()
}

/// Plays the planned games (levels, opening plies, seed) on every core;
/// the records come back in plan order, so a seed gives one answer.
fn play_games(plans: &[(u8, u8, usize, u64)], bar: &ProgressBar) -> Vec<GameRecord<Position>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = plans.len().div_ceil(threads).max(1);
    let records = std::thread::scope(|scope| {
        let workers: Vec<_> = plans
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|&(sente, gote, opening, seed)| {
                            let r = super::play_game(sente, gote, opening, seed);
                            bar.inc(1);
                            r
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a game thread does not panic"))
            .collect()
    });
    bar.finish_and_clear();
    records
}

/// The position's value, unless the game is over or the side to move
/// takes the Lion now (the search sees those; they teach nothing).
fn label(tb: &Tablebase, pos: &Position) -> Option<Value> {
    if pos.outcome().is_some() || pos.lion_in_danger(pos.turn().flip()) {
        return None;
    }
    tb.value(pos)
}

/// The position as the linear fit's sample: its terms and its target.
pub(crate) fn linear_sample(pos: &Position, value: Value, decay: f64) -> Sample {
    Sample {
        terms: features(pos).iter().map(|&x| f64::from(x)).collect(),
        result: target(value, decay),
    }
}

/// The result a position is fitted to (see `--win-decay`): 1, ½ or 0 at a
/// decay of 1; nearer ½ the farther a win or loss lies.
pub(crate) fn target(value: Value, decay: f64) -> f64 {
    let far = |plies: u32| 0.5 * decay.powf(f64::from(plies.saturating_sub(1)) / 2.0);
    match value {
        Value::Win(d) => 0.5 + far(d),
        Value::Draw => 0.5,
        Value::Loss(d) => 0.5 - far(d),
    }
}

#[cfg(test)]
mod tests {
    use super::{Position, Value, check_fit_args, children, recorded_positions, target};
    use kyoku_core::Position as _;

    /// A recorded game gives its positions and their children, each once;
    /// a move the position does not have is an error naming the game.
    #[test]
    fn recorded_games_give_their_positions_and_children_once() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("games.jsonl");
        let start = "gle/1c1/1C1/ELG[] w - - 0 1";
        let game = |moves: &str| {
            format!(
                r#"{{"game":4,"seats":["ai:5","uci:fsf"],"start":"{start}","moves":[{moves}]}}"#
            )
        };
        std::fs::write(&path, game(r#""b2b3","b4b3""#)).expect("written");
        let got = recorded_positions(std::slice::from_ref(&path)).expect("reads");
        let first = Position::from_text(start).expect("a position");
        let mut moves = Vec::new();
        let mut after = first;
        after.play_unchecked(first.parse_move("b2b3").expect("a move"));
        let mut want: Vec<Position> = std::iter::once(first)
            .chain(children(&first, &mut moves))
            .chain(std::iter::once(after))
            .chain(children(&after, &mut moves))
            .collect();
        let mut hashes = std::collections::HashSet::new();
        want.retain(|p| hashes.insert(p.hash()));
        assert_eq!(got, want);
        // The same file twice adds nothing.
        let twice = recorded_positions(&[path.clone(), path.clone()]).expect("reads");
        assert_eq!(twice.len(), want.len());
        std::fs::write(&path, game(r#""b2b3","a1a4""#)).expect("written");
        let err = recorded_positions(&[path]).unwrap_err().to_string();
        assert!(err.contains("game 4 move 2"), "{err}");
    }

    #[test]
    fn targets_fall_toward_a_half_with_distance() {
        assert_eq!(target(Value::Win(1), 0.98), 1.0);
        assert_eq!(target(Value::Loss(0), 0.98), 0.0);
        assert_eq!(target(Value::Draw, 0.98), 0.5);
        assert_eq!(target(Value::Win(41), 1.0), 1.0);
        let (near, far) = (target(Value::Win(11), 0.98), target(Value::Win(41), 0.98));
        assert!(1.0 > near && near > far && far > 0.5, "{near} {far}");
        assert!(
            (target(Value::Loss(40), 0.98) - (1.0 - target(Value::Win(41), 0.98))).abs() < 0.01
        );
    }

    #[test]
    fn arguments_that_cannot_make_a_fit_are_refused_with_the_option_named() {
        assert!(check_fit_args(300, 10, &[1, 2, 3]).is_ok());
        for (games, holdout, levels, option) in [
            (0, 10, vec![2], "--games"),
            (300, 100, vec![2], "--holdout"),
            (300, 10, vec![], "--game-levels"),
            (300, 10, vec![2, 6], "--game-levels"),
            (300, 10, vec![0], "--game-levels"),
        ] {
            let err = check_fit_args(games, holdout, &levels).unwrap_err();
            assert!(err.to_string().contains(option), "{err}");
        }
    }
}
