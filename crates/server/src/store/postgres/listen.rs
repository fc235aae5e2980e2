//! Hearing other instances' changes: a connection of its own that listens
//! on [`CHANNEL`] and forwards what other instances stored to a broadcast
//! channel; when the connection drops, it reconnects with back-off.

use std::time::{Duration, Instant};

use tokio::sync::broadcast;
use tokio::task::JoinHandle;
use tokio_postgres::{AsyncMessage, Client};

use super::{NOW_MS, Target, connect, connect_error, failed};
use crate::store::{Changed, StoreError};

/// The notification channel every write that changes a game is announced
/// on, as `<instance>:<game id>:<version>`.
pub(super) const CHANNEL: &str = "kyoku_changes";

/// How much earlier than the connection was lost changes are read again
/// after a reconnection (the loss is noticed late).
const REPLAY_MARGIN: Duration = Duration::from_secs(5);

/// The listening connection's name in `pg_stat_activity`.
pub(super) const APPLICATION_NAME: &str = "kyoku changes";

/// The longest wait between two attempts to reconnect.
const MOST_BACKOFF: Duration = Duration::from_secs(10);

/// The notification a write announces.
pub(super) fn payload(instance: &str, id: &str, version: i64) -> String {
    format!("{instance}:{id}:{version}")
}

/// Reads a notification: `None` for this instance's own, or a payload
/// that is not kyoku's.
fn heard(instance: &str, payload: &str) -> Option<Changed> {
    let (from, rest) = payload.split_once(':')?;
    if from == instance {
        return None;
    }
    let (id, version) = rest.rsplit_once(':')?;
    Some(Changed {
        id: id.to_string(),
        version: version.parse().ok()?,
    })
}

/// One listening connection: the client that keeps it open and the task
/// that reads its messages (it ends when the connection does).
struct Session {
    client: Client,
    reader: JoinHandle<Result<(), tokio_postgres::Error>>,
}

/// Connects and listens; from its return on, every change is heard.
async fn session(
    target: &Target,
    instance: &str,
    out: &broadcast::Sender<Changed>,
) -> Result<Session, StoreError> {
    let mut target = target.clone();
    target.config.application_name(APPLICATION_NAME);
    let (client, mut conn) = connect(&target).await?;
    let (instance, out) = (instance.to_string(), out.clone());
    let reader = tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| conn.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    if let Some(c) = heard(&instance, n.payload()) {
                        // No one listening yet is no error.
                        let _ = out.send(c);
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {CHANNEL}"))
        .await
        .map_err(|e| connect_error(&target.config, &e))?;
    Ok(Session { client, reader })
}

/// Announces every game changed in the last `within` (by the database's
/// clock): what was missed while no connection listened. This instance's
/// own changes are among them, harmless to a reader that compares
/// versions.
async fn replay(
    session: &Session,
    within: Duration,
    out: &broadcast::Sender<Changed>,
) -> Result<usize, StoreError> {
    let within_ms = i64::try_from(within.as_millis()).unwrap_or(i64::MAX / 2);
    let rows = session
        .client
        .query(
            &format!("SELECT id, version FROM games WHERE changed_at >= {NOW_MS} - $1"),
            &[&within_ms],
        )
        .await
        .map_err(failed)?;
    for r in &rows {
        let _ = out.send(Changed {
            id: r.get(0),
            version: r.get(1),
        });
    }
    Ok(rows.len())
}

/// Starts listening: returns once the first connection listens (so that
/// an opened store hears every later change), then keeps a connection
/// listening until the returned task is aborted.
pub(super) async fn start(
    target: Target,
    instance: String,
    out: broadcast::Sender<Changed>,
) -> Result<JoinHandle<()>, StoreError> {
    let first = session(&target, &instance, &out).await?;
    Ok(tokio::spawn(keep_listening(target, instance, out, first)))
}

async fn keep_listening(
    target: Target,
    instance: String,
    out: broadcast::Sender<Changed>,
    mut current: Session,
) {
    loop {
        match (&mut current.reader).await {
            Ok(Ok(())) => tracing::warn!("the PostgreSQL connection for changes closed"),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the PostgreSQL connection for changes failed")
            }
            Err(e) => tracing::warn!(error = %e, "the reader of changes stopped"),
        }
        let lost = Instant::now();
        let mut wait = Duration::from_millis(100);
        current = loop {
            tokio::time::sleep(wait).await;
            match session(&target, &instance, &out).await {
                // Listening again: what changed meanwhile is read (a
                // change after LISTEN may be announced twice, none missed).
                Ok(s) => match replay(&s, lost.elapsed() + REPLAY_MARGIN, &out).await {
                    Ok(n) => {
                        tracing::info!(replayed = n, "listening to PostgreSQL for changes again");
                        break s;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "changes missed while not listening not read")
                    }
                },
                Err(e) => {
                    wait = (wait * 2).min(MOST_BACKOFF);
                    tracing::warn!(error = %e, retry_in_ms = wait.as_millis() as u64,
                        "cannot listen to PostgreSQL for changes");
                }
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back_and_own_ones_are_ignored() {
        let p = payload("a1", "g:x", 7);
        assert_eq!(heard("a1", &p), None);
        assert_eq!(
            heard("b2", &p),
            Some(Changed {
                id: "g:x".into(),
                version: 7
            })
        );
        assert_eq!(heard("b2", "nonsense"), None);
        assert_eq!(heard("b2", "a1:g:seven"), None);
    }
}
