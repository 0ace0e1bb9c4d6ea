//! `schokoban generate` as a user runs it: the same seed prints the same
//! level, and its output is a collection `bench` solves.

use std::process::{Command, Output};

use schokoban_core::parse_levels;

fn schokoban(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schokoban"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_same_seed_prints_the_same_level_twice() {
    let args = [
        "generate",
        "--seed",
        "7",
        "--size",
        "small",
        "--difficulty",
        "easy",
    ];
    let first = schokoban(&args);
    let second = schokoban(&args);
    assert!(first.status.success());
    assert_eq!(stdout(&first), stdout(&second));
    let text = stdout(&first);
    assert!(text.contains("Title: Endless S-E 7\n"), "{text}");
    assert!(text.contains("Comment:\nSeed: 7 (size small, difficulty easy)\nSolver: "));
    assert!(text.contains("Comment-End:\n"));
}

#[test]
fn a_run_of_levels_parses_and_bench_solves_every_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = schokoban(&["generate", "--seed", "100", "--count", "5"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let levels = parse_levels(&text).expect("the output parses");
    assert_eq!(levels.len(), 5);
    let titles: Vec<_> = levels.iter().filter_map(|l| l.title()).collect();
    assert_eq!(titles.first(), Some(&"Endless S-E 100"));
    let path = dir.path().join("endless.xsb");
    std::fs::write(&path, &text).expect("temp file");
    let path = path.to_str().expect("utf-8 temp path");
    let bench = stdout(&schokoban(&["bench", path, "--timeout", "10"]));
    assert!(bench.contains("total: solved 5 of 5"), "{bench}");
}

#[test]
fn a_size_that_does_not_exist_is_named() {
    let output = schokoban(&["generate", "--size", "huge"]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("small, medium or large"), "{error}");
}

#[test]
fn the_daily_level_of_a_date_is_the_same_twice_and_on_every_machine() {
    let args = ["generate", "--daily", "2026-12-24"];
    let first = schokoban(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert_eq!(stdout(&first), stdout(&schokoban(&args)));
    // The text the generator's golden test pins: this machine prints the
    // level the machine that wrote it printed (see that test for why a
    // change to it must be on purpose).
    let golden = include_str!("../../crates/generate/tests/it/golden/daily-2026-12-24.xsb");
    assert_eq!(stdout(&first), golden);
    let text = stdout(&first);
    assert!(text.contains("Title: Daily 2026-12-24\n"), "{text}");
    let other = stdout(&schokoban(&["generate", "--daily", "2026-12-25"]));
    assert_ne!(parse_levels(&text).ok(), parse_levels(&other).ok());
}

#[test]
fn a_daily_date_that_does_not_exist_is_named() {
    let output = schokoban(&["generate", "--daily", "2026-02-30"]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("YYYY-MM-DD"), "{error}");
}

#[test]
fn rate_prints_each_level_and_the_percentiles() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("two.xsb");
    // A box that must turn, and a level of two boxes.
    let levels = "#####\n##  #\n#@$ #\n### #\n  #.#\n  ###\n\n\
                  #######\n#@$ . #\n#     #\n# $ . #\n#######\n";
    std::fs::write(&path, levels).expect("temp file");
    let path = path.to_str().expect("utf-8 temp path");
    let output = schokoban(&["rate", path]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("level 1: "), "{text}");
    assert!(text.contains("pushes, "), "{text}");
    assert!(text.contains("level 2: "), "{text}");
    // The table's heading; the temp folder's random name may hold "p50".
    let table = text
        .lines()
        .find(|l| l.starts_with("set "))
        .expect("a table");
    assert!(table.contains("p50"), "{text}");
    assert!(
        table.contains("levels") && table.contains("beyond"),
        "{text}"
    );
    let summary = stdout(&schokoban(&["rate", path, "--summary"]));
    assert!(!summary.contains("level 1: "), "{summary}");
}
