//! What the command-line tests share.

use std::process::Command;

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
