//! Several processes adding scores to one leaderboard at once: `add_score`
//! locks, re-reads and merges, so no entry is lost beyond the 10-cap rule,
//! and every entry keeps its own winning moves in the runs file.
//! This test binary runs itself as the writers (the ignored `writer` test).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use schokoban::storage::{LEADERBOARD_SIZE, Leaderboard, Records};
use schokoban_core::{Direction, LogEntry, Step};

const MAP: &str = "#####\n#@$.#\n#####\n";

#[test]
#[ignore = "a writer process of the other tests; runs only when they start it"]
fn writer() {
    // Run on its own (say with --include-ignored) it has nothing to do.
    if std::env::var_os("SCHOKOBAN_MAP").is_none() {
        return;
    }
    let var = |name: &str| std::env::var(name).expect("started by a test");
    let map = PathBuf::from(var("SCHOKOBAN_MAP"));
    let id: usize = var("SCHOKOBAN_WRITER").parse().expect("writer id");
    let writers: usize = var("SCHOKOBAN_WRITERS").parse().expect("writers");
    let each: usize = var("SCHOKOBAN_EACH").parse().expect("scores each");
    let records = Records::beside(&map);
    for i in 0..each {
        let score = i * writers + id + 1;
        // A run as long as its score, so the test can tell whose it is.
        let run = vec![LogEntry::Step(Step::walk(Direction::Right)); score];
        let added = records
            .add_score_with_run(score, &format!("w{id} s{score}"), &run)
            .expect("score added");
        assert_eq!(added.runs_problems, []);
    }
}

/// Runs `writers` processes at once, each adding `each` scores; returns the
/// board they leave. Writer `w` adds the scores `w+1, w+1+writers, ...`.
fn race(dir: &Path, writers: usize, each: usize) -> Leaderboard {
    let map = dir.join("race.xsb");
    fs::write(&map, MAP).expect("map");
    let children: Vec<_> = (0..writers)
        .map(|id| {
            Command::new(std::env::current_exe().expect("test binary"))
                .args([
                    "--exact",
                    "records_concurrent::writer",
                    "--ignored",
                    "--test-threads=1",
                ])
                .env("SCHOKOBAN_MAP", &map)
                .env("SCHOKOBAN_WRITER", id.to_string())
                .env("SCHOKOBAN_WRITERS", writers.to_string())
                .env("SCHOKOBAN_EACH", each.to_string())
                .stdout(Stdio::piped())
                .spawn()
                .expect("writer starts")
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().expect("writer ends");
        assert!(
            output.status.success(),
            "a writer failed: {}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
    let records = Records::beside(&map);
    let text = fs::read_to_string(records.leaderboard_path()).expect("board");
    let board = Leaderboard::parse(&text).expect("the board is whole and clean");
    let runs = records.read_runs().expect("runs readable");
    assert_eq!(runs.problems, [], "the runs file is whole and clean");
    for (entry, run) in board.entries().iter().zip(&runs.runs) {
        let run = run.as_ref().expect("every entry has its moves");
        assert_eq!(run.len(), entry.score, "{entry:?} has its own moves");
    }
    board
}

#[test]
fn two_processes_writing_at_once_lose_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let board = race(dir.path(), 2, LEADERBOARD_SIZE / 2);
    let got: BTreeSet<usize> = board.entries().iter().map(|e| e.score).collect();
    let all: BTreeSet<usize> = (1..=LEADERBOARD_SIZE).collect();
    assert_eq!(got, all, "every score from both processes is on the board");
}

#[test]
fn many_processes_leave_the_best_ten() {
    let dir = tempfile::tempdir().expect("tempdir");
    let board = race(dir.path(), 4, 8);
    let got: Vec<usize> = board.entries().iter().map(|e| e.score).collect();
    let best: Vec<usize> = (1..=LEADERBOARD_SIZE).collect();
    assert_eq!(got, best, "the 10 lowest of 32 scores, in order");
    for entry in board.entries() {
        assert!(
            entry.name.ends_with(&format!("s{}", entry.score)),
            "{entry:?}"
        );
    }
}
