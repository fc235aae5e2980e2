//! A puzzle's line and a solver's try at it: the solution cut into the
//! solver's turns (a move and the replies that follow it), and the
//! solver's moves replayed against it.

use kyoku_core::Player;
use kyoku_games::AnyGame;
use kyoku_puzzle::Puzzle;

/// One of the solver's turns in a solution: the move to find and the
/// replies the page plays by itself after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Turn {
    /// The solver's move (canonical text).
    pub solver: String,
    /// The other seats' moves after it, in order.
    pub replies: Vec<String>,
}

/// Why a puzzle's stored line cannot be replayed (the puzzle is broken,
/// not the try).
#[derive(Debug, thiserror::Error)]
pub(crate) enum BadLine {
    /// Its options or position start no game.
    #[error("puzzle {id} does not start a game: {reason}")]
    Start {
        /// The puzzle.
        id: String,
        /// Why.
        reason: String,
    },
    /// A move of its solution is not legal, or a reply comes first.
    #[error("puzzle {id}'s solution does not replay at move {ply}")]
    Replay {
        /// The puzzle.
        id: String,
        /// 1-based ply.
        ply: usize,
    },
}

/// The seat that acts in `game`, if a player does.
fn acting(game: &dyn AnyGame) -> Option<Player> {
    game.to_act().player()
}

/// The solver's turns of `p`'s solution (see the crate `kyoku-puzzle`:
/// a move is the solver's when the seat to act is the one that acts at
/// the start).
pub(crate) fn turns(p: &Puzzle) -> Result<Vec<Turn>, BadLine> {
    let mut game = start(p)?;
    let seat = acting(&*game);
    let mut turns: Vec<Turn> = Vec::new();
    for (i, m) in p.solution.iter().enumerate() {
        let bad = || BadLine::Replay {
            id: p.id.clone(),
            ply: i + 1,
        };
        let mine = acting(&*game) == seat;
        let text = game.play(m).map_err(|_| bad())?;
        if mine {
            turns.push(Turn {
                solver: text,
                replies: Vec::new(),
            });
        } else {
            turns.last_mut().ok_or_else(bad)?.replies.push(text);
        }
    }
    Ok(turns)
}

/// The game at `p`'s position.
pub(crate) fn start(p: &Puzzle) -> Result<Box<dyn AnyGame>, BadLine> {
    p.start().map_err(|e| BadLine::Start {
        id: p.id.clone(),
        reason: e.to_string(),
    })
}

/// What a solver's moves come to.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// Each move was the solution's and the line goes on: the replies to
    /// the last one (the page plays them) come next.
    Going {
        /// The replies after the solver's last move.
        replies: Vec<String>,
    },
    /// Every move of the line was found.
    Solved,
    /// Move `at` (0-based among the solver's) was not the solution's.
    Wrong {
        /// Which of the solver's moves.
        at: usize,
    },
}

/// Why a try is refused without counting.
#[derive(Debug)]
pub(crate) enum Refused {
    /// A move that is not legal where it was played.
    Illegal {
        /// Which of the solver's moves (0-based).
        at: usize,
        /// The move.
        text: String,
        /// Why, as the rules say.
        reason: String,
    },
    /// More moves than the line has turns.
    TooLong {
        /// The solver's moves in the line.
        turns: usize,
    },
}

/// Replays `moves` (the solver's only) on `game` (at the puzzle's
/// position) against `turns`, playing the solution's replies after each
/// correct move. Moves after a wrong one are not looked at: the try ended
/// there.
pub(crate) fn judge(
    game: &mut dyn AnyGame,
    turns: &[Turn],
    moves: &[String],
) -> Result<Verdict, Refused> {
    if moves.len() > turns.len() {
        return Err(Refused::TooLong { turns: turns.len() });
    }
    let mut replies = Vec::new();
    for (at, (m, turn)) in moves.iter().zip(turns).enumerate() {
        let text = game.play(m).map_err(|e| Refused::Illegal {
            at,
            text: m.clone(),
            reason: e.to_string(),
        })?;
        if text != turn.solver {
            return Ok(Verdict::Wrong { at });
        }
        for r in &turn.replies {
            // The stored line replayed when `turns` were cut: it plays.
            if game.play(r).is_err() {
                break;
            }
        }
        replies.clone_from(&turn.replies);
    }
    if moves.len() == turns.len() {
        Ok(Verdict::Solved)
    } else {
        Ok(Verdict::Going { replies })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kyoku_puzzle::Goal;

    fn puzzle(solution: &[&str]) -> Puzzle {
        Puzzle {
            id: "t".into(),
            game: "dobutsu".into(),
            options: serde_json::json!({}),
            position: String::new(),
            goal: Goal::Win,
            solution: solution.iter().map(|s| s.to_string()).collect(),
            themes: vec![],
            rating: 1500.0,
        }
    }

    #[test]
    fn a_line_is_cut_into_the_solvers_turns() {
        let t = turns(&puzzle(&["b2b3", "c4b3", "a1b2"])).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].replies, ["c4b3"]);
        assert!(t[1].replies.is_empty());
        assert!(turns(&puzzle(&["b2b3", "b2b3"])).is_err());
    }

    #[test]
    fn moves_are_judged_against_the_line() {
        let p = puzzle(&["b2b3", "c4b3", "a1b2"]);
        let t = turns(&p).unwrap();
        let judge_of = |moves: &[&str]| {
            let mut g = p.start().unwrap();
            let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
            judge(&mut *g, &t, &moves)
        };
        assert!(
            matches!(judge_of(&["b2b3"]), Ok(Verdict::Going { replies }) if replies == ["c4b3"])
        );
        assert!(matches!(judge_of(&["b2b3", "a1b2"]), Ok(Verdict::Solved)));
        assert!(matches!(
            judge_of(&["b2b3", "c1c2"]),
            Ok(Verdict::Wrong { at: 1 })
        ));
        assert!(matches!(judge_of(&["c1c2"]), Ok(Verdict::Wrong { at: 0 })));
        assert!(matches!(
            judge_of(&["b2b5"]),
            Err(Refused::Illegal { at: 0, .. })
        ));
        assert!(matches!(
            judge_of(&["b2b3", "a1b2", "c1c2"]),
            Err(Refused::TooLong { turns: 2 })
        ));
    }
}
