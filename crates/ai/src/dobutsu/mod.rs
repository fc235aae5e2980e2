//! Dōbutsu Shōgi: material on the board and in hand, Lion safety and
//! advance, Chicks close to promotion.

use kyoku_core::{Decision, Player, ToAct};
use kyoku_dobutsu::{Color, Kind, Move, Position, Square, mask_squares, steps};

use kyoku_core::{Agent, AgentError};

use crate::agent::{Level, LevelRow, SearchAgent, level_of, parse_level, program_of};
use crate::alphabeta::Evaluation;

pub mod net;

/// Value on the board, by [`Kind::index`] (Lion, Giraffe, Elephant, Chick, Hen).
pub const BOARD_VALUE: [i32; 5] = [0, 330, 270, 100, 360];
/// Value in hand (a drop goes anywhere), by [`Kind::index`].
pub const HAND_VALUE: [i32; 5] = [0, 370, 300, 130, 130];
const LION_VICTIM: i32 = 10_000;
/// How much below 0 a draw (a repetition) scores for the side that
/// searches, in hundredths of a Chick. 0: a contempt of 30 (play on rather
/// than repeat unless every other move looks worse by that much) lost more
/// games to Fairy-Stockfish than it won and drew as often
/// (`docs/experiments/2026-11-25-dobutsu-contempt.md`),
/// so Dōbutsu's search stays node for node what it was.
pub const CONTEMPT: i32 = 0;

/// Rank counted from `c`'s own side (0 = home rank, 3 = far rank).
fn advance(c: Color, sq: Square) -> i32 {
    match c {
        Color::Sente => sq.rank() as i32,
        Color::Gote => 3 - sq.rank() as i32,
    }
}

/// Where the piece-square terms start: 7 a kind (Lion, Giraffe, Elephant,
/// Chick, Hen), for the square seen from the piece's side — rank 0–3 and
/// edge or centre file (the board is symmetric) — less the home-rank edge
/// square, which the material terms already value.
const PSQ: usize = 21;
/// Where the terms of a piece's place relative to the enemy Lion start: 20
/// a kind (Giraffe, Elephant, Chick, Hen) for the file distance 0–2 and the
/// rank difference −3…3, less one cell (distance 1, three ranks behind) for
/// the same reason.
const NEAR_LION: usize = PSQ + 5 * 7;
/// The cell [`NEAR_LION`] leaves out.
const NEAR_LION_REFERENCE: usize = 7;

/// How many terms the evaluation weighs ([`features`], [`WEIGHTS`]).
pub const FEATURES: usize = NEAR_LION + 4 * 20;
/// The side-to-move term, which the tuner leaves as it is.
pub const TEMPO: usize = 20;
/// A Chick on the board, the unit of the weights (100).
pub const CHICK: usize = 2;

/// The first terms, by index; the piece-square and near-Lion ones follow
/// ([`feature_name`]). "(diff)" terms count the side to move's minus the
/// other side's; "us"/"them" terms count one side only.
const NAMED: [&str; PSQ] = [
    "giraffe on board (diff)",
    "elephant on board (diff)",
    "chick on board (diff)",
    "hen on board (diff)",
    "giraffe in hand (diff)",
    "elephant in hand (diff)",
    "chick in hand (diff)",
    "mobility of giraffes, elephants, hens (diff)",
    "lion free squares: us",
    "lion free squares: them",
    "squares next to the lion attacked: us",
    "squares next to the lion attacked: them",
    "pieces attacked and undefended: us",
    "pieces attacked and undefended: them",
    "pieces attacked and defended: us",
    "pieces attacked and defended: them",
    "lion can arrive next move: us",
    "lion can arrive next move: them",
    "lion attacked: us",
    "lion attacked: them",
    "side to move (tempo)",
];

/// What term `i` counts (for the tuner's report and the docs).
pub fn feature_name(i: usize) -> String {
    const KINDS: [&str; 5] = ["lion", "giraffe", "elephant", "chick", "hen"];
    if i < PSQ {
        NAMED[i].to_string()
    } else if i < NEAR_LION {
        let cell = (i - PSQ) % 7 + 1;
        let file = if cell.is_multiple_of(2) {
            "edge"
        } else {
            "centre"
        };
        format!(
            "{} on rank {} {file} (diff)",
            KINDS[(i - PSQ) / 7],
            cell / 2 + 1
        )
    } else if i < FEATURES {
        let mut cell = (i - NEAR_LION) % 20;
        cell += usize::from(cell >= NEAR_LION_REFERENCE);
        format!(
            "{} {} files, {:+} ranks from the enemy lion (diff)",
            KINDS[(i - NEAR_LION) / 20 + 1],
            cell / 7,
            cell as i32 % 7 - 3
        )
    } else {
        format!("term {i}")
    }
}

/// The weights set by hand before any tuning (the old evaluation's, its
/// Chick and Lion advance as piece-square terms), where `kyoku tune
/// dobutsu` starts.
pub const HAND_WEIGHTS: [i32; FEATURES] = hand_weights();

const fn hand_weights() -> [i32; FEATURES] {
    let mut w = [0; FEATURES];
    let first = [
        330, 270, 100, 360, 370, 300, 130, 4, 6, -6, -12, 12, 0, 0, 0, 0, 0, 0, 0, 0, 15,
    ];
    let mut i = 0;
    while i < PSQ {
        w[i] = first[i];
        i += 1;
    }
    // Cells (rank · 2 + centre) − 1: the Lion on rank 1 10, rank 2 40; a
    // Chick one step from promotion 30.
    let (lion, chick) = (PSQ, PSQ + 3 * 7);
    w[lion + 1] = 10;
    w[lion + 2] = 10;
    w[lion + 3] = 40;
    w[lion + 4] = 40;
    w[chick + 3] = 30;
    w[chick + 4] = 30;
    w
}

/// The weight of each term of [`features`], in hundredths of a Chick;
/// `kyoku tune dobutsu` regenerates them from the solved table.
pub const WEIGHTS: [i32; FEATURES] = [
    130, 134, 100, 155, 241, 197, 124, 20, 30, 0, 22, -14, -32, 264, -3, 16, 420, -258, -89, 0, 6,
    63, 113, 85, 247, 16, 0, 0, -46, -6, -10, -16, -75, -67, -59, 11, 56, 19, -70, -33, -61, -113,
    -107, -18, 32, 13, -18, -101, -96, 0, -307, 0, 77, -121, 27, -28, -1, 63, 87, 0, 150, -106, 0,
    45, 127, 143, 118, 7, 0, -26, 4, 74, 76, 70, -41, 0, -17, 29, 42, 0, 34, -40, 0, 1, 96, 107,
    145, 20, 0, -31, 49, 104, 160, 30, -142, 0, 4, 44, 39, 0, 4, -83, 0, 27, 7, 22, -78, -283, 0,
    -33, -25, -35, -44, -54, -222, 0, 0, 0, 0, 0, 337, -215, 0, 0, 89, 81, 33, -113, 0, 0, 286, 67,
    79, -44, -120, 0,
];

/// Receives the evaluation's terms one by one.
trait Terms {
    fn add(&mut self, i: usize, x: i32);
}

/// Collects the terms.
struct Collect([i32; FEATURES]);

impl Terms for Collect {
    fn add(&mut self, i: usize, x: i32) {
        self.0[i] += x;
    }
}

/// [`WEIGHTS`] times the terms `f`.
pub fn linear_score(f: &[i32; FEATURES]) -> i32 {
    f.iter().zip(WEIGHTS.iter()).map(|(x, w)| x * w).sum()
}

/// Weighs the terms as they come and keeps the named ones for the network
/// (no array of all the terms: the search's hot path).
struct WeighNamed {
    score: i32,
    named: [i32; TEMPO],
}

impl Terms for WeighNamed {
    fn add(&mut self, i: usize, x: i32) {
        self.score += WEIGHTS[i] * x;
        if let Some(t) = self.named.get_mut(i) {
            *t += x;
        }
    }
}

/// The terms of the evaluation of `pos`, seen from the side to move.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let mut c = Collect([0; FEATURES]);
    terms(pos, &mut c);
    c.0
}

fn terms(pos: &Position, t: &mut impl Terms) {
    let us = pos.turn();
    side_terms(pos, us, 1, 0, t);
    side_terms(pos, us.flip(), -1, 1, t);
    t.add(TEMPO, 1);
}

/// The piece-square cell of `sq` for a piece of `c`: rank from `c`'s side
/// times 2, plus 1 on the centre file.
fn cell(c: Color, sq: Square) -> usize {
    advance(c, sq) as usize * 2 + usize::from(sq.file() == 1)
}

/// The piece-square term of a piece of kind index `k` on `cell` (see
/// [`cell`]); none for the home-rank edge square, which material values.
fn psq_term(k: usize, cell: usize) -> Option<usize> {
    cell.checked_sub(1).map(|c| PSQ + k * 7 + c)
}

/// The near-Lion term of a piece of kind index `k` (not the Lion) `dx`
/// files and `dy` ranks (from its side) away from the enemy Lion; none for
/// the cell left out.
fn near_lion_term(k: usize, dx: usize, dy: i32) -> Option<usize> {
    let cell = dx * 7 + (dy + 3) as usize;
    let skip = usize::from(cell > NEAR_LION_REFERENCE);
    (cell != NEAR_LION_REFERENCE).then(|| NEAR_LION + (k - 1) * 20 + cell - skip)
}

/// Adds `c`'s terms: `sign` for the "(diff)" terms, `slot` (0 us, 1 them)
/// for the one-sided ones.
fn side_terms(pos: &Position, c: Color, sign: i32, slot: usize, t: &mut impl Terms) {
    let own = pos.occupied_by(c);
    let enemy = c.flip();
    for (i, k) in [Kind::Giraffe, Kind::Elephant, Kind::Chick, Kind::Hen]
        .into_iter()
        .enumerate()
    {
        t.add(i, sign * (pos.pieces_of_kind(k) & own).count_ones() as i32);
    }
    for (i, k) in [Kind::Giraffe, Kind::Elephant, Kind::Chick]
        .into_iter()
        .enumerate()
    {
        t.add(4 + i, sign * i32::from(pos.hand(c, k)));
    }
    let their_lion = pos.lion(enemy);
    for sq in mask_squares(own) {
        let Some(p) = pos.piece_at(sq) else { continue };
        let k = p.kind.index();
        if let Some(i) = psq_term(k, cell(c, sq)) {
            t.add(i, sign);
        }
        if p.kind == Kind::Lion {
            continue;
        }
        if matches!(p.kind, Kind::Giraffe | Kind::Elephant | Kind::Hen) {
            t.add(7, sign * (steps(c, p.kind, sq) & !own).count_ones() as i32);
        }
        if pos.attacked(sq, enemy) {
            let defended = pos.attacked(sq, c);
            t.add(if defended { 14 } else { 12 } + slot, 1);
        }
        if let Some(l) = their_lion {
            let dx = (sq.file() as i32 - l.file() as i32).unsigned_abs() as usize;
            let dy = advance(c, sq) - advance(c, l);
            if let Some(i) = near_lion_term(k, dx, dy) {
                t.add(i, sign);
            }
        }
    }
    let Some(l) = pos.lion(c) else {
        return;
    };
    let mut arrives = false;
    for sq in mask_squares(steps(c, Kind::Lion, l)) {
        if pos.attacked(sq, enemy) {
            t.add(10 + slot, 1);
        } else if own & sq.bit() == 0 {
            t.add(8 + slot, 1);
            arrives |= advance(c, sq) == 3;
        }
    }
    t.add(16 + slot, i32::from(arrives));
    t.add(18 + slot, i32::from(pos.attacked(l, enemy)));
}

/// The evaluation of Dōbutsu positions: [`WEIGHTS`] times [`features`],
/// plus the network's correction ([`net`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct DobutsuEval;

impl DobutsuEval {
    /// The score for the side to move: the linear terms' and the
    /// network's ([`net`]).
    pub fn score(&self, pos: &Position) -> i32 {
        let mut w = WeighNamed {
            score: 0,
            named: [0; TEMPO],
        };
        terms(pos, &mut w);
        w.score + net::score(pos, &w.named)
    }

    /// The score for Sente.
    pub fn sente_score(&self, pos: &Position) -> i32 {
        let s = self.score(pos);
        if pos.turn() == Color::Sente { s } else { -s }
    }
}

impl Evaluation<Position> for DobutsuEval {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        let s = self.score(pos);
        if pos.turn().index() == me.index() {
            s
        } else {
            -s
        }
    }

    fn to_act(&self, pos: &Position) -> ToAct {
        ToAct::Player(Player::new(pos.turn().index()), Decision::Turn)
    }

    fn move_key(&self, _pos: &Position, mv: Move) -> usize {
        match mv {
            Move::Step { from, to, .. } => from.index() * 12 + to.index(),
            Move::Drop { kind, to } => 144 + kind.index() * 12 + to.index(),
        }
    }

    fn tactical(&self, pos: &Position, mv: Move) -> Option<i32> {
        let Move::Step { from, to, promote } = mv else {
            return None;
        };
        let us = pos.turn();
        let mut t = None;
        if pos.occupied_by(us.flip()) & to.bit() != 0 {
            let victim = pos.piece_at(to).map_or(0, |p| {
                if p.kind == Kind::Lion {
                    LION_VICTIM
                } else {
                    BOARD_VALUE[p.kind.index()] + HAND_VALUE[p.kind.index()]
                }
            });
            let attacker = pos
                .piece_at(from)
                .map_or(0, |p| BOARD_VALUE[p.kind.index()]);
            t = Some(victim * 8 - attacker / 8);
        }
        if promote {
            t = Some(t.unwrap_or(0) + 300);
        }
        if pos.pieces_of_kind(Kind::Lion) & from.bit() != 0 && advance(us, to) == 3 {
            // The Lion arrives (legal moves only go to unattacked squares): a win.
            t = Some(LION_VICTIM * 8);
        }
        t
    }

    fn threatened(&self, pos: &Position) -> bool {
        pos.lion_in_danger(pos.turn())
    }

    /// A Lion in danger is lost unless the answer is found now.
    fn evasions_in_quiescence(&self) -> bool {
        true
    }

    fn contempt(&self) -> i32 {
        CONTEMPT
    }

    /// A pass (`Position::passed`), none while the mover's Lion stands
    /// attacked. Only experiments switch the null move on: level 5 keeps the
    /// default `Tuning`, since all six optional parts together, once a false
    /// draw below the pass was mended, still gained nothing against the
    /// native Fairy-Stockfish at its own time
    /// (`docs/experiments/2026-12-07-dobutsu-null-move-repetition.md`).
    fn null_move(&self, pos: &Position) -> Option<Position> {
        pos.passed()
    }
}

/// Dōbutsu Shōgi's levels 1 (a beginner can win) to 5 (a few seconds), as rows
/// (depth cap, nodes, time cap in ms, noise, TT bits); see `docs/ai.md`.
/// The network made a node 1.25 times dearer, so levels 3–5 search a fifth
/// fewer nodes than before it (50 000, 500 000, 2 000 000) and keep their
/// time a move; levels 1 and 2 stop at their depth in a few milliseconds.
const LEVEL_ROWS: [LevelRow; 5] = [
    (Some(1), 1_000, 200, 150, 12),
    (Some(3), 5_000, 500, 60, 14),
    (None, 33_000, 1_000, 20, 18),
    (None, 330_000, 2_000, 8, 19),
    (None, 1_320_000, 5_000, 2, 20),
];

/// The level numbered `level` (1–5).
pub fn level(level: u8) -> Option<Level> {
    level_of(&LEVEL_ROWS, level)
}

/// The program of `level` (`ai:LEVEL`, 1–5; a level outside is the nearest)
/// with its seed.
pub fn program(level: u8, seed: u64) -> SearchAgent<kyoku_dobutsu::Position, DobutsuEval> {
    program_of(DobutsuEval, &LEVEL_ROWS, level, seed)
}

/// The `ai` entry of the game's player registry: reads the level of
/// `ai:LEVEL` and makes the program.
pub fn agent(
    arg: Option<&str>,
    seed: u64,
) -> Result<Box<dyn Agent<kyoku_dobutsu::Position>>, AgentError> {
    Ok(Box::new(program(parse_level(arg)?, seed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_core::Position as _;

    /// The start position is symmetric: every difference is zero and each
    /// side's one-sided terms are equal (their weights differ: a piece
    /// attacked means more to the side that moves next).
    #[test]
    fn start_is_balanced() {
        let p = Position::startpos();
        let f = features(&p);
        assert!(f[..8].iter().chain(&f[PSQ..]).all(|&x| x == 0));
        let mut expected = WEIGHTS[TEMPO];
        for us in (8..TEMPO).step_by(2) {
            assert_eq!(f[us], f[us + 1], "{}", feature_name(us));
            expected += f[us] * (WEIGHTS[us] + WEIGHTS[us + 1]);
        }
        assert_eq!(linear_score(&f), expected);
    }

    /// The score the search uses is the weights times the terms plus the
    /// network's, on the positions of seeded random games, and the
    /// network shipped is a learned one (not all zeros).
    #[test]
    fn score_is_weights_times_features_plus_the_network() {
        let mut rng = kyoku_core::seeded_rng(5);
        let mut moves = Vec::new();
        let mut net_moved = 0;
        for _ in 0..40 {
            let mut p = Position::startpos();
            for _ in 0..60 {
                let f = features(&p);
                let dot: i32 = f.iter().zip(WEIGHTS.iter()).map(|(x, w)| x * w).sum();
                let net = net::score(&p, f[..TEMPO].try_into().expect("the named terms"));
                assert_eq!(DobutsuEval.score(&p), dot + net, "{}", p.to_text());
                net_moved += usize::from(net.abs() > 10);
                moves.clear();
                p.legal_moves(&mut moves);
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                use kyoku_core::rand::Rng;
                p.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(net_moved > 100, "the network moved {net_moved} scores");
    }

    /// The terms the evaluation adds are the ones their names describe
    /// (the tuner's report would mislabel its weights otherwise), and every
    /// index is used once.
    #[test]
    fn term_indices_match_their_names() {
        const KINDS: [&str; 5] = ["lion", "giraffe", "elephant", "chick", "hen"];
        let mut used = std::collections::HashSet::new();
        for (k, kind) in KINDS.iter().enumerate() {
            for cell in 1..8 {
                let i = psq_term(k, cell).expect("a term");
                let file = if cell % 2 == 1 { "centre" } else { "edge" };
                let name = format!("{kind} on rank {} {file} (diff)", cell / 2 + 1);
                assert_eq!(feature_name(i), name);
                assert!(used.insert(i));
            }
            assert_eq!(psq_term(k, 0), None);
        }
        for (k, kind) in KINDS.iter().enumerate().skip(1) {
            for dx in 0..3 {
                for dy in -3..=3 {
                    let Some(i) = near_lion_term(k, dx, dy) else {
                        assert_eq!((dx, dy), (1, -3), "only the reference cell has no term");
                        continue;
                    };
                    let name =
                        format!("{kind} {dx} files, {dy:+} ranks from the enemy lion (diff)");
                    assert_eq!(feature_name(i), name);
                    assert!(used.insert(i));
                }
            }
        }
        assert_eq!(used.len(), FEATURES - PSQ);
    }

    /// Every term has its own name (the tuner's report lists them).
    #[test]
    fn terms_have_distinct_names() {
        let names: std::collections::HashSet<String> = (0..FEATURES).map(feature_name).collect();
        assert_eq!(names.len(), FEATURES);
        assert_eq!(feature_name(TEMPO), "side to move (tempo)");
        assert_eq!(feature_name(CHICK), "chick on board (diff)");
    }

    /// A position and its colour-swapped twin score the same for the side to move.
    #[test]
    fn colour_swap_keeps_the_score() {
        for (fen, twin) in [
            ("gle/1c1/1C1/ELG[] w - - 0 1", "gle/1c1/1C1/ELG[] w - - 0 1"),
            ("1le/gc1/LC1/E1G[] w - - 0 1", "g1e/1cl/1CG/EL1[] b - - 0 1"),
        ] {
            let a = Position::from_text(fen).unwrap();
            let b = Position::from_text(twin).unwrap();
            assert_eq!(features(&a), features(&b), "{fen}");
            assert_eq!(DobutsuEval.score(&a), DobutsuEval.score(&b), "{fen}");
        }
    }
}
