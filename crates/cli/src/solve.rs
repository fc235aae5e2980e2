//! `kyoku solve dobutsu` and `kyoku analyze dobutsu`: the strong solution
//! of Dōbutsu Shōgi and perfect-play analysis from its table.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use kyoku_dobutsu::solve::{self, Convention, Event, Tablebase};

use crate::common::PositionFlags as _;
use crate::dobutsu::PositionArgs;

/// `kyoku solve dobutsu`.
#[derive(Args)]
pub struct SolveArgs {
    /// Rules: `seed` (the product's) or `tanaka` (the 2009 paper's, to
    /// check against its figures).
    #[arg(long, default_value = "seed")]
    convention: Convention,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Table file to write (or, with --verify, to read); default: the data
    /// directory ($KYOKU_DATA_DIR, else $XDG_DATA_HOME/kyoku, else
    /// ~/.local/share/kyoku).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Print one JSON object with the paper's figures (adds a forward search
    /// from the start: about 215 MB more memory and some seconds).
    #[arg(long)]
    json: bool,
    /// Do not solve: check this many seeded random positions of the existing
    /// table (stored value = one-ply search over the children's stored
    /// values); prints the number checked last.
    #[arg(long, value_name = "N")]
    verify: Option<u64>,
    /// Seed for --verify's sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print wall time and peak memory (resident set) on stderr at the end.
    #[arg(long)]
    stats: bool,
    /// Solve a smaller game instead: the Lions and this many Giraffes,
    /// Elephants and Chicks, e.g. `1,0,1` (for checks).
    #[arg(long, hide = true, value_parser = parse_material)]
    material: Option<[u8; 3]>,
    /// Use the existing table file (checksum checked) instead of solving
    /// again, e.g. to print --json.
    #[arg(long)]
    reuse: bool,
}

fn parse_material(s: &str) -> Result<[u8; 3], String> {
    let v: Vec<u8> = s
        .split(',')
        .map(|x| x.trim().parse::<u8>().ok().filter(|&n| n <= 2))
        .collect::<Option<_>>()
        .ok_or("material is three counts 0-2: Giraffes,Elephants,Chicks")?;
    v.try_into()
        .map_err(|_| "material is three counts 0-2: Giraffes,Elephants,Chicks".to_string())
}

/// `kyoku analyze dobutsu`.
#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Table file (default: the `seed` table in the data directory).
    #[arg(long)]
    table: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Search (alpha-beta) instead of reading the table.
    #[command(flatten)]
    search: crate::analyze::SearchArgs,
    #[command(flatten)]
    lines: crate::analyze::LinesArgs,
}

/// Draws the solver's phases as progress bars on stderr (hidden when stderr
/// is not a terminal).
struct Bars {
    bar: Mutex<Option<ProgressBar>>,
    /// When each phase started, for --stats.
    phases: Mutex<Vec<(String, Instant)>>,
}

impl Bars {
    fn event(&self, e: Event) {
        let mut b = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match e {
            Event::Phase { name, total } => {
                self.phases
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((name.to_string(), Instant::now()));
                if let Some(old) = b.take() {
                    old.finish();
                }
                let bar = if total > 0 {
                    let bar = ProgressBar::new(total);
                    bar.set_style(
                        ProgressStyle::with_template(
                            "{prefix:>16} [{bar:40}] {percent:>3}% {elapsed_precise} ETA {eta}",
                        )
                        .expect("a valid template")
                        .progress_chars("=> "),
                    );
                    bar
                } else {
                    let bar = ProgressBar::new_spinner();
                    bar.set_style(
                        ProgressStyle::with_template(
                            "{prefix:>16} {spinner} {human_pos} positions {elapsed_precise}",
                        )
                        .expect("a valid template"),
                    );
                    bar
                };
                bar.set_prefix(name.to_string());
                *b = Some(bar);
            }
            Event::Advance(n) => {
                if let Some(bar) = b.as_ref() {
                    bar.inc(n);
                }
            }
        }
    }
    fn finish(&self) {
        if let Some(old) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            old.finish_and_clear();
        }
    }
}

/// Peak resident set of this process in KiB (Linux), if known.
fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `kyoku solve dobutsu`.
pub fn solve(a: SolveArgs) -> anyhow::Result<()> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = a.threads {
        anyhow::ensure!(n >= 1, "--threads must be at least 1");
        pool = pool.num_threads(n);
    }
    let pool = pool.build().context("starting worker threads")?;
    pool.install(|| run_solve(a))
}

fn run_solve(a: SolveArgs) -> anyhow::Result<()> {
    let t0 = Instant::now();
    let path = a
        .output
        .clone()
        .unwrap_or_else(|| solve::default_path(a.convention));
    let mut out = std::io::stdout().lock();
    if let Some(n) = a.verify {
        let tb = open_table(&path, a.convention)?;
        let checked = tb.verify(n, a.seed).map_err(|e| anyhow::anyhow!("{e}"))?;
        writeln!(
            out,
            "consistent: every sampled value equals the one-ply search"
        )?;
        writeln!(out, "{checked}")?;
        return Ok(());
    }
    let bars = Bars {
        bar: Mutex::new(None),
        phases: Mutex::new(Vec::new()),
    };
    let progress = |e: Event| bars.event(e);
    let reused = a.reuse && a.material.is_none() && path.exists();
    let tb = match a.material {
        _ if reused => open_table(&path, a.convention)?,
        Some(m) => {
            anyhow::ensure!(
                !a.json,
                "--json needs the real game's table (no --material)"
            );
            anyhow::ensure!(a.output.is_some(), "a smaller game's table needs -o FILE");
            solve::solve_material(m, a.convention)?
        }
        None => solve::solve(a.convention, &progress)?,
    };
    let solved = t0.elapsed();
    bars.event(Event::Phase {
        name: "writing",
        total: 0,
    });
    let sum = if reused {
        solve::checksum_of(&path)?
    } else {
        tb.write(&path)?
    };
    let written = t0.elapsed();
    if a.json {
        let c = solve::paper_counts(&tb, &progress);
        bars.finish();
        print_json(&mut out, &a, &tb, &c, &path, sum)?;
    } else {
        bars.finish();
        print_summary(&mut out, &a, &tb, &path, sum)?;
    }
    if a.stats {
        print_stats(&bars, solved, written, t0);
    }
    Ok(())
}

/// The table at `path`, checked whole, of `convention`.
fn open_table(path: &std::path::Path, convention: Convention) -> anyhow::Result<Tablebase> {
    let tb = Tablebase::open(path, true)?;
    anyhow::ensure!(
        tb.convention() == convention,
        "{} holds the {} convention, not {}",
        path.display(),
        tb.convention().name(),
        convention.name()
    );
    Ok(tb)
}

/// `--json`: the paper's figures of the forward search and the table's.
fn print_json(
    out: &mut impl Write,
    a: &SolveArgs,
    tb: &Tablebase,
    c: &solve::PaperCounts,
    path: &std::path::Path,
    sum: u64,
) -> anyhow::Result<()> {
    let s = tb.summary();
    let j = serde_json::json!({
        "convention": a.convention.name(),
        "reachable": c.reachable,
        "terminal_capture": c.terminal_capture,
        "terminal_try": c.terminal_try,
        "unfinished": c.unfinished,
        "win": c.win,
        "draw": c.draw,
        "loss": c.loss,
        "start_value": c.start.word(),
        "start_plies": c.start.plies(),
        "longest_win_plies": c.longest_win_plies,
        "reachable_unmirrored": c.reachable_unmirrored,
        "table_positions": s.positions,
        "table_win": s.win,
        "table_draw": s.draw,
        "table_loss": s.loss,
        "table_longest_win_plies": s.longest_win,
        "table_file": path.display().to_string(),
        "table_checksum": format!("{sum:016x}"),
    });
    writeln!(out, "{j}")?;
    Ok(())
}

/// The table's totals for a person.
fn print_summary(
    out: &mut impl Write,
    a: &SolveArgs,
    tb: &Tablebase,
    path: &std::path::Path,
    sum: u64,
) -> anyhow::Result<()> {
    let s = tb.summary();
    let start = tb
        .value(&kyoku_dobutsu::Position::startpos())
        .map_or("not in this table".to_string(), |v| v.to_string());
    writeln!(
        out,
        "Dōbutsu Shōgi solved ({} convention): {} positions, side to move wins {}, draws {}, loses {}",
        a.convention.name(),
        s.positions,
        s.win,
        s.draw,
        s.loss
    )?;
    writeln!(
        out,
        "longest win {} plies, longest loss {} plies",
        s.longest_win, s.longest_loss
    )?;
    writeln!(out, "start: {start} for the side to move")?;
    writeln!(out, "table: {} (checksum {sum:016x})", path.display())?;
    Ok(())
}

/// `--stats`: phase times and peak memory on stderr.
fn print_stats(bars: &Bars, solved: Duration, written: Duration, t0: Instant) {
    let phases = bars.phases.lock().unwrap_or_else(|e| e.into_inner());
    let ends = phases
        .iter()
        .skip(1)
        .map(|(_, t)| *t)
        .chain([Instant::now()]);
    let parts: Vec<String> = phases
        .iter()
        .zip(ends)
        .map(|((name, t), end)| format!("{name} {:.2} s", (end - *t).as_secs_f64()))
        .collect();
    eprintln!("stats: phases: {}", parts.join(", "));
    let rss = peak_rss_kib().map_or("unknown".into(), |k| {
        format!("{:.1} MiB", k as f64 / 1024.0)
    });
    eprintln!(
        "stats: solved in {:.2} s, written by {:.2} s, total {:.2} s; peak resident {rss}; threads {}",
        solved.as_secs_f64(),
        written.as_secs_f64(),
        t0.elapsed().as_secs_f64(),
        rayon::current_num_threads()
    );
}

/// Runs `kyoku analyze dobutsu`.
pub fn analyze(a: AnalyzeArgs) -> anyhow::Result<()> {
    let rec = a.pos.record()?;
    let text = a.pos.text_at_end(&rec);
    if a.lines.given() {
        let text = kyoku_core::Position::to_text(rec.position());
        let start = kyoku_games::analyse::Start::Position(text);
        let (game, options) = (kyoku_games::GameKind::Dobutsu, serde_json::Value::Null);
        return crate::analyze::site_analysis(game, options, start, a.lines, a.search, a.json);
    }
    if a.search.given() {
        return crate::analyze::dobutsu(&rec, &text, a.search, a.json);
    }
    let pos = rec.position();
    let tb = match &a.table {
        Some(p) => std::sync::Arc::new(Tablebase::open(p, false)?),
        None => solve::shared_table()?,
    };
    anyhow::ensure!(
        tb.convention() == Convention::Seed,
        "analysis follows the product's rules: use a table of the seed convention"
    );
    anyhow::ensure!(
        tb.covers(pos),
        "the table holds only positions with {:?} Giraffes, Elephants and Chicks",
        tb.material()
    );
    let mut out = std::io::stdout().lock();
    let own = tb.value(pos);
    let moves = solve::analyze(&tb, pos);
    if a.json {
        let j = serde_json::json!({
            "fen": text,
            "value": own.map(|v| v.word()),
            "plies": own.and_then(|v| v.plies()),
            "moves": moves.iter().map(|(m, v)| serde_json::json!({
                "move": m.to_string(),
                "value": v.word(),
                "plies": v.plies(),
            })).collect::<Vec<_>>(),
        });
        writeln!(out, "{j}")?;
        return Ok(());
    }
    writeln!(out, "position: {text}")?;
    match own {
        None => writeln!(out, "value: game over")?,
        Some(v) => writeln!(out, "value: {v} for {} to move", pos.turn())?,
    }
    for (m, v) in moves {
        writeln!(out, "{m:<6} {v}")?;
    }
    Ok(())
}
