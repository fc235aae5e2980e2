//! Arbitrary text never makes the readers panic.

use kyoku_core::Position as _;
use kyoku_dobutsu::Position;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fen_reader_never_panics(s in "\\PC{0,40}") {
        let _ = Position::from_text(&s);
    }

    #[test]
    fn fen_like_text_never_panics(s in "[lgecLGECH+1-4/ ]{0,20}(\\[[CEGLcegl-]{0,6}\\])? [wbx] ?[-0-9 ]{0,8}") {
        if let Ok(p) = Position::from_text(&s) {
            prop_assert_eq!(Position::from_text(&p.to_text()).unwrap(), p);
        }
    }

    #[test]
    fn move_reader_never_panics(s in "\\PC{0,12}") {
        let _ = Position::startpos().parse_move(&s);
    }

    #[test]
    fn move_like_text_never_panics(s in "[a-dA-Z@+1-5]{0,6}") {
        let p = Position::startpos();
        if let Ok(m) = p.parse_move(&s) {
            prop_assert_eq!(p.parse_move(&m.to_string()).unwrap(), m);
        }
    }
}
