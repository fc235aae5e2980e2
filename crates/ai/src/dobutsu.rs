//! Dōbutsu Shōgi: material on the board and in hand, Lion safety and
//! advance, Chicks close to promotion.

use kyoku_core::{Decision, Player, ToAct};
use kyoku_dobutsu::{Color, Kind, Move, Position, Square, steps};

use kyoku_core::{Agent, AgentError};

use crate::agent::{Level, LevelRow, SearchAgent, level_of, parse_level, program_of};
use crate::alphabeta::Evaluation;

/// Value on the board, by [`Kind::index`] (Lion, Giraffe, Elephant, Chick, Hen).
pub const BOARD_VALUE: [i32; 5] = [0, 330, 270, 100, 360];
/// Value in hand (a drop goes anywhere), by [`Kind::index`].
pub const HAND_VALUE: [i32; 5] = [0, 370, 300, 130, 130];
const LION_VICTIM: i32 = 10_000;
/// How much below 0 a draw (a repetition) scores for the side that
/// searches, in hundredths of a Chick. 0: a contempt of 30 (play on rather
/// than repeat unless every other move looks worse by that much) lost more
/// games to Fairy-Stockfish than it won and drew as often (`docs/ai.md`),
/// so Dōbutsu's search stays node for node what it was.
pub const CONTEMPT: i32 = 0;

fn bits(mut m: u16) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Square::new(i)
        }
    })
}

/// Rank counted from `c`'s own side (0 = home rank, 3 = far rank).
fn advance(c: Color, sq: Square) -> i32 {
    match c {
        Color::Sente => sq.rank() as i32,
        Color::Gote => 3 - sq.rank() as i32,
    }
}

/// How many terms the evaluation weighs ([`features`], [`WEIGHTS`]).
pub const FEATURES: usize = 26;

/// What each term counts, by index (for the tuner's report and the docs).
/// "(diff)" terms count the side to move's minus the other side's;
/// "us"/"them" terms count one side only.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "giraffe on board (diff)",
    "elephant on board (diff)",
    "chick on board (diff)",
    "hen on board (diff)",
    "giraffe in hand (diff)",
    "elephant in hand (diff)",
    "chick in hand (diff)",
    "chick one step from promotion (diff)",
    "chick on its second rank (diff)",
    "lion on its second rank (diff)",
    "lion on its third rank (diff)",
    "mobility of giraffes, elephants, hens (diff)",
    "hen on the far half (diff)",
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

/// The weights set by hand before any tuning (the old evaluation's), where
/// `kyoku tune dobutsu` starts.
pub const HAND_WEIGHTS: [i32; FEATURES] = [
    330, 270, 100, 360, 370, 300, 130, 30, 0, 10, 40, 4, 0, 6, -6, -12, 12, 0, 0, 0, 0, 0, 0, 0, 0,
    15,
];

/// The weight of each term of [`features`], in hundredths of a Chick;
/// `kyoku tune dobutsu` regenerates them from the solved table.
pub const WEIGHTS: [i32; FEATURES] = [
    158, 179, 100, 192, 290, 235, 158, 20, 24, -16, 147, 48, 18, 64, -20, 7, -5, -52, 363, -8, 30,
    592, -465, -149, 0, 8,
];

/// The terms of the evaluation of `pos`, seen from the side to move.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    let us = pos.turn();
    side_terms(pos, us, 1, 0, &mut f);
    side_terms(pos, us.flip(), -1, 1, &mut f);
    f[FEATURES - 1] = 1;
    f
}

/// Adds `c`'s terms: `sign` for the "(diff)" terms, `slot` (0 us, 1 them)
/// for the one-sided ones.
fn side_terms(pos: &Position, c: Color, sign: i32, slot: usize, f: &mut [i32; FEATURES]) {
    let own = pos.occupied_by(c);
    let enemy = c.flip();
    for (i, k) in [Kind::Giraffe, Kind::Elephant, Kind::Chick, Kind::Hen]
        .into_iter()
        .enumerate()
    {
        f[i] += sign * (pos.pieces_of_kind(k) & own).count_ones() as i32;
    }
    for (i, k) in [Kind::Giraffe, Kind::Elephant, Kind::Chick]
        .into_iter()
        .enumerate()
    {
        f[4 + i] += sign * i32::from(pos.hand(c, k));
    }
    for sq in bits(pos.pieces_of_kind(Kind::Chick) & own) {
        match advance(c, sq) {
            2 => f[7] += sign,
            1 => f[8] += sign,
            _ => {}
        }
    }
    for sq in bits(pos.pieces_of_kind(Kind::Hen) & own) {
        f[12] += sign * i32::from(advance(c, sq) >= 2);
    }
    for k in [Kind::Giraffe, Kind::Elephant, Kind::Hen] {
        for sq in bits(pos.pieces_of_kind(k) & own) {
            f[11] += sign * (steps(c, k, sq) & !own).count_ones() as i32;
        }
    }
    for sq in bits(own & !pos.pieces_of_kind(Kind::Lion)) {
        if pos.attacked(sq, enemy) {
            let defended = pos.attacked(sq, c);
            f[if defended { 19 } else { 17 } + slot] += 1;
        }
    }
    let Some(l) = pos.lion(c) else {
        return;
    };
    match advance(c, l) {
        1 => f[9] += sign,
        2 => f[10] += sign,
        _ => {}
    }
    for sq in bits(steps(c, Kind::Lion, l)) {
        if pos.attacked(sq, enemy) {
            f[15 + slot] += 1;
        } else if own & sq.bit() == 0 {
            f[13 + slot] += 1;
            if advance(c, sq) == 3 {
                f[21 + slot] = 1;
            }
        }
    }
    f[23 + slot] = i32::from(pos.attacked(l, enemy));
}

/// The evaluation of Dōbutsu positions: [`WEIGHTS`] times [`features`].
#[derive(Clone, Copy, Debug, Default)]
pub struct DobutsuEval;

impl DobutsuEval {
    /// The score for the side to move.
    pub fn score(&self, pos: &Position) -> i32 {
        features(pos)
            .iter()
            .zip(WEIGHTS.iter())
            .map(|(f, w)| f * w)
            .sum()
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
}

/// Dōbutsu Shōgi's levels 1 (a beginner can win) to 5 (a few seconds), as rows
/// (depth cap, nodes, time cap in ms, noise, TT bits); see `docs/ai.md`.
const LEVEL_ROWS: [LevelRow; 5] = [
    (Some(1), 1_000, 200, 150, 12),
    (Some(3), 5_000, 500, 60, 14),
    (None, 50_000, 1_000, 20, 18),
    (None, 500_000, 2_000, 8, 19),
    (None, 2_000_000, 5_000, 2, 20),
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
        assert!(f[..13].iter().all(|&x| x == 0));
        let mut expected = WEIGHTS[FEATURES - 1];
        for us in (13..FEATURES - 1).step_by(2) {
            assert_eq!(f[us], f[us + 1], "{}", FEATURE_NAMES[us]);
            expected += f[us] * (WEIGHTS[us] + WEIGHTS[us + 1]);
        }
        assert_eq!(DobutsuEval.score(&p), expected);
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
        }
    }
}
