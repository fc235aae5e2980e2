//! The four boards: fields with their true shapes, names, adjacency, wall
//! links, and the order of the fields around each field along its boundary.
//!
//! Everything is computed once per board with exact integer arithmetic
//! (disc angles are whole degrees; the 40 % rule is `5·overlap ≥ 2·width`)
//! and shared as `&'static Board`.

use std::fmt;
use std::sync::OnceLock;

use crate::bits::Bits;

/// A field of a board, by index (`0 … fields-1`).
pub type Field = usize;

/// Which board a game is played on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardKind {
    /// Triangle of side 8: 64 fields, 3 players.
    Tri8,
    /// Triangle of side 16: 256 fields, 3 players.
    Tri16,
    /// Disc with rings of 3, 6, 15, 30, 60 around a centre: 115 fields, 3–5 players.
    Disc5,
    /// Disc with rings of 3, 3, 6, 6, 15, 15, 30, 30, 60, 60: 229 fields, 3–5 players.
    Disc10,
}

impl BoardKind {
    /// All boards.
    pub const ALL: [BoardKind; 4] = [
        BoardKind::Tri8,
        BoardKind::Tri16,
        BoardKind::Disc5,
        BoardKind::Disc10,
    ];

    /// The name as the command line and the text form spell it.
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Tri8 => "tri8",
            BoardKind::Tri16 => "tri16",
            BoardKind::Disc5 => "disc5",
            BoardKind::Disc10 => "disc10",
        }
    }

    /// Reads a board name.
    pub fn parse(s: &str) -> Option<BoardKind> {
        BoardKind::ALL.into_iter().find(|b| b.name() == s)
    }

    /// True for the triangle boards.
    pub fn is_triangle(self) -> bool {
        matches!(self, BoardKind::Tri8 | BoardKind::Tri16)
    }

    /// The player counts the board allows.
    pub fn player_counts(self) -> std::ops::RangeInclusive<usize> {
        if self.is_triangle() { 3..=3 } else { 3..=5 }
    }

    /// The board, built on first use and shared.
    pub fn board(self) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 4] = [const { OnceLock::new() }; 4];
        BOARDS[self as usize].get_or_init(|| Board::build(self))
    }

    /// Disc rings as `(fields, first boundary angle)`, innermost first.
    fn rings(self) -> &'static [(u16, u16)] {
        match self {
            BoardKind::Disc5 => &[(3, 0), (6, 30), (15, 12), (30, 6), (60, 3)],
            BoardKind::Disc10 => &[
                (3, 0),
                (3, 60),
                (6, 30),
                (6, 0),
                (15, 6),
                (15, 18),
                (30, 0),
                (30, 6),
                (60, 3),
                (60, 0),
            ],
            _ => &[],
        }
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The true shape of a field.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A triangle of a triangle board: row `row` from the apex, `index`
    /// within the row (even = pointing up); `corners` are lattice points
    /// `(row, k)` (`0 ≤ k ≤ row`), which lie at `x = k − row/2`,
    /// `y = row·√3/2` (y downwards) for a side of 1.
    Triangle {
        /// Row from the apex, 0-based.
        row: u8,
        /// Index within the row, `0 … 2·row`.
        index: u8,
        /// The three corners as lattice points `(row, k)`.
        corners: [(u8, u8); 3],
    },
    /// The centre disc of a disc board, radius 1.
    Centre,
    /// A ring sector: radii `ring … ring+1`, angles `start … end` degrees
    /// counterclockwise from the right (`end − start` is the width; `end`
    /// may pass 360).
    Sector {
        /// Ring, 1 = innermost.
        ring: u8,
        /// Index within the ring from the field starting at the ring's first boundary.
        index: u8,
        /// Start angle, whole degrees, `0 ≤ start < 360`.
        start: u16,
        /// End angle, whole degrees, `start < end < start + 360`.
        end: u16,
    },
}

impl Shape {
    /// The middle angle of a sector, in `[0, 360)`.
    pub fn middle_angle(&self) -> Option<u16> {
        match *self {
            Shape::Sector { start, end, .. } => Some(((start + end) / 2) % 360),
            _ => None,
        }
    }
}

/// A board: its fields and every relation the rules need, precomputed.
#[derive(Debug)]
pub struct Board {
    kind: BoardKind,
    shapes: Vec<Shape>,
    names: Vec<String>,
    adjacent: Vec<Bits>,
    linked: Vec<Bits>,
    around: Vec<Vec<u8>>,
    link_lists: Vec<Vec<u8>>,
    within_two: Vec<Bits>,
    all: Bits,
}

/// A face around a vertex of a disc board: a field, or the outside.
const OUTSIDE: usize = usize::MAX;

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.kind == other.kind
    }
}

impl Eq for Board {}

impl Board {
    /// The kind of board.
    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// Number of fields.
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Boards are never empty; present for clippy's `len` convention.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// Every field.
    pub fn all(&self) -> Bits {
        self.all
    }

    /// The shape of field `f`.
    pub fn shape(&self, f: Field) -> Shape {
        self.shapes[f]
    }

    /// The name of field `f` (`4.12`, `0.0`).
    pub fn name(&self, f: Field) -> &str {
        &self.names[f]
    }

    /// The field with this name.
    pub fn field(&self, name: &str) -> Option<Field> {
        let (a, b) = name.split_once('.')?;
        let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
        let f = if self.kind.is_triangle() {
            if a >= self.side() || b > 2 * a {
                return None;
            }
            a * a + b
        } else if a == 0 {
            if b != 0 {
                return None;
            }
            0
        } else {
            let &(n, _) = self.kind.rings().get(a - 1)?;
            if b >= n as usize {
                return None;
            }
            ring_offset(self.kind, a) + b
        };
        // Only the canonical spelling ("4.2", not "04.2" or "+4.2").
        (self.names[f] == name).then_some(f)
    }

    /// The fields adjacent to `f` (closures share at least a point).
    #[inline]
    pub fn adjacent(&self, f: Field) -> Bits {
        self.adjacent[f]
    }

    /// The fields at most two steps from `f` (adjacent, or adjacent to an
    /// adjacent field; `f` itself included).
    #[inline]
    pub fn within_two(&self, f: Field) -> Bits {
        self.within_two[f]
    }

    /// The fields wall-linked to `f`.
    #[inline]
    pub fn linked(&self, f: Field) -> Bits {
        self.linked[f]
    }

    /// The fields adjacent to `f` in their cyclic order along `f`'s
    /// boundary (counterclockwise). On the board's edge the two ends of the
    /// list meet across the outside.
    #[inline]
    pub fn around(&self, f: Field) -> &[u8] {
        &self.around[f]
    }

    /// The fields wall-linked to `f`, increasing.
    pub fn links(&self, f: Field) -> &[u8] {
        &self.link_lists[f]
    }

    /// The number of rings of a disc board (0 for a triangle).
    pub fn rings(&self) -> usize {
        self.kind.rings().len()
    }

    /// Side length of a triangle board (0 for a disc).
    pub fn side(&self) -> usize {
        match self.kind {
            BoardKind::Tri8 => 8,
            BoardKind::Tri16 => 16,
            _ => 0,
        }
    }

    /// The field of disc ring `ring` (0 = centre) whose angle interval
    /// contains `angle`; `after` picks the field just above the angle (at
    /// a boundary) rather than just below.
    pub fn ring_field_at(&self, ring: usize, angle: i32, after: bool) -> Field {
        if ring == 0 {
            return 0;
        }
        ring_offset(self.kind, ring) + sector_at(self.kind.rings()[ring - 1], angle, after)
    }

    fn build(kind: BoardKind) -> Board {
        let (shapes, around) = if kind.is_triangle() {
            build_triangle(if kind == BoardKind::Tri8 { 8 } else { 16 })
        } else {
            build_disc(kind)
        };
        let n = shapes.len();
        assert!(n <= 256, "a board has at most 256 fields");
        let names = shapes
            .iter()
            .map(|s| match *s {
                Shape::Triangle { row, index, .. } => format!("{row}.{index}"),
                Shape::Centre => "0.0".to_string(),
                Shape::Sector { ring, index, .. } => format!("{ring}.{index}"),
            })
            .collect();
        let mut adjacent = vec![Bits::EMPTY; n];
        for (f, list) in around.iter().enumerate() {
            let mut seen = Bits::EMPTY;
            for &g in list {
                assert!(
                    !seen.contains(g as usize),
                    "field {f} touches field {g} twice"
                );
                seen.insert(g as usize);
            }
            adjacent[f] = seen;
        }
        let mut linked = vec![Bits::EMPTY; n];
        for a in 0..n {
            for b in adjacent[a].iter() {
                if wall_link(&shapes[a], &shapes[b]) {
                    linked[a].insert(b);
                }
            }
        }
        let link_lists = linked
            .iter()
            .map(|l| l.iter().map(|g| g as u8).collect())
            .collect();
        let within_two = adjacent
            .iter()
            .map(|&a| a.iter().fold(a, |w, m| w | adjacent[m]))
            .collect();
        Board {
            kind,
            shapes,
            names,
            adjacent,
            linked,
            around,
            link_lists,
            within_two,
            all: Bits::first(n),
        }
    }
}

/// The sector of a ring of `n` sectors turned by `phase` degrees whose
/// angle interval holds `angle`; `after` picks the one just above the angle
/// at a boundary rather than just below.
fn sector_at((n, phase): (u16, u16), angle: i32, after: bool) -> usize {
    let w = 360 / n as i32;
    let rel = (angle - phase as i32).rem_euclid(360);
    let i = if after {
        rel / w
    } else {
        (rel + w - 1) / w - 1
    };
    i.rem_euclid(n as i32) as usize
}

/// Index of the first field of disc ring `ring` (the centre is field 0).
fn ring_offset(kind: BoardKind, ring: usize) -> usize {
    1 + kind.rings()[..ring - 1]
        .iter()
        .map(|&(n, _)| n as usize)
        .sum::<usize>()
}

/// Whether two adjacent fields are wall-linked.
fn wall_link(a: &Shape, b: &Shape) -> bool {
    match (*a, *b) {
        (Shape::Triangle { corners: ca, .. }, Shape::Triangle { corners: cb, .. }) => {
            // An edge is shared exactly when two corners are.
            ca.iter().filter(|c| cb.contains(c)).count() == 2
        }
        (
            Shape::Sector {
                ring: ra,
                start: sa,
                end: ea,
                ..
            },
            Shape::Sector {
                ring: rb,
                start: sb,
                end: eb,
                ..
            },
        ) => {
            if ra == rb {
                // Ring neighbours share a whole radial edge.
                true
            } else {
                let o = overlap(sa as i32, ea as i32, sb as i32, eb as i32);
                let (wa, wb) = ((ea - sa) as i32, (eb - sb) as i32);
                5 * o >= 2 * wa && 5 * o >= 2 * wb
            }
        }
        // The centre touches each ring-1 field with a third of its rim at most.
        _ => false,
    }
}

/// Length in degrees of the overlap of two angle intervals (cyclic).
pub(crate) fn overlap(s1: i32, e1: i32, s2: i32, e2: i32) -> i32 {
    [-360, 0, 360]
        .iter()
        .map(|&d| (e1.min(e2 + d) - s1.max(s2 + d)).max(0))
        .sum()
}

/// Whether two closed angle intervals meet (a single shared angle counts).
#[cfg(test)]
pub(crate) fn meets(s1: i32, e1: i32, s2: i32, e2: i32) -> bool {
    [-360, 0, 360]
        .iter()
        .any(|&d| e1.min(e2 + d) >= s1.max(s2 + d))
}

/// Joins the faces met around each vertex of a field's boundary (each
/// list counterclockwise, starting after the field itself) into the
/// field's cyclic neighbour order.
fn join_around(f: usize, per_vertex: Vec<Vec<usize>>) -> Vec<u8> {
    let mut seq: Vec<usize> = Vec::new();
    for faces in per_vertex {
        let Some(pos) = faces.iter().position(|&g| g == f) else {
            panic!("vertex of field {f} without the field");
        };
        let n = faces.len();
        for k in 1..n {
            let g = faces[(pos + k) % n];
            if g != f && g != OUTSIDE && seq.last() != Some(&g) {
                seq.push(g);
            }
        }
    }
    while seq.len() > 1 && seq.first() == seq.last() {
        seq.pop();
    }
    seq.into_iter().map(|g| g as u8).collect()
}

/// A triangle of side `n`: fields row by row from the apex.
fn build_triangle(n: u8) -> (Vec<Shape>, Vec<Vec<u8>>) {
    let mut shapes = Vec::new();
    for row in 0..n {
        for index in 0..=2 * row {
            let k = index / 2;
            let corners = if index % 2 == 0 {
                // Up: apex, bottom-left, bottom-right — counterclockwise on screen.
                [(row, k), (row + 1, k), (row + 1, k + 1)]
            } else {
                // Down: top-left, bottom, top-right — counterclockwise on screen.
                [(row, k), (row + 1, k + 1), (row, k + 1)]
            };
            shapes.push(Shape::Triangle {
                row,
                index,
                corners,
            });
        }
    }
    // Faces around each lattice point, counterclockwise. In the frame
    // (X, Y) = (2k − row, −row) — a linear image of the true plane with
    // positive determinant, so angular order is kept — the direction from
    // the point to a triangle's centroid orders the faces.
    let mut around_vertex: std::collections::HashMap<(u8, u8), Vec<usize>> = Default::default();
    for (f, s) in shapes.iter().enumerate() {
        if let Shape::Triangle { corners, .. } = s {
            for &c in corners {
                around_vertex.entry(c).or_default().push(f);
            }
        }
    }
    let frame = |(r, k): (u8, u8)| (2 * k as i32 - r as i32, -(r as i32));
    for (&v, faces) in around_vertex.iter_mut() {
        let (vx, vy) = frame(v);
        faces.sort_by(|&a, &b| {
            let ang = |f: usize| {
                let Shape::Triangle { corners, .. } = shapes[f] else {
                    unreachable!()
                };
                let (mut x, mut y) = (0, 0);
                for c in corners {
                    let (cx, cy) = frame(c);
                    x += cx - vx;
                    y += cy - vy;
                }
                (y as f64).atan2(x as f64)
            };
            ang(a).total_cmp(&ang(b))
        });
    }
    let around = shapes
        .iter()
        .enumerate()
        .map(|(f, s)| {
            let Shape::Triangle { corners, .. } = s else {
                unreachable!()
            };
            join_around(
                f,
                corners.iter().map(|c| around_vertex[c].clone()).collect(),
            )
        })
        .collect();
    (shapes, around)
}

/// A disc board: the centre, then ring by ring, each ring from the field
/// starting at its first boundary, increasing angle.
fn build_disc(kind: BoardKind) -> (Vec<Shape>, Vec<Vec<u8>>) {
    let rings = kind.rings();
    let mut shapes = vec![Shape::Centre];
    for (r, &(n, phase)) in rings.iter().enumerate() {
        let w = 360 / n;
        for i in 0..n {
            let start = phase + i * w;
            shapes.push(Shape::Sector {
                ring: (r + 1) as u8,
                index: i as u8,
                start,
                end: start + w,
            });
        }
    }
    let last_ring = rings.len();
    let field_at = |ring: usize, angle: i32, after: bool| -> usize {
        if ring == 0 {
            return 0;
        }
        if ring > last_ring {
            return OUTSIDE;
        }
        ring_offset(kind, ring) + sector_at(rings[ring - 1], angle, after)
    };
    // Faces around the boundary point at radius `rho`, angle `theta`,
    // counterclockwise starting outwards: outer-after, inner-after,
    // inner-before, outer-before (consecutive repeats collapsed).
    let faces_at = |rho: usize, theta: i32| -> Vec<usize> {
        let q = [
            field_at(rho, theta, true),
            field_at(rho - 1, theta, true),
            field_at(rho - 1, theta, false),
            field_at(rho, theta, false),
        ];
        let mut v: Vec<usize> = Vec::new();
        for g in q {
            if v.last() != Some(&g) {
                v.push(g);
            }
        }
        while v.len() > 1 && v.first() == v.last() {
            v.pop();
        }
        v
    };
    // Boundary angles of ring `ring` strictly inside (a, b), increasing.
    let boundaries_between = |ring: usize, a: i32, b: i32| -> Vec<i32> {
        if ring == 0 || ring > last_ring {
            return Vec::new();
        }
        let (n, phase) = rings[ring - 1];
        let w = 360 / n as i32;
        let mut v: Vec<i32> = (0..n as i32)
            .flat_map(|i| [phase as i32 + i * w, phase as i32 + i * w + 360])
            .filter(|&t| a < t && t < b)
            .collect();
        v.sort_unstable();
        v
    };
    let around = shapes
        .iter()
        .enumerate()
        .map(|(f, s)| match *s {
            Shape::Centre => {
                let v = boundaries_between(1, -1, 359)
                    .into_iter()
                    .map(|t| faces_at(1, t))
                    .collect();
                join_around(f, v)
            }
            Shape::Sector {
                ring, start, end, ..
            } => {
                let (k, a, b) = (ring as usize, start as i32, end as i32);
                // Counterclockwise with the field on the left: inner arc
                // from b down to a, out along the radius at a, outer arc
                // from a up to b, back in at b.
                let mut verts = vec![(k, b)];
                let mut inner = boundaries_between(k - 1, a, b);
                inner.reverse();
                verts.extend(inner.into_iter().map(|t| (k, t)));
                verts.push((k, a));
                verts.push((k + 1, a));
                verts.extend(
                    boundaries_between(k + 1, a, b)
                        .into_iter()
                        .map(|t| (k + 1, t)),
                );
                verts.push((k + 1, b));
                join_around(f, verts.into_iter().map(|(r, t)| faces_at(r, t)).collect())
            }
            Shape::Triangle { .. } => unreachable!(),
        })
        .collect();
    (shapes, around)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_counts_and_names() {
        let counts = [64, 256, 115, 229];
        for (k, n) in BoardKind::ALL.into_iter().zip(counts) {
            let b = k.board();
            assert_eq!(b.len(), n, "{k}");
            for f in 0..b.len() {
                assert_eq!(b.field(b.name(f)), Some(f));
            }
        }
        let d = BoardKind::Disc10.board();
        assert_eq!(d.name(0), "0.0");
        assert_eq!(
            d.shape(d.field("2.2").unwrap()),
            Shape::Sector {
                ring: 2,
                index: 2,
                start: 300,
                end: 420
            }
        );
        let t = BoardKind::Tri8.board();
        assert_eq!(t.name(63), "7.14");
    }

    #[test]
    fn adjacency_is_symmetric_and_matches_the_definition() {
        for k in BoardKind::ALL {
            let b = k.board();
            for f in 0..b.len() {
                assert!(!b.adjacent(f).contains(f));
                for g in b.adjacent(f).iter() {
                    assert!(b.adjacent(g).contains(f), "{k} {f} {g}");
                    assert_eq!(b.linked(f).contains(g), b.linked(g).contains(f));
                }
                assert_eq!(b.linked(f) & !b.adjacent(f), Bits::EMPTY);
                // Independent check of "closures share a point".
                for g in 0..b.len() {
                    if g == f {
                        continue;
                    }
                    let touch = match (b.shape(f), b.shape(g)) {
                        (
                            Shape::Triangle { corners: a, .. },
                            Shape::Triangle { corners: c, .. },
                        ) => a.iter().any(|x| c.contains(x)),
                        (Shape::Centre, Shape::Sector { ring, .. })
                        | (Shape::Sector { ring, .. }, Shape::Centre) => ring == 1,
                        (
                            Shape::Sector {
                                ring: r1,
                                start: s1,
                                end: e1,
                                ..
                            },
                            Shape::Sector {
                                ring: r2,
                                start: s2,
                                end: e2,
                                ..
                            },
                        ) => {
                            let (s1, e1, s2, e2) = (s1 as i32, e1 as i32, s2 as i32, e2 as i32);
                            r1.abs_diff(r2) <= 1 && meets(s1, e1, s2, e2)
                        }
                        _ => false,
                    };
                    assert_eq!(b.adjacent(f).contains(g), touch, "{k} {f} {g}");
                }
            }
        }
    }

    #[test]
    fn triangle_inner_field_has_twelve_neighbours_three_links() {
        let b = BoardKind::Tri16.board();
        let f = b.field("8.7").unwrap();
        assert_eq!(b.adjacent(f).count(), 12);
        assert_eq!(b.linked(f).count(), 3);
        // Along the boundary of the up triangle 8.8: edge neighbour 8.9,
        // then the three at the apex, edge neighbour 8.7, the three at the
        // bottom-left corner, edge neighbour 9.9, the three at bottom-right.
        let g = b.field("8.8").unwrap();
        let names: Vec<&str> = b.around(g).iter().map(|&x| b.name(x as usize)).collect();
        assert_eq!(
            names,
            [
                "8.9", "7.8", "7.7", "7.6", "8.7", "8.6", "9.7", "9.8", "9.9", "9.10", "9.11",
                "8.10"
            ]
        );
        assert_eq!(b.adjacent(b.field("0.0").unwrap()).count(), 3);
    }

    #[test]
    fn disc_links_use_forty_percent_exactly() {
        let b = BoardKind::Disc10.board();
        let f = |n: &str| b.field(n).unwrap();
        // Ring 4 (6 fields @0) and ring 5 (15 @6): 5.0 = [6,30] lies inside
        // 4.0 = [0,60]: 24/60 = 40 % exactly.
        assert!(b.linked(f("5.0")).contains(f("4.0")));
        // 5.2 = [54,78] and 4.1 = [60,120]: 75 % / 30 %.
        assert!(b.adjacent(f("5.2")).contains(f("4.1")));
        assert!(!b.linked(f("5.2")).contains(f("4.1")));
        // The centre is adjacent to ring 1, linked to nothing.
        assert_eq!(b.adjacent(0).count(), 3);
        assert!(b.linked(0).is_empty());
        // A ring of 3: each field adjacent and linked to both others.
        assert!(b.linked(f("1.0")).contains(f("1.1")) && b.linked(f("1.0")).contains(f("1.2")));
    }

    #[test]
    fn ring_two_order_is_along_the_boundary() {
        let b = BoardKind::Disc10.board();
        let m = b.field("2.0").unwrap(); // [60, 180]
        let names: Vec<&str> = b.around(m).iter().map(|&x| b.name(x as usize)).collect();
        assert_eq!(names, ["2.1", "1.1", "1.0", "2.2", "3.0", "3.1", "3.2"]);
    }

    /// On triangles the wall clause of the reach rule never decides: every
    /// field around a stone with two or more links touches one of the
    /// linked fields, so "not between two" forbids it already.
    #[test]
    fn triangle_walls_are_subsumed_by_not_between_two() {
        let b = BoardKind::Tri16.board();
        for m in 0..b.len() {
            let links: Vec<usize> = b.linked(m).iter().collect();
            for (i, &w1) in links.iter().enumerate() {
                for &w2 in &links[i + 1..] {
                    for &g in b.around(m) {
                        let g = g as usize;
                        if g != w1 && g != w2 {
                            assert!(b.adjacent(g).contains(w1) || b.adjacent(g).contains(w2));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn bad_names() {
        let d = BoardKind::Disc10.board();
        for bad in [
            "", "1", "1.3", "0.1", "04.2", "+4.2", "4.-1", "11.0", "4.2.1", " 4.2",
        ] {
            assert_eq!(d.field(bad), None, "{bad:?}");
        }
        let t = BoardKind::Tri8.board();
        for bad in ["0.1", "8.0", "3.7", "1.3"] {
            assert_eq!(t.field(bad), None, "{bad:?}");
        }
    }
}
