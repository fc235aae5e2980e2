//! The command line and the API refuse the same bad game options with the
//! same message: both go through the catalogue's one check.

mod common;

use std::net::SocketAddr;

use common::kyoku;
use serde_json::{Value, json};

/// The API's answer to creating `game` with `options` for two human seats
/// (three for Shiamgon): status, error code and message.
async fn create(addr: SocketAddr, game: &str, options: Value) -> (u16, String, String) {
    let seats = if game == "shiamgon" {
        json!(["human", "human", "human"])
    } else {
        json!(["human", "human"])
    };
    let body = json!({"game": game, "options": options, "seats": seats});
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/games"))
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = r.status().as_u16();
    let v: Value = r.json().await.expect("JSON error");
    let field = |k: &str| v[k].as_str().unwrap_or_default().to_string();
    (status, field("error"), field("message"))
}

#[test]
fn the_command_line_and_the_api_refuse_bad_options_alike() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let server = rt
        .block_on(kyoku_server::Server::start(kyoku_server::Config::local(
            dir.path().join("t.db"),
        )))
        .expect("server starts");
    let addr = server.addr();
    let cases: [(&str, &[&str], Value); 5] = [
        ("shogun", &["--board", "disc5"], json!({"board": "disc5"})),
        ("shogun", &["--rotation", "7"], json!({"rotation": 7})),
        ("shogun", &["--variant", "dice"], json!({"variant": "dice"})),
        (
            "dobutsu",
            &["--handicap", "1,2"],
            json!({"handicap": [1, 2]}),
        ),
        (
            "shiamgon",
            &["--board", "hex"],
            json!({"board": "hex", "players": 3}),
        ),
    ];
    for (game, flags, options) in cases {
        let players = if game == "shiamgon" {
            "human,human,human"
        } else {
            "human,human"
        };
        let mut args = vec!["play", game, "--players", players];
        args.extend_from_slice(flags);
        let (code, _, err) = kyoku(&args);
        let (status, error, message) = rt.block_on(create(addr, game, options.clone()));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!((status, error.as_str()), (400, "bad_options"), "{message}");
        assert_eq!(
            err.trim_end(),
            format!("kyoku: {message}"),
            "{game} {flags:?} vs {options}"
        );
    }
}
