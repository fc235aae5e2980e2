//! How long kyoku's Dōbutsu programs take for a game at each pair of
//! levels, and how many puzzles such a game holds (needs the table).
//!
//! ```sh
//! KYOKU_DATA_DIR=… cargo run --release -p kyoku-puzzle --example dobutsu_levels -- 20
//! ```

use std::time::Instant;

use kyoku_dobutsu::solve::shared_table;
use kyoku_puzzle::{Goal, dobutsu};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let tb = match shared_table() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    for levels in [[1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [1, 4]] {
        let t = Instant::now();
        let (mut plies, mut wins, mut defends) = (0, 0, 0);
        for n in 0..games {
            let positions = dobutsu::play_at(dobutsu::game_seed(7, n), levels);
            plies += positions.len() - 1;
            for p in positions.iter().filter_map(|p| dobutsu::cut(&tb, p)) {
                if p.goal == Goal::Win {
                    wins += 1;
                } else {
                    defends += 1;
                }
            }
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0 / games as f64;
        println!(
            "levels {levels:?}: {ms:.0} ms a game, {:.1} plies, {:.2} win and {:.2} defend puzzles a game",
            plies as f64 / games as f64,
            wins as f64 / games as f64,
            defends as f64 / games as f64
        );
    }
}
