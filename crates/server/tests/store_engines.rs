//! Conformance of the store's engines: every case runs against SQLite, and
//! against PostgreSQL when `KYOKU_TEST_POSTGRES` holds the URL of a role
//! that may create databases (`eval "$(.ci/postgres.sh)"` starts a
//! throw-away server and prints it). Each PostgreSQL case runs on a fresh
//! database of its own, dropped afterwards.
//!
//! `cargo test -p kyoku-server --test store_engines -- --ignored --nocapture write_latency`
//! measures the time of a move's write in each engine.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use kyoku_server::store::{
    Changed, GameRow, Listing, LobbyQuery, Location, MoveRow, OpenOptions, PgStore, SCHEMA_VERSION,
    SeatRow, Store, StoreError, SyncMode, Write,
};
use tokio::sync::broadcast;
use tokio_postgres::NoTls;

// ---------------------------------------------------------------- fixtures

const ADMIN_URL: &str = "KYOKU_TEST_POSTGRES";

/// A fresh PostgreSQL database, dropped with this value.
struct PgDb {
    admin: String,
    name: String,
    url: String,
}

impl PgDb {
    async fn create() -> Option<PgDb> {
        let Ok(admin) = std::env::var(ADMIN_URL) else {
            eprintln!("{ADMIN_URL} is not set: the PostgreSQL half of this test is skipped");
            return None;
        };
        static N: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "kyoku_test_{}_{}_{:06x}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed),
            rand::random::<u32>() & 0xff_ffff
        );
        admin_exec(&admin, &format!("CREATE DATABASE {name}")).await;
        let url = with_dbname(&admin, &name);
        Some(PgDb { admin, name, url })
    }

    /// Runs SQL on the database itself (what no engine method does).
    async fn exec(&self, sql: &str) {
        admin_exec(&self.url, sql).await;
    }

    async fn query_i64(&self, sql: &str) -> Option<i64> {
        let (c, conn) = tokio_postgres::connect(&self.url, NoTls)
            .await
            .expect("connect");
        tokio::spawn(conn);
        c.query_one(sql, &[]).await.expect(sql).get(0)
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        // Drop runs outside async: a thread with a runtime of its own.
        let (admin, name) = (self.admin.clone(), self.name.clone());
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(admin_exec(
                &admin,
                &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
            ));
        });
        let _ = done.join();
    }
}

async fn admin_exec(url: &str, sql: &str) {
    let (c, conn) = tokio_postgres::connect(url, NoTls)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to the test server: {e}"));
    let conn = tokio::spawn(conn);
    c.batch_execute(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    drop(c);
    let _ = conn.await;
}

/// `postgres://u:p@h:1/db?x` with another database.
fn with_dbname(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let (scheme, rest) = base.split_once("://").expect("a URL");
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}/{db}{query}")
}

/// `postgres://u:p@h/db` with another password.
fn with_password(url: &str, password: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (auth, host) = rest.split_once('@').expect("credentials in the URL");
    let user = auth.split(':').next().unwrap_or(auth);
    format!("{scheme}://{user}:{password}@{host}")
}

fn options() -> OpenOptions {
    OpenOptions {
        sync: SyncMode::Full,
    }
}

/// One engine's store under test, and what keeps its database alive.
struct Db {
    store: Store,
    sqlite: Option<(tempfile::TempDir, std::path::PathBuf)>,
    pg: Option<PgDb>,
}

impl Db {
    async fn sqlite() -> Db {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("games.db");
        let store = Store::open(&Location::Sqlite(path.clone()), &options())
            .await
            .expect("open SQLite");
        Db {
            store,
            sqlite: Some((dir, path)),
            pg: None,
        }
    }

    async fn postgres() -> Option<Db> {
        let pg = PgDb::create().await?;
        let store = Store::open(&Location::Postgres(pg.url.clone()), &options())
            .await
            .expect("open PostgreSQL");
        Some(Db {
            store,
            sqlite: None,
            pg: Some(pg),
        })
    }

    /// Runs SQL on the engine's database directly (to make what the
    /// interface cannot: a game from before listings).
    async fn raw(&self, sql: &str) {
        if let Some((_, path)) = &self.sqlite {
            let c = rusqlite::Connection::open(path).expect("open the file");
            c.execute_batch(sql).expect(sql);
        }
        if let Some(pg) = &self.pg {
            pg.exec(sql).await;
        }
    }
}

fn seat(open: bool, token: Option<&str>) -> SeatRow {
    SeatRow {
        kind: "human".into(),
        token: token.map(String::from),
        open,
        next_token: None,
    }
}

fn mv(text: &str, seat: Option<usize>) -> MoveRow {
    MoveRow {
        text: text.into(),
        seat,
        clocks: seat.map(|s| format!("[{s}000,null]")),
    }
}

fn listing(id: &str, status: &str, wake_at: Option<i64>) -> Listing {
    Listing {
        status: status.into(),
        summary: format!("{{\"id\":\"{id}\",\"status\":\"{status}\"}}"),
        wake_at,
    }
}

/// A two-seat game: seat 1 taken, seat 2 open.
fn game(id: &str, name: &str, created_at: i64) -> GameRow {
    GameRow {
        id: id.into(),
        game: name.into(),
        options: "{\"board\":\"small\"}".into(),
        seed: u64::MAX - 7,
        created_at,
        updated_at: created_at,
        seats: vec![seat(false, Some("aa11")), seat(true, None)],
        moves: vec![mv("chance:3", None)],
        life: "{}".into(),
        rematch_of: None,
        rematch: None,
        version: 0,
        rated: false,
        players: Vec::new(),
    }
}

async fn create(s: &Store, id: &str, name: &str, created_at: i64, l: Listing) {
    s.write(Write::Create {
        game: game(id, name, created_at),
        listing: l,
        seek: None,
    })
    .await
    .expect("create");
}

/// One move added to a game at `version`, ply `ply`.
fn add_move(id: &str, version: i64, ply: usize, text: &str) -> Write {
    Write::Change {
        id: id.into(),
        version,
        first_ply: ply,
        truncate: false,
        moves: vec![mv(text, Some(1 + ply % 2))],
        life: format!("{{\"v\":{}}}", version + 1),
        next_tokens: Vec::new(),
        at: 1_000 + version,
        listing: listing(id, "active", None),
        end: None,
    }
}

async fn loaded(s: &Store, id: &str) -> GameRow {
    s.load(id).await.expect("load").expect("the game is stored")
}

fn texts(g: &GameRow) -> Vec<&str> {
    g.moves.iter().map(|m| m.text.as_str()).collect()
}

/// Each case against each engine: `mod case { fn sqlite; fn postgres }`.
macro_rules! conformance {
    ($($case:ident),* $(,)?) => {$(
        mod $case {
            #[tokio::test]
            async fn sqlite() {
                let db = super::Db::sqlite().await;
                super::$case(&db).await;
            }
            #[tokio::test]
            async fn postgres() {
                if let Some(db) = super::Db::postgres().await {
                    super::$case(&db).await;
                }
            }
        }
    )*};
}

conformance!(
    round_trip,
    change_checks_the_version,
    the_same_ply_twice_conflicts,
    a_taken_seat_conflicts,
    rematches_link_once,
    lobby_pages,
    due_idle_and_unlisted,
    readiness,
);

// ------------------------------------------------------- both engines

async fn round_trip(db: &Db) {
    let s = &db.store;
    assert!(s.load("nope").await.expect("load").is_none());
    create(s, "g1", "dobutsu", 100, listing("g1", "open", None)).await;
    let g = loaded(s, "g1").await;
    let want = game("g1", "dobutsu", 100);
    assert_eq!(
        (
            &g.id,
            &g.game,
            &g.options,
            g.seed,
            g.created_at,
            g.updated_at
        ),
        (&want.id, &want.game, &want.options, want.seed, 100, 100)
    );
    assert_eq!((g.life.as_str(), g.version), ("{}", 0));
    assert_eq!(
        (g.rematch_of.as_deref(), g.rematch.as_deref()),
        (None, None)
    );
    assert_eq!(g.seats.len(), 2);
    assert_eq!(
        (g.seats[0].token.as_deref(), g.seats[0].open),
        (Some("aa11"), false)
    );
    assert_eq!((g.seats[1].token.as_deref(), g.seats[1].open), (None, true));
    assert_eq!(g.seats[0].kind, "human");
    assert_eq!(texts(&g), ["chance:3"]);
    assert_eq!(
        (g.moves[0].seat, g.moves[0].clocks.as_deref()),
        (None, None)
    );
    // A move with a seat and clocks reads back as written.
    s.write(add_move("g1", 0, 1, "b1b2")).await.expect("move");
    let g = loaded(s, "g1").await;
    assert_eq!(
        (g.moves[1].seat, g.moves[1].clocks.as_deref()),
        (Some(2), Some("[2000,null]"))
    );
    assert_eq!(
        (g.version, g.updated_at, g.life.as_str()),
        (1, 1_000, "{\"v\":1}")
    );
}

async fn change_checks_the_version(db: &Db) {
    let s = &db.store;
    create(s, "g1", "dobutsu", 100, listing("g1", "open", None)).await;
    s.write(add_move("g1", 0, 1, "a"))
        .await
        .expect("on version 0");
    // Another copy of the game, still at version 0, is refused.
    let stale = s.write(add_move("g1", 0, 2, "b")).await;
    assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
    let g = loaded(s, "g1").await;
    assert_eq!((g.version, texts(&g)), (1, vec!["chance:3", "a"]));
    assert_eq!(g.life, "{\"v\":1}");
    // A takeback replaces the moves from its ply on.
    let takeback = Write::Change {
        id: "g1".into(),
        version: 1,
        first_ply: 1,
        truncate: true,
        moves: vec![mv("c", Some(1))],
        life: "{}".into(),
        next_tokens: vec![(2, "bb22".into())],
        at: 2_000,
        listing: listing("g1", "active", None),
        end: None,
    };
    s.write(takeback).await.expect("takeback");
    let g = loaded(s, "g1").await;
    assert_eq!((g.version, texts(&g)), (2, vec!["chance:3", "c"]));
    assert_eq!(g.seats[1].next_token.as_deref(), Some("bb22"));
    let unknown = s.write(add_move("nope", 0, 0, "a")).await;
    assert!(matches!(unknown, Err(StoreError::Conflict)), "{unknown:?}");
}

async fn the_same_ply_twice_conflicts(db: &Db) {
    let s = &db.store;
    create(s, "g1", "dobutsu", 100, listing("g1", "open", None)).await;
    s.write(add_move("g1", 0, 1, "a")).await.expect("first");
    // The right version, but ply 1 is taken: nothing of it is written.
    let twice = s.write(add_move("g1", 1, 1, "b")).await;
    assert!(matches!(twice, Err(StoreError::Conflict)), "{twice:?}");
    let g = loaded(s, "g1").await;
    assert_eq!((g.version, texts(&g)), (1, vec!["chance:3", "a"]));
    assert_eq!(g.life, "{\"v\":1}");
}

async fn a_taken_seat_conflicts(db: &Db) {
    let s = &db.store;
    create(s, "g1", "dobutsu", 100, listing("g1", "open", None)).await;
    let join = |version| Write::Join {
        id: "g1".into(),
        version,
        seat: 2,
        token: format!("t{version}"),
        life: format!("{{\"joined\":{version}}}"),
        listing: listing("g1", "active", None),
        player: None,
    };
    s.write(join(0)).await.expect("join");
    let again = s.write(join(1)).await;
    assert!(matches!(again, Err(StoreError::Conflict)), "{again:?}");
    let g = loaded(s, "g1").await;
    assert_eq!(g.version, 1);
    assert_eq!(
        (g.seats[1].open, g.seats[1].token.as_deref()),
        (false, Some("t0"))
    );
    assert_eq!(g.life, "{\"joined\":0}");
    let page = s.lobby(&query(Some("active"), None, 10, None)).await;
    assert_eq!(page.expect("lobby").map(|v| v.len()), Some(1));
}

async fn rematches_link_once(db: &Db) {
    let s = &db.store;
    create(s, "old", "dobutsu", 100, listing("old", "finished", None)).await;
    let rematch = |id: &str| {
        let mut g = game(id, "dobutsu", 200);
        g.rematch_of = Some("old".into());
        Write::Rematch {
            game: g,
            listing: listing(id, "active", None),
            old_version: 0,
            old_life: "{\"answered\":true}".into(),
            next_tokens: vec![(1, "n1".into()), (2, "n2".into())],
        }
    };
    s.write(rematch("new")).await.expect("rematch");
    let old = loaded(s, "old").await;
    assert_eq!(
        (old.rematch.as_deref(), old.version, old.life.as_str()),
        (Some("new"), 1, "{\"answered\":true}")
    );
    let next: Vec<_> = old.seats.iter().map(|x| x.next_token.as_deref()).collect();
    assert_eq!(next, [Some("n1"), Some("n2")]);
    let new = loaded(s, "new").await;
    assert_eq!((new.rematch_of.as_deref(), new.version), (Some("old"), 0));
    // A second rematch of the same game is refused whole.
    let second = s.write(rematch("other")).await;
    assert!(matches!(second, Err(StoreError::Conflict)), "{second:?}");
    assert!(s.load("other").await.expect("load").is_none());
}

fn query(
    status: Option<&str>,
    game: Option<&str>,
    limit: usize,
    before: Option<&str>,
) -> LobbyQuery {
    LobbyQuery {
        status: status.map(String::from),
        game: game.map(String::from),
        limit,
        before: before.map(String::from),
    }
}

/// The ids of a lobby page (its entries name them).
async fn page(s: &Store, q: LobbyQuery) -> Option<Vec<String>> {
    let entries = s.lobby(&q).await.expect("lobby")?;
    Some(
        entries
            .iter()
            .map(|e| {
                let v: serde_json::Value = serde_json::from_str(e).expect("an entry is JSON");
                v["id"].as_str().expect("an id").to_string()
            })
            .collect(),
    )
}

async fn lobby_pages(db: &Db) {
    let s = &db.store;
    // (id, game, created_at, status); b and c were created in the same second.
    let games = [
        ("a", "dobutsu", 10, "open"),
        ("b", "shogun", 20, "active"),
        ("c", "dobutsu", 20, "open"),
        ("d", "dobutsu", 30, "finished"),
        ("e", "shogun", 40, "open"),
    ];
    for (id, name, at, status) in games {
        create(s, id, name, at, listing(id, status, None)).await;
    }
    let ids = |v: &[&str]| Some(v.iter().map(|x| x.to_string()).collect::<Vec<_>>());
    assert_eq!(
        page(s, query(None, None, 10, None)).await,
        ids(&["e", "d", "c", "b", "a"])
    );
    assert_eq!(page(s, query(None, None, 2, None)).await, ids(&["e", "d"]));
    assert_eq!(
        page(s, query(None, None, 2, Some("d"))).await,
        ids(&["c", "b"])
    );
    assert_eq!(
        page(s, query(None, None, 2, Some("c"))).await,
        ids(&["b", "a"])
    );
    assert_eq!(page(s, query(None, None, 2, Some("a"))).await, ids(&[]));
    assert_eq!(
        page(s, query(Some("open"), None, 10, None)).await,
        ids(&["e", "c", "a"])
    );
    assert_eq!(
        page(s, query(None, Some("dobutsu"), 10, None)).await,
        ids(&["d", "c", "a"])
    );
    assert_eq!(
        page(s, query(Some("open"), Some("dobutsu"), 1, Some("c"))).await,
        ids(&["a"])
    );
    assert_eq!(page(s, query(None, None, 10, Some("zz"))).await, None);
    // A change of status moves a game between the filtered pages.
    s.write(Write::Listing {
        id: "a".into(),
        listing: listing("a", "finished", None),
    })
    .await
    .expect("listing");
    assert_eq!(
        page(s, query(Some("open"), None, 10, None)).await,
        ids(&["e", "c"])
    );
}

async fn due_idle_and_unlisted(db: &Db) {
    let s = &db.store;
    create(
        s,
        "late",
        "dobutsu",
        10,
        listing("late", "active", Some(300)),
    )
    .await;
    create(
        s,
        "soon",
        "dobutsu",
        10,
        listing("soon", "active", Some(50)),
    )
    .await;
    create(s, "mid", "dobutsu", 10, listing("mid", "active", Some(100))).await;
    create(
        s,
        "people",
        "dobutsu",
        10,
        listing("people", "active", None),
    )
    .await;
    create(s, "fresh", "dobutsu", 900, listing("fresh", "open", None)).await;
    create(s, "over", "dobutsu", 10, listing("over", "finished", None)).await;
    assert_eq!(s.claim_due(200, 10).await.expect("due"), ["soon", "mid"]);
    assert_eq!(s.claim_due(200, 1).await.expect("due"), ["soon"]);
    assert!(s.claim_due(10, 10).await.expect("due").is_empty());
    let mut idle = s.idle(500, 10).await.expect("idle");
    idle.sort();
    assert_eq!(idle, ["people"]);
    assert!(s.unlisted(10).await.expect("unlisted").is_empty());
    // A game from before listings: unlisted, and not in the lobby.
    db.raw("UPDATE games SET summary = NULL WHERE id = 'fresh'")
        .await;
    assert_eq!(s.unlisted(10).await.expect("unlisted"), ["fresh"]);
    assert_eq!(
        page(s, query(Some("open"), None, 10, None)).await,
        Some(vec![])
    );
    s.write(Write::Listing {
        id: "fresh".into(),
        listing: listing("fresh", "open", None),
    })
    .await
    .expect("listing");
    assert!(s.unlisted(10).await.expect("unlisted").is_empty());
    assert_eq!(
        page(s, query(Some("open"), None, 10, None)).await,
        Some(vec!["fresh".to_string()])
    );
}

async fn readiness(db: &Db) {
    db.store
        .ready(Duration::from_secs(5))
        .await
        .expect("a fresh store is ready");
}

#[tokio::test]
async fn sqlite_refuses_a_newer_schema() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    drop(
        Store::open(&Location::Sqlite(path.clone()), &options())
            .await
            .expect("open"),
    );
    let c = rusqlite::Connection::open(&path).expect("open the file");
    c.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .expect("pragma");
    drop(c);
    let again = Store::open(&Location::Sqlite(path), &options()).await;
    assert!(
        matches!(again, Err(StoreError::NewerSchema { found, known })
            if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION),
        "{:?}",
        again.err()
    );
}

// ------------------------------------------------- PostgreSQL only

async fn open_pg(url: &str) -> Store {
    Store::open(&Location::Postgres(url.to_string()), &options())
        .await
        .expect("open PostgreSQL")
}

/// The next change heard, or `None` after `within`.
async fn next_change(rx: &mut broadcast::Receiver<Changed>, within: Duration) -> Option<Changed> {
    tokio::time::timeout(within, rx.recv()).await.ok()?.ok()
}

#[tokio::test]
async fn postgres_instances_hear_each_others_changes() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    let (a, b) = (open_pg(&pg.url).await, open_pg(&pg.url).await);
    let (mut hear_a, mut hear_b) = (a.changes(), b.changes());
    let began = Instant::now();
    create(&b, "g1", "dobutsu", 100, listing("g1", "open", None)).await;
    let heard = next_change(&mut hear_a, Duration::from_secs(2)).await;
    let took = began.elapsed();
    assert_eq!(
        heard,
        Some(Changed {
            id: "g1".into(),
            version: 0
        })
    );
    eprintln!("a change was heard by the other instance {took:?} after the write began");
    assert!(took < Duration::from_secs(1), "heard only after {took:?}");
    a.write(add_move("g1", 0, 1, "a")).await.expect("move");
    let heard = next_change(&mut hear_b, Duration::from_secs(2)).await;
    assert_eq!(
        heard,
        Some(Changed {
            id: "g1".into(),
            version: 1
        })
    );
    // Neither hears its own writes, nor refused ones.
    let refused = b.write(add_move("g1", 0, 1, "b")).await;
    assert!(matches!(refused, Err(StoreError::Conflict)), "{refused:?}");
    assert_eq!(
        next_change(&mut hear_a, Duration::from_millis(200)).await,
        None
    );
    assert_eq!(
        next_change(&mut hear_b, Duration::from_millis(50)).await,
        None
    );
    // A rematch changes both games.
    let mut new = game("g2", "dobutsu", 200);
    new.rematch_of = Some("g1".into());
    let rematch = Write::Rematch {
        game: new,
        listing: listing("g2", "active", None),
        old_version: 1,
        old_life: "{}".into(),
        next_tokens: Vec::new(),
    };
    b.write(rematch).await.expect("rematch");
    let mut heard = Vec::new();
    while let Some(c) = next_change(&mut hear_a, Duration::from_secs(1)).await {
        heard.push((c.id, c.version));
        if heard.len() == 2 {
            break;
        }
    }
    heard.sort();
    assert_eq!(heard, [("g1".to_string(), 2), ("g2".to_string(), 0)]);
}

#[tokio::test]
async fn postgres_changes_missed_while_reconnecting_are_heard() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    let (a, b) = (open_pg(&pg.url).await, open_pg(&pg.url).await);
    let mut hear_a = a.changes();
    create(&b, "g1", "dobutsu", 100, listing("g1", "open", None)).await;
    assert!(
        next_change(&mut hear_a, Duration::from_secs(2))
            .await
            .is_some()
    );
    // The listening connections drop; a change is stored meanwhile.
    pg.exec(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'kyoku changes' AND datname = current_database()",
    )
    .await;
    b.write(add_move("g1", 0, 1, "a")).await.expect("move");
    let began = Instant::now();
    let mut heard = None;
    while let Some(c) = next_change(&mut hear_a, Duration::from_secs(3)).await {
        if c.version == 1 {
            heard = Some(c);
            break;
        }
    }
    eprintln!("heard after the reconnection within {:?}", began.elapsed());
    assert_eq!(
        heard,
        Some(Changed {
            id: "g1".into(),
            version: 1
        })
    );
    // And it listens again.
    a.write(add_move("g1", 1, 2, "b")).await.expect("move");
    b.write(add_move("g1", 2, 3, "c")).await.expect("move");
    let mut latest = None;
    while let Some(c) = next_change(&mut hear_a, Duration::from_secs(2)).await {
        latest = Some(c.version);
        if c.version == 3 {
            break;
        }
    }
    assert_eq!(latest, Some(3));
}

#[tokio::test]
async fn postgres_leases_keep_one_runner_per_game() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    let (a, b) = (open_pg(&pg.url).await, open_pg(&pg.url).await);
    create(&a, "g1", "dobutsu", 100, listing("g1", "active", Some(0))).await;
    assert_eq!(a.claim_due(1_000, 10).await.expect("due"), ["g1"]);
    assert!(b.claim_due(1_000, 10).await.expect("due").is_empty());
    assert!(!b.claim("g1").await.expect("claim"));
    assert!(a.claim("g1").await.expect("a renews its own"));
    assert_eq!(a.claim_due(1_000, 10).await.expect("due"), ["g1"]);
    // Released: the other instance may take it, and then holds it.
    a.release("g1").await.expect("release");
    assert!(b.claim("g1").await.expect("claim"));
    assert!(!a.claim("g1").await.expect("claim"));
    assert!(!b.claim("nope").await.expect("claim"));
    // A heartbeat pushes the lease on; an expired lease is free to take.
    let until = "SELECT lease_until FROM games WHERE id = 'g1'";
    pg.exec("UPDATE games SET lease_until = lease_until - 60000")
        .await;
    let before = pg.query_i64(until).await.expect("leased");
    b.renew().await.expect("renew");
    let after = pg.query_i64(until).await.expect("leased");
    assert!(after >= before + 60_000, "{before} → {after}");
    pg.exec("UPDATE games SET lease_until = lease_until - 60000")
        .await;
    assert_eq!(a.claim_due(1_000, 10).await.expect("due"), ["g1"]);
    // An instance that stops gives all its leases back.
    a.release_all().await.expect("release all");
    assert!(b.claim("g1").await.expect("claim"));
}

#[tokio::test]
async fn postgres_leases_run_out() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    let short = Duration::from_millis(300);
    let a = PgStore::open_with_lease(&pg.url, "a", short)
        .await
        .expect("open");
    let b = PgStore::open_with_lease(&pg.url, "b", short)
        .await
        .expect("open");
    let s = open_pg(&pg.url).await;
    create(&s, "g1", "dobutsu", 100, listing("g1", "active", Some(0))).await;
    assert!(a.claim("g1").await.expect("claim"));
    assert!(!b.claim("g1").await.expect("claim"));
    tokio::time::sleep(short + Duration::from_millis(100)).await;
    assert!(b.claim("g1").await.expect("claim after the lease ran out"));
    assert!(!a.claim("g1").await.expect("claim"));
}

#[tokio::test]
async fn postgres_instances_starting_together_migrate_once() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    let loc = Location::Postgres(pg.url.clone());
    let (o1, o2) = (options(), options());
    let (x, y, z) = tokio::join!(
        Store::open(&loc, &o1),
        Store::open(&loc, &o2),
        Store::open(&loc, &o1)
    );
    for r in [x, y, z] {
        r.expect("every instance opens");
    }
    // Each version's step ran once: one row per version, up to this build's.
    let twice = pg
        .query_i64("SELECT count(*) - count(DISTINCT version) FROM kyoku_schema")
        .await;
    assert_eq!(twice, Some(0));
    let newest = pg.query_i64("SELECT max(version) FROM kyoku_schema").await;
    assert_eq!(newest, Some(kyoku_server::store::SCHEMA_VERSION));
}

/// The message of the connection error that opening a PostgreSQL store
/// at `url` gives.
async fn connect_error(url: String) -> String {
    match Store::open(&Location::Postgres(url), &options()).await {
        Err(StoreError::Connect(m)) => m,
        Err(e) => panic!("not a connection error: {e:?}"),
        Ok(_) => panic!("opened"),
    }
}

#[tokio::test]
async fn postgres_bad_configuration_is_a_typed_error() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    let refused = connect_error("postgres://kyoku:x@127.0.0.1:1/kyoku".into()).await;
    assert!(
        refused.starts_with("cannot reach PostgreSQL at 127.0.0.1:1"),
        "{refused}"
    );
    let unknown = connect_error("postgres://kyoku:x@no-such-host.invalid/kyoku".into()).await;
    assert!(
        unknown.starts_with("cannot reach PostgreSQL at no-such-host.invalid:5432"),
        "{unknown}"
    );
    // A server that takes the connection but never answers.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = silent.local_addr().expect("address").port();
    let began = Instant::now();
    let mute = connect_error(format!(
        "postgres://kyoku:x@127.0.0.1:{port}/kyoku?connect_timeout=1"
    ))
    .await;
    assert!(
        mute.starts_with("cannot reach PostgreSQL at 127.0.0.1:"),
        "{mute}"
    );
    assert!(began.elapsed() < Duration::from_secs(5));
    let password = connect_error(with_password(&pg.url, "wrong")).await;
    assert!(
        password.contains("wrong user name or password"),
        "{password}"
    );
    assert!(!password.contains("wrong@"), "{password}");
    let nodb = connect_error(with_dbname(&pg.url, "kyoku_no_such_database")).await;
    assert!(
        nodb.contains("no database \"kyoku_no_such_database\""),
        "{nodb}"
    );
    let tls = connect_error(format!(
        "{}?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
        pg.url
    ))
    .await;
    assert!(tls.contains("cannot read sslrootcert"), "{tls}");
    let garbage = connect_error("postgres://a:b@/x?port=nan".into()).await;
    assert!(garbage.starts_with("bad PostgreSQL URL"), "{garbage}");
    for m in [&refused, &unknown, &mute, &password, &nodb, &tls, &garbage] {
        eprintln!("{m}");
    }
    assert!(
        !garbage.contains(":b@"),
        "the password is not shown: {garbage}"
    );
}

#[tokio::test]
async fn postgres_refuses_a_newer_schema() {
    let Some(pg) = PgDb::create().await else {
        return;
    };
    drop(open_pg(&pg.url).await);
    pg.exec(&format!(
        "INSERT INTO kyoku_schema (version) VALUES ({})",
        SCHEMA_VERSION + 5
    ))
    .await;
    let again = Store::open(&Location::Postgres(pg.url.clone()), &options()).await;
    assert!(
        matches!(again, Err(StoreError::NewerSchema { found, known })
            if found == SCHEMA_VERSION + 5 && known == SCHEMA_VERSION),
        "{:?}",
        again.err()
    );
}

// ------------------------------------------------------- measurement

/// The time of one move's write, each engine: `cargo test --release -p
/// kyoku-server --test store_engines -- --ignored --nocapture write_latency`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a check"]
async fn write_latency() {
    const MOVES: usize = 1_000;
    let mut engines = vec![("SQLite sync=full", Db::sqlite().await)];
    let dir = tempfile::tempdir().expect("temp dir");
    let normal = OpenOptions {
        sync: SyncMode::Normal,
    };
    let store = Store::open(&Location::Sqlite(dir.path().join("n.db")), &normal)
        .await
        .expect("open");
    engines.push((
        "SQLite sync=normal",
        Db {
            store,
            sqlite: None,
            pg: None,
        },
    ));
    if let Some(db) = Db::postgres().await {
        engines.push(("PostgreSQL", db));
    }
    for (name, db) in &engines {
        let s = &db.store;
        create(s, "g1", "dobutsu", 100, listing("g1", "active", None)).await;
        let mut took = Vec::with_capacity(MOVES);
        for ply in 1..=MOVES {
            let began = Instant::now();
            s.write(add_move("g1", ply as i64 - 1, ply, "a1a2"))
                .await
                .expect("move");
            took.push(began.elapsed());
        }
        took.sort();
        let at = |q: f64| took[((took.len() - 1) as f64 * q) as usize];
        println!(
            "{name:>20}: {MOVES} sequential move writes: p50 {:?}, p99 {:?}, max {:?}",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
