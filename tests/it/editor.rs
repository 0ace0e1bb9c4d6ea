//! The level editor: placing pieces with keys and the mouse, undo and
//! redo, resizing, the live checks and the solver's verdict (in the
//! background), test-play and back, saving to a path or into My levels,
//! and a copy of a level opened from play.

use crate::ui::{
    assert_screen, ch, key, level, messages, press, render, start_menu, start_tiny, type_text,
    wait_while_busy,
};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use schokoban::app::App;

/// From the main menu to the editor's empty 9x7 room, cursor at 1,1.
fn open_editor(app: &mut App) {
    press(app, &[ch('s'), ch('s'), ch('s'), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "editor");
}

fn line(app: &App, row: usize) -> String {
    app.visible_text(80, 24)
        .lines()
        .nth(row)
        .unwrap_or_default()
        .trim_end()
        .to_owned()
}

/// The verdict line once the solver, if running, has answered.
fn verdict(app: &mut App) -> String {
    wait_while_busy(app);
    line(app, 2)
}

/// Player, box and goal in a row along the top of the room.
fn build_corridor(app: &mut App) {
    press(app, &[ch('6'), ch('d'), ch('4'), ch('d'), ch('d'), ch('3')]);
}

#[test]
fn pieces_checks_undo_redo_and_the_solvers_verdict() {
    let (_dir, mut app) = start_menu();
    open_editor(&mut app);
    assert_eq!(line(&app, 0), "Level editor: a new level");
    assert_eq!(verdict(&mut app), "To fix: no player; no boxes");
    press(&mut app, &[ch('6'), ch('d'), ch('4')]);
    assert_eq!(verdict(&mut app), "To fix: 1 box but 0 goals");
    press(&mut app, &[ch('d'), ch('d'), ch('3')]);
    assert!(
        line(&app, 2).starts_with("Checks pass; solving"),
        "the solver works in the background: {}",
        line(&app, 2)
    );
    assert_eq!(verdict(&mut app), "Solvable in 2 pushes");
    press(&mut app, &[ch('u')]);
    assert_eq!(verdict(&mut app), "To fix: 1 box but 0 goals");
    press(&mut app, &[ch('y')]);
    assert_eq!(verdict(&mut app), "Solvable in 2 pushes");
    // A second player moves the first; the level stays solvable.
    press(&mut app, &[ch('s'), ch('6')]);
    assert_eq!(verdict(&mut app), "Solvable in 2 pushes");
    assert!(
        line(&app, 1).starts_with("9x7   At 5,3   Piece: player"),
        "{}",
        line(&app, 1)
    );
    // A box in the top right corner can never move.
    press(&mut app, &[ch('d'), ch('d'), ch('d'), ch('w'), ch('4')]);
    assert_eq!(verdict(&mut app), "To fix: 2 boxes but 1 goal");
    press(&mut app, &[ch('s'), ch('3')]);
    assert_eq!(verdict(&mut app), "No solution exists");
}

#[test]
fn resizing_can_open_the_room_and_the_mouse_places_pieces() {
    let (_dir, mut app) = start_menu();
    open_editor(&mut app);
    build_corridor(&mut app);
    press(&mut app, &[ch('>')]);
    assert!(line(&app, 1).starts_with("10x7"));
    assert_eq!(verdict(&mut app), "Solvable in 2 pushes");
    press(&mut app, &[ch('<'), ch('<')]);
    assert_eq!(
        verdict(&mut app),
        "To fix: the player's area is not enclosed by walls"
    );
    press(&mut app, &[ch('u'), ch('u')]);
    assert_eq!(verdict(&mut app), "Solvable in 2 pushes");
    // The grid starts at column 2, row 6, two columns a cell: a click on
    // cell 5,1 with the last piece (goal) puts a second goal there.
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 2 + 5 * 2,
        row: 6 + 1,
        modifiers: KeyModifiers::NONE,
    };
    app.handle_event(&Event::Mouse(click), Rect::new(0, 0, 80, 24));
    assert_eq!(verdict(&mut app), "To fix: 1 box but 2 goals");
    render(&app, 40, 12);
}

#[test]
fn test_play_returns_to_the_editor() {
    let (_dir, mut app) = start_menu();
    open_editor(&mut app);
    press(&mut app, &[ch('t')]);
    assert_eq!(messages(&app), "Not a level yet: see the checks");
    build_corridor(&mut app);
    press(&mut app, &[ch('t')]);
    assert_eq!(level(&app).title, "Test play");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "editor");
    assert_eq!(messages(&app), "Back to editing");
    press(
        &mut app,
        &[ch('t'), key(KeyCode::Right), key(KeyCode::Right)],
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "editor");
    assert_eq!(messages(&app), "You solved it in 2 moves");
}

#[test]
fn saving_goes_to_a_new_file_or_into_my_levels() {
    let (dir, mut app) = start_menu();
    open_editor(&mut app);
    build_corridor(&mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "save level");
    assert_screen!("save_level", &mut app);
    assert_screen!("save_level_40x12", &mut app, 40, 12);
    type_text(&mut app, "Hall");
    press(&mut app, &[key(KeyCode::Down)]);
    type_text(&mut app, "Me");
    press(&mut app, &[key(KeyCode::Down)]);
    let path = dir.path().join("hall.xsb");
    type_text(&mut app, &path.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "editor");
    assert!(
        messages(&app).starts_with("Saved to "),
        "{}",
        messages(&app)
    );
    let text = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(
        text,
        "#########\n#@$ .   #\n#       #\n#       #\n#       #\n#       #\n#########\nTitle: Hall\nAuthor: Me\n"
    );
    // Never over a file already there.
    press(
        &mut app,
        &[key(KeyCode::Enter), key(KeyCode::Down), key(KeyCode::Down)],
    );
    type_text(&mut app, &path.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "save level");
    assert_eq!(
        messages(&app),
        format!(
            "Not saved: {}: a file of that name is already there",
            path.display()
        )
    );
    assert_screen!("save_level_refuses_a_file_already_there", &mut app);

    // No path: into My levels, twice, which the chooser then lists.
    press(
        &mut app,
        &[KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL)],
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(messages(&app), "Saved as level 1 of My levels");
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(messages(&app), "Saved as level 2 of My levels");
    // The next save offers the title and author last saved.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.input(), Some("Hall"));
    press(&mut app, &[key(KeyCode::Down)]);
    assert_eq!(app.input(), Some("Me"), "the author is kept");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "editor");
    // A change since the save: leaving asks first, as only saving keeps it.
    press(&mut app, &[ch('2')]);
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "editor");
    assert!(messages(&app).starts_with("Unsaved: Esc again leaves"));
    // Undone, the level is as saved: leaving does not ask. Back at the main
    // menu, still on "Level editor": up twice is Free play.
    press(&mut app, &[ch('u'), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    press(&mut app, &[ch('w'), ch('w'), key(KeyCode::Enter)]);
    // My levels is last, above the line that adds one: the list scrolls to it.
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Up)]);
    assert_screen!("the_chooser_lists_my_levels", &mut app);
}

#[test]
fn a_level_in_play_opens_in_the_editor_as_a_copy() {
    let (_dir, mut app) = start_tiny();
    press(&mut app, &[ch('e')]);
    assert_eq!(app.screen_name(), "editor");
    assert_eq!(line(&app, 0), "Level editor: Tiny (copy)");
    assert_eq!(verdict(&mut app), "Solvable in 1 push");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(level(&app).title, "Tiny");
}

#[test]
fn with_ascii_the_editor_and_the_watch_screen_draw_only_ascii() {
    use schokoban::app::Options;
    use schokoban::app::theme::Theme;
    let dir = tempfile::tempdir().expect("temp dir");
    let theme = Theme {
        ascii: true,
        color: true,
        ..Theme::default()
    };
    let options = Options {
        map: None,
        data_dir: Some(dir.path().join("data")),
        ascii: true,
        ..Options::default()
    };
    let mut app = App::new(options, theme);
    open_editor(&mut app);
    build_corridor(&mut app);
    verdict(&mut app);
    let mut drawn = crate::ui::screen(&mut app, 80, 24);
    drawn.extend(crate::ui::screen(&mut app, 40, 12));
    // Test play, then watch the solver from there.
    press(&mut app, &[ch('t'), ch('v')]);
    assert_eq!(app.screen_name(), "watch");
    drawn.extend(crate::ui::screen(&mut app, 80, 24));
    drawn.extend(crate::ui::screen(&mut app, 40, 12));
    let odd: Vec<&String> = drawn.iter().filter(|l| !l.is_ascii()).collect();
    assert!(odd.is_empty(), "{odd:#?}");
}

#[test]
fn the_legend_shows_every_piece_at_80_and_at_40_columns() {
    let (_dir, mut app) = start_menu();
    open_editor(&mut app);
    let wide = line(&app, 4);
    assert_eq!(
        wide,
        "1 █ wall  2 floor  3 ⨯ goal  4 ◼ box  5 ◼ box+goal  6 ☻ player  7 ☻ player+goal"
    );
    let narrow = app
        .visible_text(40, 12)
        .lines()
        .nth(4)
        .unwrap_or_default()
        .trim_end()
        .to_owned();
    assert_eq!(narrow, "1█  2-  3⨯  4◼  5◼  6☻  7☻", "keys and glyphs only");
}
