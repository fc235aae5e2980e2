//! A game's life around its moves, through the API: clocks and flag falls
//! (with nobody connected, across a restart), resign, abort, draw offers,
//! takebacks, rematches, names, the record download, and every refusal.

use std::time::Duration;

use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::*;

/// Creates a game from a whole request body; returns its id and tokens.
async fn create(env: &Env, body: Value) -> (String, Vec<Value>) {
    env.create_from(&body).await
}

async fn people(env: &Env, clock: Option<&str>) -> (String, Vec<Value>) {
    create(
        env,
        json!({"game": "dobutsu", "seats": ["human", "human"], "clock": clock,
               "names": ["Hana", null]}),
    )
    .await
}

async fn act(
    env: &Env,
    id: &str,
    what: &str,
    seat: usize,
    token: &Value,
    action: Option<&str>,
) -> (u16, Value) {
    let mut body = json!({"seat": seat, "token": token});
    if let Some(a) = action {
        body["action"] = json!(a);
    }
    env.post(&format!("/api/games/{id}/{what}"), &body).await
}

/// Seat `seat`'s (1-based) time left now, from a state: the running clock
/// counts down from the reading at `clock_at`.
fn left_now(state: &Value, seat: usize) -> u64 {
    let read = state["clocks"][seat - 1].as_u64().unwrap();
    if state["clock_runs"] != seat {
        return read;
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    read.saturating_sub(now.saturating_sub(state["clock_at"].as_u64().unwrap()))
}

/// Polls the game until `done` holds (10 s at most).
async fn until(env: &Env, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let (_, state) = env.get(&format!("/api/games/{id}")).await;
        if done(&state) {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the game never got there");
}

#[tokio::test]
async fn a_timed_game_is_lost_on_time_with_nobody_connected() {
    let env = start().await;
    // 0.02 minutes: 1.2 s each.
    let (id, t) = people(&env, Some("0.02+0")).await;
    let (_, state) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["clock"], "0.02+0");
    assert_eq!(state["clocks"][1], 1200);
    assert_eq!(state["clock_runs"], 1);
    assert!(state["clock_at"].as_u64().unwrap() > 1_600_000_000_000);
    env.play(&id, 1, &t[0], "b2b3").await;
    let state = until(&env, &id, |s| !s["result"].is_null()).await;
    assert_eq!(state["result"]["reason"], "time", "{state}");
    assert_eq!(state["result"]["winners"], json!([1]));
    assert_eq!(state["clocks"][1], 0);
    // Flag decided at the deadline: the reading is the decision's time.
    let (s, v) = env.play(&id, 2, &t[1], "b4c3").await;
    assert_eq!((s, v["error"].as_str()), (409, Some("game_over")));
}

#[tokio::test]
async fn a_restart_is_not_charged_to_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let server = start_on(&db).await;
    let env = Env::over(server, db.clone());
    let (id, t) = people(&env, Some("1+0")).await;
    env.play(&id, 1, &t[0], "b2b3").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_, before) = env.get(&format!("/api/games/{id}")).await;
    assert!(left_now(&before, 2) <= 58_500, "{before}");
    env.server.stop().await;
    // The server is down for two seconds.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let env = Env::on(&db).await;
    let (_, after) = env.get(&format!("/api/games/{id}")).await;
    let left = left_now(&after, 2);
    assert!(left > 59_000, "resumed from the stored remainder: {after}");
    let (s, _) = env.play(&id, 2, &t[1], "b4c3").await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn a_shiamgon_seat_out_of_time_is_played_by_a_program_and_ranks_last() {
    let env = start().await;
    let (id, _) = create(
        &env,
        json!({"game": "shiamgon", "options": {"board": "tri8", "players": 3},
               "seats": ["human", "random", "random"], "clock": "0.02+0"}),
    )
    .await;
    let state = until(&env, &id, |s| !s["result"].is_null()).await;
    assert_eq!(state["seats"][0]["out"], true, "{state}");
    assert_eq!(state["seats"][0]["stand_in"], "ai:2");
    assert_eq!(state["result"]["ranks"][0], 3, "{state}");
    let by_seat_1 = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["seat"] == 1)
        .count();
    assert!(by_seat_1 > 0, "a program played for the seat");
}

#[tokio::test]
async fn resign_and_abort() {
    let env = start().await;
    let (id, t) = people(&env, None).await;
    let (s, v) = act(&env, &id, "resign", 2, &t[1], None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["state"]["result"]["reason"], "resigned");
    assert_eq!(v["state"]["result"]["winners"], json!([1]));
    let (s, v) = act(&env, &id, "resign", 1, &t[0], None).await;
    assert_eq!((s, v["error"].as_str()), (409, Some("game_over")));

    let (id, t) = people(&env, None).await;
    env.play(&id, 1, &t[0], "b2b3").await;
    let (s, v) = act(&env, &id, "abort", 1, &t[0], None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["state"]["result"]["reason"], "aborted");
    assert_eq!(v["state"]["result"]["winners"], json!([]));

    let (id, t) = people(&env, None).await;
    env.play(&id, 1, &t[0], "b2b3").await;
    env.play(&id, 2, &t[1], "b4c3").await;
    let (s, v) = act(&env, &id, "abort", 2, &t[1], None).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("not_allowed")));
}

#[tokio::test]
async fn draw_offers_are_accepted_declined_and_lapse() {
    let env = start().await;
    let (id, t) = people(&env, None).await;
    let (s, v) = act(&env, &id, "draw", 2, &t[1], Some("accept")).await;
    assert_eq!((s, v["error"].as_str()), (409, Some("no_offer")));
    let (_, v) = act(&env, &id, "draw", 1, &t[0], Some("offer")).await;
    assert_eq!(v["state"]["offers"]["draw"], 1);
    let (_, v) = act(&env, &id, "draw", 2, &t[1], Some("decline")).await;
    assert!(v["state"]["offers"]["draw"].is_null());
    let (s, v) = act(&env, &id, "draw", 1, &t[0], Some("offer")).await;
    assert_eq!((s, v["error"].as_str()), (409, Some("too_soon")));
    // Seat 2 offers; seat 1 moves instead: the offer lapses.
    act(&env, &id, "draw", 2, &t[1], Some("offer")).await;
    let (_, v) = env.play(&id, 1, &t[0], "b2b3").await;
    assert!(v["offers"]["draw"].is_null(), "{v}");
    act(&env, &id, "draw", 2, &t[1], Some("offer")).await;
    let (_, v) = act(&env, &id, "draw", 1, &t[0], Some("accept")).await;
    assert_eq!(v["state"]["result"]["reason"], "agreed");
    assert_eq!(v["state"]["result"]["winners"], json!([1, 2]));
    let (id, t) = create(
        &env,
        json!({"game": "shiamgon", "seats": ["human", "human", "human"]}),
    )
    .await;
    let (s, v) = act(&env, &id, "draw", 1, &t[0], Some("offer")).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("not_allowed")));
}

#[tokio::test]
async fn takebacks_against_a_program_and_between_people() {
    let env = start().await;
    let (id, t) = create(&env, json!({"game": "dobutsu", "seats": ["human", "ai:1"]})).await;
    env.play(&id, 1, &t[0], "b2b3").await;
    until(&env, &id, |s| s["ply"] == 2).await;
    let (s, v) = act(&env, &id, "takeback", 1, &t[0], Some("request")).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["state"]["ply"], 0);

    let (id, t) = people(&env, Some("5+0")).await;
    env.play(&id, 1, &t[0], "b2b3").await;
    let (_, v) = act(&env, &id, "takeback", 1, &t[0], Some("request")).await;
    assert_eq!(v["state"]["offers"]["takeback"], 1);
    assert_eq!(v["state"]["ply"], 1);
    let (_, v) = act(&env, &id, "takeback", 2, &t[1], Some("decline")).await;
    assert!(v["state"]["offers"]["takeback"].is_null());
    act(&env, &id, "takeback", 1, &t[0], Some("request")).await;
    let (_, v) = act(&env, &id, "takeback", 2, &t[1], Some("accept")).await;
    assert_eq!(v["state"]["ply"], 0);
    assert_eq!(v["state"]["to_act"]["seat"], 1);
    let (s, v) = act(&env, &id, "takeback", 2, &t[1], Some("request")).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (409, Some("nothing_to_take_back"))
    );
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_and_links_the_games() {
    let env = start().await;
    let (id, t) = people(&env, Some("3+2")).await;
    let (s, v) = act(&env, &id, "rematch", 1, &t[0], Some("offer")).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("not_allowed")),
        "not over yet"
    );
    // Seat 2 listens on a WebSocket after acting there once.
    let mut ws = env.ws(&id).await;
    let msg = json!({"type": "resign", "seat": 2, "token": t[1]}).to_string();
    ws.send(Message::text(msg)).await.unwrap();
    assert_eq!(next_reply(&mut ws).await["type"], "ack");
    let (_, v) = act(&env, &id, "rematch", 2, &t[1], Some("offer")).await;
    assert!(v["rematch"].is_null());
    assert_eq!(v["state"]["offers"]["rematch"], json!([2]));
    let (s, v) = act(&env, &id, "rematch", 1, &t[0], Some("accept")).await;
    assert_eq!(s, 200, "{v}");
    let new_id = v["rematch"]["id"].as_str().unwrap().to_string();
    assert_eq!(v["rematch"]["seat"], 2, "colours swapped");
    let hana_token = v["rematch"]["token"].clone();
    assert_ne!(hana_token, t[0], "a new token");
    // Seat 2's WebSocket is told its place.
    let told = loop {
        let m = next_json(&mut ws).await;
        if m["type"] == "rematch" {
            break m;
        }
    };
    assert_eq!(
        (told["id"].as_str(), told["seat"].as_u64()),
        (Some(&*new_id), Some(1))
    );
    let (_, old) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(old["rematch"], new_id);
    let (_, new) = env.get(&format!("/api/games/{new_id}")).await;
    assert_eq!(new["rematch_of"], id);
    assert_eq!(new["clock"], "3+2");
    assert_eq!(new["names"], json!(["Anonymous", "Hana"]));
    // The new tokens play; the old ones do not.
    let (s, _) = env.play(&new_id, 1, &t[1], "b2b3").await;
    assert_eq!(s, 403);
    let (s, v) = env.play(&new_id, 1, &told["token"], "b2b3").await;
    assert_eq!(s, 200, "{v}");
    let (s, _) = env.play(&new_id, 2, &hana_token, "b4c3").await;
    assert_eq!(s, 200);
    // Asking again gives the same place.
    let (_, again) = act(&env, &id, "rematch", 1, &t[0], Some("accept")).await;
    assert_eq!(again["rematch"]["token"], hana_token);
}

#[tokio::test]
async fn bad_requests_are_refused_and_change_nothing() {
    let env = start().await;
    for (clock, why) in [("3", "M+S"), ("0+0", "M+S"), ("15d", "M+S"), ("fast", "Nd")] {
        let (s, v) = env
            .post(
                "/api/games",
                &json!({"game": "dobutsu", "seats": ["human", "human"], "clock": clock}),
            )
            .await;
        assert_eq!(
            (s, v["error"].as_str()),
            (400, Some("bad_options")),
            "{clock}"
        );
        assert!(v["message"].as_str().unwrap().contains(why), "{v}");
    }
    for names in [
        json!(["x".repeat(25)]),
        json!(["a\u{7}"]),
        json!([""]),
        json!([null, "bot"]),
    ] {
        let (s, v) = env
            .post(
                "/api/games",
                &json!({"game": "dobutsu", "seats": ["human", "ai:1"], "names": names}),
            )
            .await;
        assert_eq!(
            (s, v["error"].as_str()),
            (400, Some("bad_options")),
            "{names}"
        );
    }
    let (id, t) = people(&env, None).await;
    let (_, before) = env.get(&format!("/api/games/{id}")).await;
    let (s, _) = act(&env, &id, "resign", 1, &t[1], None).await;
    assert_eq!(s, 403, "another seat's token");
    let (s, _) = act(&env, &id, "resign", 1, &json!("00"), None).await;
    assert_eq!(s, 403, "a wrong token");
    let (s, v) = act(&env, &id, "draw", 1, &t[0], None).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("bad_request")),
        "no action"
    );
    let (s, v) = act(&env, &id, "draw", 1, &t[0], Some("maybe")).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
    let (s, v) = act(&env, &id, "takeback", 2, &t[1], Some("accept")).await;
    assert_eq!((s, v["error"].as_str()), (409, Some("no_offer")));
    let (_, after) = env.get(&format!("/api/games/{id}")).await;
    let strip = |mut v: Value| {
        v["clock_at"] = Value::Null;
        v
    };
    assert_eq!(strip(before), strip(after), "nothing changed");
}

#[tokio::test]
async fn names_show_in_states_and_the_lobby_and_joining_takes_one() {
    let env = start().await;
    let (s, v) = env
        .post(
            "/api/games",
            &json!({"game": "dobutsu", "seats": ["human", "human"], "open_seats": [2],
                    "names": ["<b>Hana</b>"]}),
        )
        .await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap();
    assert_eq!(v["state"]["names"], json!(["<b>Hana</b>", null]));
    let (s, v) = env
        .post(
            &format!("/api/games/{id}/join"),
            &json!({"name": "\u{202e}Ken"}),
        )
        .await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_options")), "{v}");
    let (_, still) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(still["status"], "open", "a refused name takes no seat");
    let (s, j) = env
        .post(&format!("/api/games/{id}/join"), &json!({"name": "Ken 健"}))
        .await;
    assert_eq!(s, 200, "{j}");
    let (_, lobby) = env.get("/api/games").await;
    let entry = &lobby["games"][0];
    assert_eq!(entry["names"], json!(["<b>Hana</b>", "Ken 健"]), "{lobby}");
    assert_eq!(entry["moves"], 0);
}

/// An invited person (the creator left its seat unnamed) names itself; the
/// name is stored, survives a restart and goes to the WebSocket; bad names,
/// wrong tokens and finished games are refused and change nothing.
#[tokio::test]
async fn a_person_names_its_own_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let env = Env::on(&db).await;
    let (id, t) = people(&env, None).await;
    let path = format!("/api/games/{id}/name");
    let (_, v) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["names"], json!(["Hana", "Anonymous"]));
    let refused = [
        (
            json!({"seat": 2, "token": t[0], "name": "Ken"}),
            403,
            "forbidden",
        ),
        (json!({"seat": 2, "token": t[1]}), 400, "bad_request"),
        (
            json!({"seat": 2, "token": t[1], "name": " "}),
            400,
            "bad_options",
        ),
        (
            json!({"seat": 2, "token": t[1], "name": "a\u{202e}b"}),
            400,
            "bad_options",
        ),
    ];
    for (body, status, error) in refused {
        let (s, v) = env.post(&path, &body).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (status, Some(error)),
            "{body}: {v}"
        );
    }
    let mut ws = env.ws(&id).await;
    next_json(&mut ws).await;
    let (s, v) = env
        .post(
            &path,
            &json!({"seat": 2, "token": t[1], "name": "  Ken 健 "}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["state"]["names"], json!(["Hana", "Ken 健"]));
    let pushed = next_json(&mut ws).await;
    assert_eq!(
        pushed["state"]["names"],
        json!(["Hana", "Ken 健"]),
        "{pushed}"
    );
    env.server.stop().await;
    let env = Env::on(&db).await;
    let (_, v) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["names"], json!(["Hana", "Ken 健"]), "stored");
    act(&env, &id, "resign", 1, &t[0], None).await;
    let (s, v) = env
        .post(&path, &json!({"seat": 2, "token": t[1], "name": "Kenji"}))
        .await;
    assert_eq!((s, v["error"].as_str()), (409, Some("game_over")), "{v}");
}

#[tokio::test]
async fn an_untimed_game_nobody_moves_in_is_abandoned() {
    let env = start_with(|c| c.abandon_after = Some(Duration::from_secs(1))).await;
    let (id, _) = people(&env, None).await;
    let (timed, _) = people(&env, Some("10+0")).await;
    let state = until(&env, &id, |s| !s["result"].is_null()).await;
    assert_eq!(state["result"]["reason"], "abandoned");
    assert_eq!(state["result"]["winners"], json!([]));
    let (_, other) = env.get(&format!("/api/games/{timed}")).await;
    assert!(other["result"].is_null(), "timed games end by their clocks");
}

#[tokio::test]
async fn the_record_downloads_with_clock_names_and_result() {
    let env = start().await;
    let (id, t) = people(&env, Some("3+2")).await;
    env.play(&id, 1, &t[0], "b2b3").await;
    act(&env, &id, "resign", 2, &t[1], None).await;
    let r = env
        .http
        .get(env.url(&format!("/api/games/{id}/record")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let disposition = r.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(disposition.starts_with("attachment"), "{disposition}");
    let text = r.text().await.unwrap();
    let rec = kyoku_games::record::Record::parse(&text).unwrap();
    assert_eq!(rec.moves, ["b2b3"]);
    assert_eq!(
        rec.time_control.map(|c| c.to_string()).as_deref(),
        Some("3+2")
    );
    assert_eq!(rec.names, vec![Some("Hana".to_string()), None]);
    assert_eq!(rec.clocks.len(), 1);
    assert_eq!(rec.result.unwrap().reason, "resigned");
}
