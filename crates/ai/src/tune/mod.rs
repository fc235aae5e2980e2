//! Texel-style tuning of a linear evaluation against known results.
//!
//! A sample is a position's terms (the evaluation's features, seen from the
//! side to move) and its true result for the side to move: 1 won, ½ drawn,
//! 0 lost. The evaluation's score `w·x` maps to an expected result by the
//! logistic `1 / (1 + e^(−score / scale))`; the tuner finds the weights
//! that minimise the mean squared error between expected and true results.
//! For Dōbutsu the solved table gives every position's exact result, so the
//! training set is perfect and only the model's shape limits the fit.
//!
//! The scale is fitted first with the starting weights, then the weights by
//! full-batch Adam; the scale may be fitted again as the weights move, with
//! one weight frozen (a Chick stays 100) so the score keeps its units.
//! A held-out set measures the fit honestly.

pub mod net;
pub mod shogun;

/// One training position: its terms and its result for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation's terms ([`crate::dobutsu::features`]).
    pub terms: Vec<f64>,
    /// 1 won, 0.5 drawn, 0 lost (for the side to move).
    pub result: f64,
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct Options {
    /// Full passes over the training set.
    pub epochs: usize,
    /// Adam's step size, in score units.
    pub rate: f64,
    /// Terms whose weight stays as it starts (by index).
    pub frozen: Vec<usize>,
    /// Fit the scale again every this many epochs (0: only at the start).
    /// With a frozen term (a Chick's worth) the weights keep their units
    /// while the scale follows the sharper fit.
    pub refit_scale: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            epochs: 2_000,
            rate: 1.0,
            frozen: Vec::new(),
            refit_scale: 0,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The logistic's scale: a score of `scale` expects about 0.73.
    pub scale: f64,
    /// The weights found (rounded to integers by the caller).
    pub weights: Vec<f64>,
    /// Mean squared error on the training set with the starting weights.
    pub train_before: f64,
    /// … with the weights found.
    pub train_after: f64,
    /// Mean squared error on the held-out set with the starting weights.
    pub test_before: f64,
    /// … with the weights found.
    pub test_after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn score(weights: &[f64], terms: &[f64]) -> f64 {
    weights.iter().zip(terms).map(|(w, x)| w * x).sum()
}

/// Mean squared error of `weights` at `scale` over `samples`.
pub fn error(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (sigmoid(score(weights, &s.terms) / scale) - s.result).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale that fits `weights` best, by golden-section search over
/// 10–2000 (the error is unimodal in the scale for a fixed score).
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut lo, mut hi) = (10.0f64, 2_000.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the weights to `train` from `start`, reporting the error on `test`.
pub fn fit(train: &[Sample], test: &[Sample], start: &[f64], opts: &Options) -> Fit {
    let mut scale = fit_scale(train, start);
    let scale_before = scale;
    let mut w = start.to_vec();
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut grad = vec![0.0; n];
    for epoch in 1..=opts.epochs {
        if opts.refit_scale > 0 && epoch % opts.refit_scale == 0 {
            scale = fit_scale(train, &w);
        }
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in train {
            let p = sigmoid(score(&w, &s.terms) / scale);
            // d/dw of (p − r)²: 2 (p − r) p (1 − p) x / scale.
            let k = 2.0 * (p - s.result) * p * (1.0 - p) / scale;
            for (g, x) in grad.iter_mut().zip(&s.terms) {
                *g += k * x;
            }
        }
        let len = train.len().max(1) as f64;
        for i in 0..n {
            if opts.frozen.contains(&i) {
                continue;
            }
            let g = grad[i] / len;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= opts.rate * mh / (vh.sqrt() + eps);
        }
    }
    Fit {
        scale,
        train_before: error(train, start, scale_before),
        train_after: error(train, &w, scale),
        test_before: error(test, start, scale_before),
        test_after: error(test, &w, scale),
        weights: w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known logistic model: the fit finds weights
    /// close to the model's and lowers the error.
    #[test]
    fn recovers_a_known_model() {
        let truth = [120.0, -40.0, 15.0];
        let mut samples = Vec::new();
        for i in 0..400 {
            let terms = vec![(i % 7) as f64 - 3.0, (i % 5) as f64 - 2.0, 1.0];
            let result = sigmoid(score(&truth, &terms) / 100.0);
            samples.push(Sample { terms, result });
        }
        let start = [100.0, 0.0, 0.0];
        let opts = Options {
            epochs: 3_000,
            ..Options::default()
        };
        let f = fit(&samples, &samples, &start, &opts);
        assert!(f.train_after < f.train_before / 10.0, "{f:?}");
        // The scale is fitted to the start, so compare ratios.
        let ratio = f.weights[0] / truth[0];
        for (w, t) in f.weights.iter().zip(truth) {
            assert!((w - t * ratio).abs() < 3.0, "{f:?}");
        }
    }

    /// A frozen weight does not move.
    #[test]
    fn frozen_stays() {
        let samples = vec![
            Sample {
                terms: vec![1.0, 1.0],
                result: 1.0,
            },
            Sample {
                terms: vec![-1.0, 1.0],
                result: 0.0,
            },
        ];
        let opts = Options {
            epochs: 50,
            rate: 1.0,
            frozen: vec![1],
            refit_scale: 0,
        };
        let f = fit(&samples, &[], &[50.0, 7.0], &opts);
        assert_eq!(f.weights[1], 7.0);
        assert!(f.weights[0] > 50.0);
    }
}
