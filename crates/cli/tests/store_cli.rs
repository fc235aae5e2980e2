//! `kyoku serve --db`: the schema created or migrated by `--migrate-only`,
//! and a database it cannot use refused with a one-line error and exit
//! code 2 (a newer schema, an unreachable server, wrong credentials).

mod common;

use common::kyoku;

/// Exit code 2, nothing on stdout, one line on stderr containing `want`.
fn refused(args: &[&str], want: &str) {
    let (code, out, err) = kyoku(args);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "it never served: {out}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(want), "{want:?} not in {err}");
}

#[test]
fn migrate_only_creates_the_schema_and_exits() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let db = db.to_str().unwrap();
    let (code, out, err) = kyoku(&["serve", "--db", db, "--migrate-only"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("schema version"), "{out}");
    let c = rusqlite::Connection::open(db).unwrap();
    let version: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, kyoku_server::store::SCHEMA_VERSION);
    // Again: nothing to do, the same answer.
    assert_eq!(kyoku(&["serve", "--db", db, "--migrate-only"]).0, 0);
}

#[test]
fn a_database_of_a_newer_kyoku_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let c = rusqlite::Connection::open(&db).unwrap();
    c.pragma_update(None, "user_version", 99).unwrap();
    drop(c);
    let db = db.to_str().unwrap();
    refused(
        &["serve", "--addr", "127.0.0.1:0", "--db", db],
        "schema version 99",
    );
    refused(&["serve", "--db", db, "--migrate-only"], "newer");
}

#[test]
fn an_unreachable_database_server_is_refused() {
    // Port 1 on loopback: nothing listens there.
    let url = "postgres://kyoku:secret@127.0.0.1:1/kyoku";
    refused(
        &["serve", "--addr", "127.0.0.1:0", "--db", url],
        "127.0.0.1:1",
    );
    let (_, _, err) = kyoku(&["serve", "--db", url, "--migrate-only"]);
    assert!(
        !err.contains("secret"),
        "the password is never shown: {err}"
    );
}

#[test]
fn wrong_credentials_are_refused() {
    let Ok(admin) = std::env::var("KYOKU_TEST_POSTGRES") else {
        eprintln!("skipped: KYOKU_TEST_POSTGRES is not set");
        return;
    };
    // The test server's address with a user that does not exist.
    let Some((_, host)) = admin.split_once('@') else {
        panic!("no host in {admin}");
    };
    let url = format!("postgres://nobody:wrong@{host}");
    refused(&["serve", "--addr", "127.0.0.1:0", "--db", &url], "nobody");
}
