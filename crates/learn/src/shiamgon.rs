//! Shiamgon's lessons: its goal kinds and how the turn goes back.
//!
//! Fields are named as in moves (`0.0`, `3.3`, `R.I` on the discs). The
//! learner is whoever acts at the step's start (player 1 in every lesson,
//! so the learner always plays orange).
//!
//! Goal kinds (besides the generic `win` and `moves`):
//! - `{"kind": "place", "fields": ["0.0"]}`: one of the learner's stones
//!   stands on one of these fields.
//! - `{"kind": "pushed", "fields": ["1.0", "1.1"]}`: the opponents' stones
//!   that stood on these fields at the step's start are all gone from them
//!   (pushed away or taken off).
//! - `{"kind": "prisoners", "count": 2}`: the learner holds at least that
//!   many more prisoners than at the step's start.
//! - `{"kind": "wall", "size": 3}`: the learner has a cluster (stones
//!   joined by walls) of at least that many stones.
//! - `{"kind": "keep", "moves": 1}`: after that many learner moves (1 when
//!   left out), with everybody's replies played and the learner to place
//!   again, none of the learner's stones has been lost; missed as soon as
//!   one is.
//!
//! Every kind but `keep` takes `"within": n`: missed when it is not
//! reached once the learner's `n`-th move and its replies are played —
//! for "with one stone" steps, where a second try would make no sense.
//!
//! When nobody replies (`"opponent": "none"`), [`Shiamgon::hand_back`]
//! answers an opponent's push by moving the stone to the first field (in
//! board order) it may go to, and gives the turn to the learner by
//! rewriting the position text's `turn`.

use kyoku_core::{Decision, Player, ToAct};
use kyoku_games::{AnyGame, GameKind};
use kyoku_shiamgon::{Bits, Position};
use serde::Deserialize;
use serde_json::json;

use crate::goals::bad_goal;
use crate::{GameLessons, Goal, Judgement, Judging, LessonError};

/// Shiamgon's lessons module.
pub struct Shiamgon;

/// A `place` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Place {
    fields: Vec<String>,
    #[serde(default)]
    within: Option<usize>,
}

/// A `pushed` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Pushed {
    fields: Vec<String>,
    #[serde(default)]
    within: Option<usize>,
}

/// A `prisoners` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Prisoners {
    count: u32,
    #[serde(default)]
    within: Option<usize>,
}

/// A `wall` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Wall {
    size: usize,
    #[serde(default)]
    within: Option<usize>,
}

/// A `keep` goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Keep {
    #[serde(default = "one")]
    moves: usize,
}

fn one() -> usize {
    1
}

/// A goal read into its kind's fields.
enum Kind {
    Place(Place),
    Pushed(Pushed),
    Prisoners(Prisoners),
    Wall(Wall),
    Keep(Keep),
}

const KINDS: &str = "Shiamgon knows win, moves, place, pushed, prisoners, wall and keep";

/// Reads a goal of one of Shiamgon's own kinds, checking what can be
/// checked without a board (field names are checked on the step's board
/// when judged).
fn read(goal: &Goal) -> Result<Kind, LessonError> {
    let kind = match goal.kind.as_str() {
        "place" => {
            let p: Place = goal.read()?;
            if p.fields.is_empty() {
                return Err(bad_goal("place", "no fields given"));
            }
            Kind::Place(p)
        }
        "pushed" => {
            let p: Pushed = goal.read()?;
            if p.fields.is_empty() {
                return Err(bad_goal("pushed", "no fields given"));
            }
            Kind::Pushed(p)
        }
        "prisoners" => {
            let p: Prisoners = goal.read()?;
            if p.count == 0 {
                return Err(bad_goal(
                    "prisoners",
                    "a count of 0 is reached before any move",
                ));
            }
            Kind::Prisoners(p)
        }
        "wall" => {
            let w: Wall = goal.read()?;
            if w.size < 2 {
                return Err(bad_goal("wall", "a wall has at least 2 stones"));
            }
            Kind::Wall(w)
        }
        "keep" => {
            let k: Keep = goal.read()?;
            if k.moves == 0 {
                return Err(bad_goal("keep", "moves must be at least 1"));
            }
            Kind::Keep(k)
        }
        other => return Err(bad_goal(other, KINDS)),
    };
    if let Some(0) = within(&kind) {
        return Err(bad_goal(&goal.kind, "within must be at least 1"));
    }
    Ok(kind)
}

fn within(kind: &Kind) -> Option<usize> {
    match kind {
        Kind::Place(g) => g.within,
        Kind::Pushed(g) => g.within,
        Kind::Prisoners(g) => g.within,
        Kind::Wall(g) => g.within,
        Kind::Keep(_) => None,
    }
}

/// A game's position, read back by the rules.
fn position(game: &dyn AnyGame) -> Result<Position, LessonError> {
    let text = game.position_text();
    Position::parse(&text).map_err(|e| LessonError::BadPosition(format!("{text:?}: {e}")))
}

/// A field of the position's board by name.
fn field(pos: &Position, kind: &str, name: &str) -> Result<usize, LessonError> {
    pos.board().field(name).ok_or_else(|| {
        bad_goal(
            kind,
            format!("{name:?} is not a field of {}", pos.board().kind()),
        )
    })
}

/// Whether the learner is to place (the others' replies are all played).
fn learner_places(game: &dyn AnyGame, learner: Player) -> bool {
    game.to_act() == ToAct::Player(learner, Decision::Turn)
}

/// Whether the goal stands in `now` (compared with `start`).
fn reached(
    kind: &Kind,
    start: &Position,
    now: &Position,
    learner: Player,
) -> Result<bool, LessonError> {
    Ok(match kind {
        Kind::Place(g) => {
            let mine = now.stones(learner);
            let mut any = false;
            for name in &g.fields {
                any |= mine.contains(field(now, "place", name)?);
            }
            any
        }
        Kind::Pushed(g) => {
            let mut all = true;
            for name in &g.fields {
                let f = field(now, "pushed", name)?;
                match start.owner(f) {
                    Some(o) if o != learner => all &= !now.stones(o).contains(f),
                    _ => {
                        return Err(bad_goal(
                            "pushed",
                            format!("{name} holds no opponent's stone at the start"),
                        ));
                    }
                }
            }
            all
        }
        Kind::Prisoners(g) => {
            now.prisoners_taken(learner) >= start.prisoners_taken(learner) + g.count
        }
        Kind::Wall(g) => now
            .clusters(learner)
            .iter()
            .any(|c: &Bits| c.count() >= g.size),
        Kind::Keep(_) => false,
    })
}

impl GameLessons for Shiamgon {
    fn check_goal(&self, goal: &Goal) -> Result<(), LessonError> {
        read(goal).map(|_| ())
    }

    fn judge(&self, goal: &Goal, at: &Judging<'_>) -> Result<Judgement, LessonError> {
        let kind = read(goal)?;
        let start = position(at.start)?;
        let now = position(at.now)?;
        let settled = learner_places(at.now, at.learner) || at.now.outcome().is_some();
        if let Kind::Keep(k) = &kind {
            return Ok(
                if now.stones_lost(at.learner) > start.stones_lost(at.learner) {
                    Judgement::Missed
                } else if settled && at.moves.len() >= k.moves {
                    Judgement::Reached
                } else {
                    Judgement::Open
                },
            );
        }
        Ok(if reached(&kind, &start, &now, at.learner)? {
            Judgement::Reached
        } else if settled && within(&kind).is_some_and(|n| at.moves.len() >= n) {
            Judgement::Missed
        } else {
            Judgement::Open
        })
    }

    fn hand_back(
        &self,
        game: &dyn AnyGame,
        learner: Player,
    ) -> Result<Box<dyn AnyGame>, LessonError> {
        let pos = position(game)?;
        if pos.pending_push().is_some_and(|(p, _, _)| p != learner) {
            // An opponent's pushed stone must still move: to its first
            // free field, so the lesson stays the same every time.
            let mut next = game.box_clone();
            let first = next.legal_moves().into_iter().next().ok_or_else(|| {
                LessonError::BadPosition("a pushed stone has nowhere to go".into())
            })?;
            next.play(&first)
                .map_err(|e| LessonError::BadPosition(e.to_string()))?;
            return Ok(next);
        }
        let text = with_turn(&pos.text(), learner)?;
        GameKind::Shiamgon
            .new_game(&json!({"position": text}))
            .map_err(|e| LessonError::BadPosition(e.to_string()))
    }
}

/// The position text with `turn` set to `learner` (the text is
/// `shiamgon BOARD PLAYERS turn P …`).
fn with_turn(text: &str, learner: Player) -> Result<String, LessonError> {
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    match words.get(3).map(String::as_str) {
        Some("turn") if words.len() > 4 => {
            words[4] = (learner.index() + 1).to_string();
            Ok(words.join(" "))
        }
        _ => Err(LessonError::BadPosition(format!(
            "{text:?} does not say whose turn it is"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(v: serde_json::Value) -> Goal {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn goals_read_and_bad_ones_do_not() {
        let s = Shiamgon;
        assert!(
            s.check_goal(&goal(json!({"kind": "place", "fields": ["0.0"]})))
                .is_ok()
        );
        assert!(s.check_goal(&goal(json!({"kind": "keep"}))).is_ok());
        assert!(
            s.check_goal(&goal(json!({"kind": "place", "fields": []})))
                .is_err()
        );
        assert!(
            s.check_goal(&goal(json!({"kind": "wall", "size": 1})))
                .is_err()
        );
        assert!(
            s.check_goal(&goal(json!({"kind": "prisoners", "count": 1, "within": 0})))
                .is_err()
        );
        assert!(s.check_goal(&goal(json!({"kind": "capture"}))).is_err());
        assert!(
            s.check_goal(&goal(json!({"kind": "pushed", "field": "1.0"})))
                .is_err()
        );
    }

    #[test]
    fn the_turn_goes_back() {
        let text =
            "shiamgon tri8 3 turn 2 placements 1 stones 0.0/7.0/7.14 prisoners 0,0,0/0,0,0/0,0,0";
        let back = with_turn(text, Player::new(0)).unwrap();
        assert!(back.starts_with("shiamgon tri8 3 turn 1 placements 1"));
        assert!(with_turn("shiamgon tri8", Player::new(0)).is_err());
    }

    #[test]
    fn a_pushed_opponent_moves_and_the_turn_comes_back() {
        // Orange on 2.2 places 1.1 next to blue's 1.0; blue must move, then
        // the turn is orange's again.
        let text =
            "shiamgon tri8 3 turn 1 placements 0 stones 2.2/1.0/7.14 prisoners 0,0,0/0,0,0/0,0,0";
        let mut game = GameKind::Shiamgon
            .new_game(&json!({"position": text}))
            .unwrap();
        game.play("1.1").unwrap();
        let learner = Player::new(0);
        let mut rounds = 0;
        while !learner_places(&*game, learner) {
            game = Shiamgon.hand_back(&*game, learner).unwrap();
            rounds += 1;
            assert!(rounds < 4);
        }
        let pos = position(&*game).unwrap();
        assert!(
            !pos.stones(Player::new(1))
                .contains(pos.board().field("1.0").unwrap())
        );
        assert_eq!(pos.stones(Player::new(1)).count(), 1);
    }
}
