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
