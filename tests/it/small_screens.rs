//! Issue 12: every screen at 80x24 and at the 40x12 minimum shows its
//! choices and its whole text; below the minimum, keys do nothing.
//! Here: keys, clicks and a level list's news; whole screens row by row
//! are in `pages`, maps taller than the screen and terminals larger than
//! 80x24 in `big_maps`.

mod big_maps;
mod pages;

use crate::ui::{
    THREE_LEVELS, TINY, assert_screen, ch, key, level, open_map, press, resize, write_map,
};
use crossterm::event::{Event, KeyCode};
use ratatui::layout::Rect;
use schokoban::app::App;

#[test]
fn keys_do_nothing_while_the_terminal_is_too_small() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 20, 6);
    assert_screen!("too_small_20x6", &mut app, 20, 6);
    press(
        &mut app,
        &[ch('d'), ch('d'), key(KeyCode::Left), key(KeyCode::Esc)],
    );
    assert_eq!(app.screen_name(), "play", "Esc did not leave unseen");
    assert_eq!(level(&app).game.score(), 0, "no move was made unseen");
    resize(&mut app, 80, 24);
    press(&mut app, &[ch('d')]);
    assert_eq!(level(&app).game.score(), 1, "big enough again, keys work");
    resize(&mut app, 20, 6);
    press(&mut app, &[key(KeyCode::Char('c'))]);
    app.handle_key(&crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        crossterm::event::KeyModifiers::CONTROL,
    ));
    assert!(!app.is_running(), "Ctrl+C still quits");
}

#[test]
fn zoom_is_remembered_for_the_next_level_and_the_next_session() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    let wall_row = |app: &App| {
        let text = app.visible_text(80, 24);
        let row = text.lines().find(|l| l.contains('█')).map(str::trim);
        row.map(str::to_owned)
    };
    assert_eq!(wall_row(&app).as_deref(), Some("██████████████"));
    press(&mut app, &[ch('z')]);
    assert_eq!(wall_row(&app).as_deref(), Some("███████"));
    let again = open_map(dir.path(), &map);
    assert_eq!(
        wall_row(&again).as_deref(),
        Some("███████"),
        "one column a cell, as chosen last time"
    );
}

#[test]
fn zoom_says_when_a_map_is_too_wide_for_square_cells() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wide = format!(
        "{}\n#@$.{}#\n{}\n",
        "#".repeat(30),
        " ".repeat(25),
        "#".repeat(30)
    );
    let map = write_map(dir.path(), "wide.xsb", &wide);
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 40, 12);
    press(&mut app, &[ch('z'), ch('z')]);
    assert_screen!("zoom_on_a_map_too_wide_40x12", &mut app, 40, 12);
}

#[test]
fn n_and_p_in_arcade_say_why_they_do_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    // Arcade, the first collection, then its first level.
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    while app.screen_name() != "play" {
        press(&mut app, &[key(KeyCode::Enter)]);
    }
    press(&mut app, &[ch('n')]);
    assert_screen!("n_in_arcade", &mut app);
    assert_eq!(level(&app).game.score(), 0);
}

/// The end screen of TINY, solved in 1 move and not added to a full board.
fn full_board_finish() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("5 Player {i}\n"));
    std::fs::write(dir.path().join("tiny.xsb.dat"), full).expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Left), key(KeyCode::Enter)]);
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    (dir, app)
}

#[test]
fn on_the_end_screen_a_click_selects_a_choice_and_a_second_accepts_it() {
    let (_dir, mut app) = full_board_finish();
    resize(&mut app, 80, 24);
    let screen = app.visible_text(80, 24);
    let row = screen
        .lines()
        .position(|l| l.contains("Main menu"))
        .expect("shown");
    let line = screen.lines().nth(row).expect("shown");
    // Columns, not bytes: the rule beside it is made of 3-byte characters.
    let column = line[..line.find("Main menu").expect("shown")]
        .chars()
        .count();
    let mouse = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: column as u16,
        row: row as u16,
        modifiers: crossterm::event::KeyModifiers::NONE,
    };
    app.handle_event(&Event::Mouse(mouse), Rect::new(0, 0, 80, 24));
    assert_eq!(
        app.selected(),
        Some(3),
        "after Play again, Watch your run and Statistics"
    );
    app.handle_event(&Event::Mouse(mouse), Rect::new(0, 0, 80, 24));
    assert_eq!(app.screen_name(), "main menu");
}

#[test]
fn in_menus_a_click_selects_and_a_second_click_accepts() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    resize(&mut app, 80, 24);
    let click = |app: &mut App, column, row| {
        let mouse = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        };
        app.handle_event(&Event::Mouse(mouse), Rect::new(0, 0, 80, 24));
    };
    // "Free play" is the second row of the menu, under the page's heading.
    let text = app.visible_text(80, 24);
    let row = text
        .lines()
        .position(|l| l.contains("Free play"))
        .expect("shown") as u16;
    click(&mut app, 36, row);
    assert_eq!(app.selected(), Some(1));
    assert_eq!(app.screen_name(), "main menu", "one click selects");
    click(&mut app, 36, row);
    assert_eq!(app.screen_name(), "collections", "a second click accepts");
    // In a level list too: Microban, then its third level.
    let at = |app: &App, text: &str| {
        let screen = app.visible_text(80, 24);
        let row = screen
            .lines()
            .position(|l| l.contains(text))
            .expect("shown");
        let column = screen
            .lines()
            .nth(row)
            .and_then(|l| l.find(text))
            .expect("shown");
        (column as u16, row as u16)
    };
    // Scrolled to its end, the collection menu still takes clicks.
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Up)]);
    assert_eq!(app.selected(), Some(15), "Sasquatch XI");
    assert_screen!("the_collection_menu_scrolled_to_its_end", &mut app);
    let (column, row) = at(&app, "Add a collection");
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(16), "one click selects");
    press(&mut app, &[key(KeyCode::Down)]);
    let (column, row) = at(&app, "Microban ");
    click(&mut app, column, row);
    assert_eq!(app.screen_name(), "level list");
    let (column, row) = at(&app, "Microban 3");
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(2));
    click(&mut app, column, row);
    assert_eq!(app.screen_name(), "play");
    assert_eq!(level(&app).title, "Microban 3");
}

#[test]
fn a_level_list_shows_what_happened_since_it_was_first_opened() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "three.xsb", THREE_LEVELS);
    let mut app = open_map(dir.path(), &map);
    let reopen = |app: &mut App| {
        // The main menu keeps its selection: back to the top first.
        while app.selected() != Some(0) {
            press(app, &[ch('w')]);
        }
        crate::ui::open_path_prompt(app);
        crate::ui::type_text(app, &map.to_string_lossy());
        press(app, &[key(KeyCode::Enter)]);
    };
    // Level 2: solve it and join the board.
    press(&mut app, &[ch('s'), key(KeyCode::Enter), ch('d')]);
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    crate::ui::type_text(&mut app, "Ann");
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Esc)]);
    // Level 3: one move, then leave, which saves it.
    reopen(&mut app);
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Enter), ch('d')]);
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    reopen(&mut app);
    // Two with Ann's record of 1, three.xsb #3 saved.
    assert_screen!("the_level_list_reopened", &mut app);
}

#[test]
fn a_snapshot_brought_back_after_a_resize_plays_on_at_the_new_size() {
    // Square cells fit this map at 80 columns, not at 40.
    let wide = format!(
        "{}\n#@ $.{}#\n#{}#\n{}\n",
        "#".repeat(30),
        " ".repeat(24),
        " ".repeat(28),
        "#".repeat(30)
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "wide.xsb", &wide);
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 80, 24);
    press(&mut app, &[ch('d'), ch('k'), ch('l')]);
    assert_eq!(app.screen_name(), "kept");
    // Resized while the list covers the level: the level is told on its
    // way back, so Z knows what fits.
    resize(&mut app, 40, 12);
    let snapshot = (app.choices().iter())
        .position(|c| c.starts_with("Snapshot"))
        .expect("the snapshot listed");
    press(&mut app, &vec![key(KeyCode::Down); snapshot]);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "play");
    // Zoom starts on: off, then on again.
    press(&mut app, &[ch('z'), ch('z')]);
    let told = format!("{:?}", app.messages());
    assert!(told.contains("too wide for square cells here"), "{told}");
}
