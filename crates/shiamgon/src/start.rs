//! Start positions: the stone patterns of every board and player count,
//! and handicap stones.

use crate::bits::Bits;
use crate::board::{Board, BoardKind, Field, Shape};

/// The sector (0-based player index) of a disc field with middle angle
/// `mid` for `players` players: sector `j` spans `[j·360/p, (j+1)·360/p)`.
pub fn sector_of(mid: u16, players: usize) -> usize {
    mid as usize * players / 360
}

/// The fields of ring `ring` whose middle angle lies in sector `j`, by
/// increasing middle angle (`c0, c1, …` of the ruling).
fn sector_ring_fields(board: &Board, ring: usize, j: usize, players: usize) -> Vec<Field> {
    let mut v: Vec<(u16, Field)> = (0..board.len())
        .filter_map(|f| match board.shape(f) {
            Shape::Sector { ring: r, .. } if r as usize == ring => {
                let mid = board.shape(f).middle_angle()?;
                (sector_of(mid, players) == j).then_some((mid, f))
            }
            _ => None,
        })
        .collect();
    v.sort_unstable();
    v.into_iter().map(|(_, f)| f).collect()
}

/// The most handicap stones player `p` (0-based) can have been given: the
/// fields of the handicap ring (third from the outside) in their sector;
/// none on a triangle.
pub(crate) fn most_handicap(kind: BoardKind, players: usize, p: usize) -> usize {
    let board = kind.board();
    if kind.is_triangle() || board.rings() < 2 {
        return 0;
    }
    sector_ring_fields(board, board.rings() - 2, p, players).len()
}

/// The start stones of each player, in player order.
///
/// Triangles: the up-pointing fields of each corner's small triangle of
/// side 3 (`tri8`) or 5 (`tri16`); player 1 top, 2 bottom-left, 3
/// bottom-right. Discs: the pattern of the ruling on the two outer rings,
/// stones touching the next sector's pattern left out, then every sector
/// cut to the smallest count from its high-angle end.
pub fn start_stones(kind: BoardKind, players: usize) -> Vec<Vec<Field>> {
    let board = kind.board();
    if kind.is_triangle() {
        let n = board.side() as u8;
        let s = if kind == BoardKind::Tri8 { 3 } else { 5 };
        let mut out = vec![Vec::new(); 3];
        for f in 0..board.len() {
            let Shape::Triangle { row, index, .. } = board.shape(f) else {
                continue;
            };
            if index % 2 == 1 {
                continue;
            }
            let k = index / 2;
            if row < s {
                out[0].push(f);
            } else if row >= n - s && k <= row - (n - s) {
                out[1].push(f);
            } else if row >= n - s && k >= n - s {
                out[2].push(f);
            }
        }
        return out;
    }
    let rings = board.rings();
    let (inner, outer) = (rings - 1, rings);
    // The full pattern of each sector, as (middle angle, field).
    let mut pattern: Vec<Vec<(u16, Field)>> = (0..players)
        .map(|j| {
            let mut v = Vec::new();
            let ci = sector_ring_fields(board, inner, j, players);
            let co = sector_ring_fields(board, outer, j, players);
            if kind == BoardKind::Disc10 {
                v.extend(ci.iter().step_by(3).copied());
                v.extend(co.iter().skip(1).step_by(3).copied());
            } else {
                v.extend(ci.iter().step_by(2).copied());
                for &f in ci.iter().skip(1).step_by(2) {
                    let mid = board.shape(f).middle_angle();
                    if let Some(g) = co.iter().find(|&&g| board.shape(g).middle_angle() == mid) {
                        v.push(*g);
                    }
                }
            }
            let mut v: Vec<(u16, Field)> = v
                .into_iter()
                .map(|f| (board.shape(f).middle_angle().unwrap_or(0), f))
                .collect();
            v.sort_unstable();
            v
        })
        .collect();
    // Leave out stones touching the next sector's pattern (decided on the
    // full patterns, all at once).
    let full: Vec<Bits> = pattern
        .iter()
        .map(|v| v.iter().map(|&(_, f)| f).collect())
        .collect();
    for (j, v) in pattern.iter_mut().enumerate() {
        let next = full[(j + 1) % players];
        v.retain(|&(_, f)| (board.adjacent(f) & next).is_empty());
    }
    let min = pattern.iter().map(Vec::len).min().unwrap_or(0);
    pattern
        .into_iter()
        .map(|mut v| {
            v.truncate(min);
            v.into_iter().map(|(_, f)| f).collect()
        })
        .collect()
}

/// Why handicap stones cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// Handicap exists on disc boards only.
    #[error("handicap stones exist on disc boards only")]
    NotADisc,
    /// A chosen field breaks a rule.
    #[error("handicap field {field} for player {player}: {reason}")]
    BadField {
        /// The field's name.
        field: String,
        /// The player, 1-based.
        player: usize,
        /// Which rule it breaks.
        reason: &'static str,
    },
    /// No field is left for a default handicap stone.
    #[error(
        "player {player} cannot get {wanted} handicap stones: only {placed} fields of ring {ring} in their sector touch no stone"
    )]
    NoRoom {
        /// The player, 1-based.
        player: usize,
        /// Stones asked for.
        wanted: usize,
        /// Stones that found a field.
        placed: usize,
        /// The handicap ring.
        ring: usize,
    },
}

/// Checks one handicap field of player `p` (0-based) against `stones`
/// (everything on the board so far).
pub fn check_handicap_field(
    kind: BoardKind,
    players: usize,
    p: usize,
    f: Field,
    stones: Bits,
) -> Result<(), &'static str> {
    let board = kind.board();
    let ring = board.rings().saturating_sub(2);
    match board.shape(f) {
        Shape::Sector { ring: r, .. } if r as usize == ring => {}
        _ => return Err("not on the third ring from the outside"),
    }
    let mid = board.shape(f).middle_angle().unwrap_or(0);
    if sector_of(mid, players) != p {
        return Err("not in the player's own sector");
    }
    if stones.contains(f) {
        return Err("occupied");
    }
    if !(board.adjacent(f) & stones).is_empty() {
        return Err("adjacent to another stone");
    }
    Ok(())
}

/// `count` handicap fields for player `p` (0-based), spread evenly: the
/// k-th stone goes to the free field of the handicap ring nearest the
/// angle `(2k+1)/(2·count)` of the way through the sector (lower angle on
/// ties) that touches no stone, stones chosen before included.
pub fn default_handicap(
    kind: BoardKind,
    players: usize,
    p: usize,
    count: usize,
    stones: Bits,
) -> Result<Vec<Field>, HandicapError> {
    if kind.is_triangle() {
        return Err(HandicapError::NotADisc);
    }
    let board = kind.board();
    let ring = board.rings() - 2;
    let candidates = sector_ring_fields(board, ring, p, players);
    let mut taken = stones;
    let mut out = Vec::new();
    for k in 0..count {
        // Target angle × 2·count·players, to stay in integers.
        let target = (2 * p * count + 2 * k + 1) * 360;
        let best = candidates
            .iter()
            .copied()
            .filter(|&f| check_handicap_field(kind, players, p, f, taken).is_ok())
            .min_by_key(|&f| {
                let mid = board.shape(f).middle_angle().unwrap_or(0) as usize;
                (mid * 2 * count * players).abs_diff(target)
            });
        match best {
            Some(f) => {
                taken.insert(f);
                out.push(f);
            }
            None => {
                return Err(HandicapError::NoRoom {
                    player: p + 1,
                    wanted: count,
                    placed: k,
                    ring,
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(kind: BoardKind, players: usize) -> Vec<usize> {
        start_stones(kind, players).iter().map(Vec::len).collect()
    }

    #[test]
    fn start_stone_counts() {
        assert_eq!(counts(BoardKind::Tri8, 3), [6, 6, 6]);
        assert_eq!(counts(BoardKind::Tri16, 3), [15, 15, 15]);
        assert_eq!(counts(BoardKind::Disc10, 3), [13; 3]);
        assert_eq!(counts(BoardKind::Disc10, 4), [10; 4]);
        assert_eq!(counts(BoardKind::Disc10, 5), [8; 5]);
        assert_eq!(counts(BoardKind::Disc5, 3), [10; 3]);
        assert_eq!(counts(BoardKind::Disc5, 4), [6; 4]);
        assert_eq!(counts(BoardKind::Disc5, 5), [6; 5]);
    }

    #[test]
    fn start_stones_are_where_the_ruling_puts_them() {
        for kind in BoardKind::ALL {
            let board = kind.board();
            for players in kind.player_counts() {
                let all = start_stones(kind, players);
                let mut seen = Bits::EMPTY;
                for (p, v) in all.iter().enumerate() {
                    for &f in v {
                        assert!(!seen.contains(f));
                        seen.insert(f);
                        if let Some(mid) = board.shape(f).middle_angle() {
                            assert_eq!(sector_of(mid, players), p);
                        }
                    }
                }
                // Disc start stones touch no stone at all (two fields apart);
                // triangle start stones touch at corners only.
                for &f in all.iter().flatten() {
                    if kind.is_triangle() {
                        assert!((board.linked(f) & seen).is_empty());
                    } else {
                        assert!((board.adjacent(f) & seen).is_empty(), "{kind} {players}");
                    }
                }
            }
        }
        let b = BoardKind::Disc10.board();
        let names: Vec<&str> = start_stones(BoardKind::Disc10, 3)[0]
            .iter()
            .map(|&f| b.name(f))
            .collect();
        // Ring 9 at c0, c3, … (middles 0, 18, …, 108); ring 10 at c1, c4, …
        // (middles 9, 27, …, 99; 117 touches sector 2's 9.19 and is left out).
        assert_eq!(
            names,
            [
                "9.59", "10.1", "9.2", "10.4", "9.5", "10.7", "9.8", "10.10", "9.11", "10.13",
                "9.14", "10.16", "9.17"
            ]
        );
        let t = BoardKind::Tri8.board();
        let names: Vec<&str> = start_stones(BoardKind::Tri8, 3)[1]
            .iter()
            .map(|&f| t.name(f))
            .collect();
        assert_eq!(names, ["5.0", "6.0", "6.2", "7.0", "7.2", "7.4"]);
    }

    #[test]
    fn handicap_room() {
        // On disc5 with 4 players the only free field of ring 3 is 3.2
        // (middle 72°, player 1's sector, where the equalising cut left a gap).
        let kind = BoardKind::Disc5;
        let stones: Bits = start_stones(kind, 4).into_iter().flatten().collect();
        let b = kind.board();
        assert_eq!(
            default_handicap(kind, 4, 0, 1, stones).map(|v| b.name(v[0]).to_string()),
            Ok("3.2".to_string())
        );
        assert!(default_handicap(kind, 4, 0, 2, stones).is_err());
        assert!(default_handicap(kind, 4, 1, 1, stones).is_err());
        let kind = BoardKind::Disc10;
        for players in 3..=5 {
            let stones: Bits = start_stones(kind, players).into_iter().flatten().collect();
            assert!(default_handicap(kind, players, 0, 1, stones).is_err());
        }
        assert_eq!(
            default_handicap(BoardKind::Tri8, 3, 0, 1, Bits::EMPTY),
            Err(HandicapError::NotADisc)
        );
    }
}
