//! The fault harness's parts: the cluster it restarts and kills, a TCP
//! proxy that slows or cuts the path to it, a client that takes every
//! connection, the server instances (one of which may be killed), the
//! scripted players and what they were answered; `run.rs` plays it all
//! through, for one instance or several.
#![allow(dead_code)]

mod instances;
mod run;

pub use instances::{Instance, Routes};
pub use run::{Plan, run};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kyoku_server::store::Location;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// The throw-away cluster named by the environment.
pub struct Cluster {
    /// A URL of a role that may create databases.
    pub admin: String,
    data: PathBuf,
    bin: PathBuf,
    owner: Option<String>,
}

impl Cluster {
    /// The cluster of `KYOKU_FAULTS_*`, when set.
    pub fn from_env() -> Option<Cluster> {
        let var = |n: &str| std::env::var(n).ok().filter(|v| !v.is_empty());
        Some(Cluster {
            admin: var("KYOKU_FAULTS_POSTGRES")?,
            data: var("KYOKU_FAULTS_PGDATA")?.into(),
            bin: var("KYOKU_FAULTS_PGBIN")?.into(),
            owner: var("KYOKU_FAULTS_PGUSER"),
        })
    }

    /// Host and port of the admin URL.
    pub fn addr(&self) -> SocketAddr {
        let rest = self.admin.split_once('@').map_or("", |(_, r)| r);
        let hostport = rest.split(['/', '?']).next().unwrap_or("");
        hostport.parse().expect("the URL names 127.0.0.1:PORT")
    }

    /// Runs `pg_ctl` on the cluster (as its owner), waiting for it.
    pub fn pg_ctl(&self, args: &[&str]) {
        let pg_ctl = self.bin.join("pg_ctl");
        let log = self.data.parent().unwrap().join("server.log");
        let mut cmd = match &self.owner {
            Some(u) => {
                let mut c = Command::new("runuser");
                c.args(["-u", u, "--"]).arg(&pg_ctl);
                c
            }
            None => Command::new(&pg_ctl),
        };
        cmd.arg("-D")
            .arg(&self.data)
            .arg("-l")
            .arg(&log)
            .args(["-w", "-t", "60"])
            .args(args);
        let out = cmd.output().expect("pg_ctl runs");
        // `restart` of a stopped or killed server says so and starts it.
        assert!(
            out.status.success() || args[0] == "restart",
            "pg_ctl {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// SIGKILL to the postmaster and each of its children, by id.
    pub fn kill_all(&self) {
        let pid_file = std::fs::read_to_string(self.data.join("postmaster.pid")).unwrap();
        let postmaster: u32 = pid_file.lines().next().unwrap().trim().parse().unwrap();
        let mut pids = vec![postmaster];
        pids.extend(children(postmaster));
        let status = Command::new("kill")
            .arg("-KILL")
            .args(pids.iter().map(u32::to_string))
            .status()
            .unwrap();
        assert!(status.success(), "kill -KILL {pids:?}");
    }
}

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(n) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{n}/stat")) else {
            continue;
        };
        // pid (comm) state ppid …; comm may hold spaces.
        let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
        if after.split_whitespace().nth(1) == Some(&pid.to_string()) {
            out.push(n);
        }
    }
    out
}

/// `url` with its host and port replaced by `addr`.
pub fn with_addr(url: &str, addr: SocketAddr) -> String {
    let (head, rest) = url.split_once('@').unwrap();
    let tail = &rest[rest.find(['/', '?']).unwrap_or(rest.len())..];
    format!("{head}@{addr}{tail}")
}

/// A TCP proxy between the server and PostgreSQL: each chunk delayed by
/// `delay_ms`, nothing passed on while `paused` (it is kept, as TCP keeps
/// what a cut path could not carry).
pub struct Proxy {
    /// Where the server connects.
    pub addr: SocketAddr,
    /// Added to each direction.
    pub delay_ms: Arc<AtomicU64>,
    /// The path cut.
    pub paused: Arc<AtomicBool>,
}

impl Proxy {
    /// Listens on a loopback port, forwarding to `target`.
    pub async fn start(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let delay_ms = Arc::new(AtomicU64::new(0));
        let paused = Arc::new(AtomicBool::new(false));
        let (d, p) = (delay_ms.clone(), paused.clone());
        tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                let Ok(outbound) = TcpStream::connect(target).await else {
                    continue; // the database is down: the client sees a close
                };
                let (ir, iw) = inbound.into_split();
                let (or, ow) = outbound.into_split();
                tokio::spawn(pump(ir, ow, d.clone(), p.clone()));
                tokio::spawn(pump(or, iw, d.clone(), p.clone()));
            }
        });
        Proxy {
            addr,
            delay_ms,
            paused,
        }
    }
}

/// One direction: read, hold until due (and while paused), write.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    delay_ms: Arc<AtomicU64>,
    paused: Arc<AtomicBool>,
) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
    tokio::spawn(async move {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            match from.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    let due =
                        Instant::now() + Duration::from_millis(delay_ms.load(Ordering::SeqCst));
                    if tx.send((due, buf[..n].to_vec())).is_err() {
                        return;
                    }
                }
            }
        }
    });
    while let Some((due, bytes)) = rx.recv().await {
        tokio::time::sleep_until(due.into()).await;
        while paused.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if to.write_all(&bytes).await.is_err() {
            return;
        }
    }
    let _ = to.shutdown().await;
}

/// Another client holding every connection the database allows, after
/// making the server's own connections go (they are ended by
/// `pg_terminate_backend`, and the hog takes their places).
pub struct Hog {
    clients: Vec<(tokio_postgres::Client, JoinHandle<()>)>,
}

impl Hog {
    /// Takes every connection it can, three rounds.
    pub async fn take(admin: &str) -> Hog {
        let mut hog = Hog {
            clients: Vec::new(),
        };
        for _ in 0..3 {
            hog.fill(admin).await;
            if let Some((c, _)) = hog.clients.first() {
                let _ = c
                    .execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                         WHERE application_name = 'kyoku' AND pid <> pg_backend_pid()",
                        &[],
                    )
                    .await;
            }
        }
        hog.fill(admin).await;
        hog
    }

    async fn fill(&mut self, admin: &str) {
        while self.clients.len() < 1000 {
            match tokio_postgres::connect(admin, tokio_postgres::NoTls).await {
                Ok((c, conn)) => {
                    let h = tokio::spawn(async move {
                        let _ = conn.await;
                    });
                    self.clients.push((c, h));
                }
                Err(_) => return,
            }
        }
    }

    /// Connections held.
    pub fn held(&self) -> usize {
        self.clients.len()
    }
}

impl Drop for Hog {
    fn drop(&mut self) {
        for (_, h) in &self.clients {
            h.abort();
        }
    }
}

/// One move sent: its game, the ply it was meant for, the move, the
/// answer's status, code and message, when and how long.
#[derive(Debug, Clone)]
pub struct Sent {
    pub game: String,
    pub ply: u64,
    pub mv: String,
    pub status: u16,
    pub code: String,
    /// The answer's message: what a failure no fault allows says of itself.
    pub message: String,
    pub took: Duration,
}

/// What the players were answered.
#[derive(Default)]
pub struct Log {
    sent: Mutex<Vec<Sent>>,
    games: Mutex<Vec<(String, bool)>>,
    slowest: Mutex<Duration>,
}

impl Log {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Sent>> {
        self.sent.lock().unwrap()
    }

    fn push(&self, s: Sent) {
        self.lock().push(s);
    }

    fn took(&self, d: Duration) {
        let mut m = self.slowest.lock().unwrap();
        *m = (*m).max(d);
    }

    /// Moves acknowledged so far.
    pub fn acked_count(&self) -> usize {
        self.lock().iter().filter(|s| s.status == 200).count()
    }

    /// Moves refused with 503 `unavailable` or `busy` so far.
    pub fn refused_count(&self) -> usize {
        self.lock().iter().filter(|s| refused(s)).count()
    }

    /// Moves refused with 503 `busy` so far.
    pub fn busy_count(&self) -> usize {
        self.lock().iter().filter(|s| s.code == "busy").count()
    }

    /// The times of the acknowledgements after the first `skip`, in ms.
    pub fn ack_latencies_since(&self, skip: usize) -> Vec<u64> {
        self.lock()
            .iter()
            .filter(|s| s.status == 200)
            .skip(skip)
            .map(|s| s.took.as_millis() as u64)
            .collect()
    }

    /// Checks every game against its stored history.
    pub async fn check(&self, db: &Location) -> Verdict {
        let sent = self.lock().clone();
        let games = self.games.lock().unwrap().clone();
        let mut v = Verdict {
            slowest: *self.slowest.lock().unwrap(),
            ..Verdict::default()
        };
        for (id, _) in &games {
            let stored = kyoku_server::store::stored_moves(db, id)
                .await
                .expect("the store reads")
                .unwrap_or_default();
            let at = |ply: u64| stored.get(ply as usize).cloned();
            let mine = sent.iter().filter(|s| &s.game == id);
            for s in mine {
                let here = at(s.ply).as_deref() == Some(s.mv.as_str());
                if s.status == 200 {
                    v.acked += 1;
                    if !here {
                        v.lost.push(s.clone());
                    }
                } else if refused(s) {
                    v.refused += 1;
                    // The same move sent again may have been stored by
                    // that later try: acknowledged, or in doubt (lost
                    // during its commit), or cut off by a killed instance.
                    let stored_later = sent.iter().any(|o| {
                        o.game == s.game
                            && o.ply == s.ply
                            && o.mv == s.mv
                            && (o.status == 200 || o.code == "in_doubt" || o.code == KILLED)
                    });
                    if here && !stored_later {
                        v.refused_but_stored.push(s.clone());
                    }
                } else if s.code == "in_doubt" {
                    v.in_doubt += 1;
                } else if s.code == KILLED {
                    v.killed += 1;
                } else if s.status >= 500 || s.status == 0 {
                    v.bad.push(s.clone());
                }
            }
        }
        v.games = games.len();
        v
    }

    /// The timed games among these that ended on time (as an instance
    /// alive tells).
    pub async fn lost_on_time(&self, routes: &Routes) -> Vec<String> {
        let games = self.games.lock().unwrap().clone();
        let mut lost = Vec::new();
        for (id, _) in games.iter().filter(|(_, timed)| *timed) {
            let (_, base) = routes.pick(0);
            let state = get_json(&format!("{base}/api/games/{id}")).await;
            if state.is_some_and(|s| s["result"]["reason"] == "time") {
                lost.push(id.clone());
            }
        }
        lost
    }
}

/// The code of a request left unanswered because its instance was
/// killed under it: stored or not, as a request in doubt.
pub const KILLED: &str = "killed";

fn refused(s: &Sent) -> bool {
    s.status == 503 && (s.code == "unavailable" || s.code == "busy")
}

/// The check's findings.
#[derive(Debug, Default)]
pub struct Verdict {
    pub games: usize,
    pub acked: usize,
    pub refused: usize,
    pub in_doubt: usize,
    pub killed: usize,
    pub lost: Vec<Sent>,
    pub refused_but_stored: Vec<Sent>,
    pub bad: Vec<Sent>,
    pub slowest: Duration,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games; {} moves acknowledged ({} lost), {} refused with 503 ({} stored \
             nevertheless), {} in doubt, {} unanswered by the instance killed, {} other \
             failures; the slowest answer {} ms",
            self.games,
            self.acked,
            self.lost.len(),
            self.refused,
            self.refused_but_stored.len(),
            self.in_doubt,
            self.killed,
            self.bad.len(),
            self.slowest.as_millis()
        )
    }
}

/// The scripted players: each plays both seats of its game over HTTP,
/// a new game when one ends. Each turn goes to the next instance alive
/// (as a load balancer spreads requests), so a game made on one instance
/// is played on the others.
pub struct Players {
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Players {
    /// `n` players, the first `timed` of them on `clock`.
    pub fn start(
        routes: &Arc<Routes>,
        n: usize,
        timed: usize,
        clock: &str,
        log: Arc<Log>,
    ) -> Players {
        let stop = Arc::new(AtomicBool::new(false));
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap();
        let tasks = (0..n)
            .map(|i| {
                let me = Player {
                    http: http.clone(),
                    routes: routes.clone(),
                    first: i,
                    clock: (i < timed).then(|| clock.to_string()),
                };
                let (log, stop) = (log.clone(), stop.clone());
                tokio::spawn(async move { me.play(&log, &stop).await })
            })
            .collect();
        Players { stop, tasks }
    }

    /// Stops them, waiting for the moves under way.
    pub async fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        for t in self.tasks {
            let _ = t.await;
        }
    }
}

/// One scripted player.
struct Player {
    http: reqwest::Client,
    routes: Arc<Routes>,
    /// Where its turns begin among the instances.
    first: usize,
    /// Its games' clock, if timed.
    clock: Option<String>,
}

impl Player {
    /// Makes a game; its id and the seats' tokens.
    async fn create(&self, base: &str, log: &Log) -> Option<(String, Vec<Value>)> {
        let clock = self.clock.as_deref().map_or(Value::Null, |c| json!(c));
        let body = json!({"game": "shogun", "seats": ["human", "human"], "clock": clock});
        let (201, v) = post(&self.http, &format!("{base}/api/games"), &body).await else {
            return None;
        };
        let id = v["id"].as_str()?.to_string();
        let tokens = v["seats"]
            .as_array()?
            .iter()
            .map(|s| s["token"].clone())
            .collect();
        let timed = self.clock.is_some();
        log.games.lock().unwrap().push((id.clone(), timed));
        Some((id, tokens))
    }

    /// Plays until `stop`.
    async fn play(&self, log: &Log, stop: &AtomicBool) {
        let mut game: Option<(String, Vec<Value>)> = None;
        let mut attempt = 0usize;
        let mut turn = self.first;
        while !stop.load(Ordering::SeqCst) {
            turn += 1;
            let (instance, base) = self.routes.pick(turn);
            let Some((id, tokens)) = game.clone() else {
                game = self.create(base, log).await;
                if game.is_none() {
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
                continue;
            };
            let Some(state) = get_json(&format!("{base}/api/games/{id}")).await else {
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            };
            if !state["result"].is_null() {
                game = None;
                continue;
            }
            let legal: Vec<String> = state["legal_moves"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|m| m.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            let Some(seat) = state["to_act"]["seat"]
                .as_u64()
                .filter(|_| !legal.is_empty())
            else {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            };
            let ply = state["ply"].as_u64().unwrap();
            // Another move after a refusal: one refused and not stored
            // stays told apart from one played later.
            let mv = legal[(ply as usize * 7 + attempt) % legal.len()].clone();
            let body = json!({"seat": seat, "token": tokens[seat as usize - 1], "move": mv});
            let t = Instant::now();
            let url = format!("{base}/api/games/{id}/moves");
            let (status, v) = post(&self.http, &url, &body).await;
            let took = t.elapsed();
            log.took(took);
            let mut code = v["error"].as_str().unwrap_or("").to_string();
            if status == 0 && !self.routes.alive(instance) {
                code = KILLED.to_string();
            }
            log.push(Sent {
                game: id.clone(),
                ply,
                mv,
                status,
                code,
                message: v["message"].as_str().unwrap_or("").to_string(),
                took,
            });
            if status == 200 {
                attempt = 0;
            } else {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
    }
}

/// A POST's status and JSON body; status 0 when there was no answer.
async fn post(http: &reqwest::Client, url: &str, body: &Value) -> (u16, Value) {
    match http.post(url).json(body).send().await {
        Ok(r) => {
            let s = r.status().as_u16();
            (s, r.json().await.unwrap_or(Value::Null))
        }
        Err(_) => (0, Value::Null),
    }
}

/// A GET's JSON body when 200.
pub async fn get_json(url: &str) -> Option<Value> {
    let r = reqwest::get(url).await.ok()?;
    if !r.status().is_success() {
        return None;
    }
    r.json().await.ok()
}

/// A GET's body text.
pub async fn get_text(url: &str) -> String {
    reqwest::get(url).await.unwrap().text().await.unwrap()
}

/// `/readyz` of every instance alive, polled every 250 ms.
pub struct Readiness {
    /// Each answer: when it came, whether 200, how long it took.
    answers: Arc<Mutex<Vec<(Instant, bool, Duration)>>>,
    task: JoinHandle<()>,
}

impl Readiness {
    /// Starts polling.
    pub fn watch(routes: &Arc<Routes>) -> Readiness {
        let answers = Arc::new(Mutex::new(Vec::new()));
        let (a, routes) = (answers.clone(), routes.clone());
        let task = tokio::spawn(async move {
            loop {
                for (i, base) in routes.alive_bases() {
                    let t = Instant::now();
                    let ok = ready(&base).await;
                    // An instance killed meanwhile is no longer asked.
                    if routes.alive(i) {
                        a.lock().unwrap().push((Instant::now(), ok, t.elapsed()));
                    }
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
        Readiness { answers, task }
    }

    /// Whether `/readyz` was seen other than 200 since `t`.
    pub fn was_unready_since(&self, t: Instant) -> bool {
        self.unready_since(t) > 0
    }

    /// How many answers since `t` were not 200, of how many.
    pub fn unready_since(&self, t: Instant) -> usize {
        let answers = self.answers.lock().unwrap();
        answers
            .iter()
            .filter(|&&(at, ok, _)| at >= t && !ok)
            .count()
    }

    /// How many answers came since `t`, and the slowest of them.
    pub fn answers_since(&self, t: Instant) -> (usize, Duration) {
        let answers = self.answers.lock().unwrap();
        let since = answers.iter().filter(|&&(at, _, _)| at >= t);
        let n = since.clone().count();
        (n, since.map(|&(_, _, took)| took).max().unwrap_or_default())
    }

    /// Stops polling.
    pub fn stop(self) {
        self.task.abort();
    }
}

/// Whether `/readyz` of `base` answers 200.
async fn ready(base: &str) -> bool {
    matches!(reqwest::get(format!("{base}/readyz")).await, Ok(r) if r.status() == 200)
}

/// Waits until `/readyz` of every instance alive is 200 and a move more
/// was acknowledged (60 s at most); how long that took.
pub async fn await_play(routes: &Routes, log: &Log) -> Duration {
    let t = Instant::now();
    let acked = log.acked_count();
    while t.elapsed() < Duration::from_secs(60) {
        let mut all_ready = true;
        for (_, base) in routes.alive_bases() {
            all_ready &= ready(&base).await;
        }
        if all_ready && log.acked_count() > acked {
            return t.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("play did not resume within 60 s");
}

/// The `q` quantile of `v` (ms).
pub fn percentile(v: &[u64], q: f64) -> u64 {
    let mut v = v.to_vec();
    v.sort_unstable();
    let i = ((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1;
    v[i]
}
