//! The readers never panic, whatever the text.

use kyoku_core::Position as _;
use kyoku_shiamgon::{BoardKind, Position};
use proptest::prelude::*;

const SAMPLE: &str = "shiamgon disc5 3 turn 2 placements 5 stones 4.0,4.2,5.7/3.1,4.10/4.20 prisoners 0,1,0/0,0,0/2,0,0";

proptest! {
    #[test]
    fn position_reader_never_panics(s in ".{0,200}") {
        let _ = Position::from_text(&s);
    }

    #[test]
    fn position_reader_survives_near_misses(cut in 0usize..200, insert in "[ ,./0-9a-z-]{0,6}") {
        let cut = cut.min(SAMPLE.len());
        let s = format!("{}{}{}", &SAMPLE[..cut], insert, &SAMPLE[cut..]);
        if let Ok(p) = Position::from_text(&s) {
            prop_assert_eq!(Position::from_text(&p.to_text()).unwrap(), p);
        }
    }

    #[test]
    fn move_reader_never_panics(s in ".{0,20}", board in 0usize..4) {
        let kind = BoardKind::ALL[board];
        let pos = Position::start(kind, 3).unwrap();
        let _ = pos.parse_move(&s);
    }

    #[test]
    fn field_names_never_panic(s in "[0-9.+-]{0,8}") {
        for kind in BoardKind::ALL {
            if let Some(f) = kind.board().field(&s) {
                prop_assert_eq!(kind.board().name(f), s.as_str());
            }
        }
    }
}

#[test]
fn sample_reads() {
    let p = Position::from_text(SAMPLE).unwrap();
    assert_eq!(p.to_text(), SAMPLE);
    for bad in [
        "",
        "shiamgon",
        "shiamgon disc7 3",
        "shiamgon tri8 4 turn 1 placements 0 stones -/-/-/- prisoners 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0",
        "shiamgon tri8 3 turn 1 placements 0 stones 0.0/0.0/- prisoners 0,0,0/0,0,0/0,0,0",
        "shiamgon tri8 3 turn 1 placements 0 stones 1.0,0.0/-/- prisoners 0,0,0/0,0,0/0,0,0",
        "shiamgon tri8 3 turn 1 placements 0 stones -/-/- prisoners 1,0,0/0,0,0/0,0,0",
        "shiamgon tri8 3 turn 1 placements 999 stones -/-/- prisoners 0,0,0/0,0,0/0,0,0",
        "shiamgon tri8 3 turn 1 placements 1 stones 0.0/-/- prisoners 0,0,0/0,0,0/0,0,0 push 0.0",
        "shiamgon tri8 3 turn 1 placements 1 stones 1.1/0.0/- prisoners 0,0,0/0,0,0/0,0,0 push 1.1",
        "shiamgon tri8 3 turn 1 placements 0 stones -/-/- prisoners 0,0,0/0,0,0/0,0,0 extra",
    ] {
        assert!(Position::from_text(bad).is_err(), "{bad}");
    }
}
