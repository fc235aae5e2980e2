//! Proving a Dōbutsu puzzle again from its data and the table alone.

use kyoku_core::Position as _;
use kyoku_dobutsu::solve::{Tablebase, Value, analyze};
use kyoku_dobutsu::{Move, Position};

use super::cut::{DEFEND_HORIZON, MAX_PLIES, canonical};
use crate::{Goal, Puzzle};

/// Why a Dōbutsu puzzle does not hold, as the table shows it. Plies count
/// from 1, the solution's first move.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refutation {
    /// The solved table could not be opened, so nothing can be proven.
    #[error("Dōbutsu puzzles are proven by the solved table, which could not be opened: {0}")]
    NoTable(String),
    /// The puzzle is not of Dōbutsu.
    #[error("the puzzle is of {0:?}, not of dobutsu")]
    NotDobutsu(String),
    /// Its position text is not a Dōbutsu position, or its options do not
    /// start the game at that position.
    #[error("the puzzle's position and options disagree or do not read: {0}")]
    Position(String),
    /// Its id is not the one its position gives.
    #[error("the id {found} is not the position's ({expected})")]
    Id {
        /// Stored.
        found: String,
        /// Computed from the position (mirrors counted as one).
        expected: String,
    },
    /// The table was solved for other pieces than the position has.
    #[error("the table does not hold positions with this puzzle's pieces")]
    NotCovered,
    /// Dōbutsu puzzles ask to win or to defend, nothing else.
    #[error("a Dōbutsu puzzle's goal is win or defend, not {0}")]
    Goal(&'static str),
    /// A move of the solution is not a legal move where it is played.
    #[error("move {ply} of the solution ({text:?}) cannot be played: {reason}")]
    Illegal {
        /// 1-based ply.
        ply: usize,
        /// The move.
        text: String,
        /// Why.
        reason: String,
    },
    /// At a solver turn the solver does not win (any more).
    #[error("before move {ply} the solver does not win: the table says {value}")]
    NotWon {
        /// 1-based ply.
        ply: usize,
        /// The position's value for the solver.
        value: String,
    },
    /// At a solver turn more than one move wins: the puzzle would have two answers.
    #[error("before move {ply} more than one move wins: {}", moves.join(", "))]
    SecondWinningMove {
        /// 1-based ply.
        ply: usize,
        /// Every winning move.
        moves: Vec<String>,
    },
    /// The solution plays a move that does not win where one move does.
    #[error("move {ply} of the solution ({played}) does not win; {winning} does")]
    WrongMove {
        /// 1-based ply.
        ply: usize,
        /// The solution's move.
        played: String,
        /// The one that wins.
        winning: String,
    },
    /// A reply of the solution gives up sooner than the best defence.
    #[error(
        "reply {ply} ({played}) loses in {played_plies} plies, but {longest} holds out for {longest_plies}"
    )]
    ShorterDefence {
        /// 1-based ply.
        ply: usize,
        /// The solution's reply.
        played: String,
        /// How long it lasts (plies, itself counted).
        played_plies: u32,
        /// A reply that lasts longest.
        longest: String,
        /// How long that lasts.
        longest_plies: u32,
    },
    /// The line is longer than a puzzle may be.
    #[error("the line has {plies} plies; a puzzle wins within {MAX_PLIES}")]
    TooLong {
        /// Plies in the line.
        plies: usize,
    },
    /// The line stops before the game is over.
    #[error("after the line's {plies} plies the game is not over")]
    NotOver {
        /// Plies in the line.
        plies: usize,
    },
    /// The line goes on after the game ended, or ends it without the solver winning.
    #[error("the game ends at ply {ply} without the solver's win at the end of the line")]
    NotSolverWin {
        /// 1-based ply where the game ended.
        ply: usize,
    },
    /// A defend puzzle whose position is lost whatever is played.
    #[error("the position is lost (the table says {0}): nothing defends it")]
    AlreadyLost(String),
    /// A defend puzzle with one legal move only: nothing to find.
    #[error("the position has {0} legal move(s): nothing to choose")]
    NoChoice(usize),
    /// A defend puzzle whose solution is not exactly one move.
    #[error("a defend puzzle's solution is one move, not {0}")]
    DefendLength(usize),
    /// More than one move avoids losing.
    #[error("more than one move avoids losing: {}", moves.join(", "))]
    SecondSavingMove {
        /// Every move that does not lose.
        moves: Vec<String>,
    },
    /// The defend puzzle's move loses.
    #[error("the solution's move {played} loses ({value}); {saving} does not")]
    NotSaving {
        /// The solution's move.
        played: String,
        /// Its value.
        value: String,
        /// The move that does not lose, if one does.
        saving: String,
    },
    /// A wrong move loses only far away, past what a person can be asked to see.
    #[error(
        "the wrong move {played} loses only in {plies} plies (at most {DEFEND_HORIZON} for a puzzle)"
    )]
    DistantLoss {
        /// The wrong move.
        played: String,
        /// In how many plies it loses.
        plies: u32,
    },
}

/// Proves `puzzle` with `tb`: its id and position, then what its goal
/// requires (see the module notes of [`super`]).
pub fn verify_with(tb: &Tablebase, puzzle: &Puzzle) -> Result<(), Refutation> {
    let pos = start(puzzle)?;
    let expected = crate::puzzle_id("dobutsu", &canonical(&pos));
    if puzzle.id != expected {
        return Err(Refutation::Id {
            found: puzzle.id.clone(),
            expected,
        });
    }
    if !tb.covers(&pos) {
        return Err(Refutation::NotCovered);
    }
    let line = moves(&pos, &puzzle.solution)?;
    match puzzle.goal {
        Goal::Win => prove_win(tb, &pos, &line),
        Goal::Defend => prove_defend(tb, &pos, &line),
        other => Err(Refutation::Goal(other.name())),
    }
}

/// The puzzle's position, which its options must start the game at.
fn start(puzzle: &Puzzle) -> Result<Position, Refutation> {
    if puzzle.game != "dobutsu" {
        return Err(Refutation::NotDobutsu(puzzle.game.clone()));
    }
    let pos = Position::from_text(&puzzle.position)
        .map_err(|e| Refutation::Position(format!("{:?}: {e}", puzzle.position)))?;
    let fen = puzzle.options.get("fen").and_then(|f| f.as_str());
    let from_options = fen.map(Position::from_text);
    match from_options {
        Some(Ok(p)) if p == pos => Ok(pos),
        _ => Err(Refutation::Position(format!(
            "the options {} do not start at {:?}",
            puzzle.options, puzzle.position
        ))),
    }
}

/// The solution's moves, read and played from `pos`.
fn moves(pos: &Position, solution: &[String]) -> Result<Vec<Move>, Refutation> {
    let mut at = *pos;
    let mut out = Vec::with_capacity(solution.len());
    for (i, text) in solution.iter().enumerate() {
        let m = at.parse_move(text).map_err(|e| Refutation::Illegal {
            ply: i + 1,
            text: text.clone(),
            reason: e.to_string(),
        })?;
        at.play_move(m);
        out.push(m);
    }
    Ok(out)
}

fn prove_win(tb: &Tablebase, pos: &Position, line: &[Move]) -> Result<(), Refutation> {
    if line.len() > MAX_PLIES as usize {
        return Err(Refutation::TooLong { plies: line.len() });
    }
    let mut at = *pos;
    for (i, &m) in line.iter().enumerate() {
        let ply = i + 1;
        if at.result().is_some() {
            return Err(Refutation::NotSolverWin { ply: i });
        }
        let options = analyze(tb, &at);
        if i.is_multiple_of(2) {
            solver_ply(&options, ply, m)?;
        } else {
            defender_ply(&options, ply, m)?;
        }
        at.play_move(m);
    }
    match at.result() {
        None => Err(Refutation::NotOver { plies: line.len() }),
        // Every solver move won and the game ended on the solver's move.
        Some(_) if !line.len().is_multiple_of(2) => Ok(()),
        Some(_) => Err(Refutation::NotSolverWin { ply: line.len() }),
    }
}

fn solver_ply(options: &[(Move, Value)], ply: usize, played: Move) -> Result<(), Refutation> {
    let winners: Vec<Move> = options
        .iter()
        .filter(|(_, v)| matches!(v, Value::Win(_)))
        .map(|&(m, _)| m)
        .collect();
    match winners.as_slice() {
        [] => Err(Refutation::NotWon {
            ply,
            value: options
                .first()
                .map_or("no move".into(), |(_, v)| v.to_string()),
        }),
        [w] if *w == played => Ok(()),
        [w] => Err(Refutation::WrongMove {
            ply,
            played: played.to_string(),
            winning: w.to_string(),
        }),
        _ => Err(Refutation::SecondWinningMove {
            ply,
            moves: winners.iter().map(Move::to_string).collect(),
        }),
    }
}

fn defender_ply(options: &[(Move, Value)], ply: usize, played: Move) -> Result<(), Refutation> {
    // `analyze` puts the defender's best (the longest loss) first.
    let Some(&(best, longest)) = options.first() else {
        return Err(Refutation::NotSolverWin { ply });
    };
    let value = options
        .iter()
        .find(|(m, _)| *m == played)
        .map_or(longest, |&(_, v)| v);
    if value == longest {
        return Ok(());
    }
    Err(Refutation::ShorterDefence {
        ply,
        played: played.to_string(),
        played_plies: value.plies().unwrap_or(0),
        longest: best.to_string(),
        longest_plies: longest.plies().unwrap_or(0),
    })
}

fn prove_defend(tb: &Tablebase, pos: &Position, line: &[Move]) -> Result<(), Refutation> {
    if line.len() != 1 {
        return Err(Refutation::DefendLength(line.len()));
    }
    if let Some(v @ Value::Loss(_)) = tb.value(pos) {
        return Err(Refutation::AlreadyLost(v.to_string()));
    }
    let options = analyze(tb, pos);
    if options.len() < 2 {
        return Err(Refutation::NoChoice(options.len()));
    }
    let saving: Vec<Move> = options
        .iter()
        .filter(|(_, v)| !matches!(v, Value::Loss(_)))
        .map(|&(m, _)| m)
        .collect();
    if saving.len() > 1 {
        return Err(Refutation::SecondSavingMove {
            moves: saving.iter().map(Move::to_string).collect(),
        });
    }
    for &(m, v) in &options {
        match v {
            Value::Loss(_) if m == line[0] => {
                return Err(Refutation::NotSaving {
                    played: m.to_string(),
                    value: v.to_string(),
                    saving: saving.first().map_or("no move".into(), Move::to_string),
                });
            }
            Value::Loss(d) if d > DEFEND_HORIZON => {
                return Err(Refutation::DistantLoss {
                    played: m.to_string(),
                    plies: d,
                });
            }
            _ => {}
        }
    }
    Ok(())
}
