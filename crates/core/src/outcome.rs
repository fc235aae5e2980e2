use crate::Player;

/// The most players any game of the product has.
pub const MAX_PLAYERS: usize = 5;

/// How a game ended: a score and a rank for each player.
///
/// Two-player games score a win 1–0 and a draw 0–0. Ranks follow from scores:
/// a player's rank is one more than the number of players with a strictly
/// higher score, so equal scores share a place.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    players: u8,
    scores: [i32; MAX_PLAYERS],
    /// Why the game ended, in a few words ("lion captured", "threefold repetition").
    pub reason: &'static str,
}

impl Outcome {
    /// An outcome from each player's score, in player order.
    ///
    /// # Panics
    /// If there are more than [`MAX_PLAYERS`] or fewer than 1 scores (a bug in a
    /// game, never user input).
    pub fn from_scores(scores: &[i32], reason: &'static str) -> Self {
        assert!(
            (1..=MAX_PLAYERS).contains(&scores.len()),
            "bad player count"
        );
        let mut s = [0; MAX_PLAYERS];
        s[..scores.len()].copy_from_slice(scores);
        Outcome {
            players: scores.len() as u8,
            scores: s,
            reason,
        }
    }

    /// `winner` wins a game of `players` players; everybody else loses.
    pub fn win(winner: Player, players: usize, reason: &'static str) -> Self {
        let mut s = [0; MAX_PLAYERS];
        s[winner.index()] = 1;
        Self::from_scores(&s[..players], reason)
    }

    /// Nobody wins.
    pub fn draw(players: usize, reason: &'static str) -> Self {
        Self::from_scores(&[0; MAX_PLAYERS][..players], reason)
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The scores in player order.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players()]
    }

    /// `player`'s score.
    pub fn score(&self, player: Player) -> i32 {
        self.scores[player.index()]
    }

    /// `player`'s place, 1 = best; equal scores share a place.
    pub fn rank(&self, player: Player) -> usize {
        let mine = self.score(player);
        1 + self.scores().iter().filter(|&&s| s > mine).count()
    }

    /// The players in first place (all of them when everybody ties).
    pub fn winners(&self) -> Vec<Player> {
        (0..self.players())
            .map(Player::new)
            .filter(|&p| self.rank(p) == 1)
            .collect()
    }

    /// True when every player shares first place.
    pub fn is_draw(&self) -> bool {
        self.winners().len() == self.players()
    }

    /// The single winner, if exactly one player is first.
    pub fn winner(&self) -> Option<Player> {
        match self.winners().as_slice() {
            [w] => Some(*w),
            _ => None,
        }
    }

    /// A reward in `[0, 1]` for `player` from places alone: the share of the
    /// other players beaten, a tie counting half. 1 for a sole winner, 0 for
    /// a sole loser, ½ for a two-player draw.
    pub fn reward(&self, player: Player) -> f64 {
        let n = self.players();
        if n < 2 {
            return 1.0;
        }
        let mine = self.score(player);
        let mut beaten = 0.0;
        for (i, &s) in self.scores().iter().enumerate() {
            if i == player.index() {
                continue;
            }
            if s < mine {
                beaten += 1.0;
            } else if s == mine {
                beaten += 0.5;
            }
        }
        beaten / (n - 1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_and_draw() {
        let w = Outcome::win(Player::new(1), 2, "x");
        assert_eq!(w.winner(), Some(Player::new(1)));
        assert_eq!(w.rank(Player::new(0)), 2);
        assert_eq!(w.reward(Player::new(0)), 0.0);
        assert_eq!(w.reward(Player::new(1)), 1.0);
        assert!(!w.is_draw());
        let d = Outcome::draw(2, "x");
        assert!(d.is_draw());
        assert_eq!(d.winner(), None);
        assert_eq!(d.reward(Player::new(0)), 0.5);
    }

    #[test]
    fn shared_places() {
        let o = Outcome::from_scores(&[5, 9, 5, 1], "x");
        assert_eq!(o.rank(Player::new(1)), 1);
        assert_eq!(o.rank(Player::new(0)), 2);
        assert_eq!(o.rank(Player::new(2)), 2);
        assert_eq!(o.rank(Player::new(3)), 4);
        assert_eq!(o.reward(Player::new(0)), 1.5 / 3.0);
        assert_eq!(o.winners(), vec![Player::new(1)]);
    }
}
