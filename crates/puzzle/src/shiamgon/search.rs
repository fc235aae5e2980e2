//! The exhaustive searches behind Shiamgon puzzles: every placement of the
//! player to move, every answer to its pushes, and (for saves) every
//! placement and answer of the next player.

use kyoku_core::{Decision, Player, Position as _, ToAct};
use kyoku_shiamgon::{Move, Position};

/// One way the mover's turn can be completed after a placement: the push
/// answers in the order given, and the position they lead to.
pub(crate) struct Line {
    /// The answers, by the pushed players, in the order asked.
    pub answers: Vec<Move>,
    /// Where they lead: the next player's turn, or the end.
    pub end: Position,
}

/// Whether `pos` waits for a push answer.
fn answering(pos: &Position) -> Option<Player> {
    match pos.to_act() {
        ToAct::Player(p, Decision::Answer) => Some(p),
        _ => None,
    }
}

/// The mover's placements at a turn boundary (no pass, no answer).
pub(crate) fn placements(pos: &Position) -> Vec<Move> {
    match pos.to_act() {
        ToAct::Player(_, Decision::Turn) => pos.legal_fields().iter().map(Move::to).collect(),
        _ => Vec::new(),
    }
}

/// Every way the turn of the placement `mv` can be completed.
pub(crate) fn turn_lines(pos: &Position, mv: Move) -> Vec<Line> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mut out = Vec::new();
    expand(&after, &mut Vec::new(), &mut out);
    out
}

fn expand(pos: &Position, answers: &mut Vec<Move>, out: &mut Vec<Line>) {
    if answering(pos).is_none() {
        out.push(Line {
            answers: answers.clone(),
            end: pos.clone(),
        });
        return;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for m in moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        answers.push(m);
        expand(&next, answers, out);
        answers.pop();
    }
}

/// What one placement wins for the mover `p`: its stones won (the change
/// of its score beyond the placed stone) when the pushed players answer
/// worst for it and best for it, and the answers of the worst case.
pub(crate) struct Gain {
    /// The placement.
    pub placement: Move,
    /// Stones won whatever the answers.
    pub worst: i32,
    /// Stones won with the most helpful answers.
    pub best: i32,
    /// The answers that hold the mover to `worst`.
    pub defence: Vec<Move>,
}

/// The mover's stones won by a completed turn: the change of its score
/// from `before` to `after`, less the placed stone itself. Prisoners taken
/// count once; the mover's own stones lost to answers count against it.
pub(crate) fn stones_won(before: &Position, after: &Position, p: Player) -> i32 {
    after.scores()[p.index()] - before.scores()[p.index()] - 1
}

/// The gain of every placement of the player to move.
pub(crate) fn gains(pos: &Position) -> Vec<Gain> {
    let p = pos.turn();
    placements(pos)
        .into_iter()
        .map(|mv| {
            let lines = turn_lines(pos, mv);
            let mut worst = i32::MAX;
            let mut best = i32::MIN;
            let mut defence = Vec::new();
            for line in lines {
                let g = stones_won(pos, &line.end, p);
                best = best.max(g);
                if g < worst {
                    worst = g;
                    defence = line.answers;
                }
            }
            Gain {
                placement: mv,
                worst,
                best,
                defence,
            }
        })
        .collect()
}

/// Whether player `p` can be made to lose a stone, starting from `pos`
/// (somewhere in `p`'s turn after its placement, or in the next player's
/// turn when `next_turn`), before the turn after the next player's begins.
/// The other players choose to hurt `p`; `p` answers pushes to lose
/// nothing. `before` is how many of `p`'s stones others held at the start.
///
/// Once lost a stone stays lost (prisoners only grow), so any loss ends
/// the search at once.
pub(crate) fn can_lose(pos: &Position, p: Player, before: u32, next_turn: bool) -> bool {
    if pos.stones_lost(p) > before {
        return true;
    }
    let mut moves = Vec::new();
    match pos.to_act() {
        ToAct::Player(a, Decision::Answer) => {
            pos.legal_moves(&mut moves);
            let hurts = |m: &Move| {
                let mut next = pos.clone();
                next.play_unchecked(*m);
                can_lose(&next, p, before, next_turn)
            };
            if a == p {
                moves.iter().all(hurts)
            } else {
                moves.iter().any(hurts)
            }
        }
        ToAct::Player(_, Decision::Turn) if !next_turn => {
            pos.legal_moves(&mut moves);
            // Placements next to `p`'s stones come first: they are the ones
            // that can take a stone, and one is enough to stop.
            let near = pos.near(p);
            moves.sort_by_key(|m| match m {
                Move::Field(f) => !near.contains(*f as usize),
                Move::Pass => true,
            });
            moves.iter().any(|m| {
                let mut next = pos.clone();
                next.play_unchecked(*m);
                can_lose(&next, p, before, true)
            })
        }
        _ => false,
    }
}

/// Whether the placement `mv` of the player to move keeps all its stones
/// through its own turn and the next player's, whatever the others do.
pub(crate) fn keeps_all(pos: &Position, mv: Move) -> bool {
    let p = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(mv);
    !can_lose(&after, p, pos.stones_lost(p), false)
}

/// Whether the player to move would lose a stone if it could let its turn
/// go by: the next player, moving at once, can take one (its pushes
/// answered as in [`can_lose`]). The position with the turn handed on is
/// made through the text, which names whose turn it is.
pub(crate) fn threatened(pos: &Position) -> bool {
    let p = pos.turn();
    let next = (p.index() + 1) % pos.players() + 1;
    let text: Vec<String> = pos
        .to_text()
        .split_whitespace()
        .enumerate()
        .map(|(i, w)| {
            if i == 4 {
                next.to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    match Position::from_text(&text.join(" ")) {
        Ok(skipped) => can_lose(&skipped, p, pos.stones_lost(p), false),
        Err(_) => false,
    }
}
