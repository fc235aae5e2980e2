//! Quick timing of random games (not a benchmark; see benches/games.rs).
use kyoku_core::{random_game, seeded_rng};
use kyoku_shiamgon::{BoardKind, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = BoardKind::parse(&args[1]).unwrap();
    let players: usize = args[2].parse().unwrap();
    let n: u64 = args[3].parse().unwrap();
    let start = Position::start(kind, players).unwrap();
    let t = std::time::Instant::now();
    let mut moves = 0;
    for seed in 0..n {
        let mut rng = seeded_rng(seed);
        let (rec, _) = random_game(start.clone(), &mut rng, 1_000_000, |_, _| {});
        moves += rec.moves().len();
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{kind} {players}: {:.0} games/s, {:.0} moves/game",
        n as f64 / s,
        moves as f64 / n as f64
    );
}
