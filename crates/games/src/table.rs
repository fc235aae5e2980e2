//! [`Table`]: the one implementation of [`AnyGame`], generic over a game's
//! [`Position`].

use std::any::Any;

use kyoku_core::{
    Agent, AgentError, AgentRegistry, GameRecord, MoveError, Outcome, Position, SeatSpec, ToAct,
};
use serde_json::Value;

use crate::{AnyGame, AnyPlayer, GameKind};

/// A game of one kind in progress: its record, its options, and the hooks
/// that make it a catalogue game (players, extras).
pub struct Table<P: Position> {
    record: GameRecord<P>,
    kind: GameKind,
    options: Value,
    players: fn() -> AgentRegistry<P>,
    extras: fn(&GameRecord<P>) -> Value,
}

impl<P: Position> Clone for Table<P> {
    fn clone(&self) -> Self {
        Table {
            record: self.record.clone(),
            kind: self.kind,
            options: self.options.clone(),
            players: self.players,
            extras: self.extras,
        }
    }
}

impl<P: Position> Table<P> {
    /// A game starting at `start`; `options` is what made it (complete),
    /// `players` lists the programs, `extras` adds user-interface data.
    pub fn new(
        start: P,
        kind: GameKind,
        options: Value,
        players: fn() -> AgentRegistry<P>,
        extras: fn(&GameRecord<P>) -> Value,
    ) -> Self {
        Table {
            record: GameRecord::new(start),
            kind,
            options,
            players,
            extras,
        }
    }

    /// [`Table::new`] boxed as an [`AnyGame`], its options serialised from
    /// the game's typed options.
    pub fn boxed<O: serde::Serialize>(
        start: P,
        kind: GameKind,
        options: &O,
        players: fn() -> AgentRegistry<P>,
        extras: fn(&GameRecord<P>) -> Value,
    ) -> Box<dyn AnyGame> {
        let options = serde_json::to_value(options).unwrap_or(Value::Null);
        Box::new(Table::new(start, kind, options, players, extras))
    }

    /// The game's record, for tools that know the game.
    pub fn record(&self) -> &GameRecord<P> {
        &self.record
    }
}

impl<P: Position> AnyGame for Table<P> {
    fn kind(&self) -> GameKind {
        self.kind
    }
    fn options(&self) -> Value {
        self.options.clone()
    }
    fn num_players(&self) -> usize {
        self.record.position().num_players()
    }
    fn to_act(&self) -> ToAct {
        self.record.to_act()
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.record.legal_moves(&mut v);
        let pos = self.record.position();
        v.into_iter().map(|m| pos.move_to_text(m)).collect()
    }
    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let before = self.record.position().clone();
        let mv = self.record.play_text(text)?;
        Ok(before.move_to_text(mv))
    }
    fn undo(&mut self) -> Option<String> {
        let mv = self.record.undo()?;
        Some(self.record.position().move_to_text(mv))
    }
    fn history(&self) -> Vec<String> {
        self.record.move_texts()
    }
    fn position_text(&self) -> String {
        self.record.position().to_text()
    }
    fn position_text_at(&self, ply: usize) -> Option<String> {
        self.record.positions().get(ply).map(|p| p.to_text())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.record.outcome()
    }
    fn extras(&self) -> Value {
        (self.extras)(&self.record)
    }
    fn programs(&self) -> Vec<(String, String)> {
        (self.players)()
            .programs()
            .map(|(n, a)| (n.to_string(), a.to_string()))
            .collect()
    }
    fn player(&self, spec: &SeatSpec, seed: u64) -> Result<Box<dyn AnyPlayer>, AgentError> {
        Ok(seat((self.players)().make(spec, seed)?))
    }
    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A program of one game as an [`AnyPlayer`].
pub(crate) fn seat<P: Position>(agent: Box<dyn Agent<P>>) -> Box<dyn AnyPlayer> {
    Box::new(Seat::<P> { agent })
}

/// A program of one game behind [`AnyPlayer`].
struct Seat<P: Position> {
    agent: Box<dyn Agent<P>>,
}

impl<P: Position> AnyPlayer for Seat<P> {
    fn spec(&self) -> String {
        self.agent.spec()
    }
    fn choose(&mut self, game: &dyn AnyGame) -> Option<String> {
        let table = game.as_any().downcast_ref::<Table<P>>()?;
        let mv = self.agent.choose(&table.record)?;
        Some(table.record.position().move_to_text(mv))
    }
    fn failure(&self) -> Option<String> {
        self.agent.failure()
    }
    fn set_time(&mut self, time: Option<kyoku_core::TimeLeft>) {
        self.agent.set_time(time);
    }
}
