//! The lessons API over HTTP: the list, a lesson with its boards, a lesson
//! done step by step (a wrong move answered with the hint, the stars),
//! illegal moves 400, unknown games, lessons and steps 404, the words in
//! the request's language, and the account's stars (kept at their most,
//! 401 signed out).

mod common;

use common::Env;
use serde_json::{Value, json};

/// A request with an optional session cookie, from the server's origin.
async fn send(
    env: &Env,
    method: reqwest::Method,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut r = env
        .http
        .request(method, env.url(path))
        .header("origin", format!("http://{}", env.server.addr()));
    if let Some(c) = cookie {
        r = r.header("cookie", c);
    }
    if let Some(b) = body {
        r = r.json(b);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A step's POST with the learner's moves so far.
async fn moves(env: &Env, path: &str, ms: &[&str]) -> (u16, Value) {
    env.post(path, &json!({ "moves": ms })).await
}

#[tokio::test]
async fn the_list_has_every_game_and_dobutsus_lessons() {
    let env = common::start().await;
    let (s, v) = env.get("/api/lessons").await;
    assert_eq!(s, 200, "{v}");
    let games: Vec<&str> = common::texts(&v, "games", "game");
    assert_eq!(games, ["dobutsu", "shiamgon", "shogun"]);
    let dobutsu = &v["games"][0]["lessons"];
    assert!(dobutsu.as_array().unwrap().len() >= 8, "{dobutsu}");
    assert_eq!(dobutsu[0]["id"], "lion");
    assert!(dobutsu[0]["steps"].as_u64().unwrap() >= 1);
    assert!(dobutsu[0]["title"].as_str().unwrap().contains("Lion"));
}

#[tokio::test]
async fn a_lesson_has_its_boards_and_the_next_lesson() {
    let env = common::start().await;
    let (s, v) = env.get("/api/lessons/dobutsu/chick").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["game"], "dobutsu");
    assert_eq!(v["id"], "chick");
    let step = &v["steps"][0];
    assert_eq!(step["board"]["position"], "l2/3/1C1/2L[] w - - 0 1");
    assert!(step["board"]["legal_moves"].as_array().unwrap().len() > 1);
    assert_eq!(step["stars"], json!([1, 1]));
    assert!(!step["goal"].as_str().unwrap().is_empty());
    assert_eq!(v["next"], json!({"game": "dobutsu", "id": "giraffe"}));
}

/// The JSON of `GET path` sent with header `name: value`.
async fn get_with(env: &Env, path: &str, name: &str, value: &str) -> Value {
    let r = env.http.get(env.url(path)).header(name, value).send();
    r.await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn the_words_follow_the_language() {
    let env = common::start().await;
    let chick = get_with(&env, "/api/lessons/dobutsu/chick", "accept-language", "de").await;
    assert_eq!(chick["title"], "Das Küken");
    let v = get_with(&env, "/api/lessons", "cookie", "kyoku_lang=ja").await;
    assert_eq!(v["games"][0]["lessons"][1]["title"], "ひよこ");
}

#[tokio::test]
async fn a_lesson_done_through_http() {
    let env = common::start().await;
    let base = "/api/lessons/dobutsu/catch";
    // Step 3: drop the Giraffe, the forced reply, then catch the Lion.
    let (s, v) = moves(&env, &format!("{base}/2"), &["G@a3"]).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["status"], "continue");
    assert_eq!(v["replies"], json!(["b2b1+"]));
    assert_eq!(v["hint"], Value::Null);
    let (_, v) = moves(&env, &format!("{base}/2"), &["G@a3", "a3a4"]).await;
    assert_eq!(v["status"], "done", "{v}");
    assert_eq!(v["stars"], 3);
    assert_eq!(v["board"]["result"]["winners"], json!([1]), "{v}");
    // A wrong move: the hint, no stars.
    let (_, v) = moves(&env, &format!("{base}/2"), &["a2a3"]).await;
    assert_eq!(v["status"], "wrong", "{v}");
    assert!(!v["hint"].as_str().unwrap().is_empty());
    assert_eq!(v["stars"], Value::Null);
    // No moves: the step's start.
    let (_, v) = moves(&env, &format!("{base}/0"), &[]).await;
    assert_eq!(v["status"], "continue");
    assert_eq!(v["board"]["position"], "3/1l1/1G1/2L[] w - - 0 1");
}

#[tokio::test]
async fn bad_moves_and_unknown_things() {
    let env = common::start().await;
    let step = "/api/lessons/dobutsu/chick/0";
    let (s, v) = moves(&env, step, &["b2b4"]).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("illegal_move")), "{v}");
    let (s, v) = moves(&env, step, &["xyz"]).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("illegal_move")), "{v}");
    let (s, v) = moves(&env, step, &["b2b3", "b3b4"]).await;
    assert_eq!(s, 400, "moves after the end: {v}");
    let (s, v) = env.post(step, &json!({"move": "b2b3"})).await;
    assert_eq!(s, 400, "{v}");
    for path in [
        "/api/lessons/chess/chick",
        "/api/lessons/dobutsu/nope",
        "/api/lessons/dobutsu/chick/9",
        "/api/lessons/dobutsu/chick/one",
    ] {
        let (s, v) = if path.matches('/').count() == 5 {
            moves(&env, path, &[]).await
        } else {
            env.get(path).await
        };
        assert_eq!(s, 404, "{path}: {v}");
    }
}

/// The error code of an answer.
fn code(v: &Value) -> Option<&str> {
    v["error"].as_str()
}

/// `PUT /api/lessons/progress` with `earned`, as the owner of `cookie`.
async fn put_progress(env: &Env, cookie: Option<&str>, earned: &Value) -> (u16, Value) {
    let path = "/api/lessons/progress";
    send(env, reqwest::Method::PUT, path, cookie, Some(earned)).await
}

#[tokio::test]
async fn stars_are_kept_with_the_account() {
    let env = common::start().await;
    let get = reqwest::Method::GET;
    let (s, v) = send(&env, get.clone(), "/api/lessons/progress", None, None).await;
    assert_eq!((s, &v), (200, &json!({})));
    let earned = json!({"game": "dobutsu", "lesson": "chick", "stars": 2});
    let (s, v) = put_progress(&env, None, &earned).await;
    assert_eq!(s, 401, "{v}");

    let cookie = env.sign_up("learner").await;
    let me = Some(cookie.as_str());

    let (s, v) = put_progress(&env, me, &earned).await;
    assert_eq!((s, &v["stars"]), (200, &json!(2)), "{v}");
    let fewer = json!({"game": "dobutsu", "lesson": "chick", "stars": 1});
    let (_, v) = put_progress(&env, me, &fewer).await;
    assert_eq!(v["stars"], 2, "the most is kept: {v}");
    let (s, v) = send(&env, get, "/api/lessons/progress", me, None).await;
    assert_eq!((s, v), (200, json!({"dobutsu/chick": 2})));

    let unknown = json!({"game": "dobutsu", "lesson": "nope", "stars": 3});
    let (s, v) = put_progress(&env, me, &unknown).await;
    assert_eq!(s, 404, "{v}");
    let too_many = json!({"game": "dobutsu", "lesson": "chick", "stars": 4});
    let (s, v) = put_progress(&env, me, &too_many).await;
    assert_eq!((s, code(&v)), (400, Some("bad_request")), "{v}");
}
