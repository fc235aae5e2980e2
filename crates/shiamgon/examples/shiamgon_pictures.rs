//! Draws the pictures of `docs/rules/shiamgon.md`:
//! `cargo run -p kyoku-shiamgon --example shiamgon_pictures` (writes into
//! `docs/rules/` of the workspace). The diagrams of strips of rings are
//! laid on the real boards exactly as the tests read them. The stones are
//! drawn in the colours of the browser's board (see [`BOARD_COLOURS`]).

use kyoku_core::Position as _;
use kyoku_shiamgon::svg::{COLOUR_NAMES, COLOURS, RenderOptions, render};
use kyoku_shiamgon::{Bits, BoardKind, Position};

#[path = "../tests/diagrams/mod.rs"]
mod diagrams;
use diagrams::{CLUSTERS, FIFTEEN_SIX, FIVE_RINGS, WALLS};

/// The player colours of the browser's board and the names the rules page
/// gives them (Okabe–Ito, which stay apart for the common colour vision
/// deficiencies). The engine's drawing has a palette of its own, so each
/// picture is recoloured to show the stones as players see them.
const BOARD_COLOURS: [(&str, &str); 5] = [
    ("#d55e00", "orange"),
    ("#0072b2", "blue"),
    ("#009e73", "green"),
    ("#f0e442", "yellow"),
    ("#cc79a7", "pink"),
];

/// `svg` with the engine's player colours and colour names replaced by the
/// board's.
fn recolour(mut svg: String) -> String {
    for (i, (colour, name)) in BOARD_COLOURS.iter().enumerate() {
        svg = svg.replace(COLOURS[i], colour);
        svg = svg.replace(&format!("({})", COLOUR_NAMES[i]), &format!("({name})"));
    }
    svg
}

/// The marks of a diagram on disc10: (character, field).
fn marks(diagram: &[&str], rings: &[usize], base: i32) -> Vec<(char, usize)> {
    let b = BoardKind::Disc10.board();
    let mut v = Vec::new();
    for (line, &ring) in diagram.iter().zip(rings) {
        for (col, ch) in line.chars().enumerate() {
            if ch != ' ' && ch != '|' {
                v.push((ch, b.ring_field_at(ring, base + 3 * col as i32, true)));
            }
        }
    }
    v
}

fn write(dir: &std::path::Path, name: &str, svg: String) {
    let path = dir.join(name);
    std::fs::write(&path, recolour(svg)).expect("write picture");
    println!("wrote {}", path.display());
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules");
    let upper_half = Some((-11.2, -11.2, 22.4, 11.8));

    for (kind, players) in [
        (BoardKind::Tri8, 3),
        (BoardKind::Tri16, 3),
        (BoardKind::Disc5, 3),
        (BoardKind::Disc5, 4),
        (BoardKind::Disc5, 5),
        (BoardKind::Disc10, 3),
        (BoardKind::Disc10, 4),
        (BoardKind::Disc10, 5),
    ] {
        let pos = Position::start(kind, players).unwrap();
        let opts = RenderOptions {
            title: Some(format!("{kind}, {players} players: the start")),
            ..Default::default()
        };
        write(
            &dir,
            &format!("shiamgon-start-{kind}-{players}.svg"),
            render(&pos, &opts),
        );
    }

    // Field names.
    for kind in [BoardKind::Tri8, BoardKind::Disc5, BoardKind::Disc10] {
        let pos = Position::from_stones(kind, 3, &[], 0);
        let opts = RenderOptions {
            field_names: true,
            legend: false,
            scale: if kind == BoardKind::Disc10 { 70.0 } else { 0.0 },
            title: Some(format!("{kind}: field names")),
            ..Default::default()
        };
        write(
            &dir,
            &format!("shiamgon-names-{kind}.svg"),
            render(&pos, &opts),
        );
    }

    // The wall diagram: player 2 holds every #, player 1 the x; player 1's
    // legal placements highlighted — y among them.
    let m = marks(&WALLS, &FIVE_RINGS, 15);
    let hashes: Vec<usize> = m
        .iter()
        .filter(|(c, _)| *c == '#')
        .map(|&(_, f)| f)
        .collect();
    let x = m.iter().find(|(c, _)| *c == 'x').unwrap().1;
    let y = m.iter().find(|(c, _)| *c == 'y').unwrap().1;
    let labels = vec![(x, "x".to_string()), (y, "y".to_string())];
    let pos = Position::from_stones(BoardKind::Disc10, 3, &[vec![x], hashes.clone()], 0);
    let opts = RenderOptions {
        labels: labels.clone(),
        window: upper_half,
        scale: 40.0,
        highlight: true,
        title: Some("Walls (strips at 15°): from x, orange may place on y".into()),
        ..Default::default()
    };
    write(&dir, "shiamgon-walls.svg", render(&pos, &opts));
    let pos = Position::from_stones(BoardKind::Disc10, 3, &[vec![y], hashes], 0);
    let opts = RenderOptions {
        title: Some("…but from y not on x: x touches two blue stones".into()),
        ..opts
    };
    write(&dir, "shiamgon-walls-from-y.svg", render(&pos, &opts));

    // The 15/6 diagram at 0°.
    let m = marks(&FIFTEEN_SIX, &[5, 4], 0);
    let stones: Vec<usize> = m.iter().map(|&(_, f)| f).collect();
    let pos = Position::from_stones(BoardKind::Disc10, 3, &[vec![], stones], 0);
    let opts = RenderOptions {
        labels: m.iter().map(|&(c, f)| (f, c.to_string())).collect(),
        window: Some((-6.3, -6.3, 12.6, 12.6)),
        scale: 60.0,
        title: Some("Rings of 15 and 6 (strips at 0°): A–B and E–F walls, C–D not".into()),
        ..Default::default()
    };
    write(&dir, "shiamgon-fifteen-six.svg", render(&pos, &opts));

    // The cluster diagram: one player's stones, each cluster tinted alike
    // is not possible in one colour, so the letters tell them apart.
    let m = marks(&CLUSTERS, &FIVE_RINGS, 15);
    let stones: Vec<usize> = m.iter().map(|&(_, f)| f).collect();
    let pos = Position::from_stones(BoardKind::Disc10, 3, &[vec![], stones], 0);
    let labels = m
        .iter()
        .filter(|(c, _)| *c != '#')
        .map(|&(c, f)| (f, c.to_string()))
        .collect();
    let opts = RenderOptions {
        labels,
        window: upper_half,
        scale: 40.0,
        title: Some("Clusters (strips at 15°)".into()),
        ..Default::default()
    };
    write(&dir, "shiamgon-clusters.svg", render(&pos, &opts));

    // A walled ring: disc10 ring 2 held by blue; orange on ring 1 cannot
    // reach ring 3 across it.
    let b = BoardKind::Disc10.board();
    let f = |n: &str| b.field(n).unwrap();
    let pos = Position::from_stones(
        BoardKind::Disc10,
        3,
        &[vec![f("1.0")], vec![f("2.0"), f("2.1"), f("2.2")]],
        0,
    );
    let opts = RenderOptions {
        highlight: true,
        window: Some((-4.3, -4.3, 8.6, 8.6)),
        scale: 70.0,
        field_names: true,
        title: Some("A walled ring cannot be crossed".into()),
        ..Default::default()
    };
    write(&dir, "shiamgon-walled-ring.svg", render(&pos, &opts));

    // A push: orange places 0.0 next to blue's 1.0, which must go to 2.2.
    let t = BoardKind::Tri8.board();
    let g = |n: &str| t.field(n).unwrap();
    let mut pos = Position::from_stones(
        BoardKind::Tri8,
        3,
        &[
            vec![g("1.2")],
            vec![g("1.0")],
            vec![g("2.0"), g("2.1"), g("2.3")],
        ],
        0,
    );
    pos.play(pos.parse_move("0.0").unwrap()).unwrap();
    let opts = RenderOptions {
        highlight: true,
        field_names: true,
        window: Some((-2.6, -0.2, 5.2, 3.9)),
        scale: 90.0,
        title: Some("A push: blue must move 1.0 away from orange's 0.0".into()),
        ..Default::default()
    };
    write(&dir, "shiamgon-push.svg", render(&pos, &opts));

    // An encirclement: orange's 1.2 closes the ring around blue's apex and
    // green's 1.1 at once.
    let mut pos = Position::from_stones(
        BoardKind::Tri8,
        3,
        &[
            ["1.0", "2.0", "2.1", "2.2", "2.3", "2.4"].map(g).to_vec(),
            vec![g("0.0")],
            vec![g("1.1")],
        ],
        0,
    );
    let before = render(
        &pos,
        &RenderOptions {
            field_names: true,
            window: Some((-2.6, -0.2, 5.2, 3.9)),
            scale: 90.0,
            tinted: Bits::single(g("1.2")),
            title: Some("Before: orange to place on 1.2 (tinted)".into()),
            ..Default::default()
        },
    );
    write(&dir, "shiamgon-encircle-before.svg", before);
    pos.play(pos.parse_move("1.2").unwrap()).unwrap();
    let after = render(
        &pos,
        &RenderOptions {
            field_names: true,
            window: Some((-2.6, -0.2, 5.2, 3.9)),
            scale: 90.0,
            title: Some("After: both encircled clusters taken, orange holds 2 prisoners".into()),
            ..Default::default()
        },
    );
    write(&dir, "shiamgon-encircle-after.svg", after);
}
