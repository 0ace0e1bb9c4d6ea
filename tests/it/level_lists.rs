//! Free play's level lists: rows, paging, and typing a level's number.

use crate::ui::{assert_screen, ch, key, press, start_menu};
use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use schokoban::app::App;

#[test]
fn the_free_play_list_shows_records_saves_and_solved_levels() {
    // A first start installs the levels; the second sees what was added.
    let (dir, _first) = start_menu();
    let folder = dir.path().join("data/levels/microban");
    std::fs::write(folder.join("002.xsb.dat"), "7 Ann\n").expect("board");
    std::fs::write(folder.join("003.xsb.sav"), "u\n").expect("save");
    std::fs::write(dir.path().join("data/progress.txt"), "microban 1 1\n").expect("progress");
    let mut app = crate::ui::menu_app(dir.path());
    open_microban_list(&mut app);
    // At 40x12 the list has the width to itself, with no preview beside it:
    // 1 solved, 2 with Ann's record of 7, 3 saved, 4 neither.
    assert_screen!("microban_solved_record_saved_40x12", &mut app, 40, 12);
}

#[test]
fn a_narrow_list_cuts_titles_before_the_number_that_tells_them_apart() {
    let (_dir, mut app) = start_menu();
    // Microban III is the third collection.
    press(
        &mut app,
        &[
            ch('s'),
            key(KeyCode::Enter),
            key(KeyCode::Down),
            key(KeyCode::Down),
        ],
    );
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::End)]);
    assert_eq!(app.screen_name(), "level list");
    assert_eq!(app.selected(), Some(100));
    let rows = crate::ui::screen(&mut app, 40, 12);
    // `Microban III 101` is wider than the title column at 40 columns.
    let last = rows.iter().find(|row| row.contains(" 101  ")).expect("row");
    assert!(last.contains("… 101"), "{rows:#?}");
    assert_screen!("microban_iii_titles_cut_40x12", &mut app, 40, 12);
}

#[test]
fn page_down_in_a_list_jumps_by_the_rows_that_fit_the_terminal() {
    let (_dir, mut app) = start_menu();
    open_microban_list(&mut app);
    let page_down = Event::Key(key(KeyCode::PageDown));
    // 20 rows: 11 for the list, one of them its header.
    app.handle_event(&page_down, Rect::new(0, 0, 80, 20));
    assert_eq!(app.selected(), Some(10));
    app.handle_event(&page_down, Rect::new(0, 0, 80, 30));
    assert_eq!(app.selected(), Some(30));
    assert_screen!("microban_31_after_page_down_80x30", &mut app, 80, 30);
}

#[test]
fn typing_a_number_in_a_list_goes_to_that_level() {
    let (_dir, mut app) = start_menu();
    open_microban_list(&mut app);
    // Microban has 155 levels: 2 then 29.
    press(&mut app, &[ch('2'), ch('9')]);
    assert_eq!(app.selected(), Some(28));
    assert_screen!("microban_29_typed", &mut app);
    // 299 is past the end, so the 9 starts a new number.
    press(&mut app, &[ch('9')]);
    assert_eq!(app.selected(), Some(8));
    // Any other key ends the number: 1, 5, 5 is the last level.
    press(&mut app, &[key(KeyCode::Down), ch('1'), ch('5'), ch('5')]);
    assert_eq!(app.selected(), Some(154));
    // A 0 that makes no level leaves the selection where it is.
    press(&mut app, &[ch('0')]);
    assert_eq!(app.selected(), Some(154));
    press(&mut app, &[ch('0'), ch('7')]);
    assert_eq!(app.selected(), Some(6));
    // The next digit goes on with the number: 7 then 74.
    press(&mut app, &[ch('4')]);
    assert_eq!(app.selected(), Some(73));
    press(
        &mut app,
        &[key(KeyCode::Up), ch('4'), ch('2'), key(KeyCode::Enter)],
    );
    assert_eq!(app.screen_name(), "play");
    assert_eq!(crate::ui::level(&app).title, "Microban 42");
}

/// From the main menu to Free play's list of Microban.
fn open_microban_list(app: &mut App) {
    press(app, &[ch('s'), key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list");
}

#[test]
fn a_click_ends_the_number_being_typed() {
    let (_dir, mut app) = start_menu();
    open_microban_list(&mut app);
    press(&mut app, &[ch('2')]);
    assert_eq!(app.selected(), Some(1));
    // A click on Microban 5's row selects it.
    let text = app.visible_text(80, 24);
    let row = text
        .lines()
        .position(|line| line.contains("Microban 5 "))
        .expect("row 5 on screen");
    let column = text
        .lines()
        .nth(row)
        .and_then(|line| line.find("Microban 5"));
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: u16::try_from(column.expect("title")).expect("narrow"),
        row: u16::try_from(row).expect("short"),
        modifiers: KeyModifiers::NONE,
    });
    app.handle_event(&click, Rect::new(0, 0, 80, 24));
    assert_eq!(app.selected(), Some(4));
    // So 3 goes to level 3, not 23.
    press(&mut app, &[ch('3')]);
    assert_eq!(app.selected(), Some(2));
}

/// Plays a LURD solution on the level on screen.
fn play_lurd(app: &mut App, lurd: &str) {
    for c in lurd.chars() {
        let code = match c.to_ascii_lowercase() {
            'u' => KeyCode::Up,
            'd' => KeyCode::Down,
            'l' => KeyCode::Left,
            _ => KeyCode::Right,
        };
        press(app, &[key(code)]);
    }
}

/// Microban 1, solved by the solver (`schokoban solve microban --level 1`).
const MICROBAN_1: &str = "dlUrrrdLullddrUluRuulDrddrruLdlUU";

#[test]
fn after_a_free_play_level_the_next_unsolved_and_the_list_are_one_choice_away() {
    let (dir, mut app) = start_menu();
    open_microban_list(&mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    play_lurd(&mut app, MICROBAN_1);
    press(&mut app, &[key(KeyCode::Enter)]);
    // Decline the leaderboard, then the choices.
    press(&mut app, &[ch('n')]);
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(
        app.choices(),
        [
            "Next unsolved level (2)",
            "Level list",
            "Play again",
            "Watch your run",
            "Statistics",
            "Main menu"
        ]
    );
    // The first is one key away.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(crate::ui::level(&app).title, "Microban 2");
    // Leaving it unsolved, the list is there too, on level 2, 1 solved.
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.choices()[1], "Level list");
    press(&mut app, &[key(KeyCode::Down), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list");
    assert_eq!(app.selected(), Some(1));
    assert!(app.visible_text(80, 24).contains("✓   1  Microban 1"));
    // Back out and in again: the list is still on level 2.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    assert_eq!(app.selected(), Some(1), "still on Free play");
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(app.selected(), Some(1));
    // And in the next session.
    let mut app = crate::ui::menu_app(dir.path());
    open_microban_list(&mut app);
    assert_eq!(app.selected(), Some(1));
}

#[test]
fn arcade_does_not_skip_a_level_left_unsolved_and_goes_on_once_solved() {
    let (_dir, mut app) = start_menu();
    // Arcade, Microban: level 1 at once.
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(crate::ui::level(&app).title, "Microban 1");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.choices()[0], "Play again", "{:?}", app.choices());
    assert!(!app.choices().iter().any(|c| c == "Next level"));
    press(&mut app, &[key(KeyCode::Enter)]);
    play_lurd(&mut app, MICROBAN_1);
    press(&mut app, &[key(KeyCode::Enter), ch('n')]);
    assert_eq!(app.choices()[0], "Next level");
}

#[test]
fn the_collection_menu_opens_where_it_was_left_this_session() {
    let (_dir, mut app) = start_menu();
    press(
        &mut app,
        &[ch('s'), key(KeyCode::Enter), ch('s'), key(KeyCode::Enter)],
    );
    assert_eq!(app.screen_name(), "level list");
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "collections");
    assert_eq!(app.selected(), Some(1), "Microban II, as left");
}
