//! Shogun: material (the game is lost at one soldier, so each soldier
//! counts more as they dwindle), the Shogun's safety (escape squares,
//! enemy reach around it), soldiers left hanging, and mobility — which is
//! where the numbers pieces show come in: a piece showing 4 on an open
//! board reaches up to 16 squares, one showing 1 at most 4.

use std::sync::OnceLock;

use kyoku_core::{Decision, Player, ToAct};
use kyoku_shogun::{Color, Move, Position, Square};

use kyoku_core::{Agent, AgentError};

use crate::agent::{Level, LevelRow, SearchAgent, level_of, parse_level, program_of};
use crate::alphabeta::Evaluation;

/// Material by soldier count (0–7): the game is lost at 1, so the first
/// soldiers lost cost less than the last.
pub const MATERIAL: [i32; 8] = [0, 0, 420, 700, 920, 1100, 1250, 1380];

/// Destinations at exactly `n` steps and the squares passed on the two
/// L-shaped paths (one when straight), per square.
struct Geometry {
    /// `ring[n][s]`: squares at Manhattan distance `n` from `s`.
    ring: [[u64; 64]; 5],
    /// `between[s * 64 + t]`: squares passed going first along x, first along y.
    between: Vec<[u64; 2]>,
}

fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| {
        let mut ring = [[0u64; 64]; 5];
        let mut between = vec![[0u64; 2]; 64 * 64];
        for s in 0..64i32 {
            let (sx, sy) = (s % 8, s / 8);
            for t in 0..64i32 {
                let (tx, ty) = (t % 8, t / 8);
                let d = (sx - tx).abs() + (sy - ty).abs();
                if (1..=4).contains(&d) {
                    ring[d as usize][s as usize] |= 1 << t;
                }
                let (stepx, stepy) = ((tx - sx).signum(), (ty - sy).signum());
                let mut paths = [0u64; 2];
                for (k, x_first) in [true, false].into_iter().enumerate() {
                    let (mut x, mut y) = (sx, sy);
                    let mut m = 0u64;
                    loop {
                        if x_first && x != tx || !x_first && y == ty {
                            x += stepx;
                        } else {
                            y += stepy;
                        }
                        if (x, y) == (tx, ty) {
                            break;
                        }
                        m |= 1 << (y * 8 + x);
                    }
                    paths[k] = m;
                }
                if s != t {
                    between[(s * 64 + t) as usize] = paths;
                }
            }
        }
        Geometry { ring, between }
    })
}

/// The squares a piece on `s` showing `n` reaches (any occupant), with `occ`
/// blocking the way.
#[inline]
fn reach(g: &Geometry, s: usize, n: u8, occ: u64) -> u64 {
    let mut out = 0;
    let mut t = g.ring[n.min(4) as usize][s];
    while t != 0 {
        let d = t.trailing_zeros() as usize;
        t &= t - 1;
        let [a, b] = g.between[s * 64 + d];
        if occ & a == 0 || occ & b == 0 {
            out |= 1 << d;
        }
    }
    out
}

/// The evaluation of Shogun positions (both variants).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShogunEval;

struct Side {
    attacks: u64,
    mobility: i32,
    shogun_reach: u64,
}

impl ShogunEval {
    fn side(&self, pos: &Position, g: &Geometry, c: Color, occ: u64) -> Side {
        let own = pos.pieces(c);
        let enemy_shogun = pos.shogun_square(c.other()).bit();
        let shogun = pos.shogun_square(c);
        let mut attacks = 0;
        let mut mobility = 0;
        let mut shogun_reach = 0;
        let mut bb = own;
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let sq = Square::new(s as u8);
            // A number chance has still to set: count it as 2.
            let n = pos.number_at(sq).unwrap_or(2);
            let r = reach(g, s, n, occ);
            attacks |= r;
            mobility += (r & !own & !enemy_shogun).count_ones() as i32;
            if sq == shogun {
                shogun_reach = r & !own & !enemy_shogun;
            }
        }
        Side {
            attacks,
            mobility,
            shogun_reach,
        }
    }

    /// The score for White.
    pub fn white_score(&self, pos: &Position) -> i32 {
        let g = geometry();
        let occ = pos.pieces(Color::White) | pos.pieces(Color::Red);
        let sides = [
            self.side(pos, g, Color::White, occ),
            self.side(pos, g, Color::Red, occ),
        ];
        let mut score = 0;
        for c in [Color::White, Color::Red] {
            let (me, them) = (&sides[c.index()], &sides[c.other().index()]);
            let own = pos.pieces(c);
            let shogun = pos.shogun_square(c);
            let soldiers = own.count_ones() as usize - 1;
            let mut s = MATERIAL[soldiers.min(7)];
            s += 3 * me.mobility;
            // Safety: squares the Shogun could flee to, and enemy reach
            // around it.
            let escapes = (me.shogun_reach & !them.attacks).count_ones();
            s -= [60, 25, 8].get(escapes as usize).copied().unwrap_or(0);
            let near = g.ring[1][shogun.index()] | g.ring[2][shogun.index()];
            s -= 6 * (them.attacks & near).count_ones() as i32;
            // Soldiers the enemy attacks: the side to move saves one at
            // most; undefended ones beyond that are likely lost.
            let soldiers_bb = own & !shogun.bit();
            let hit = soldiers_bb & them.attacks;
            let loose = (hit & !me.attacks).count_ones() as i32;
            let to_move = pos.turn() == c;
            if to_move {
                s -= 90 * (loose - 1).max(0) + 10 * hit.count_ones() as i32;
            } else {
                s -= 45 * loose + 10 * hit.count_ones() as i32;
            }
            score += if c == Color::White { s } else { -s };
        }
        score
    }
}

impl Evaluation<Position> for ShogunEval {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        let s = self.white_score(pos);
        let tempo = if pos.turn().index() == me.index() {
            10
        } else {
            -10
        };
        tempo + if me.index() == 0 { s } else { -s }
    }

    fn to_act(&self, pos: &Position) -> ToAct {
        if pos.pending_square().is_some() {
            ToAct::Chance
        } else {
            ToAct::Player(Player::new(pos.turn().index()), Decision::Turn)
        }
    }

    fn move_key(&self, _pos: &Position, mv: Move) -> usize {
        match mv {
            Move::Step { from, to } => from.index() * 64 + to.index(),
            Move::Chance { .. } => 0,
        }
    }

    fn tactical(&self, pos: &Position, mv: Move) -> Option<i32> {
        match mv {
            Move::Step { from, to } if pos.pieces(pos.turn().other()) & to.bit() != 0 => {
                // Capture with the piece that shows the least first (it
                // reaches least, so it is missed least).
                Some(100 - pos.number_at(from).unwrap_or(2) as i32)
            }
            _ => None,
        }
    }

    fn threatened(&self, pos: &Position) -> bool {
        pos.pending_square().is_none() && pos.shogun_threatened(pos.turn())
    }
}

/// Shogun's (both variants) levels 1 (a beginner can win) to 5 (a few seconds), as rows
/// (depth cap, nodes, time cap in ms, noise, TT bits); see `docs/ai.md`.
const LEVEL_ROWS: [LevelRow; 5] = [
    (Some(1), 1_000, 200, 200, 12),
    (Some(2), 4_000, 500, 60, 14),
    (None, 25_000, 1_000, 20, 17),
    (None, 100_000, 2_000, 8, 19),
    (None, 400_000, 5_000, 3, 20),
];

/// The level numbered `level` (1–5).
pub fn level(level: u8) -> Option<Level> {
    level_of(&LEVEL_ROWS, level)
}

/// The program of `level` (`ai:LEVEL`, 1–5; a level outside is the nearest)
/// with its seed.
pub fn program(level: u8, seed: u64) -> SearchAgent<kyoku_shogun::Position, ShogunEval> {
    program_of(ShogunEval, &LEVEL_ROWS, level, seed)
}

/// The `ai` entry of the game's player registry: reads the level of
/// `ai:LEVEL` and makes the program.
pub fn agent(
    arg: Option<&str>,
    seed: u64,
) -> Result<Box<dyn Agent<kyoku_shogun::Position>>, AgentError> {
    Ok(Box::new(program(parse_level(arg)?, seed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_core::Position as _;
    use kyoku_shogun::{Options, start};

    /// The reach of a piece agrees with the engine's legal moves where no
    /// Shogun rule interferes: every legal move lands in the reach.
    #[test]
    fn reach_contains_every_legal_move() {
        let pos = start(&Options::default()).unwrap();
        let g = geometry();
        let occ = pos.pieces(Color::White) | pos.pieces(Color::Red);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), 21);
        for mv in moves {
            let Move::Step { from, to } = mv else {
                panic!("a chance move at the magnetic start")
            };
            let n = pos.number_at(from).unwrap();
            assert!(reach(g, from.index(), n, occ) & to.bit() != 0, "{mv}");
        }
    }

    #[test]
    fn start_is_balanced() {
        let pos = start(&Options::default()).unwrap();
        let s = ShogunEval.white_score(&pos);
        assert!(s.abs() < 100, "{s}");
    }
}
