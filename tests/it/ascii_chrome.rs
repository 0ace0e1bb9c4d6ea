//! `--ascii`: every glyph the game draws is ASCII, on every screen of the
//! flow, at 80x24 and at 40x12.

use crate::ui::{THREE_LEVELS, assert_screen, ch, key, press, screen, write_map};
use crossterm::event::KeyCode;
use schokoban::app::App;

/// Every cell of `app` drawn at 80x24 and 40x12, with the non-ASCII ones.
fn non_ascii(app: &mut App) -> Vec<String> {
    let mut found = Vec::new();
    for (width, height) in [(80, 24), (40, 12)] {
        for line in screen(app, width, height) {
            if !line.is_ascii() {
                found.push(format!("{width}x{height} {:?}: {line}", app.screen_name()));
            }
        }
    }
    found
}

#[test]
fn with_ascii_every_glyph_drawn_is_ascii() {
    use schokoban::app::Options;
    use schokoban::app::theme::Theme;
    let dir = tempfile::tempdir().expect("temp dir");
    let ascii = Theme {
        ascii: true,
        color: true,
        ..Theme::default()
    };
    let map = write_map(dir.path(), "three.xsb", THREE_LEVELS);
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("9 Player {i}\n"));
    std::fs::write(dir.path().join("three.xsb.3.dat"), full).expect("board");
    let mut app = App::new(
        Options {
            map: None,
            data_dir: Some(dir.path().join("data")),
            ascii: true,
            ..Options::default()
        },
        ascii,
    );
    let mut found = non_ascii(&mut app);
    // Free play's collections and a list, then the path prompt with an error.
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[key(KeyCode::Enter)]);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc), ch('w')]);
    crate::ui::open_path_prompt(&mut app);
    crate::ui::type_text(&mut app, "missing.xsb");
    press(&mut app, &[key(KeyCode::Enter)]);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[key(KeyCode::Esc)]);
    let mut app = crate::ui::open_map_with(dir.path(), &map, ascii);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Enter), ch('?')]);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[ch('x'), ch('h')]);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[ch('d'), ch('d'), key(KeyCode::Enter)]);
    found.extend(non_ascii(&mut app));
    press(&mut app, &[key(KeyCode::Enter)]);
    crate::ui::type_text(&mut app, "Ann");
    press(&mut app, &[key(KeyCode::Enter)]);
    found.extend(non_ascii(&mut app));
    assert_screen!("the_board_in_ascii", &mut app);
    assert_eq!(found, Vec::<String>::new());
}
