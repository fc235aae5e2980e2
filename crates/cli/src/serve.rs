//! `kyoku serve` (the game server) and `kyoku loadtest` (its load test).

use std::net::SocketAddr;
use std::path::PathBuf;

use std::sync::Arc;

use crate::engines::EngineArgs;
use crate::loadtest::{LoadConfig, run};
use anyhow::Context;
use clap::Args;
use kyoku_games::session::ProgramSource;
use kyoku_server::store::{Location, SyncMode};
use kyoku_server::{Config, Server};

/// Arguments of `kyoku serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where every game is kept: a SQLite file (created on first start),
    /// or a PostgreSQL database as a URL,
    /// `postgres://user:password@host:5432/dbname` (several instances may
    /// share one; see docs/deploy.md). The schema is created or migrated
    /// on start.
    #[arg(long, default_value = "kyoku.db", value_parser = parse_location)]
    db: Location,
    /// Create or migrate the database's schema (and fill in what an older
    /// kyoku did not store), then exit without serving: for operators who
    /// migrate before starting several instances.
    #[arg(long)]
    migrate_only: bool,
    /// Programs thinking at once (default: one per core).
    #[arg(long)]
    ai_threads: Option<usize>,
    /// Analyses running at once (`POST /api/analyze`, its WebSocket,
    /// reviews), on threads of their own, never the programs' (default:
    /// half the cores, at least one).
    #[arg(long)]
    analysis_threads: Option<usize>,
    /// Analyses waiting for a thread at most; one more is refused at once
    /// with 503 `busy`.
    #[arg(long, default_value_t = kyoku_server::AnalysisSettings::default().queue)]
    analysis_queue: usize,
    /// Analyses one client address may ask for a minute (all at once after
    /// a quiet minute); more get 429 with `Retry-After`. 0: no limit.
    #[arg(long, default_value_t = kyoku_server::AnalysisSettings::default().per_minute)]
    analyses_per_minute: u32,
    /// When a commit reaches the disk: `full` flushes every commit (nothing
    /// acknowledged is lost even to a power cut); `normal` flushes at
    /// checkpoints (nothing is lost when the process dies; a power cut may
    /// lose the last moves).
    #[arg(long, default_value = "full")]
    sync: SyncMode,
    /// When the Dōbutsu table (perfect play, analysis) is missing, build it
    /// in the background on one thread — a minute or two, about 250 MiB of
    /// memory — while the server plays; `perfect` seats and the analysis
    /// switch work as soon as it is written. Same as running `kyoku solve
    /// dobutsu` beside the server.
    #[arg(long)]
    build_table: bool,
    /// WebSocket connections one game may have open (players and
    /// spectators); one more is refused with 503 `busy`.
    #[arg(long, default_value_t = kyoku_server::SocketLimits::default().per_game)]
    max_sockets_per_game: usize,
    /// WebSocket connections the whole server may have open (default:
    /// 7/8 of --max-connections, 700 by default). Each is also one of the
    /// --max-connections, so it must be below that: the rest stay free for
    /// plain requests (the lobby, moves sent by POST).
    #[arg(long)]
    max_sockets: Option<usize>,
    /// Connections open at once, WebSockets included; one more gets a `503
    /// busy` answer and is closed. Each is a file of the process: the
    /// default keeps a limit of 1,024 open files (`ulimit -n`) safe; raise
    /// both together.
    #[arg(long, default_value_t = kyoku_server::ConnectionLimits::default().max)]
    max_connections: usize,
    /// Seconds a client has from the first byte of a request to the end of
    /// its headers; a slower one is disconnected.
    #[arg(long, value_name = "SECS",
          default_value_t = kyoku_server::ConnectionLimits::default().header_timeout.as_secs())]
    header_timeout: u64,
    /// Seconds a connection may wait with no request in hand (new, or kept
    /// alive between requests) before it is closed. WebSockets are not
    /// timed out: they stay open however quiet.
    #[arg(long, value_name = "SECS",
          default_value_t = kyoku_server::ConnectionLimits::default().idle_timeout.as_secs())]
    idle_timeout: u64,
    /// Games one client address may start a minute (all at once after a
    /// quiet minute); more get 429 `rate_limited`. 0: no limit.
    #[arg(long, default_value_t = kyoku_server::NEW_GAMES_PER_MINUTE)]
    new_games_per_minute: u32,
    /// An untimed game nobody has moved in for this long ends as
    /// "abandoned", with no winner: a number with a unit, `d` (days), `h`,
    /// `m` or `s` (e.g. `14d`, `36h`); `0` never ends one. Timed games end
    /// by their clocks instead.
    #[arg(long, default_value = "14d", value_parser = parse_span)]
    abandon_after: std::time::Duration,
    /// How long a game nobody asks for stays in memory once nothing runs
    /// in it (no program thinking, no clock running, nobody watching); it
    /// is read from the database again when asked for. A span like
    /// `abandon-after`'s.
    #[arg(long, default_value = "30s", value_parser = parse_span)]
    keep_idle: std::time::Duration,
    /// Say that people reach this server over HTTPS (a proxy in front
    /// ends TLS): the session cookie is then marked `Secure`, so browsers
    /// never send it over plain HTTP. Leave it off for plain HTTP, or
    /// sign-in will not stick.
    #[arg(long)]
    behind_https: bool,
    /// How long a shutdown (SIGTERM, Ctrl-C) waits for the changes under
    /// way, then for the WebSockets to close: a span like `abandon-after`'s.
    #[arg(long, default_value = "10s", value_parser = parse_span)]
    shutdown_grace: std::time::Duration,
    /// The logs on stderr: `text` (one line per event, for people) or
    /// `json` (one JSON object per line, for log collectors).
    #[arg(long, default_value = "text")]
    log_format: LogFormat,
    /// Which events are logged, as in RUST_LOG (e.g. `info`,
    /// `kyoku_server=debug,info`); default: RUST_LOG, else `info`.
    #[arg(long)]
    log_level: Option<String>,
    /// Outside UCI engines seats may name as `uci:NAME` (only these: a
    /// client can never name or start another program).
    #[command(flatten)]
    engines: EngineArgs,
}

/// The form of `kyoku serve`'s logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line per event, for people.
    Text,
    /// One JSON object per line.
    Json,
}

/// Sends the server's events to stderr in `format`, filtered by `level`
/// (RUST_LOG's syntax), else RUST_LOG, else `info`.
fn init_logs(format: LogFormat, level: Option<&str>) -> anyhow::Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = match level {
        Some(l) => EnvFilter::try_new(l).with_context(|| format!("--log-level {l:?}"))?,
        None => match std::env::var("RUST_LOG") {
            Ok(l) if !l.is_empty() => {
                EnvFilter::try_new(&l).with_context(|| format!("RUST_LOG={l:?}"))?
            }
            _ => EnvFilter::new("info"),
        },
    };
    use std::io::IsTerminal;
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let set = match format {
        LogFormat::Text => logs.try_init(),
        LogFormat::Json => logs.json().flatten_event(true).try_init(),
    };
    set.map_err(|e| anyhow::anyhow!("cannot set up the logs: {e}"))
}

/// Resolves on Ctrl-C (SIGINT) or SIGTERM; says which.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            return tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = tokio::signal::ctrl_c() => "SIGINT",
            };
        }
    }
    let _ = tokio::signal::ctrl_c().await;
    "SIGINT"
}

/// Arguments of `kyoku loadtest`.
#[derive(Args)]
pub struct LoadtestArgs {
    /// A running server on loopback (default: start one on a temporary
    /// database). Start that one with `--new-games-per-minute 0` (the test
    /// starts all its games from one address) and `--max-connections` above
    /// `--games` (one WebSocket each). Give it again for more instances on
    /// one database: each game is created on one and played on the next.
    #[arg(long = "addr")]
    addrs: Vec<SocketAddr>,
    /// Games played at once, one WebSocket each.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Moves per client.
    #[arg(long, default_value_t = 20)]
    moves: usize,
    /// Think time before each move in milliseconds (±50 % jitter).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Stop after this many seconds at most.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
    /// Seed of the clients' random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Commit mode of the server it starts (`full` or `normal`).
    #[arg(long, default_value = "full")]
    sync: SyncMode,
    /// Time every game (M+S, e.g. 1+0): after its moves each client waits
    /// for the server's flag fall, and the report adds how late after the
    /// deadline the flags fell (p50, p99, max). The test runs that much
    /// longer.
    #[arg(long)]
    clock: Option<kyoku_games::clock::TimeControl>,
    /// Logins kept going at once while the games play (each a client that
    /// logs in to one account again and again): how much a flood of
    /// logins (Argon2 on its own small pool) slows the moves. 0: none.
    #[arg(long, default_value_t = 0)]
    logins: usize,
    /// A program in every game's second seat (`ai:1` … `ai:5`): the
    /// client plays the first, and a move's round trip runs until the
    /// program's answer is seen (its thinking included).
    #[arg(long)]
    program: Option<String>,
    /// Clients asking for Shogun analyses without pause while the games
    /// play (the server the test starts takes them from one address
    /// without a per-client limit): analyses run on their own pool, so
    /// moves should not slow down. 0: none.
    #[arg(long, default_value_t = 0)]
    analysers: usize,
    /// Find how many games a server holds: steps from `--games` up by
    /// `--factor`, each on fresh `kyoku serve` processes, until the p99
    /// round trip passes `--p99-limit-ms` or a move is refused or lost;
    /// prints the curve with the servers' CPU and memory. Use
    /// `--think-ms 5000` for people's pace.
    #[arg(long, conflicts_with_all = ["addrs", "clock", "logins"])]
    capacity: bool,
    /// `--capacity`: each step's games are the last's times this.
    #[arg(long, default_value_t = 1.5)]
    factor: f64,
    /// `--capacity`: the largest step.
    #[arg(long, default_value_t = 20_000)]
    max_games: usize,
    /// `--capacity`: the p99 round trip (ms) a server must keep.
    #[arg(long, default_value_t = 50.0)]
    p99_limit_ms: f64,
    /// `--capacity`: seconds each step's clients play.
    #[arg(long, default_value_t = 60)]
    step_seconds: u64,
    /// `--capacity`: the servers' database, a postgres:// URL shared by
    /// every step (default: a fresh SQLite file per step).
    #[arg(long)]
    serve_db: Option<String>,
    /// `--capacity`: server processes per step, sharing the database (more
    /// than one needs `--serve-db`: only PostgreSQL is shared).
    #[arg(long, default_value_t = 1)]
    instances: usize,
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Runs the server until Ctrl-C or SIGTERM, then shuts it down gracefully.
pub fn serve(a: ServeArgs) -> anyhow::Result<()> {
    init_logs(a.log_format, a.log_level.as_deref())?;
    let rt = runtime()?;
    let out = rt.block_on(serve_on(a));
    // A program still thinking must not hold the exit up.
    rt.shutdown_timeout(std::time::Duration::from_millis(500));
    out
}

/// `--db`: a PostgreSQL URL or a file.
pub(crate) fn parse_location(text: &str) -> Result<Location, String> {
    if text.trim().is_empty() {
        return Err("give a SQLite file or a postgres:// URL".into());
    }
    Ok(Location::parse(text))
}

async fn serve_on(a: ServeArgs) -> anyhow::Result<()> {
    let (sockets, connections) = limits(&a)?;
    let config = Config {
        addr: a.addr,
        db: a.db.clone(),
        ai_threads: a.ai_threads,
        sync: a.sync,
        sockets,
        new_games_per_minute: a.new_games_per_minute,
        connections,
        abandon_after: (!a.abandon_after.is_zero()).then_some(a.abandon_after),
        keep_idle: a.keep_idle,
        secure_cookies: a.behind_https,
    };
    if a.migrate_only {
        let problems = kyoku_server::migrate_only(&config).await?;
        for p in &problems {
            tracing::warn!("cannot read {p}");
        }
        println!(
            "database {} is at schema version {}",
            a.db,
            kyoku_server::store::SCHEMA_VERSION
        );
        return Ok(());
    }
    // Outside engines come only from this command line, never a client.
    let engines: Arc<dyn ProgramSource> = a.engines.engines(false)?;
    let analysis = kyoku_server::AnalysisSettings {
        threads: a.analysis_threads,
        queue: a.analysis_queue,
        per_minute: a.analyses_per_minute,
        ..Default::default()
    };
    let server = Server::start_with_analysis(config, Some(engines), analysis).await?;
    for p in server.problems() {
        tracing::warn!("left out {p}");
    }
    println!(
        "kyoku serving on http://{} (database {})",
        server.addr(),
        a.db
    );
    tracing::info!(addr = %server.addr(), db = %a.db, "serving");
    say_puzzles(&server).await;
    // In the logs: stdout's first line is the address, for scripts.
    match kyoku_dobutsu::solve::shared_table() {
        Ok(_) => tracing::info!(
            "Dōbutsu perfect play and analysis read {}",
            kyoku_dobutsu::solve::default_path(kyoku_dobutsu::solve::Convention::Seed).display()
        ),
        Err(_) if a.build_table => {
            tracing::info!(
                "no Dōbutsu table yet: building it in the background (a minute or two); \
                     perfect play and analysis start when it is written"
            );
            build_table_in_background();
        }
        Err(e) => tracing::warn!(
            "Dōbutsu perfect play and analysis are off: {e}; \
                 or start with --build-table to build it in the background"
        ),
    }
    let signal = async {
        let which = stop_signal().await;
        tracing::info!(signal = which, "stopping");
    };
    server.serve_until(signal, a.shutdown_grace).await?;
    Ok(())
}

/// Says how many puzzles the server serves per game (and how to make
/// them when a game has none).
async fn say_puzzles(server: &Server) {
    match server.puzzle_counts().await {
        Ok(counts) => {
            let n = |g: &str| counts.iter().find(|(k, _)| k == g).map_or(0, |c| c.1);
            let each: Vec<String> = kyoku_games::GameKind::ALL
                .iter()
                .map(|g| format!("{} {}", n(g.name()), g.name()))
                .collect();
            // Not `println!`: a script that read the address line may have
            // closed stdout, and a closed pipe must not stop the server.
            use std::io::Write as _;
            let _ = writeln!(std::io::stdout(), "puzzles: {}", each.join(", "));
            if counts.is_empty() {
                tracing::info!("no puzzles yet: make them with `kyoku puzzles make GAME`");
            }
        }
        Err(e) => tracing::warn!("cannot count the puzzles: {e}"),
    }
}

/// The connection and WebSocket limits of the flags, checked against each
/// other.
fn limits(
    a: &ServeArgs,
) -> anyhow::Result<(kyoku_server::SocketLimits, kyoku_server::ConnectionLimits)> {
    use std::time::Duration;
    if a.max_connections == 0 || a.header_timeout == 0 || a.idle_timeout == 0 {
        anyhow::bail!("--max-connections, --header-timeout and --idle-timeout must be at least 1");
    }
    let total = a.max_sockets.unwrap_or(a.max_connections * 7 / 8);
    if total >= a.max_connections {
        anyhow::bail!(
            "--max-sockets {total} must be below --max-connections {}: every WebSocket is \
             also a connection, and plain requests need some left",
            a.max_connections
        );
    }
    Ok((
        kyoku_server::SocketLimits {
            per_game: a.max_sockets_per_game,
            total,
        },
        kyoku_server::ConnectionLimits {
            header_timeout: Duration::from_secs(a.header_timeout),
            idle_timeout: Duration::from_secs(a.idle_timeout),
            max: a.max_connections,
        },
    ))
}

/// Solves Dōbutsu on a thread of its own and writes the table where the
/// server looks for it; progress and the end are logged on stderr, as a
/// server logs.
fn build_table_in_background() {
    let spawned = std::thread::Builder::new()
        .name("dobutsu-table".into())
        .spawn(|| {
            let t0 = std::time::Instant::now();
            match build_table(t0) {
                Ok(path) => tracing::info!(
                    "Dōbutsu table written to {} in {:.0} s: perfect play and analysis are on",
                    path.display(),
                    t0.elapsed().as_secs_f64()
                ),
                Err(e) => tracing::error!(
                    "Dōbutsu table not built: {e:#} (try `kyoku solve dobutsu` to see more)"
                ),
            }
        });
    if let Err(e) = spawned {
        tracing::error!("cannot start building the Dōbutsu table: {e}");
    }
}

/// The solve behind `--build-table`: one worker thread, so the programs in
/// play keep the other cores; returns where the table was written, once the
/// server can read it.
fn build_table(t0: std::time::Instant) -> anyhow::Result<PathBuf> {
    use kyoku_dobutsu::solve::{self, Convention, Event};
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .context("starting the solver's thread")?;
    let progress = |e: Event| {
        if let Event::Phase { name, .. } = e {
            tracing::info!(
                "Dōbutsu table: {name} ({:.0} s)",
                t0.elapsed().as_secs_f64()
            );
        }
    };
    let tb = pool.install(|| solve::solve(Convention::Seed, &progress))?;
    let path = solve::default_path(Convention::Seed);
    tb.write(&path)?;
    solve::shared_table()?;
    Ok(path)
}

/// The load test the flags ask for.
fn load_config(a: &LoadtestArgs) -> LoadConfig {
    LoadConfig {
        addrs: a.addrs.clone(),
        games: a.games,
        moves: a.moves,
        think_ms: a.think_ms,
        timeout_s: a.timeout,
        seed: a.seed,
        sync: a.sync,
        clock: a.clock,
        logins: a.logins,
        program: a.program.clone(),
        analysers: a.analysers,
    }
}

/// Runs the load test and prints its one-line report.
pub fn loadtest(a: LoadtestArgs) -> anyhow::Result<()> {
    if a.capacity {
        return capacity_curve(a);
    }
    let report = runtime()?.block_on(run(load_config(&a)))?;
    println!("{report}");
    print_error_kinds(&report);
    if report.errors > 0 || report.timed_out {
        anyhow::bail!(
            "{} moves refused or lost{}",
            report.errors,
            if report.timed_out { ", timed out" } else { "" }
        );
    }
    Ok(())
}

/// Says on stderr what a load test's errors were, so the limit hit is
/// named.
fn print_error_kinds(report: &crate::loadtest::Report) {
    for (why, n) in &report.error_kinds {
        eprintln!("  {n} × {why}");
    }
}

/// `kyoku loadtest --capacity`: prints the curve, one line a step.
fn capacity_curve(a: LoadtestArgs) -> anyhow::Result<()> {
    anyhow::ensure!(a.games > 0, "--games must be at least 1");
    anyhow::ensure!(a.instances > 0, "--instances must be at least 1");
    anyhow::ensure!(
        a.instances == 1 || a.serve_db.is_some(),
        "--instances {} needs --serve-db postgres://…: instances share games only through \
         PostgreSQL (two processes on one SQLite file would each keep their own copy)",
        a.instances
    );
    anyhow::ensure!(a.factor > 1.0, "--factor must be above 1");
    let cfg = crate::loadtest::CapacityConfig {
        // No addresses, clock or logins: the flags conflict with --capacity.
        base: load_config(&a),
        start_games: a.games,
        factor: a.factor,
        max_games: a.max_games.max(a.games),
        p99_limit_ms: a.p99_limit_ms,
        step_seconds: a.step_seconds,
        db: a.serve_db,
        instances: a.instances,
    };
    println!("{}", crate::loadtest::CAPACITY_HEADER);
    let steps = runtime()?.block_on(crate::loadtest::capacity(&cfg, |s| {
        println!("{s}");
        print_error_kinds(&s.report);
    }))?;
    let held = steps.iter().rev().find(|s| !s.over(cfg.p99_limit_ms));
    match held {
        Some(s) => println!(
            "held: {} games ({:.0} moves/s) with p99 {:.2} ms",
            s.report.games, s.report.moves_per_second, s.report.p99_ms
        ),
        None => println!("held: none of the steps (start lower with --games)"),
    }
    Ok(())
}

/// Reads a span of time: `0`, or a whole number with a unit `d`, `h`, `m`
/// or `s`.
fn parse_span(text: &str) -> Result<std::time::Duration, String> {
    if text == "0" {
        return Ok(std::time::Duration::ZERO);
    }
    let bad = || format!("{text:?} is not a span like 14d, 36h, 90m, 30s or 0");
    let unit = text.chars().last().ok_or_else(bad)?;
    let secs = match unit {
        'd' => 86_400,
        'h' => 3_600,
        'm' => 60,
        's' => 1,
        _ => return Err(bad()),
    };
    let n: u64 = text[..text.len() - 1].parse().map_err(|_| bad())?;
    n.checked_mul(secs)
        .map(std::time::Duration::from_secs)
        .ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::parse_span;
    use std::time::Duration;

    #[test]
    fn spans_read_and_bad_ones_are_refused() {
        assert_eq!(parse_span("14d"), Ok(Duration::from_secs(14 * 86_400)));
        assert_eq!(parse_span("90m"), Ok(Duration::from_secs(5_400)));
        assert_eq!(parse_span("0"), Ok(Duration::ZERO));
        for bad in [
            "",
            "d",
            "14",
            "1.5d",
            "-1d",
            "99999999999999999999d",
            "3w",
            "é",
        ] {
            assert!(parse_span(bad).is_err(), "{bad}");
        }
    }
}
