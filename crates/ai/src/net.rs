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
    ///
    /// Where the processor has AVX2 the same sums run eight lanes wide: a
    /// lane's additions are the same in the same order, so the output is
    /// the same to the bit on every machine.
    pub fn forward(&self, active: &[u16], dense: &[f32; D]) -> f32 {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            #[allow(unsafe_code)]
            return unsafe { self.forward_avx2(active, dense) };
        }
        self.forward_here(active, dense)
    }

    /// [`Net::forward`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn forward_avx2(&self, active: &[u16], dense: &[f32; D]) -> f32 {
        self.forward_here(active, dense)
    }

    /// [`Net::forward`] for whatever the caller was compiled for.
    #[inline(always)]
    fn forward_here(&self, active: &[u16], dense: &[f32; D]) -> f32 {
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
#[inline(always)]
pub fn add_row(h: &mut [f32], row: &[f32]) {
    h.iter_mut().zip(row).for_each(|(a, w)| *a += w);
}

/// Adds a dense input `x` times its row to the hidden sums (nothing for 0,
/// the common case).
#[inline(always)]
pub fn add_scaled_row(h: &mut [f32], row: &[f32], x: f32) {
    if x != 0.0 {
        h.iter_mut().zip(row).for_each(|(a, w)| *a += x * w);
    }
}

/// Independent partial sums of the output: one long chain of additions
/// would wait on each addition in turn; eight chains fill a vector's lanes.
const LANES: usize = 8;

/// The output from the hidden sums: each rectified and weighed, plus the
/// bias. Unit `i` is summed into partial sum `i mod 8`, the eight then in
/// order: a fixed order, so every build gives the same bits.
#[inline(always)]
pub fn output(h: &[f32], out: &[f32], bias: f32) -> f32 {
    let mut part = [0.0f32; LANES];
    let (hs, ws) = (h.chunks_exact(LANES), out.chunks_exact(LANES));
    let rest: f32 = hs
        .remainder()
        .iter()
        .zip(ws.remainder())
        .map(|(a, w)| a.max(0.0) * w)
        .sum();
    for (hc, wc) in hs.zip(ws) {
        for k in 0..LANES {
            part[k] += hc[k].max(0.0) * wc[k];
        }
    }
    part.iter().sum::<f32>() + rest + bias
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

    /// Whichever build runs (AVX2 or not), the output is the portable
    /// build's to the bit, and the lane-wise sum is the plain sum but for
    /// rounding.
    #[test]
    fn every_build_gives_the_same_bits() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        };
        let mut net = Net::<40, 3, 37> {
            sparse: [[0.0; 37]; 40],
            dense: [[0.0; 37]; 3],
            bias: [0.0; 37],
            out: [0.0; 37],
            out_bias: next(),
        };
        net.sparse.iter_mut().flatten().for_each(|w| *w = next());
        net.dense.iter_mut().flatten().for_each(|w| *w = next());
        net.bias.iter_mut().for_each(|w| *w = next());
        net.out.iter_mut().for_each(|w| *w = next());
        for k in 0..200u16 {
            let active: Vec<u16> = (0..1 + k % 12).map(|i| (k * 7 + i * 3) % 40).collect();
            let dense = [next() * 8.0, 0.0, next()];
            let y = net.forward(&active, &dense);
            assert_eq!(y.to_bits(), net.forward_here(&active, &dense).to_bits());
            let mut h = net.bias;
            for &i in &active {
                super::add_row(&mut h, &net.sparse[usize::from(i)]);
            }
            for (&x, row) in dense.iter().zip(&net.dense) {
                super::add_scaled_row(&mut h, row, x);
            }
            let plain: f32 = h
                .iter()
                .zip(&net.out)
                .map(|(a, w)| a.max(0.0) * w)
                .sum::<f32>()
                + net.out_bias;
            assert!((y - plain).abs() < 1e-4, "{y} {plain}");
        }
    }
}
