//! The PostgreSQL store over TLS, with the URL's `sslmode`, `sslrootcert`,
//! `sslcert` and `sslkey` meaning what they mean to libpq.
//!
//! Needs `KYOKU_TEST_POSTGRES` (a role that may create databases) and
//! `KYOKU_TEST_POSTGRES_TLS` (a folder with the CA that signed the server's
//! certificate, `ca.crt`, and a CA that did not, `other-ca.crt`; and the
//! client certificates of the role `kyoku_cert`, which logs in by
//! certificate only: `client.crt`/`.key` from the first CA,
//! `other-client.crt`/`.key` from the other), both printed by
//! `.ci/postgres.sh`, whose server has TLS on with a certificate for
//! `localhost` and `127.0.0.1`. Without them each test says so and passes.

mod common;

use std::path::PathBuf;

use kyoku_server::store::{
    Location, OpenOptions, Store, StoreError, SyncMode, create_postgres_database, stored_moves,
};
use serde_json::json;
use tokio_postgres::NoTls;

/// The test cluster: its admin URL and its certificates' folder.
struct Cluster {
    admin: String,
    certs: PathBuf,
}

impl Cluster {
    fn get() -> Option<Cluster> {
        match (
            std::env::var("KYOKU_TEST_POSTGRES"),
            std::env::var("KYOKU_TEST_POSTGRES_TLS"),
        ) {
            (Ok(admin), Ok(certs)) if !admin.is_empty() && !certs.is_empty() => Some(Cluster {
                admin,
                certs: PathBuf::from(certs),
            }),
            _ => {
                eprintln!(
                    "skipped: a test of PostgreSQL over TLS (KYOKU_TEST_POSTGRES and \
                     KYOKU_TEST_POSTGRES_TLS are not both set; .ci/postgres.sh sets them)"
                );
                None
            }
        }
    }

    /// A fresh database's URL (without options).
    async fn fresh(&self) -> String {
        create_postgres_database(&self.admin).await.unwrap()
    }

    fn ca(&self, name: &str) -> String {
        self.certs.join(name).display().to_string()
    }

    /// The admin URL's password (never to be shown in a message).
    fn password(&self) -> String {
        let rest = self.admin.split_once("://").unwrap().1;
        let auth = rest.split_once('@').unwrap().0;
        auth.split_once(':').unwrap().1.to_string()
    }

    /// How many connections to `db_url`'s database there are and how many
    /// of them are encrypted, as the server sees them.
    async fn sessions(&self, db_url: &str) -> (i64, i64) {
        let db = db_url
            .split('?')
            .next()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap();
        let (c, conn) = tokio_postgres::connect(&self.admin, NoTls).await.unwrap();
        tokio::spawn(conn);
        let row = c
            .query_one(
                "SELECT count(*), count(*) FILTER (WHERE s.ssl) \
                 FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.datname = $1",
                &[&db],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1))
    }
}

/// `url` with query options added.
fn with(url: &str, options: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}{options}")
}

async fn open(url: &str) -> Result<Store, StoreError> {
    let options = OpenOptions {
        sync: SyncMode::Normal,
    };
    Store::open(&Location::Postgres(url.to_string()), &options).await
}

/// Opens a store at `url`, makes the pool connect too, and returns the
/// number of its connections and of those encrypted.
async fn open_and_count(cluster: &Cluster, url: &str) -> (i64, i64) {
    let store = open(url).await.unwrap_or_else(|e| panic!("{url}: {e}"));
    store
        .ready(std::time::Duration::from_secs(10))
        .await
        .unwrap();
    let counts = cluster.sessions(url).await;
    drop(store);
    counts
}

/// The message of a refused connection, checked to hide the password.
async fn refused(cluster: &Cluster, url: &str) -> String {
    let msg = match open(url).await {
        Err(StoreError::Connect(m)) => m,
        Err(other) => panic!("{url}: not a connection error: {other}"),
        Ok(_) => panic!("{url}: connected"),
    };
    assert!(!msg.contains(&cluster.password()), "{msg}");
    eprintln!("{msg}");
    msg
}

#[tokio::test]
async fn require_encrypts_every_connection() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    let url = with(&cluster.fresh().await, "sslmode=require");
    let (all, encrypted) = open_and_count(&cluster, &url).await;
    // The listening connection and at least one of the pool.
    assert!(all >= 2, "{all} connections");
    assert_eq!(encrypted, all);
}

#[tokio::test]
async fn prefer_is_the_default_and_takes_tls_when_offered() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    for options in ["", "sslmode=prefer"] {
        let db = cluster.fresh().await;
        let url = if options.is_empty() {
            db
        } else {
            with(&db, options)
        };
        let (all, encrypted) = open_and_count(&cluster, &url).await;
        assert!(all >= 2, "{url}: {all} connections");
        assert_eq!(encrypted, all, "{url}");
    }
}

#[tokio::test]
async fn disable_stays_plain() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    let url = with(&cluster.fresh().await, "sslmode=disable");
    let (all, encrypted) = open_and_count(&cluster, &url).await;
    assert!(all >= 2, "{all} connections");
    assert_eq!(encrypted, 0);
}

#[tokio::test]
async fn verify_full_and_verify_ca_take_the_right_ca() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    for mode in ["verify-full", "verify-ca", "require"] {
        let url = with(
            &cluster.fresh().await,
            &format!("sslmode={mode}&sslrootcert={}", cluster.ca("ca.crt")),
        );
        let (all, encrypted) = open_and_count(&cluster, &url).await;
        assert!(all >= 2 && encrypted == all, "{mode}: {encrypted} of {all}");
    }
}

#[tokio::test]
async fn a_certificate_from_another_ca_is_refused() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    let db = cluster.fresh().await;
    // `require` checks the chain too once given a CA, as libpq.
    for mode in ["verify-full", "verify-ca", "require"] {
        let url = with(
            &db,
            &format!("sslmode={mode}&sslrootcert={}", cluster.ca("other-ca.crt")),
        );
        let msg = refused(&cluster, &url).await;
        assert!(
            msg.contains("127.0.0.1") && msg.contains("not signed by a CA kyoku trusts"),
            "{mode}: {msg}"
        );
    }
}

#[tokio::test]
async fn verify_full_checks_the_host_name_and_verify_ca_does_not() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    // The same server under a name its certificate does not hold.
    let db = cluster
        .fresh()
        .await
        .replacen("@127.0.0.1:", "@wrong.invalid:", 1);
    let ca = cluster.ca("ca.crt");
    let url = with(
        &db,
        &format!("hostaddr=127.0.0.1&sslmode=verify-full&sslrootcert={ca}"),
    );
    let msg = refused(&cluster, &url).await;
    assert!(
        msg.contains("wrong.invalid") && msg.contains("not made for the host name"),
        "{msg}"
    );
    let url = with(
        &db,
        &format!("hostaddr=127.0.0.1&sslmode=verify-ca&sslrootcert={ca}"),
    );
    open(&url).await.unwrap_or_else(|e| panic!("{e}"));
    // The name it does hold.
    let url = with(
        &db.replacen("@wrong.invalid:", "@localhost:", 1),
        &format!("hostaddr=127.0.0.1&sslmode=verify-full&sslrootcert={ca}"),
    );
    open(&url).await.unwrap_or_else(|e| panic!("{e}"));
}

#[tokio::test]
async fn a_bad_root_file_is_named_before_connecting() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    let db = cluster.fresh().await;
    let missing = cluster.ca("no-such-ca.crt");
    let msg = refused(
        &cluster,
        &with(&db, &format!("sslmode=verify-full&sslrootcert={missing}")),
    )
    .await;
    assert!(
        msg.contains("cannot read sslrootcert") && msg.contains("no-such-ca.crt"),
        "{msg}"
    );
}

#[tokio::test]
async fn require_refuses_a_server_without_tls() {
    // A stand-in server that declines TLS, as PostgreSQL with ssl=off does
    // (it answers 'N' to the request for TLS); no cluster needed.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = tokio::spawn(async move {
        let (mut s, _) = listener.accept().await.unwrap();
        let mut request = [0u8; 8];
        s.read_exact(&mut request).await.unwrap();
        s.write_all(b"N").await.unwrap();
        // Hold the connection until the client gives up.
        let _ = s.read(&mut request).await;
    });
    let url = format!("postgres://u:secret@127.0.0.1:{port}/db?sslmode=require");
    let msg = match open(&url).await {
        Err(StoreError::Connect(m)) => m,
        Err(other) => panic!("not a connection error: {other}"),
        Ok(_) => panic!("connected"),
    };
    assert!(
        msg.contains("does not offer TLS") && !msg.contains("secret"),
        "{msg}"
    );
    server.abort();
}

#[tokio::test]
async fn the_whole_server_plays_over_verified_tls() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    let url = with(
        &cluster.fresh().await,
        &format!("sslmode=verify-full&sslrootcert={}", cluster.ca("ca.crt")),
    );
    plays_a_move_over_tls(&cluster, &url).await;
}

/// A whole server on the database at `url` creates a game and takes a
/// move; every connection is encrypted, and a store of its own (over TLS
/// too) reads the move back.
async fn plays_a_move_over_tls(cluster: &Cluster, url: &str) {
    let db = Location::Postgres(url.to_string());
    let env = common::Env::on(&db).await;
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let (status, body) = env.play(&id, 1, &tokens[0], "b2b3").await;
    assert_eq!(status, 200, "{body}");
    let (all, encrypted) = cluster.sessions(url).await;
    assert!(all >= 2 && encrypted == all, "{encrypted} of {all}");
    assert_eq!(
        stored_moves(&db, &id).await.unwrap(),
        Some(vec!["b2b3".to_string()])
    );
}

/// The admin URL as the role `kyoku_cert`, without a password, for the
/// database `postgres`, with `options`.
fn as_cert_role(cluster: &Cluster, options: &str) -> String {
    let rest = cluster.admin.split_once("://").unwrap().1;
    let host = rest
        .split_once('@')
        .unwrap()
        .1
        .split(['/', '?'])
        .next()
        .unwrap();
    format!("postgres://kyoku_cert@{host}/postgres?{options}")
}

/// The options that log in as `kyoku_cert` with the client certificate
/// `name` (`client` or `other-client`), the server verified in full.
fn cert_options(cluster: &Cluster, name: &str) -> String {
    let (cert, key) = (
        cluster.ca(&format!("{name}.crt")),
        cluster.ca(&format!("{name}.key")),
    );
    assert!(
        std::path::Path::new(&cert).exists(),
        "{cert} is missing: .ci/postgres.sh makes it with the cluster"
    );
    format!(
        "sslmode=verify-full&sslrootcert={}&sslcert={cert}&sslkey={key}",
        cluster.ca("ca.crt")
    )
}

#[tokio::test]
async fn a_client_certificate_logs_in_where_the_server_wants_one() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    // The role has no password: only its certificate lets it in, for the
    // admin work of making a database and for the store itself.
    let admin = as_cert_role(&cluster, &cert_options(&cluster, "client"));
    let url = create_postgres_database(&admin)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        url.contains("kyoku_cert@") && url.contains("sslcert="),
        "{url}"
    );
    plays_a_move_over_tls(&cluster, &url).await;
}

#[tokio::test]
async fn the_server_refuses_a_missing_or_foreign_client_certificate() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    // No certificate: the server's own refusal, passed on.
    let none = as_cert_role(
        &cluster,
        &format!("sslmode=verify-full&sslrootcert={}", cluster.ca("ca.crt")),
    );
    let msg = refused(&cluster, &none).await;
    assert!(
        msg.contains("\"kyoku_cert\" by client certificate only") && msg.contains("sslcert"),
        "{msg}"
    );
    // One from a CA the server does not trust: refused in the handshake.
    let foreign = as_cert_role(&cluster, &cert_options(&cluster, "other-client"));
    let msg = refused(&cluster, &foreign).await;
    assert!(
        msg.contains("127.0.0.1") && msg.contains("client certificate"),
        "{msg}"
    );
}

#[tokio::test]
async fn a_key_that_does_not_go_with_the_certificate_is_named() {
    let Some(cluster) = Cluster::get() else {
        return;
    };
    let options = format!(
        "sslmode=require&sslcert={}&sslkey={}",
        cluster.ca("client.crt"),
        cluster.ca("other-client.key")
    );
    let msg = refused(&cluster, &as_cert_role(&cluster, &options)).await;
    assert!(
        msg.contains("other-client.key") && msg.contains("does not go with sslcert"),
        "{msg}"
    );
}
