//! Dōbutsu Shōgi's lessons: its goal kinds and how the turn goes back.
//!
//! Pieces are written as in the FEN: `L G E C` and a Hen `+C` for Sente,
//! lowercase for Gote; squares as in moves (`a1`–`c4`).
//!
//! Goal kinds (besides the generic `win` and `moves`):
//! - `{"kind": "capture", "piece": "g"}`: a piece of that kind is taken
//!   off the board (there are fewer of it than at the step's start);
//!   without `piece`, any of the opponent's pieces.
//! - `{"kind": "reach", "square": "b4", "piece": "+C"}`: that piece stands
//!   on the square; without `piece`, any of the learner's pieces.

use kyoku_core::Player;
use kyoku_games::{AnyGame, GameKind};
use serde_json::json;

use crate::goals::{Capture, Reach, bad_goal};
use crate::{GameLessons, Goal, Judgement, Judging, LessonError};

/// Dōbutsu Shōgi's lessons module.
pub struct Dobutsu;

const PIECES: [&str; 10] = ["L", "G", "E", "C", "+C", "l", "g", "e", "c", "+c"];

fn check_piece(kind: &str, piece: &Option<String>) -> Result<(), LessonError> {
    match piece {
        Some(p) if !PIECES.contains(&p.as_str()) => Err(bad_goal(
            kind,
            format!("{p:?} is not a piece (L G E C +C, lowercase for Gote)"),
        )),
        _ => Ok(()),
    }
}

impl GameLessons for Dobutsu {
    fn check_goal(&self, goal: &Goal) -> Result<(), LessonError> {
        match goal.kind.as_str() {
            "capture" => check_piece("capture", &goal.read::<Capture>()?.piece),
            "reach" => {
                let r: Reach = goal.read()?;
                if square_index(&r.square).is_none() {
                    return Err(bad_goal(
                        "reach",
                        format!("{:?} is not a square a1–c4", r.square),
                    ));
                }
                check_piece("reach", &r.piece)
            }
            other => Err(bad_goal(
                other,
                "Dōbutsu knows win, moves, capture and reach",
            )),
        }
    }

    fn judge(&self, goal: &Goal, at: &Judging<'_>) -> Result<Judgement, LessonError> {
        self.check_goal(goal)?;
        let start = board(&at.start.position_text())?;
        let now = board(&at.now.position_text())?;
        let reached = match goal.kind.as_str() {
            "capture" => {
                let c: Capture = goal.read()?;
                let count = |b: &Board| match &c.piece {
                    Some(p) => b
                        .iter()
                        .filter(|s| s.as_deref() == Some(p.as_str()))
                        .count(),
                    None => b
                        .iter()
                        .flatten()
                        .filter(|p| owner(p) != at.learner)
                        .count(),
                };
                count(&now) < count(&start)
            }
            _ => {
                let r: Reach = goal.read()?;
                let i = square_index(&r.square).unwrap_or_default();
                match (&now[i], &r.piece) {
                    (Some(here), Some(want)) => here == want,
                    (Some(here), None) => owner(here) == at.learner,
                    (None, _) => false,
                }
            }
        };
        Ok(Judgement::reached_or_open(reached))
    }

    fn hand_back(
        &self,
        game: &dyn AnyGame,
        learner: Player,
    ) -> Result<Box<dyn AnyGame>, LessonError> {
        let side = if learner.index() == 0 { "w" } else { "b" };
        let fen = crate::with_side_to_move(&game.position_text(), side)?;
        GameKind::Dobutsu
            .new_game(&json!({ "fen": fen }))
            .map_err(|e| LessonError::BadPosition(e.to_string()))
    }
}

/// The board's twelve squares, a1 b1 c1 a2 … c4, each its piece's letters.
type Board = Vec<Option<String>>;

/// Reads the board of a FEN (ranks 4 to 1, files a to c).
fn board(fen: &str) -> Result<Board, LessonError> {
    let bad = || LessonError::BadPosition(format!("{fen:?} is not a Dōbutsu FEN"));
    let placement = fen.split(['[', ' ']).next().ok_or_else(bad)?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 4 {
        return Err(bad());
    }
    let mut squares = vec![None; 12];
    for (r, rank) in ranks.iter().enumerate() {
        let row = 3 - r;
        let mut file = 0;
        let mut promoted = false;
        for ch in rank.chars() {
            match ch {
                '+' => promoted = true,
                '1'..='3' => file += ch as usize - '0' as usize,
                c if c.is_ascii_alphabetic() && file < 3 => {
                    let p = if promoted {
                        format!("+{c}")
                    } else {
                        c.to_string()
                    };
                    squares[row * 3 + file] = Some(p);
                    file += 1;
                    promoted = false;
                }
                _ => return Err(bad()),
            }
        }
        if file != 3 {
            return Err(bad());
        }
    }
    Ok(squares)
}

/// `a1` → 0 … `c4` → 11.
fn square_index(sq: &str) -> Option<usize> {
    let b = sq.as_bytes();
    match b {
        [f @ b'a'..=b'c', r @ b'1'..=b'4'] => {
            Some(usize::from(r - b'1') * 3 + usize::from(f - b'a'))
        }
        _ => None,
    }
}

/// Who owns a piece: uppercase Sente (player 0), lowercase Gote.
fn owner(piece: &str) -> Player {
    let upper = piece.chars().any(|c| c.is_ascii_uppercase());
    Player::new(if upper { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_start() {
        let b = board("gle/1c1/1C1/ELG[] w - - 0 1").unwrap();
        assert_eq!(b[0].as_deref(), Some("E"));
        assert_eq!(b[4].as_deref(), Some("C"));
        assert_eq!(b[9].as_deref(), Some("g"));
        assert!(board("gle/1c1/ELG[] w").is_err());
        assert_eq!(square_index("c4"), Some(11));
        assert_eq!(square_index("d1"), None);
    }

    #[test]
    fn reads_a_hen() {
        let b = board("+Cl1/3/3/L2[] b - - 0 1").unwrap();
        assert_eq!(b[9].as_deref(), Some("+C"));
        assert_eq!(owner("+C"), Player::new(0));
        assert_eq!(owner("+c"), Player::new(1));
    }
}
