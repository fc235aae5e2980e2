//! SVG pictures of positions: every field true to its shape, stones in
//! player colours, a legend with prisoners and scores, and optionally the
//! legal moves of whoever acts. Used by `kyoku render`, the rules document
//! and the browser UI (fields carry `data-field` attributes for clicks).

use std::f64::consts::PI;
use std::fmt::Write;

use kyoku_core::{Decision, Player, ToAct};

use crate::bits::Bits;
use crate::board::{Board, Field, Shape};
use crate::position::Position;

/// Player colours, player 1 first: distinct in hue and lightness.
pub const COLOURS: [&str; 5] = ["#d62839", "#1f5fbf", "#2a9d3f", "#f2a900", "#7b3fa0"];

/// Colour names for legends and text.
pub const COLOUR_NAMES: [&str; 5] = ["red", "blue", "green", "yellow", "purple"];

/// What to draw besides the board and stones.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    /// Mark the legal moves of the player to act.
    pub highlight: bool,
    /// Write every field's name into it.
    pub field_names: bool,
    /// Extra text in fields (diagram letters), drawn over stones.
    pub labels: Vec<(Field, String)>,
    /// Fields to tint (e.g. to show a group).
    pub tinted: Bits,
    /// A title above the board.
    pub title: Option<String>,
    /// Draw the legend (players, prisoners, scores).
    pub legend: bool,
    /// Pixels per board unit (a disc ring is 1 unit wide, a triangle side 1).
    pub scale: f64,
    /// Only this part of the board, in board units `(x, y, width, height)`
    /// with y downwards (disc centre at 0,0; triangle apex at 0,0).
    pub window: Option<(f64, f64, f64, f64)>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            highlight: false,
            field_names: false,
            labels: Vec::new(),
            tinted: Bits::EMPTY,
            title: None,
            legend: true,
            scale: 0.0,
            window: None,
        }
    }
}

/// The drawing plane of a board: board units, y downwards.
fn extent(board: &Board) -> (f64, f64, f64, f64) {
    if board.kind().is_triangle() {
        let n = board.side() as f64;
        (-n / 2.0, 0.0, n, n * 3f64.sqrt() / 2.0)
    } else {
        let r = board.rings() as f64 + 1.0;
        (-r, -r, 2.0 * r, 2.0 * r)
    }
}

fn polar(r: f64, deg: f64) -> (f64, f64) {
    let a = deg * PI / 180.0;
    (r * a.cos(), -r * a.sin())
}

fn lattice(row: u8, k: u8) -> (f64, f64) {
    (k as f64 - row as f64 / 2.0, row as f64 * 3f64.sqrt() / 2.0)
}

/// The outline of field `f` as SVG path data, in board units.
pub fn field_path(board: &Board, f: Field) -> String {
    match board.shape(f) {
        Shape::Triangle { corners, .. } => {
            let p: Vec<(f64, f64)> = corners.iter().map(|&(r, k)| lattice(r, k)).collect();
            format!(
                "M{:.4} {:.4}L{:.4} {:.4}L{:.4} {:.4}Z",
                p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1
            )
        }
        Shape::Centre => "M1 0A1 1 0 1 0 -1 0A1 1 0 1 0 1 0Z".to_string(),
        Shape::Sector {
            ring, start, end, ..
        } => {
            let (r0, r1) = (ring as f64, ring as f64 + 1.0);
            let (a, b) = (start as f64, end as f64);
            let large = if end - start > 180 { 1 } else { 0 };
            let (x0, y0) = polar(r0, a);
            let (x1, y1) = polar(r1, a);
            let (x2, y2) = polar(r1, b);
            let (x3, y3) = polar(r0, b);
            // Increasing angle is counterclockwise on screen: sweep flag 0.
            format!(
                "M{x0:.4} {y0:.4}L{x1:.4} {y1:.4}A{r1} {r1} 0 {large} 0 {x2:.4} {y2:.4}L{x3:.4} {y3:.4}A{r0} {r0} 0 {large} 1 {x0:.4} {y0:.4}Z"
            )
        }
    }
}

/// Where a stone on `f` sits, and how large it may be (board units).
pub fn field_centre(board: &Board, f: Field) -> (f64, f64, f64) {
    match board.shape(f) {
        Shape::Triangle { corners, .. } => {
            let (mut x, mut y) = (0.0, 0.0);
            for &(r, k) in &corners {
                let (px, py) = lattice(r, k);
                x += px / 3.0;
                y += py / 3.0;
            }
            (x, y, 0.2)
        }
        Shape::Centre => (0.0, 0.0, 0.38),
        Shape::Sector {
            ring, start, end, ..
        } => {
            let r = ring as f64 + 0.5;
            let (x, y) = polar(r, (start as f64 + end as f64) / 2.0);
            let half_arc = r * ((end - start) as f64 * PI / 360.0).sin();
            (x, y, 0.36f64.min(0.8 * half_arc))
        }
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Draws `pos` as a complete SVG document.
pub fn render(pos: &Position, opts: &RenderOptions) -> String {
    let board = pos.board();
    let (bx, by, bw, bh) = opts.window.unwrap_or_else(|| extent(board));
    let scale = if opts.scale > 0.0 {
        opts.scale
    } else {
        // About 640 pixels across the board.
        640.0 / bw.max(bh)
    };
    let pad = 12.0;
    let title_h = if opts.title.is_some() { 30.0 } else { 0.0 };
    let legend_w = if opts.legend { 340.0 } else { 0.0 };
    let (w_px, h_px) = (bw * scale, bh * scale);
    let legend_h = if opts.legend {
        40.0 + 24.0 * pos.players() as f64 + 60.0
    } else {
        0.0
    };
    let width = w_px + 2.0 * pad + legend_w;
    let height = (h_px + title_h).max(legend_h + title_h) + 2.0 * pad;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" text-rendering="geometricPrecision">
<rect width="100%" height="100%" fill="#fbf8f0"/>
"##
    );
    if let Some(t) = &opts.title {
        let _ = writeln!(
            s,
            r##"<text x="{pad}" y="{:.1}" font-size="18" fill="#222">{}</text>"##,
            pad + 18.0,
            esc(t)
        );
    }
    // The board, in board units.
    let _ = writeln!(
        s,
        r##"<svg x="{pad}" y="{:.1}" width="{w_px:.1}" height="{h_px:.1}" viewBox="{bx} {by} {bw} {bh}" overflow="hidden">"##,
        pad + title_h
    );
    let stroke = 1.2 / scale;
    let to_act = pos_to_act(pos);
    let legal = if opts.highlight {
        pos.legal_fields()
    } else {
        Bits::EMPTY
    };
    let hl_colour = to_act.map(|p| COLOURS[p.index()]).unwrap_or("#888");
    for f in 0..board.len() {
        let fill = if opts.tinted.contains(f) {
            "#efd9a8"
        } else {
            "#f3ead6"
        };
        let _ = writeln!(
            s,
            r##"<path d="{}" fill="{fill}" stroke="#6b5a3a" stroke-width="{stroke:.4}" data-field="{}"/>"##,
            field_path(board, f),
            board.name(f)
        );
    }
    for f in legal.iter() {
        let (x, y, r) = field_centre(board, f);
        let _ = writeln!(
            s,
            r##"<circle cx="{x:.4}" cy="{y:.4}" r="{:.4}" fill="{hl_colour}" fill-opacity="0.35" stroke="{hl_colour}" stroke-width="{:.4}" stroke-dasharray="{:.4}" data-move="{}"/>"##,
            r * 0.55,
            stroke * 1.5,
            r * 0.3,
            board.name(f)
        );
    }
    let pushed = pos.pending_push();
    for (p, colour) in COLOURS.iter().enumerate().take(pos.players()) {
        for f in pos.stones(Player::new(p)).iter() {
            let (x, y, r) = field_centre(board, f);
            let ring = match pushed {
                Some((_, q, _)) if q == f => format!(
                    r##" stroke="#000" stroke-width="{:.4}" stroke-dasharray="{:.4}""##,
                    stroke * 3.0,
                    r * 0.4
                ),
                Some((_, _, t)) if t == f => {
                    format!(r##" stroke="#000" stroke-width="{:.4}""##, stroke * 3.0)
                }
                _ => format!(r##" stroke="#222" stroke-width="{:.4}""##, stroke),
            };
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.4}" cy="{y:.4}" r="{r:.4}" fill="{colour}"{ring} data-player="{}"/>"##,
                p + 1
            );
        }
    }
    s.push_str("</svg>\n");
    // Text goes in pixel space: fonts of a fraction of a board unit render
    // badly when scaled up.
    let to_px = |x: f64, y: f64| (pad + (x - bx) * scale, pad + title_h + (y - by) * scale);
    let inside = |x: f64, y: f64| x >= bx && x <= bx + bw && y >= by && y <= by + bh;
    if opts.field_names {
        for f in 0..board.len() {
            let (x, y, r) = field_centre(board, f);
            if !inside(x, y) {
                continue;
            }
            let (px, py) = to_px(x, y);
            let fs = (r * 0.6 * scale).clamp(6.0, 14.0);
            let colour = if pos.occupied().contains(f) {
                "#fff"
            } else {
                "#5a4a2a"
            };
            let _ = writeln!(
                s,
                r##"<text x="{px:.1}" y="{:.1}" font-size="{fs:.1}" text-anchor="middle" fill="{colour}">{}</text>"##,
                py + fs * 0.35,
                board.name(f)
            );
        }
    }
    for (f, label) in &opts.labels {
        let (x, y, r) = field_centre(board, *f);
        if !inside(x, y) {
            continue;
        }
        let (px, py) = to_px(x, y);
        let fs = (r * 1.3 * scale).max(8.0);
        let colour = if pos.occupied().contains(*f) {
            "#fff"
        } else {
            "#111"
        };
        let _ = writeln!(
            s,
            r##"<text x="{px:.1}" y="{:.1}" font-size="{fs:.1}" font-weight="bold" text-anchor="middle" fill="{colour}">{}</text>"##,
            py + fs * 0.36,
            esc(label)
        );
    }
    if opts.legend {
        legend(&mut s, pos, w_px + 2.0 * pad, pad + title_h);
    }
    s.push_str("</svg>\n");
    s
}

fn pos_to_act(pos: &Position) -> Option<Player> {
    match kyoku_core::Position::to_act(pos) {
        ToAct::Player(p, _) => Some(p),
        _ => None,
    }
}

fn legend(s: &mut String, pos: &Position, x: f64, y: f64) {
    let scores = pos.scores();
    let to_act = kyoku_core::Position::to_act(pos);
    let _ = writeln!(
        s,
        r##"<text x="{x:.1}" y="{:.1}" font-size="13" fill="#222">{} · {} players · {} placements</text>"##,
        y + 14.0,
        pos.board().kind(),
        pos.players(),
        pos.placements()
    );
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#555">board taken lost score</text>"##,
        x + 96.0,
        y + 36.0
    );
    for p in 0..pos.players() {
        let pl = Player::new(p);
        let yy = y + 56.0 + 24.0 * p as f64;
        let mark = match to_act {
            ToAct::Player(q, Decision::Turn) if q == pl => "◀ to place",
            ToAct::Player(q, Decision::Answer) if q == pl => "◀ to push",
            _ => "",
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="8" fill="{}" stroke="#222" stroke-width="1"/><text x="{:.1}" y="{:.1}" font-size="13" fill="#222">{}</text><text x="{:.1}" y="{:.1}" font-size="13" fill="#222" font-family="DejaVu Sans Mono, monospace">{:>4} {:>5} {:>4} {:>5}</text><text x="{:.1}" y="{:.1}" font-size="11" fill="#222">{mark}</text>"##,
            x + 8.0,
            yy - 4.0,
            COLOURS[p],
            x + 22.0,
            yy,
            format_args!("{} ({})", pl.number(), COLOUR_NAMES[p]),
            x + 96.0,
            yy,
            pos.stones(pl).count(),
            pos.prisoners_taken(pl),
            pos.stones_lost(pl),
            scores[p],
            x + 268.0,
            yy
        );
    }
    let yy = y + 56.0 + 24.0 * pos.players() as f64;
    let status = match kyoku_core::Position::outcome(pos) {
        Some(o) => format!("game over: {}", o.reason),
        None => match pos.pending_push() {
            Some((o, q, t)) => format!(
                "player {o} moves the stone on {} away from {}",
                pos.board().name(q),
                pos.board().name(t)
            ),
            None => String::new(),
        },
    };
    if !status.is_empty() {
        let _ = writeln!(
            s,
            r##"<text x="{x:.1}" y="{yy:.1}" font-size="12" fill="#222">{}</text>"##,
            esc(&status)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardKind;

    #[test]
    fn every_field_is_drawn_once() {
        for kind in BoardKind::ALL {
            let pos = Position::start(kind, 3).unwrap();
            let svg = render(
                &pos,
                &RenderOptions {
                    highlight: true,
                    ..Default::default()
                },
            );
            assert_eq!(svg.matches("data-field=").count(), kind.board().len());
            assert_eq!(svg.matches("data-player=").count(), pos.occupied().count());
            assert_eq!(
                svg.matches("data-move=").count(),
                pos.legal_fields().count()
            );
        }
    }
}
