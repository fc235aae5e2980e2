//! What the Python layer needs from a game beyond [`kyoku_core::Position`]:
//! a fixed action space, an observation tensor and drawings.
//!
//! Each game implements [`Engine`] in its own module; everything else in the
//! crate is written once against it.

use kyoku_core::Position;

/// Options that change what an observation holds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ObsOptions {
    /// Shogun: add one plane per piece with the number it would show on each
    /// square (magnetic variant). Off by default: the numbers follow from the
    /// board, but an agent that is not told must learn the magnets itself.
    pub landing_numbers: bool,
}

/// A game as the Python package sees it.
pub trait Engine: Position {
    /// The number of player actions: every action index of a player's
    /// decision lies in `0..num_actions()`. Chance outcomes (Shogun's random
    /// variant) use indices from `num_actions()` on.
    fn num_actions(&self) -> usize;

    /// The action index of a move (or a chance outcome).
    fn encode(&self, mv: Self::Move) -> usize;

    /// The move text an action index stands for, whether or not it is legal
    /// here; `None` outside the action space.
    fn action_text(&self, action: usize) -> Option<String>;

    /// The observation's shape for these options.
    fn observation_shape(&self, opts: ObsOptions) -> Vec<usize>;

    /// Writes the observation of `seat` (row-major, `observation_shape`
    /// elements) into `out`, which is cleared first.
    fn observe(&self, seat: usize, opts: ObsOptions, out: &mut Vec<i8>) {
        let acting = self.to_act().player().map(|p| p.index()) == Some(seat);
        self.observe_acting(seat, acting, opts, out)
    }

    /// [`Engine::observe`] when the caller already knows whether `seat`
    /// acts now: finding out costs a look for the game's end, which the
    /// batched environments have made already.
    fn observe_acting(&self, seat: usize, acting: bool, opts: ObsOptions, out: &mut Vec<i8>);

    /// A drawing for a terminal (plain text, no colours).
    fn drawing(&self) -> String;

    /// An SVG drawing, where the game has one.
    fn svg(&self) -> Option<String> {
        None
    }
}
