//! `kyoku`: play, analyse, perft and solve the three games from the command line.

mod common;
mod dobutsu;

use clap::{Parser, Subcommand};

/// kyoku — Shogun, Dōbutsu Shōgi and Shiamgon: exact rules engines, strong
/// programs, and a place to play them.
#[derive(Parser)]
#[command(name = "kyoku", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of a given length (a check of the rules engine).
    #[command(subcommand)]
    Perft(PerftGame),
    /// List the legal moves of a position, one per line.
    #[command(subcommand)]
    Moves(MovesGame),
}

#[derive(Subcommand)]
enum PerftGame {
    /// Dōbutsu Shōgi.
    Dobutsu(dobutsu::PerftArgs),
}

#[derive(Subcommand)]
enum MovesGame {
    /// Dōbutsu Shōgi.
    Dobutsu(dobutsu::MovesArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Perft(PerftGame::Dobutsu(a)) => dobutsu::perft(a),
        Command::Moves(MovesGame::Dobutsu(a)) => dobutsu::moves(a),
    }
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        common::fail(e);
    }
}
