//! Reaching PostgreSQL: the URL read, connections made (TLS as `sslmode`
//! says), the pool's limits, and failures told as a person reads them
//! (which host, what went wrong, what to check).

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, TimeoutType};
use tokio_postgres::config::Host;
use tokio_postgres::error::SqlState;
use tokio_postgres::tls::MakeTlsConnect;
use tokio_postgres::{Config, Connection, Socket};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::super::{StoreError, without_password};
use super::tls;

/// The most connections one instance keeps to the database.
pub(super) const POOL_SIZE: usize = 16;

/// How long connecting may take before the server counts as unreachable.
pub(super) const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The database's clock in Unix ms: leases are timed by it alone.
pub(crate) const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// A connection's stream: plain or TLS, as negotiated.
type Stream = <MakeRustlsConnect as MakeTlsConnect<Socket>>::Stream;

/// Where and how to connect: tokio-postgres's configuration and the TLS
/// connector made for the URL's `sslmode` (one for every connection).
#[derive(Clone)]
pub(crate) struct Target {
    /// Host, user, database and the rest.
    pub config: Config,
    /// Makes each connection's TLS session, checking what the mode says.
    pub tls: MakeRustlsConnect,
}

/// How long data sent to the database may go unacknowledged before the
/// connection counts as lost (the kernel's `TCP_USER_TIMEOUT`).
const TCP_USER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request waits for a pooled connection before it is
/// answered 503 `busy` (all in use) or `unavailable` (none can be made).
pub(crate) const POOL_WAIT: Duration = Duration::from_secs(5);

/// How long one store operation (a change's transaction, a game's read,
/// the keeper's look for due games) may take once it has a connection:
/// past it the connection is dropped and the database counts as away.
pub(crate) const ANSWER_TIMEOUT: Duration = Duration::from_secs(5);

/// A database error as a storage failure: typed [`StoreError::Unavailable`]
/// when the database is away (connection lost, server shutting down or
/// starting), [`StoreError::Busy`] when it has no connection to spare.
pub(crate) fn failed(e: tokio_postgres::Error) -> StoreError {
    match away(&e) {
        Some(Away::Gone(why)) => StoreError::Unavailable(format!(
            "the database is not answering ({why}); nothing was stored — try again in a \
             few seconds"
        )),
        Some(Away::Full(why)) => StoreError::Busy(format!(
            "the database has no connection to spare ({why}); nothing was stored — try \
             again in a few seconds"
        )),
        None => match e.as_db_error() {
            Some(db) => StoreError::Failed(format!("PostgreSQL: {}", db.message())),
            None => StoreError::Failed(format!("PostgreSQL: {e}")),
        },
    }
}

/// A failure that says the database is away or full, not that the
/// request was wrong.
enum Away {
    /// Connection lost or refused, the server shutting down or restarting.
    Gone(String),
    /// `max_connections` reached.
    Full(String),
}

/// Classifies an error: the network, or one of PostgreSQL's codes for a
/// server going away (class 08 connection exceptions, 57P01–57P03
/// shutdowns and start-up, 53300 too many connections).
fn away(e: &tokio_postgres::Error) -> Option<Away> {
    if let Some(db) = e.as_db_error() {
        let code = db.code();
        if *code == SqlState::TOO_MANY_CONNECTIONS {
            return Some(Away::Full(db.message().to_string()));
        }
        let gone = code.code().starts_with("08")
            || *code == SqlState::ADMIN_SHUTDOWN
            || *code == SqlState::CRASH_SHUTDOWN
            || *code == SqlState::CANNOT_CONNECT_NOW;
        return gone.then(|| Away::Gone(db.message().to_string()));
    }
    if e.is_closed() {
        return Some(Away::Gone("the connection was closed".into()));
    }
    io_cause(e).then(|| Away::Gone(cause(e)))
}

/// The host a configuration names (the name a certificate must hold).
fn host(config: &Config) -> String {
    match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    }
}

/// The server a configuration names, for messages (`host:port`).
fn server(config: &Config) -> String {
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("{}:{port}", host(config))
}

/// Why connecting failed, in one line that says which: the server cannot
/// be reached, refused the user or password, or has no such database.
pub(crate) fn connect_error(config: &Config, e: &tokio_postgres::Error) -> StoreError {
    let at = server(config);
    let user = config.get_user().unwrap_or("?");
    if let Some(why) = tls::failure(e, &host(config)) {
        return StoreError::Connect(format!("PostgreSQL at {at}: {why}"));
    }
    let msg = match e.as_db_error() {
        // pg_hba.conf's `cert` (or `clientcert=`) line wants a certificate.
        Some(db)
            if *db.code() == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
                && db.message().contains("client certificate") =>
        {
            format!(
                "PostgreSQL at {at} logs in user {user:?} by client certificate only: give \
                 sslcert and sslkey ({})",
                db.message()
            )
        }
        Some(db)
            if *db.code() == SqlState::INVALID_PASSWORD
                || *db.code() == SqlState::INVALID_AUTHORIZATION_SPECIFICATION =>
        {
            format!(
                "PostgreSQL at {at} refused to log in user {user:?}: wrong user name or \
                 password ({})",
                db.message()
            )
        }
        Some(db) if *db.code() == SqlState::INVALID_CATALOG_NAME => format!(
            "PostgreSQL at {at} has no database {:?} ({})",
            config.get_dbname().unwrap_or(user),
            db.message()
        ),
        Some(db) => format!(
            "PostgreSQL at {at} refused the connection: {}",
            db.message()
        ),
        None if io_cause(e) => format!("cannot reach PostgreSQL at {at}: {}", cause(e)),
        None => format!("cannot connect to PostgreSQL at {at}: {}", cause(e)),
    };
    StoreError::Connect(msg)
}

/// Whether an error came from the network (refused, unknown host, timeout).
fn io_cause(e: &tokio_postgres::Error) -> bool {
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if s.is::<std::io::Error>() {
            return true;
        }
        source = s.source();
    }
    false
}

/// The innermost cause of an error: the part a person can act on.
fn cause(e: &tokio_postgres::Error) -> String {
    let mut last: &dyn std::error::Error = e;
    while let Some(s) = last.source() {
        last = s;
    }
    last.to_string()
}

/// A connection of its own (not from the pool), or why there is none. The
/// whole login is timed, not only reaching the server: a server that takes
/// the connection but never answers counts as unreachable too.
pub(crate) async fn connect(
    target: &Target,
) -> Result<(tokio_postgres::Client, Connection<Socket, Stream>), StoreError> {
    let config = &target.config;
    let within = config
        .get_connect_timeout()
        .copied()
        .unwrap_or(CONNECT_TIMEOUT);
    match tokio::time::timeout(within, config.connect(target.tls.clone())).await {
        Ok(r) => r.map_err(|e| connect_error(config, &e)),
        Err(_) => Err(StoreError::Connect(format!(
            "cannot reach PostgreSQL at {}: no answer within {} ms",
            server(config),
            within.as_millis()
        ))),
    }
}

/// A pool of at most `size` connections to `target`; a caller waits
/// `wait` at most for one.
pub(super) fn pools(target: &Target, size: usize, wait: Duration) -> Result<Pool, StoreError> {
    let manager = Manager::from_config(
        target.config.clone(),
        target.tls.clone(),
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(manager)
        .max_size(size)
        .runtime(deadpool_postgres::Runtime::Tokio1)
        .wait_timeout(Some(wait))
        .create_timeout(Some(CONNECT_TIMEOUT))
        .build()
        .map_err(|e| StoreError::Failed(format!("PostgreSQL connection pool: {e}")))
}

/// How long the readiness probe waits for its one connection (a probe
/// before it still running); the probe's own deadline is shorter.
pub(super) const PROBE_WAIT: Duration = Duration::from_secs(5);

/// A failure to get a connection from the pool.
pub(super) fn pool_error(config: &Config, e: PoolError) -> StoreError {
    match e {
        // Making a new connection failed: away or full is told as such; a
        // refused login stays a configuration error.
        PoolError::Backend(e) => match away(&e) {
            Some(_) => failed(e),
            None => connect_error(config, &e),
        },
        PoolError::Timeout(TimeoutType::Wait) => StoreError::Busy(format!(
            "every database connection stayed busy for {} s; nothing was stored — try again \
             in a few seconds",
            POOL_WAIT.as_secs()
        )),
        PoolError::Timeout(_) => StoreError::Unavailable(format!(
            "the database at {} did not answer within {} s; nothing was stored — try again \
             in a few seconds",
            server(config),
            CONNECT_TIMEOUT.as_secs()
        )),
        other => StoreError::Failed(format!("PostgreSQL connection pool: {other}")),
    }
}

/// Reads and checks a URL, without its password in any message: the TLS
/// options as libpq means them (see [`tls`]), the rest by tokio-postgres.
pub(super) fn target(url: &str) -> Result<Target, StoreError> {
    let bad = |e: &dyn std::fmt::Display| {
        StoreError::Connect(format!("bad PostgreSQL URL {}: {e}", without_password(url)))
    };
    let split = tls::split(url).map_err(|e| bad(&e))?;
    let mut config: Config = split.rest.parse().map_err(|e| bad(&e))?;
    config.ssl_mode(split.tls.mode.negotiation());
    let tls = tls::connector(&split.tls)
        .map_err(|e| StoreError::Connect(format!("PostgreSQL at {}: {e}", server(&config))))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    // A network path that goes silent fails the connection's next send
    // instead of leaving it waiting for minutes.
    if config.get_tcp_user_timeout().is_none() {
        config.tcp_user_timeout(TCP_USER_TIMEOUT);
    }
    if config.get_application_name().is_none() {
        config.application_name("kyoku");
    }
    Ok(Target { config, tls })
}

/// Creates a new, empty database (named `kyoku_test_…`, unique) on the
/// server of `admin_url`, whose role may create databases, and returns its
/// URL: `admin_url` with the new database's name in place of its own.
pub(crate) async fn create_database(admin_url: &str) -> Result<String, StoreError> {
    static CREATED: AtomicU32 = AtomicU32::new(0);
    let (client, conn) = connect(&target(admin_url)?).await?;
    let conn = tokio::spawn(conn);
    let name = format!(
        "kyoku_test_{}_{}_{:08x}",
        std::process::id(),
        CREATED.fetch_add(1, Ordering::Relaxed),
        rand::random::<u32>()
    );
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .map_err(failed)?;
    drop(client);
    let _ = conn.await;
    Ok(with_dbname(admin_url, &name))
}

/// `scheme://user:password@host:port/db?options` with database `db`.
fn with_dbname(url: &str, db: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("postgres", url));
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let query = tail.find('?').map(|q| &tail[q..]).unwrap_or("");
    format!("{scheme}://{authority}/{db}{query}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_another_database() {
        let cases = [
            ("postgres://u:p@h:5/admin", "postgres://u:p@h:5/t"),
            (
                "postgresql://u:p@h/admin?connect_timeout=2",
                "postgresql://u:p@h/t?connect_timeout=2",
            ),
            ("postgres://h", "postgres://h/t"),
            ("postgres://h?x=1", "postgres://h/t?x=1"),
        ];
        for (url, want) in cases {
            assert_eq!(with_dbname(url, "t"), want);
        }
    }
}
