//! Several games on one data folder solving levels at the same moment: the
//! progress file's read-merge-write runs under a lock, so every mark stays.
//! This test binary runs itself as the games (the ignored `game` test).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use schokoban::library::{Collection, Library};

const GAMES: usize = 4;
/// Rounds per run; raise it with `SCHOKOBAN_PROGRESS_ROUNDS` for a longer race.
const ROUNDS: usize = 5;

#[test]
#[ignore = "a game process of the other test; runs only when it starts it"]
fn game() {
    // Run on its own (say with --include-ignored) it has nothing to do.
    let Some(data) = std::env::var_os("SCHOKOBAN_DATA") else {
        return;
    };
    let data = PathBuf::from(data);
    let level: usize = std::env::var("SCHOKOBAN_LEVEL")
        .expect("started by the test")
        .parse()
        .expect("level number");
    let mut library = Library::open(Some(data.clone()));
    // All games mark at once: each waits for the line that says go.
    let mut go = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut go)
        .expect("told to go");
    library
        .mark_solved(Collection::Microban, level)
        .expect("progress saved");
}

/// Starts one game per level on `data`, lets them mark at once, and
/// returns the levels the progress file then holds as solved.
fn round(data: &Path) -> Vec<usize> {
    let mut games: Vec<_> = (1..=GAMES)
        .map(|level| {
            Command::new(std::env::current_exe().expect("test binary"))
                .args([
                    "--exact",
                    "progress_concurrent::game",
                    "--ignored",
                    "--test-threads=1",
                ])
                .env("SCHOKOBAN_DATA", data)
                .env("SCHOKOBAN_LEVEL", level.to_string())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("game starts")
        })
        .collect();
    for game in &mut games {
        let mut go = game.stdin.take().expect("the game's input");
        go.write_all(b"go\n").expect("go");
    }
    for game in games {
        let output = game.wait_with_output().expect("game ends");
        assert!(
            output.status.success(),
            "a game failed: {}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
    let library = Library::open(Some(data.to_path_buf()));
    library.progress(Collection::Microban).solved().collect()
}

#[test]
fn four_games_solving_at_once_keep_every_mark() {
    let rounds = std::env::var("SCHOKOBAN_PROGRESS_ROUNDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(ROUNDS);
    for number in 1..=rounds {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("data");
        // Opened first, so the games race on progress, not on making folders.
        drop(Library::open(Some(data.clone())));
        let solved = round(&data);
        let all: Vec<usize> = (1..=GAMES).collect();
        assert_eq!(solved, all, "round {number} lost marks");
    }
}
