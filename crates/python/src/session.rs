//! A game in progress behind one object-safe interface: [`DynSession`],
//! implemented once for every [`Engine`] by [`Session`]. The Python `State`
//! holds a boxed one.

use std::any::Any;

use kyoku_core::{GameRecord, Outcome, Player, ToAct, perft, sample_chance};

use crate::engine::{Engine, ObsOptions};

/// A game of one kind from its start position: the record (so repetition
/// ends games as everywhere else in the product) and the observation options.
#[derive(Clone, Debug)]
pub struct Session<P: Engine> {
    /// The record: positions, moves, repetition.
    pub record: GameRecord<P>,
    /// What observations hold.
    pub obs: ObsOptions,
}

impl<P: Engine> Session<P> {
    /// A game starting at `start`.
    pub fn new(start: P, obs: ObsOptions) -> Self {
        Session {
            record: GameRecord::new(start),
            obs,
        }
    }

    fn legal(&self) -> Vec<P::Move> {
        let mut v = Vec::new();
        self.record.legal_moves(&mut v);
        v
    }
}

/// Everything the Python `State` does, for any game. Errors are the engine's
/// messages, ready for a `ValueError`.
pub trait DynSession: Send + Sync {
    /// `dobutsu`, `shogun` or `shiamgon`.
    fn game_name(&self) -> &'static str;
    /// Number of seats.
    fn num_players(&self) -> usize;
    /// Size of the players' action space.
    fn num_actions(&self) -> usize;
    /// Who acts now (nobody after repetition too).
    fn to_act(&self) -> ToAct;
    /// Legal action indices of whoever acts (chance included), ascending.
    fn legal_actions(&self) -> Vec<usize>;
    /// Legal moves as text, in the order of [`DynSession::legal_actions`].
    fn legal_moves(&self) -> Vec<String>;
    /// Plays an action index; an illegal one changes nothing.
    fn apply_action(&mut self, action: usize) -> Result<(), String>;
    /// Plays a move given as text.
    fn apply_move(&mut self, text: &str) -> Result<(), String>;
    /// Chance's outcomes (action, probability); empty unless chance acts.
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    /// Lets chance act until a player (or nobody) does, drawing from `seed`.
    fn resolve_chance(&mut self, seed: u64);
    /// The outcome, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The current position's text.
    fn text(&self) -> String;
    /// The moves played so far, as text.
    fn history(&self) -> Vec<String>;
    /// The text of an action index, legal here or not.
    fn action_to_move(&self, action: usize) -> Result<String, String>;
    /// The action index of a move text (legal here, or any text of the space).
    fn move_to_action(&self, text: &str) -> Result<usize, String>;
    /// The observation's shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// The observation of `seat`.
    fn observe(&self, seat: usize, out: &mut Vec<i8>);
    /// A terminal drawing.
    fn drawing(&self) -> String;
    /// An SVG drawing, if the game has one.
    fn svg(&self) -> Option<String>;
    /// Perft from the current position (the engine's own, in Rust).
    fn perft(&self, depth: u32) -> u64;
    /// A copy.
    fn box_clone(&self) -> Box<dyn DynSession>;
    /// For the programs, which need the concrete game.
    fn as_any(&self) -> &dyn Any;
    /// For the programs, which need the concrete game.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<P: Engine> DynSession for Session<P> {
    fn game_name(&self) -> &'static str {
        self.record.position().game_name()
    }
    fn num_players(&self) -> usize {
        self.record.position().num_players()
    }
    fn num_actions(&self) -> usize {
        self.record.position().num_actions()
    }
    fn to_act(&self) -> ToAct {
        self.record.to_act()
    }
    fn legal_actions(&self) -> Vec<usize> {
        let pos = self.record.position();
        let mut v: Vec<usize> = self.legal().into_iter().map(|m| pos.encode(m)).collect();
        v.sort_unstable();
        v
    }
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.record.position();
        let mut v: Vec<(usize, String)> = self
            .legal()
            .into_iter()
            .map(|m| (pos.encode(m), pos.move_to_text(m)))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, t)| t).collect()
    }
    fn apply_action(&mut self, action: usize) -> Result<(), String> {
        let pos = self.record.position();
        if let Some(m) = self.legal().into_iter().find(|&m| pos.encode(m) == action) {
            self.record.play_unchecked(m);
            return Ok(());
        }
        // Not legal: let the engine say why, through the action's text.
        if self.record.outcome().is_some() {
            return Err(kyoku_core::MoveError::GameOver.to_string());
        }
        match pos.action_text(action) {
            None => Err(format!(
                "action {action} is outside this game's actions 0..{}",
                pos.num_actions()
            )),
            Some(text) => Err(match self.record.clone().play_text(&text) {
                Err(e) => format!("action {action} ({text}): {e}"),
                Ok(_) => format!("action {action} ({text}) is not legal here"),
            }),
        }
    }
    fn apply_move(&mut self, text: &str) -> Result<(), String> {
        self.record
            .play_text(text)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        if self.record.to_act() != ToAct::Chance {
            return Vec::new();
        }
        let pos = self.record.position();
        let mut v = Vec::new();
        pos.chance_outcomes(&mut v);
        v.into_iter().map(|(m, p)| (pos.encode(m), p)).collect()
    }
    fn resolve_chance(&mut self, seed: u64) {
        let mut rng = kyoku_core::seeded_rng(seed);
        while self.record.to_act() == ToAct::Chance {
            match sample_chance(self.record.position(), &mut rng) {
                Some(m) => self.record.play_unchecked(m),
                None => break,
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }
    fn text(&self) -> String {
        self.record.position().to_text()
    }
    fn history(&self) -> Vec<String> {
        self.record.move_texts()
    }
    fn action_to_move(&self, action: usize) -> Result<String, String> {
        let pos = self.record.position();
        if let Some(m) = self.legal().into_iter().find(|&m| pos.encode(m) == action) {
            return Ok(pos.move_to_text(m));
        }
        pos.action_text(action).ok_or_else(|| {
            format!(
                "action {action} is outside this game's actions 0..{}",
                pos.num_actions()
            )
        })
    }
    fn move_to_action(&self, text: &str) -> Result<usize, String> {
        let pos = self.record.position();
        match pos.parse_move(text) {
            Ok(m) => Ok(pos.encode(m)),
            Err(e) => {
                // Not legal here, but perhaps still a move of the action space.
                let t = text.trim();
                (0..pos.num_actions() + 4)
                    .find(|&a| pos.action_text(a).as_deref() == Some(t))
                    .ok_or_else(|| e.to_string())
            }
        }
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.record.position().observation_shape(self.obs)
    }
    fn observe(&self, seat: usize, out: &mut Vec<i8>) {
        self.record.position().observe(seat, self.obs, out)
    }
    fn drawing(&self) -> String {
        let mut s = self.record.position().drawing();
        if let Some(o) = self.record.outcome() {
            let scores: Vec<String> = o.scores().iter().map(|s| s.to_string()).collect();
            let winners: Vec<String> = o.winners().iter().map(|p| p.number().to_string()).collect();
            s.push_str(&format!(
                "result ({}): scores {}; first place: seat {}\n",
                o.reason,
                scores.join(" "),
                winners.join(", ")
            ));
        }
        s
    }
    fn svg(&self) -> Option<String> {
        self.record.position().svg()
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(self.record.position(), depth)
    }
    fn box_clone(&self) -> Box<dyn DynSession> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// Returns per seat in `[-1, 1]` from places alone: `2 × reward − 1`, where
/// the reward is the share of the other seats beaten (a tie counting half).
/// Two players: +1 win, −1 loss, 0 draw; Shiamgon: +1 sole first, −1 sole
/// last. Zeros while the game goes on.
pub fn returns(outcome: Option<&Outcome>, players: usize) -> Vec<f64> {
    match outcome {
        None => vec![0.0; players],
        Some(o) => (0..players)
            .map(|i| 2.0 * o.reward(Player::new(i)) - 1.0)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dobutsu() -> Session<kyoku_dobutsu::Position> {
        Session::new(kyoku_dobutsu::Position::startpos(), ObsOptions::default())
    }

    #[test]
    fn illegal_actions_change_nothing_and_say_why() {
        let mut s = dobutsu();
        let before = s.text();
        let err = s.apply_action(999).unwrap_err();
        assert!(err.contains("outside"), "{err}");
        let a1a2 = s.move_to_action("a1a2").unwrap_or(usize::MAX);
        let err = s.apply_action(a1a2).unwrap_err();
        assert!(err.contains("a1a2"), "{err}");
        assert_eq!(s.text(), before);
        assert!(s.apply_move("b2b3").is_ok());
        assert_ne!(s.text(), before);
    }

    #[test]
    fn repetition_ends_the_game_as_a_draw() {
        // Giraffes shuffle back and forth: the start comes back a third time.
        let mut s = dobutsu();
        for _ in 0..2 {
            for mv in ["c1c2", "a4a3", "c2c1", "a3a4"] {
                assert!(s.apply_move(mv).is_ok(), "{mv}");
            }
        }
        assert_eq!(s.to_act(), ToAct::Nobody);
        assert!(s.legal_actions().is_empty());
        assert_eq!(returns(s.outcome().as_ref(), 2), vec![0.0, 0.0]);
    }

    #[test]
    fn returns_follow_places() {
        let o = Outcome::from_scores(&[5, 9, 5, 1], "x");
        assert_eq!(returns(Some(&o), 4), vec![0.0, 1.0, 0.0, -1.0]);
        assert_eq!(returns(None, 3), vec![0.0; 3]);
    }
}
