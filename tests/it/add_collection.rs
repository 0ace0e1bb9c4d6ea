//! Adding a collection from the chooser: it is listed with its levels,
//! solved count and Arcade progress, plays in Arcade and Free play, and can
//! be removed again after a yes.

use crate::ui::{
    assert_screen, ch, key, level, messages, press, render, start_menu, type_text, write_map,
};
use crossterm::event::KeyCode;

/// Three one-push levels, the first two with titles.
const THREE: &str = "#####\n#@$.#\n#####\nTitle: First\n\n#####\n#.$@#\n#####\nTitle: Second\n\n######\n#@ $.#\n######\n";

fn lines_with(app: &schokoban::app::App, needle: &str) -> Vec<String> {
    app.visible_text(100, 30)
        .lines()
        .filter(|l| l.contains(needle) && l.contains(" solved"))
        .map(|l| l.trim().to_owned())
        .collect()
}

#[test]
fn an_added_collection_plays_in_arcade_and_free_play_and_can_be_removed() {
    let (dir, mut app) = start_menu();
    let file = write_map(dir.path(), "Three Rooms.xsb", THREE);
    // Arcade, then up from the first line wraps to "Add a collection".
    press(
        &mut app,
        &[key(KeyCode::Enter), ch('w'), key(KeyCode::Enter)],
    );
    assert_eq!(app.screen_name(), "path prompt");
    assert_screen!("add_a_collection_prompt", &mut app);
    type_text(&mut app, &file.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "collections");
    assert_eq!(messages(&app), "Added Three Rooms: 3 levels");
    let line = lines_with(&app, "Three Rooms");
    assert_eq!(
        line,
        ["▶ Three Rooms       3 levels    0 solved"],
        "selected"
    );

    // Arcade: level 1, solved, then on to level 2.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Three Rooms 1: First");
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    // No score: choose No, then Next level.
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    assert_screen!("finish_no_score_next_level", &mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Three Rooms 2: Second");
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");

    // The chooser shows the progress; Arcade offers to continue.
    press(&mut app, &[key(KeyCode::Enter)]);
    let line = lines_with(&app, "Three Rooms");
    assert_eq!(
        line,
        ["▶ Three Rooms       3 levels    1 solved  Arcade at 2"],
        "the chooser opens where it was left"
    );
    // At 40 columns the rows say their counts in fewer words, not cut.
    assert_screen!("the_chooser_40x12", &mut app, 40, 12);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_screen!("continue_at_level_2", &mut app);
    press(
        &mut app,
        &[key(KeyCode::Esc), key(KeyCode::Esc), key(KeyCode::Esc)],
    );

    // Free play lists the levels, the first solved; N steps through them.
    press(&mut app, &[ch('s'), key(KeyCode::Enter), ch('w'), ch('w')]);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list");
    assert_screen!("free_play_level_list", &mut app);
    press(
        &mut app,
        &[key(KeyCode::Enter), ch('n'), key(KeyCode::Enter)],
    );
    assert_eq!(level(&app).title, "Three Rooms 2: Second");
    // Back out to the main menu, where one Esc more would ask to quit.
    for _ in 0..4 {
        if app.screen_name() != "main menu" {
            press(&mut app, &[key(KeyCode::Esc)]);
        }
    }
    assert_eq!(app.screen_name(), "main menu");

    // Remove: a no keeps it, a yes removes it with its folder. The
    // chooser opens on it, where it was left.
    press(&mut app, &[key(KeyCode::Enter), ch('x')]);
    assert!(
        messages(&app).starts_with("Remove Three Rooms"),
        "{}",
        messages(&app)
    );
    render(&app, 40, 12);
    press(&mut app, &[ch('n')]);
    assert_eq!(messages(&app), "Kept");
    press(&mut app, &[ch('x'), ch('y')]);
    assert_eq!(messages(&app), "Removed the collection with its records");
    assert!(lines_with(&app, "Three Rooms").is_empty());
    let left = std::fs::read_dir(dir.path().join("data/collections")).expect("folder");
    assert_eq!(left.count(), 0);
}

#[test]
fn a_file_that_is_no_levels_is_refused_in_the_prompt() {
    let (dir, mut app) = start_menu();
    let file = write_map(dir.path(), "broken.xsb", "#####\n#@$$#\n#####\n");
    press(
        &mut app,
        &[ch('s'), key(KeyCode::Enter), ch('w'), key(KeyCode::Enter)],
    );
    type_text(&mut app, &file.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "path prompt");
    assert_eq!(
        messages(&app),
        format!(
            "{}: line 1: the level has 2 boxes but 0 goals",
            file.display()
        )
    );
    // Built-in collections cannot be removed.
    press(&mut app, &[key(KeyCode::Esc), ch('s'), ch('x')]);
    assert_eq!(messages(&app), "");
}

#[test]
fn adding_the_same_file_twice_keeps_one_collection_and_says_so() {
    let (dir, mut app) = start_menu();
    let file = write_map(dir.path(), "One Room.xsb", "#####\n#@$.#\n#####\n");
    for _ in 0..2 {
        // Arcade, then up to "Add a collection".
        press(
            &mut app,
            &[key(KeyCode::Enter), ch('w'), key(KeyCode::Enter)],
        );
        type_text(&mut app, &file.to_string_lossy());
        press(&mut app, &[key(KeyCode::Enter)]);
        assert_eq!(app.screen_name(), "collections");
        if messages(&app) == "Added One Room: 1 level" {
            press(&mut app, &[key(KeyCode::Esc)]);
        }
    }
    assert_eq!(
        messages(&app),
        "One Room is already there: nothing was added"
    );
    let lines = lines_with(&app, "One Room");
    let words: Vec<Vec<&str>> = lines
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        words,
        [["▶", "One", "Room", "1", "level", "0", "solved"]],
        "one collection, selected, its one level counted as one"
    );
    let folders = std::fs::read_dir(dir.path().join("data/collections")).expect("folder");
    assert_eq!(folders.count(), 1);
}
