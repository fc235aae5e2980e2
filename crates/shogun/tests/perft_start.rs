use kyoku_core::perft;
use kyoku_shogun::{Options, start};

#[test]
fn start_rotation_0() {
    let p = start(&Options::default()).unwrap();
    assert_eq!(perft(&p, 1), 21);
    assert_eq!(perft(&p, 2), 545);
    assert_eq!(perft(&p, 3), 12312);
}
