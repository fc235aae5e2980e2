//! Perft counts from `perft.txt`: start positions and mid-game positions
//! with pushes pending. Deep counts above a million nodes are left to the
//! command line (`kyoku perft shiamgon …`).

use kyoku_core::{Position as _, perft};
use kyoku_shiamgon::{BoardKind, Position};

#[test]
fn perft_table() {
    let data = include_str!("perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (what, counts) = line.split_once(" ; ").expect("a ; before the counts");
        let pos = if let Some(rest) = what.strip_prefix("start ") {
            let (b, p) = rest.split_once(' ').unwrap();
            Position::start(BoardKind::parse(b).unwrap(), p.parse().unwrap()).unwrap()
        } else {
            Position::from_text(what.strip_prefix("pos ").unwrap()).unwrap()
        };
        for (d, want) in counts.split_whitespace().enumerate() {
            let want: u64 = want.parse().unwrap();
            if want > 1_000_000 {
                continue;
            }
            assert_eq!(perft(&pos, d as u32 + 1), want, "{what} depth {}", d + 1);
            checked += 1;
        }
    }
    assert!(checked >= 30);
}
