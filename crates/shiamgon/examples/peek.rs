use kyoku_core::{Position as _, random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = BoardKind::parse(&args[1]).unwrap();
    let players: usize = args[2].parse().unwrap();
    let seed: u64 = args[3].parse().unwrap();
    let start = Position::start(kind, players).unwrap();
    let mut rng = seeded_rng(seed);
    let (rec, end) = random_game(start, &mut rng, 100000, |_, _| {});
    let n = rec.moves().len();
    println!("{end:?} moves {n}");
    let texts = rec.move_texts();
    for i in n.saturating_sub(14)..n {
        println!(
            "{:?} {} -> {}",
            rec.positions()[i].to_act(),
            texts[i],
            rec.positions()[i + 1].to_text()
        );
    }
}
