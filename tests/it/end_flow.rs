//! A solve is kept through the end of a level, as on the Solved board,
//! until its score is on the leaderboard or the player has said no: every
//! way out (Ctrl+C, a signal, the terminal hanging up) at the Solved board,
//! the leaderboard question and the nickname keeps it, and the level offers
//! it again when opened. A signal and a hang-up carry out the app's keep,
//! as `Keep::carry_out` does here, then exit.

use std::path::{Path, PathBuf};

use crate::ui::{TINY, ch, key, open_map, press, screen_text, type_text, write_map};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use schokoban::app::App;

/// The screens of the end flow, each reached from a fresh game of `TINY`
/// solved in one push.
#[derive(Clone, Copy, Debug)]
enum Stop {
    SolvedBoard,
    Question,
    /// Part of a nickname typed.
    Nickname,
}

const STOPS: [Stop; 3] = [Stop::SolvedBoard, Stop::Question, Stop::Nickname];

#[derive(Clone, Copy, Debug)]
enum WayOut {
    CtrlC,
    /// What the signal thread and the hang-up thread do before exiting.
    SignalOrHangUp,
}

const WAYS_OUT: [WayOut; 2] = [WayOut::CtrlC, WayOut::SignalOrHangUp];

fn ctrl_c() -> KeyEvent {
    KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
}

/// `TINY` in a fresh folder, its game solved in one push and taken to
/// `stop`.
fn solved_at(stop: Stop) -> (tempfile::TempDir, PathBuf, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('a')]);
    assert!(screen_text(&app).contains("Solved in 1 move!"));
    match stop {
        Stop::SolvedBoard => {}
        Stop::Question => press(&mut app, &[key(KeyCode::Enter)]),
        Stop::Nickname => {
            press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
            type_text(&mut app, "Ki");
            assert_eq!(app.input(), Some("Ki"));
        }
    }
    (dir, map, app)
}

fn leave(app: &mut App, way: WayOut) {
    match way {
        WayOut::CtrlC => {
            press(app, &[ctrl_c()]);
            assert!(!app.is_running());
            let told = app.farewell().expect("told what was kept");
            assert!(
                told.text
                    .contains("the leaderboard is offered the next time"),
                "{told:?}"
            );
        }
        WayOut::SignalOrHangUp => {
            let told = app.keep().carry_out().expect("told what was kept");
            assert!(
                told.text
                    .contains("the leaderboard is offered the next time"),
                "{told:?}"
            );
        }
    }
}

/// Opening the level again offers the solve for the leaderboard.
fn assert_offered(dir: &Path, map: &Path, why: &str) {
    let app = open_map(dir, map);
    assert_eq!(app.screen_name(), "finish", "{why}");
    let text = screen_text(&app);
    assert!(
        text.contains("You solved this in 1 move: add it to the leaderboard?"),
        "{why}: {text}"
    );
    assert!(!dir.join("tiny.xsb.dat").exists(), "{why}: no score yet");
}

#[test]
fn every_way_out_at_every_screen_of_the_end_flow_keeps_the_solve() {
    for stop in STOPS {
        for way in WAYS_OUT {
            let (dir, map, mut app) = solved_at(stop);
            leave(&mut app, way);
            drop(app);
            assert_offered(dir.path(), &map, &format!("{way:?} at {stop:?}"));
        }
    }
}

#[test]
fn esc_steps_back_through_the_end_flow_and_the_solve_stays_kept() {
    // Esc on the Solved board goes on to the question, as Enter does; on
    // the nickname it goes back to the question.
    let (dir, map, mut app) = solved_at(Stop::SolvedBoard);
    press(&mut app, &[key(KeyCode::Esc)]);
    assert!(screen_text(&app).contains("Add your score to the leaderboard?"));
    press(&mut app, &[key(KeyCode::Enter)]);
    type_text(&mut app, "Ki");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert!(screen_text(&app).contains("Add your score to the leaderboard?"));
    leave(&mut app, WayOut::CtrlC);
    assert_offered(dir.path(), &map, "Esc, Esc, then Ctrl+C");
}

#[test]
fn once_answered_the_solve_is_no_longer_kept() {
    // The score on the leaderboard: nothing left to offer.
    let (dir, map, mut app) = solved_at(Stop::Nickname);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        "1 Ki\n"
    );
    assert!(app.keep().carry_out().is_none(), "nothing left to keep");
    press(&mut app, &[ctrl_c()]);
    assert!(app.farewell().is_none());
    assert_eq!(open_map(dir.path(), &map).screen_name(), "play");

    // No, or Esc on the question, which the spec's menus take as no.
    for no in [ch('n'), key(KeyCode::Esc)] {
        let (dir, map, mut app) = solved_at(Stop::Question);
        press(&mut app, &[no, ctrl_c()]);
        assert!(app.farewell().is_none(), "{no:?}");
        assert!(!dir.path().join("tiny.xsb.sav").exists(), "{no:?}");
        assert_eq!(open_map(dir.path(), &map).screen_name(), "play", "{no:?}");
    }
}
