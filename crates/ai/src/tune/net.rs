//! Learns the weights of a [`crate::net::Net`] against known results.
//!
//! A sample is a position's inputs (one-hot indices and dense values), the
//! hand-made evaluation's score for it as a logit (`base`), and the target
//! result for the side to move (1 won, ½ drawn, 0 lost, or between where
//! a far win counts less). The network learns what the hand-made
//! evaluation misses: the expected result is `σ(base + net(x))`, and the
//! network starts near zero, so the fit starts where the linear one ended.
//!
//! The fit minimises cross-entropy by mini-batch Adam over shuffled
//! samples (seeded: one seed, one answer) with a step that falls linearly
//! to a tenth; the error reported is the mean squared one, as the linear
//! tuner's, so the two compare.

use kyoku_core::rand::Rng;
use kyoku_core::rand::seq::SliceRandom;
use kyoku_core::seeded_rng;

use crate::net::{add_row, add_scaled_row, output};

/// One training position for the network.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSample {
    /// Indices of the active one-hot inputs.
    pub active: Vec<u16>,
    /// The dense inputs, scaled to about −1…1.
    pub dense: Vec<f32>,
    /// The hand-made evaluation's score divided by its logistic's scale.
    pub base: f32,
    /// The result to fit, 0…1, for the side to move.
    pub target: f32,
}

/// The network's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// One-hot inputs.
    pub sparse: usize,
    /// Dense inputs.
    pub dense: usize,
    /// Hidden units.
    pub hidden: usize,
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct NetOptions {
    /// Passes over the training samples.
    pub epochs: usize,
    /// Samples a step.
    pub batch: usize,
    /// Adam's first step size (it falls linearly to a tenth).
    pub rate: f32,
    /// Seed of the starting weights and of the shuffles.
    pub seed: u64,
}

impl Default for NetOptions {
    fn default() -> Self {
        NetOptions {
            epochs: 20,
            batch: 256,
            rate: 0.003,
            seed: 1,
        }
    }
}

/// The weights being learned, flat: row `i` of the one-hot inputs is
/// `sparse[i * hidden..][..hidden]`, likewise the dense ones.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// The size.
    pub shape: Shape,
    /// The one-hot inputs' rows.
    pub sparse: Vec<f32>,
    /// The dense inputs' rows.
    pub dense: Vec<f32>,
    /// The hidden biases.
    pub bias: Vec<f32>,
    /// The output weights.
    pub out: Vec<f32>,
    /// The output bias.
    pub out_bias: f32,
}

impl Weights {
    /// Small random weights, the output's smallest, so that the network
    /// starts near zero.
    pub fn new(shape: Shape, seed: u64) -> Weights {
        let mut rng = seeded_rng(seed);
        let mut rand =
            |n: usize, r: f32| -> Vec<f32> { (0..n).map(|_| rng.random_range(-r..r)).collect() };
        Weights {
            shape,
            sparse: rand(shape.sparse * shape.hidden, 0.2),
            dense: rand(shape.dense * shape.hidden, 0.2),
            bias: vec![0.05; shape.hidden],
            out: rand(shape.hidden, 0.01),
            out_bias: 0.0,
        }
    }

    /// The network's output for `s` (without its base); leaves the hidden
    /// units' sums in `h`.
    pub fn forward(&self, s: &NetSample, h: &mut [f32]) -> f32 {
        let n = self.shape.hidden;
        h.copy_from_slice(&self.bias);
        for &i in &s.active {
            add_row(h, &self.sparse[usize::from(i) * n..][..n]);
        }
        for (row, &x) in self.dense.chunks(n).zip(&s.dense) {
            add_scaled_row(h, row, x);
        }
        output(h, &self.out, self.out_bias)
    }

    /// Every weight, in one order (for Adam's moments).
    fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.sparse
            .iter_mut()
            .chain(self.dense.iter_mut())
            .chain(self.bias.iter_mut())
            .chain(self.out.iter_mut())
            .chain(std::iter::once(&mut self.out_bias))
    }

    /// The weights as a Rust expression of type `Net<S, D, H>` (for
    /// `include!`).
    pub fn to_rust(&self) -> String {
        let n = self.shape.hidden;
        let rows = |flat: &[f32]| -> String {
            let rows: Vec<String> = flat.chunks(n).map(|r| format!("    {r:?},\n")).collect();
            format!("[\n{}]", rows.concat())
        };
        format!(
            "Net {{\nsparse: {},\ndense: {},\nbias: {:?},\nout: {:?},\nout_bias: {:?},\n}}\n",
            rows(&self.sparse),
            rows(&self.dense),
            self.bias,
            self.out,
            self.out_bias
        )
    }
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct NetFit {
    /// The weights.
    pub weights: Weights,
    /// Mean squared error of the base alone on the training samples.
    pub train_before: f64,
    /// … with the network.
    pub train_after: f64,
    /// Mean squared error of the base alone on the held-out samples.
    pub test_before: f64,
    /// … with the network.
    pub test_after: f64,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of `σ(base + net)` (of the base alone without
/// weights).
pub fn error(samples: &[NetSample], w: Option<&Weights>) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let mut h = vec![0.0; w.map_or(0, |w| w.shape.hidden)];
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let z = s.base + w.map_or(0.0, |w| w.forward(s, &mut h));
            f64::from(sigmoid(z) - s.target).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// Adds one sample's gradient of the cross-entropy to `g` (laid out as
/// [`Weights`]).
fn backward(w: &Weights, s: &NetSample, h: &mut [f32], g: &mut Weights) {
    let n = w.shape.hidden;
    let d = sigmoid(s.base + w.forward(s, h)) - s.target;
    g.out_bias += d;
    for ((x, go), wo) in h.iter_mut().zip(g.out.iter_mut()).zip(&w.out) {
        // From here on `h` holds each unit's gradient.
        if *x > 0.0 {
            *go += d * *x;
            *x = d * wo;
        } else {
            *x = 0.0;
        }
    }
    g.bias.iter_mut().zip(h.iter()).for_each(|(a, x)| *a += x);
    for &i in &s.active {
        let row = &mut g.sparse[usize::from(i) * n..][..n];
        row.iter_mut().zip(h.iter()).for_each(|(a, x)| *a += x);
    }
    for (k, &x) in s.dense.iter().enumerate() {
        if x != 0.0 {
            let row = &mut g.dense[k * n..][..n];
            row.iter_mut().zip(h.iter()).for_each(|(a, y)| *a += x * y);
        }
    }
}

/// Fits a network of `shape` to `train`, measured on `test`; `progress`
/// hears each finished epoch with the held-out error so far.
pub fn fit(
    train: &[NetSample],
    test: &[NetSample],
    shape: Shape,
    opts: &NetOptions,
    mut progress: impl FnMut(usize, f64),
) -> NetFit {
    let mut w = Weights::new(shape, opts.seed);
    let zero = || {
        let mut z = w.clone();
        z.params_mut().for_each(|p| *p = 0.0);
        z
    };
    let (mut m, mut v, mut g) = (zero(), zero(), zero());
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = seeded_rng(opts.seed ^ 0x5eed);
    let mut h = vec![0.0; shape.hidden];
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0i32;
    let steps = (opts.epochs * train.len().div_ceil(opts.batch.max(1))).max(1) as f32;
    for epoch in 0..opts.epochs {
        order.shuffle(&mut rng);
        for chunk in order.chunks(opts.batch.max(1)) {
            g.params_mut().for_each(|p| *p = 0.0);
            for &i in chunk {
                backward(&w, &train[i], &mut h, &mut g);
            }
            t += 1;
            let rate = opts.rate * (1.0 - 0.9 * t as f32 / steps);
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            let scale = 1.0 / chunk.len() as f32;
            for (((p, gi), mi), vi) in w
                .params_mut()
                .zip(g.params_mut())
                .zip(m.params_mut())
                .zip(v.params_mut())
            {
                let gr = *gi * scale;
                *mi = b1 * *mi + (1.0 - b1) * gr;
                *vi = b2 * *vi + (1.0 - b2) * gr * gr;
                *p -= rate * (*mi / c1) / ((*vi / c2).sqrt() + eps);
            }
        }
        progress(epoch + 1, error(test, Some(&w)));
    }
    NetFit {
        train_before: error(train, None),
        train_after: error(train, Some(&w)),
        test_before: error(test, None),
        test_after: error(test, Some(&w)),
        weights: w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A result the base cannot see (it depends on two inputs together:
    /// a "xor") is learned, and the held-out error falls well below the
    /// base's.
    #[test]
    fn learns_an_interaction_the_base_misses() {
        let mut rng = seeded_rng(3);
        let mut make = |n: usize| -> Vec<NetSample> {
            (0..n)
                .map(|_| {
                    let (a, b) = (rng.random_range(0..2u16), rng.random_range(0..2u16));
                    NetSample {
                        active: vec![a, 2 + b],
                        dense: vec![rng.random_range(-1.0..1.0)],
                        base: 0.0,
                        target: if a == b { 0.9 } else { 0.1 },
                    }
                })
                .collect()
        };
        let (train, test) = (make(4000), make(500));
        let shape = Shape {
            sparse: 4,
            dense: 1,
            hidden: 8,
        };
        let opts = NetOptions {
            epochs: 30,
            ..NetOptions::default()
        };
        let fit = fit(&train, &test, shape, &opts, |_, _| {});
        assert!((fit.test_before - 0.16).abs() < 1e-6, "{}", fit.test_before);
        assert!(fit.test_after < 0.01, "{}", fit.test_after);
    }

    /// The Rust form holds every weight, in rows of the hidden width.
    #[test]
    fn rust_form_has_every_row() {
        let shape = Shape {
            sparse: 3,
            dense: 2,
            hidden: 4,
        };
        let text = Weights::new(shape, 1).to_rust();
        assert!(text.starts_with("Net {"), "{text}");
        assert_eq!(text.matches("    [").count(), 5, "{text}");
        assert!(text.contains("out_bias: 0.0"), "{text}");
    }
}
