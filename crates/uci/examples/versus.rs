//! A short Dōbutsu match between two UCI engines, both seated through
//! `kyoku_uci::agent` with the same time per move; colours alternate.
//! kyoku referees; an engine that fails loses the game and the reason is
//! printed.
//!
//! ```text
//! cargo run --profile test -p kyoku-uci --example versus -- \
//!     GAMES MOVETIME_MS "kyoku=kyoku uci" "fsf=node uci.js"
//! ```

use kyoku_core::{Agent, GameRecord};
use std::time::Duration;

use kyoku_uci::{EngineSpec, GoLimit, SeatOptions, Timeouts};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [games, movetime, a, b] = args.as_slice() else {
        return Err("usage: versus GAMES MOVETIME_MS NAME=COMMAND NAME=COMMAND".into());
    };
    let games: usize = games.parse()?;
    let movetime: u64 = movetime.parse()?;
    let specs = [EngineSpec::parse(a)?, EngineSpec::parse(b)?];
    let mut score = [0.0f64; 2];
    let mut draws = 0;
    for g in 0..games {
        // Seat 0 of the game is the first player (Sente); engine (g % 2) takes it.
        let order = [g % 2, 1 - g % 2];
        let mut seats = Vec::new();
        for (s, &e) in order.iter().enumerate() {
            let options = SeatOptions {
                limit: GoLimit::MoveTime(movetime),
                seed: (g * 2 + s) as u64,
                // A WebAssembly engine under node can take seconds to load.
                timeouts: Timeouts {
                    start: Duration::from_secs(120),
                    ..Timeouts::default()
                },
                ..SeatOptions::default()
            };
            seats.push(kyoku_uci::agent::<kyoku_dobutsu::Position>(
                &specs[e], options,
            )?);
        }
        let mut record = GameRecord::new(kyoku_dobutsu::Position::startpos());
        let mut forfeit = None;
        while record.outcome().is_none() && record.moves().len() < 200 {
            let p = record.to_act().player().map_or(0, |p| p.index());
            match seats[p].choose(&record) {
                Some(m) => record.play(m)?,
                None => {
                    forfeit = Some((p, seats[p].take_failure()));
                    break;
                }
            }
        }
        let result = if let Some((p, why)) = forfeit {
            score[order[1 - p]] += 1.0;
            format!("{} forfeits: {why:?}", specs[order[p]].name)
        } else {
            match record.outcome() {
                Some(o) if !o.is_draw() => {
                    let winner = (0..2)
                        .find(|&p| o.rank(kyoku_core::Player::new(p)) == 1)
                        .unwrap_or(0);
                    score[order[winner]] += 1.0;
                    format!("{} wins ({})", specs[order[winner]].name, o.reason)
                }
                _ => {
                    draws += 1;
                    score[0] += 0.5;
                    score[1] += 0.5;
                    "draw".to_string()
                }
            }
        };
        println!(
            "game {}: {} (Sente) vs {} — {} plies: {result}; {}",
            g + 1,
            specs[order[0]].name,
            specs[order[1]].name,
            record.moves().len(),
            record.move_texts().join(" ")
        );
    }
    println!(
        "{}: {} — {}: {} ({draws} draws) at {movetime} ms per move",
        specs[0].name, score[0], specs[1].name, score[1]
    );
    Ok(())
}
