//! Wide characters (CJK) measured by the columns they take: a nickname of
//! twelve is typed, stored and shown whole with its marker.

use crate::ui::{TINY, assert_screen, key, open_map, type_text, write_map};
use crossterm::event::KeyCode;

const NAME: &str = "日本語の名前です漢字仮名";

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
    // Typed whole.
    assert_screen!("a_wide_nickname_typed", &mut app);
    app.handle_key(&key(KeyCode::Enter));
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        format!("1 {NAME}\n")
    );
    // Shown whole with its marker.
    assert_screen!("a_wide_nickname_on_the_board", &mut app);
    assert_screen!("a_wide_nickname_on_the_board_60x24", &mut app, 60, 24);
}
