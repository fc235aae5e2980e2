//! The faults played through, in order, on one instance or several: a
//! fast restart, the database down, a crash, a slow path, the path cut
//! (with timed games besides, and, with several instances, one of them
//! killed just before), `max_connections` taken; then the checks.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use kyoku_server::store::Location;

use super::*;
use crate::common::config;

/// The longest any answer may take: 10 s documented, plus the client's
/// own share.
const BOUND: Duration = Duration::from_secs(12);

/// What to do, and for how long.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Server instances sharing the database, players spread over them.
    pub instances: usize,
    /// Whether the last instance is killed just before the cut (the
    /// others take its players and, once its leases run out, its games).
    pub kill: bool,
    /// Games played at once.
    pub games: usize,
    /// Timed games played besides, from just before the cut until just
    /// after it.
    pub timed: usize,
    /// Their clock: less time each than `cut` lasts, so that a turn
    /// charged for the cut would be lost on time.
    pub clock: &'static str,
    /// How long the database is stopped.
    pub down: Duration,
    /// How long the path is 200 ms slower each way.
    pub slow: Duration,
    /// How long the path is cut.
    pub cut: Duration,
    /// How long another client holds every connection.
    pub hog: Duration,
}

impl Plan {
    /// One instance, the windows: 20 s down, 30 s cut.
    pub fn one_instance() -> Plan {
        Plan {
            instances: 1,
            kill: false,
            games: 40,
            timed: 10,
            clock: "0.5+0",
            down: Duration::from_secs(20),
            slow: Duration::from_secs(15),
            cut: Duration::from_secs(30),
            hog: Duration::from_secs(10),
        }
    }

    /// Two instances, one of them killed; shorter windows (each still
    /// past the 5 s answer bound, the cut still longer than a timed
    /// turn) to keep CI's time.
    pub fn two_instances_one_killed() -> Plan {
        Plan {
            instances: 2,
            kill: true,
            games: 40,
            timed: 10,
            clock: "0.25+0",
            down: Duration::from_secs(12),
            slow: Duration::from_secs(10),
            cut: Duration::from_secs(20),
            hog: Duration::from_secs(6),
        }
    }
}

/// Plays `plan` through on the cluster of the environment, then checks
/// every game; does nothing (says so) without one.
pub async fn run(plan: Plan) {
    let Some(cluster) = Cluster::from_env() else {
        eprintln!("KYOKU_FAULTS_POSTGRES is not set: run .ci/faults.sh");
        return;
    };
    eprintln!("faults: {plan:?}");
    let direct = kyoku_server::store::create_postgres_database(&cluster.admin)
        .await
        .expect("a database for the test");
    let proxy = Proxy::start(cluster.addr()).await;
    let through = Location::Postgres(with_addr(&direct, proxy.addr));
    let mut instances = Vec::new();
    for _ in 0..plan.instances {
        instances.push(Some(Instance::start(config(&through)).await));
    }
    let routes = Routes::new(instances.iter().flatten().map(|i| i.base.clone()).collect());
    let log = Arc::new(Log::default());
    let players = Players::start(&routes, plan.games, 0, plan.clock, log.clone());
    let ready = Readiness::watch(&routes);
    let began = Instant::now();

    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(
        log.acked_count() > 0,
        "no move acknowledged before the faults"
    );
    let play = Play {
        cluster: &cluster,
        routes: &routes,
        log: &log,
        ready: &ready,
    };
    play.restart_down_crash(&plan).await;
    play.slow_path(&proxy, plan.slow).await;

    // The path cut, timed games besides; with several instances, one
    // killed just before.
    let timed_log = Arc::new(Log::default());
    let timed = Players::start(
        &routes,
        plan.timed,
        plan.timed,
        plan.clock,
        timed_log.clone(),
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    if plan.kill {
        let last = instances.len() - 1;
        let killed = instances[last].take().expect("not killed yet");
        play.kill(last, killed).await;
    } else {
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
    play.cut(&proxy, plan.cut).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    timed.stop().await;
    let on_time = timed_log.lost_on_time(&routes).await;
    eprintln!("faults: timed games lost on time over the cut: {on_time:?}");
    assert!(on_time.is_empty(), "timed games lost on time: {on_time:?}");

    play.hog(plan.hog).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    players.stop().await;
    ready.stop();
    let mut metrics = Vec::new();
    for (_, base) in routes.alive_bases() {
        metrics.push(get_text(&format!("{base}/metrics")).await);
    }
    for i in instances.into_iter().flatten() {
        i.stop().await;
    }

    let db = Location::Postgres(direct);
    let timed_verdict = timed_log.check(&db).await;
    eprintln!("faults: the timed games: {timed_verdict}");
    assert!(
        timed_verdict.lost.is_empty() && timed_verdict.refused_but_stored.is_empty(),
        "timed games: {timed_verdict:?}"
    );
    let verdict = log.check(&db).await;
    eprintln!("faults: {} s in all; {verdict}", began.elapsed().as_secs());
    check_metrics(&metrics);
    check(&verdict);
}

/// What the faults are done with.
struct Play<'a> {
    cluster: &'a Cluster,
    routes: &'a Arc<Routes>,
    log: &'a Arc<Log>,
    ready: &'a Readiness,
}

impl Play<'_> {
    /// Waits for play to resume after the fault begun at `t`; says when.
    async fn resumed(&self, what: &str, t: Instant) {
        let resumed = await_play(self.routes, self.log).await;
        eprintln!(
            "faults: {what}: play resumed {:.1} s after the fault began ({:.1} s after the \
             wait for it)",
            t.elapsed().as_secs_f64(),
            resumed.as_secs_f64()
        );
    }

    /// Asserts `/readyz` went 503 and moves were refused with 503 since
    /// `t` (`refused` of them before it).
    fn away_since(&self, what: &str, t: Instant, refused: usize) {
        assert!(
            self.ready.was_unready_since(t),
            "/readyz never 503 while {what}"
        );
        assert!(
            self.log.refused_count() > refused,
            "no move refused with 503 while {what}"
        );
    }

    /// A fast restart, the database stopped for `plan.down`, a crash.
    async fn restart_down_crash(&self, plan: &Plan) {
        let t = Instant::now();
        self.cluster.pg_ctl(&["restart", "-m", "fast"]);
        self.resumed("fast restart", t).await;

        self.cluster.pg_ctl(&["stop", "-m", "fast"]);
        let t = Instant::now();
        let refused = self.log.refused_count();
        tokio::time::sleep(plan.down).await;
        self.away_since("the database was down", t, refused);
        self.cluster.pg_ctl(&["restart"]);
        self.resumed(&format!("{} s down", plan.down.as_secs()), t)
            .await;

        // The postmaster and its children killed, crash recovery.
        let t = Instant::now();
        self.cluster.kill_all();
        tokio::time::sleep(Duration::from_secs(2)).await;
        self.cluster.pg_ctl(&["restart"]);
        self.resumed("crash", t).await;
    }

    /// 200 ms each way for `long`: moves still acknowledged.
    async fn slow_path(&self, proxy: &Proxy, long: Duration) {
        proxy.delay_ms.store(200, Ordering::SeqCst);
        let t = Instant::now();
        let slow_from = self.log.acked_count();
        tokio::time::sleep(long).await;
        proxy.delay_ms.store(0, Ordering::SeqCst);
        let slow = self.log.ack_latencies_since(slow_from);
        assert!(!slow.is_empty(), "no move acknowledged over the slow path");
        let (asked, slowest) = self.ready.answers_since(t);
        eprintln!(
            "faults: 200 ms each way: {} moves acknowledged, p50 {} ms, p99 {} ms; /readyz \
             503 {} times of {asked}, its slowest answer {} ms",
            slow.len(),
            percentile(&slow, 0.5),
            percentile(&slow, 0.99),
            self.ready.unready_since(t),
            slowest.as_millis()
        );
        self.resumed("slow path", t).await;
    }

    /// Instance `i` killed; the load balancer stops sending it requests a
    /// second later, as its health checks fail.
    async fn kill(&self, i: usize, instance: Instance) {
        let t = Instant::now();
        self.routes.killed(i);
        instance.kill();
        tokio::time::sleep(Duration::from_secs(1)).await;
        self.routes.unroute(i);
        self.resumed(&format!("instance {i} killed"), t).await;
    }

    /// The path cut for `long`: as the database away.
    async fn cut(&self, proxy: &Proxy, long: Duration) {
        proxy.paused.store(true, Ordering::SeqCst);
        let t = Instant::now();
        let refused = self.log.refused_count();
        tokio::time::sleep(long).await;
        proxy.paused.store(false, Ordering::SeqCst);
        self.away_since("cut off", t, refused);
        self.resumed(&format!("{} s cut off", long.as_secs()), t)
            .await;
    }

    /// Every connection the database allows taken by another client.
    async fn hog(&self, long: Duration) {
        let t = Instant::now();
        let busy = self.log.busy_count();
        let hog = Hog::take(&self.cluster.admin).await;
        tokio::time::sleep(long).await;
        let held = hog.held();
        drop(hog);
        eprintln!(
            "faults: max_connections: the other client held {held}; {} moves refused busy",
            self.log.busy_count() - busy
        );
        self.resumed("max_connections taken", t).await;
    }
}

/// Each instance alive counted a reconnect.
fn check_metrics(metrics: &[String]) {
    for (i, text) in metrics.iter().enumerate() {
        for line in text.lines().filter(|l| l.starts_with("kyoku_store_")) {
            eprintln!("faults: instance {i}: {line}");
        }
        assert!(
            text.lines()
                .any(|l| l.starts_with("kyoku_store_reconnects_total ") && !l.ends_with(" 0")),
            "no reconnect counted by an instance"
        );
    }
}

/// Nothing acknowledged lost, nothing refused stored, no answer no fault
/// allows, none slower than [`BOUND`].
fn check(verdict: &Verdict) {
    assert!(
        verdict.lost.is_empty(),
        "acknowledged moves lost: {:?}",
        verdict.lost
    );
    assert!(
        verdict.refused_but_stored.is_empty(),
        "moves refused with 503 but stored: {:?}",
        verdict.refused_but_stored
    );
    let bad: Vec<String> = verdict
        .bad
        .iter()
        .map(|s| {
            format!(
                "game {} ply {} move {}: {} {} after {:?}: {}",
                s.game, s.ply, s.mv, s.status, s.code, s.took, s.message
            )
        })
        .collect();
    assert!(bad.is_empty(), "answers no fault allows: {bad:?}");
    assert!(
        verdict.slowest <= BOUND,
        "an answer took {:?}, over {BOUND:?}",
        verdict.slowest
    );
}
