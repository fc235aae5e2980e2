//! Every "check from the text" of the ruling, on the real `disc10` board:
//! the text's ASCII diagrams are read column by column (3° a column) and
//! laid on the board — the five-ring diagrams (rings 10 … 6 from the top
//! line) starting at 15°, the 15/6 diagram (rings 5 and 4) at 0°.

use kyoku_core::{Player, Position as _};
use kyoku_shiamgon::{Bits, BoardKind, Move, Position};

mod diagrams;
use diagrams::{CLUSTERS, FIFTEEN_SIX, FIVE_RINGS, WALLS};

/// A mark of a diagram: its character, column, and the field under it.
#[derive(Debug, Clone, Copy)]
struct Mark {
    ch: char,
    col: usize,
    field: usize,
}

/// Reads a diagram laid on `disc10` with its first column at `base`
/// degrees; checks that every `|` is a field boundary of its ring and
/// every boundary inside the drawn span is a `|`.
fn read(diagram: &[&str], rings: &[usize], base: i32) -> Vec<Mark> {
    let b = BoardKind::Disc10.board();
    let mut marks = Vec::new();
    for (line, &ring) in diagram.iter().zip(rings) {
        let chars: Vec<char> = line.chars().collect();
        let first = chars.iter().position(|&c| c == '|').unwrap();
        let last = chars.iter().rposition(|&c| c == '|').unwrap();
        for (col, &ch) in chars.iter().enumerate() {
            let angle = base + 3 * col as i32;
            let boundary =
                b.ring_field_at(ring, angle, true) != b.ring_field_at(ring, angle, false);
            if (first..=last).contains(&col) {
                assert_eq!(
                    ch == '|',
                    boundary,
                    "ring {ring}, column {col} ({angle}°): {ch:?} against the board"
                );
            }
            if ch != '|' && ch != ' ' {
                marks.push(Mark {
                    ch,
                    col,
                    field: b.ring_field_at(ring, angle, true),
                });
            }
        }
    }
    marks
}

fn fields(marks: &[Mark], pick: impl Fn(&Mark) -> bool) -> Vec<usize> {
    marks.iter().filter(|m| pick(m)).map(|m| m.field).collect()
}

fn names(fs: &[usize]) -> Vec<String> {
    let b = BoardKind::Disc10.board();
    fs.iter().map(|&f| b.name(f).to_string()).collect()
}

/// The clusters the stones `fs` of one player form.
fn clusters_of(fs: &[usize]) -> Vec<Vec<String>> {
    let pos = Position::from_stones(BoardKind::Disc10, 3, &[vec![], fs.to_vec()], 0);
    let mut v: Vec<Vec<String>> = pos
        .clusters(Player::new(1))
        .into_iter()
        .map(|c| names(&c.iter().collect::<Vec<_>>()))
        .collect();
    v.sort();
    v
}

#[test]
fn diagrams_sit_on_the_board_as_the_ruling_says() {
    read(&WALLS, &FIVE_RINGS, 15);
    read(&CLUSTERS, &FIVE_RINGS, 15);
    read(&FIFTEEN_SIX, &[5, 4], 0);
}

#[test]
fn wall_diagram_left_and_right_walls_are_continuous() {
    let m = read(&WALLS, &FIVE_RINGS, 15);
    let left = fields(&m, |m| m.ch == '#' && m.col < 8);
    let right = fields(&m, |m| m.ch == '#' && m.col >= 22);
    assert_eq!(left.len(), 5);
    assert_eq!(right.len(), 10);
    assert_eq!(clusters_of(&left).len(), 1, "{:?}", clusters_of(&left));
    assert_eq!(clusters_of(&right).len(), 1, "{:?}", clusters_of(&right));
}

#[test]
fn wall_diagram_middle_wall_breaks_at_each_halving() {
    let b = BoardKind::Disc10.board();
    let m = read(&WALLS, &FIVE_RINGS, 15);
    let mid = fields(&m, |m| m.ch == '#' && (8..22).contains(&m.col));
    // Top to bottom: rings 10, 9, 8, 7, 6.
    assert_eq!(names(&mid), ["10.9", "9.8", "8.4", "7.5", "6.2"]);
    let linked = |i: usize, j: usize| b.linked(mid[i]).contains(mid[j]);
    let adjacent = |i: usize, j: usize| b.adjacent(mid[i]).contains(mid[j]);
    assert!(linked(0, 1), "60 → 60: wall");
    assert!(
        adjacent(1, 2) && !linked(1, 2),
        "60 → 30: broken (a quarter)"
    );
    assert!(linked(2, 3), "30 → 30: wall");
    assert!(
        adjacent(3, 4) && !linked(3, 4),
        "30 → 15: broken (a quarter)"
    );
    assert_eq!(
        clusters_of(&mid),
        [vec!["6.2"], vec!["7.5", "8.4"], vec!["9.8", "10.9"]]
    );
}

/// Player 2 holds every `#`, player 1 the stone given; player 1 to place.
fn xy_position(own: usize, marks: &[Mark]) -> Position {
    let hashes = fields(marks, |m| m.ch == '#');
    Position::from_stones(BoardKind::Disc10, 3, &[vec![own], hashes], 0)
}

#[test]
fn wall_diagram_from_x_a_stone_may_go_on_y() {
    let m = read(&WALLS, &FIVE_RINGS, 15);
    let x = fields(&m, |m| m.ch == 'x')[0];
    let y = fields(&m, |m| m.ch == 'y')[0];
    assert_eq!(names(&[x, y]), ["8.3", "9.10"]);
    let pos = xy_position(x, &m);
    // The only field between x and y is the middle wall's ring-8 stone,
    // linked to one blue stone only (7.5): the end of a wall, passable.
    let b = BoardKind::Disc10.board();
    let between: Vec<usize> = (b.adjacent(x) & b.adjacent(y)).iter().collect();
    assert_eq!(names(&between), ["8.4"]);
    let blue = pos.stones(Player::new(1));
    assert_eq!(
        names(&(b.linked(between[0]) & blue).iter().collect::<Vec<_>>()),
        ["7.5"]
    );
    assert!(pos.legal_placements(Player::new(0)).contains(y));
    let mut after = pos.clone();
    after.play(Move::to(y)).unwrap();
    // y touches the middle wall's ring-8 stone, which must be pushed.
    let (who, stone, from) = after.pending_push().unwrap();
    assert_eq!(
        (who, names(&[stone, from])),
        (Player::new(1), vec!["8.4".to_string(), "9.10".to_string()])
    );
}

#[test]
fn wall_diagram_from_y_x_is_not_allowed() {
    let m = read(&WALLS, &FIVE_RINGS, 15);
    let x = fields(&m, |m| m.ch == 'x')[0];
    let y = fields(&m, |m| m.ch == 'y')[0];
    let pos = xy_position(y, &m);
    assert!(!pos.legal_placements(Player::new(0)).contains(x));
    let b = BoardKind::Disc10.board();
    // x touches two stones of player 2: the ends of the broken wall.
    let p2 = pos.stones(Player::new(1));
    assert_eq!(
        names(&(b.adjacent(x) & p2).iter().collect::<Vec<_>>()),
        ["8.4", "9.8"]
    );
    let err = pos.parse_move("8.3").unwrap_err().to_string();
    assert!(err.contains("two stones of one opponent"), "{err}");
}

#[test]
fn fifteen_six_diagram_ab_and_ef_are_walls_cd_is_not() {
    let b = BoardKind::Disc10.board();
    let m = read(&FIFTEEN_SIX, &[5, 4], 0);
    let f = |c: char| m.iter().find(|m| m.ch == c).unwrap().field;
    assert_eq!(
        names(&"ABCDEF".chars().map(f).collect::<Vec<_>>()),
        ["5.0", "4.0", "5.2", "4.1", "5.8", "4.3"]
    );
    assert!(b.linked(f('A')).contains(f('B')));
    assert!(b.linked(f('E')).contains(f('F')));
    assert!(b.adjacent(f('C')).contains(f('D')) && !b.linked(f('C')).contains(f('D')));
    assert!(b.adjacent(f('C')).contains(f('B')) && !b.linked(f('C')).contains(f('B')));
    // The percentages of the text: A gives 100 % of its edge and B 40 %;
    // C gives 75 %, D only 30 %.
    let share = |a: char, z: char| {
        let (
            kyoku_shiamgon::Shape::Sector {
                start: s1, end: e1, ..
            },
            kyoku_shiamgon::Shape::Sector {
                start: s2, end: e2, ..
            },
        ) = (b.shape(f(a)), b.shape(f(z)))
        else {
            panic!()
        };
        let o = (e1.min(e2) as i32 - s1.max(s2) as i32).max(0);
        (100 * o / (e1 - s1) as i32, 100 * o / (e2 - s2) as i32)
    };
    assert_eq!(share('A', 'B'), (100, 40));
    assert_eq!(share('E', 'F'), (100, 40));
    assert_eq!(share('C', 'D'), (75, 30));
}

#[test]
fn cluster_diagram_x_y_z_and_the_left_group() {
    let b = BoardKind::Disc10.board();
    let m = read(&CLUSTERS, &FIVE_RINGS, 15);
    let xs = fields(&m, |m| m.ch == 'X');
    let ys = fields(&m, |m| m.ch == 'Y');
    let z = fields(&m, |m| m.ch == 'Z')[0];
    let left = fields(&m, |m| m.ch == '#' && m.col < 12);
    assert_eq!(clusters_of(&xs).len(), 1);
    assert_eq!(clusters_of(&ys).len(), 1);
    assert_eq!(clusters_of(&left).len(), 1);
    // All marks as one player's stones: X and Y stay two clusters, though
    // adjacent; Z is linked to nothing.
    let all: Vec<usize> = m.iter().map(|m| m.field).collect();
    let cl = clusters_of(&all);
    let zname = b.name(z).to_string();
    assert!(cl.contains(&vec![zname]));
    let xy_adjacent = xs
        .iter()
        .any(|&a| ys.iter().any(|&c| b.adjacent(a).contains(c)));
    let xy_linked = xs
        .iter()
        .any(|&a| ys.iter().any(|&c| b.linked(a).contains(c)));
    assert!(xy_adjacent && !xy_linked);
    assert!((b.linked(z) & all.iter().copied().collect::<Bits>()).is_empty());
    assert!(cl.contains(&names(&{
        let mut v = xs.clone();
        v.sort();
        v
    })));
}

#[test]
fn cluster_diagram_right_group_is_one_cluster() {
    let b = BoardKind::Disc10.board();
    let m = read(&CLUSTERS, &FIVE_RINGS, 15);
    let right = fields(&m, |m| m.ch == '#' && m.col >= 20);
    assert_eq!(names(&right), ["10.14", "10.15", "9.15", "8.7", "7.7"]);
    assert_eq!(clusters_of(&right).len(), 1);
    // The joint between rings 9 and 8 holds because 9.15 (93°–99°) lies
    // inside 8.7 (90°–102°): 6° of 12° = 50 %.
    let (r9, r8) = (b.field("9.15").unwrap(), b.field("8.7").unwrap());
    assert!(b.linked(r9).contains(r8));
}

#[test]
fn start_diagrams_match_the_start_positions() {
    // disc10: " | |#| | |#| |" over "|#| | |#| | |#|" is player 1's start
    // around 0° (the diagram's first column at 357°).
    let m = read(&[" | |#| | |#| |", "|#| | |#| | |#|"], &[10, 9], 357);
    let start = Position::start(BoardKind::Disc10, 3).unwrap();
    let own = start.stones(Player::new(0));
    for mk in &m {
        assert!(own.contains(mk.field), "{:?}", mk);
    }
    assert_eq!(m.len(), 5);
    // disc5: outer ring every fourth field, inner every second, at 351°.
    let b5 = BoardKind::Disc5.board();
    let diagram = ["| | | |#| | | |#| | | |", " | # |   | # |   | # |"];
    let start = Position::start(BoardKind::Disc5, 3).unwrap();
    let own = start.stones(Player::new(0));
    let mut n = 0;
    for (line, ring) in diagram.iter().zip([5, 4]) {
        for (col, ch) in line.chars().enumerate() {
            let angle = 351 + 3 * col as i32;
            let boundary =
                b5.ring_field_at(ring, angle, true) != b5.ring_field_at(ring, angle, false);
            assert_eq!(ch == '|', boundary, "disc5 ring {ring} col {col}");
            if ch == '#' {
                assert!(own.contains(b5.ring_field_at(ring, angle, true)));
                n += 1;
            }
        }
    }
    assert_eq!(n, 5);
    // Triangles: the corner's up-pointing fields, rows of 1, 2, 3.
    let t = Position::start(BoardKind::Tri8, 3).unwrap();
    let tb = BoardKind::Tri8.board();
    let names: Vec<&str> = t
        .stones(Player::new(0))
        .iter()
        .map(|f| tb.name(f))
        .collect();
    assert_eq!(names, ["0.0", "1.0", "1.2", "2.0", "2.2", "2.4"]);
}

#[test]
fn a_fully_walled_ring_cannot_be_crossed() {
    // disc10 ring 2 (three 120° fields) held by player 2: each stone is
    // linked to both others. Player 1 on ring 1 cannot reach ring 3
    // across it, though every ring-3 field is two fields away.
    let b = BoardKind::Disc10.board();
    let f = |n: &str| b.field(n).unwrap();
    let pos = Position::from_stones(
        BoardKind::Disc10,
        3,
        &[vec![f("1.0")], vec![f("2.0"), f("2.1"), f("2.2")]],
        0,
    );
    let ring3: Bits = (0..b.len())
        .filter(|&g| b.name(g).starts_with("3."))
        .collect();
    assert!((pos.legal_placements(Player::new(0)) & ring3).is_empty());
    // With one stone of the ring gone, the wall has ends and can be passed.
    let open = Position::from_stones(
        BoardKind::Disc10,
        3,
        &[vec![f("1.0")], vec![f("2.0"), f("2.1")]],
        0,
    );
    assert!(!(open.legal_placements(Player::new(0)) & ring3).is_empty());
}
