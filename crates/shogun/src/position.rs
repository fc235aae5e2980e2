//! Set-ups, validated positions, move generation and play.

use kyoku_core::{Outcome, Player};
use thiserror::Error;

use crate::magnets::NUMBERS;
use crate::tables::{BETWEEN, RING, clear};
use crate::{Color, Move, Piece, Square, Variant};

/// A draw when this many plies in a row pass without a capture.
pub const NO_CAPTURE_LIMIT: u16 = 100;

/// A position as plain data, not yet checked against the rules. Make it
/// playable with [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on every square, index 0 = a1.
    pub board: [Option<Piece>; 64],
    /// Who moves next (after chance has set any pending numbers).
    pub turn: Color,
    /// Quarter turns of the board, 0–3.
    pub rotation: u8,
    /// Where numbers come from.
    pub variant: Variant,
    /// In the random variant, each piece's number by piece index (`None`:
    /// chance has still to set it). Ignored in the magnetic variant.
    pub numbers: [Option<u8>; 16],
    /// Plies since the last capture.
    pub clock: u16,
    /// The move number, starting at 1, counting up after Red's move.
    pub fullmove: u16,
}

impl Setup {
    /// An empty board, White to move, rotation 0, magnetic.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            rotation: 0,
            variant: Variant::Magnetic,
            numbers: [None; 16],
            clock: 0,
            fullmove: 1,
        }
    }
}

/// Why a [`Setup`] is not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no Shogun.
    #[error("{0} has no Shogun")]
    MissingShogun(Color),
    /// A side has two Shoguns (its Shogun `S`/`s` on two squares).
    #[error("{0} has two Shoguns; each side has exactly one")]
    TwoShoguns(Color),
    /// A piece stands on two squares: every piece is unique (each side has
    /// the soldiers A–G and a Shogun), so this is also a side with more
    /// pieces than the set holds.
    #[error(
        "piece {0} stands on more than one square (each side has one each of the soldiers A–G and the Shogun)"
    )]
    DuplicatePiece(Piece),
    /// The rotation is not 0–3.
    #[error("rotation {0} is not 0, 1, 2 or 3")]
    BadRotation(u8),
    /// A number outside what the piece's disc shows.
    #[error("piece {piece} cannot show {number} (soldiers show 1–4, a Shogun 1–2)")]
    BadNumber {
        /// The piece.
        piece: Piece,
        /// The number given.
        number: u8,
    },
    /// The side that has just moved left its own Shogun attacked.
    #[error("{0}'s Shogun is attacked but it is not {0}'s move")]
    OpponentShogunAttacked(Color),
    /// The no-capture counter is past its limit.
    #[error("{0} plies without capture is more than the limit of 100")]
    BadClock(u16),
    /// The move number is 0.
    #[error("the move number must be at least 1")]
    BadFullmove,
}

/// A position of Shogun: the pieces, their numbers (computed from the
/// magnets, or drawn by chance in the random variant), whose move it is,
/// the board's rotation and the counters.
///
/// Built only from a validated [`Setup`] (or a start, or text), so its
/// invariants hold: one Shogun each, every piece at most once, numbers in
/// range, and the Shogun of the side that has just moved not attacked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Piece index + 1 on each square, 0 = empty.
    board: [u8; 64],
    /// Occupied squares by colour.
    by_color: [u64; 2],
    /// Each side's Shogun square.
    shogun: [u8; 2],
    /// Random variant: each piece's number (0 = chance has to set it).
    /// Unused (all 0) in the magnetic variant, where numbers are computed.
    drawn: [u8; 16],
    /// Random variant: squares whose piece waits for chance to set its number.
    pending: u64,
    turn: Color,
    rotation: u8,
    variant: Variant,
    clock: u16,
    fullmove: u16,
    /// Derived, kept move by move: each side's pieces by the number they
    /// show (row 0: waiting for chance). Move generation and the threat test
    /// read it at every node, so it is not rebuilt from the board each time.
    by_number: [[u64; 5]; 2],
    /// Derived, kept move by move: the pieces' part of [`Position::key`]
    /// (an XOR over the pieces, so a move updates it in a few steps).
    piece_key: u64,
}

impl Position {
    /// Validates a set-up.
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        if s.rotation > 3 {
            return Err(PositionError::BadRotation(s.rotation));
        }
        if s.clock > NO_CAPTURE_LIMIT {
            return Err(PositionError::BadClock(s.clock));
        }
        if s.fullmove == 0 {
            return Err(PositionError::BadFullmove);
        }
        let mut seen = [false; 16];
        let mut board = [0u8; 64];
        let mut by_color = [0u64; 2];
        let mut shogun = [64u8; 2];
        for (i, p) in s.board.iter().enumerate() {
            let Some(p) = *p else { continue };
            if seen[p.index()] {
                if p.is_shogun() {
                    return Err(PositionError::TwoShoguns(p.color()));
                }
                return Err(PositionError::DuplicatePiece(p));
            }
            seen[p.index()] = true;
            board[i] = p.index() as u8 + 1;
            by_color[p.color().index()] |= 1u64 << i;
            if p.is_shogun() {
                shogun[p.color().index()] = i as u8;
            }
        }
        for c in [Color::White, Color::Red] {
            if shogun[c.index()] == 64 {
                return Err(PositionError::MissingShogun(c));
            }
        }
        let mut drawn = [0u8; 16];
        let mut pending = 0u64;
        if s.variant == Variant::Random {
            for (i, p) in s.board.iter().enumerate() {
                let Some(p) = *p else { continue };
                match s.numbers[p.index()] {
                    Some(n) if (1..=p.max_number()).contains(&n) => drawn[p.index()] = n,
                    Some(n) => {
                        return Err(PositionError::BadNumber {
                            piece: p,
                            number: n,
                        });
                    }
                    None => pending |= 1u64 << i,
                }
            }
        }
        let mut pos = Position {
            board,
            by_color,
            shogun,
            drawn,
            pending,
            turn: s.turn,
            rotation: s.rotation,
            variant: s.variant,
            clock: s.clock,
            fullmove: s.fullmove,
            by_number: [[0; 5]; 2],
            piece_key: 0,
        };
        for sq in 0..64 {
            if pos.board[sq] != 0 {
                pos.place(sq, pos.board[sq]);
            }
        }
        let mover = s.turn.other();
        if pos.is_attacked(pos.shogun[mover.index()] as usize, mover) {
            return Err(PositionError::OpponentShogunAttacked(mover));
        }
        Ok(pos)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for (i, b) in board.iter_mut().enumerate() {
            *b = self.piece_at(Square::new(i as u8));
        }
        let mut numbers = [None; 16];
        if self.variant == Variant::Random {
            for (i, n) in numbers.iter_mut().enumerate() {
                *n = (self.drawn[i] != 0).then_some(self.drawn[i]);
            }
        }
        Setup {
            board,
            turn: self.turn,
            rotation: self.rotation,
            variant: self.variant,
            numbers,
            clock: self.clock,
            fullmove: self.fullmove,
        }
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.board[sq.index()] {
            0 => None,
            p => Some(Piece::from_index(p as usize - 1)),
        }
    }

    /// Where `piece` stands, if it is still on the board.
    pub fn square_of(&self, piece: Piece) -> Option<Square> {
        (0..64u8)
            .map(Square::new)
            .find(|&s| self.board[s.index()] as usize == piece.index() + 1)
    }

    /// The number the piece on `sq` shows (`None` for an empty square, and
    /// in the random variant for a piece whose number chance has still to set).
    pub fn number_at(&self, sq: Square) -> Option<u8> {
        let p = self.board[sq.index()];
        if p == 0 {
            return None;
        }
        let n = self.number_of(p as usize - 1, sq.index());
        (n != 0).then_some(n)
    }

    #[inline(always)]
    fn number_of(&self, piece: usize, sq: usize) -> u8 {
        match self.variant {
            Variant::Magnetic => NUMBERS[self.rotation as usize][piece][sq],
            Variant::Random => self.drawn[piece],
        }
    }

    /// Who moves next (once chance has acted, if it must).
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// Quarter turns of the board, 0–3.
    pub fn rotation(&self) -> u8 {
        self.rotation
    }
    /// Where numbers come from.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// Plies since the last capture.
    pub fn clock(&self) -> u16 {
        self.clock
    }
    /// The move number (1 at the start; up by one after Red's move).
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }
    /// The squares of `color`'s pieces, as a bitboard (bit 0 = a1).
    pub fn pieces(&self, color: Color) -> u64 {
        self.by_color[color.index()]
    }
    /// The square of `color`'s Shogun.
    pub fn shogun_square(&self, color: Color) -> Square {
        Square::new(self.shogun[color.index()])
    }
    /// The square whose piece waits for chance to set its number, if any
    /// (random variant).
    pub fn pending_square(&self) -> Option<Square> {
        (self.pending != 0).then(|| Square::new(self.pending.trailing_zeros() as u8))
    }
    /// Whether `color`'s Shogun is attacked ("Shogun!").
    pub fn shogun_threatened(&self, color: Color) -> bool {
        self.is_attacked(self.shogun[color.index()] as usize, color)
    }

    fn soldiers(&self, color: Color) -> u32 {
        self.by_color[color.index()].count_ones() - 1
    }

    /// The squares of `color`'s pieces that show `n` (1–4; 0: the pieces
    /// whose number chance has still to set, in the random variant).
    #[inline]
    pub fn pieces_showing(&self, color: Color, n: u8) -> u64 {
        self.by_number[color.index()][(n as usize).min(4)]
    }

    /// The piece `p` (index + 1) on `sq` counts in the derived fields: its
    /// number's bitboard and its term of the key.
    #[inline(always)]
    fn place(&mut self, sq: usize, p: u8) {
        let n = self.number_of(p as usize - 1, sq);
        self.by_number[(p as usize - 1) / 8][n as usize] |= 1u64 << sq;
        self.piece_key ^= self.piece_term(sq, p);
    }

    /// Undoes [`Position::place`] (call it before the piece or its number
    /// changes).
    #[inline(always)]
    fn lift(&mut self, sq: usize, p: u8) {
        let n = self.number_of(p as usize - 1, sq);
        self.by_number[(p as usize - 1) / 8][n as usize] &= !(1u64 << sq);
        self.piece_key ^= self.piece_term(sq, p);
    }

    /// One piece's term of the key: its square, its index and its drawn
    /// number (0 in the magnetic variant, where the square fixes it).
    #[inline(always)]
    fn piece_term(&self, sq: usize, p: u8) -> u64 {
        let n = self.drawn[p as usize - 1] as u64;
        mix(((sq as u64) << 8) | ((p as u64) << 16) | (n << 24) | 0x7000_0000_0000)
    }

    /// Whether the square `k` (holding `victim`'s piece) is attacked by the
    /// other side.
    fn is_attacked(&self, k: usize, victim: Color) -> bool {
        let occ = self.by_color[0] | self.by_color[1];
        let en = &self.by_number[victim.other().index()];
        let mut cands = attackers_in_range(en, k, !0);
        while cands != 0 {
            let e = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            if clear(e, k, occ) {
                return true;
            }
        }
        false
    }

    /// The winner by the rules here, before any move: the side to move has
    /// only its Shogun and one piece (1), has no legal move (2), or the
    /// no-capture limit is reached (3, a draw).
    pub fn result(&self) -> Option<Outcome> {
        let me = self.turn;
        let winner = Player::new(me.other().index());
        if self.soldiers(me) <= 1 {
            return Some(Outcome::win(
                winner,
                2,
                "only the Shogun and one piece left",
            ));
        }
        if self.pending != 0 {
            return None;
        }
        if !self.has_legal_move() {
            let why = if self.shogun_threatened(me) {
                "Shogun threatened and no way out"
            } else {
                "no legal move"
            };
            return Some(Outcome::win(winner, 2, why));
        }
        if self.clock >= NO_CAPTURE_LIMIT {
            return Some(Outcome::draw(2, "100 plies without a capture"));
        }
        None
    }

    /// True when the side to move can be asked for a move: no chance
    /// pending and no end condition that does not need move generation.
    #[inline(always)]
    fn may_move(&self) -> bool {
        self.pending == 0 && self.clock < NO_CAPTURE_LIMIT && self.soldiers(self.turn) > 1
    }

    /// Appends the legal piece moves of the side to move (nothing when the
    /// game is over or chance must act).
    pub fn generate(&self, out: &mut Vec<Move>) {
        if self.may_move() {
            self.gen_moves(!0, |from, to| {
                out.push(Move::Step {
                    from: Square::new(from as u8),
                    to: Square::new(to as u8),
                });
                false
            });
        }
    }

    /// Appends the legal captures of the side to move, in the order
    /// [`Position::generate`] lists them (nothing when the game is over or
    /// chance must act).
    pub fn generate_captures(&self, out: &mut Vec<Move>) {
        if self.may_move() {
            self.gen_moves(self.by_color[self.turn.other().index()], |from, to| {
                out.push(Move::Step {
                    from: Square::new(from as u8),
                    to: Square::new(to as u8),
                });
                false
            });
        }
    }

    /// The number of legal piece moves (0 when the game is over), without
    /// listing them.
    pub fn count(&self) -> usize {
        if self.soldiers(self.turn) <= 1 {
            return 0;
        }
        if self.pending != 0 {
            return self.chance_count();
        }
        if !self.may_move() {
            return 0;
        }
        let mut n = 0;
        self.gen_moves(!0, |_, _| {
            n += 1;
            false
        });
        n
    }

    fn has_legal_move(&self) -> bool {
        let mut any = false;
        self.gen_moves(!0, |_, _| {
            any = true;
            true
        });
        any
    }

    fn chance_count(&self) -> usize {
        match self.pending_piece() {
            Some(p) => p.max_number() as usize,
            None => 0,
        }
    }

    fn pending_piece(&self) -> Option<Piece> {
        self.pending_square().and_then(|s| self.piece_at(s))
    }

    /// Appends chance's outcomes with their probabilities (random variant,
    /// when a number is pending).
    pub fn chance(&self, out: &mut Vec<(Move, f64)>) {
        if let (Some(square), Some(p)) = (self.pending_square(), self.pending_piece()) {
            let m = p.max_number();
            for number in 1..=m {
                out.push((Move::Chance { square, number }, 1.0 / m as f64));
            }
        }
    }

    /// Calls `f(from, to)` for every legal move of the side to move that
    /// ends on a square of `onto`; stops when `f` returns true.
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // n indexes two tables
    fn gen_moves(&self, onto: u64, mut f: impl FnMut(usize, usize) -> bool) {
        let me = self.turn.index();
        let them = 1 - me;
        let nums = &self.by_number;
        let own = self.by_color[me];
        let enemy = self.by_color[them];
        let occ = own | enemy;
        let k = self.shogun[me] as usize;
        let allowed = !own & !(1u64 << self.shogun[them]) & onto;
        let en = &nums[them];

        // Enemy pieces standing at exactly their number from our Shogun:
        // the only ones that could ever attack it after a soldier's move.
        let cands = attackers_in_range(en, k, !0);
        let mut checkers = 0u64;
        let mut zone = 0u64;
        let mut c = cands;
        while c != 0 {
            let e = c.trailing_zeros() as usize;
            c &= c - 1;
            let [a, b] = BETWEEN[e][k];
            zone |= a | b;
            if occ & a == 0 || occ & b == 0 {
                checkers |= 1u64 << e;
            }
        }

        // Soldiers.
        for n in 1..=4 {
            let mut pieces = nums[me][n] & !(1u64 << k);
            while pieces != 0 {
                let s = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                // A soldier that is on no path to our Shogun can neither
                // open nor (when nothing attacks now) be needed to close one.
                let free = cands == 0 || (checkers == 0 && zone & (1u64 << s) == 0);
                let mut targets = RING[n][s] & allowed;
                while targets != 0 {
                    let t = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    if !clear(s, t, occ) {
                        continue;
                    }
                    if !free {
                        let occ2 = (occ & !(1u64 << s)) | (1u64 << t);
                        let mut att = cands & !(1u64 << t);
                        let mut bad = false;
                        while att != 0 {
                            let e = att.trailing_zeros() as usize;
                            att &= att - 1;
                            if clear(e, k, occ2) {
                                bad = true;
                                break;
                            }
                        }
                        if bad {
                            continue;
                        }
                    }
                    if f(s, t) {
                        return;
                    }
                }
            }
        }

        // The Shogun: its destination must not be attacked once it has left
        // its square (and taken whatever stood on the destination).
        let n = self.number_of(7 + 8 * me, k) as usize;
        let mut targets = RING[n][k] & allowed;
        let occ_k = occ & !(1u64 << k);
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            if !clear(k, t, occ) {
                continue;
            }
            let occ2 = occ_k | (1u64 << t);
            let mut att = attackers_in_range(en, t, !(1u64 << t));
            let mut bad = false;
            while att != 0 {
                let e = att.trailing_zeros() as usize;
                att &= att - 1;
                if clear(e, t, occ2) {
                    bad = true;
                    break;
                }
            }
            if !bad && f(k, t) {
                return;
            }
        }
    }

    /// The position with the turn passed to the other side, everything else
    /// kept: a null move for the search, no move of the game. `None` while
    /// chance must act, or when the side to move is threatened (the other
    /// side could then take the Shogun, which no position allows).
    pub fn passed(&self) -> Option<Position> {
        if self.pending != 0 || self.shogun_threatened(self.turn) {
            return None;
        }
        // The counters stay: a pass is no ply of the game.
        let mut p = self.clone();
        p.turn = self.turn.other();
        Some(p)
    }

    /// Plays a move without checking it (see [`kyoku_core::Position::play`]
    /// for the checked form).
    pub fn play_move(&mut self, mv: Move) {
        match mv {
            Move::Step { from, to } => {
                let (f, t) = (from.index(), to.index());
                let me = self.turn.index();
                let p = self.board[f];
                let captured = self.board[t];
                if p != 0 {
                    self.lift(f, p);
                }
                if captured != 0 {
                    self.lift(t, captured);
                    self.by_color[1 - me] &= !(1u64 << t);
                    self.drawn[captured as usize - 1] = 0;
                    self.clock = 0;
                } else {
                    self.clock = self.clock.saturating_add(1);
                }
                self.board[t] = p;
                self.board[f] = 0;
                self.by_color[me] ^= (1u64 << f) | (1u64 << t);
                if p as usize == 8 * me + 8 {
                    self.shogun[me] = t as u8;
                }
                if self.variant == Variant::Random && p != 0 {
                    self.drawn[p as usize - 1] = 0;
                    self.pending = 1u64 << t;
                }
                if p != 0 {
                    self.place(t, p);
                }
                if self.turn == Color::Red {
                    self.fullmove = self.fullmove.saturating_add(1);
                }
                self.turn = self.turn.other();
            }
            Move::Chance { square, number } => {
                let p = self.board[square.index()];
                if p != 0 {
                    self.lift(square.index(), p);
                    self.drawn[p as usize - 1] = number;
                    self.place(square.index(), p);
                }
                self.pending &= !square.bit();
            }
        }
    }

    /// Whether `mv` is legal here (a piece move or, when chance acts, one of
    /// its outcomes).
    pub fn legal(&self, mv: Move) -> bool {
        match mv {
            Move::Step { from, to } => {
                let mut found = false;
                if self.may_move() {
                    self.gen_moves(!0, |f, t| {
                        found = f == from.index() && t == to.index();
                        found
                    });
                }
                found
            }
            Move::Chance { square, number } => {
                self.pending_square() == Some(square)
                    && self.soldiers(self.turn) > 1
                    && self
                        .piece_at(square)
                        .is_some_and(|p| (1..=p.max_number()).contains(&number))
            }
        }
    }

    /// Why `mv` is not legal, for a person.
    pub fn why_not(&self, mv: Move) -> String {
        if self.result().is_some() {
            return "the game is over".into();
        }
        match mv {
            Move::Chance { square, number } => match self.pending_piece() {
                None => "no number is waiting for chance".into(),
                Some(p) if self.pending_square() != Some(square) => {
                    format!("chance sets the number of {p} first")
                }
                Some(p) => format!("{p} shows 1–{}, not {number}", p.max_number()),
            },
            Move::Step { from, to } => {
                if self.pending != 0 {
                    return "chance must first set the moved piece's number".into();
                }
                let Some(p) = self.piece_at(from) else {
                    return format!("there is no piece on {from}");
                };
                if p.color() != self.turn {
                    return format!("{p} on {from} is not {}'s piece", self.turn);
                }
                let n = self.number_at(from).unwrap_or(0) as usize;
                let (f, t) = (from.index(), to.index());
                if RING[n][f] & to.bit() == 0 {
                    return format!(
                        "{p} shows {n} and must move exactly {n} square{} with at most one turn",
                        if n == 1 { "" } else { "s" }
                    );
                }
                if let Some(q) = self.piece_at(to) {
                    if q.color() == self.turn {
                        return format!("{to} holds your own piece {q}");
                    }
                    if q.is_shogun() {
                        return "a Shogun cannot be captured".into();
                    }
                }
                let occ = self.by_color[0] | self.by_color[1];
                if !clear(f, t, occ) {
                    return "every path there is blocked (no jumping)".into();
                }
                "it would leave your Shogun attacked".into()
            }
        }
    }

    /// Reads a move (`e1e3`, `e1xe3`, or chance's `e3=2`) and checks that
    /// it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, kyoku_core::MoveError> {
        let mv = crate::text::read_move(text)?;
        if self.legal(mv) {
            Ok(mv)
        } else {
            Err(kyoku_core::MoveError::illegal(
                mv.to_string(),
                self.why_not(mv),
            ))
        }
    }

    /// A stable hash of the whole position (counters included).
    pub fn zobrist(&self) -> u64 {
        self.key() ^ mix(0xC10C ^ ((self.clock as u64) << 16) ^ ((self.fullmove as u64) << 32))
    }

    /// The hash without the counters: what repetition compares.
    pub fn key(&self) -> u64 {
        let h = mix(self.turn.index() as u64
            | (self.rotation as u64) << 1
            | (self.variant as u64) << 3
            | 0x5140_0000);
        h ^ self.piece_key ^ mix(self.pending ^ 0x9e37_79b9)
    }
}

/// Pieces of `by_num` (one side's pieces by number) that stand exactly their
/// number away from `k`, within `mask`.
#[inline(always)]
fn attackers_in_range(by_num: &[u64; 5], k: usize, mask: u64) -> u64 {
    ((RING[1][k] & by_num[1])
        | (RING[2][k] & by_num[2])
        | (RING[3][k] & by_num[3])
        | (RING[4][k] & by_num[4]))
        & mask
}

/// SplitMix64's finaliser: a fixed, well-spread 64-bit mix.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Position {
    /// The board as text for a terminal: every piece with the number it
    /// shows (`?` while chance has to set it), rank 8 at the top, then
    /// whose move it is and any threatened Shogun.
    ///
    /// ```
    /// let p = kyoku_shogun::start(&Default::default()).unwrap();
    /// let d = p.diagram();
    /// assert!(d.lines().nth(8).unwrap().starts_with("1  A1 B1 C3 D2 S1 E2 F3 G3"));
    /// ```
    pub fn diagram(&self) -> String {
        let mut s = format!(
            "Shogun, rotation {}, {} numbers\n",
            self.rotation, self.variant
        );
        for y in (0..8).rev() {
            let mut line = format!("{}  ", y + 1);
            for x in 0..8 {
                let sq = Square::new((y * 8 + x) as u8);
                match self.piece_at(sq) {
                    None => line.push_str(". "),
                    Some(p) => {
                        line.push(p.char());
                        match self.number_at(sq) {
                            Some(n) => line.push((b'0' + n) as char),
                            None => line.push('?'),
                        }
                    }
                }
                line.push(' ');
            }
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s.push_str("   a  b  c  d  e  f  g  h\n");
        match self.result() {
            Some(o) => {
                let who = match o.winner() {
                    Some(w) => format!("{} wins", Color::from_index(w.index())),
                    None => "draw".to_string(),
                };
                s.push_str(&format!("game over: {who} ({})\n", o.reason));
            }
            None => {
                if let Some(sq) = self.pending_square() {
                    s.push_str(&format!("chance sets the number of the piece on {sq}\n"));
                } else {
                    s.push_str(&format!("{} to move\n", self.turn));
                }
            }
        }
        for c in [Color::White, Color::Red] {
            if self.shogun_threatened(c) {
                s.push_str(&format!("Shogun! {c}'s Shogun is threatened\n"));
            }
        }
        s.push_str(&format!(
            "plies without capture {}, move {}",
            self.clock, self.fullmove
        ));
        s
    }
}
