//! What the game says once the terminal is the player's again ("Game saved
//! to …") names files, so it is escaped: a level named with an OSC 52
//! sequence must not set the clipboard as the game ends.

use portable_pty::CommandBuilder;

use super::{Session, TINY, UP};

#[test]
fn the_exit_message_shows_a_file_name_escaped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let name = "osc52\u{1b}]52;c;UFdORUQ=\u{7}.xsb";
    std::fs::write(dir.path().join(name), TINY).expect("write map");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_schokoban"));
    command.args(["--data-dir", "data", name]);
    let mut session = Session::spawn(command, dir.path());
    session.wait_for("Puzzle: Tiny by Tester");
    session.send(UP);
    session.wait_for("Moves: 1");
    session.send("\u{3}");
    let status = session.wait_for_exit();
    assert!(status.success(), "{status:?}");
    // Raw, the terminal would take the sequence in and show `osc52.xsb.sav`.
    let screen = session.screen();
    assert!(
        screen.contains("osc52\\x1B]52;c;UFdORUQ=\\x07.xsb.sav"),
        "{screen}"
    );
}
