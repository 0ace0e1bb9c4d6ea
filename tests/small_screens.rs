//! Issue 12: every screen at 80x24 and at the 40x12 minimum shows its
//! choices and its whole text; below the minimum, keys do nothing.

mod ui;

use crossterm::event::{Event, KeyCode};
use ratatui::layout::Rect;
use schokoban::app::App;
use ui::{TINY, ch, key, level, open_map, press, write_map};

/// Tells the app the terminal is now `width` x `height`, as the event loop does.
fn resize(app: &mut App, width: u16, height: u16) {
    app.handle_event(
        &Event::Resize(width, height),
        Rect::new(0, 0, width, height),
    );
}

#[test]
fn keys_do_nothing_while_the_terminal_is_too_small() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 20, 6);
    assert!(app.visible_text(20, 6).contains("Terminal too small"));
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
    let wall_row = |app: &App| app.visible_text(80, 24).lines().nth(5).map(str::to_owned);
    assert_eq!(wall_row(&app).as_deref(), Some("    ██████████████"));
    press(&mut app, &[ch('z')]);
    assert_eq!(wall_row(&app).as_deref(), Some("    ███████"));
    let again = open_map(dir.path(), &map);
    assert_eq!(
        wall_row(&again).as_deref(),
        Some("    ███████"),
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
    let text = app.visible_text(40, 12);
    assert!(text.contains("this map is too wide for"), "{text}");
}

#[test]
fn n_and_p_in_arcade_say_why_they_do_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    // Arcade, the first collection, then its first level.
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    while app.screen_name() != "play" {
        press(&mut app, &[key(KeyCode::Enter)]);
    }
    press(&mut app, &[ch('n')]);
    assert!(
        ui::messages(&app).contains("Arcade goes in order"),
        "{}",
        ui::messages(&app)
    );
    assert_eq!(level(&app).game.score(), 0);
}
