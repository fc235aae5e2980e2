use crate::{MoveError, Outcome, Position, ToAct};

/// A position is drawn (or scored) when it occurs this many times.
pub const REPETITION_LIMIT: usize = 3;

/// A game from its start: the positions it went through and the moves that
/// led there, with the rules that need that past (repetition).
///
/// Every tool that plays whole games (playouts, search roots, the terminal,
/// the server) keeps one of these.
#[derive(Clone, Debug)]
pub struct GameRecord<P: Position> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
    keys: Vec<u64>,
    repetition: Option<Outcome>,
}

impl<P: Position> GameRecord<P> {
    /// A game starting at `start`.
    pub fn new(start: P) -> Self {
        let key = start.repetition_key();
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
            keys: vec![key],
            repetition: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.positions
            .last()
            .expect("a record always holds its start")
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The moves as text, each written in the position it was played from.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, p)| p.move_to_text(m))
            .collect()
    }

    /// How the game ended: by the rules, or by repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.repetition.or_else(|| self.position().outcome())
    }

    /// Who acts next ([`ToAct::Nobody`] once the game is over, repetition included).
    pub fn to_act(&self) -> ToAct {
        if self.repetition.is_some() {
            ToAct::Nobody
        } else {
            self.position().to_act()
        }
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self, moves: &mut Vec<P::Move>) {
        if self.repetition.is_none() {
            self.position().legal_moves(moves);
        }
    }

    /// Plays a legal move; an illegal one is an error and changes nothing.
    pub fn play(&mut self, mv: P::Move) -> Result<(), MoveError> {
        if self.repetition.is_some() {
            return Err(MoveError::GameOver);
        }
        let mut next = self.position().clone();
        next.play(mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// Reads a move as text and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveError> {
        if self.repetition.is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.position().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a move known to be legal (search and playouts).
    pub fn play_unchecked(&mut self, mv: P::Move) {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.push(mv, next);
    }

    fn push(&mut self, mv: P::Move, next: P) {
        let key = next.repetition_key();
        let seen = self.keys.iter().filter(|&&k| k == key).count() + 1;
        if seen >= REPETITION_LIMIT && next.outcome().is_none() {
            self.repetition = Some(next.outcome_on_repetition());
        }
        self.keys.push(key);
        self.moves.push(mv);
        self.positions.push(next);
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.repetition = None;
        Some(mv)
    }

    /// How often the current position has occurred so far (1 = first time).
    pub fn occurrences(&self) -> usize {
        let key = *self.keys.last().expect("a record always holds its start");
        self.keys.iter().filter(|&&k| k == key).count()
    }
}
