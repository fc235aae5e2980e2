use std::fmt;

/// A player, by 0-based seat index; shown to people 1-based ("player 1").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The player with 0-based index `index`.
    pub const fn new(index: usize) -> Self {
        Player(index as u8)
    }
    /// 0-based index, for arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 1-based number, as people count.
    pub const fn number(self) -> usize {
        self.0 as usize + 1
    }
    /// The player after this one in a game of `players` players.
    pub const fn next(self, players: usize) -> Self {
        Player(((self.0 as usize + 1) % players) as u8)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// What kind of decision a player is asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The player's own turn.
    Turn,
    /// An answer out of turn to another player's action (Shiamgon: a pushed
    /// stone's owner chooses where it goes).
    Answer,
}

/// Who acts next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ToAct {
    /// A player must choose one of the legal moves.
    Player(Player, Decision),
    /// Chance picks one of the outcomes, with the probabilities of
    /// [`crate::Position::chance_outcomes`].
    Chance,
    /// The game is over.
    Nobody,
}

impl ToAct {
    /// The player who acts, if a player does.
    pub fn player(self) -> Option<Player> {
        match self {
            ToAct::Player(p, _) => Some(p),
            _ => None,
        }
    }
}
