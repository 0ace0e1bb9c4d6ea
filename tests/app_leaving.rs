//! Leaving a level by any way out keeps the save true to the game: Ctrl+C
//! saves like Esc, a reset makes the old save go, and a game that is already
//! solved when it opens says so.

mod ui;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use schokoban::app::Screen;
use ui::{TINY, ch, key, open_map, play, press, screen_name, write_map};

fn ctrl_c() -> KeyEvent {
    KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
}

#[test]
fn ctrl_c_saves_an_unsolved_game_then_quits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w'), ch('d'), ctrl_c()]);
    assert!(!app.is_running());
    let save = dir.path().join("tiny.xsb.sav");
    assert_eq!(std::fs::read_to_string(&save).expect("saved"), "ur\n");
    let farewell = app.farewell().expect("told what happened");
    assert!(farewell.text.contains("Game saved to"), "{farewell:?}");
}

#[test]
fn ctrl_c_outside_a_level_just_quits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    press(&mut app, &[ctrl_c()]);
    assert!(!app.is_running());
    assert_eq!(app.farewell(), None);
}

#[test]
fn leaving_after_a_reset_deletes_the_save_the_reset_made_stale() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let save = dir.path().join("tiny.xsb.sav");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w'), ch('d'), key(KeyCode::Esc)]);
    assert_eq!(std::fs::read_to_string(&save).expect("saved"), "ur\n");

    let mut app = open_map(dir.path(), &map);
    assert_eq!(screen_name(&app), "save prompt");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(play(&app).game.score(), 2, "the save is loaded");
    press(&mut app, &[ch('r'), key(KeyCode::Esc)]);
    assert!(!save.exists(), "the save of the game thrown away is gone");
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the leaderboard, got the {}", screen_name(&app))
    };
    assert!(
        finish.messages.iter().any(|m| m.text.contains("old save")),
        "{:?}",
        finish.messages
    );

    let app = open_map(dir.path(), &map);
    assert_eq!(screen_name(&app), "play", "nothing left to load");
}

#[test]
fn leaving_a_fresh_game_without_moves_keeps_another_save_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "; 1\n#####\n#@$.#\n#####\n\n; 2\n######\n#@ $.#\n######\n";
    let map = write_map(dir.path(), "two.xsb", two);
    std::fs::write(dir.path().join("two.xsb.1.sav"), "d\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(screen_name(&app), "play");
    press(&mut app, &[ch('r'), key(KeyCode::Esc)]);
    assert!(dir.path().join("two.xsb.1.sav").exists());
}

#[test]
fn a_map_that_starts_solved_shows_as_solved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "done.xsb", "####\n#@*#\n####\n");
    let mut app = open_map(dir.path(), &map);
    let message = play(&app).message.clone().expect("a notice");
    assert!(message.text.contains("starts solved"), "{message:?}");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen, got the {}", screen_name(&app))
    };
    assert_eq!(finish.solved_score, Some(0));
}

#[test]
fn a_save_of_a_finished_game_loads_as_solved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "L\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Enter)]);
    let message = play(&app).message.clone().expect("a notice");
    assert!(message.text.contains("Solved in 1 move!"), "{message:?}");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen, got the {}", screen_name(&app))
    };
    assert_eq!(finish.solved_score, Some(1));
}
