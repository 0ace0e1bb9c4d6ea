//! Leaving a level by any way out keeps the save true to the game: Ctrl+C
//! saves like Esc, a reset makes the old save go (never a save another game
//! wrote since), and a game that is already solved when it opens says so.

use crate::ui::{
    TINY, assert_screen, ch, key, level, open_map, press, start_on, start_tiny, type_text,
    write_map,
};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use schokoban::app::App;
use std::path::PathBuf;

fn ctrl_c() -> KeyEvent {
    KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
}

#[test]
fn ctrl_c_saves_an_unsolved_game_then_quits() {
    let (dir, mut app) = start_tiny();
    press(&mut app, &[ch('w'), ch('d'), ctrl_c()]);
    assert!(!app.is_running());
    let save = dir.path().join("tiny.xsb.sav");
    assert_eq!(std::fs::read_to_string(&save).expect("saved"), "ur\n");
    let farewell = app.farewell().expect("told what happened");
    assert_eq!(farewell.text, format!("Game saved to {}", save.display()));
}

#[test]
fn ctrl_c_outside_a_level_just_quits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    press(&mut app, &[ctrl_c()]);
    assert!(!app.is_running());
    assert!(app.farewell().is_none());
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
    assert_eq!(app.screen_name(), "save prompt");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).game.score(), 2, "the save is loaded");
    press(&mut app, &[ch('r'), key(KeyCode::Esc)]);
    assert!(!save.exists(), "the save of the game thrown away is gone");
    assert_eq!(app.screen_name(), "finish", "the leaderboard");
    assert_screen!("finish_after_a_reset_game_left", &mut app);

    let app = open_map(dir.path(), &map);
    assert_eq!(app.screen_name(), "play", "nothing left to load");
}

#[test]
fn leaving_a_fresh_game_without_moves_keeps_another_save_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "; 1\n#####\n#@$.#\n#####\n\n; 2\n######\n#@ $.#\n######\n";
    let map = write_map(dir.path(), "two.xsb", two);
    std::fs::write(dir.path().join("two.xsb.1.sav"), "d\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "play");
    press(&mut app, &[ch('r'), key(KeyCode::Esc)]);
    assert!(dir.path().join("two.xsb.1.sav").exists());
}

#[test]
fn a_map_that_starts_solved_shows_as_solved() {
    let (_dir, mut app) = start_on("done.xsb", "####\n#@*#\n####\n");
    assert!(level(&app).game.is_solved());
    assert_screen!("a_map_that_starts_solved", &mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    assert_screen!("finish_solved_in_0_moves", &mut app);
}

#[test]
fn a_save_of_a_finished_game_offers_its_score_for_the_leaderboard() {
    // What the game keeps when the terminal closes on a solved board.
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "L\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(app.screen_name(), "finish");
    assert_screen!("a_saved_solve_offered", &mut app);
    // Whole at 40 columns, on two lines.
    assert_screen!("a_saved_solve_offered_40x12", &mut app, 40, 12);
    assert!(
        !dir.path().join("tiny.xsb.sav").exists(),
        "the solve is taken from the save"
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    type_text(&mut app, "Late");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        "1 Late\n"
    );
}

#[test]
fn two_games_on_one_map_keep_both_saves_and_the_load_offer_lists_both() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut first = open_map(dir.path(), &map);
    let mut second = open_map(dir.path(), &map);
    press(&mut first, &[key(KeyCode::Up), key(KeyCode::Left)]);
    press(&mut second, &[key(KeyCode::Down)]);
    press(&mut first, &[key(KeyCode::Esc)]);
    press(&mut second, &[key(KeyCode::Esc)]);
    let save = dir.path().join("tiny.xsb.sav");
    let other = dir.path().join("tiny.xsb.sav.other");
    assert_eq!(std::fs::read_to_string(&save).expect("save"), "d\n");
    assert_eq!(
        std::fs::read_to_string(&other).expect("the first game kept"),
        "ul\n"
    );
    assert_screen!("the_second_game_left_tells_where_the_first_is", &mut second);

    // Both are offered; the other one loads.
    let mut third = open_map(dir.path(), &map);
    assert_eq!(third.screen_name(), "save prompt");
    assert_screen!("both_saves_offered", &mut third);
    press(&mut third, &[key(KeyCode::Down), key(KeyCode::Enter)]);
    assert_eq!(level(&third).game.score(), 2, "the first game's two moves");
    assert!(!other.exists(), "taken into play");
    // Leaving it writes it back, keeping the second game's save aside.
    press(&mut third, &[key(KeyCode::Right), key(KeyCode::Esc)]);
    assert_eq!(std::fs::read_to_string(&save).expect("save"), "ulr\n");
    assert_eq!(std::fs::read_to_string(&other).expect("kept"), "d\n");

    // A game that loaded the save writes over it, as before.
    let mut fourth = open_map(dir.path(), &map);
    press(
        &mut fourth,
        &[key(KeyCode::Enter), key(KeyCode::Down), key(KeyCode::Esc)],
    );
    assert_eq!(std::fs::read_to_string(&save).expect("save"), "ulrd\n");
    assert!(!dir.path().join("tiny.xsb.sav.other.2").exists());
}

#[test]
fn a_reset_taken_back_after_moves_undone_saves_the_game_on_screen() {
    let (dir, mut app) = start_tiny();
    // Four moves, a reset, one move undone, then the reset taken back: the
    // game is the four moves again, though the log went through two others.
    press(
        &mut app,
        &[ch('w'), ch('d'), ch('s'), ch('a'), ch('r'), ch('d')],
    );
    press(&mut app, &[ch('u'), ch('u')]);
    let game = level(&app).game;
    let (board, score, map) = (game.to_xsb(), game.score(), game.level().clone());
    assert_eq!(score, 4, "the reset was taken back");
    press(&mut app, &[ctrl_c()]);
    let save = std::fs::read_to_string(dir.path().join("tiny.xsb.sav")).expect("saved");
    let replayed = schokoban_core::Game::replay(map, &save).expect("the save replays");
    assert_eq!(
        (replayed.to_xsb(), replayed.score()),
        (board, score),
        "{save}"
    );
}

/// `TINY` saved at two moves, loaded by a first game; then a second game
/// loads the same save, plays on and leaves, writing its own save over it.
fn a_save_written_after_this_game_loaded() -> (tempfile::TempDir, PathBuf, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "ur\n").expect("save");
    let mut first = open_map(dir.path(), &map);
    press(&mut first, &[key(KeyCode::Enter)]);
    assert_eq!(level(&first).game.score(), 2, "the save is loaded");
    let mut second = open_map(dir.path(), &map);
    press(
        &mut second,
        &[key(KeyCode::Enter), ch('a'), key(KeyCode::Esc)],
    );
    let save = dir.path().join("tiny.xsb.sav");
    assert_eq!(std::fs::read_to_string(&save).expect("saved"), "url\n");
    (dir, save, first)
}

#[test]
fn a_reset_game_left_keeps_the_save_another_game_wrote_since_it_loaded() {
    let (_dir, save, mut first) = a_save_written_after_this_game_loaded();
    press(&mut first, &[ch('r'), key(KeyCode::Esc)]);
    assert_eq!(first.screen_name(), "finish");
    assert_eq!(
        std::fs::read_to_string(&save).expect("the other game's save stays"),
        "url\n"
    );
}

#[test]
fn a_solve_keeps_the_save_another_game_wrote_since_it_loaded() {
    let (_dir, save, mut first) = a_save_written_after_this_game_loaded();
    // From two moves, up and right: down, left, and the push left.
    press(&mut first, &[ch('s'), ch('a'), ch('a')]);
    assert!(level(&first).game.is_solved());
    press(&mut first, &[key(KeyCode::Enter)]);
    assert_eq!(first.screen_name(), "finish");
    assert_eq!(
        std::fs::read_to_string(&save).expect("the other game's save stays"),
        "url\n"
    );
}
