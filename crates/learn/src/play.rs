//! Playing a step: the learner's moves, the opponent's replies, the goal
//! judged after each.

use kyoku_core::{Player, SeatSpec, ToAct};
use kyoku_games::{AnyGame, GameKind};
use serde::Deserialize;

use crate::{Goal, Judgement, Judging, LessonError, Opponent, Step, hook};

/// Where a step stands after the learner's moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not done yet: the learner moves again.
    Continue,
    /// The goal is reached.
    Done,
    /// The last move missed the goal: show the hint, retry the step.
    Wrong,
}

impl Status {
    /// The word the API sends: `continue`, `done`, `wrong`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Continue => "continue",
            Status::Done => "done",
            Status::Wrong => "wrong",
        }
    }
}

/// A step replayed with the learner's moves.
pub struct Attempt {
    /// Where the step stands.
    pub status: Status,
    /// The game as it stands now (to draw the board).
    pub game: Box<dyn AnyGame>,
    /// The opponent's replies to the last learner move, in order (empty
    /// when the step ended on that move or nobody replies).
    pub replies: Vec<String>,
    /// The step's stars once done ([`Step::stars_for`]).
    pub stars: Option<u8>,
}

/// The fields of a `moves` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MovesGoal {
    /// The moves that reach it.
    moves: Vec<String>,
}

/// How many replies one learner move may draw before the lesson is taken
/// to loop (an opponent that never gives the turn back).
const MAX_REPLIES: usize = 16;

/// Replays `step` of a `game` lesson from its position with the learner's
/// `moves` so far (text as typed; canonical forms are used after).
/// An empty `moves` gives the step's start.
pub fn attempt(game: GameKind, step: &Step, moves: &[String]) -> Result<Attempt, LessonError> {
    let start = game
        .new_game(&step.options)
        .map_err(|e| LessonError::BadPosition(e.to_string()))?;
    let learner = match start.to_act() {
        ToAct::Player(p, _) => p,
        _ => {
            return Err(LessonError::BadPosition(
                "nobody is to move at the step's start".into(),
            ));
        }
    };
    let mut now = start.box_clone();
    let mut played: Vec<String> = Vec::new();
    let mut status = Status::Continue;
    let mut replies = Vec::new();
    for (index, text) in moves.iter().enumerate() {
        if status != Status::Continue {
            return Err(LessonError::StepOver { moves: index });
        }
        let before = now.box_clone();
        let canonical = now.play(text).map_err(|e| LessonError::IllegalMove {
            index,
            text: text.clone(),
            reason: e.to_string(),
        })?;
        played.push(canonical);
        replies.clear();
        let judge = |now: &dyn AnyGame, played: &[String]| {
            judge(
                game,
                &step.goal,
                &*before,
                &Judging {
                    start: &*start,
                    now,
                    learner,
                    moves: played,
                },
            )
        };
        status = status_of(judge(&*now, &played)?);
        if status == Status::Continue {
            match reply(game, step, &mut now, learner, &played)? {
                Some(r) => replies = r,
                None => status = Status::Wrong,
            }
        }
        if status == Status::Continue {
            status = status_of(judge(&*now, &played)?);
        }
        if status == Status::Continue && played.len() >= step.move_limit() {
            status = Status::Wrong;
        }
    }
    let stars = (status == Status::Done).then(|| step.stars_for(played.len()));
    Ok(Attempt {
        status,
        game: now,
        replies,
        stars,
    })
}

fn status_of(j: Judgement) -> Status {
    match j {
        Judgement::Reached => Status::Done,
        Judgement::Open => Status::Continue,
        Judgement::Missed => Status::Wrong,
    }
}

/// Judges `goal`: the generic kinds here, the rest by the game's module.
/// `before` is the game before the learner's last move (to read the
/// `moves` goal's moves in their canonical form there).
fn judge(
    game: GameKind,
    goal: &Goal,
    before: &dyn AnyGame,
    at: &Judging<'_>,
) -> Result<Judgement, LessonError> {
    let own = match goal.kind.as_str() {
        "win" => {
            let won = at.now.outcome().and_then(|o| o.winner()) == Some(at.learner);
            if won {
                Judgement::Reached
            } else {
                Judgement::Open
            }
        }
        "moves" => {
            let g: MovesGoal = goal.read()?;
            let last = at.moves.last().map(String::as_str);
            let hit = g.moves.iter().any(|m| {
                let mut b = before.box_clone();
                b.play(m).ok().as_deref() == last
            });
            if hit {
                Judgement::Reached
            } else {
                Judgement::Missed
            }
        }
        _ => hook(game).judge(goal, at)?,
    };
    // Whatever the goal, a game that is over without it is a miss.
    Ok(match own {
        Judgement::Open if at.now.outcome().is_some() => Judgement::Missed,
        j => j,
    })
}

/// Lets the opponent act until the learner acts again (or the game ends).
/// The replies played, or `None` when the learner's move has no answer in
/// the lesson (a scripted opponent without an entry, a "forced" one with
/// a choice): the move left the lesson's line and is wrong.
fn reply(
    game: GameKind,
    step: &Step,
    now: &mut Box<dyn AnyGame>,
    learner: Player,
    played: &[String],
) -> Result<Option<Vec<String>>, LessonError> {
    let mut replies = Vec::new();
    let mut script = match &step.opponent {
        Opponent::Scripted(map) => {
            let line = played.join(" ");
            let last = played.last().cloned().unwrap_or_default();
            match map.get(&line).or_else(|| map.get(&last)) {
                Some(r) => Some(r.iter()),
                None if someone_else(&**now, learner) => return Ok(None),
                None => None,
            }
        }
        _ => None,
    };
    let mut rounds = 0;
    while someone_else(&**now, learner) {
        rounds += 1;
        if rounds > MAX_REPLIES {
            return Err(LessonError::Opponent(
                "the opponent never gives the turn back".into(),
            ));
        }
        let mv = match &step.opponent {
            Opponent::None => {
                *now = hook(game).hand_back(&**now, learner)?;
                continue;
            }
            Opponent::Forced => match now.legal_moves().as_slice() {
                [only] => only.clone(),
                _ => return Ok(None),
            },
            Opponent::Program(spec) => program_move(&**now, spec, played.len())?,
            Opponent::Scripted(_) => match script.as_mut().and_then(Iterator::next) {
                Some(m) => m.clone(),
                None => {
                    return Err(LessonError::Opponent(format!(
                        "the script has too few replies after {}",
                        played.join(" ")
                    )));
                }
            },
        };
        let canonical = now
            .play(&mv)
            .map_err(|e| LessonError::Opponent(e.to_string()))?;
        replies.push(canonical);
    }
    Ok(Some(replies))
}

/// Whether someone other than the learner is to act (a player or chance).
fn someone_else(game: &dyn AnyGame, learner: Player) -> bool {
    match game.to_act() {
        ToAct::Player(p, _) => p != learner,
        ToAct::Chance => true,
        ToAct::Nobody => false,
    }
}

/// A program's move, seeded by the learner's move count so the same moves
/// always draw the same reply.
fn program_move(game: &dyn AnyGame, spec: &str, ply: usize) -> Result<String, LessonError> {
    if game.to_act() == ToAct::Chance {
        return Err(LessonError::Unsupported(
            "lessons do not draw chance".into(),
        ));
    }
    let spec = SeatSpec::parse(spec).map_err(|e| LessonError::Opponent(e.to_string()))?;
    let mut player = game
        .player(&spec, 0x1e55_0000 + ply as u64)
        .map_err(|e| LessonError::Opponent(e.to_string()))?;
    player
        .choose(game)
        .ok_or_else(|| LessonError::Opponent(player.failure().unwrap_or_default()))
}
