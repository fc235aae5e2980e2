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

/// The evaluation of Dōbutsu positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct DobutsuEval;

impl DobutsuEval {
    /// The score for Sente.
    pub fn sente_score(&self, pos: &Position) -> i32 {
        let mut score = 0;
        for c in Color::ALL {
            let sign = if c == Color::Sente { 1 } else { -1 };
            let own = pos.occupied_by(c);
            let mut s = 0;
            for k in Kind::ALL {
                let on = pos.pieces_of_kind(k) & own;
                s += BOARD_VALUE[k.index()] * on.count_ones() as i32;
                if k == Kind::Chick {
                    // A Chick one step from promotion is worth more.
                    for sq in bits(on) {
                        if advance(c, sq) == 2 {
                            s += 30;
                        }
                    }
                }
            }
            for k in Kind::DROPPABLE {
                s += HAND_VALUE[k.index()] * pos.hand(c, k) as i32;
            }
            if let Some(l) = pos.lion(c) {
                // Advance: a Lion on the third rank threatens to arrive.
                s += [0, 10, 40, 0][advance(c, l) as usize];
                // Safety: every square next to the Lion the enemy attacks.
                let around = steps(c, Kind::Lion, l);
                let mut attacked = 0;
                let mut free = 0;
                for sq in bits(around) {
                    if pos.attacked(sq, c.flip()) {
                        attacked += 1;
                    } else if own & sq.bit() == 0 {
                        free += 1;
                    }
                }
                s += 6 * free - 12 * attacked;
                // Mobility of the other pieces, cheaply.
                for k in [Kind::Giraffe, Kind::Elephant, Kind::Hen] {
                    for sq in bits(pos.pieces_of_kind(k) & own) {
                        s += 4 * (steps(c, k, sq) & !own).count_ones() as i32;
                    }
                }
            }
            score += sign * s;
        }
        score
    }
}

impl Evaluation<Position> for DobutsuEval {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        let s = self.sente_score(pos);
        // The side to move has the initiative.
        let tempo = if pos.turn().index() == me.index() {
            15
        } else {
            -15
        };
        tempo + if me.index() == 0 { s } else { -s }
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

    /// The start position is symmetric, so is its score.
    #[test]
    fn start_is_balanced() {
        let p = Position::startpos();
        assert_eq!(DobutsuEval.sente_score(&p), 0);
    }
}
