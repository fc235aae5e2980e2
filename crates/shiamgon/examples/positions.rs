//! Prints mid-game position texts from seeded random games (for perft data).
use kyoku_core::{Decision, Position as _, ToAct, random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Position};
fn main() {
    for (kind, players, seed, want_push) in [
        (BoardKind::Tri8, 3, 7, true),
        (BoardKind::Disc5, 4, 3, true),
        (BoardKind::Disc10, 5, 5, false),
        (BoardKind::Tri16, 3, 11, true),
    ] {
        let start = Position::start(kind, players).unwrap();
        let mut found = None;
        let mut n = 0;
        let _ = random_game(start, &mut seeded_rng(seed), 1_000_000, |p, _| {
            n += 1;
            let push = matches!(p.to_act(), ToAct::Player(_, Decision::Answer));
            if found.is_none() && n > 40 && push == want_push {
                found = Some(p.to_text());
            }
        });
        println!("{}", found.unwrap());
    }
}
