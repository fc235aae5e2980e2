//! Measures how long `kyoku uci` takes from `stop` to `bestmove` during
//! `go infinite` (the engine in this process, commands through a pipe).
//!
//! `cargo run --profile test -p kyoku-uci --example stop_latency [TRIALS]`

use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

fn main() -> std::io::Result<()> {
    let trials: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let (in_r, mut in_w) = std::io::pipe()?;
    let (out_r, out_w) = std::io::pipe()?;
    let engine = std::thread::spawn(move || {
        kyoku_uci::run(
            BufReader::new(in_r),
            out_w,
            kyoku_uci::EngineConfig::default(),
        )
    });
    let mut lines = BufReader::new(out_r).lines();
    let mut times = Vec::new();
    for i in 0..trials {
        let variant = ["dobutsu", "shogun"][i % 2];
        writeln!(in_w, "setoption name UCI_Variant value {variant}")?;
        writeln!(in_w, "position startpos")?;
        writeln!(in_w, "go infinite")?;
        in_w.flush()?;
        std::thread::sleep(Duration::from_millis(200 + 37 * (i as u64 % 7)));
        let t = Instant::now();
        writeln!(in_w, "stop")?;
        in_w.flush()?;
        for line in lines.by_ref() {
            if line?.starts_with("bestmove") {
                break;
            }
        }
        times.push(t.elapsed());
    }
    writeln!(in_w, "quit")?;
    in_w.flush()?;
    let _ = engine.join();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "stop → bestmove over {trials} trials: median {:.3} ms, max {:.3} ms",
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1])
    );
    Ok(())
}
