//! Issue 66: at every stop and size, every key the screen's legend shows
//! does something there (a key that can do nothing now says so, which
//! changes the screen too), and every item a "more" mark counts can be
//! reached with the keys that move through the list.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use schokoban::app::App;
use tempfile::TempDir;

use super::SIZES;
use ratatui::buffer::Buffer;

use crate::ui::{press, render, resize, run_until_idle};

/// The keys a legend's key text names: `↑↓ or W/S`, `Enter`, `PgUp/PgDn`.
fn keys_named(text: &str) -> Vec<KeyCode> {
    let mut codes = Vec::new();
    for word in text.split(" or ").flat_map(|part| part.split('/')) {
        let word = word.trim();
        let arrows: Vec<KeyCode> = word
            .chars()
            .filter_map(|c| match c {
                '↑' => Some(KeyCode::Up),
                '↓' => Some(KeyCode::Down),
                '←' => Some(KeyCode::Left),
                '→' => Some(KeyCode::Right),
                _ => None,
            })
            .collect();
        if !arrows.is_empty() {
            codes.extend(arrows);
            continue;
        }
        let code = match word {
            "Enter" => KeyCode::Enter,
            "Space" => KeyCode::Char(' '),
            "Esc" | "ESC" => KeyCode::Esc,
            "Backspace" => KeyCode::Backspace,
            "Tab" => KeyCode::Tab,
            "PgUp" => KeyCode::PageUp,
            "PgDn" => KeyCode::PageDown,
            "Home" => KeyCode::Home,
            "End" => KeyCode::End,
            "Del" => KeyCode::Delete,
            "F1" => KeyCode::F(1),
            "0-9" | "1-7" => KeyCode::Char('2'),
            one if one.chars().count() == 1 => {
                KeyCode::Char(one.chars().next().unwrap_or(' ').to_ascii_lowercase())
            }
            _ => continue,
        };
        codes.push(code);
    }
    codes
}

/// What a player sees of `app` at a size, styles too (a choice may be
/// shown by its highlight alone), and whether it still runs.
fn seen(app: &mut App, width: u16, height: u16) -> (String, Buffer, bool) {
    resize(app, width, height);
    let drawn = render(app, width, height);
    (app.screen_name().to_owned(), drawn, app.is_running())
}

/// The text of a drawn screen.
fn text_of(drawn: &Buffer) -> String {
    let area = drawn.area;
    (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .map(|x| drawn[(x, y)].symbol())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// The play screen's legend beside the key caps, as drawn: `U undo`.
const PLAY_LEGEND: [(&str, KeyCode); 7] = [
    ("U undo", KeyCode::Char('u')),
    ("Y redo", KeyCode::Char('y')),
    ("R reset", KeyCode::Char('r')),
    ("H hint", KeyCode::Char('h')),
    ("Z zoom", KeyCode::Char('z')),
    ("ESC leave", KeyCode::Esc),
    ("? all keys", KeyCode::Char('?')),
];

/// The keys `app`'s legend shows at `width` x `height`.
fn legend_keys(app: &mut App, width: u16, height: u16) -> Vec<(String, KeyCode)> {
    resize(app, width, height);
    let mut keys: Vec<(String, KeyCode)> = app
        .help_line()
        .iter()
        .flat_map(|hint| {
            let words = hint
                .rsplit_once(' ')
                .map_or(hint.as_str(), |(keys, _)| keys);
            keys_named(words)
                .into_iter()
                .map(|code| (hint.clone(), code))
        })
        .collect();
    let text = app.visible_text(width, height);
    for (shown, code) in PLAY_LEGEND {
        if text.contains(shown) {
            keys.push((shown.to_owned(), code));
        }
    }
    keys
}

/// Every legend key of the stop `make` builds acts, at every size.
pub(super) fn legend_keys_act(make: fn() -> (TempDir, App)) {
    let mut faults = Vec::new();
    for (width, height) in SIZES {
        let (_dir, mut app) = make();
        run_until_idle(&mut app);
        for (hint, code) in legend_keys(&mut app, width, height) {
            let (_dir, mut app) = make();
            run_until_idle(&mut app);
            let before = seen(&mut app, width, height);
            // Not settled after: what the key started (a replay) shows at once.
            press(&mut app, &[KeyEvent::new(code, KeyModifiers::NONE)]);
            let answered_in_a_field = app.input().is_some() && !app.messages().is_empty();
            if seen(&mut app, width, height) == before && !answered_in_a_field {
                faults.push(format!(
                    "at {width}x{height}: {code:?} of {hint:?} does nothing"
                ));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The number a "more" mark of `direction` (`↑` or `↓`) counts, if shown.
fn more_mark(text: &str, direction: char) -> Option<usize> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix(direction)?.trim_start();
        rest.strip_suffix(" more")?.parse().ok()
    })
}

/// Every item a "↑ N more" or "↓ N more" mark counts is reached by the
/// keys that move the selection: End shows the last items (no mark
/// below), Home the first (no mark above).
pub(super) fn more_items_reachable(make: fn() -> (TempDir, App)) {
    let mut faults = Vec::new();
    for (width, height) in SIZES {
        let (_dir, mut app) = make();
        run_until_idle(&mut app);
        let text = text_of(&seen(&mut app, width, height).1);
        let (above, below) = (more_mark(&text, '↑'), more_mark(&text, '↓'));
        if above.is_none() && below.is_none() {
            continue;
        }
        let name = app.screen_name();
        // A question on screen takes the first key as its answer, so a
        // second press may be needed.
        let mut reach = |code: KeyCode, mark: char| {
            for _ in 0..2 {
                press(&mut app, &[KeyEvent::new(code, KeyModifiers::NONE)]);
                let (now, drawn, _) = seen(&mut app, width, height);
                if now == name && more_mark(&text_of(&drawn), mark).is_none() {
                    return true;
                }
            }
            false
        };
        if below.is_some() && !reach(KeyCode::End, '↓') {
            faults.push(format!(
                "at {width}x{height}: End leaves items below unseen"
            ));
        }
        if !reach(KeyCode::Home, '↑') {
            faults.push(format!(
                "at {width}x{height}: Home leaves items above unseen"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn key_texts_name_their_keys() {
    assert_eq!(
        keys_named("↑↓ or W/S"),
        [
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Char('w'),
            KeyCode::Char('s')
        ]
    );
    assert_eq!(
        keys_named("Enter or Space"),
        [KeyCode::Enter, KeyCode::Char(' ')]
    );
    assert_eq!(
        keys_named("PgUp/PgDn/Home/End"),
        [
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::Home,
            KeyCode::End
        ]
    );
    assert_eq!(more_mark("  ↓ 142 more\n", '↓'), Some(142));
}
