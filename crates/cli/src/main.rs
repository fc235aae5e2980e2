//! `kyoku`: play, analyse, perft and solve the three games from the command line.

#[macro_use]
mod words;
mod analyze;
mod common;
mod dobutsu;
mod engines;
mod game_flags;
mod judge;
mod loadtest;
mod matches;
mod openings;
mod play;
mod puzzles;
mod replay;
mod review;
mod serve;
mod shiamgon;
mod shogun;
mod solve;
mod terminal;
mod uci;

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
    /// Draw a position as an SVG picture.
    #[command(subcommand)]
    Render(RenderGame),
    /// Show a position in the terminal.
    #[command(subcommand)]
    Show(ShowGame),
    /// Play seeded random games and report each one.
    #[command(subcommand)]
    Selfplay(SelfplayGame),
    /// Solve a game strongly (every position's value and distance) into a table.
    #[command(subcommand)]
    Solve(SolveGame),
    /// Every legal move of a position with its exact value, best first.
    #[command(subcommand)]
    Analyze(AnalyzeGame),
    /// Judge a program's moves by the solved table on hard positions from real games.
    #[command(subcommand)]
    Judge(JudgeGame),
    /// Fit an evaluation's weights to exact results and print them.
    #[command(subcommand)]
    Tune(TuneGame),
    /// Programs play each other: wins, draws, losses, Elo.
    Match(matches::MatchArgs),
    /// Play a game in the terminal: people and programs, any seats.
    Play(play::PlayArgs),
    /// Step through a saved game record.
    Replay(replay::ReplayArgs),
    /// Review a saved game record: each move's loss and mark, each player's accuracy.
    Review(review::ReviewArgs),
    /// Run the game server: the HTTP/WebSocket API and the browser UI.
    Serve(serve::ServeArgs),
    /// Load-test the game server over loopback WebSockets.
    Loadtest(serve::LoadtestArgs),
    /// Puzzles for the server: make them from program games, prove them again, export, import.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Speak UCI on standard input/output: kyoku as an engine for GUIs and match runners.
    Uci(uci::UciArgs),
}

#[derive(Subcommand)]
enum SolveGame {
    /// Dōbutsu Shōgi: retrograde analysis of every legal position.
    Dobutsu(solve::SolveArgs),
}

#[derive(Subcommand)]
enum AnalyzeGame {
    /// Dōbutsu Shōgi, from the solved table (or by search with --level/--depth).
    Dobutsu(solve::AnalyzeArgs),
    /// Shogun, by alpha-beta search.
    Shogun(analyze::ShogunArgs),
    /// Shiamgon, by tree search: each seat's expected place.
    Shiamgon(analyze::ShiamgonArgs),
}

#[derive(Subcommand)]
enum JudgeGame {
    /// Dōbutsu Shōgi: kept wins, kept draws, longest resistance, per time per move.
    Dobutsu(judge::JudgeArgs),
}

#[derive(Subcommand)]
enum TuneGame {
    /// Dōbutsu Shōgi: against the solved table's values.
    Dobutsu(judge::tune::TuneArgs),
    /// Shogun: against the results of self-play games.
    Shogun(judge::tune_shogun::TuneShogunArgs),
}

#[derive(Subcommand)]
enum PerftGame {
    /// Dōbutsu Shōgi.
    Dobutsu(dobutsu::PerftArgs),
    /// Shiamgon.
    Shiamgon(shiamgon::PerftArgs),
    /// Shogun.
    Shogun(shogun::PerftArgs),
}

#[derive(Subcommand)]
enum MovesGame {
    /// Dōbutsu Shōgi.
    Dobutsu(dobutsu::MovesArgs),
    /// Shiamgon.
    Shiamgon(shiamgon::MovesArgs),
    /// Shogun.
    Shogun(shogun::PositionOnlyArgs),
}

#[derive(Subcommand)]
enum ShowGame {
    /// Shogun: every piece with its number, the side to move, threats.
    Shogun(shogun::PositionOnlyArgs),
}

#[derive(Subcommand)]
enum RenderGame {
    /// Shiamgon.
    Shiamgon(shiamgon::RenderArgs),
}

#[derive(Subcommand)]
enum SelfplayGame {
    /// Shiamgon.
    Shiamgon(shiamgon::SelfplayArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Perft(PerftGame::Dobutsu(a)) => common::perft(a),
        Command::Moves(MovesGame::Dobutsu(a)) => common::moves(a),
        Command::Perft(PerftGame::Shiamgon(a)) => shiamgon::perft(a),
        Command::Moves(MovesGame::Shiamgon(a)) => shiamgon::moves(a),
        Command::Perft(PerftGame::Shogun(a)) => common::perft(a),
        Command::Moves(MovesGame::Shogun(a)) => common::moves(a),
        Command::Show(ShowGame::Shogun(a)) => shogun::show(a),
        Command::Render(RenderGame::Shiamgon(a)) => shiamgon::render(a),
        Command::Selfplay(SelfplayGame::Shiamgon(a)) => shiamgon::selfplay(a),
        Command::Solve(SolveGame::Dobutsu(a)) => solve::solve(a),
        Command::Analyze(AnalyzeGame::Dobutsu(a)) => solve::analyze(a),
        Command::Analyze(AnalyzeGame::Shogun(a)) => analyze::shogun(a),
        Command::Analyze(AnalyzeGame::Shiamgon(a)) => analyze::shiamgon(a),
        Command::Judge(JudgeGame::Dobutsu(a)) => judge::run(a),
        Command::Tune(TuneGame::Dobutsu(a)) => judge::tune::run(a),
        Command::Tune(TuneGame::Shogun(a)) => judge::tune_shogun::run(a),
        Command::Match(a) => matches::run(a),
        Command::Play(a) => play::play(a),
        Command::Replay(a) => replay::replay(a),
        Command::Review(a) => review::run(a),
        Command::Serve(a) => serve::serve(a),
        Command::Loadtest(a) => serve::loadtest(a),
        Command::Puzzles(c) => puzzles::run(c),
        Command::Uci(a) => uci::run(a),
    }
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        common::fail(e);
    }
}
