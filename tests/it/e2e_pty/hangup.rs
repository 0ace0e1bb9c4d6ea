//! Closing the terminal in a level, as closing its window does: the pty's
//! master side really closed, not only a signal sent. The game saves and is
//! gone, whether standard error is the terminal or a file, and even when no
//! SIGHUP comes. A game that stays would hang, so these tests wait in real
//! time, with a generous bound.

use std::path::Path;

use portable_pty::CommandBuilder;

use super::{ENTER, LEFT, Session, TINY, UP};
use crate::common::ends_in_real_time;

/// The game on `tiny.xsb` in `dir`, started by `sh -c script` so the test
/// can redirect its standard error or detach it from the terminal; the
/// script names the game `$0`. Moved up once, unsolved.
fn start_with(dir: &Path, script: &str) -> Session {
    let mut session = open_tiny(dir, script);
    session.send(UP);
    session.wait_for("Moves: 1");
    session
}

/// [`start_with`] before any move.
fn open_tiny(dir: &Path, script: &str) -> Session {
    if !dir.join("tiny.xsb").exists() {
        std::fs::write(dir.join("tiny.xsb"), TINY).expect("write map");
    }
    let session = spawn_script(dir, script);
    session.wait_for("Puzzle: Tiny by Tester");
    session
}

/// The game started in `dir` by `sh -c script`, which names it `$0`.
fn spawn_script(dir: &Path, script: &str) -> Session {
    let mut command = CommandBuilder::new("sh");
    command.args(["-c", script]);
    command.arg(env!("CARGO_BIN_EXE_schokoban"));
    Session::spawn(command, dir)
}

/// Whether process `pid` has ended: gone, or a zombie no one has reaped
/// yet.
fn has_ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// Waits for `process` (the game, or the shell waiting for it) to end
/// once its terminal has closed.
fn ends(mut process: Box<dyn portable_pty::Child + Send + Sync>) {
    ends_in_real_time("the game, once its terminal closed,", move || {
        process.wait().expect("wait")
    });
}

fn assert_saved(dir: &Path) {
    let save = std::fs::read_to_string(dir.join("tiny.xsb.sav")).expect("the game was saved");
    assert_eq!(save, "u\n");
}

/// Closes the terminal of a game started by `script` with its own process
/// as the shell's; checks it saves and is gone in time.
fn close_and_check(script: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let session = start_with(dir.path(), script);
    let pid = session.child.process_id().expect("the game's pid");
    ends(session.close_terminal(pid));
    assert_saved(dir.path());
    std::fs::read_to_string(dir.path().join("game.log")).unwrap_or_default()
}

#[test]
fn closing_the_terminal_saves_and_ends_the_game_with_standard_error_on_it_in_real_time() {
    close_and_check(r#"exec "$0" --data-dir data tiny.xsb"#);
}

#[test]
fn closing_the_terminal_saves_and_ends_the_game_with_standard_error_in_a_file_in_real_time() {
    let log = close_and_check(r#"exec "$0" --data-dir data tiny.xsb 2>>game.log"#);
    assert!(!log.contains("panicked"), "the way out panicked:\n{log}");
}

#[test]
fn a_terminal_that_hangs_up_without_a_signal_still_ends_the_game_in_real_time() {
    // In a session of its own the game is not told by SIGHUP that its
    // terminal closed; only the hang-up itself says so. (Fd 3 hands it the
    // terminal as input: the shell gives a job in the background none. The
    // shell ignores the hang-up, to wait for the game and end with it.)
    let dir = tempfile::tempdir().expect("temp dir");
    let session = start_with(
        dir.path(),
        r#"exec 3<&0; setsid "$0" --data-dir data tiny.xsb <&3 3<&- 2>>game.log & echo $! > game.pid; trap '' HUP; wait"#,
    );
    let pid: u32 = std::fs::read_to_string(dir.path().join("game.pid"))
        .expect("the game's pid")
        .trim()
        .parse()
        .expect("a pid");
    ends(session.close_terminal(pid));
    assert!(has_ended(pid), "the shell ended before the game");
    assert_saved(dir.path());
}

#[test]
fn closing_the_terminal_on_the_solved_board_keeps_the_solve_for_the_leaderboard_in_real_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = r#"exec "$0" --data-dir data tiny.xsb"#;
    let mut session = open_tiny(dir.path(), script);
    session.send(LEFT);
    session.wait_for("Solved in 1 move! Press Enter");
    let pid = session.child.process_id().expect("the game's pid");
    ends(session.close_terminal(pid));
    let kept = std::fs::read_to_string(dir.path().join("tiny.xsb.sav")).expect("the solve kept");
    assert_eq!(kept, "L\n", "the winning push");

    // The next time, the leaderboard is offered for it.
    let mut session = open_tiny_offer(dir.path(), script);
    session.send(ENTER);
    session.wait_for("Your nickname");
    session.send("Late");
    session.send(ENTER);
    session.wait_for("◀ you");
    session.finish();
    let board = std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board");
    assert_eq!(board, "1 Late\n");
    assert!(
        !dir.path().join("tiny.xsb.sav").exists(),
        "the solve was taken"
    );
}

/// The game on `tiny.xsb` when it has a solve kept: it opens on the offer.
fn open_tiny_offer(dir: &Path, script: &str) -> Session {
    let session = spawn_script(dir, script);
    session.wait_for("You solved this in 1 move: add it to the leaderboard?");
    session
}
