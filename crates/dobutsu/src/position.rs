//! The position: board, hands, side to move; validation, moves, the end.

use kyoku_core::{MoveError, Outcome, Player};
use thiserror::Error;

use crate::moves::{Move, RawMove, parse_raw};
use crate::tables::{ALL, RANK1, RANK4, ZOBRIST, far_rank, squares, steps};
use crate::types::{Color, Kind, Piece, Square};

/// A position as plain data, not yet checked. [`Position::from_setup`]
/// turns it into a playable position or says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces, indexed by [`Square::index`].
    pub board: [Option<Piece>; 12],
    /// Pieces in hand: `hands[color][kind]` counts, for Chick, Elephant,
    /// Giraffe (a Hen in hand is a Chick) and Lion (only after a capture,
    /// which ends the game).
    pub hands: [[u8; 4]; 2],
    /// Side to move.
    pub turn: Color,
}

impl Setup {
    /// The initial position.
    pub fn start() -> Setup {
        let mut board = [None; 12];
        let p = |color, kind| Some(Piece { color, kind });
        let sq = |s: &str| Square::parse(s).expect("valid square").index();
        board[sq("a1")] = p(Color::Sente, Kind::Elephant);
        board[sq("b1")] = p(Color::Sente, Kind::Lion);
        board[sq("c1")] = p(Color::Sente, Kind::Giraffe);
        board[sq("b2")] = p(Color::Sente, Kind::Chick);
        board[sq("b3")] = p(Color::Gote, Kind::Chick);
        board[sq("a4")] = p(Color::Gote, Kind::Giraffe);
        board[sq("b4")] = p(Color::Gote, Kind::Lion);
        board[sq("c4")] = p(Color::Gote, Kind::Elephant);
        Setup {
            board,
            hands: [[0; 4]; 2],
            turn: Color::Sente,
        }
    }

    /// The hand count of `kind` for `color` (a Hen counts as a Chick).
    pub fn hand(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()][kind.hand_slot()]
    }
}

/// Why plain data is not a Dōbutsu position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no Lion on the board and none was captured.
    #[error("{0} has no Lion")]
    MissingLion(Color),
    /// A side has two Lions, or its Lion is both on the board and captured.
    #[error("{0} has more than one Lion")]
    TooManyLions(Color),
    /// More pieces of a kind than the game has.
    #[error("there are {count} {kind}s (counting both sides and hands), but the game has only 2")]
    TooMany {
        /// The kind, Hens counted as Chicks.
        kind: &'static str,
        /// How many were found.
        count: u8,
    },
    /// Both sides would have won already.
    #[error("both sides have already won (a Lion captured or arrived on each side)")]
    BothWon,
    /// The side to move has already won: the winning move (capturing the
    /// Lion, or the Lion's arrival) ends the game with the other side to
    /// move, so this cannot come about ([`Position::check_reachable`]).
    #[error(
        "{0} is to move but has already won ({0}'s Lion has arrived or has captured the other Lion); \
         after the winning move the other side would be to move"
    )]
    MoverHasWon(Color),
    /// The two Lions stand side by side: a Lion may never step next to the
    /// other, so this cannot come about ([`Position::check_reachable`]).
    #[error(
        "the two Lions stand side by side, which no legal move allows (a Lion may not step next to the other)"
    )]
    LionsSideBySide,
}

/// A legal Dōbutsu position: 32 bytes, cheap to copy.
///
/// ```
/// use kyoku_dobutsu::Position;
/// use kyoku_core::Position as _;
/// let pos = Position::startpos();
/// let mut moves = Vec::new();
/// pos.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 4);
/// assert_eq!(pos.to_text(), "gle/1c1/1C1/ELG[] w - - 0 1");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    by_color: [u16; 2],
    by_kind: [u16; 5],
    hands: [[u8; 4]; 2],
    turn: Color,
    hash: u64,
}

const LION_SLOT: usize = 3;

/// What taking back a move needs: the piece it captured and the hash before.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Kind>,
    hash: u64,
}

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        Position::from_setup(&Setup::start()).expect("the start is legal")
    }

    /// Validates plain data: one Lion per side (on the board, or captured and
    /// in the other's hand), at most two of each other kind, not both sides
    /// already winning. A Chick on its far rank is allowed (it was dropped).
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        let mut counts = [0u8; 4]; // by hand slot, both colours
        let mut lions_on_board = [0u8; 2];
        for p in s.board.iter().flatten() {
            counts[p.kind.hand_slot()] += 1;
            if p.kind == Kind::Lion {
                lions_on_board[p.color.index()] += 1;
            }
        }
        for hand in &s.hands {
            for (count, &held) in counts.iter_mut().zip(hand) {
                *count = count.saturating_add(held);
            }
        }
        for c in Color::ALL {
            // c's Lion, if captured, is in the other side's hand.
            let captured = s.hands[c.flip().index()][LION_SLOT];
            match lions_on_board[c.index()] as u16 + captured as u16 {
                0 => return Err(PositionError::MissingLion(c)),
                1 => {}
                _ => return Err(PositionError::TooManyLions(c)),
            }
        }
        for (slot, name) in [(0, "Chick"), (1, "Elephant"), (2, "Giraffe")] {
            if counts[slot] > 2 {
                return Err(PositionError::TooMany {
                    kind: name,
                    count: counts[slot],
                });
            }
        }
        let mut pos = Position {
            by_color: [0; 2],
            by_kind: [0; 5],
            hands: s.hands,
            turn: s.turn,
            hash: 0,
        };
        for sq in Square::all() {
            if let Some(p) = s.board[sq.index()] {
                pos.by_color[p.color.index()] |= sq.bit();
                pos.by_kind[p.kind.index()] |= sq.bit();
            }
        }
        if pos.winner_by_pieces().is_err() {
            return Err(PositionError::BothWon);
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The stricter check of a set-up typed by a person (the position
    /// editor): besides [`Position::from_setup`]'s rules, refuses what no
    /// game from the start can reach — the side to move having already won,
    /// or the two Lions side by side. `from_setup` itself accepts these, as
    /// the solver's own conventions (Tanaka's, in which a Lion may step onto
    /// an attacked square) need them. A Chick on its far rank is reachable
    /// (dropped there) and a Lion that the side to move can capture is too
    /// (the other side may leave it attacked), so both pass.
    pub fn check_reachable(&self) -> Result<(), PositionError> {
        let us = self.turn;
        let arrived = self.by_kind[0] & self.by_color[us.index()] & far_rank(us) != 0;
        if arrived || self.hands[us.index()][LION_SLOT] > 0 {
            return Err(PositionError::MoverHasWon(us));
        }
        match (self.lion(Color::Sente), self.lion(Color::Gote)) {
            (Some(a), Some(b)) if steps(Color::Sente, Kind::Lion, a) & b.bit() != 0 => {
                Err(PositionError::LionsSideBySide)
            }
            _ => Ok(()),
        }
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 12];
        for sq in Square::all() {
            board[sq.index()] = self.piece_at(sq);
        }
        Setup {
            board,
            hands: self.hands,
            turn: self.turn,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for k in Kind::ALL {
                for sq in squares(self.by_color[c.index()] & self.by_kind[k.index()]) {
                    h ^= ZOBRIST.piece[c.index()][k.index()][sq.index()];
                }
            }
            for slot in 0..4 {
                h ^= ZOBRIST.hand[c.index()][slot][self.hands[c.index()][slot] as usize];
            }
        }
        if self.turn == Color::Gote {
            h ^= ZOBRIST.gote;
        }
        h
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = sq.bit();
        let color = if self.by_color[0] & b != 0 {
            Color::Sente
        } else if self.by_color[1] & b != 0 {
            Color::Gote
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| self.by_kind[k.index()] & b != 0)?;
        Some(Piece { color, kind })
    }

    /// How many pieces of `kind` `color` holds (a Lion only after capturing it).
    pub fn hand(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()][kind.hand_slot()]
    }

    /// The squares of `color`'s pieces.
    pub fn occupied_by(&self, color: Color) -> u16 {
        self.by_color[color.index()]
    }

    /// The squares holding pieces of `kind`, both colours.
    pub fn pieces_of_kind(&self, kind: Kind) -> u16 {
        self.by_kind[kind.index()]
    }

    /// The square of `color`'s Lion, if it is on the board.
    pub fn lion(&self, color: Color) -> Option<Square> {
        squares(self.by_kind[0] & self.by_color[color.index()]).next()
    }

    /// Whether a piece of `by` attacks `sq` (reaches it in one step).
    #[inline]
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        let them = self.by_color[by.index()];
        let us = by.flip();
        // A piece of `by` attacks `sq` when `sq` is one of its steps; seen
        // from `sq`, the attacker stands on the mirrored step of our colour.
        (steps(us, Kind::Lion, sq) & self.by_kind[0]
            | steps(us, Kind::Giraffe, sq) & self.by_kind[1]
            | steps(us, Kind::Elephant, sq) & self.by_kind[2]
            | steps(us, Kind::Chick, sq) & self.by_kind[3]
            | steps(us, Kind::Hen, sq) & self.by_kind[4])
            & them
            != 0
    }

    /// The position with the turn passed to the other side, everything else
    /// kept: a null move for the search, no move of the game. `None` when
    /// the side to move's Lion is in danger (the other side could then take
    /// it, which no position allows).
    pub fn passed(&self) -> Option<Position> {
        if self.lion_in_danger(self.turn) {
            return None;
        }
        let mut p = *self;
        p.turn = self.turn.flip();
        p.hash ^= ZOBRIST.gote;
        Some(p)
    }

    /// Whether `color`'s Lion stands attacked ("in danger").
    pub fn lion_in_danger(&self, color: Color) -> bool {
        self.lion(color)
            .is_some_and(|sq| self.attacked(sq, color.flip()))
    }

    /// The winner decided by the pieces alone (a Lion captured or arrived),
    /// `Err` if both would have won.
    fn winner_by_pieces(&self) -> Result<Option<(Color, &'static str)>, ()> {
        let mut w = None;
        for c in Color::ALL {
            let won = if self.hands[c.index()][LION_SLOT] > 0 {
                Some("lion captured")
            } else if self.by_kind[0] & self.by_color[c.index()] & far_rank(c) != 0 {
                Some("lion reached the far rank")
            } else {
                None
            };
            if let Some(r) = won {
                if w.is_some() {
                    return Err(());
                }
                w = Some((c, r));
            }
        }
        Ok(w)
    }

    #[inline(always)]
    fn over_by_pieces(&self) -> bool {
        (self.hands[0][LION_SLOT] | self.hands[1][LION_SLOT]) != 0
            || self.by_kind[0] & (self.by_color[0] & RANK4 | self.by_color[1] & RANK1) != 0
    }

    /// Destinations of the Lion on `from` that are not attacked afterwards
    /// (capturing the enemy Lion is always allowed).
    #[inline(always)]
    fn lion_targets(&self, from: Square) -> u16 {
        let us = self.turn;
        let mut t = steps(us, Kind::Lion, from) & !self.by_color[us.index()];
        let mut ok = t & self.by_kind[0]; // the enemy Lion
        t &= !ok;
        for to in squares(t) {
            // Steps never reach their own square, so a captured piece on `to`
            // never counts as attacking it, and the Lion leaving `from`
            // blocks nothing: the position before the move answers it.
            if !self.attacked(to, us.flip()) {
                ok |= to.bit();
            }
        }
        ok
    }

    /// Appends the legal moves.
    pub fn generate(&self, out: &mut Vec<Move>) {
        if self.over_by_pieces() {
            return;
        }
        let us = self.turn;
        let own = self.by_color[us.index()];
        let far = far_rank(us);
        for kind in [Kind::Giraffe, Kind::Elephant, Kind::Chick, Kind::Hen] {
            for from in squares(self.by_kind[kind.index()] & own) {
                for to in squares(steps(us, kind, from) & !own) {
                    let promote = kind == Kind::Chick && to.bit() & far != 0;
                    out.push(Move::Step { from, to, promote });
                }
            }
        }
        for from in squares(self.by_kind[0] & own) {
            for to in squares(self.lion_targets(from)) {
                out.push(Move::Step {
                    from,
                    to,
                    promote: false,
                });
            }
        }
        let empty = ALL & !(self.by_color[0] | self.by_color[1]);
        for kind in Kind::DROPPABLE {
            if self.hands[us.index()][kind.hand_slot()] > 0 {
                for to in squares(empty) {
                    out.push(Move::Drop { kind, to });
                }
            }
        }
    }

    /// The number of legal moves, without listing them.
    pub fn count(&self) -> usize {
        if self.over_by_pieces() {
            return 0;
        }
        let us = self.turn;
        let own = self.by_color[us.index()];
        let mut n = 0;
        for kind in [Kind::Giraffe, Kind::Elephant, Kind::Chick, Kind::Hen] {
            for from in squares(self.by_kind[kind.index()] & own) {
                n += (steps(us, kind, from) & !own).count_ones();
            }
        }
        for from in squares(self.by_kind[0] & own) {
            n += self.lion_targets(from).count_ones();
        }
        let empty = (ALL & !(self.by_color[0] | self.by_color[1])).count_ones();
        let h = &self.hands[us.index()];
        let kinds = (h[0] > 0) as u32 + (h[1] > 0) as u32 + (h[2] > 0) as u32;
        (n + kinds * empty) as usize
    }

    /// Plays a move without checking it.
    #[inline]
    pub fn play_move(&mut self, mv: Move) {
        let us = self.turn;
        let ui = us.index();
        let z = &ZOBRIST;
        match mv {
            Move::Step { from, to, promote } => {
                let tb = to.bit();
                if self.by_color[us.flip().index()] & tb != 0 {
                    let them = us.flip().index();
                    let k = self.kind_on(tb);
                    self.by_color[them] &= !tb;
                    self.by_kind[k.index()] &= !tb;
                    self.hash ^= z.piece[them][k.index()][to.index()];
                    let slot = k.hand_slot();
                    let n = self.hands[ui][slot] as usize;
                    self.hash ^= z.hand[ui][slot][n] ^ z.hand[ui][slot][n + 1];
                    self.hands[ui][slot] += 1;
                }
                let fb = from.bit();
                let k = self.kind_on(fb);
                let nk = if promote { Kind::Hen } else { k };
                self.by_color[ui] ^= fb | tb;
                self.by_kind[k.index()] &= !fb;
                self.by_kind[nk.index()] |= tb;
                self.hash ^=
                    z.piece[ui][k.index()][from.index()] ^ z.piece[ui][nk.index()][to.index()];
            }
            Move::Drop { kind, to } => {
                let slot = kind.hand_slot();
                let n = self.hands[ui][slot] as usize;
                self.hash ^= z.hand[ui][slot][n] ^ z.hand[ui][slot][n - 1];
                self.hands[ui][slot] -= 1;
                self.by_color[ui] |= to.bit();
                self.by_kind[kind.index()] |= to.bit();
                self.hash ^= z.piece[ui][kind.index()][to.index()];
            }
        }
        self.turn = us.flip();
        self.hash ^= z.gote;
    }

    /// Plays a move without checking it and returns what [`Self::unplay_move`]
    /// needs to take it back (make/unmake). The engine copies positions
    /// instead: the perft benchmark compares both, and copying is faster.
    #[inline]
    pub fn play_move_undoable(&mut self, mv: Move) -> Undo {
        let captured = match mv {
            Move::Step { to, .. } if self.by_color[self.turn.flip().index()] & to.bit() != 0 => {
                Some(self.kind_on(to.bit()))
            }
            _ => None,
        };
        let undo = Undo {
            captured,
            hash: self.hash,
        };
        self.play_move(mv);
        undo
    }

    /// Takes back `mv`, the last move played by [`Self::play_move_undoable`].
    #[inline]
    pub fn unplay_move(&mut self, mv: Move, undo: Undo) {
        let us = self.turn.flip();
        let ui = us.index();
        match mv {
            Move::Step { from, to, promote } => {
                let (fb, tb) = (from.bit(), to.bit());
                let nk = self.kind_on(tb);
                let k = if promote { Kind::Chick } else { nk };
                self.by_color[ui] ^= fb | tb;
                self.by_kind[nk.index()] &= !tb;
                self.by_kind[k.index()] |= fb;
                if let Some(c) = undo.captured {
                    self.by_color[us.flip().index()] |= tb;
                    self.by_kind[c.index()] |= tb;
                    self.hands[ui][c.hand_slot()] -= 1;
                }
            }
            Move::Drop { kind, to } => {
                self.hands[ui][kind.hand_slot()] += 1;
                self.by_color[ui] &= !to.bit();
                self.by_kind[kind.index()] &= !to.bit();
            }
        }
        self.turn = us;
        self.hash = undo.hash;
    }

    #[inline(always)]
    fn kind_on(&self, bit: u16) -> Kind {
        if self.by_kind[3] & bit != 0 {
            Kind::Chick
        } else if self.by_kind[0] & bit != 0 {
            Kind::Lion
        } else if self.by_kind[1] & bit != 0 {
            Kind::Giraffe
        } else if self.by_kind[2] & bit != 0 {
            Kind::Elephant
        } else {
            Kind::Hen
        }
    }

    /// How the game has ended here, if it has (repetition aside).
    pub fn result(&self) -> Option<Outcome> {
        match self.winner_by_pieces() {
            Ok(Some((c, reason))) => Some(Outcome::win(Player::new(c.index()), 2, reason)),
            // Validation excludes two winners; play cannot make one.
            Err(()) => Some(Outcome::draw(2, "both sides won")),
            Ok(None) if self.count() == 0 => Some(Outcome::win(
                Player::new(self.turn.flip().index()),
                2,
                "no legal move",
            )),
            Ok(None) => None,
        }
    }

    /// The hash (board, hands, side to move).
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Reads a move and matches it to a legal move, or says why it cannot be played.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let raw = parse_raw(text).map_err(|r| MoveError::syntax(text, r.to_string()))?;
        if self.result().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = match raw {
            RawMove::Drop { kind, to } => Move::Drop { kind, to },
            RawMove::Step { from, to, plus } => {
                let promote = self.piece_at(from).is_some_and(|p| {
                    p.kind == Kind::Chick
                        && p.color == self.turn
                        && to.bit() & far_rank(p.color) != 0
                });
                if plus && !promote {
                    return Err(MoveError::illegal(
                        text.trim(),
                        "only a Chick stepping onto the far rank promotes (+)",
                    ));
                }
                Move::Step { from, to, promote }
            }
        };
        let mut v = Vec::new();
        self.generate(&mut v);
        if v.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(text.trim(), self.why_not(mv)))
        }
    }

    /// Why `mv` is not legal here.
    pub fn why_not(&self, mv: Move) -> String {
        let us = self.turn;
        match mv {
            Move::Drop { kind, to } => {
                if self.hand(us, kind) == 0 {
                    format!("{us} has no {} in hand", kind.name())
                } else if self.piece_at(to).is_some() {
                    format!("{to} is occupied; drops go on empty squares")
                } else {
                    "not a legal drop".into()
                }
            }
            Move::Step { from, to, .. } => match self.piece_at(from) {
                None => format!("there is no piece on {from}"),
                Some(p) if p.color != us => {
                    format!("the piece on {from} is {}'s, and {us} is to move", p.color)
                }
                Some(p) => {
                    if steps(us, p.kind, from) & to.bit() == 0 {
                        format!("a {} cannot step from {from} to {to}", p.kind.name())
                    } else if self.by_color[us.index()] & to.bit() != 0 {
                        format!("{to} holds {us}'s own piece")
                    } else if p.kind == Kind::Lion {
                        format!("the Lion may not step onto {to}: an enemy piece attacks it")
                    } else {
                        "not a legal move".into()
                    }
                }
            },
        }
    }
}
