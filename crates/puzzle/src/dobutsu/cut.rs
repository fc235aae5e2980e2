//! Which positions are puzzles: the criteria, the line, the themes and the
//! first rating. Everything here asks the table and nothing else.

use kyoku_dobutsu::solve::{Tablebase, Value, analyze};
use kyoku_dobutsu::{Kind, Move, Position};

use crate::{Goal, Puzzle};

/// The longest win a puzzle may ask for, in plies (the solver's moves and
/// the replies between them).
pub const MAX_PLIES: u32 = 11;

/// A defend puzzle's wrong moves each lose within this many plies (the
/// wrong move counted), so the danger is one a person can see.
pub const DEFEND_HORIZON: u32 = 12;

/// How many solver turns the search for a line may visit before it gives up
/// on a position (ties among the longest replies can branch; a position
/// that needs more is simply not made a puzzle).
const LINE_BUDGET: u32 = 4_000;

/// The puzzle `pos` gives, if it gives one: a win puzzle when it is one,
/// else a defend puzzle when it is one.
pub fn cut(tb: &Tablebase, pos: &Position) -> Option<Puzzle> {
    if !tb.covers(pos) {
        return None;
    }
    if let Some(line) = win_line(tb, pos) {
        return Some(win_puzzle(pos, &line));
    }
    let (mv, fastest) = defend_move(tb, pos)?;
    Some(defend_puzzle(pos, mv, fastest))
}

/// The line of a win puzzle from `pos`, if `pos` is one: the side to move
/// wins within [`MAX_PLIES`], and along the line (the one winning move,
/// then a reply that lasts longest, …) exactly one move wins at every
/// solver turn. Among equally long replies the first that keeps the line
/// unique is taken.
pub fn win_line(tb: &Tablebase, pos: &Position) -> Option<Vec<Move>> {
    match tb.value(pos)? {
        Value::Win(d) if d <= MAX_PLIES => {}
        _ => return None,
    }
    let mut line = Vec::new();
    let mut budget = LINE_BUDGET;
    solver_turn(tb, pos, &mut line, &mut budget).then_some(line)
}

/// The one winning move of `moves` (as [`analyze`] gives them), or `None`
/// when none or several win.
pub fn only_winner(moves: &[(Move, Value)]) -> Option<Move> {
    let mut winners = moves.iter().filter(|(_, v)| matches!(v, Value::Win(_)));
    match (winners.next(), winners.next()) {
        (Some(&(m, _)), None) => Some(m),
        _ => None,
    }
}

fn solver_turn(tb: &Tablebase, pos: &Position, line: &mut Vec<Move>, budget: &mut u32) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some(m) = only_winner(&analyze(tb, pos)) else {
        return false;
    };
    let mut next = *pos;
    next.play_move(m);
    line.push(m);
    // A move that ends the game wins it for the mover (the rules have no
    // move that loses on the spot).
    let ok = next.result().is_some()
        || (line.len() < MAX_PLIES as usize && defender_turn(tb, &next, line, budget));
    if !ok {
        line.pop();
    }
    ok
}

fn defender_turn(tb: &Tablebase, pos: &Position, line: &mut Vec<Move>, budget: &mut u32) -> bool {
    let replies = analyze(tb, pos);
    let Some(&(_, longest)) = replies.first() else {
        return false;
    };
    for &(r, _) in replies.iter().take_while(|(_, v)| *v == longest) {
        let mut next = *pos;
        next.play_move(r);
        line.push(r);
        if next.result().is_none() && solver_turn(tb, &next, line, budget) {
            return true;
        }
        line.pop();
    }
    false
}

/// The one move of a defend puzzle at `pos`, with how fast the quickest
/// wrong move loses: `pos` is not lost, it has two legal moves or more,
/// exactly one of them does not lose, and every other loses within
/// [`DEFEND_HORIZON`] plies.
pub fn defend_move(tb: &Tablebase, pos: &Position) -> Option<(Move, u32)> {
    if matches!(tb.value(pos)?, Value::Loss(_)) {
        return None;
    }
    let moves = analyze(tb, pos);
    if moves.len() < 2 {
        return None;
    }
    let mut saving = None;
    let mut fastest = u32::MAX;
    for &(m, v) in &moves {
        match v {
            Value::Loss(d) if d <= DEFEND_HORIZON => fastest = fastest.min(d),
            Value::Loss(_) => return None,
            _ if saving.is_some() => return None,
            _ => saving = Some(m),
        }
    }
    saving.map(|m| (m, fastest))
}

/// The position read back to front: the same position with files a and c
/// swapped (the rules are the same in the mirror).
pub fn mirror(pos: &Position) -> Option<Position> {
    let s = pos.to_setup();
    let mut m = s.clone();
    for sq in kyoku_dobutsu::Square::all() {
        let there = kyoku_dobutsu::Square::from_coords(2 - sq.file(), sq.rank())?;
        m.board[there.index()] = s.board[sq.index()];
    }
    Position::from_setup(&m).ok()
}

/// The canonical text of a position: the lesser of its FEN and its
/// mirror's, so a position and its mirror share one id.
pub fn canonical(pos: &Position) -> String {
    use kyoku_core::Position as _;
    let own = pos.to_text();
    match mirror(pos).map(|m| m.to_text()) {
        Some(other) if other < own => other,
        _ => own,
    }
}

/// What one move does, for the themes.
#[derive(Clone, Copy, Debug, Default)]
struct Traits {
    capture: bool,
    lion_capture: bool,
    drop: bool,
    promotion: bool,
    lion_move: bool,
}

fn traits(pos: &Position, m: Move) -> Traits {
    match m {
        Move::Drop { .. } => Traits {
            drop: true,
            ..Traits::default()
        },
        Move::Step { from, to, promote } => {
            let taken = pos.piece_at(to);
            Traits {
                capture: taken.is_some(),
                lion_capture: taken.is_some_and(|p| p.kind == Kind::Lion),
                promotion: promote,
                lion_move: pos.piece_at(from).is_some_and(|p| p.kind == Kind::Lion),
                drop: false,
            }
        }
    }
}

fn legal_count(pos: &Position) -> usize {
    pos.count()
}

/// A win puzzle's record. The first rating is
/// `900 + 200·(n − 1) + 100·[the first move takes nothing] + 80·[a drop
/// among the solver's moves] + 5·(legal moves at the start)`, held to
/// 600–2500, where `n` is the number of the solver's moves.
fn win_puzzle(pos: &Position, line: &[Move]) -> Puzzle {
    let mut themes = Vec::new();
    let n = line.len().div_ceil(2);
    themes.push(format!("win-in-{n}"));
    let mut at = *pos;
    let mut first = Traits::default();
    let (mut drop, mut promotion, mut last) = (false, false, Traits::default());
    for (i, &m) in line.iter().enumerate() {
        let t = traits(&at, m);
        if i.is_multiple_of(2) {
            if i == 0 {
                first = t;
            }
            drop |= t.drop;
            promotion |= t.promotion;
            last = t;
        }
        at.play_move(m);
    }
    themes.push(
        if last.lion_capture {
            "lion-capture"
        } else if last.lion_move {
            "try"
        } else {
            "no-moves"
        }
        .into(),
    );
    if drop {
        themes.push("drop".into());
    }
    if promotion {
        themes.push("promotion".into());
    }
    if n <= 2 {
        themes.push("short".into());
    } else if n >= 4 {
        themes.push("long".into());
    }
    let rating = 900.0
        + 200.0 * (n as f64 - 1.0)
        + if first.capture { 0.0 } else { 100.0 }
        + if drop { 80.0 } else { 0.0 }
        + 5.0 * legal_count(pos) as f64;
    record(pos, Goal::Win, line, themes, rating.clamp(600.0, 2500.0))
}

/// A defend puzzle's record. The first rating is `1150 + 100·[the move
/// takes nothing] + 50·[no wrong move loses at once, in 2 plies] + 5·(legal
/// moves)`, held to 600–2500.
fn defend_puzzle(pos: &Position, mv: Move, fastest: u32) -> Puzzle {
    let t = traits(pos, mv);
    let mut themes = vec!["defend".to_string()];
    for (on, name) in [
        (t.capture, "capture"),
        (t.drop, "drop"),
        (t.promotion, "promotion"),
        (t.lion_move, "lion-move"),
    ] {
        if on {
            themes.push(name.into());
        }
    }
    let rating = 1150.0
        + if t.capture { 0.0 } else { 100.0 }
        + if fastest > 2 { 50.0 } else { 0.0 }
        + 5.0 * legal_count(pos) as f64;
    record(
        pos,
        Goal::Defend,
        &[mv],
        themes,
        rating.clamp(600.0, 2500.0),
    )
}

fn record(pos: &Position, goal: Goal, line: &[Move], themes: Vec<String>, rating: f64) -> Puzzle {
    use kyoku_core::Position as _;
    let fen = pos.to_text();
    Puzzle {
        id: crate::puzzle_id("dobutsu", &canonical(pos)),
        game: "dobutsu".into(),
        options: serde_json::json!({ "fen": fen }),
        position: fen,
        goal,
        solution: line.iter().map(|m| m.to_string()).collect(),
        themes,
        rating,
    }
}
