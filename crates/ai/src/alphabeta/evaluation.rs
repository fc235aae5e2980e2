//! What a game tells the search: [`Evaluation`], and the optional parts of
//! the search it switches on ([`Tuning`](super::Tuning)) with their constants.

use kyoku_core::{Player, Position, ToAct};

/// What a game tells the search about its positions.
pub trait Evaluation<P: Position>: Send + Sync {
    /// The static score of `pos` for `me` (positive = good for `me`), on a
    /// scale where a minor piece is about 100. Called for positions where the
    /// game goes on (a player or chance acts).
    fn evaluate(&self, pos: &P, me: Player) -> i32;

    /// Who acts, for a position known to have legal moves. Games override it
    /// when [`Position::to_act`] does more work than needed there (checking
    /// whether the game ended).
    fn to_act(&self, pos: &P) -> ToAct {
        pos.to_act()
    }

    /// A small number naming the move for the history heuristic (below
    /// [`HISTORY_SIZE`](super::HISTORY_SIZE)); moves of one player that mean the same thing in
    /// different positions should share it (from–to squares, drop kind).
    fn move_key(&self, pos: &P, mv: P::Move) -> usize;

    /// `Some(order)` for a tactical move (capture, promotion): searched in
    /// quiescence and ordered before quiet moves, higher `order` first.
    fn tactical(&self, pos: &P, mv: P::Move) -> Option<i32> {
        let _ = (pos, mv);
        None
    }

    /// Whether the player to act in `pos` is threatened (in check): the move
    /// that led here is searched a ply deeper.
    fn threatened(&self, pos: &P) -> bool {
        let _ = pos;
        false
    }

    /// The outcome quiescence follows at a chance node under
    /// [`Tuning::chance_quiescence`](super::Tuning::chance_quiescence) (`None`, the default: it stands on the
    /// static score there). One outcome, not all: quiescence only asks what
    /// the captures that follow do, and those seldom hang on chance.
    fn quiescence_outcome(&self, pos: &P) -> Option<P::Move> {
        let _ = pos;
        None
    }

    /// Whether quiescence answers a threat: when the side to act is
    /// [`Evaluation::threatened`] it searches every move instead of standing
    /// pat on the static score. Right where a threat must be answered at
    /// once or the game is lost (a Lion in danger); off by default, where
    /// threats are frequent and cheap to survive.
    fn evasions_in_quiescence(&self) -> bool {
        false
    }

    /// The nodes a level's budget of `nodes` buys for a search from `root`
    /// (the default: `nodes`). A game whose variants' nodes cost very
    /// differently evens out the levels' time a move with it.
    fn node_budget(&self, root: &P, nodes: u64) -> u64 {
        let _ = root;
        nodes
    }

    /// The search's optional parts this game wants ([`Tuning`](super::Tuning)) for a search
    /// from `root` (a game may choose by variant); all off by default, so a
    /// game's search changes only when it asks.
    fn tuning(&self, root: &P) -> Tuning {
        let _ = root;
        Tuning::default()
    }

    /// How much less than 0 a draw scores for the side that searches
    /// (contempt): above 0, the program avoids a repetition or other draw
    /// when it has a move it thinks worse by less than this. 0 (a draw is
    /// worth 0) unless a game asks: where the reference opponent errs more
    /// than we do in long games, a draw taken early throws chances away
    /// (`docs/ai.md`). Applied only with [`Features::contempt`](super::Features::contempt).
    fn contempt(&self) -> i32 {
        0
    }

    /// Whether quiescence asks the game for its tactical moves
    /// ([`Evaluation::tactical_moves`]) and whether the game is over
    /// ([`Evaluation::no_legal_move`]) instead of listing every legal move
    /// first. Worth it where most quiescence nodes stand pat and listing
    /// every move is dear (Shogun tests each move against its own Shogun's
    /// safety). The search visits the same nodes either way.
    fn lists_tactical_moves(&self) -> bool {
        false
    }

    /// Whether `pos` has no legal move (asked only when
    /// [`Evaluation::lists_tactical_moves`]).
    fn no_legal_move(&self, pos: &P) -> bool {
        pos.count_legal_moves() == 0
    }

    /// Appends the legal moves that [`Evaluation::tactical`] scores, in the
    /// order [`Position::legal_moves`] lists them (asked only when
    /// [`Evaluation::lists_tactical_moves`]).
    fn tactical_moves(&self, pos: &P, out: &mut Vec<P::Move>) {
        let from = out.len();
        pos.legal_moves(out);
        let mut i = from;
        while i < out.len() {
            if self.tactical(pos, out[i]).is_some() {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }

    /// `pos` with the turn passed to the other player (a null move), for
    /// null-move pruning; `None` where passing makes no sense (the default,
    /// and a game's zugzwang-prone positions).
    fn null_move(&self, pos: &P) -> Option<P> {
        let _ = pos;
        None
    }
}

/// Search parts a game switches on through [`Evaluation::tuning`]. They are
/// per game because what helps one game can hurt another: each was measured
/// on the game that uses it (`docs/ai.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tuning {
    /// Null-move pruning: at a non-PV node of depth ≥ 3 whose static score
    /// is at least beta, and where the side to act is not threatened, pass
    /// ([`Evaluation::null_move`]) and search `depth − 3 − depth/6`; when
    /// even that holds beta, cut.
    pub null_move: bool,
    /// Late-move reductions grow with depth and move number
    /// (`ln(depth)·ln(index)/2`, at least 1) instead of one ply.
    pub log_reductions: bool,
    /// Counter-move heuristic: the quiet move that last refuted the
    /// opponent's previous move is ordered right after the killers.
    pub counter_moves: bool,
    /// Futility pruning near the leaves, at non-PV nodes whose side to act
    /// is not threatened: a node of depth ≤ 3 whose static score beats beta
    /// by [`FUTILITY_MARGIN`] a ply is cut (reverse futility), and at depth
    /// ≤ 2 quiet moves that threaten nothing are skipped when the static
    /// score plus the margin a ply cannot reach alpha.
    pub futility: bool,
    /// Late-move pruning: at non-PV nodes of depth ≤ 3 whose side to act is
    /// not threatened, quiet moves that threaten nothing are skipped after
    /// the first `3 + 2·depth²` (history-ordered, so the least promising).
    pub late_move_pruning: bool,
    /// Aspiration windows: from depth 4 on, an iteration first searches a
    /// window of ±[`ASPIRATION_WINDOW`] around the last iteration's score,
    /// widened (doubling) on the side that fails.
    pub aspiration: bool,
    /// Chance nodes probe first: every outcome is searched with the chance
    /// node's own window, which settles the node whenever all outcomes fall
    /// on one side of it (the usual case at a null window). Only the rest
    /// are searched again, with Star1 windows from the bounds the probe
    /// found. Outcomes count within ±[`CHANCE_BOUND`] (a win behind chance
    /// counts as that bound): Star1's windows need finite bounds, and with
    /// a mate's they stay open.
    pub chance_probe: bool,
    /// Quiescence goes on through a chance node with the outcome
    /// [`Evaluation::quiescence_outcome`] names, instead of standing on the
    /// static score there. Where every move is followed by chance, the
    /// static score would otherwise end quiescence after one capture, and
    /// the leaves would never see the other side's captures.
    pub chance_quiescence: bool,
}

/// The most an outcome of a chance node counts for, either way, under
/// [`Tuning::chance_probe`](super::Tuning::chance_probe), in score units: more than any static score,
/// far less than a mate.
pub const CHANCE_BOUND: i32 = 4_000;

/// The score a ply of remaining depth may still swing (see
/// [`Tuning::futility`](super::Tuning::futility)), in score units.
pub const FUTILITY_MARGIN: i32 = 120;

/// The first half-width of an aspiration window (see
/// [`Tuning::aspiration`](super::Tuning::aspiration)), in score units.
pub const ASPIRATION_WINDOW: i32 = 40;
