//! Makes a set of Dōbutsu puzzles and says how long it took and what it
//! holds; with `--verify`, proves every one again.
//!
//! ```sh
//! KYOKU_DATA_DIR=… cargo run --release -p kyoku-puzzle --example dobutsu_make -- 10000 2 [--verify] [--json FILE]
//! ```

use std::collections::BTreeMap;
use std::time::Instant;

use kyoku_puzzle::{Goal, MakeOptions, dobutsu};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let threads = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let seed = args
        .iter()
        .position(|a| a == "--seed")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(1);
    let options = MakeOptions {
        count,
        seed,
        threads,
    };
    let t = Instant::now();
    let made = dobutsu::make(&options, &|m| {
        eprint!("\r{} of {} from {} games   ", m.found, m.wanted, m.games);
    });
    eprintln!();
    let puzzles = match made {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let secs = t.elapsed().as_secs_f64();
    println!(
        "made {} puzzles in {secs:.1} s on {threads} threads (seed {seed})",
        puzzles.len()
    );
    let mut by_kind: BTreeMap<(String, usize), usize> = BTreeMap::new();
    let mut themes: BTreeMap<String, usize> = BTreeMap::new();
    for p in &puzzles {
        *by_kind
            .entry((p.goal.name().to_string(), p.solution.len()))
            .or_default() += 1;
        for t in &p.themes {
            *themes.entry(t.clone()).or_default() += 1;
        }
    }
    for ((goal, plies), n) in &by_kind {
        println!("  {goal} {plies:>2} plies: {n}");
    }
    println!("  themes: {themes:?}");
    let wins = puzzles.iter().filter(|p| p.goal == Goal::Win).count();
    println!("  win {wins}, defend {}", puzzles.len() - wins);
    let json = args.iter().position(|a| a == "--json");
    if let Some(path) = json.and_then(|i| args.get(i + 1)) {
        let text = serde_json::to_string(&puzzles).unwrap_or_default();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("{path}: {e}");
        }
    }
    if args.iter().any(|a| a == "--verify") {
        let t = Instant::now();
        let bad: Vec<_> = puzzles
            .iter()
            .filter_map(|p| kyoku_puzzle::verify(p).err().map(|e| (p.id.clone(), e)))
            .collect();
        println!(
            "verified {} in {:.1} s: {} refused",
            puzzles.len(),
            t.elapsed().as_secs_f64(),
            bad.len()
        );
        for (id, e) in bad.iter().take(10) {
            println!("  {id}: {e}");
        }
    }
}
