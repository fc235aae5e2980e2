//! Draws the pictures of `docs/rules/shogun.md`:
//! `cargo run -p kyoku-shogun --example shogun_pictures [-- OUT_DIR]`
//! (default `docs/rules`, run from the workspace root).

use std::fmt::Write as _;

use kyoku_core::Position as _;
use kyoku_shogun::{Color, Options, Piece, Position, Square, magnets, start};

const CELL: i32 = 48;
const MARGIN: i32 = 24;

fn frame(title: &str, body: &str) -> String {
    let size = 8 * CELL + 2 * MARGIN;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{h}" viewBox="0 0 {size} {h}" font-family="sans-serif">
<title>{title}</title>
<rect width="{size}" height="{h}" fill="white"/>
"#,
        h = size + 20
    );
    for i in 0..8 {
        let x = MARGIN + i * CELL + CELL / 2;
        let y = MARGIN + 8 * CELL + 16;
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{y}" font-size="13" text-anchor="middle" fill="#555">{}</text>"##,
            (b'a' + i as u8) as char
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" text-anchor="middle" fill="#555">{}</text>"##,
            MARGIN / 2,
            MARGIN + i * CELL + CELL / 2 + 5,
            8 - i
        );
    }
    s.push_str(body);
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#333">{title}</text>"##,
        size / 2,
        size + 14
    );
    s.push_str("</svg>\n");
    s
}

fn cell(sq: Square) -> (i32, i32) {
    (MARGIN + sq.file() * CELL, MARGIN + (7 - sq.rank()) * CELL)
}

fn board(shade: impl Fn(Square) -> &'static str) -> String {
    let mut s = String::new();
    for i in 0..64 {
        let sq = Square::new(i);
        let (x, y) = cell(sq);
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#888" stroke-width="0.5"/>"##,
            shade(sq)
        );
    }
    // The 16 magnets, one per 2 × 2 block.
    for bx in 0..4 {
        for by in 0..4 {
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#444" stroke-width="1.5"/>"##,
                MARGIN + bx * 2 * CELL,
                MARGIN + by * 2 * CELL,
                2 * CELL,
                2 * CELL
            );
        }
    }
    s
}

fn light(_: Square) -> &'static str {
    "#f4ecd8"
}

/// Arrows for the field orientation of every square (0 = towards rank 8).
fn magnets_svg(rotation: u8) -> String {
    let mut s = board(light);
    for i in 0..64 {
        let sq = Square::new(i);
        let (x, y) = cell(sq);
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        let o = magnets::orientation(rotation, sq);
        let _ = writeln!(
            s,
            r##"<g transform="translate({cx} {cy}) rotate({})"><path d="M0,-15 L7,-3 L2,-3 L2,13 L-2,13 L-2,-3 L-7,-3 Z" fill="#7a4a1e"/></g><text x="{}" y="{}" font-size="10" fill="#7a4a1e">{o}</text>"##,
            o as i32 * 90,
            x + 3,
            y + 11
        );
    }
    frame(
        &format!("Field orientation of every square, rotation {rotation}"),
        &s,
    )
}

/// The number one piece shows on every square.
fn numbers_svg(piece: Piece, rotation: u8) -> String {
    let shade = |sq: Square| match magnets::number(piece, sq, rotation) {
        1 => "#fbf3e0",
        2 => "#f3ddb0",
        3 => "#e8c27f",
        _ => "#d9a24f",
    };
    let mut s = board(shade);
    for i in 0..64 {
        let sq = Square::new(i);
        let (x, y) = cell(sq);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="22" text-anchor="middle" fill="#222">{}</text>"##,
            x + CELL / 2,
            y + CELL / 2 + 8,
            magnets::number(piece, sq, rotation)
        );
    }
    let side = match piece.color() {
        Color::White => "White's",
        Color::Red => "Red's",
    };
    frame(
        &format!("The number {side} soldier {piece} shows on each square, rotation {rotation}"),
        &s,
    )
}

/// The piece colours of the browser's board (fill, outline, ink), so the
/// pictures show the pieces as a player sees them.
fn piece_colours(c: Color) -> (&'static str, &'static str, &'static str) {
    match c {
        Color::White => ("#fffdf5", "#222", "#222"),
        Color::Red => ("#b8341b", "#5a1205", "#fff"),
    }
}

/// The points of the octagon the board draws for a Shogun (radius `r`).
fn octagon(cx: i32, cy: i32, r: f64) -> String {
    (0..8)
        .map(|i| {
            let a = std::f64::consts::PI / 8.0 * (2 * i + 1) as f64;
            format!(
                "{:.1},{:.1}",
                cx as f64 + r * a.cos(),
                cy as f64 + r * a.sin()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A position: each piece with its name and current number; a Shogun of
/// the side to move that is attacked gets the board's red "Shogun!" ring.
fn position_svg(pos: &Position, title: &str) -> String {
    let mut s = board(light);
    let alarm = pos.shogun_threatened(pos.turn());
    for i in 0..64 {
        let sq = Square::new(i);
        let Some(p) = pos.piece_at(sq) else { continue };
        let (x, y) = cell(sq);
        let (fill, outline, ink) = piece_colours(p.color());
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        if p.is_shogun() {
            let _ = writeln!(
                s,
                r##"<polygon points="{}" fill="{fill}" stroke="{outline}" stroke-width="2.5"/>"##,
                octagon(cx, cy, 21.0)
            );
        } else {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="18" fill="{fill}" stroke="{outline}" stroke-width="1.5"/>"##
            );
        }
        let n = pos
            .number_at(sq)
            .map(|n| n.to_string())
            .unwrap_or("?".into());
        let _ = writeln!(
            s,
            r##"<text x="{cx}" y="{}" font-size="18" font-weight="bold" text-anchor="middle" fill="{ink}">{n}</text><text x="{}" y="{}" font-size="10" fill="{ink}">{}</text>"##,
            cy + 6,
            cx + 7,
            cy + 15,
            p.char()
        );
        if alarm && p.is_shogun() && p.color() == pos.turn() {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="23" fill="none" stroke="#c00" stroke-width="4"/><text x="{cx}" y="{}" font-size="10" font-weight="bold" text-anchor="middle" fill="#c00" stroke="#fff" stroke-width="3" paint-order="stroke">Shogun!</text>"##,
                cy + 23
            );
        }
    }
    frame(title, &s)
}

fn main() -> std::io::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/rules".into());
    let write = |name: &str, svg: String| {
        let path = std::path::Path::new(&out).join(name);
        std::fs::write(&path, svg)?;
        println!("wrote {}", path.display());
        Ok::<(), std::io::Error>(())
    };
    write("shogun-magnets.svg", magnets_svg(0))?;
    let c = Piece::from_char('C').expect("C is a piece");
    write("shogun-numbers-C.svg", numbers_svg(c, 0))?;
    let pos = start(&Options::default()).expect("the default start");
    write(
        "shogun-start.svg",
        position_svg(&pos, "The start, rotation 0: every piece with its number"),
    )?;
    let threat =
        Position::from_text("b6s/8/8/8/4a1C1/2B5/8/4S3 w 0 113221 0 1").expect("a valid position");
    write(
        "shogun-threat.svg",
        position_svg(&threat, "Shogun! Red's a (3) attacks e1 through e3 and e2"),
    )?;
    Ok(())
}
