//! `kyoku loadtest --capacity` as an operator runs it: a tiny curve on
//! fresh `kyoku serve` processes, and the setups it refuses.

use std::process::Command;

fn kyoku(args: &[&str]) -> std::process::Output {
    let data = std::env::temp_dir().join(format!("kyoku-capacity-cli-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_kyoku"))
        .args(args)
        .env("KYOKU_DATA_DIR", &data)
        .output()
        .expect("kyoku runs")
}

#[test]
fn a_small_curve_is_printed_with_the_servers_cpu_and_memory() {
    let out = kyoku(&[
        "loadtest",
        "--capacity",
        "--games",
        "4",
        "--factor",
        "2",
        "--max-games",
        "8",
        "--think-ms",
        "20",
        "--step-seconds",
        "1",
        // The curve's shape is under test, not this machine's latency: a
        // loaded CI runner once took 210 ms at the p99 of 8 games, which
        // stopped the curve early under the default limit.
        "--p99-limit-ms",
        "60000",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("server-MiB"), "{text}");
    let steps: Vec<Vec<&str>> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        steps.iter().map(|s| s[0]).collect::<Vec<_>>(),
        ["4", "8"],
        "{text}"
    );
    for s in &steps {
        assert_eq!(s[4], "0", "errors in a tiny step: {text}");
        let rss: f64 = s[6].parse().expect("server MiB");
        assert!(rss > 1.0, "no server memory read: {text}");
    }
    assert!(
        lines[lines.len() - 1].starts_with("held: 8 games"),
        "{text}"
    );
}

#[test]
fn two_instances_on_one_sqlite_file_are_refused() {
    let out = kyoku(&["loadtest", "--capacity", "--instances", "2"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--serve-db"), "{err}");
}
