//! The text readers never panic, and what they accept writes back the same.

use kyoku_core::Position as _;
use kyoku_shogun::{Position, parse_order, read_move};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_text_never_panics(s in "\\PC{0,80}") {
        let _ = Position::from_text(&s);
    }

    #[test]
    fn position_text_near_miss(
        ranks in prop::collection::vec("[1-8SsA-Ga-gx]{0,9}", 0..10),
        side in "[wrx]",
        rot in "[0-5]",
        nums in "(-|[1-4?]{0,18})",
        clock in "[0-9]{1,4}",
        full in "[0-9]{1,3}",
    ) {
        let text = format!("{} {side} {rot} {nums} {clock} {full}", ranks.join("/"));
        if let Ok(p) = Position::from_text(&text) {
            let back = p.to_text();
            prop_assert_eq!(Position::from_text(&back).unwrap(), p);
        }
    }

    #[test]
    fn moves_never_panic(s in "\\PC{0,8}") {
        let _ = read_move(&s);
        let start = kyoku_shogun::start(&Default::default()).unwrap();
        let _ = start.parse_move(&s);
    }

    #[test]
    fn move_like_texts(s in "[a-j][0-9]x?[a-j][0-9]|[a-j][0-9]=[0-9]") {
        if let Ok(m) = read_move(&s) {
            prop_assert_eq!(read_move(&m.to_string()).unwrap(), m);
        }
    }

    #[test]
    fn orders_never_panic(s in "\\PC{0,20}|[A-Ga-g]{7}(/[A-Ga-g]{0,8})?") {
        if let Ok([w, r]) = parse_order(&s) {
            let mut seen = w.0;
            seen.sort();
            prop_assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6]);
            let mut seen = r.0;
            seen.sort();
            prop_assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6]);
        }
    }
}
