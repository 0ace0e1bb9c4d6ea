//! Two games on one map, stopped by one signal at the same moment, as a
//! logout or a shutdown stops every game at once: both saves survive, one
//! as the map's save and the other kept aside as `.sav.other`, whichever
//! the kernel runs first. Bounded by rounds, not by time.

use portable_pty::CommandBuilder;

use super::{DOWN, Session, TINY, UP};

/// Rounds per signal: the race the lock closes was lost in 7 of 8 tries
/// before it was there, so a handful of rounds shows it.
const ROUNDS: usize = 6;

/// The game on `tiny.xsb` in `dir`, moved once with `step` (each game
/// moves its own way, so the saves tell which game wrote them).
fn game_moved(dir: &std::path::Path, step: &str) -> Session {
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_schokoban"));
    command.args(["--data-dir", "data", "tiny.xsb"]);
    let mut session = Session::spawn(command, dir);
    session.wait_for("Puzzle: Tiny by Tester");
    session.send(step);
    session.wait_for("Moves: 1");
    session
}

/// One `kill` for both games, so they are told in the same instant.
fn signal_both(signal: &str, games: &[&Session]) {
    let pids: Vec<String> = games
        .iter()
        .map(|game| game.child.process_id().expect("pid").to_string())
        .collect();
    let status = std::process::Command::new("kill")
        .arg(signal)
        .args(&pids)
        .status()
        .expect("run kill");
    assert!(status.success(), "kill {signal} failed");
}

fn both_saves_survive(signal: &str, code: u32) {
    for round in 1..=ROUNDS {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("tiny.xsb"), TINY).expect("write map");
        let mut up = game_moved(dir.path(), UP);
        let mut down = game_moved(dir.path(), DOWN);
        signal_both(signal, &[&up, &down]);
        for game in [&mut up, &mut down] {
            assert_eq!(game.wait_for_exit().exit_code(), code);
        }
        let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).ok();
        let mut saves = [read("tiny.xsb.sav"), read("tiny.xsb.sav.other")];
        saves.sort();
        assert_eq!(
            saves,
            [Some("d\n".to_owned()), Some("u\n".to_owned())],
            "round {round} of {signal}: a save was lost"
        );
    }
}

#[test]
fn two_games_sent_sigterm_together_keep_both_saves() {
    both_saves_survive("-TERM", 128 + 15);
}

#[test]
fn two_games_sent_sighup_together_keep_both_saves() {
    both_saves_survive("-HUP", 128 + 1);
}
