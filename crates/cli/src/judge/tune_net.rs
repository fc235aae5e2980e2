//! `kyoku tune dobutsu --net DIR`: learns the network part of the Dōbutsu
//! evaluation (`kyoku_ai::dobutsu::net`) on top of the linear weights in
//! use, from the table's values of the tuner's positions, and writes it as
//! the Rust the evaluation includes.

use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use kyoku_ai::dobutsu::net::{self, DENSE, HIDDEN, MAX_ACTIVE, SPARSE};
use kyoku_ai::dobutsu::{WEIGHTS, features, linear_score};
use kyoku_ai::tune::net::{self as net_fit, NetOptions, NetSample, Shape, fit};
use kyoku_ai::tune::{self, Sample};
use kyoku_dobutsu::Position;
use kyoku_dobutsu::solve::Value;

use super::tune::{linear_sample, target};

/// Positions the logistic's scale is fitted on (more change it little).
const SCALE_POSITIONS: usize = 200_000;

/// The labelled positions a fit learns from and is measured on.
pub struct Sets<'a> {
    /// What the network learns from.
    pub train: &'a [(Position, Value)],
    /// Held out from the tuner's own games.
    pub test: &'a [(Position, Value)],
    /// Held out from recorded games (may be empty).
    pub check: &'a [(Position, Value)],
}

/// Fits the network and writes `net_weights.rs` and `net_scale.rs` into `dir`.
pub fn run(
    sets: &Sets<'_>,
    decay: f64,
    epochs: usize,
    seed: u64,
    dir: &Path,
) -> anyhow::Result<()> {
    anyhow::ensure!(
        dir.is_dir(),
        "--net {}: no such directory (the evaluation's is crates/ai/src/dobutsu)",
        dir.display()
    );
    let scale = linear_scale(sets.train, decay);
    let samples = |set: &[(Position, Value)]| -> Vec<NetSample> {
        set.iter()
            .map(|(p, v)| net_sample(p, *v, decay, scale))
            .collect()
    };
    let (train, test) = (samples(sets.train), samples(sets.test));
    let check = samples(sets.check);
    let shape = Shape {
        sparse: SPARSE,
        dense: DENSE,
        hidden: HIDDEN,
    };
    let opts = NetOptions {
        epochs,
        seed,
        ..NetOptions::default()
    };
    let bar = ProgressBar::new(epochs as u64);
    bar.set_style(
        ProgressStyle::with_template("epochs [{bar:40}] {pos}/{len} {elapsed_precise} {msg}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let fit = fit(&train, &test, shape, &opts, |_, err| {
        bar.set_message(format!("held out {err:.5}"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    println!(
        "{} training and {} held-out positions; scale {scale:.1}",
        train.len(),
        test.len()
    );
    println!(
        "mean squared error, linear weights in use -> with the network: training {:.5} -> {:.5}, held out {:.5} -> {:.5}",
        fit.train_before, fit.train_after, fit.test_before, fit.test_after
    );
    if !check.is_empty() {
        println!(
            "{} positions of the recorded games: linear weights {:.5}, the network in use {:.5}, the new network {:.5}",
            check.len(),
            net_fit::error(&check, None),
            in_use_error(&check, scale),
            net_fit::error(&check, Some(&fit.weights))
        );
    }
    std::fs::write(dir.join("net_weights.rs"), fit.weights.to_rust())?;
    std::fs::write(dir.join("net_scale.rs"), format!("{scale:?}\n"))?;
    println!("wrote {}", dir.join("net_weights.rs").display());
    Ok(())
}

/// The mean squared error of the network in use (`net::NET`, learned on
/// its own logistic scale `net::LOGIT`) on top of the linear weights;
/// the samples' linear part is in units of `scale`.
fn in_use_error(samples: &[NetSample], scale: f32) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let dense = s.dense.as_slice().try_into().expect("the named terms");
            let z = s.base * scale / net::LOGIT + net::NET.forward(&s.active, dense);
            let p = 1.0 / (1.0 + (-f64::from(z)).exp());
            (p - f64::from(s.target)).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The logistic scale of the weights in use against these targets: the
/// network's output (a logit) is worth this many of the evaluation's units.
fn linear_scale(train: &[(Position, Value)], decay: f64) -> f32 {
    let some: Vec<Sample> = train
        .iter()
        .take(SCALE_POSITIONS)
        .map(|&(p, v)| linear_sample(&p, v, decay))
        .collect();
    let in_use: Vec<f64> = WEIGHTS.iter().map(|&w| f64::from(w)).collect();
    tune::fit_scale(&some, &in_use) as f32
}

/// The position as the network's sample: its inputs, the linear score as
/// a logit, its target.
fn net_sample(pos: &Position, value: Value, decay: f64, scale: f32) -> NetSample {
    let f = features(pos);
    let mut active = [0; MAX_ACTIVE];
    let n = net::sparse_inputs(pos, &mut active);
    NetSample {
        active: active[..n].to_vec(),
        dense: net::dense_inputs(f[..DENSE].try_into().expect("the named terms")).to_vec(),
        base: linear_score(&f) as f32 / scale,
        target: target(value, decay) as f32,
    }
}
