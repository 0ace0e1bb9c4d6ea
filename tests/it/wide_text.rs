//! Wide characters (CJK) measured by the columns they take: a nickname of
//! twelve is typed, stored and shown whole with its marker.

use crate::ui::{TINY, key, open_map, render, type_text, write_map};
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;

const NAME: &str = "日本語の名前です漢字仮名";

/// The screen's rows as text, a wide character once (its second cell is
/// part of it, not a space).
fn rows(buffer: &Buffer) -> Vec<String> {
    let width = buffer.area.width as usize;
    buffer
        .content
        .chunks(width)
        .map(|row| {
            let mut text = String::new();
            let mut skip = 0;
            for cell in row {
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                text.push_str(cell.symbol());
                skip = schokoban::text::width(cell.symbol()).saturating_sub(1);
            }
            text
        })
        .collect()
}

#[test]
fn a_twelve_character_cjk_nickname_is_typed_stored_and_shown_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    // Solve (1 move), accept the leaderboard, then type the name.
    for code in [KeyCode::Left, KeyCode::Enter, KeyCode::Enter] {
        app.handle_key(&key(code));
    }
    type_text(&mut app, NAME);
    let typing = rows(&render(&app, 80, 24));
    assert!(
        typing.iter().any(|row| row.contains(&format!("> {NAME}"))),
        "typed whole: {typing:#?}"
    );
    app.handle_key(&key(KeyCode::Enter));
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        format!("1 {NAME}\n")
    );
    for (width, height) in [(80, 24), (60, 24)] {
        let shown = rows(&render(&app, width, height));
        assert!(
            shown
                .iter()
                .any(|row| row.contains(&format!("★  1.   1  {NAME} ◀ you"))),
            "shown whole with its marker at {width}x{height}: {shown:#?}"
        );
    }
}
