//! What a key means, in one place, so every screen agrees with the spec:
//! WASD or arrows move, Enter or Space accept, Escape or Backspace go back,
//! letters in either case.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use schokoban_core::Direction;

/// The spec's directional input: WASD or the arrow keys.
pub fn direction(key: &KeyEvent) -> Option<Direction> {
    match key.code {
        KeyCode::Left => Some(Direction::Left),
        KeyCode::Up => Some(Direction::Up),
        KeyCode::Right => Some(Direction::Right),
        KeyCode::Down => Some(Direction::Down),
        KeyCode::Char(c) if plain(key) => match c.to_ascii_lowercase() {
            'a' => Some(Direction::Left),
            'w' => Some(Direction::Up),
            'd' => Some(Direction::Right),
            's' => Some(Direction::Down),
            _ => None,
        },
        _ => None,
    }
}

pub fn is_accept(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
}

/// Escape or Backspace: back out of a menu.
pub fn is_back(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Esc | KeyCode::Backspace)
}

/// A letter key in either case, without Ctrl or Alt.
pub fn is_letter(key: &KeyEvent, letter: char) -> bool {
    matches!(key.code, KeyCode::Char(c) if plain(key) && c.eq_ignore_ascii_case(&letter))
}

/// Ctrl+C quits from anywhere, as in every terminal program.
pub fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'C'))
}

fn plain(key: &KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}
