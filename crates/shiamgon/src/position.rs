//! The rules: positions, placements, pushes, encirclements, the end.

use kyoku_core::{Decision, MoveError, Outcome, Player, ToAct};

use crate::bits::Bits;
use crate::board::{Board, BoardKind, Field};
use crate::neighbours::Neighbours;
use crate::start::{HandicapError, check_handicap_field, default_handicap, start_stones};

mod play;
mod reach;

pub use play::distribute;

/// The most players a board allows.
pub const MAX_PLAYERS: usize = 5;

/// A decision: a field (a placement on one's turn, or the destination of a
/// pushed stone when answering a push), or a pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A field, by index.
    Field(u8),
    /// No legal placement: the turn goes on.
    Pass,
}

impl Move {
    /// The move to field `f`.
    pub fn to(f: Field) -> Move {
        Move::Field(f as u8)
    }
}

/// Why the rules ended a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// No player has a legal placement.
    Triampsalm,
    /// `4 ×` (number of fields) placements have been made.
    PlacementLimit,
}

impl End {
    /// In a few words.
    pub fn reason(self) -> &'static str {
        match self {
            End::Triampsalm => "Triampsalm",
            End::PlacementLimit => "placement limit",
        }
    }
}

/// A cluster taken off the board, and who got its stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The owner of the cluster.
    pub owner: Player,
    /// Its fields.
    pub fields: Bits,
    /// Prisoners each player received from it, by player index.
    pub dealt: [u32; MAX_PLAYERS],
}

/// Why a position cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board does not allow this many players.
    #[error("{board} is played by {min}–{max} players, not {players}")]
    PlayerCount {
        /// The board.
        board: BoardKind,
        /// Players asked for.
        players: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// A handicap stone cannot go where asked.
    #[error(transparent)]
    Handicap(#[from] HandicapError),
}

/// A Shiamgon position: the board, every stone, the prisoners, whose turn
/// it is and any push waiting for its answer.
///
/// Cheap to clone (a few hundred bytes, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: &'static Board,
    pub(crate) players: u8,
    /// Whose turn it is; while pushes are answered, the player who placed.
    pub(crate) turn: u8,
    /// The field of the placement whose pushes are being answered.
    pub(crate) pending: Option<u8>,
    pub(crate) stones: [Bits; MAX_PLAYERS],
    pub(crate) occupied: Bits,
    /// `prisoners[holder][owner]`.
    pub(crate) prisoners: [[u16; MAX_PLAYERS]; MAX_PLAYERS],
    pub(crate) placements: u32,
    // Derived (recomputed by the text reader): some cluster is encircled
    // but was spared because its owner's own action closed it.
    pub(crate) recheck: bool,
    pub(crate) end: Option<End>,
    /// Legal placements of `turn` at a turn boundary.
    pub(crate) cached: Bits,
    pub(crate) key: u64,
    /// Derived: neighbour counts, kept up to date by `put` and `take`.
    pub(crate) neighbours: Neighbours,
}

/// Zobrist keys: SplitMix64 from a fixed seed, computed at compile time.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn zobrist_table() -> [[u64; 256]; MAX_PLAYERS + 2] {
    let mut t = [[0u64; 256]; MAX_PLAYERS + 2];
    let mut i = 0;
    while i < MAX_PLAYERS + 2 {
        let mut j = 0;
        while j < 256 {
            t[i][j] = splitmix(0x5348_4941_4d47_4f4e ^ ((i as u64) << 8 | j as u64));
            j += 1;
        }
        i += 1;
    }
    t
}

/// Rows 0–4: a stone of that player; row 5: pending push at a field;
/// row 6: player to move (column) and misc.
static ZOBRIST: [[u64; 256]; MAX_PLAYERS + 2] = zobrist_table();

/// The Zobrist key of a stone of player `p` (0-based) on `f`.
pub(crate) fn stone_key(p: usize, f: Field) -> u64 {
    ZOBRIST[p][f]
}

impl Position {
    /// The start position of `board` for `players` players.
    pub fn start(board: BoardKind, players: usize) -> Result<Position, SetupError> {
        Self::with_handicap(board, players, &[])
    }

    /// The start position with extra stones: `handicap[p]` lists player
    /// `p`'s handicap fields (third ring from the outside, own sector, not
    /// adjacent to any stone). Missing entries mean none.
    pub fn with_handicap(
        board: BoardKind,
        players: usize,
        handicap: &[Vec<Field>],
    ) -> Result<Position, SetupError> {
        check_players(board, players)?;
        let mut stones: Vec<Vec<Field>> = start_stones(board, players);
        let mut all: Bits = stones.iter().flatten().copied().collect();
        for (p, fields) in handicap.iter().enumerate().take(players) {
            if !fields.is_empty() && board.is_triangle() {
                return Err(HandicapError::NotADisc.into());
            }
            for &f in fields {
                if f >= board.board().len() {
                    return Err(HandicapError::BadField {
                        field: f.to_string(),
                        player: p + 1,
                        reason: "no such field",
                    }
                    .into());
                }
                check_handicap_field(board, players, p, f, all).map_err(|reason| {
                    HandicapError::BadField {
                        field: board.board().name(f).to_string(),
                        player: p + 1,
                        reason,
                    }
                })?;
                all.insert(f);
                stones[p].push(f);
            }
        }
        Ok(Self::from_stones(board, players, &stones, 0))
    }

    /// The start position with `counts[p]` handicap stones for player `p`,
    /// spread evenly over the player's sector.
    pub fn with_default_handicap(
        board: BoardKind,
        players: usize,
        counts: &[usize],
    ) -> Result<Position, SetupError> {
        check_players(board, players)?;
        let mut all: Bits = start_stones(board, players).into_iter().flatten().collect();
        let mut handicap = Vec::new();
        for (p, &c) in counts.iter().enumerate().take(players) {
            let v = if c == 0 {
                Vec::new()
            } else {
                default_handicap(board, players, p, c, all)?
            };
            all |= v.iter().copied().collect();
            handicap.push(v);
        }
        Self::with_handicap(board, players, &handicap)
    }

    /// A position with the given stones (player by player, 0-based), no
    /// prisoners, player `turn` (0-based) to place. For diagrams, tests and
    /// analysis; the fields must be distinct and `players` allowed.
    ///
    /// # Panics
    /// On a field twice or out of range, or a bad player count (a bug in
    /// the caller; text input goes through [`Position::from_text`]).
    pub fn from_stones(
        board: BoardKind,
        players: usize,
        stones: &[Vec<Field>],
        turn: usize,
    ) -> Position {
        assert!(board.player_counts().contains(&players));
        assert!(turn < players);
        let mut pos = Position::empty(board, players);
        for (p, fields) in stones.iter().enumerate() {
            for &f in fields {
                assert!(!pos.occupied.contains(f), "field {f} given twice");
                pos.put(p, f);
            }
        }
        pos.turn = turn as u8;
        pos.refresh();
        pos
    }

    pub(crate) fn empty(board: BoardKind, players: usize) -> Position {
        Position {
            board: board.board(),
            players: players as u8,
            turn: 0,
            pending: None,
            stones: [Bits::EMPTY; MAX_PLAYERS],
            occupied: Bits::EMPTY,
            prisoners: [[0; MAX_PLAYERS]; MAX_PLAYERS],
            placements: 0,
            recheck: false,
            end: None,
            cached: Bits::EMPTY,
            key: 0,
            neighbours: Neighbours::new(board.board(), &[Bits::EMPTY; MAX_PLAYERS]),
        }
    }

    /// Recomputes every derived part (after reading or setting up).
    pub(crate) fn refresh(&mut self) {
        self.neighbours = Neighbours::new(self.board, &self.stones);
        self.recheck = (0..self.players()).any(|p| !self.encircled_of(p, None).is_empty());
        if self.pending.is_none() {
            self.start_turn();
        }
    }

    // ----- queries -------------------------------------------------------

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Whose turn it is (the player who placed, while pushes are answered).
    pub fn turn(&self) -> Player {
        Player::new(self.turn as usize)
    }

    /// The stones of player `p`.
    pub fn stones(&self, p: Player) -> Bits {
        self.stones[p.index()]
    }

    /// Every stone.
    pub fn occupied(&self) -> Bits {
        self.occupied
    }

    /// The owner of the stone on `f`.
    pub fn owner(&self, f: Field) -> Option<Player> {
        (0..self.players())
            .find(|&p| self.stones[p].contains(f))
            .map(Player::new)
    }

    /// Stones of `owner` held as prisoners by `holder`.
    pub fn prisoners(&self, holder: Player, owner: Player) -> u32 {
        self.prisoners[holder.index()][owner.index()] as u32
    }

    /// All prisoners `p` has taken.
    pub fn prisoners_taken(&self, p: Player) -> u32 {
        self.prisoners[p.index()].iter().map(|&x| x as u32).sum()
    }

    /// All of `p`'s stones held by others.
    pub fn stones_lost(&self, p: Player) -> u32 {
        (0..self.players())
            .map(|h| self.prisoners[h][p.index()] as u32)
            .sum()
    }

    /// Placements made in the game so far.
    pub fn placements(&self) -> u32 {
        self.placements
    }

    /// The placement cap: `4 ×` fields.
    pub fn placement_limit(&self) -> u32 {
        4 * self.board.len() as u32
    }

    /// Each player's score: stones on the board + prisoners taken − own
    /// stones held by others.
    pub fn scores(&self) -> Vec<i32> {
        (0..self.players())
            .map(|p| {
                let p = Player::new(p);
                self.stones[p.index()].count() as i32 + self.prisoners_taken(p) as i32
                    - self.stones_lost(p) as i32
            })
            .collect()
    }

    /// The push waiting for its answer: `(answering player, the pushed
    /// stone's field, the placed field)`.
    pub fn pending_push(&self) -> Option<(Player, Field, Field)> {
        let t = self.pending? as usize;
        let (o, q) = self.push_head(t)?;
        Some((Player::new(o), q, t))
    }

    /// How the rules ended the game, if they did.
    pub fn end(&self) -> Option<End> {
        if self.pending.is_some() {
            None
        } else {
            self.end
        }
    }

    /// The clusters of player `p`.
    pub fn clusters(&self, p: Player) -> Vec<Bits> {
        let mut rest = self.stones[p.index()];
        let mut out = Vec::new();
        while let Some(s) = rest.first_set() {
            let c = self.cluster(p.index(), s);
            rest &= !c;
            out.push(c);
        }
        out
    }

    /// The fields with at most one free adjacent field (free or not): a
    /// stone there is one placement away from having no free neighbour.
    pub fn crowded(&self) -> Bits {
        self.neighbours.crowded
    }

    /// The fields adjacent to one or more stones of player `p`.
    pub fn near(&self, p: Player) -> Bits {
        self.neighbours.near[p.index()]
    }

    /// The fields with no free adjacent field (free or not).
    pub fn closed(&self) -> Bits {
        self.neighbours.closed
    }

    /// The fields where player `p` may place now (ignoring whose turn it is).
    pub fn legal_placements(&self, p: Player) -> Bits {
        self.placements_of(p.index())
    }

    // ----- rules ---------------------------------------------------------

    #[inline]
    fn put(&mut self, p: usize, f: Field) {
        self.stones[p].insert(f);
        self.occupied.insert(f);
        self.key ^= ZOBRIST[p][f];
        self.neighbours.put(self.board, p, f);
    }

    #[inline]
    fn take(&mut self, p: usize, f: Field) {
        self.stones[p].remove(f);
        self.occupied.remove(f);
        self.key ^= ZOBRIST[p][f];
        self.neighbours.take(self.board, p, f);
    }

    #[inline]
    fn owner_index(&self, f: Field) -> Option<usize> {
        (0..self.players()).find(|&p| self.stones[p].contains(f))
    }

    /// A person-readable reason why `mv` is illegal here.
    pub(crate) fn reason_illegal(&self, mv: Move) -> String {
        if self.end().is_some() {
            return "the game is over".into();
        }
        match (self.pending_push(), mv) {
            (Some((o, q, _)), Move::Pass) => format!(
                "player {o} must move the pushed stone on {}",
                self.board.name(q)
            ),
            (Some((o, q, t)), Move::Field(d)) => {
                let d = d as usize;
                if d >= self.board.len() {
                    "no such field".into()
                } else if self.occupied.contains(d) {
                    format!("{} is occupied", self.board.name(d))
                } else if !self.board.adjacent(q).contains(d) {
                    format!(
                        "player {o}'s pushed stone on {} moves to an adjacent field",
                        self.board.name(q)
                    )
                } else if self.board.adjacent(t).contains(d) {
                    format!(
                        "{} is still adjacent to {}",
                        self.board.name(d),
                        self.board.name(t)
                    )
                } else {
                    "it is not among the legal moves".into()
                }
            }
            (None, Move::Pass) => "a pass is allowed only when no placement is".into(),
            (None, Move::Field(t)) => {
                let (t, p) = (t as usize, self.turn as usize);
                if t >= self.board.len() {
                    "no such field".into()
                } else if self.occupied.contains(t) {
                    format!("{} is occupied", self.board.name(t))
                } else if !self.reach(p).contains(t) {
                    format!(
                        "{} is out of reach (more than two fields from player {}'s stones, or behind a wall)",
                        self.board.name(t),
                        p + 1
                    )
                } else if self.between_two(p).contains(t) {
                    format!(
                        "{} is adjacent to two stones of one opponent",
                        self.board.name(t)
                    )
                } else {
                    "it is not among the legal moves".into()
                }
            }
        }
    }

    /// The repetition key: stones, player to act, pending push.
    pub(crate) fn repetition_key(&self) -> u64 {
        let mut k = self.key ^ ZOBRIST[MAX_PLAYERS + 1][self.turn as usize];
        if let Some(t) = self.pending {
            k ^= ZOBRIST[MAX_PLAYERS][t as usize];
        }
        k
    }

    /// The full hash: the repetition key with prisoners and the placement count.
    pub(crate) fn full_hash(&self) -> u64 {
        let mut h = self.repetition_key() ^ ZOBRIST[MAX_PLAYERS + 1][200 + self.players()];
        for (i, row) in self.prisoners.iter().enumerate() {
            for (j, &c) in row.iter().enumerate() {
                if c != 0 {
                    h ^= splitmix(((i * MAX_PLAYERS + j) as u64) << 32 | c as u64);
                }
            }
        }
        h ^ splitmix(0x7000_0000_0000 | self.placements as u64)
    }

    pub(crate) fn to_act_impl(&self) -> ToAct {
        if let Some((o, _, _)) = self.pending_push() {
            ToAct::Player(o, Decision::Answer)
        } else if self.end.is_some() {
            ToAct::Nobody
        } else {
            ToAct::Player(Player::new(self.turn as usize), Decision::Turn)
        }
    }

    /// The legal decisions of whoever acts, as a set of fields; `None`
    /// when the only decision is a pass or nobody acts.
    pub fn legal_fields(&self) -> Bits {
        match self.pending_push() {
            Some((_, q, t)) => self.push_targets(q, t),
            None if self.end.is_some() => Bits::EMPTY,
            None => self.cached,
        }
    }

    pub(crate) fn legal_moves_impl(&self, moves: &mut Vec<Move>) {
        if self.pending.is_none() && self.end.is_none() && self.cached.is_empty() {
            moves.push(Move::Pass);
            return;
        }
        moves.extend(self.legal_fields().iter().map(Move::to));
    }

    pub(crate) fn count_impl(&self) -> usize {
        if self.pending.is_none() && self.end.is_none() && self.cached.is_empty() {
            return 1;
        }
        self.legal_fields().count()
    }

    pub(crate) fn outcome_impl(&self) -> Option<Outcome> {
        self.end()
            .map(|e| Outcome::from_scores(&self.scores(), e.reason()))
    }

    pub(crate) fn is_legal_impl(&self, mv: Move) -> bool {
        match mv {
            Move::Pass => self.pending.is_none() && self.end.is_none() && self.cached.is_empty(),
            Move::Field(f) => {
                (f as usize) < self.board.len() && self.legal_fields().contains(f as usize)
            }
        }
    }

    pub(crate) fn parse_move_impl(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let mv = if t == "pass" {
            Move::Pass
        } else {
            match self.board.field(t) {
                Some(f) => Move::to(f),
                None => {
                    return Err(MoveError::syntax(
                        text,
                        format!("not a field of {} and not `pass`", self.board.kind()),
                    ));
                }
            }
        };
        if self.to_act_impl() == ToAct::Nobody {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal_impl(mv) {
            return Err(MoveError::illegal(
                self.move_text(mv),
                self.reason_illegal(mv),
            ));
        }
        Ok(mv)
    }

    /// A move as text: the field's name or `pass`.
    pub fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".into(),
            Move::Field(f) if (f as usize) < self.board.len() => self.board.name(f as usize).into(),
            Move::Field(f) => format!("#{f}"),
        }
    }
}

fn check_players(board: BoardKind, players: usize) -> Result<(), SetupError> {
    let r = board.player_counts();
    if r.contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount {
            board,
            players,
            min: *r.start(),
            max: *r.end(),
        })
    }
}
