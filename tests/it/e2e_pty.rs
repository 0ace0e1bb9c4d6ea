//! The real binary in a pseudo-terminal: menu, Custom map, solve, join the
//! leaderboard; then reopen, move once, leave, and find the save. And a
//! panic under the game's terminal set-up puts the terminal back.
#![cfg(unix)]

mod farewell;
mod hangup;
mod session;
mod together;

use portable_pty::CommandBuilder;

use session::Session;

const TINY: &str = "#######\n#     #\n# .$@ #\n#     #\n#######\nTitle: Tiny\nAuthor: Tester\n";

const DOWN: &str = "\x1b[B";
const UP: &str = "\x1b[A";
const LEFT: &str = "\x1b[D";
const ENTER: &str = "\r";
const ESCAPE: &str = "\x1b";
const F1: &str = "\x1bOP";

fn open_custom(session: &mut Session) {
    session.wait_for("Custom map");
    session.send(DOWN);
    session.send(DOWN);
    session.send(ENTER);
    session.wait_for("Path to an XSB file");
    session.send("tiny.xsb");
    session.send(ENTER);
    session.wait_for("Puzzle: Tiny by Tester");
}

#[test]
fn play_a_custom_map_join_the_leaderboard_then_save_a_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("tiny.xsb"), TINY).expect("write map");

    let mut session = Session::start(dir.path());
    open_custom(&mut session);
    session.send(LEFT);
    session.wait_for("Solved in 1 move!");
    session.send(ENTER);
    session.wait_for("to the leaderboard?");
    session.send(ENTER);
    session.wait_for("Your nickname");
    session.send("E2E Tester");
    session.send(ENTER);
    session.wait_for("◀ you");
    session.finish();
    let board = std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("leaderboard");
    assert_eq!(board, "1 E2E Tester\n");

    let mut session = Session::start(dir.path());
    open_custom(&mut session);
    session.send(UP);
    session.wait_for("Moves: 1");
    session.send(ESCAPE);
    session.wait_for("Game saved");
    session.finish();
    let save = std::fs::read_to_string(dir.path().join("tiny.xsb.sav")).expect("save");
    assert_eq!(save, "u\n");
}

/// Set by the panic test for the copy of this test binary it starts.
const PANIC_CHILD: &str = "SCHOKOBAN_PANIC_CHILD";
const PANIC_MESSAGE: &str = "panic requested by the pty test";

#[test]
#[ignore = "the child process of a_panic_inside_the_game_terminal_restores_it; runs only when that test starts it"]
fn panic_child() {
    // Run on its own (say with --include-ignored) it has nothing to do.
    if std::env::var_os(PANIC_CHILD).is_none() {
        return;
    }
    let result = schokoban::app::with_terminal(|terminal| {
        terminal.draw(|frame| frame.render_widget("Press a key to panic", frame.area()))?;
        loop {
            let event = crossterm::event::read()?;
            assert!(!event.is_key_press(), "{PANIC_MESSAGE}");
        }
    });
    let () = result.expect("the terminal was set up");
}

#[test]
fn a_panic_inside_the_game_terminal_restores_it() {
    // This test binary again, running `panic_child` under the game's own
    // terminal set-up: nothing in the shipped game exists for this test.
    let mut command = CommandBuilder::new(std::env::current_exe().expect("the test binary"));
    command.args([
        "--exact",
        "e2e_pty::panic_child",
        "--ignored",
        "--nocapture",
    ]);
    command.env(PANIC_CHILD, "1");
    // A backtrace would scroll the message off the screen.
    command.env("RUST_BACKTRACE", "0");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut session = Session::spawn(command, dir.path());
    session.wait_for("Press a key to panic");
    assert!(
        session
            .parser
            .lock()
            .expect("parser lock")
            .screen()
            .alternate_screen(),
        "the set-up enters the alternate screen"
    );
    assert_ne!(
        session
            .parser
            .lock()
            .expect("parser lock")
            .screen()
            .mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "the set-up captures the mouse"
    );
    session.send(DOWN);
    let status = session.wait_for_exit();
    assert!(!status.success(), "a panic is a failure exit");
    session.assert_restored();
    assert!(
        session.screen().contains(PANIC_MESSAGE),
        "the panic message is shown on the normal screen:\n{}",
        session.screen()
    );
}

#[test]
fn a_long_paste_is_one_edit_and_leaves_no_keys_behind() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut session = Session::start(dir.path());
    session.wait_for("Custom map");
    session.send(DOWN);
    session.send(DOWN);
    session.send(ENTER);
    session.wait_for("Path to an XSB file");
    // The game asks the terminal to mark pastes, as a real terminal then does.
    let marks_pastes = session
        .parser
        .lock()
        .expect("parser lock")
        .screen()
        .bracketed_paste();
    assert!(marks_pastes, "bracketed paste is off");
    // Unmarked, the Backspaces and Enter in here would be keys.
    let pasted = format!("{}{}\r", "\x7f".repeat(20), "y".repeat(10_000));
    session.send(&format!("\x1b[200~{pasted}\x1b[201~"));
    session.wait_for("yyyyyyyyyy");
    // Handled after the paste, in order: F1 shows the messages, if there
    // are any, and Esc goes back. That ends on the main menu, or, had the
    // paste been submitted, on its error.
    session.send(F1);
    session.send(ESCAPE);
    let screen = session.wait_for_any(&["Sokoban for the terminal", "no such file"]);
    assert!(
        !screen.contains("no such file"),
        "the paste was submitted: {screen}"
    );
    session.finish();
}

/// Opens the tiny map, moves up once, then stops the game with `stop`;
/// checks it exits with `code`, with the move saved and the terminal back.
#[cfg(unix)]
fn stop_in_a_level_with_moves(stop: impl FnOnce(&mut Session), code: u32) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("tiny.xsb"), TINY).expect("write map");
    let mut session = Session::start(dir.path());
    open_custom(&mut session);
    session.send(UP);
    session.wait_for("Moves: 1");
    assert_eq!(session.echoes(), Some(false), "the game runs in raw mode");
    stop(&mut session);
    let status = session.wait_for_exit();
    assert_eq!(status.exit_code(), code, "{status:?}");
    session.assert_restored();
    let save = std::fs::read_to_string(dir.path().join("tiny.xsb.sav")).expect("save");
    assert_eq!(save, "u\n");
    assert!(
        session.screen().contains("Game saved to"),
        "{}",
        session.screen()
    );
    // The attempt in progress is counted too.
    let statistics = dir.path().join("data/statistics.txt");
    let statistics = std::fs::read_to_string(statistics).expect("statistics");
    assert!(
        statistics.contains("tiny.xsb/1 attempts=1 "),
        "{statistics}"
    );
}

#[cfg(unix)]
fn kill(session: &Session, signal: &str) {
    let pid = session.child.process_id().expect("the game's pid");
    let status = std::process::Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill {signal} failed");
}

#[cfg(unix)]
#[test]
fn sigterm_saves_the_game_and_restores_the_terminal() {
    stop_in_a_level_with_moves(|session| kill(session, "-TERM"), 128 + 15);
}

#[cfg(unix)]
#[test]
fn sighup_from_a_closing_window_saves_the_game_and_restores_the_terminal() {
    stop_in_a_level_with_moves(|session| kill(session, "-HUP"), 128 + 1);
}

#[cfg(unix)]
#[test]
fn sigint_and_sigquit_save_the_game_too() {
    stop_in_a_level_with_moves(|session| kill(session, "-INT"), 128 + 2);
    stop_in_a_level_with_moves(|session| kill(session, "-QUIT"), 128 + 3);
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_game_and_restores_the_terminal() {
    stop_in_a_level_with_moves(|session| session.send("\x03"), 0);
}

#[cfg(unix)]
#[test]
fn a_file_size_limit_makes_writes_fail_not_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut command = CommandBuilder::new("sh");
    // With no file size allowed, the first level installed fails to write:
    // SIGXFSZ would kill the game; ignored, the write fails instead.
    command.args(["-c", "ulimit -f 0 && exec \"$0\" --data-dir data"]);
    command.arg(env!("CARGO_BIN_EXE_schokoban"));
    let session = Session::spawn(command, dir.path());
    session.wait_for("Records, saves and progress are off");
    session.wait_for("File too large");
    session.finish();
}

#[test]
fn a_pusher_listing_given_on_the_command_line_plays() {
    let dir = tempfile::tempdir().expect("temp dir");
    // TINY as pusher.exe's extractor prints it: X wall, * box, . goal.
    let listing = "Maze: 1\nSize X: 7\nSize Y: 5\n\nXXXXXXX\nX     X\nX .*@ X\nX     X\nXXXXXXX\n";
    std::fs::write(dir.path().join("maze.txt"), listing).expect("write map");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_schokoban"));
    command.args(["--data-dir", "data", "maze.txt"]);
    let mut session = Session::spawn(command, dir.path());
    session.wait_for("Puzzle: Maze 1");
    session.send(LEFT);
    session.wait_for("Solved in 1 move!");
    session.finish();
}

#[test]
fn at_80x24_a_full_board_a_three_level_file_and_the_help_show_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let three = "#####\n#@$.#\n#####\nTitle: One\n\n#####\n#@$.#\n#####\nTitle: Two\n\n######\n#@$ .#\n######\n";
    std::fs::write(dir.path().join("three.xsb"), three).expect("write map");
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("9 Player {i}\n"));
    std::fs::write(dir.path().join("three.xsb.3.dat"), full).expect("board");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_schokoban"));
    command.args(["--data-dir", "data", "three.xsb"]);
    let mut session = Session::spawn_sized(command, dir.path(), 24, 80);
    session.wait_for("three.xsb #3");
    session.send(UP);
    session.send(ENTER);
    session.wait_for("Puzzle: three.xsb #3");
    session.send("?");
    session.wait_for("Esc / Backspace  back in menus");
    session.send("x");
    session.send("d");
    session.send("d");
    session.wait_for("Solved in 2 moves!");
    session.send(ENTER);
    session.wait_for("to the leaderboard?");
    session.send(ENTER);
    session.send("日本語の名前です漢字仮名");
    session.send(ENTER);
    session.wait_for("日本語の名前です漢字仮名 ◀ you");
    let screen = session.screen();
    assert!(
        screen.contains("Play again") && screen.contains("Main menu"),
        "the choices show beside a full board:\n{screen}"
    );
    assert!(screen.contains("10.   9  Player 9"), "{screen}");
    session.finish();
    let board = std::fs::read_to_string(dir.path().join("three.xsb.3.dat")).expect("board");
    assert!(board.starts_with("2 日本語の名前です漢字仮名\n"), "{board}");
}

#[test]
fn a_burst_of_400_moves_and_a_ctrl_c_is_taken_in_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("tiny.xsb"), TINY).expect("write map");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_schokoban"));
    command.args(["--data-dir", "data", "tiny.xsb"]);
    let mut session = Session::spawn(command, dir.path());
    session.wait_for("Puzzle: Tiny by Tester");
    // Far more than the 1 KiB the terminal reader takes at a time, in one
    // write, as a paste without brackets or a held key sends it.
    let burst = format!("{}\x03", format!("{UP}{DOWN}").repeat(200));
    session.send(&burst);
    let status = session.wait_for_exit();
    assert!(status.success(), "{status:?}");
    let save = std::fs::read_to_string(dir.path().join("tiny.xsb.sav")).expect("save");
    assert_eq!(save.trim_end(), "ud".repeat(200));
}
