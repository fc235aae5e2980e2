//! The server against real clients: a server on a loopback port with a real
//! SQLite file, driven over HTTP and WebSocket.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kyoku_core::seeded_rng;
use rand::Rng;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::*;

/// Plays a whole game of people through `POST …/moves`, moves chosen at
/// random from the state's legal moves; returns the final state.
async fn play_out(env: &Env, id: &str, tokens: &[Value], seed: u64, max: usize) -> Value {
    let mut rng = seeded_rng(seed);
    let (_, mut state) = env.get(&format!("/api/games/{id}")).await;
    for _ in 0..max {
        if state["to_act"].is_null() {
            break;
        }
        let seat = state["to_act"]["seat"].as_u64().unwrap() as usize;
        let legal = state["legal_moves"].as_array().unwrap();
        let mv = legal[rng.random_range(0..legal.len())].clone();
        let (s, next) = env
            .post(
                &format!("/api/games/{id}/moves"),
                &json!({"seat": seat, "token": tokens[seat - 1], "move": mv}),
            )
            .await;
        assert_eq!(s, 200, "{next}");
        assert_eq!(next["ply"], state["ply"].as_u64().unwrap() + 1);
        assert_eq!(
            next["history"].as_array().unwrap().last().unwrap()["move"],
            mv
        );
        state = next;
    }
    state
}

fn history(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["move"].as_str().unwrap().to_string())
        .collect()
}

/// What the database holds of game `id` (a `game` with `options`): the
/// moves of `end`, its last state, and replayed, its position.
async fn stored_replays_to(
    env: &Env,
    id: &str,
    game: &str,
    options: &Value,
    end: &Value,
) -> Vec<String> {
    let stored = kyoku_server::store::stored_moves(&env.db, id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored, history(end));
    let replayed = kyoku_games::replay(game, options, &stored).unwrap();
    assert_eq!(replayed.position_text(), end["position"].as_str().unwrap());
    stored
}

#[tokio::test]
async fn a_full_dobutsu_game_through_the_api() {
    let env = start().await;
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let end = play_out(&env, &id, &tokens, 3, 1000).await;
    assert_eq!(end["status"], "finished");
    assert!(end["to_act"].is_null());
    assert_eq!(end["legal_moves"], json!([]));
    let result = &end["result"];
    assert_eq!(result["scores"].as_array().unwrap().len(), 2);
    assert!(result["reason"].is_string());
    // What the database holds replays to the same end.
    let stored = stored_replays_to(&env, &id, "dobutsu", &json!({}), &end).await;
    // Every position can be stepped through.
    let (_, p) = env.get(&format!("/api/games/{id}/positions")).await;
    let positions = p["positions"].as_array().unwrap();
    assert_eq!(positions.len(), stored.len() + 1);
    assert_eq!(positions.last().unwrap(), &end["position"]);
    let (_, lobby) = env.get("/api/games?status=finished").await;
    assert_eq!(lobby["games"][0]["id"], id.as_str());
}

#[tokio::test]
async fn a_full_shiamgon_game_through_the_api_with_pushes() {
    let env = start().await;
    let (id, tokens) = env
        .create(
            "shiamgon",
            json!({"board": "disc5", "players": 3}),
            &["human", "human", "human"],
        )
        .await;
    let (_, start_state) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(start_state["extras"]["scores"].as_array().unwrap().len(), 3);
    let end = play_out(&env, &id, &tokens, 5, 5000).await;
    assert_eq!(end["status"], "finished");
    assert_eq!(end["result"]["ranks"].as_array().unwrap().len(), 3);
    stored_replays_to(&env, &id, "shiamgon", &end["options"], &end).await;
}

/// Wants an answer refused with `status` and error `code`, with a message.
fn expect((s, v): (u16, Value), status: u16, code: &str) {
    assert_eq!(s, status, "{v}");
    assert_eq!(v["error"], code, "{v}");
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
}

/// Posts each of `bodies` to `path`; wants each refused as [`expect`] does.
async fn refused(env: &Env, path: &str, bodies: &[Value], status: u16, code: &str) {
    for body in bodies {
        expect(env.post(path, body).await, status, code);
    }
}

#[tokio::test]
async fn every_error_has_its_code() {
    let env = start().await;
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let moves = format!("/api/games/{id}/moves");
    let t1 = tokens[0].clone();
    let t2 = tokens[1].clone();

    // 400 illegal_move, with the reason.
    let r = env
        .post(&moves, &json!({"seat": 1, "token": t1, "move": "a1a4"}))
        .await;
    assert!(r.1["message"].as_str().unwrap().contains("a1a4"));
    expect(r, 400, "illegal_move");
    let nonsense = [json!({"seat": 1, "token": t1, "move": "nonsense"})];
    refused(&env, &moves, &nonsense, 400, "illegal_move").await;
    // 403 forbidden: wrong token, the other seat's token, no token, no such seat.
    let forbidden = [
        json!({"seat": 1, "token": "0".repeat(32), "move": "b2b3"}),
        json!({"seat": 1, "token": t2, "move": "b2b3"}),
        json!({"seat": 1, "move": "b2b3"}),
        json!({"seat": 3, "token": t1, "move": "b2b3"}),
    ];
    refused(&env, &moves, &forbidden, 403, "forbidden").await;
    // 409 not_your_turn.
    let early = [json!({"seat": 2, "token": t2, "move": "b3b2"})];
    refused(&env, &moves, &early, 409, "not_your_turn").await;
    // 404 no_such_game (moves, state, socket).
    let a_move = [json!({"seat": 1, "token": t1, "move": "b2b3"})];
    refused(
        &env,
        "/api/games/nosuchgame/moves",
        &a_move,
        404,
        "no_such_game",
    )
    .await;
    for path in ["/api/games/nosuchgame", "/api/games/nosuchgame/ws"] {
        expect(env.get(path).await, 404, "no_such_game");
    }
    // 400 bad_request: malformed JSON, wrong field types.
    for raw in [b"{\"seat\": 1,".to_vec(), Vec::new()] {
        expect(env.post_raw(&moves, raw).await, 400, "bad_request");
    }
    let wrong_type = [json!({"seat": "one", "token": t1, "move": "b2b3"})];
    refused(&env, &moves, &wrong_type, 400, "bad_request").await;
    // 413 body_too_large.
    let big = format!(
        "{{\"seat\": 1, \"token\": {t1}, \"move\": \"{}\"}}",
        "x".repeat(20_000)
    );
    expect(
        env.post_raw(&moves, big.into_bytes()).await,
        413,
        "body_too_large",
    );
    // 400 bad_options.
    let bad_options = [
        json!({"game": "chess", "seats": ["human", "human"]}),
        json!({"game": "shiamgon", "options": {"board": "hex"}, "seats": ["human", "human", "human"]}),
        json!({"game": "dobutsu", "seats": ["human"]}),
        json!({"game": "dobutsu", "seats": ["human", "oracle"]}),
    ];
    refused(&env, "/api/games", &bad_options, 400, "bad_options").await;
    let no_seats = [json!({"game": "dobutsu"})];
    refused(&env, "/api/games", &no_seats, 400, "bad_request").await;
    // 404 / 405 on the API's paths.
    expect(env.get("/api/nothing").await, 404, "not_found");
    // A POST that does not say it is JSON (a cross-site form or text/plain
    // POST) is refused and creates nothing.
    let lobby = |v: Value| v["games"].as_array().map_or(0, Vec::len);
    let before = lobby(env.get("/api/games").await.1);
    let r = env
        .http
        .post(env.url("/api/games"))
        .header("content-type", "text/plain")
        .body(r#"{"game": "dobutsu", "seats": ["human", "human"]}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 415);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"], "unsupported_media_type");
    assert_eq!(lobby(env.get("/api/games").await.1), before);
    // Every answer carries the browser-side protections.
    for path in ["/", "/api/catalogue", "/api/nothing"] {
        let r = env.http.get(env.url(path)).send().await.unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"));
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
    }
    // An id that is not UTF-8: the API's JSON error on every path.
    for path in [
        "/api/games/%ff",
        "/api/games/%ff/positions",
        "/api/games/%ff/ws",
    ] {
        expect(env.get(path).await, 400, "bad_request");
    }
    for path in ["/api/games/%ff/moves", "/api/games/%ff/join"] {
        refused(&env, path, &[json!({})], 400, "bad_request").await;
    }
    let r = env.http.delete(env.url("/api/games")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 405);
    // None of it changed the game.
    let (_, state) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["ply"], 0);
    // 409 game_over: a game that has ended takes no more moves.
    let end = play_out(&env, &id, &tokens, 11, 1000).await;
    let seat = if end["history"].as_array().unwrap().len() % 2 == 0 {
        1
    } else {
        2
    };
    expect(
        env.post(
            &moves,
            &json!({"seat": seat, "token": tokens[seat - 1], "move": "b2b3"}),
        )
        .await,
        409,
        "game_over",
    );
}

#[tokio::test]
async fn a_spectator_sees_moves_live_and_can_do_nothing() {
    let env = start().await;
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let mut spectator = env.ws(&id).await;
    let first = next_json(&mut spectator).await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["state"]["ply"], 0);
    assert!(!first.to_string().contains(tokens[0].as_str().unwrap()));

    let (s, _) = env.play(&id, 1, &tokens[0], "b2b3").await;
    assert_eq!(s, 200);
    let seen = state_at(&mut spectator, 1).await;
    assert_eq!(seen["history"][0], json!({"move": "b2b3", "seat": 1}));
    assert_eq!(seen["to_act"], json!({"seat": 2, "kind": "move"}));

    // A move over the socket without the token is refused.
    spectator
        .send(Message::text(
            json!({"seat": 2, "move": "b3b2", "ref": "x"}).to_string(),
        ))
        .await
        .unwrap();
    let refused = next_reply(&mut spectator).await;
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["error"], "forbidden");
    assert_eq!(refused["ref"], "x");

    // The player of seat 2 moves over a socket: ack, then everyone's state.
    let mut player = env.ws(&id).await;
    next_json(&mut player).await;
    player
        .send(Message::text(
            json!({"seat": 2, "token": tokens[1], "move": "c4b3", "ref": 1}).to_string(),
        ))
        .await
        .unwrap();
    let ack = next_reply(&mut player).await;
    assert_eq!(
        ack,
        json!({"type": "ack", "ref": 1, "move": "c4b3", "ply": 2})
    );
    let seen = state_at(&mut spectator, 2).await;
    assert_eq!(seen["history"][1]["move"], "c4b3");
    // Garbage gets an error, not a closed socket.
    player.send(Message::text("{not json")).await.unwrap();
    assert_eq!(next_reply(&mut player).await["error"], "bad_request");
    player
        .send(Message::text(
            json!({"seat": 1, "token": tokens[0], "move": "zz"}).to_string(),
        ))
        .await
        .unwrap();
    assert_eq!(next_reply(&mut player).await["error"], "illegal_move");
}

#[tokio::test]
async fn an_over_long_websocket_message_closes_with_1009_and_a_reason() {
    let env = start().await;
    let (id, _) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let mut ws = env.ws(&id).await;
    next_json(&mut ws).await;
    let long = format!("{{\"seat\": 1, \"move\": \"{}\"}}", "x".repeat(20 * 1024));
    ws.send(Message::text(long)).await.unwrap();
    let mut closed_with = None;
    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        match m {
            Ok(Message::Close(f)) => {
                closed_with = f.map(|f| (u16::from(f.code), f.reason.to_string()));
                break;
            }
            Ok(_) => {}
            Err(e) => panic!("dropped instead of closed: {e}"),
        }
    }
    let (code, reason) = closed_with.expect("a close frame");
    assert_eq!(code, 1009);
    assert!(reason.contains("too big"), "{reason}");
    let (s, _) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn a_flood_of_messages_is_bounded() {
    let env = start().await;
    let (id, _) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let mut ws = env.ws(&id).await;
    next_json(&mut ws).await;
    for _ in 0..400 {
        if ws.send(Message::text("{}")).await.is_err() {
            break;
        }
    }
    let mut limited = 0;
    let mut closed_with = None;
    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        match m {
            Ok(Message::Text(t)) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["error"] == "rate_limited" {
                    limited += 1;
                }
            }
            Ok(Message::Close(f)) => {
                closed_with = f.map(|f| u16::from(f.code));
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    assert!(limited > 100, "{limited} rate_limited errors");
    assert_eq!(closed_with, Some(1008));
    // The server is fine and the game untouched.
    let (s, state) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, 200);
    assert_eq!(state["ply"], 0);
}

#[tokio::test]
async fn a_program_answers_and_games_come_back_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = fresh_db(&dir).await;
    let server = start_on(&db).await;
    let env = Env::over(server, db.clone());
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "random"]).await;
    assert!(tokens[1].is_null());
    let mut ws = env.ws(&id).await;
    next_json(&mut ws).await;
    let (s, _) = env.play(&id, 1, &tokens[0], "b2b3").await;
    assert_eq!(s, 200);
    let answered = state_at(&mut ws, 2).await;
    assert_eq!(answered["history"][1]["seat"], 2);
    assert_eq!(answered["to_act"]["seat"], 1);
    // Two programs play each other to the end on their own.
    let (auto, _) = env
        .create("shiamgon", json!({}), &["random", "random", "random"])
        .await;
    let mut auto_ws = env.ws(&auto).await;
    let mut done = next_json(&mut auto_ws).await["state"].clone();
    while done["status"] != "finished" {
        done = state_at(&mut auto_ws, done["ply"].as_u64().unwrap() + 1).await;
    }
    drop(ws);
    drop(auto_ws);
    let Env { server, http, .. } = env;
    server.stop().await;

    let server = start_on(&db).await;
    let env = Env {
        server,
        _dir: dir,
        db,
        http,
    };
    let (_, back) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(back["history"], answered["history"]);
    assert_eq!(back["position"], answered["position"]);
    let (_, back_auto) = env.get(&format!("/api/games/{auto}")).await;
    assert_eq!(back_auto["history"], done["history"]);
    assert_eq!(back_auto["result"], done["result"]);
    // The old token still plays, and the program still answers.
    let mv = back["legal_moves"][0].clone();
    let mut ws = env.ws(&id).await;
    let (s, _) = env
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({"seat": 1, "token": tokens[0], "move": mv}),
        )
        .await;
    assert_eq!(s, 200);
    let after = state_at(&mut ws, 4).await;
    assert!(after["history"][3]["seat"] == 2 || after["status"] == "finished");
}

#[tokio::test]
async fn open_seats_are_joined_from_the_lobby() {
    let env = start().await;
    let (s, v) = env
        .post(
            "/api/games",
            &json!({"game": "dobutsu", "seats": ["human", "human"], "open_seats": [2]}),
        )
        .await;
    assert_eq!(s, 201);
    let id = v["id"].as_str().unwrap().to_string();
    assert!(v["seats"][1]["token"].is_null());
    let (_, open) = env.get("/api/games?status=open").await;
    assert_eq!(open["games"][0]["id"], id.as_str());
    let (s, joined) = env.post(&format!("/api/games/{id}/join"), &json!({})).await;
    assert_eq!(s, 200);
    assert_eq!(joined["seat"], 2);
    assert_eq!(joined["token"].as_str().unwrap().len(), 32);
    let (s, again) = env
        .post(&format!("/api/games/{id}/join"), &json!({"seat": 2}))
        .await;
    assert_eq!((s, again["error"].clone()), (409, json!("seat_taken")));
    let (_, open) = env.get("/api/games?status=open").await;
    assert_eq!(open["games"], json!([]));
    let (_, active) = env.get("/api/games?status=active").await;
    assert_eq!(active["games"][0]["id"], id.as_str());
    // The joined token plays seat 2.
    let moves = format!("/api/games/{id}/moves");
    let (s, _) = env
        .post(
            &moves,
            &json!({"seat": 1, "token": v["seats"][0]["token"], "move": "b2b3"}),
        )
        .await;
    assert_eq!(s, 200);
    let (s, _) = env
        .post(
            &moves,
            &json!({"seat": 2, "token": joined["token"], "move": "c4b3"}),
        )
        .await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn the_ui_is_served_at_the_root_and_for_client_routes() {
    let env = start().await;
    for path in ["/", "/game/abc123", "/lobby"] {
        let r = env.http.get(env.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(
            r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html"),
            "{path}"
        );
    }
    let r = env
        .http
        .get(env.url("/no-such-file.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
    let (s, cat) = env.get("/api/catalogue").await;
    assert_eq!(s, 200);
    let names: Vec<&str> = common::texts(&cat, "games", "game");
    assert!(names.contains(&"dobutsu") && names.contains(&"shiamgon"));
}

#[tokio::test]
async fn a_full_shogun_game_through_the_api() {
    let env = start().await;
    let (id, tokens) = env.create("shogun", json!({}), &["human", "human"]).await;
    let (_, first) = env.get(&format!("/api/games/{id}")).await;
    let numbers = first["extras"]["move_numbers"].as_object().unwrap();
    assert_eq!(
        numbers.len(),
        first["legal_moves"].as_array().unwrap().len()
    );
    let end = play_out(&env, &id, &tokens, 7, 3000).await;
    assert_eq!(end["status"], "finished", "{}", end["ply"]);
    stored_replays_to(&env, &id, "shogun", &end["options"], &end).await;
}

#[tokio::test]
async fn shogun_chance_is_drawn_by_the_server_and_stored() {
    let env = start().await;
    let (id, tokens) = env
        .create("shogun", json!({"variant": "random"}), &["human", "human"])
        .await;
    let (_, first) = env.get(&format!("/api/games/{id}")).await;
    // The starting numbers were drawn at creation: chance never waits.
    let draws = first["history"].as_array().unwrap();
    assert!(!draws.is_empty());
    assert!(draws.iter().all(|h| h["seat"].is_null()));
    assert_eq!(first["to_act"], json!({"seat": 1, "kind": "move"}));
    let mv = first["legal_moves"][0].clone();
    let (s, after) = env
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({"seat": 1, "token": tokens[0], "move": mv}),
        )
        .await;
    assert_eq!(s, 200, "{after}");
    let h = after["history"].as_array().unwrap();
    assert_eq!(h.len(), draws.len() + 2);
    assert_eq!(h[draws.len()]["seat"], 1);
    assert!(h[draws.len() + 1]["seat"].is_null());
    assert_eq!(after["to_act"]["seat"], 2);
    let stored = kyoku_server::store::stored_moves(&env.db, &id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored, history(&after));
}

#[tokio::test]
async fn garbage_never_breaks_the_server_or_a_game() {
    let env = start().await;
    let (id, tokens) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let mut rng = seeded_rng(17);
    let paths = [
        "/api/games".to_string(),
        format!("/api/games/{id}/moves"),
        format!("/api/games/{id}/join"),
    ];
    let pieces: [&[u8]; 10] = [
        b"{",
        b"}",
        b"\"seat\":",
        b"1",
        b"-7",
        b"\"move\":\"b2b3\"",
        b",",
        b"null",
        b"\xff\xfe",
        b"[[[[",
    ];
    for i in 0..300 {
        let mut body = Vec::new();
        for _ in 0..rng.random_range(0..12) {
            body.extend_from_slice(pieces[rng.random_range(0..pieces.len())]);
        }
        let (s, v) = env.post_raw(&paths[i % paths.len()], body).await;
        assert!((400..500).contains(&s), "{s} {v}");
        assert!(v["error"].is_string(), "{v}");
    }
    // Odd but well-formed moves: huge seats, non-hex and short tokens.
    for body in [
        json!({"seat": u64::MAX, "token": tokens[0], "move": "b2b3"}),
        json!({"seat": 0, "token": tokens[0], "move": "b2b3"}),
        json!({"seat": 1, "token": "zz".repeat(16), "move": "b2b3"}),
        json!({"seat": 1, "token": "ab", "move": "b2b3"}),
        json!({"seat": 1, "token": tokens[0], "move": ""}),
        json!({"seat": 1, "token": tokens[0], "move": "é".repeat(100)}),
    ] {
        let (s, v) = env.post(&format!("/api/games/{id}/moves"), &body).await;
        assert!((400..500).contains(&s), "{s} {v}");
    }
    let (s, state) = env.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, 200);
    assert_eq!(state["ply"], 0);
    let (s, _) = env.play(&id, 1, &tokens[0], "b2b3").await;
    assert_eq!(s, 200);
}

/// Connections beyond a game's or the server's limit are refused with 503
/// `busy` before the upgrade; a closed connection frees its place.
#[tokio::test]
async fn websocket_connections_are_bounded_per_game_and_in_all() {
    let env = start_with(|c| {
        c.sockets = kyoku_server::SocketLimits {
            per_game: 2,
            total: 3,
        }
    })
    .await;
    let (a, _) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let (b, _) = env.create("dobutsu", json!({}), &["human", "human"]).await;
    let refused = |id: String| {
        let url = format!("ws://{}/api/games/{id}/ws", env.server.addr());
        async move {
            match tokio_tungstenite::connect_async(url).await {
                Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                    let body: Value =
                        serde_json::from_slice(r.body().as_deref().unwrap_or_default()).unwrap();
                    (r.status().as_u16(), body)
                }
                Ok(_) => panic!("a connection over the limit was accepted"),
                Err(e) => panic!("unexpected failure: {e}"),
            }
        }
    };
    let mut a1 = env.ws(&a).await;
    assert_eq!(next_json(&mut a1).await["type"], "state");
    let mut a2 = env.ws(&a).await;
    assert_eq!(next_json(&mut a2).await["type"], "state");
    let (status, body) = refused(a.clone()).await;
    assert_eq!(status, 503);
    assert_eq!(body["error"], "busy", "{body}");
    assert!(body["message"].as_str().unwrap().contains(&a), "{body}");
    // Another game still has room, up to the server's total.
    let mut b1 = env.ws(&b).await;
    assert_eq!(next_json(&mut b1).await["type"], "state");
    let (status, body) = refused(b.clone()).await;
    assert_eq!(status, 503);
    assert!(
        body["message"].as_str().unwrap().contains("the server"),
        "{body}"
    );
    // Closing one frees its place (the server notices the close at once).
    a1.close(None).await.unwrap();
    drop(a1);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let url = format!("ws://{}/api/games/{b}/ws", env.server.addr());
        if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(url).await {
            assert_eq!(next_json(&mut ws).await["type"], "state");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the closed place was never freed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop((a2, b1));
}

/// One address may start only so many games a minute; the refusal says
/// how long to wait, and refused requests create nothing.
#[tokio::test]
async fn new_games_are_rate_limited_per_address() {
    let env = start_with(|c| c.new_games_per_minute = 3).await;
    let body = json!({"game": "dobutsu", "seats": ["human", "human"]});
    for _ in 0..3 {
        let (s, v) = env.post("/api/games", &body).await;
        assert_eq!(s, 201, "{v}");
    }
    let (s, v) = env.post("/api/games", &body).await;
    assert_eq!(s, 429, "{v}");
    assert_eq!(v["error"], "rate_limited");
    let msg = v["message"].as_str().unwrap();
    assert!(
        msg.contains("3 a minute") && msg.contains("try again in"),
        "{msg}"
    );
    let (_, list) = env.get("/api/games").await;
    assert_eq!(list["games"].as_array().unwrap().len(), 3, "{list}");
    // Moves and reads are not limited by it.
    let (s, _) = env.get("/api/games?status=open").await;
    assert_eq!(s, 200);
}
