//! The server while PostgreSQL fails under play: forty games played by
//! scripted clients over HTTP through a fast restart, 20 s down, a crash
//! (SIGKILL of the postmaster and its children, crash recovery), a network
//! path 200 ms slower each way, the same path cut for 30 s, and the
//! database's `max_connections` taken by another client. Then every
//! acknowledged move must be in its game's stored history at its ply, and
//! no move refused with 503 may be; no answer may be a 500, none may take
//! more than the documented bound, and no timed game may be lost on time.
//! The same again with two instances sharing the database, players
//! spreading their moves over both, one instance killed just before the
//! cut (its players go on through the other, which takes its games over
//! once their leases run out), with shorter windows.
//!
//! It needs a cluster of its own that it may restart and kill, named by
//! environment variables; `.ci/faults.sh` makes one, runs this (one test
//! at a time: they share the cluster) and removes it:
//!
//! - `KYOKU_FAULTS_POSTGRES`: a URL of a role that may create databases;
//! - `KYOKU_FAULTS_PGDATA`: the cluster's data directory;
//! - `KYOKU_FAULTS_PGBIN`: the folder of its `pg_ctl`;
//! - `KYOKU_FAULTS_PGUSER`: the cluster's owner, when that is not us.

mod common;
mod faults;

use faults::{Plan, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "restarts and kills a PostgreSQL cluster of its own: .ci/faults.sh"]
async fn play_goes_on_through_database_faults() {
    run(Plan::one_instance()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "restarts and kills a PostgreSQL cluster of its own: .ci/faults.sh"]
async fn play_goes_on_through_database_faults_on_two_instances_one_killed() {
    run(Plan::two_instances_one_killed()).await;
}
