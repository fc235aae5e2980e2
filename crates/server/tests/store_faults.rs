//! The server while PostgreSQL fails under play: forty games played by
//! scripted clients over HTTP through a fast restart, 20 s down, a crash
//! (SIGKILL of the postmaster and its children, crash recovery), a network
//! path 200 ms slower each way, the same path cut for 30 s, and the
//! database's `max_connections` taken by another client. Then every
//! acknowledged move must be in its game's stored history at its ply, and
//! no move refused with 503 may be; no answer may be a 500, none may take
//! more than the documented bound, and no timed game may be lost on time.
//!
//! It needs a cluster of its own that it may restart and kill, named by
//! environment variables; `.ci/faults.sh` makes one, runs this and removes
//! it:
//!
//! - `KYOKU_FAULTS_POSTGRES`: a URL of a role that may create databases;
//! - `KYOKU_FAULTS_PGDATA`: the cluster's data directory;
//! - `KYOKU_FAULTS_PGBIN`: the folder of its `pg_ctl`;
//! - `KYOKU_FAULTS_PGUSER`: the cluster's owner, when that is not us.

mod common;
mod faults;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use common::config;
use faults::*;
use kyoku_server::Server;
use kyoku_server::store::Location;

/// Games played at once.
const GAMES: usize = 40;
/// Games on a 0.5+0 clock (30 s each) played besides, from just before
/// the 30 s cut until just after it: none may be lost on time, though
/// the cut alone uses up a turn charged for it.
const TIMED: usize = 10;
/// The longest any answer may take: 10 s documented, plus the client's
/// own share.
const BOUND: Duration = Duration::from_secs(12);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "restarts and kills a PostgreSQL cluster of its own: .ci/faults.sh"]
async fn play_goes_on_through_database_faults() {
    let Some(cluster) = Cluster::from_env() else {
        eprintln!("KYOKU_FAULTS_POSTGRES is not set: run .ci/faults.sh");
        return;
    };
    let direct = kyoku_server::store::create_postgres_database(&cluster.admin)
        .await
        .expect("a database for the test");
    let proxy = Proxy::start(cluster.addr()).await;
    let through = with_addr(&direct, proxy.addr);
    let server = Server::start(config(&Location::Postgres(through)))
        .await
        .expect("the server starts");
    let base = format!("http://{}", server.addr());
    let log = Arc::new(Log::default());
    let players = Players::start(&base, GAMES, 0, log.clone());
    let ready = Readiness::watch(&base);
    let began = Instant::now();

    tokio::time::sleep(Duration::from_secs(3)).await;
    let before = log.acked_count();
    assert!(before > 0, "no move acknowledged before the faults");

    // A fast restart.
    let t = Instant::now();
    cluster.pg_ctl(&["restart", "-m", "fast"]);
    report("fast restart", t, await_play(&base, &log).await);

    // Down for 20 s.
    cluster.pg_ctl(&["stop", "-m", "fast"]);
    let t = Instant::now();
    let refused = log.refused_count();
    tokio::time::sleep(Duration::from_secs(20)).await;
    assert!(
        ready.was_unready_since(t),
        "/readyz never 503 while the database was down"
    );
    assert!(
        log.refused_count() > refused,
        "no move refused with 503 while the database was down"
    );
    cluster.pg_ctl(&["restart"]);
    report("20 s down", t, await_play(&base, &log).await);

    // A crash: the postmaster and its children killed, crash recovery.
    let t = Instant::now();
    cluster.kill_all();
    tokio::time::sleep(Duration::from_secs(2)).await;
    cluster.pg_ctl(&["restart"]);
    report("crash", t, await_play(&base, &log).await);

    // 200 ms each way: moves still acknowledged.
    proxy.delay_ms.store(200, Ordering::SeqCst);
    let t = Instant::now();
    let slow_from = log.acked_count();
    tokio::time::sleep(Duration::from_secs(15)).await;
    proxy.delay_ms.store(0, Ordering::SeqCst);
    let slow = log.ack_latencies_since(slow_from);
    assert!(!slow.is_empty(), "no move acknowledged over the slow path");
    eprintln!(
        "faults: 200 ms each way: {} moves acknowledged, p50 {} ms, p99 {} ms",
        slow.len(),
        percentile(&slow, 0.5),
        percentile(&slow, 0.99)
    );
    report("slow path", t, await_play(&base, &log).await);

    // The path cut for 30 s: behaves like away.
    let timed_log = Arc::new(Log::default());
    let timed = Players::start(&base, TIMED, TIMED, timed_log.clone());
    tokio::time::sleep(Duration::from_secs(3)).await;
    proxy.paused.store(true, Ordering::SeqCst);
    let t = Instant::now();
    let refused = log.refused_count();
    tokio::time::sleep(Duration::from_secs(30)).await;
    proxy.paused.store(false, Ordering::SeqCst);
    assert!(
        ready.was_unready_since(t),
        "/readyz never 503 while cut off"
    );
    assert!(
        log.refused_count() > refused,
        "no move refused with 503 while cut off"
    );
    report("30 s cut off", t, await_play(&base, &log).await);
    tokio::time::sleep(Duration::from_secs(3)).await;
    timed.stop().await;
    let on_time = timed_log.lost_on_time().await;
    eprintln!("faults: timed games lost on time over the cut: {on_time:?}");
    assert!(on_time.is_empty(), "timed games lost on time: {on_time:?}");

    // max_connections taken by another client.
    let t = Instant::now();
    let busy = log.busy_count();
    let hog = Hog::take(&cluster.admin).await;
    tokio::time::sleep(Duration::from_secs(10)).await;
    let held = hog.held();
    drop(hog);
    eprintln!(
        "faults: max_connections: the other client held {held}; {} moves refused busy",
        log.busy_count() - busy
    );
    report("max_connections taken", t, await_play(&base, &log).await);

    tokio::time::sleep(Duration::from_secs(3)).await;
    players.stop().await;
    ready.stop();
    let metrics = get_text(&format!("{base}/metrics")).await;
    server.stop().await;

    let db = Location::Postgres(direct);
    let timed_verdict = timed_log.check(&db).await;
    eprintln!("faults: the timed games: {timed_verdict}");
    assert!(
        timed_verdict.lost.is_empty() && timed_verdict.refused_but_stored.is_empty(),
        "timed games: {timed_verdict:?}"
    );
    let verdict = log.check(&db).await;
    eprintln!("faults: {} s in all; {verdict}", began.elapsed().as_secs());
    for line in metrics.lines().filter(|l| l.starts_with("kyoku_store_")) {
        eprintln!("faults: {line}");
    }
    assert!(
        metrics
            .lines()
            .any(|l| l.starts_with("kyoku_store_reconnects_total ") && !l.ends_with(" 0")),
        "no reconnect counted"
    );
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
    assert!(
        verdict.bad.is_empty(),
        "answers no fault allows: {:?}",
        verdict.bad
    );
    assert!(
        verdict.slowest <= BOUND,
        "an answer took {:?}, over {BOUND:?}",
        verdict.slowest
    );
}

/// Prints how long play took to resume after a fault.
fn report(what: &str, fault: Instant, resumed: Duration) {
    eprintln!(
        "faults: {what}: play resumed {:.1} s after the fault began ({:.1} s after the wait for it)",
        fault.elapsed().as_secs_f64(),
        resumed.as_secs_f64()
    );
}
