//! Players over HTTP: accounts, sessions, the origin rule, throttled
//! logins, rated games and their ratings (people and program levels),
//! player pages, leaderboards and seeks — on SQLite, or on PostgreSQL when
//! `KYOKU_TEST_POSTGRES` is set (see `common`), and across two instances.

mod common;

use std::sync::{Arc, Mutex};

use common::Env;
use kyoku_rating::{Game, Rating, TAU, update};
use serde_json::{Value, json};

/// A person's browser: its session cookie, sent with the server's own
/// origin (as the server's pages send it).
#[derive(Clone, Default)]
struct Browser {
    cookie: Option<String>,
}

/// An answer: status, body, and the `Set-Cookie` and `Retry-After`
/// headers.
struct Answer {
    status: u16,
    body: Value,
    set_cookie: Option<String>,
    retry_after: Option<String>,
}

impl Answer {
    /// This answer, once it is `status` (else fails, showing it).
    fn wanting(self, status: u16) -> Answer {
        assert_eq!(self.status, status, "{}", self.body);
        self
    }
}

impl Browser {
    async fn send(
        &mut self,
        env: &Env,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> Answer {
        let mut r = env
            .http
            .request(method, env.url(path))
            .header("origin", format!("http://{}", env.server.addr()));
        if let Some(c) = &self.cookie {
            r = r.header("cookie", format!("kyoku_session={c}"));
        }
        if let Some(b) = body {
            r = r.json(b);
        }
        let res = r.send().await.unwrap();
        let header = |n: &str| {
            res.headers()
                .get(n)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let set_cookie = header("set-cookie");
        let retry_after = header("retry-after");
        if let Some(c) = &set_cookie {
            let value = c
                .split(';')
                .next()
                .and_then(|kv| kv.strip_prefix("kyoku_session="))
                .unwrap_or("");
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        let status = res.status().as_u16();
        let body = res.json().await.unwrap_or(Value::Null);
        Answer {
            status,
            body,
            set_cookie,
            retry_after,
        }
    }

    async fn post(&mut self, env: &Env, path: &str, body: &Value) -> Answer {
        self.send(env, reqwest::Method::POST, path, Some(body))
            .await
    }

    /// Posts `body` to `path` and wants `status` back (else fails, showing
    /// the answer).
    async fn post_wanting(&mut self, env: &Env, path: &str, body: &Value, status: u16) -> Answer {
        let a = self.post(env, path, body).await;
        assert_eq!(a.status, status, "{}", a.body);
        a
    }

    /// Resigns `seat` of game `id` (a seat of this browser's account).
    async fn resign(&mut self, env: &Env, id: &str, seat: usize) -> Answer {
        let path = format!("/api/games/{id}/resign");
        self.post(env, &path, &json!({ "seat": seat })).await
    }

    /// Joins game `id` (its open seat).
    async fn join(&mut self, env: &Env, id: &str) -> Answer {
        let path = format!("/api/games/{id}/join");
        self.post(env, &path, &json!({})).await
    }

    async fn get(&mut self, env: &Env, path: &str) -> Answer {
        self.send(env, reqwest::Method::GET, path, None).await
    }
}

/// A new account `name` (password `name` + "-secret"), signed in.
async fn signed_up(env: &Env, name: &str) -> Browser {
    let mut b = Browser::default();
    let a = b
        .post_wanting(
            env,
            "/api/account/signup",
            &json!({"username": name, "password": format!("{name}-secret")}),
            201,
        )
        .await;
    assert_eq!(a.body["username"], name);
    b
}

/// A rated Dōbutsu game on a 5+0 clock made by `a` (seat 1) and joined
/// by `b` (seat 2); its id.
async fn rated_game(env: &Env, a: &mut Browser, b: &mut Browser) -> String {
    let made = a
        .post_wanting(
            env,
            "/api/games",
            &json!({"game": "dobutsu", "seats": ["human", "human"], "open_seats": [2],
                    "clock": "5+0", "rated": true}),
            201,
        )
        .await;
    let id = made.body["id"].as_str().unwrap().to_string();
    b.join(env, &id).await.wanting(200);
    id
}

fn rating_of(profile: &Value, pool: &str) -> (f64, f64) {
    let r = &profile["ratings"][pool];
    (r["rating"].as_f64().unwrap(), r["rd"].as_f64().unwrap())
}

fn near(got: f64, want: f64) -> bool {
    (got - want).abs() <= 0.1
}

#[tokio::test]
async fn two_new_accounts_first_rated_game() {
    let env = common::start().await;
    let mut a = signed_up(&env, "Alice").await;
    let mut b = signed_up(&env, "bob_2").await;
    let id = rated_game(&env, &mut a, &mut b).await;
    let state = env.get(&format!("/api/games/{id}")).await.1;
    assert_eq!(state["rated"], true);
    assert_eq!(state["seats"][0]["player"]["username"], "Alice");
    assert_eq!(state["seats"][1]["player"]["rating"], 1500);
    assert_eq!(state["seats"][1]["player"]["provisional"], true);
    // Seat 1 acts through its account alone: no token.
    let r = a.resign(&env, &id, 1).await.wanting(200);
    let state = &r.body["state"];
    assert_eq!(state["seats"][0]["rating_diff"], -162, "{state}");
    assert_eq!(state["seats"][1]["rating_diff"], 162, "{state}");
    let (ra, rda) = rating_of(&env.get("/api/players/alice").await.1, "dobutsu");
    let (rb, rdb) = rating_of(&env.get("/api/players/BOB_2").await.1, "dobutsu");
    assert!(near(ra, 1337.7) && near(rb, 1662.3), "{ra} {rb}");
    assert!(near(rda, 290.3) && near(rdb, 290.3), "{rda} {rdb}");
    // The other pools are untouched; the results are counted.
    let p = env.get("/api/players/bob_2").await.1;
    assert_eq!(p["ratings"]["shogun"]["games"], 0);
    assert_eq!(p["counts"]["wins"], 1);
    assert_eq!(p["ratings"]["dobutsu"]["provisional"], true);
    // The history has the game; a reload shows the same state.
    let h = env.get("/api/players/bob_2/history/dobutsu").await.1;
    assert_eq!(h["points"].as_array().unwrap().len(), 1, "{h}");
    assert_eq!(h["points"][0]["game"], id.as_str());
    let games = env.get("/api/players/alice/games").await.1;
    assert_eq!(games["games"][0]["id"], id.as_str(), "{games}");
    // The lists carry the change too, and the people's names.
    let entry = &games["games"][0];
    assert_eq!(entry["seats"][0]["rating_diff"], -162, "{entry}");
    assert_eq!(entry["names"], json!(["Alice", "bob_2"]), "{entry}");
    let lobby = env.get("/api/games?status=finished").await.1;
    assert_eq!(lobby["games"][0]["seats"][1]["rating_diff"], 162, "{lobby}");
    let vs = env.get("/api/players/alice/vs/bob_2").await.1;
    assert_eq!(vs, json!({"games": 1, "wins": 0, "draws": 0, "losses": 1}));
}

#[tokio::test]
async fn rated_games_need_a_clock_and_accounts() {
    let env = common::start().await;
    let mut a = signed_up(&env, "carol").await;
    let mut anon = Browser::default();
    let body = |seats: Value, open: Value, clock: Value| json!({"game": "dobutsu", "seats": seats, "open_seats": open, "clock": clock, "rated": true});
    let cases = [
        (
            &mut a,
            body(json!(["human", "human"]), json!([2]), Value::Null),
            "rated_needs_clock",
        ),
        (
            &mut anon,
            body(json!(["human", "ai:1"]), json!([]), json!("3+2")),
            "rated_needs_accounts",
        ),
    ];
    for (who, b, code) in cases {
        let r = who.post(&env, "/api/games", &b).await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (400, Some(code)),
            "{b}"
        );
    }
    let hot_seat = a
        .post(
            &env,
            "/api/games",
            &body(json!(["human", "human"]), json!([]), json!("3+2")),
        )
        .await;
    assert_eq!(hot_seat.body["error"], "rated_needs_accounts");
    // A rated game's open seat is joined signed in only.
    let made = a
        .post(
            &env,
            "/api/games",
            &body(json!(["human", "human"]), json!([2]), json!("3+2")),
        )
        .await;
    let id = made.body["id"].as_str().unwrap();
    let r = anon.join(&env, id).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (401, Some("not_signed_in"))
    );
    let r = a.join(&env, id).await;
    assert_eq!(r.body["error"], "seat_taken", "one account, one seat");
    // Acting on another account's seat: 403.
    let mut d = signed_up(&env, "dave").await;
    d.join(&env, id).await;
    let r = d
        .post(
            &env,
            &format!("/api/games/{id}/moves"),
            &json!({"seat": 1, "move": "b2b3"}),
        )
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (403, Some("forbidden"))
    );
}

/// Each seat's new rating by Glicko-2 from the seats' ratings before the
/// game, every pair of seats one result, computed here seat by seat.
fn pairwise(before: &[Rating], ranks: &[usize]) -> Vec<Rating> {
    (0..before.len())
        .map(|i| {
            let games: Vec<Game> = (0..before.len())
                .filter(|&j| j != i)
                .map(|j| Game {
                    opponent: before[j],
                    score: match ranks[i].cmp(&ranks[j]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    },
                })
                .collect();
            update(before[i], &games, TAU)
        })
        .collect()
}

/// Waits (60 s at most) until game `id` is over; its state.
async fn finished(env: &Env, id: &str) -> Value {
    for _ in 0..600 {
        let s = env.get(&format!("/api/games/{id}")).await.1;
        if s["status"] == "finished" {
            return s;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("game {id} did not end");
}

#[tokio::test]
async fn a_rated_shiamgon_game_counts_every_pair_and_moves_program_ratings() {
    let env = common::start().await;
    let mut a = signed_up(&env, "erin").await;
    let made = a
        .post_wanting(
            &env,
            "/api/games",
            &json!({"game": "shiamgon", "options": {"board": "disc5", "players": 3},
                    "seats": ["human", "random", "ai:1"], "clock": "10+5", "rated": true}),
            201,
        )
        .await;
    let id = made.body["id"].as_str().unwrap().to_string();
    assert_eq!(made.body["state"]["seats"][2]["player"]["username"], "ai:1");
    // The person leaves; the programs play the game out.
    a.resign(&env, &id, 1).await.wanting(200);
    let state = finished(&env, &id).await;
    let ranks: Vec<usize> = state["result"]["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap() as usize)
        .collect();
    let want = pairwise(&[Rating::NEW; 3], &ranks);
    for (i, name) in ["erin", "random", "ai:1"].iter().enumerate() {
        let (r, rd) = rating_of(
            &env.get(&format!("/api/players/{name}")).await.1,
            "shiamgon",
        );
        assert!(
            near(r, want[i].rating) && near(rd, want[i].rd),
            "{name}: {r}/{rd}, want {want:?} for ranks {ranks:?}"
        );
        let diff = state["seats"][i]["rating_diff"].as_i64().unwrap();
        assert_eq!(diff, (want[i].rating - 1500.0).round() as i64, "{name}");
    }
    // Rated: its deviation shrank (its rating may end where it began, as
    // when it beats one seat and loses to the other).
    assert!(want[2].rd < 350.0, "the program level was rated: {want:?}");
    let p = env.get("/api/players/ai:1").await.1;
    assert_eq!(p["program"], true);
    // The same program twice in a rated game is refused.
    let twice = a
        .post(
            &env,
            "/api/games",
            &json!({"game": "shiamgon", "options": {"board": "disc5", "players": 3},
                    "seats": ["human", "ai:1", "ai:1"], "clock": "10+5", "rated": true}),
        )
        .await;
    assert_eq!(twice.body["error"], "rated_needs_accounts");
}

#[tokio::test]
async fn a_program_levels_rating_moves_after_a_rated_game() {
    let env = common::start().await;
    let mut a = signed_up(&env, "frank").await;
    let made = a
        .post(
            &env,
            "/api/games",
            &json!({"game": "dobutsu", "seats": ["human", "ai:2"], "clock": "5+0", "rated": true}),
        )
        .await;
    let id = made.body["id"].as_str().unwrap();
    a.resign(&env, id, 1).await;
    let (r, rd) = rating_of(&env.get("/api/players/ai:2").await.1, "dobutsu");
    assert!(near(r, 1662.3) && near(rd, 290.3), "{r} {rd}");
    // In a casual game a program has no player.
    let casual = a
        .post(
            &env,
            "/api/games",
            &json!({"game": "dobutsu", "seats": ["human", "ai:2"]}),
        )
        .await;
    assert_eq!(casual.body["state"]["seats"][1]["player"], Value::Null);
    assert_eq!(
        casual.body["state"]["seats"][0]["player"]["username"],
        "frank"
    );
    assert_eq!(casual.body["state"]["rated"], false);
}

#[tokio::test]
async fn usernames_passwords_and_their_errors() {
    let env = common::start().await;
    let mut b = Browser::default();
    let cases = [
        (
            json!({"username": "ab", "password": "12345678"}),
            400,
            "bad_username",
        ),
        (
            json!({"username": "admin", "password": "12345678"}),
            400,
            "bad_username",
        ),
        (
            json!({"username": "ai:3", "password": "12345678"}),
            400,
            "bad_username",
        ),
        (
            json!({"username": "gina", "password": "1234567"}),
            400,
            "weak_password",
        ),
        (json!({"username": "gina", "password": "12345678"}), 201, ""),
        (
            json!({"username": "GINA", "password": "12345678"}),
            409,
            "username_taken",
        ),
    ];
    for (body, status, code) in cases {
        let r = b.post(&env, "/api/account/signup", &body).await;
        assert_eq!(r.status, status, "{body}: {}", r.body);
        if !code.is_empty() {
            assert_eq!(r.body["error"], code, "{body}");
        }
    }
    let me = b.get(&env, "/api/account").await;
    assert_eq!(
        (me.status, me.body["username"].as_str()),
        (200, Some("gina"))
    );
    assert_eq!(me.body["ratings"]["shogun-random"]["rating"], 1500.0);
    let r = Browser::default().get(&env, "/api/account").await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (401, Some("not_signed_in"))
    );
    let r = Browser::default().get(&env, "/api/players/nobody").await;
    assert_eq!(r.body["error"], "no_such_player");
    let r = Browser::default().get(&env, "/api/leaderboard/chess").await;
    assert_eq!(r.status, 404);
}

#[tokio::test]
async fn the_cookie_has_its_flags() {
    for secure in [false, true] {
        let env = common::start_with(|c| c.secure_cookies = secure).await;
        let mut b = Browser::default();
        let r = b
            .post(
                &env,
                "/api/account/signup",
                &json!({"username": "hana", "password": "hana-secret"}),
            )
            .await;
        let c = r.set_cookie.unwrap();
        assert!(c.starts_with("kyoku_session="), "{c}");
        let id = b.cookie.clone().unwrap();
        assert_eq!(id.len(), 64, "256 bits as hex: {c}");
        for flag in ["HttpOnly", "SameSite=Lax", "Path=/"] {
            assert!(c.contains(flag), "{c}");
        }
        assert_eq!(c.contains("Secure"), secure, "{c}");
        let out = b.post(&env, "/api/account/logout", &json!({})).await;
        assert!(out.set_cookie.unwrap().contains("Max-Age=0"));
    }
}

#[tokio::test]
async fn a_cross_origin_request_with_the_cookie_is_refused() {
    let env = common::start().await;
    let b = signed_up(&env, "ivan").await;
    let cookie = format!("kyoku_session={}", b.cookie.unwrap());
    let own = format!("http://{}", env.server.addr());
    let body = json!({"game": "dobutsu", "seats": ["human", "ai:1"]});
    for (origin, want) in [
        (Some("http://evil.example"), 403),
        (None, 403),
        (Some(own.as_str()), 201),
    ] {
        let mut r = env
            .http
            .post(env.url("/api/games"))
            .header("cookie", &cookie)
            .json(&body);
        if let Some(o) = origin {
            r = r.header("origin", o);
        }
        let res = r.send().await.unwrap();
        let status = res.status().as_u16();
        let v: Value = res.json().await.unwrap();
        assert_eq!(status, want, "{origin:?}: {v}");
        if want == 403 {
            assert_eq!(v["error"], "cross_origin");
        }
    }
    // Without the cookie the JSON-only rule alone applies (anonymous play).
    let (status, _) = env.post("/api/games", &body).await;
    assert_eq!(status, 201);
    // The WebSocket upgrade too.
    let made = env.create("dobutsu", json!({}), &["human", "ai:1"]).await.0;
    let url = format!("ws://{}/api/games/{made}/ws", env.server.addr());
    let mut req =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url)
            .unwrap();
    req.headers_mut().insert("cookie", cookie.parse().unwrap());
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let err = tokio_tungstenite::connect_async(req).await.unwrap_err();
    assert!(err.to_string().contains("403"), "{err}");
}

#[tokio::test]
async fn failed_logins_are_throttled_alike_for_unknown_names() {
    let env = common::start().await;
    signed_up(&env, "judy").await;
    let login = |name: &str, password: &str| json!({"username": name, "password": password});
    let mut b = Browser::default();
    // A wrong password and an unknown name: the same answer.
    let wrong = b
        .post(&env, "/api/account/login", &login("judy", "wrong-password"))
        .await;
    let unknown = b
        .post(
            &env,
            "/api/account/login",
            &login("nobody_here", "wrong-password"),
        )
        .await;
    assert_eq!((wrong.status, &wrong.body), (401, &unknown.body));
    assert_eq!(wrong.body["error"], "bad_credentials");
    for _ in 0..3 {
        let r = b
            .post(&env, "/api/account/login", &login("judy", "wrong-password"))
            .await;
        assert_eq!(r.status, 401);
    }
    // Five failures from this address: the right password waits too, and
    // so does any name, known or not.
    let mut answers = Vec::new();
    for name in ["judy", "nobody_here"] {
        let r = b
            .post(&env, "/api/account/login", &login(name, "judy-secret"))
            .await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (429, Some("too_many_attempts")),
            "{name}"
        );
        let wait: u64 = r.retry_after.unwrap().parse().unwrap();
        assert!((1..=600).contains(&wait), "{wait}");
        answers.push(r.status);
    }
    assert_eq!(answers[0], answers[1]);
}

#[tokio::test]
async fn sessions_end_with_logout_everywhere_and_a_new_password() {
    let env = common::start().await;
    let mut one = signed_up(&env, "kate").await;
    let login = json!({"username": "kate", "password": "kate-secret"});
    let mut two = Browser::default();
    assert_eq!(
        two.post(&env, "/api/account/login", &login).await.status,
        200
    );
    one.post_wanting(
        &env,
        "/api/account/password",
        &json!({"old": "kate-secret", "new": "kate-secret-2"}),
        200,
    )
    .await;
    assert_eq!(
        one.get(&env, "/api/account").await.status,
        200,
        "this session stays"
    );
    assert_eq!(
        two.get(&env, "/api/account").await.status,
        401,
        "the other ends"
    );
    let old = Browser::default()
        .post(&env, "/api/account/login", &login)
        .await;
    assert_eq!(old.status, 401);
    let new_login = json!({"username": "kate", "password": "kate-secret-2"});
    let mut three = Browser::default();
    assert_eq!(
        three
            .post(&env, "/api/account/login", &new_login)
            .await
            .status,
        200
    );
    let r = one
        .post(&env, "/api/account/logout", &json!({"everywhere": true}))
        .await;
    assert_eq!(r.status, 200);
    let kept = three.cookie.clone();
    assert_eq!(three.get(&env, "/api/account").await.status, 401);
    assert!(kept.is_some());
    // Deleting asks for the password; the name stays taken.
    let mut four = Browser::default();
    four.post(&env, "/api/account/login", &new_login).await;
    let mut opal = signed_up(&env, "opal").await;
    let kept_game = rated_game(&env, &mut four, &mut opal).await;
    four.resign(&env, &kept_game, 1).await;
    let r = four
        .send(
            &env,
            reqwest::Method::DELETE,
            "/api/account",
            Some(&json!({"password": "nope-nope"})),
        )
        .await;
    assert_eq!(r.body["error"], "bad_credentials");
    let r = four
        .send(
            &env,
            reqwest::Method::DELETE,
            "/api/account",
            Some(&json!({"password": "kate-secret-2"})),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(four.get(&env, "/api/account").await.status, 401);
    // Its game stays for the opponent, the name shown as deleted.
    let state = env.get(&format!("/api/games/{kept_game}")).await.1;
    assert_eq!(
        state["seats"][0]["player"]["username"], "deleted",
        "{state}"
    );
    assert_eq!(state["names"][0], "deleted", "{state}");
    let listed = env.get("/api/players/opal/games").await.1;
    assert_eq!(listed["games"][0]["names"][0], "deleted", "{listed}");
    assert_eq!(
        listed["games"][0]["seats"][0]["player"]["username"],
        "deleted"
    );
    assert_eq!(
        Browser::default()
            .get(&env, "/api/players/kate")
            .await
            .status,
        404
    );
    let again = Browser::default()
        .post(
            &env,
            "/api/account/signup",
            &json!({"username": "Kate", "password": "12345678"}),
        )
        .await;
    assert_eq!(again.body["error"], "username_taken");
}

/// Everything the server logs, from the first test that asks.
fn log_buffer() -> Arc<Mutex<Vec<u8>>> {
    static LOG: std::sync::OnceLock<Arc<Mutex<Vec<u8>>>> = std::sync::OnceLock::new();
    LOG.get_or_init(|| {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let writer = buf.clone();
        let _ = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_writer(move || Writer(writer.clone()))
            .try_init();
        buf
    })
    .clone()
}

struct Writer(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Writer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

#[tokio::test]
async fn no_password_or_session_id_in_the_database_or_the_log() {
    let log = log_buffer();
    let env = common::start().await;
    let mut b = signed_up(&env, "leo").await;
    let id = b.cookie.clone().unwrap();
    b.post(
        &env,
        "/api/account/login",
        &json!({"username": "leo", "password": "wrong-password"}),
    )
    .await;
    b.post(
        &env,
        "/api/account/password",
        &json!({"old": "leo-secret", "new": "leo-secret-new"}),
    )
    .await;
    let secrets = [
        "leo-secret",
        "leo-secret-new",
        "wrong-password",
        id.as_str(),
    ];
    let log = log.lock().unwrap().clone();
    assert!(holds(&log, "account made"), "the log is read");
    if let Some(path) = env.db.sqlite_path() {
        let mut bytes = Vec::new();
        for ext in ["", "-wal"] {
            let mut p = path.as_os_str().to_owned();
            p.push(ext);
            bytes.extend(std::fs::read(p).unwrap_or_default());
        }
        assert!(holds(&bytes, "leo"), "the database is read");
        for s in secrets {
            assert!(!holds(&bytes, s), "{s:?} is in the database");
        }
    }
    for s in secrets {
        assert!(!holds(&log, s), "{s:?} is in the log");
    }
}

#[tokio::test]
async fn a_seat_played_before_signing_in_is_claimed() {
    let env = common::start().await;
    let (id, seats) = env.create("dobutsu", json!({}), &["human", "ai:1"]).await;
    let token = seats[0].as_str().unwrap().to_string();
    let mut b = signed_up(&env, "mia").await;
    let wrong = b
        .post(
            &env,
            &format!("/api/games/{id}/claim"),
            &json!({"seat": 1, "token": "00".repeat(16)}),
        )
        .await;
    assert_eq!(wrong.status, 403);
    let r = b
        .post_wanting(
            &env,
            &format!("/api/games/{id}/claim"),
            &json!({"seat": 1, "token": token}),
            200,
        )
        .await;
    assert_eq!(r.body["seats"][0]["player"]["username"], "mia");
    let games = env.get("/api/players/mia/games").await.1;
    assert_eq!(games["games"][0]["id"], id.as_str());
    // The account plays the seat without the token now.
    b.post_wanting(
        &env,
        &format!("/api/games/{id}/moves"),
        &json!({"seat": 1, "move": "b2b3"}),
        200,
    )
    .await;
}

#[tokio::test]
async fn seeks_pair_two_people() {
    let env = common::start().await;
    let mut a = signed_up(&env, "nina").await;
    let mut b = signed_up(&env, "omar").await;
    let want = json!({"game": "dobutsu", "clock": "3+2", "rated": true});
    let r = Browser::default()
        .post(&env, "/api/seeks/quick", &want)
        .await;
    assert_eq!(r.body["error"], "not_signed_in");
    let posted = a.post(&env, "/api/seeks/quick", &want).await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    let seek = posted.body["seek"]["id"].as_str().unwrap().to_string();
    let list = b.get(&env, "/api/seeks").await.body;
    assert_eq!(list["seeks"][0]["username"], "nina", "{list}");
    assert_eq!(list["seeks"][0]["mine"], false);
    let own = a
        .post(&env, &format!("/api/seeks/{seek}/accept"), &json!({}))
        .await;
    assert_eq!(own.body["error"], "own_seek");
    let paired = b.post(&env, "/api/seeks/quick", &want).await;
    assert_eq!(paired.status, 200, "{}", paired.body);
    let game = paired.body["game"].as_str().unwrap().to_string();
    let st = a.get(&env, &format!("/api/seeks/{seek}")).await.body;
    assert_eq!(
        (st["status"].as_str(), st["game"].as_str()),
        (Some("accepted"), Some(game.as_str()))
    );
    let state = env.get(&format!("/api/games/{game}")).await.1;
    let mut names: Vec<&str> = (0..2)
        .map(|i| state["seats"][i]["player"]["username"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["nina", "omar"]);
    assert_eq!(
        (state["rated"].as_bool(), state["clock"].as_str()),
        (Some(true), Some("3+2"))
    );
    assert_eq!(b.get(&env, "/api/seeks").await.body["seeks"], json!([]));
    // A seek that is not quick-paired is cancelled by its poster alone.
    let s2 = a
        .post_wanting(
            &env,
            "/api/seeks",
            &json!({"game": "shogun", "clock": "5+3", "range": [1400, 1600]}),
            201,
        )
        .await;
    let sid = s2.body["id"].as_str().unwrap();
    let r = b
        .send(
            &env,
            reqwest::Method::DELETE,
            &format!("/api/seeks/{sid}"),
            None,
        )
        .await;
    assert_eq!(r.body["error"], "no_such_seek");
    let r = a
        .send(
            &env,
            reqwest::Method::DELETE,
            &format!("/api/seeks/{sid}"),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = a
        .post(
            &env,
            "/api/seeks",
            &json!({"game": "shiamgon", "options": {"players": 3}}),
        )
        .await;
    assert_eq!(r.body["error"], "bad_options");
}

#[tokio::test]
async fn the_leaderboard_lists_settled_ratings_best_first() {
    let env = common::start().await;
    let mut a = signed_up(&env, "pia").await;
    let mut b = signed_up(&env, "quin").await;
    // Ratings settle (RD ≤ 110) after enough games.
    let mut n = 0;
    let last = loop {
        n += 1;
        let id = rated_game(&env, &mut a, &mut b).await;
        // Mostly pia wins.
        let loser = if n % 4 == 0 { 1 } else { 2 };
        let who = if loser == 1 { &mut a } else { &mut b };
        who.resign(&env, &id, loser).await.wanting(200);
        let p = env.get("/api/players/pia").await.1;
        if p["ratings"]["dobutsu"]["provisional"] == false {
            break id;
        }
        assert!(n < 60, "still provisional after {n} games: {p}");
    };
    let board = env.get("/api/leaderboard/dobutsu").await.1;
    let names: Vec<&str> = common::texts(&board, "players", "username");
    assert_eq!(names, ["pia", "quin"], "{board}");
    assert_eq!(board["players"][0]["rank"], 1);
    assert_eq!(board["players"][0]["program"], false);
    assert_eq!(
        env.get("/api/leaderboard/shogun").await.1["players"],
        json!([])
    );
    // The history has one point a day: the rating after its last game.
    let h = env.get("/api/players/pia/history/dobutsu").await.1;
    assert_eq!(h["points"].as_array().unwrap().len(), 1, "{h}");
    assert_eq!(h["points"][0]["game"], last.as_str(), "{h}");
    let board_rating = board["players"][0]["rating"].as_f64();
    assert_eq!(h["points"][0]["rating"].as_f64(), board_rating, "{h}");
}

#[tokio::test]
async fn two_instances_share_accounts_and_write_a_rating_once() {
    let env = common::start().await;
    let second = common::start_on(&env.db).await;
    let env2 = Env::over(second, env.db.clone());
    // Signed in through one instance, known to the other.
    let mut a = signed_up(&env, "rosa").await;
    let mut b = signed_up(&env, "sven").await;
    let me = a.get(&env2, "/api/account").await;
    assert_eq!(me.body["username"], "rosa", "{}", me.body);
    let id = rated_game(&env, &mut a, &mut b).await;
    // Playing through the other instance.
    a.post_wanting(
        &env2,
        &format!("/api/games/{id}/moves"),
        &json!({"seat": 1, "move": "b2b3"}),
        200,
    )
    .await;
    let state = env2.get(&format!("/api/games/{id}")).await.1;
    let reply = state["legal_moves"][0].as_str().unwrap().to_string();
    b.post_wanting(
        &env2,
        &format!("/api/games/{id}/moves"),
        &json!({"seat": 2, "move": reply}),
        200,
    )
    .await;
    // Both instances end it at once: one ending is stored, rated once.
    let path = format!("/api/games/{id}/resign");
    let (mut a2, mut b2) = (a.clone(), b.clone());
    let (s1, s2) = (json!({"seat": 1}), json!({"seat": 2}));
    let (r1, r2) = tokio::join!(a2.post(&env, &path, &s1), b2.post(&env2, &path, &s2));
    assert!(
        r1.status == 200 || r2.status == 200,
        "{} {}",
        r1.body,
        r2.body
    );
    for name in ["rosa", "sven"] {
        let p = env.get(&format!("/api/players/{name}")).await.1;
        assert_eq!(p["ratings"]["dobutsu"]["games"], 1, "{p}");
        let h = env2
            .get(&format!("/api/players/{name}/history/dobutsu"))
            .await
            .1;
        assert_eq!(h["points"].as_array().unwrap().len(), 1, "{h}");
    }
    let (ra, _) = rating_of(&env.get("/api/players/rosa").await.1, "dobutsu");
    let (rb, _) = rating_of(&env.get("/api/players/sven").await.1, "dobutsu");
    assert!(
        near(ra + rb, 3000.0) && (near(ra, 1662.3) || near(ra, 1337.7)),
        "{ra} {rb}"
    );
}

/// The `kyoku_lang` value among an answer's `Set-Cookie` headers.
fn lang_cookie(res: &reqwest::Response) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| {
            c.split(';')
                .next()?
                .strip_prefix("kyoku_lang=")
                .map(str::to_string)
        })
}

#[tokio::test]
async fn the_language_is_chosen_kept_with_the_account_and_followed_by_the_page() {
    let env = common::start().await;
    let origin = format!("http://{}", env.server.addr());
    let page = |headers: &[(&str, &str)]| {
        let mut r = env.http.get(env.url("/leaderboard"));
        for (k, v) in headers {
            r = r.header(*k, *v);
        }
        r.send()
    };
    // The browser's language on a first visit; the cookie once chosen;
    // English for a language kyoku does not speak.
    let de = page(&[("accept-language", "de-DE,de;q=0.9,en;q=0.8")])
        .await
        .unwrap();
    assert_eq!(de.headers()["vary"], "Cookie, Accept-Language");
    let de = de.text().await.unwrap();
    assert!(
        de.contains("<html lang=\"de\">") && de.contains(">Bestenliste</a>"),
        "{de}"
    );
    assert!(de.contains("id=\"kyoku-messages\""));
    let ja = page(&[("accept-language", "de"), ("cookie", "kyoku_lang=ja")])
        .await
        .unwrap();
    assert!(ja.text().await.unwrap().contains("<html lang=\"ja\">"));
    let fr = page(&[("accept-language", "fr-FR")]).await.unwrap();
    assert!(fr.text().await.unwrap().contains("<html lang=\"en\">"));
    // The rules in the reader's language, at the same address.
    let rules = env
        .http
        .get(env.url("/rules/dobutsu.html"))
        .header("cookie", "kyoku_lang=de");
    assert!(
        rules
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
            .contains("Löwe")
    );

    // Chosen anonymously: only the cookie keeps it.
    let put = |cookie: Option<String>, body: Value| {
        let mut r = env
            .http
            .put(env.url("/api/language"))
            .header("origin", &origin)
            .json(&body);
        if let Some(c) = cookie {
            r = r.header("cookie", format!("kyoku_session={c}"));
        }
        r.send()
    };
    let anon = put(None, json!({"language": "de"})).await.unwrap();
    assert_eq!(anon.status(), 200);
    assert_eq!(lang_cookie(&anon).as_deref(), Some("de"));
    let bad = put(None, json!({"language": "fr"})).await.unwrap();
    assert_eq!(bad.status(), 400);
    assert_eq!(
        bad.json::<Value>().await.unwrap()["error"],
        "unknown_language"
    );

    // Signed up from a German page: the account keeps German; a choice
    // made signed in goes to the account, and a login on another browser
    // brings it there.
    let mut b = Browser::default();
    let made = b
        .post_wanting(
            &env,
            "/api/account/signup",
            &json!({"username": "Heidi", "password": "Heidi-secret", "language": "de"}),
            201,
        )
        .await;
    assert_eq!(made.body["language"], "de");
    assert_eq!(b.get(&env, "/api/account").await.body["language"], "de");
    let chosen = put(b.cookie.clone(), json!({"language": "ja"}))
        .await
        .unwrap();
    assert_eq!(chosen.status(), 200);
    assert_eq!(b.get(&env, "/api/account").await.body["language"], "ja");
    let login = env
        .http
        .post(env.url("/api/account/login"))
        .header("origin", &origin)
        .json(&json!({"username": "heidi", "password": "Heidi-secret"}))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 200);
    assert_eq!(lang_cookie(&login).as_deref(), Some("ja"));
    assert_eq!(login.json::<Value>().await.unwrap()["language"], "ja");
    // A sign-up in a language kyoku does not speak is refused whole.
    let refused = Browser::default()
        .post(
            &env,
            "/api/account/signup",
            &json!({"username": "Pierre", "password": "Pierre-secret", "language": "fr"}),
        )
        .await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["error"], "unknown_language");
}
