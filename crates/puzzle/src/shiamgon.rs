//! Shiamgon puzzles: positions from program games where one placement
//! alone does what the puzzle asks, proven by trying every placement and
//! every answer to its pushes.
//!
//! Two goals:
//!
//! - [`Goal::Capture`]: one placement wins more stones than any other
//!   placement could, however the pushed players answer. Stones won are
//!   the change of the mover's score over its turn less the placed stone:
//!   prisoners taken, less any of its own stones lost to the answers. The
//!   puzzle's placement wins at least one stone with the answers least
//!   helpful to it (the answers in the solution), and every other placement
//!   wins fewer even with the most helpful answers.
//! - [`Goal::Save`]: the mover is about to lose stones (were its turn to go
//!   by, the next player could take one), and one placement alone keeps
//!   them all: after it, whatever the pushed players answer and
//!   whatever the next player then places (with its pushes answered by the
//!   others to hurt the mover, and by the mover to lose nothing), none of
//!   the mover's stones is taken before the turn after the next player's.
//!   After every other placement some play of the others takes one. Only
//!   the next player's turn is searched, not those of the players after it.
//!
//! A puzzle's position is always a turn (no push waiting, the game not
//! over) where the mover has at least two placements; its solution is the
//! placement and then the push answers of the other seats that complete the
//! turn (the page plays those by itself). The id hashes the position
//! without its prisoners and placement count, which the search does not
//! depend on (puzzles are cut well before the placement limit), so one
//! arrangement of stones is one puzzle; with three players, the board
//! turned by a third with the seats renumbered is the same puzzle too
//! (see [`turned`]).

mod make;
mod search;
mod symmetry;

pub use make::make;
pub use symmetry::turned;

use kyoku_core::{Decision, Position as _, ToAct};
use kyoku_shiamgon::{Move, Position};
use serde_json::json;

use crate::{Goal, Puzzle, puzzle_id};

/// Why a Shiamgon puzzle does not hold.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refutation {
    /// The puzzle is of another game.
    #[error("this is a {0} puzzle, not a Shiamgon one")]
    OtherGame(String),
    /// The position text cannot be read.
    #[error("the position is not a Shiamgon position: {0}")]
    BadPosition(String),
    /// The options do not start a game at the position.
    #[error("the options do not start a game at the puzzle's position: {0}")]
    Options(String),
    /// The id is not the one the position gives.
    #[error("the id {found} is not the position's ({expected})")]
    Id {
        /// Stored.
        found: String,
        /// Computed from the position.
        expected: String,
    },
    /// A push waits for its answer, or the game is over.
    #[error("the position is not the start of a player's turn")]
    NotATurn,
    /// With one placement or none there is nothing to find.
    #[error("the player to move has {0} placements; a puzzle needs at least two")]
    TooFewPlacements(usize),
    /// Shiamgon puzzles are about captures or saves only.
    #[error("a Shiamgon puzzle's goal is capture or save, not {0}")]
    WrongGoal(&'static str),
    /// The solution is empty or does not begin with a legal placement.
    #[error("the solution must begin with a legal placement, not {0:?}")]
    NoPlacement(String),
    /// A push answer of the solution is not legal, or no answer is asked.
    #[error("move {ply} of the solution ({text:?}) is not a legal push answer here")]
    BadAnswer {
        /// 1-based ply.
        ply: usize,
        /// The move.
        text: String,
    },
    /// The solution stops while a push still waits for its answer.
    #[error("the solution stops before the pushes of its placement are all answered")]
    Unfinished,
    /// The capture placement wins nothing for sure.
    #[error("{placement} does not win a stone whatever the answers (it wins {won} for sure)")]
    NothingWon {
        /// The solution's placement.
        placement: String,
        /// Stones it wins for sure.
        won: i32,
    },
    /// Another placement wins as much, with some answers.
    #[error(
        "{other} can win {other_best} stones, as many as or more than the {won} that \
         {placement} wins for sure"
    )]
    Rival {
        /// The solution's placement.
        placement: String,
        /// Stones it wins for sure.
        won: i32,
        /// The other placement.
        other: String,
        /// The most that one can win.
        other_best: i32,
    },
    /// The solution's answers are not the ones least helpful to the solver.
    #[error(
        "the solution's answers let the solver win {line} stones, but the pushed players \
         can hold it to {worst}"
    )]
    NotTheDefence {
        /// Stones won along the solution.
        line: i32,
        /// Stones won for sure.
        worst: i32,
    },
    /// The themes do not say how many stones the capture wins.
    #[error("the themes should name capture-{0}")]
    Theme(i32),
    /// Nothing of the solver's is in danger: were its turn to go by, the
    /// next player could take no stone of it.
    #[error("no stone of the solver is in danger, so there is nothing to save")]
    NoThreat,
    /// The save placement still loses a stone.
    #[error("after {0} the others can still take a stone of the solver")]
    StillLoses(String),
    /// Another placement saves as well.
    #[error("{other} keeps every stone as well as {placement} does")]
    AlsoSaves {
        /// The solution's placement.
        placement: String,
        /// Another placement that saves.
        other: String,
    },
}

/// The position without the parts the search does not read (placement
/// count and prisoners), the least of its three turned forms when three
/// play: what a puzzle's id is made from.
pub fn canonical(pos: &Position) -> String {
    symmetry::canonical(pos)
}

/// What one placement wins, as the exhaustive search sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementGain {
    /// The placement, as text.
    pub placement: String,
    /// Stones won whatever the pushed players answer.
    pub worst: i32,
    /// Stones won with the answers most helpful to the mover.
    pub best: i32,
}

/// Every placement of the player to move at `pos` with the stones it wins
/// (none at all when a push waits or the game is over).
pub fn placement_gains(pos: &Position) -> Vec<PlacementGain> {
    search::gains(pos)
        .into_iter()
        .map(|g| PlacementGain {
            placement: pos.move_text(g.placement),
            worst: g.worst,
            best: g.best,
        })
        .collect()
}

/// Whether the placement `text` keeps every stone of the player to move
/// through its turn and the next player's, whatever the others do (what a
/// save puzzle asks); `None` when it is not a legal placement.
pub fn keeps_every_stone(pos: &Position, text: &str) -> Option<bool> {
    match pos.parse_move(text) {
        Ok(m @ Move::Field(_)) if search::placements(pos).contains(&m) => {
            Some(search::keeps_all(pos, m))
        }
        _ => None,
    }
}

/// The puzzle at `pos` if there is one (a capture first, else a save):
/// how [`make`] cuts its puzzles from the positions of its games.
pub fn cut(pos: &Position) -> Option<Puzzle> {
    find(pos).map(|f| puzzle(pos, &f))
}

/// What the search found at a position: the goal, the placement, the
/// answers of the line and the stones won (captures).
pub(crate) struct Found {
    goal: Goal,
    placement: Move,
    answers: Vec<Move>,
    won: i32,
}

/// The puzzle at `pos`, if there is one: a capture first, else a save.
pub(crate) fn find(pos: &Position) -> Option<Found> {
    let gains = search::gains(pos);
    if gains.len() < 2 {
        return None;
    }
    let top = gains.iter().max_by_key(|g| g.worst)?;
    if top.worst >= 1
        && gains
            .iter()
            .all(|g| g.placement == top.placement || g.best < top.worst)
    {
        return Some(Found {
            goal: Goal::Capture,
            placement: top.placement,
            answers: top.defence.clone(),
            won: top.worst,
        });
    }
    find_save(pos, &gains)
}

fn find_save(pos: &Position, gains: &[search::Gain]) -> Option<Found> {
    if !search::threatened(pos) {
        return None;
    }
    let mut saving = None;
    for g in gains {
        if search::keeps_all(pos, g.placement) {
            if saving.is_some() {
                return None;
            }
            saving = Some(g.placement);
        }
    }
    let placement = saving?;
    let answers = search::turn_lines(pos, placement)
        .into_iter()
        .next()
        .map(|l| l.answers)
        .unwrap_or_default();
    Some(Found {
        goal: Goal::Save,
        placement,
        answers,
        won: 0,
    })
}

/// The puzzle made of `found` at `pos`.
pub(crate) fn puzzle(pos: &Position, found: &Found) -> Puzzle {
    let board = pos.board().kind().name();
    let players = pos.players();
    let mover = pos.turn();
    let mut solution = vec![pos.move_text(found.placement)];
    let mut line = pos.clone();
    let mut captures = Vec::new();
    line.play_logged(found.placement, &mut captures);
    for &a in &found.answers {
        solution.push(line.move_text(a));
        line.play_logged(a, &mut captures);
    }
    let goal_theme = match found.goal {
        Goal::Capture => format!("capture-{}", found.won),
        _ => "save".to_string(),
    };
    let mut themes = vec![goal_theme, board.to_string(), format!("players-{players}")];
    if !found.answers.is_empty() {
        themes.push("push".into());
    }
    // How the stones were won: a cluster encircled, or a pushed stone
    // with nowhere to go (prisoners beyond those dealt by encirclements).
    let dealt: u32 = captures.iter().map(|c| c.dealt[mover.index()]).sum();
    if captures.iter().any(|c| c.owner != mover) {
        themes.push("encircle".into());
    }
    if line.prisoners_taken(mover) > pos.prisoners_taken(mover) + dealt {
        themes.push("no-way-out".into());
    }
    Puzzle {
        id: puzzle_id("shiamgon", &canonical(pos)),
        game: "shiamgon".into(),
        options: json!({"board": board, "players": players, "position": pos.to_text()}),
        position: pos.to_text(),
        goal: found.goal,
        solution,
        themes,
        rating: first_rating(pos, found),
    }
}

/// A first guess: saves are harder to see than captures, bigger boards
/// and more players hide the move better, and a capture of many stones
/// stands out.
fn first_rating(pos: &Position, found: &Found) -> f64 {
    let board = match pos.board().kind().name() {
        "tri8" => 0.0,
        "disc5" => 100.0,
        "tri16" => 150.0,
        _ => 200.0,
    };
    let goal = match found.goal {
        Goal::Capture => 1250.0 - 25.0 * f64::from(found.won.clamp(1, 6) - 1),
        _ => 1450.0,
    };
    goal + board + 50.0 * (pos.players() as f64 - 3.0)
}

/// Proves a Shiamgon puzzle again from its data alone: the position and
/// options, the id, the shape of the solution, and by exhaustive search
/// that its placement does what the goal says and no other placement does.
pub fn verify(puzzle: &Puzzle) -> Result<(), Refutation> {
    let pos = start_of(puzzle)?;
    let placements = search::placements(&pos);
    if placements.len() < 2 {
        return Err(Refutation::TooFewPlacements(placements.len()));
    }
    let (placement, answers) = read_line(&pos, &puzzle.solution)?;
    match puzzle.goal {
        Goal::Capture => verify_capture(puzzle, &pos, placement, &answers),
        Goal::Save => verify_save(&pos, placement, &placements),
        other => Err(Refutation::WrongGoal(other.name())),
    }
}

/// The puzzle's position, checked against its options and its id, at the
/// start of a turn.
fn start_of(puzzle: &Puzzle) -> Result<Position, Refutation> {
    if puzzle.game != "shiamgon" {
        return Err(Refutation::OtherGame(puzzle.game.clone()));
    }
    let pos = Position::from_text(&puzzle.position)
        .map_err(|e| Refutation::BadPosition(e.to_string()))?;
    let game = kyoku_games::new_game("shiamgon", &puzzle.options)
        .map_err(|e| Refutation::Options(e.to_string()))?;
    if game.position_text() != puzzle.position {
        return Err(Refutation::Options(format!(
            "they start at {:?}",
            game.position_text()
        )));
    }
    let expected = puzzle_id("shiamgon", &canonical(&pos));
    if puzzle.id != expected {
        return Err(Refutation::Id {
            found: puzzle.id.clone(),
            expected,
        });
    }
    match pos.to_act() {
        ToAct::Player(_, Decision::Turn) => Ok(pos),
        _ => Err(Refutation::NotATurn),
    }
}

/// The solution read as a placement and the answers that complete its
/// turn.
fn read_line(pos: &Position, solution: &[String]) -> Result<(Move, Vec<Move>), Refutation> {
    let first = solution.first().cloned().unwrap_or_default();
    let placement = match pos.parse_move(&first) {
        Ok(m @ Move::Field(_)) => m,
        _ => return Err(Refutation::NoPlacement(first)),
    };
    let mut line = pos.clone();
    line.play_unchecked(placement);
    let mut answers = Vec::new();
    for (i, text) in solution.iter().enumerate().skip(1) {
        let bad = || Refutation::BadAnswer {
            ply: i + 1,
            text: text.clone(),
        };
        if !matches!(line.to_act(), ToAct::Player(_, Decision::Answer)) {
            return Err(bad());
        }
        let m = line.parse_move(text).map_err(|_| bad())?;
        line.play_unchecked(m);
        answers.push(m);
    }
    if matches!(line.to_act(), ToAct::Player(_, Decision::Answer)) {
        return Err(Refutation::Unfinished);
    }
    Ok((placement, answers))
}

fn verify_capture(
    puzzle: &Puzzle,
    pos: &Position,
    placement: Move,
    answers: &[Move],
) -> Result<(), Refutation> {
    let gains = search::gains(pos);
    let name = |m: Move| pos.move_text(m);
    let Some(own) = gains.iter().find(|g| g.placement == placement) else {
        return Err(Refutation::NoPlacement(name(placement)));
    };
    if own.worst < 1 {
        return Err(Refutation::NothingWon {
            placement: name(placement),
            won: own.worst,
        });
    }
    if let Some(rival) = gains
        .iter()
        .find(|g| g.placement != placement && g.best >= own.worst)
    {
        return Err(Refutation::Rival {
            placement: name(placement),
            won: own.worst,
            other: name(rival.placement),
            other_best: rival.best,
        });
    }
    let mut line = pos.clone();
    line.play_unchecked(placement);
    for &a in answers {
        line.play_unchecked(a);
    }
    let won = search::stones_won(pos, &line, pos.turn());
    if won != own.worst {
        return Err(Refutation::NotTheDefence {
            line: won,
            worst: own.worst,
        });
    }
    if !puzzle.themes.contains(&format!("capture-{won}")) {
        return Err(Refutation::Theme(won));
    }
    Ok(())
}

fn verify_save(pos: &Position, placement: Move, placements: &[Move]) -> Result<(), Refutation> {
    let name = |m: Move| pos.move_text(m);
    if !search::threatened(pos) {
        return Err(Refutation::NoThreat);
    }
    if !search::keeps_all(pos, placement) {
        return Err(Refutation::StillLoses(name(placement)));
    }
    for &other in placements.iter().filter(|&&m| m != placement) {
        if search::keeps_all(pos, other) {
            return Err(Refutation::AlsoSaves {
                placement: name(placement),
                other: name(other),
            });
        }
    }
    Ok(())
}
