//! A small neural network for evaluations: one hidden layer of rectified
//! units over sparse one-hot inputs (a piece on a square) and a few dense
//! ones (counts a hand-made evaluation computes anyway).
//!
//! The network knows no game: a game's module turns a position into the
//! indices of its active one-hot inputs and its dense values, and ships
//! the weights [`crate::tune::net`] learned as a constant. The sparse
//! inputs cost one row of the first layer each, so a position with a dozen
//! pieces costs a dozen rows, not the whole layer.

/// The weights: `S` one-hot inputs, `D` dense ones, `H` hidden units.
#[derive(Clone, Debug, PartialEq)]
pub struct Net<const S: usize, const D: usize, const H: usize> {
    /// The hidden layer's row of each one-hot input.
    pub sparse: [[f32; H]; S],
    /// The hidden layer's row of each dense input.
    pub dense: [[f32; H]; D],
    /// The hidden layer's biases.
    pub bias: [f32; H],
    /// The output's weight of each hidden unit.
    pub out: [f32; H],
    /// The output's bias.
    pub out_bias: f32,
}

impl<const S: usize, const D: usize, const H: usize> Net<S, D, H> {
    /// The output for the one-hot inputs `active` (indices below `S`) and
    /// the dense inputs `dense`.
    pub fn forward(&self, active: &[u16], dense: &[f32; D]) -> f32 {
        let mut h = self.bias;
        for &i in active {
            add_row(&mut h, &self.sparse[usize::from(i)]);
        }
        for (&x, row) in dense.iter().zip(&self.dense) {
            add_scaled_row(&mut h, row, x);
        }
        output(&h, &self.out, self.out_bias)
    }
}

/// Adds a one-hot input's row to the hidden sums.
pub fn add_row(h: &mut [f32], row: &[f32]) {
    h.iter_mut().zip(row).for_each(|(a, w)| *a += w);
}

/// Adds a dense input `x` times its row to the hidden sums (nothing for 0,
/// the common case).
pub fn add_scaled_row(h: &mut [f32], row: &[f32], x: f32) {
    if x != 0.0 {
        h.iter_mut().zip(row).for_each(|(a, w)| *a += x * w);
    }
}

/// The output from the hidden sums: each rectified and weighed, plus the bias.
pub fn output(h: &[f32], out: &[f32], bias: f32) -> f32 {
    h.iter().zip(out).map(|(a, w)| a.max(0.0) * w).sum::<f32>() + bias
}

#[cfg(test)]
mod tests {
    use super::Net;

    /// Each hidden unit sums its rows, is cut at zero, and is weighed.
    #[test]
    fn forward_sums_rows_rectifies_and_weighs() {
        let net = Net::<3, 1, 2> {
            sparse: [[1.0, -1.0], [0.5, 2.0], [10.0, 10.0]],
            dense: [[0.25, 0.0]],
            bias: [0.0, -0.5],
            out: [2.0, 3.0],
            out_bias: 0.1,
        };
        // Unit 0: 1 + 0.5 + 0.25·2 = 2; unit 1: −1 + 2 − 0.5 = 0.5.
        let y = net.forward(&[0, 1], &[2.0]);
        assert!((y - (2.0 * 2.0 + 3.0 * 0.5 + 0.1)).abs() < 1e-6, "{y}");
        // Unit 1 goes below zero and counts nothing: −1 − 0.5.
        let y = net.forward(&[0], &[0.0]);
        assert!((y - (2.0 * 1.0 + 0.1)).abs() < 1e-6, "{y}");
    }
}
