//! A third of a turn: on every board, rotating by 120° and renumbering
//! the seats leaves a three-player game the same (turn order included, as
//! it goes round the board). Mirror images are not the same game: they
//! reverse the turn order. Four and five players have no such rotation
//! (the innermost ring has three fields).

use std::sync::OnceLock;

use kyoku_core::{Player, Position as _};
use kyoku_shiamgon::{BoardKind, Field, Position};

/// A third of a turn on one board: where each field goes, and how far
/// the seat numbers move with it.
struct Third {
    to: Vec<Field>,
    shift: usize,
}

/// The third of a turn of `kind`, computed once and checked against the
/// board's adjacency, wall links and start position; `None` if any check
/// fails (then no position is folded).
fn third(kind: BoardKind) -> Option<&'static Third> {
    static CACHE: [OnceLock<Option<Third>>; 4] = [const { OnceLock::new() }; 4];
    let i = BoardKind::ALL.iter().position(|&k| k == kind)?;
    CACHE[i].get_or_init(|| make_third(kind)).as_ref()
}

/// The two numbers of a field's name (`R.I` on discs, `r.i` on triangles).
fn numbers(name: &str) -> Option<(usize, usize)> {
    let (a, b) = name.split_once('.')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

fn make_third(kind: BoardKind) -> Option<Third> {
    let board = kind.board();
    let names: Vec<(usize, usize)> = (0..board.len())
        .map(|f| numbers(board.name(f)))
        .collect::<Option<_>>()?;
    let rows = names.iter().map(|&(a, _)| a).max()? + 1;
    let mut to = Vec::with_capacity(board.len());
    for &(a, b) in &names {
        let (a2, b2) = if kind.is_triangle() {
            triangle_turn(rows, a, b)?
        } else if a == 0 {
            (0, 0)
        } else {
            let size = names.iter().filter(|&&(r, _)| r == a).count();
            if !size.is_multiple_of(3) {
                return None;
            }
            (a, (b + size / 3) % size)
        };
        to.push(board.field(&format!("{a2}.{b2}"))?);
    }
    // The map must keep every adjacency and wall link, or it is no symmetry.
    for f in 0..board.len() {
        for g in 0..board.len() {
            if board.adjacent(f).contains(g) != board.adjacent(to[f]).contains(to[g])
                || board.linked(f).contains(g) != board.linked(to[f]).contains(to[g])
            {
                return None;
            }
        }
    }
    let start = Position::start(kind, 3).ok()?;
    let shift = (1..3).find(|&s| {
        (0..3).all(|j| {
            let mut moved: Vec<Field> =
                start.stones(Player::new(j)).iter().map(|f| to[f]).collect();
            moved.sort_unstable();
            let there: Vec<Field> = start.stones(Player::new((j + s) % 3)).iter().collect();
            moved == there
        })
    })?;
    Some(Third { to, shift })
}

/// A triangle of `n` rows: an upward field `k` of row `r` (index `2k`) has
/// the coordinates `(r − k, k, n − 1 − r)`, a downward one (index `2k + 1`)
/// `(r − 1 − k, k, n − 1 − r)`; turning the coordinates round turns the
/// triangle.
fn triangle_turn(n: usize, r: usize, i: usize) -> Option<(usize, usize)> {
    let up = i.is_multiple_of(2);
    let k = i / 2;
    let x = if up {
        r.checked_sub(k)?
    } else {
        r.checked_sub(1 + k)?
    };
    let z = n.checked_sub(1 + r)?;
    // (x, y, z) becomes (y, z, x): the new row comes from the new z (the
    // old x), the new index from the new y (the old z).
    let r2 = n.checked_sub(1 + x)?;
    Some((r2, if up { 2 * z } else { 2 * z + 1 }))
}

/// The position's stones and turn as one line, seen after `times` thirds
/// of a turn: the board, the seat to move and each seat's fields.
fn seen(pos: &Position, third: Option<&Third>, times: usize) -> String {
    let board = pos.board();
    let n = pos.players();
    let shift = third.map_or(0, |t| t.shift * times);
    let map = |f: Field| (0..times).fold(f, |f, _| third.map_or(f, |t| t.to[f]));
    let mut lists = vec![String::new(); n];
    for (j, list) in (0..n).map(|j| (j, (j + shift) % n)) {
        let mut fields: Vec<Field> = pos.stones(Player::new(j)).iter().map(map).collect();
        fields.sort_unstable();
        let names: Vec<&str> = fields.iter().map(|&f| board.name(f)).collect();
        lists[list] = if names.is_empty() {
            "-".into()
        } else {
            names.join(",")
        };
    }
    format!(
        "shiamgon {} {n} turn {} stones {}",
        board.kind(),
        (pos.turn().index() + shift) % n + 1,
        lists.join("/")
    )
}

/// The position up to a third of a turn (three players) as one line: the
/// least of its turned forms. Placement count and prisoners are left out;
/// a waiting push, which puzzles never have, is written as is.
pub(crate) fn canonical(pos: &Position) -> String {
    let plain = seen(pos, None, 0);
    let Some((_, _, t)) = pos.pending_push() else {
        let third = if pos.players() == 3 {
            third(pos.board().kind())
        } else {
            None
        };
        return match third {
            Some(t) => (0..3).map(|k| seen(pos, Some(t), k)).min().unwrap_or(plain),
            None => plain,
        };
    };
    format!("{plain} push {}", pos.board().name(t))
}

/// The position turned by a third of a turn with its seats renumbered
/// (prisoners and placement count as they are), or `None` for four or five
/// players: what tests use to see that turned puzzles are one puzzle.
pub fn turned(pos: &Position) -> Option<Position> {
    if pos.players() != 3 || pos.pending_push().is_some() {
        return None;
    }
    let t = third(pos.board().kind())?;
    let text = seen(pos, Some(t), 1);
    let words: Vec<&str> = text.split_whitespace().collect();
    let full = pos.to_text();
    let old: Vec<&str> = full.split_whitespace().collect();
    let prisoners: Vec<Vec<&str>> = old
        .get(10)?
        .split('/')
        .map(|row| row.split(',').collect())
        .collect();
    // Row and column j of the prisoners go where seat j goes.
    let mut moved = vec![vec!["0"; 3]; 3];
    for (h, row) in prisoners.iter().enumerate() {
        for (o, c) in row.iter().enumerate() {
            moved[(h + t.shift) % 3][(o + t.shift) % 3] = c;
        }
    }
    let moved: Vec<String> = moved.iter().map(|r| r.join(",")).collect();
    let text = format!(
        "shiamgon {} 3 turn {} placements {} stones {} prisoners {}",
        words[1],
        words[4],
        old.get(6)?,
        words[6],
        moved.join("/")
    );
    Position::from_text(&text).ok()
}
