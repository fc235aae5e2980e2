//! `kyoku loadtest --capacity`: how many concurrent games one server holds.
//!
//! Each step starts fresh server processes (`kyoku serve`, this same
//! binary) so that their CPU time and memory can be read apart from the
//! load generator's, plays the step's games for a fixed number of moves
//! each, and reads the processes' CPU and resident memory from `/proc`.
//! Steps grow by a factor until the move round trip's p99 passes the limit,
//! a move is refused or lost, or the largest step was played.
//!
//! The generator's own CPU is printed beside the servers': while it stays
//! well below a core per server core, the servers, not the generator, are
//! what the curve measures.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::{LoadConfig, LoadError, Report, run};

/// `/proc`'s CPU times are in clock ticks of `USER_HZ`, which Linux fixes
/// at 100 for every user-space interface whatever the kernel's own HZ.
const USER_HZ: f64 = 100.0;

/// What `--capacity` runs.
#[derive(Clone, Debug)]
pub struct CapacityConfig {
    /// Think time, seed and commit mode of every step (games and moves are
    /// set per step; addresses are the started servers').
    pub base: LoadConfig,
    /// Games of the first step.
    pub start_games: usize,
    /// Each step's games are the last step's times this.
    pub factor: f64,
    /// No step plays more games than this.
    pub max_games: usize,
    /// The p99 round trip, ms, past which the search stops.
    pub p99_limit_ms: f64,
    /// How long each step's clients play, roughly (moves per client are
    /// this over the think time).
    pub step_seconds: u64,
    /// The started servers' database: `None` a fresh SQLite file per step;
    /// else a PostgreSQL URL shared by every step and instance.
    pub db: Option<String>,
    /// Server processes per step, sharing the database.
    pub instances: usize,
}

/// One step of the curve.
#[derive(Clone, Debug)]
pub struct Step {
    /// The load test's report of the step.
    pub report: Report,
    /// CPU of all the step's servers over the step, in cores (1.0 = one
    /// core busy the whole time).
    pub server_cores: f64,
    /// Resident memory of the step's servers at its end, MiB (summed).
    pub server_rss_mib: f64,
    /// The generator's own CPU over the step, in cores.
    pub client_cores: f64,
}

impl Step {
    /// Whether this step is past what the server holds.
    pub fn over(&self, limit_ms: f64) -> bool {
        self.report.p99_ms > limit_ms || self.report.errors > 0 || self.report.timed_out
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = &self.report;
        write!(
            f,
            "{:>7} {:>9.0} {:>8.2} {:>8.2} {:>7} {:>12.2} {:>10.0} {:>12.2}",
            r.games,
            r.moves_per_second,
            r.p50_ms,
            r.p99_ms,
            r.errors,
            self.server_cores,
            self.server_rss_mib,
            self.client_cores
        )
    }
}

/// The curve's header, matching [`Step`]'s `Display`.
pub const HEADER: &str =
    "  games   moves/s  p50 ms   p99 ms  errors server-cores server-MiB client-cores";

/// A started `kyoku serve` and what it runs on.
struct Instance {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Instance {
    fn drop(&mut self) {
        // A throw-away server: nothing of it is kept.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `kyoku serve` on loopback with limits above `games`.
fn start_instance(db: &str, games: usize) -> Result<Instance, LoadError> {
    let exe = std::env::current_exe().map_err(|e| {
        LoadError::Setup(format!("cannot find this program to start a server: {e}"))
    })?;
    // A WebSocket per game, and each is a connection too: the clients'
    // plain requests (at most 64 at once) need room beside them.
    let sockets = (games + 100).to_string();
    let connections = (games + 300).to_string();
    let mut child = Command::new(exe)
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .args(["--new-games-per-minute", "0", "--log-level", "error"])
        .args(["--max-connections", &connections, "--max-sockets", &sockets])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| LoadError::Setup(format!("cannot start kyoku serve: {e}")))?;
    let Some(out) = child.stdout.take() else {
        let _ = child.kill();
        return Err(LoadError::Setup("kyoku serve gave no output".into()));
    };
    let mut lines = BufReader::new(out).lines();
    let addr = lines.by_ref().map_while(Result::ok).find_map(|l| {
        let rest = l.split("http://").nth(1)?;
        rest.split_whitespace()
            .next()?
            .trim_end_matches('/')
            .parse()
            .ok()
    });
    // Its later lines are not read: drain them so it never blocks writing.
    std::thread::spawn(move || lines.for_each(drop));
    match addr {
        Some(addr) => Ok(Instance { child, addr }),
        None => {
            let _ = child.kill();
            Err(LoadError::Setup(
                "kyoku serve did not say where it serves".into(),
            ))
        }
    }
}

/// A process's CPU time so far, seconds (`/proc/PID/stat`, user + system).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces; the fields after it are plain.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    // utime and stime are the 14th and 15th fields; `fields` starts at the 3rd.
    Some((ticks(11)? + ticks(12)?) / USER_HZ)
}

/// A process's resident memory, MiB (`/proc/PID/status`, `VmRSS`).
fn rss_mib(pid: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// A fresh SQLite file for one step, in the temporary directory.
fn fresh_sqlite(games: usize) -> PathBuf {
    std::env::temp_dir().join(format!("kyoku-capacity-{}-{games}.db", std::process::id()))
}

/// Plays one step of `games` games on fresh servers.
async fn step(cfg: &CapacityConfig, games: usize) -> Result<Step, LoadError> {
    let file = fresh_sqlite(games);
    let db = match &cfg.db {
        Some(url) => url.clone(),
        None => file.display().to_string(),
    };
    let instances = (0..cfg.instances.max(1))
        .map(|_| start_instance(&db, games))
        .collect::<Result<Vec<_>, _>>()?;
    let pids: Vec<String> = instances.iter().map(|i| i.child.id().to_string()).collect();
    let cpu = |pid: &str| cpu_seconds(pid).unwrap_or(0.0);
    let server_before: f64 = pids.iter().map(|p| cpu(p)).sum();
    let client_before = cpu("self");
    let began = Instant::now();
    let think_s = (cfg.base.think_ms.max(1) as f64) / 1000.0;
    let moves = ((cfg.step_seconds as f64 / think_s).ceil() as usize).max(1);
    let report = run(LoadConfig {
        addrs: instances.iter().map(|i| i.addr).collect(),
        games,
        moves,
        // Room for setting the games up and reading them back.
        timeout_s: cfg.step_seconds * 3 + 60,
        ..cfg.base.clone()
    })
    .await?;
    let wall = began.elapsed().as_secs_f64().max(1e-9);
    let server_cores = (pids.iter().map(|p| cpu(p)).sum::<f64>() - server_before) / wall;
    let server_rss_mib = pids.iter().filter_map(|p| rss_mib(p)).sum();
    let client_cores = (cpu("self") - client_before) / wall;
    drop(instances);
    if cfg.db.is_none() {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
        }
    }
    Ok(Step {
        report,
        server_cores,
        server_rss_mib,
        client_cores,
    })
}

/// Runs the steps, printing each as it ends (`print`), until one is over
/// the limit or the largest was played; returns them all.
pub async fn capacity(
    cfg: &CapacityConfig,
    mut print: impl FnMut(&Step),
) -> Result<Vec<Step>, LoadError> {
    // The generator holds a WebSocket per game, as the servers do: better
    // refused now, saying why, than failing mid-curve with "too many open
    // files".
    kyoku_server::make_room(cfg.max_games).map_err(|e| {
        LoadError::Setup(format!(
            "the load generator itself: {e} (lower --max-games)"
        ))
    })?;
    let mut steps = Vec::new();
    let mut games = cfg.start_games.max(1);
    loop {
        let s = step(cfg, games).await?;
        print(&s);
        let over = s.over(cfg.p99_limit_ms);
        steps.push(s);
        if over || games >= cfg.max_games {
            return Ok(steps);
        }
        // Pause between steps so the last one's sockets are gone.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let next = ((games as f64) * cfg.factor.max(1.01)).round() as usize;
        games = next.max(games + 1).min(cfg.max_games);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_s_cpu_and_memory_are_read() {
        let busy = Instant::now();
        let mut x = 0u64;
        while busy.elapsed() < Duration::from_millis(50) {
            x = x.wrapping_mul(31).wrapping_add(7);
        }
        assert!(x != 1);
        let cpu = cpu_seconds("self").expect("a CPU time");
        assert!(cpu > 0.0, "{cpu}");
        let rss = rss_mib("self").expect("a resident size");
        assert!(rss > 1.0, "{rss}");
        assert_eq!(cpu_seconds("no-such-process"), None);
    }
}
