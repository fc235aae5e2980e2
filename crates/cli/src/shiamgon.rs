//! `kyoku … shiamgon`: moves, perft, random self-play and pictures.

use std::io::Write;

use anyhow::{Context, anyhow, bail};
use clap::Args;
use kyoku_core::{Decision, GameRecord, Player, PlayoutEnd, Position as _, ToAct, seeded_rng};
use kyoku_shiamgon::{BoardKind, Move, Position, svg};
use serde::Serialize;

use crate::common;

/// Where a Shiamgon position comes from: a board and a player count (or
/// a position text), then moves.
#[derive(Args)]
pub struct PositionArgs {
    /// The board: tri8, tri16, disc5 or disc10.
    #[arg(long)]
    board: Option<String>,
    /// The number of players: 3 on triangles, 3–5 on discs.
    #[arg(long)]
    players: Option<String>,
    /// Start from this position text instead of a start position.
    #[arg(long)]
    position: Option<String>,
    /// Play these moves first, comma-separated (field names such as `4.2`,
    /// or `pass`; a push is answered with the field the stone goes to).
    #[arg(long)]
    moves: Option<String>,
}

impl PositionArgs {
    fn start(&self) -> anyhow::Result<Position> {
        if let Some(text) = &self.position {
            return Position::parse(text).map_err(common::context("bad position"));
        }
        let (Some(board), Some(players)) = (&self.board, &self.players) else {
            bail!("give --board and --players (or --position)");
        };
        start(board, players)
    }

    fn record(&self) -> anyhow::Result<GameRecord<Position>> {
        common::play_moves(self.start()?, self.moves.as_deref())
    }
}

fn start(board: &str, players: &str) -> anyhow::Result<Position> {
    let kind = BoardKind::parse(board)
        .ok_or_else(|| anyhow!("unknown board {board:?}; boards are tri8, tri16, disc5, disc10"))?;
    let n: usize = players
        .parse()
        .map_err(|_| anyhow!("--players must be a number, not {players:?}"))?;
    Position::start(kind, n).map_err(|e| anyhow!("{e}"))
}

/// `kyoku moves shiamgon`.
#[derive(Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pos: PositionArgs,
}

/// `kyoku perft shiamgon`.
#[derive(Args)]
pub struct PerftArgs {
    /// How many decisions deep to count (placements, passes and push answers).
    depth: String,
    #[command(flatten)]
    pos: PositionArgs,
    /// Print every first decision with its count first.
    #[arg(long)]
    divide: bool,
}

/// `kyoku selfplay shiamgon`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// The board: tri8, tri16, disc5 or disc10.
    #[arg(long)]
    board: String,
    /// The number of players: 3 on triangles, 3–5 on discs.
    #[arg(long)]
    players: String,
    /// How many games.
    #[arg(long, default_value = "1")]
    games: String,
    /// The seed of the first game; game `i` uses `seed + i`.
    #[arg(long, default_value = "0")]
    seed: String,
    /// One JSON object per game and line.
    #[arg(long)]
    json: bool,
}

/// `kyoku render shiamgon`.
#[derive(Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Mark the legal moves of the player to act.
    #[arg(long)]
    highlight: bool,
    /// Write the field names into the fields.
    #[arg(long)]
    names: bool,
    /// The SVG file to write.
    #[arg(short = 'o', long = "output")]
    output: String,
}

/// Runs `kyoku moves shiamgon`.
pub fn moves(a: MovesArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    let pos = rec.position();
    let mut out = std::io::stdout().lock();
    if let Some(o) = rec.outcome() {
        writeln!(out, "over")?;
        for p in 0..pos.players() {
            let pl = Player::new(p);
            writeln!(
                out,
                "player {} score {} rank {}",
                pl.number(),
                o.score(pl),
                o.rank(pl)
            )?;
        }
        return Ok(());
    }
    match rec.to_act() {
        ToAct::Player(p, Decision::Turn) => writeln!(out, "to-act {}", p.number())?,
        ToAct::Player(p, Decision::Answer) => writeln!(out, "to-act {} push", p.number())?,
        _ => {}
    }
    drop(out);
    common::print_moves(pos)
}

/// Runs `kyoku perft shiamgon`.
pub fn perft(a: PerftArgs) -> anyhow::Result<()> {
    let depth: u32 = a
        .depth
        .parse()
        .map_err(|_| anyhow!("the depth must be a number, not {:?}", a.depth))?;
    let rec = a.pos.record()?;
    common::print_perft(rec.position(), depth, a.divide)
}

/// One player's line of a self-play record.
#[derive(Serialize)]
struct PlayerStats {
    player: usize,
    on_board: u32,
    prisoners_taken: u32,
    stones_lost: u32,
    placements: u32,
    passes: u32,
    push_answers: u32,
    start_stones: u32,
    score: i32,
    rank: usize,
}

/// One self-play game.
#[derive(Serialize)]
struct GameStats {
    game: u64,
    seed: u64,
    board: &'static str,
    start_stones: u32,
    moves: usize,
    placements: u32,
    end: &'static str,
    players: Vec<PlayerStats>,
}

/// Runs `kyoku selfplay shiamgon`.
pub fn selfplay(a: SelfplayArgs) -> anyhow::Result<()> {
    let start_pos = start(&a.board, &a.players)?;
    let games: u64 = a
        .games
        .parse()
        .map_err(|_| anyhow!("--games must be a number, not {:?}", a.games))?;
    let seed: u64 = a
        .seed
        .parse()
        .map_err(|_| anyhow!("--seed must be a number, not {:?}", a.seed))?;
    let n = start_pos.players();
    let mut out = std::io::stdout().lock();
    for g in 0..games {
        let s = seed.wrapping_add(g);
        let mut rng = seeded_rng(s);
        let mut placements = vec![0u32; n];
        let mut passes = vec![0u32; n];
        let mut answers = vec![0u32; n];
        let mut to_act = start_pos.to_act();
        let (rec, end) =
            kyoku_core::random_game(start_pos.clone(), &mut rng, usize::MAX, |pos, mv| {
                if let (Some(mv), ToAct::Player(p, d)) = (mv, to_act) {
                    let i = p.index();
                    match (d, mv) {
                        (Decision::Answer, _) => answers[i] += 1,
                        (Decision::Turn, Move::Pass) => passes[i] += 1,
                        (Decision::Turn, Move::Field(_)) => placements[i] += 1,
                    }
                }
                to_act = pos.to_act();
            });
        let PlayoutEnd::Finished(outcome) = end else {
            bail!("game {g} did not end");
        };
        let last = rec.position();
        let stats = GameStats {
            game: g,
            seed: s,
            board: last.board().kind().name(),
            start_stones: start_pos.occupied().count() as u32,
            moves: rec.moves().len(),
            placements: last.placements(),
            end: outcome.reason,
            players: (0..n)
                .map(|i| {
                    let p = Player::new(i);
                    PlayerStats {
                        player: p.number(),
                        on_board: last.stones(p).count() as u32,
                        prisoners_taken: last.prisoners_taken(p),
                        stones_lost: last.stones_lost(p),
                        placements: placements[i],
                        passes: passes[i],
                        push_answers: answers[i],
                        start_stones: start_pos.stones(p).count() as u32,
                        score: outcome.score(p),
                        rank: outcome.rank(p),
                    }
                })
                .collect(),
        };
        if a.json {
            serde_json::to_writer(&mut out, &stats)?;
            writeln!(out)?;
        } else {
            let scores: Vec<String> = stats
                .players
                .iter()
                .map(|p| format!("{}:{}", p.player, p.score))
                .collect();
            writeln!(
                out,
                "game {g} seed {s}: {} after {} moves; scores {}",
                stats.end,
                stats.moves,
                scores.join(" ")
            )?;
        }
    }
    Ok(())
}

/// Runs `kyoku render shiamgon`.
pub fn render(a: RenderArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    let opts = svg::RenderOptions {
        highlight: a.highlight,
        field_names: a.names,
        ..Default::default()
    };
    let picture = svg::render(rec.position(), &opts);
    std::fs::write(&a.output, picture).with_context(|| format!("cannot write {}", a.output))?;
    Ok(())
}
