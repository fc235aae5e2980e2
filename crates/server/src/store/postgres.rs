//! The PostgreSQL engine: several server instances share one database.
//!
//! Each write is one transaction on a pooled connection (the pool gives
//! concurrency, so there is no group commit as in SQLite) that checks the
//! game's version, and announces the change to the other instances with
//! `NOTIFY` in the same transaction, so they hear only what was committed.
//! Which instance runs a game's programs and deadlines is settled by
//! leases on the games' rows, timed by the database's clock so that the
//! instances' clocks do not matter.

mod connect;
mod listen;
mod players;
mod puzzles;
mod reviews;
mod schema;
mod tls;

use connect::{ANSWER_TIMEOUT, POOL_SIZE, POOL_WAIT, PROBE_WAIT, pool_error, pools, target};
pub(crate) use connect::{NOW_MS, Target, connect, connect_error, create_database, failed};

use std::time::Duration;

use deadpool_postgres::{Object, Pool};
use tokio::sync::broadcast;
use tokio::task::JoinHandle;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Config, IsolationLevel, Row};

use super::{
    Changed, GameRow, LEASE, Listing, LobbyQuery, MoveRow, SeatRow, StoreError, Write, Written,
};

/// Tells the other instances of a change, as part of its transaction.
const NOTIFY: &str = "SELECT pg_notify($1, $2)";

/// The PostgreSQL engine of [`super::Store`].
pub struct PgStore {
    pool: Pool,
    /// One connection for `/readyz` alone (see [`PgStore::ready`]).
    probe: Pool,
    /// Where the pool connects (for messages about failures).
    config: Config,
    /// This instance's name in leases and notifications.
    instance: String,
    /// How long a lease lasts unless renewed, in ms.
    lease_ms: i64,
    changes: broadcast::Sender<Changed>,
    /// Keeps a connection listening for other instances' changes.
    listener: JoinHandle<()>,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        self.listener.abort();
    }
}

/// `usize` to a PostgreSQL `INTEGER` (plies and seats are far below).
fn int(n: usize) -> Result<i32, StoreError> {
    i32::try_from(n).map_err(|_| StoreError::Failed(format!("{n} is too large to store")))
}

impl PgStore {
    /// Connects to the database at `url` (a `postgres://` URL), creating or
    /// migrating its schema, and starts listening for other instances'
    /// changes. `instance` names this server in leases and notifications:
    /// it must differ between the instances sharing the database.
    pub async fn open(url: &str, instance: &str) -> Result<PgStore, StoreError> {
        Self::open_with_lease(url, instance, LEASE).await
    }

    /// [`PgStore::open`] with leases of `lease` instead of [`LEASE`].
    pub async fn open_with_lease(
        url: &str,
        instance: &str,
        lease: Duration,
    ) -> Result<PgStore, StoreError> {
        let target = target(url)?;
        let (mut first, conn) = connect(&target).await?;
        let conn = tokio::spawn(conn);
        schema::migrate(&mut first).await?;
        drop(first);
        let _ = conn.await;
        let pool = pools(&target, POOL_SIZE, POOL_WAIT)?;
        // Readiness asks on a connection of its own: behind busy moves in
        // the pool its probe waited for a connection and a loaded but
        // healthy instance answered 503.
        let probe = pools(&target, 1, PROBE_WAIT)?;
        let changes = broadcast::channel(1024).0;
        let config = target.config.clone();
        let listener = listen::start(target, instance.to_string(), changes.clone()).await?;
        Ok(PgStore {
            pool,
            probe,
            config,
            instance: instance.to_string(),
            lease_ms: i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 2),
            changes,
            listener,
        })
    }

    /// A pooled connection.
    async fn client(&self) -> Result<Object, StoreError> {
        self.pool
            .get()
            .await
            .map_err(|e| pool_error(&self.config, e))
    }

    /// Commits one write in its own transaction, announcing a change of a
    /// game to the other instances; returns once it is durable. Waits
    /// [`POOL_WAIT`] at most for a connection and [`ANSWER_TIMEOUT`] for
    /// the transaction; a connection that failed or did not answer is
    /// dropped, not given back to the pool. When it was lost during the
    /// commit itself the change may be stored or not:
    /// [`StoreError::InDoubt`].
    pub async fn write(&self, w: Write) -> Result<Written, StoreError> {
        let mut client = self.client().await?;
        let mut committing = false;
        let done = tokio::time::timeout(
            ANSWER_TIMEOUT,
            self.write_on(&mut client, &w, &mut committing),
        )
        .await;
        let e = match done {
            Ok(Ok(written)) => return Ok(written),
            Ok(Err(e)) if !e.is_unavailable() => return Err(e),
            Ok(Err(e)) => e,
            Err(_) => StoreError::Unavailable(format!(
                "the database did not answer within {} s; nothing was stored — try again in \
                 a few seconds",
                ANSWER_TIMEOUT.as_secs()
            )),
        };
        // Never reused: it may still carry the lost transaction.
        drop(Object::take(client));
        if committing {
            return Err(StoreError::InDoubt(
                "the database went away while the change was being committed: it may or may \
                 not be stored — read the game again once the database is back"
                    .into(),
            ));
        }
        Err(e)
    }

    /// [`PgStore::write`] on a connection; sets `committing` once the
    /// commit is sent.
    async fn write_on(
        &self,
        client: &mut Object,
        w: &Write,
        committing: &mut bool,
    ) -> Result<Written, StoreError> {
        let tx = client.transaction().await.map_err(failed)?;
        let mut news: Vec<(&str, i64)> = w.changed().into_iter().collect();
        // A rematch changes the old game too (its link and offers).
        if let Write::Rematch {
            game, old_version, ..
        } = &w
            && let Some(old) = &game.rematch_of
        {
            news.push((old, old_version + 1));
        }
        // The announcements go out with the change's statements in one
        // round trip (tokio-postgres pipelines what is polled together):
        // per move the database's processes were most of the machine's CPU
        // at 10,000 games, much of it waking up once per statement. They
        // are part of the transaction: a change refused takes them back.
        let notify = async {
            let st = tx.prepare_cached(NOTIFY).await.map_err(failed)?;
            for (id, version) in news {
                let p = listen::payload(&self.instance, id, version);
                tx.execute(&st, &[&listen::CHANNEL, &p])
                    .await
                    .map_err(failed)?;
            }
            Ok::<(), StoreError>(())
        };
        // The change's own error is the cause of the announcement's.
        let (written, notified) = tokio::join!(apply(&tx, w), notify);
        let written = written?;
        notified?;
        *committing = true;
        tx.commit().await.map_err(failed)?;
        Ok(written)
    }

    /// Runs one read or lease operation for [`POOL_WAIT`] plus
    /// [`ANSWER_TIMEOUT`] at most: a database that does not answer counts
    /// as away.
    async fn bounded<T>(op: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
        match tokio::time::timeout(POOL_WAIT + ANSWER_TIMEOUT, op).await {
            Ok(r) => r,
            Err(_) => Err(StoreError::Unavailable(format!(
                "the database did not answer within {} s — try again in a few seconds",
                (POOL_WAIT + ANSWER_TIMEOUT).as_secs()
            ))),
        }
    }

    /// Whether the database takes a write transaction within `within`, on
    /// the probe's own connection.
    pub async fn ready(&self, within: Duration) -> Result<(), StoreError> {
        let deadline = tokio::time::Instant::now() + within;
        let late = || {
            StoreError::Failed(format!(
                "PostgreSQL did not answer within {} ms",
                within.as_millis()
            ))
        };
        let mut client = match tokio::time::timeout_at(deadline, self.probe.get()).await {
            Ok(got) => got.map_err(|e| pool_error(&self.config, e))?,
            Err(_) => return Err(late()),
        };
        let asked = tokio::time::timeout_at(deadline, async {
            let tx = client.transaction().await.map_err(failed)?;
            probe(&tx).await?;
            tx.commit().await.map_err(failed)
        })
        .await
        .unwrap_or_else(|_| Err(late()));
        if asked.is_err() {
            // Failed, or silent and maybe still carrying the probe: the
            // next probe connects afresh.
            drop(Object::take(client));
        }
        asked
    }

    /// One game, whole, as of one moment.
    pub async fn load(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        Self::bounded(self.load_unbounded(id)).await
    }

    async fn load_unbounded(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let mut client = self.client().await?;
        // One snapshot for the three reads: a change committed between
        // them cannot pair new moves with an old version.
        let tx = client
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(failed)?;
        let Some(row) = tx
            .query_opt(
                "SELECT id, game, options, seed, created_at, updated_at, life, rematch_of,
                        rematch, version, rated
                 FROM games WHERE id = $1",
                &[&id],
            )
            .await
            .map_err(failed)?
        else {
            return Ok(None);
        };
        let mut g = game_row(&row);
        let seats = tx
            .query(
                "SELECT kind, token, open, next_token FROM seats WHERE game_id = $1 ORDER BY seat",
                &[&id],
            )
            .await
            .map_err(failed)?;
        g.seats = seats
            .iter()
            .map(|r| SeatRow {
                kind: r.get(0),
                token: r.get(1),
                open: r.get(2),
                next_token: r.get(3),
            })
            .collect();
        let moves = tx
            .query(
                "SELECT text, seat, clocks FROM moves WHERE game_id = $1 ORDER BY ply",
                &[&id],
            )
            .await
            .map_err(failed)?;
        g.moves = moves
            .iter()
            .map(|r| MoveRow {
                text: r.get(0),
                seat: r.get::<_, Option<i32>>(1).map(|s| s as usize),
                clocks: r.get(2),
            })
            .collect();
        g.players = players::of_game(&tx, id).await?;
        tx.commit().await.map_err(failed)?;
        Ok(Some(g))
    }

    /// A page of the lobby (see [`super::Store::lobby`]).
    pub async fn lobby(&self, q: &LobbyQuery) -> Result<Option<Vec<String>>, StoreError> {
        Self::bounded(self.lobby_unbounded(q)).await
    }

    async fn lobby_unbounded(&self, q: &LobbyQuery) -> Result<Option<Vec<String>>, StoreError> {
        let client = self.client().await?;
        let before = match &q.before {
            Some(id) => {
                let row = client
                    .query_opt("SELECT created_at FROM games WHERE id = $1", &[id])
                    .await
                    .map_err(failed)?;
                let Some(row) = row else { return Ok(None) };
                Some((row.get::<_, i64>(0), id.clone()))
            }
            None => None,
        };
        let limit = i64::try_from(q.limit).unwrap_or(i64::MAX);
        let mut sql = String::from("SELECT summary FROM games WHERE summary IS NOT NULL");
        let mut args: Vec<&(dyn ToSql + Sync)> = Vec::new();
        if let Some(s) = &q.status {
            args.push(s);
            sql += &format!(" AND status = ${}", args.len());
        }
        if let Some(g) = &q.game {
            args.push(g);
            sql += &format!(" AND game = ${}", args.len());
        }
        if let Some((at, id)) = &before {
            args.push(at);
            args.push(id);
            let (a, b) = (args.len() - 1, args.len());
            sql += &format!(" AND (created_at, id) < (${a}, ${b})");
        }
        args.push(&limit);
        sql += &format!(" ORDER BY created_at DESC, id DESC LIMIT ${}", args.len());
        let st = client.prepare_cached(&sql).await.map_err(failed)?;
        let rows = client.query(&st, &args).await.map_err(failed)?;
        Ok(Some(rows.iter().map(|r| r.get(0)).collect()))
    }

    /// Games not over, waiting only for people, unchanged since `cutoff`.
    pub async fn idle(&self, cutoff: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        self.ids(
            "SELECT id FROM games WHERE status IN ('open', 'active') AND wake_at IS NULL
             AND updated_at <= $1 LIMIT $2",
            &[&cutoff, &(limit as i64)],
        )
        .await
    }

    /// Games without a listing.
    pub async fn unlisted(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        self.ids(
            "SELECT id FROM games WHERE summary IS NULL LIMIT $1",
            &[&(limit as i64)],
        )
        .await
    }

    async fn ids(
        &self,
        sql: &str,
        args: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<String>, StoreError> {
        Self::bounded(async {
            let client = self.client().await?;
            let st = client.prepare_cached(sql).await.map_err(failed)?;
            let rows = client.query(&st, args).await.map_err(failed)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }

    /// Changes other instances stored.
    pub fn changes(&self) -> broadcast::Receiver<Changed> {
        self.changes.subscribe()
    }

    /// Takes or renews this instance's lease on `id`: `true` when it was
    /// free, expired or already this instance's.
    pub async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        Self::bounded(self.claim_unbounded(id)).await
    }

    async fn claim_unbounded(&self, id: &str) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let sql = format!(
            "UPDATE games SET lease_holder = $2, lease_until = {NOW_MS} + $3
             WHERE id = $1 AND (lease_holder IS NULL OR lease_holder = $2
                                OR lease_until < {NOW_MS})"
        );
        let st = client.prepare_cached(&sql).await.map_err(failed)?;
        let n = client
            .execute(&st, &[&id, &self.instance, &self.lease_ms])
            .await
            .map_err(failed)?;
        Ok(n == 1)
    }

    /// Claims the games due by `until` (Unix ms) that no other instance
    /// holds; soonest first. Rows another instance is claiming at this
    /// moment are skipped, not waited for.
    pub async fn claim_due(&self, until: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        Self::bounded(self.claim_due_unbounded(until, limit)).await
    }

    async fn claim_due_unbounded(
        &self,
        until: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let sql = format!(
            "WITH due AS (
                 SELECT id FROM games
                 WHERE wake_at IS NOT NULL AND wake_at <= $1
                   AND (lease_holder IS NULL OR lease_holder = $2 OR lease_until < {NOW_MS})
                 ORDER BY wake_at LIMIT $3
                 FOR UPDATE SKIP LOCKED)
             UPDATE games g SET lease_holder = $2, lease_until = {NOW_MS} + $4
             FROM due WHERE g.id = due.id
             RETURNING g.id, g.wake_at"
        );
        let st = client.prepare_cached(&sql).await.map_err(failed)?;
        let mut rows: Vec<(i64, String)> = client
            .query(
                &st,
                &[&until, &self.instance, &(limit as i64), &self.lease_ms],
            )
            .await
            .map_err(failed)?
            .iter()
            .map(|r| (r.get(1), r.get(0)))
            .collect();
        // RETURNING keeps no order.
        rows.sort();
        Ok(rows.into_iter().map(|(_, id)| id).collect())
    }

    /// Extends every lease this instance holds.
    pub async fn renew(&self) -> Result<(), StoreError> {
        Self::bounded(self.renew_unbounded()).await
    }

    async fn renew_unbounded(&self) -> Result<(), StoreError> {
        let client = self.client().await?;
        let sql = format!("UPDATE games SET lease_until = {NOW_MS} + $2 WHERE lease_holder = $1");
        let st = client.prepare_cached(&sql).await.map_err(failed)?;
        client
            .execute(&st, &[&self.instance, &self.lease_ms])
            .await
            .map_err(failed)?;
        Ok(())
    }

    /// Gives up every lease this instance holds (it stops): another
    /// instance takes its games at once, not when the leases run out.
    pub async fn release_all(&self) -> Result<(), StoreError> {
        Self::bounded(async {
            let client = self.client().await?;
            client
                .execute(
                    "UPDATE games SET lease_holder = NULL, lease_until = NULL
                     WHERE lease_holder = $1",
                    &[&self.instance],
                )
                .await
                .map_err(failed)?;
            Ok(())
        })
        .await
    }

    /// Gives up this instance's lease on `id`.
    pub async fn release(&self, id: &str) -> Result<(), StoreError> {
        Self::bounded(async {
            let client = self.client().await?;
            let st = client
                .prepare_cached(
                    "UPDATE games SET lease_holder = NULL, lease_until = NULL
                     WHERE id = $1 AND lease_holder = $2",
                )
                .await
                .map_err(failed)?;
            client
                .execute(&st, &[&id, &self.instance])
                .await
                .map_err(failed)?;
            Ok(())
        })
        .await
    }
}

fn game_row(r: &Row) -> GameRow {
    GameRow {
        id: r.get(0),
        game: r.get(1),
        options: r.get(2),
        // Stored as the same 64 bits, signed.
        seed: r.get::<_, i64>(3) as u64,
        created_at: r.get(4),
        updated_at: r.get(5),
        seats: Vec::new(),
        moves: Vec::new(),
        life: r.get(6),
        rematch_of: r.get(7),
        rematch: r.get(8),
        version: r.get(9),
        rated: r.get(10),
        players: Vec::new(),
    }
}

type Tx<'a> = deadpool_postgres::Transaction<'a>;

/// Moves a game from `version` to the next with its new listing, or
/// refuses with [`StoreError::Conflict`] when it is no longer at `version`.
async fn bump(
    tx: &Tx<'_>,
    id: &str,
    version: i64,
    listing: &Listing,
    life: &str,
    at: Option<i64>,
) -> Result<(), StoreError> {
    let sql = format!(
        "UPDATE games SET version = version + 1, status = $3, summary = $4, wake_at = $5,
                          life = $6, updated_at = coalesce($7, updated_at),
                          changed_at = {NOW_MS}
         WHERE id = $1 AND version = $2"
    );
    let st = tx.prepare_cached(&sql).await.map_err(failed)?;
    let n = tx
        .execute(
            &st,
            &[
                &id,
                &version,
                &listing.status,
                &listing.summary,
                &listing.wake_at,
                &life,
                &at,
            ],
        )
        .await
        .map_err(failed)?;
    StoreError::conflict_unless_one(n)
}

/// The error of statements sent together in one transaction: once one
/// fails the others fail too ("transaction aborted"), in whatever order
/// their answers were read, so a conflict, the cause a client can act on,
/// comes first; else the first error.
fn cause<const N: usize>(results: [Result<(), StoreError>; N]) -> Result<(), StoreError> {
    let mut first = None;
    for r in results {
        match r {
            Err(StoreError::Conflict) => return Err(StoreError::Conflict),
            Err(e) if first.is_none() => first = Some(e),
            _ => {}
        }
    }
    first.map_or(Ok(()), Err)
}

async fn set_next_tokens(
    tx: &Tx<'_>,
    id: &str,
    next_tokens: &[(usize, String)],
) -> Result<(), StoreError> {
    let st = tx
        .prepare_cached("UPDATE seats SET next_token = $3 WHERE game_id = $1 AND seat = $2")
        .await
        .map_err(failed)?;
    for (seat, hash) in next_tokens {
        tx.execute(&st, &[&id, &int(*seat)?, hash])
            .await
            .map_err(failed)?;
    }
    Ok(())
}

async fn apply(tx: &Tx<'_>, w: &Write) -> Result<Written, StoreError> {
    let mut written = Written::default();
    match w {
        Write::Create {
            game,
            listing,
            seek,
        } => {
            if let Some(seek) = seek {
                players::take_seek(tx, seek, &game.id).await?;
            }
            insert_game(tx, game, listing).await?;
        }
        Write::Rematch {
            game,
            listing,
            old_version,
            old_life,
            next_tokens,
        } => {
            let old = game.rematch_of.as_deref().unwrap_or_default();
            let sql = format!(
                "UPDATE games SET rematch = $2, life = $3, version = version + 1,
                                  changed_at = {NOW_MS}
                 WHERE id = $1 AND rematch IS NULL AND version = $4"
            );
            let n = tx
                .execute(&sql, &[&old, &game.id, old_life, old_version])
                .await
                .map_err(failed)?;
            StoreError::conflict_unless_one(n)?;
            insert_game(tx, game, listing).await?;
            set_next_tokens(tx, old, next_tokens).await?;
        }
        Write::Change {
            id,
            version,
            first_ply,
            truncate,
            moves,
            life,
            next_tokens,
            at,
            listing,
            end,
        } => {
            // Sent together, answered in order: a version taken by another
            // copy of the game fails the first, and the transaction is then
            // dropped whatever the others answered.
            let moves = async {
                if *truncate {
                    let st = tx
                        .prepare_cached("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                        .await
                        .map_err(failed)?;
                    tx.execute(&st, &[id, &int(*first_ply)?])
                        .await
                        .map_err(failed)?;
                }
                insert_moves(tx, id, *first_ply, moves, *at).await
            };
            let (bumped, tokens, moves) = tokio::join!(
                bump(tx, id, *version, listing, life, Some(*at)),
                set_next_tokens(tx, id, next_tokens),
                moves
            );
            cause([bumped, tokens, moves])?;
            if let Some(end) = end {
                written.rating_diffs = players::end_game(tx, id, end, *at).await?;
            }
        }
        Write::Join {
            id,
            version,
            seat,
            token,
            life,
            listing,
            player,
        } => {
            bump(tx, id, *version, listing, life, None).await?;
            take_seat(tx, id, *seat, token).await?;
            if let Some(p) = player {
                players::insert_player(tx, id, p).await?;
            }
        }
        Write::Claim {
            id,
            version,
            player,
            life,
            listing,
        } => {
            bump(tx, id, *version, listing, life, None).await?;
            players::insert_player(tx, id, player).await?;
        }
        Write::Listing { id, listing } => {
            tx.execute(
                "UPDATE games SET status = $2, summary = $3, wake_at = $4 WHERE id = $1",
                &[id, &listing.status, &listing.summary, &listing.wake_at],
            )
            .await
            .map_err(failed)?;
        }
        Write::Probe => probe(tx).await?,
    }
    Ok(written)
}

/// Takes open seat `seat` of game `id` with token hash `token`; refuses
/// with [`StoreError::Conflict`] when it is taken.
async fn take_seat(tx: &Tx<'_>, id: &str, seat: usize, token: &str) -> Result<(), StoreError> {
    let n = tx
        .execute(
            "UPDATE seats SET open = false, token = $3 WHERE game_id = $1 AND seat = $2 AND open",
            &[&id, &int(seat)?, &token],
        )
        .await
        .map_err(failed)?;
    StoreError::conflict_unless_one(n)
}

/// Whether the database takes writes: a standby takes reads only.
async fn probe(tx: &Tx<'_>) -> Result<(), StoreError> {
    let writable: bool = tx
        .query_one("SELECT NOT pg_is_in_recovery()", &[])
        .await
        .map_err(failed)?
        .get(0);
    if writable {
        Ok(())
    } else {
        Err(StoreError::Failed(
            "PostgreSQL is a read-only standby: it takes no writes".into(),
        ))
    }
}

async fn insert_game(tx: &Tx<'_>, g: &GameRow, listing: &Listing) -> Result<(), StoreError> {
    let sql = format!(
        "INSERT INTO games (id, game, options, seed, status, created_at, updated_at, life,
                            rematch_of, summary, wake_at, version, changed_at, rated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, {NOW_MS}, $12)"
    );
    tx.execute(
        &sql,
        &[
            &g.id,
            &g.game,
            &g.options,
            &(g.seed as i64),
            &listing.status,
            &g.created_at,
            &g.updated_at,
            &g.life,
            &g.rematch_of,
            &listing.summary,
            &listing.wake_at,
            &g.rated,
        ],
    )
    .await
    .map_err(failed)?;
    for p in &g.players {
        players::insert_player(tx, &g.id, p).await?;
    }
    let st = tx
        .prepare_cached(
            "INSERT INTO seats (game_id, seat, kind, token, open) VALUES ($1, $2, $3, $4, $5)",
        )
        .await
        .map_err(failed)?;
    for (i, s) in g.seats.iter().enumerate() {
        tx.execute(&st, &[&g.id, &int(i + 1)?, &s.kind, &s.token, &s.open])
            .await
            .map_err(failed)?;
    }
    insert_moves(tx, &g.id, 0, &g.moves, g.created_at).await
}

async fn insert_moves(
    tx: &Tx<'_>,
    id: &str,
    first_ply: usize,
    moves: &[MoveRow],
    at: i64,
) -> Result<(), StoreError> {
    let st = tx
        .prepare_cached(
            "INSERT INTO moves (game_id, ply, text, seat, at, clocks)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .await
        .map_err(failed)?;
    for (k, m) in moves.iter().enumerate() {
        let seat = m.seat.map(int).transpose()?;
        let r = tx
            .execute(
                &st,
                &[&id, &int(first_ply + k)?, &m.text, &seat, &at, &m.clocks],
            )
            .await;
        match r {
            Ok(_) => {}
            // The ply is taken: a move made on another copy of the game.
            Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                return Err(StoreError::Conflict);
            }
            Err(e) => return Err(failed(e)),
        }
    }
    Ok(())
}
