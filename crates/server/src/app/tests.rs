use super::*;
use kyoku_games::session::FailingProgram;
use serde_json::json;

async fn open_store(dir: &tempfile::TempDir) -> Store {
    let options = crate::store::OpenOptions {
        sync: crate::store::SyncMode::Normal,
    };
    Store::open(&dir.path().join("t.db").into(), &options)
        .await
        .unwrap()
}

async fn app(dir: &tempfile::TempDir) -> Arc<App> {
    let config = crate::Config::local(dir.path().join("t.db"));
    App::new(open_store(dir).await, 1, &config, None)
}

/// A new untimed, unrated game of `game` with these seats, `open` of them
/// left for an invited person.
async fn create(app: &Arc<App>, game: &str, seats: [&str; 2], open: Vec<usize>) -> CreateAnswer {
    app.create(CreateRequest {
        game: game.into(),
        options: json!({}),
        seats: seats.map(String::from).to_vec(),
        open_seats: open,
        clock: None,
        names: vec![],
        rated: false,
        account: None,
    })
    .await
    .unwrap()
}

/// A new Dōbutsu game between two people, seat 2 open.
async fn two_people_one_seat_open(app: &Arc<App>) -> CreateAnswer {
    create(app, "dobutsu", ["human", "human"], vec![2]).await
}

/// A new game of `game`, a human against `ai:1`.
async fn human_against_ai(app: &Arc<App>, game: &str) -> CreateAnswer {
    create(app, game, ["human", "ai:1"], vec![]).await
}

/// Plays one human move against a broken program seat; the game must go
/// on with a legal reply all the same, stored.
async fn reply_despite(failure: FailingProgram) {
    let dir = tempfile::tempdir().unwrap();
    let app = app(&dir).await;
    let made = human_against_ai(&app, "dobutsu").await;
    let id = made.id.clone();
    let token = made.seats[0].token.clone();
    let slot = app.slot(&id).await.unwrap();
    slot.live
        .lock()
        .await
        .session
        .set_program(1, Box::new(failure));
    let mut changes = slot.subscribe();
    let req = MoveRequest {
        seat: 1,
        token,
        mv: "b2b3".into(),
        account: None,
    };
    app.play(&id, req).await.unwrap();
    let deadline = std::time::Duration::from_secs(20);
    tokio::time::timeout(deadline, async {
        loop {
            let done = {
                let live = slot.live.lock().await;
                live.session.movers() == [Some(0), Some(1)] && !live.ai_running
            };
            if done {
                return;
            }
            changes.changed().await.unwrap();
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no reply after a program that fails: {failure:?}"));
    let live = slot.live.lock().await;
    assert!(
        !live.session.has_program(1),
        "the broken program is dropped"
    );
    let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
    assert_eq!(state["history"].as_array().unwrap().len(), 2, "{state}");
    drop(live);
    let stored = crate::store::stored_moves(&dir.path().join("t.db").into(), &id)
        .await
        .unwrap();
    assert_eq!(stored.map(|m| m.len()), Some(2));
}

#[tokio::test]
async fn a_program_that_gives_no_move_is_replaced_for_the_move() {
    reply_despite(FailingProgram::NoMove).await;
}

#[tokio::test]
async fn a_program_that_chooses_an_illegal_move_is_replaced_for_the_move() {
    reply_despite(FailingProgram::Illegal).await;
}

#[tokio::test]
async fn a_program_that_panics_is_replaced_for_the_move() {
    reply_despite(FailingProgram::Panics).await;
}

/// Polls `fut` exactly once and drops it; `true` when it was still
/// under way then.
async fn poll_once_then_drop<F: Future>(fut: F) -> bool {
    let mut fut = std::pin::pin!(fut);
    std::future::poll_fn(|cx| std::task::Poll::Ready(fut.as_mut().poll(cx).is_pending())).await
}

/// Waits (20 s at most) until `done` holds for the game's state.
async fn wait_for(slot: &Arc<Slot>, done: impl Fn(&Live) -> bool) {
    let mut changes = slot.subscribe();
    tokio::time::timeout(std::time::Duration::from_secs(20), async {
        loop {
            if done(&*slot.live.lock().await) {
                return;
            }
            let _ =
                tokio::time::timeout(std::time::Duration::from_millis(50), changes.changed()).await;
        }
    })
    .await
    .expect("the change ran to its end");
}

/// A client that goes away while its move is being stored: the request
/// is dropped after its first poll, the move is stored all the same,
/// published, and the program answers it.
#[tokio::test]
async fn a_move_whose_client_vanishes_runs_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(&dir).await;
    let made = human_against_ai(&app, "dobutsu").await;
    let req = MoveRequest {
        seat: 1,
        token: made.seats[0].token.clone(),
        mv: "b2b3".into(),
        account: None,
    };
    // Polled once, then dropped: as when the HTTP server drops the
    // handler of a client that reset its connection.
    assert!(poll_once_then_drop(app.play(&made.id, req)).await);
    let slot = app.slot(&made.id).await.unwrap();
    wait_for(&slot, |live| live.session.ply() == 2 && !live.ai_running).await;
    let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
    assert_eq!(state["ply"], 2, "published: {state}");
    let stored = crate::store::stored_moves(&dir.path().join("t.db").into(), &made.id)
        .await
        .unwrap();
    assert_eq!(stored.map(|m| m.len()), Some(2));
}

/// The same for joining an open seat.
#[tokio::test]
async fn a_join_whose_client_vanishes_runs_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(&dir).await;
    let made = two_people_one_seat_open(&app).await;
    assert!(poll_once_then_drop(app.join(&made.id, None, None, None)).await);
    let slot = app.slot(&made.id).await.unwrap();
    wait_for(&slot, |live| {
        live.status() == kyoku_games::GameStatus::Active
    })
    .await;
    let state: Value = serde_json::from_slice(&slot.snapshot().json).unwrap();
    assert_eq!(state["status"], "active", "published: {state}");
    // Stored: the game loads again with the seat taken.
    drop(app);
    let row = open_store(&dir)
        .await
        .load(&made.id)
        .await
        .unwrap()
        .unwrap();
    assert!(!row.seats[1].open, "the join is stored");
}

/// Every byte of the database's files.
fn db_bytes(dir: &tempfile::TempDir) -> Vec<u8> {
    ["t.db", "t.db-wal"]
        .iter()
        .flat_map(|f| std::fs::read(dir.path().join(f)).unwrap_or_default())
        .collect()
}

fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

#[tokio::test]
async fn no_token_can_be_read_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(&dir).await;
    let made = two_people_one_seat_open(&app).await;
    let joined = app.join(&made.id, None, None, None).await.unwrap();
    let tokens = [made.seats[0].token.clone().unwrap(), joined.token];
    let req = MoveRequest {
        seat: 1,
        token: Some(tokens[0].clone()),
        mv: "b2b3".into(),
        account: None,
    };
    app.play(&made.id, req).await.unwrap();
    let bytes = db_bytes(&dir);
    assert!(bytes.len() > 4096);
    for t in &tokens {
        assert!(!holds(&bytes, t), "token {t} is in the database");
    }
    // The joined seat's token plays.
    let req = MoveRequest {
        seat: 2,
        token: Some(tokens[1].clone()),
        mv: "c4c3".into(),
        account: None,
    };
    assert!(
        app.play(&made.id, req)
            .await
            .is_err_and(|e| e.code == "illegal_move")
    );
}

#[tokio::test]
async fn an_old_database_with_plain_tokens_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let plain = "00112233445566778899aabbccddeeff";
    {
        // As a kyoku from before hashed tokens and schema versions left it.
        let c = rusqlite::Connection::open(dir.path().join("t.db")).unwrap();
        c.execute_batch(&format!(
            "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL,
                options TEXT NOT NULL, seed INTEGER NOT NULL, status TEXT NOT NULL,
                created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
             CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id),
                seat INTEGER NOT NULL, kind TEXT NOT NULL, token TEXT,
                open INTEGER NOT NULL, PRIMARY KEY (game_id, seat));
             CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id),
                ply INTEGER NOT NULL, text TEXT NOT NULL, seat INTEGER,
                at INTEGER NOT NULL, PRIMARY KEY (game_id, ply));
             INSERT INTO games VALUES ('oldgame001', 'dobutsu', '{{}}', 1, 'active', 1, 1);
             INSERT INTO seats VALUES ('oldgame001', 1, 'human', '{plain}', 0);
             INSERT INTO seats VALUES ('oldgame001', 2, 'random', NULL, 0);"
        ))
        .unwrap();
    }
    assert!(
        holds(&db_bytes(&dir), plain),
        "the old form holds the token"
    );
    let app = app(&dir).await;
    assert!(!holds(&db_bytes(&dir), plain), "migrated at open");
    let req = MoveRequest {
        seat: 1,
        token: Some(plain.into()),
        mv: "b2b3".into(),
        account: None,
    };
    app.play("oldgame001", req).await.unwrap();
}

#[tokio::test]
async fn a_seat_whose_program_cannot_be_made_gets_a_stand_in() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(&dir).await;
    let made = human_against_ai(&app, "shogun").await;
    // As if stored with a program this build lacks: Shogun has no
    // `perfect`.
    let mut row = GameRow {
        id: made.id.clone(),
        game: "shogun".into(),
        options: "{}".into(),
        seed: 1,
        created_at: 0,
        updated_at: 0,
        seats: vec![],
        moves: vec![MoveRow {
            text: "c1c4".into(),
            seat: Some(1),
            clocks: None,
        }],
        life: "{}".into(),
        rematch_of: None,
        rematch: None,
        version: 0,
        rated: false,
        players: Vec::new(),
    };
    row.seats = {
        let live = app.slot(&made.id).await.unwrap();
        let live = live.live.lock().await;
        let mut s = live.seat_rows();
        s[1].kind = "perfect".into();
        s
    };
    let mut live = Live::restore(&row, None).unwrap();
    assert!(live.session.begin_program_turn().unwrap().is_some());
    let state = serde_json::to_value(live.state(&row.id)).unwrap();
    assert_eq!(state["seats"][1]["stand_in"], "ai:5", "{state}");
    assert!(state["seats"][0].get("stand_in").is_none());
    live.ai_running = false;
}
