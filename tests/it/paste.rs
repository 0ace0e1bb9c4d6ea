//! Bracketed paste: a paste is one event, cut to the field's limit, so a
//! long one leaves nothing queued to act later.

use crate::ui::{key, open_path_prompt, paste, press, start_menu, start_tiny, type_text};
use crossterm::event::KeyCode;

const PATH_LIMIT: usize = 4096;
const NICKNAME_LIMIT: usize = 20;

#[test]
fn a_long_paste_into_the_path_field_is_one_edit_cut_to_the_limit() {
    let (_dir, mut app) = start_menu();
    open_path_prompt(&mut app);
    type_text(&mut app, "ab");
    // Line breaks and Backspaces inside a paste are not keys: they would
    // open the path or walk back through the menus.
    let pasted = format!("\u{7f}\r\n{}\r\n", "x".repeat(10_000));
    paste(&mut app, &pasted);
    assert_eq!(app.screen_name(), "path prompt", "nothing was submitted");
    let text = app.input().expect("the path field");
    assert_eq!(text.chars().count(), PATH_LIMIT);
    assert!(
        text.starts_with("abxxx"),
        "pasted at the cursor: {}",
        &text[..8]
    );
    // Nothing is queued: one Escape leaves the prompt, the app still runs.
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    assert!(app.is_running());
}

#[test]
fn a_long_paste_into_the_nickname_is_cut_to_twenty_characters() {
    let (dir, mut app) = start_tiny();
    // Solve, then answer Yes to the leaderboard question.
    press(
        &mut app,
        &[key(KeyCode::Left), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    assert_eq!(app.input(), Some(""), "the nickname field");
    paste(&mut app, &format!("Ann\n{}", "é".repeat(10_000)));
    let name = app.input().expect("the nickname field").to_owned();
    assert_eq!(name.chars().count(), NICKNAME_LIMIT);
    assert!(name.starts_with("Anné"), "{name}");
    assert_eq!(app.screen_name(), "finish");
    press(&mut app, &[key(KeyCode::Enter)]);
    let board = std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board");
    assert_eq!(board, format!("1 {name}\n"));
}

#[test]
fn screens_without_a_text_field_ignore_a_paste() {
    let (_dir, mut app) = start_tiny();
    paste(&mut app, "wwwwdddd\r");
    assert_eq!(app.screen_name(), "play");
    assert_eq!(app.level().expect("playing").game.score(), 0);
    let (_dir, mut app) = start_menu();
    paste(&mut app, "\r");
    assert_eq!(app.screen_name(), "main menu");
    assert_eq!(app.selected(), Some(0));
}
