//! What the command-line tests share (each test file uses some of it).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `kyoku ARGS`: its exit code, stdout and stderr.
pub fn kyoku(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kyoku"))
        .args(args)
        .output()
        .expect("kyoku runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `kyoku ARGS` with `input` piped to stdin, as a person would type
/// it: its exit code, stdout and stderr. `COLUMNS` is dropped, so drawings
/// are the same wherever the tests run.
pub fn kyoku_typing(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kyoku"))
        .args(args)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kyoku runs");
    if let Some(mut stdin) = child.stdin.take() {
        // The session may end before reading everything; a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("kyoku ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
