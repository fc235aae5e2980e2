//! What the command-line tests share (each test file uses some of it).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// The `kyoku` binary as a command, with the locale's variables removed:
/// the terminal speaks the locale's language and these tests read English.
pub fn command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kyoku"));
    c.env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    c
}

/// Exit code, stdout and stderr of a finished `kyoku`.
pub fn outcome(out: std::process::Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The words of a command line, split at white space (so for arguments
/// without spaces): `words("perft shiamgon 3")`.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Runs `kyoku ARGS`: its exit code, stdout and stderr.
pub fn kyoku(args: &[&str]) -> (i32, String, String) {
    outcome(command().args(args).output().expect("kyoku runs"))
}

/// Runs `kyoku ARGS` with `input` piped to stdin, as a person would type
/// it: its exit code, stdout and stderr. `COLUMNS` is dropped, so drawings
/// are the same wherever the tests run.
pub fn kyoku_typing(args: &[&str], input: &str) -> (i32, String, String) {
    kyoku_typing_env(args, &[], input)
}

/// Runs `kyoku ARGS` like [`kyoku_typing`], with extra environment
/// variables.
pub fn kyoku_typing_env(args: &[&str], env: &[(&str, &str)], input: &str) -> (i32, String, String) {
    let mut child = command()
        .args(args)
        .env_remove("COLUMNS")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kyoku runs");
    if let Some(mut stdin) = child.stdin.take() {
        // The session may end before reading everything; a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    outcome(child.wait_with_output().expect("kyoku ends"))
}

/// `kyoku play GAME --players PLAYERS EXTRA...` with `input` on stdin, as
/// [`kyoku_typing`] runs it.
pub fn play(game: &str, players: &str, extra: &[&str], input: &str) -> (i32, String, String) {
    play_env(game, players, extra, &[], input)
}

/// [`play`] with extra environment variables.
pub fn play_env(
    game: &str,
    players: &str,
    extra: &[&str],
    env: &[(&str, &str)],
    input: &str,
) -> (i32, String, String) {
    let mut args = vec!["play", game, "--players", players];
    args.extend_from_slice(extra);
    kyoku_typing_env(&args, env, input)
}

/// Runs `kyoku match GAME --players PLAYERS EXTRA...`: its exit code,
/// stdout and stderr.
pub fn kyoku_match(game: &str, players: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["match", game, "--players", players];
    args.extend_from_slice(extra);
    kyoku(&args)
}

/// The address a `kyoku serve` child prints on its first line of stdout
/// (`kyoku serving on http://ADDR …`).
pub fn served_address(child: &mut std::process::Child) -> String {
    use std::io::BufRead;
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the server prints its address");
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string()
}

/// A `kyoku serve` process, killed (SIGKILL) when dropped, so a failing
/// test leaves nothing behind.
pub struct Proc(pub std::process::Child);

impl Proc {
    /// Kills it now (SIGKILL) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `kyoku serve --addr 127.0.0.1:0 ARGS`; returns it and the
/// address it serves on.
pub fn serve_with(args: &[&str]) -> (Proc, String) {
    let mut child = command()
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("kyoku serve runs");
    let addr = served_address(&mut child);
    (Proc(child), addr)
}

/// POSTs `body`; the status and the JSON answer (`null` if none).
pub async fn post(
    http: &reqwest::Client,
    url: String,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    let r = http.post(url).json(&body).send().await.expect("request");
    (
        r.status().as_u16(),
        r.json().await.unwrap_or(serde_json::Value::Null),
    )
}

/// Creates a game (`POST /api/games` with `body`) on the server at
/// `addr`; the server's answer, which must be 201 Created.
pub async fn create_game(
    http: &reqwest::Client,
    addr: &str,
    body: serde_json::Value,
) -> serde_json::Value {
    let (s, made) = post(http, format!("http://{addr}/api/games"), body).await;
    assert_eq!(s, 201, "{made}");
    made
}

/// POSTs `body` to `url`, which must answer 200 OK; the JSON answer.
pub async fn post_ok(
    http: &reqwest::Client,
    url: String,
    body: serde_json::Value,
) -> serde_json::Value {
    let (s, answer) = post(http, url, body).await;
    assert_eq!(s, 200, "{answer}");
    answer
}

/// GETs a JSON answer.
pub async fn get(http: &reqwest::Client, url: String) -> serde_json::Value {
    let r = http.get(url).send().await.expect("request");
    r.json().await.expect("json")
}

/// A file path in a fresh temporary directory, removed when the returned
/// guard drops (hold it for as long as the test uses the file).
pub fn temp_file(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    (dir, path)
}
