//! Issue 66: room is used, and things stay where the eye is. The level
//! header keeps its place from level to level, the menus stand where the
//! level screen does on a tall terminal, the editor is centred as the
//! other screens are, the keys show under a map taller than the screen,
//! `?` names a menu's keys, and a refused seed is told under its field.

use crossterm::event::KeyCode;
use schokoban::app::App;

use crate::ui::{ch, choose, key, press, screen, start_menu, start_on};

/// Where `text` first shows on screen: its row and column.
fn place_of(app: &mut App, width: u16, height: u16, text: &str) -> Option<(usize, usize)> {
    screen(app, width, height)
        .iter()
        .enumerate()
        .find_map(|(row, line)| line.find(text).map(|at| (row, line[..at].chars().count())))
}

/// From the main menu to Free play's Microban, level 1 played.
fn microban_1(app: &mut App) {
    press(app, &[ch('s'), key(KeyCode::Enter), key(KeyCode::Enter)]);
    press(app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "play");
}

#[test]
fn the_level_header_stays_in_one_place_from_level_to_level() {
    for (width, height) in [(80, 24), (200, 60)] {
        let (_dir, mut app) = start_menu();
        microban_1(&mut app);
        let first = place_of(&mut app, width, height, "Puzzle:").expect("a header");
        // Microban 1 to 10 are 6 to 11 rows tall and 6 to 11 wide.
        for number in 2..=10 {
            // Left unsolved, on to the next unsolved level.
            press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Enter)]);
            assert_eq!(crate::ui::level(&app).title, format!("Microban {number}"));
            let here = place_of(&mut app, width, height, "Puzzle:");
            assert_eq!(here, Some(first), "Microban {number} at {width}x{height}");
        }
    }
}

#[test]
fn on_a_tall_terminal_the_menus_stand_where_the_level_screen_does() {
    let (_dir, mut app) = start_menu();
    let logo = "╔═╗╔═╗╦ ╦";
    let menu = place_of(&mut app, 200, 60, logo).expect("the menu's logo");
    // The page is a band in the middle, not a menu at the top.
    assert!(menu.0 > 10, "the logo is on row {}", menu.0);
    microban_1(&mut app);
    let level = place_of(&mut app, 200, 60, logo).expect("the level's logo");
    assert_eq!(level.0, menu.0, "the logo keeps its row");
}

#[test]
fn the_editor_is_centred_on_a_large_terminal() {
    let (_dir, mut app) = start_menu();
    choose(&mut app, "Level editor");
    assert_eq!(app.screen_name(), "editor");
    let (row, column) = place_of(&mut app, 200, 60, "Level editor").expect("the heading");
    assert!(column >= 60 && row >= 18, "at row {row}, column {column}");
    // Up to 80x24 it has the whole screen.
    assert_eq!(place_of(&mut app, 80, 24, "Level editor"), Some((0, 0)));
}

/// A map of 40 rows: taller than any screen the tests draw.
fn tall_map() -> String {
    let mut rows = vec!["#####".to_owned(), "#@$.#".to_owned()];
    rows.extend((0..37).map(|_| "#   #".to_owned()));
    rows.push("#####".to_owned());
    rows.join("\n") + "\nTitle: Tall\n"
}

#[test]
fn the_keys_show_under_a_map_taller_than_the_screen() {
    let (_dir, mut app) = start_on("tall.xsb", &tall_map());
    for (width, height) in [(40, 12), (80, 24)] {
        let lines = screen(&mut app, width, height);
        let last = lines.last().expect("rows");
        assert!(last.contains("all keys"), "{width}x{height}: {last:?}");
    }
    // Where there is room, more than the way to all keys.
    let lines = screen(&mut app, 80, 24);
    let last = lines.last().expect("rows");
    for hint in ["move", "U undo", "R reset", "H hint", "Esc leave"] {
        assert!(last.contains(hint), "{last:?}");
    }
}

#[test]
fn question_mark_on_a_menu_shows_the_keys_of_the_screen() {
    let (_dir, mut app) = start_menu();
    press(&mut app, &[ch('?')]);
    assert_eq!(app.screen_name(), "keys");
    let text = app.visible_text(80, 24);
    assert!(text.contains("Keys") && text.contains("choose"), "{text}");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    assert!(app.is_running());
}

#[test]
fn a_refused_seed_is_told_under_its_field() {
    let (_dir, mut app) = start_menu();
    choose(&mut app, "Endless");
    press(&mut app, &[key(KeyCode::Enter); 2]);
    press(&mut app, &[key(KeyCode::Backspace); 20]);
    press(&mut app, &[ch('a'), ch('b'), ch('c'), key(KeyCode::Enter)]);
    for (width, height) in [(40, 12), (80, 24)] {
        let (field, _) = place_of(&mut app, width, height, "> abc").expect("the field");
        let (said, _) =
            place_of(&mut app, width, height, "A seed is a whole number").expect("the reason");
        assert_eq!(said, field + 2, "at {width}x{height}");
    }
}

#[test]
fn zoomed_to_fill_a_small_map_grows_on_a_large_terminal_and_the_header_stays() {
    let (_dir, mut app) = start_menu();
    microban_1(&mut app);
    let wall_rows = |app: &mut App| {
        screen(app, 200, 60)
            .iter()
            .filter(|line| line.contains('█'))
            .count()
    };
    let header = place_of(&mut app, 200, 60, "Puzzle:");
    // Square cells: a row of the screen a row of the map.
    assert_eq!(wall_rows(&mut app), 7);
    // Z turns zoom off, then to fill.
    press(&mut app, &[ch('z'), ch('z')]);
    assert!(crate::ui::messages(&app).contains("Zoom to fill"));
    assert!(wall_rows(&mut app) >= 21, "cells three rows tall or more");
    assert_eq!(place_of(&mut app, 200, 60, "Puzzle:"), header);
    // At 80x24 there is no room for bigger cells: square, as before.
    let rows = screen(&mut app, 80, 24)
        .iter()
        .filter(|line| line.contains('█'))
        .count();
    assert_eq!(rows, 7);
}

#[test]
fn on_a_solved_board_undo_takes_the_last_move_back_and_other_keys_say_what_to_do() {
    let (_dir, mut app) = crate::ui::start_tiny();
    press(&mut app, &[key(KeyCode::Left)]);
    assert!(crate::ui::level(&app).game.is_solved());
    press(&mut app, &[ch('h')]);
    assert!(crate::ui::messages(&app).contains("Solved: Enter goes on"));
    press(&mut app, &[ch('u')]);
    let level = crate::ui::level(&app);
    assert!(!level.game.is_solved());
    assert_eq!(level.game.score(), 2, "the undo counts as a move");
}
