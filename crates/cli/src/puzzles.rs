//! `kyoku puzzles`: make puzzles into the server's store, prove them
//! again, and move them in and out as JSON lines (one puzzle a line, the
//! form of `kyoku_puzzle::Puzzle`).

use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_games::GameKind;
use kyoku_puzzle::{Made, MakeOptions, Puzzle};
use kyoku_server::store::{Location, OpenOptions, Store, SyncMode};
use rayon::prelude::*;

/// What `kyoku puzzles` does.
#[derive(Subcommand)]
pub enum PuzzlesCommand {
    /// Make puzzles from program games and store them where `kyoku serve
    /// --db` reads them (a puzzle stored already is kept as it is).
    /// Dōbutsu puzzles are proven by the solved table: make it first with
    /// `kyoku solve dobutsu`.
    Make(MakeArgs),
    /// Prove every stored puzzle again (or those of a JSON-lines file) —
    /// Dōbutsu by the solved table, Shogun by a deeper search, Shiamgon by
    /// trying every placement — and name each that does not hold; the exit
    /// status is non-zero when one does not.
    Check(CheckArgs),
    /// Write the stored puzzles as JSON lines, one puzzle a line, with
    /// their ratings now.
    Export(ExportArgs),
    /// Store the puzzles of a JSON-lines file (as `export` writes them); a
    /// puzzle whose id is stored already is kept as it is.
    Import(ImportArgs),
}

/// The store the server reads, as `kyoku serve --db` names it.
#[derive(Args)]
pub struct DbArg {
    /// The server's database: a SQLite file, or a PostgreSQL database as a
    /// `postgres://` URL (the same as `kyoku serve --db`).
    #[arg(long, default_value = "kyoku.db", value_parser = crate::serve::parse_location)]
    db: Location,
}

/// Arguments of `kyoku puzzles make`.
#[derive(Args)]
pub struct MakeArgs {
    /// The game: dobutsu, shogun or shiamgon.
    #[arg(value_parser = parse_game)]
    game: GameKind,
    /// How many puzzles to make (fewer when the games run out).
    #[arg(long, default_value_t = 1000)]
    count: usize,
    /// Seed of the program games they are cut from: the same seed makes
    /// the same puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to use (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    #[command(flatten)]
    db: DbArg,
}

/// Arguments of `kyoku puzzles check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Only this game's puzzles (default: every game's).
    #[arg(value_parser = parse_game)]
    game: Option<GameKind>,
    /// Check the puzzles of this JSON-lines file instead of the store's.
    #[arg(long)]
    file: Option<PathBuf>,
    #[command(flatten)]
    db: DbArg,
}

/// Arguments of `kyoku puzzles export`.
#[derive(Args)]
pub struct ExportArgs {
    /// Only this game's puzzles (default: every game's).
    #[arg(value_parser = parse_game)]
    game: Option<GameKind>,
    /// Write here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    db: DbArg,
}

/// Arguments of `kyoku puzzles import`.
#[derive(Args)]
pub struct ImportArgs {
    /// The JSON-lines file.
    file: PathBuf,
    #[command(flatten)]
    db: DbArg,
}

fn parse_game(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

/// Runs one `kyoku puzzles` command.
pub fn run(c: PuzzlesCommand) -> anyhow::Result<()> {
    match c {
        PuzzlesCommand::Make(a) => make(a),
        PuzzlesCommand::Check(a) => check(a),
        PuzzlesCommand::Export(a) => export(a),
        PuzzlesCommand::Import(a) => import(a),
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

async fn open(db: &Location) -> anyhow::Result<Store> {
    let options = OpenOptions {
        sync: SyncMode::Normal,
    };
    Store::open(db, &options)
        .await
        .with_context(|| format!("cannot open the database {db}"))
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {what}, {{elapsed}} (eta {{eta}}) {{msg}}");
    bar.set_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// How many puzzles are stored in one transaction.
const BATCH: usize = 1000;

/// Stores `puzzles` in batches; how many were new.
async fn store_all(store: &Store, puzzles: &[Puzzle]) -> anyhow::Result<u64> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let mut new = 0;
    for chunk in puzzles.chunks(BATCH) {
        new += store
            .insert_puzzles(chunk, now)
            .await
            .context("cannot store the puzzles")?;
    }
    Ok(new)
}

fn make(a: MakeArgs) -> anyhow::Result<()> {
    let rt = runtime()?;
    // Opened first, so that a wrong --db is told before minutes of work.
    let store = rt.block_on(open(&a.db.db))?;
    let threads = a.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let options = MakeOptions {
        count: a.count,
        seed: a.seed,
        threads: threads.max(1),
    };
    let bar = bar(a.count as u64, "puzzles");
    let progress = |m: Made| {
        bar.set_length(m.wanted);
        bar.set_position(m.found);
        bar.set_message(format!("from {} games", m.games));
    };
    let began = std::time::Instant::now();
    let made = kyoku_puzzle::make(a.game, &options, &progress);
    bar.finish_and_clear();
    let puzzles = made?;
    let took = began.elapsed();
    let new = rt.block_on(store_all(&store, &puzzles))?;
    println!(
        "made {} {} puzzles in {:.1} s on {} threads; {new} new stored in {} ({} there already)",
        puzzles.len(),
        a.game.name(),
        took.as_secs_f64(),
        options.threads,
        a.db.db,
        puzzles.len() as u64 - new
    );
    Ok(())
}

/// Reads the puzzles of a JSON-lines file; a line that is not one is an
/// error naming it.
fn read_file(path: &Path) -> anyhow::Result<Vec<Puzzle>> {
    let f = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let p: Puzzle = serde_json::from_str(&line)
            .with_context(|| format!("{} line {} is not a puzzle", path.display(), i + 1))?;
        out.push(p);
    }
    Ok(out)
}

/// Every stored puzzle of `game` (every game's when `None`), page by page.
async fn read_store(store: &Store, game: Option<GameKind>) -> anyhow::Result<Vec<Puzzle>> {
    let mut out: Vec<Puzzle> = Vec::new();
    loop {
        let after = out.last().map_or(String::new(), |p| p.id.clone());
        let page = store
            .puzzles(game.map(GameKind::name), &after, BATCH)
            .await
            .context("cannot read the puzzles")?;
        let done = page.len() < BATCH;
        out.extend(page.into_iter().map(|r| r.puzzle));
        if done {
            return Ok(out);
        }
    }
}

fn check(a: CheckArgs) -> anyhow::Result<()> {
    let puzzles = match &a.file {
        Some(f) => read_file(f)?
            .into_iter()
            .filter(|p| a.game.is_none_or(|g| p.game == g.name()))
            .collect(),
        None => {
            let rt = runtime()?;
            rt.block_on(async {
                let store = open(&a.db.db).await?;
                read_store(&store, a.game).await
            })?
        }
    };
    // Told once, not once a puzzle: without the table no Dōbutsu puzzle
    // can be proven.
    if puzzles.iter().any(|p| p.game == GameKind::Dobutsu.name()) {
        kyoku_dobutsu::solve::shared_table().map_err(|e| {
            anyhow::anyhow!(
                "Dōbutsu puzzles are proven by the solved table, and it could not be opened \
                 ({e}); make it first with `kyoku solve dobutsu`"
            )
        })?;
    }
    let bar = bar(puzzles.len() as u64, "puzzles proven");
    let began = std::time::Instant::now();
    let refuted: Vec<(String, String)> = puzzles
        .par_iter()
        .filter_map(|p| {
            let out = kyoku_puzzle::verify(p)
                .err()
                .map(|e| (p.id.clone(), e.to_string()));
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    for (id, why) in &refuted {
        eprintln!("puzzle {id}: {why}");
    }
    let from = match &a.file {
        Some(f) => f.display().to_string(),
        None => a.db.db.to_string(),
    };
    if refuted.is_empty() {
        println!(
            "all {} puzzles of {from} hold ({:.1} s)",
            puzzles.len(),
            began.elapsed().as_secs_f64()
        );
        Ok(())
    } else {
        anyhow::bail!(
            "{} of {} puzzles of {from} do not hold (each named above)",
            refuted.len(),
            puzzles.len()
        )
    }
}

fn export(a: ExportArgs) -> anyhow::Result<()> {
    let rt = runtime()?;
    let puzzles = rt.block_on(async {
        let store = open(&a.db.db).await?;
        read_store(&store, a.game).await
    })?;
    let sink: Box<dyn Write> = match &a.out {
        Some(p) => Box::new(
            std::fs::File::create(p).with_context(|| format!("cannot create {}", p.display()))?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = BufWriter::new(sink);
    for p in &puzzles {
        serde_json::to_writer(&mut out, p)?;
        writeln!(out)?;
    }
    out.flush()?;
    if a.out.is_some() {
        eprintln!("{} puzzles written", puzzles.len());
    }
    Ok(())
}

fn import(a: ImportArgs) -> anyhow::Result<()> {
    let puzzles = read_file(&a.file)?;
    let rt = runtime()?;
    let new = rt.block_on(async {
        let store = open(&a.db.db).await?;
        store_all(&store, &puzzles).await
    })?;
    println!(
        "{new} of {} puzzles were new, stored in {}",
        puzzles.len(),
        a.db.db
    );
    Ok(())
}
