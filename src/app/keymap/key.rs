//! One key a binding answers to, and how the help writes it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key as the key map names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// A letter in either case, without Ctrl or Alt.
    Letter(char),
    /// Any other key. A character (`?`, `+`, a digit) matches without Ctrl
    /// or Alt, whatever Shift took to type it; other keys match with any
    /// modifier, as terminals differ in what they report.
    Code(KeyCode),
}

impl Key {
    /// Whether the key event is this key.
    pub fn matches(self, event: &KeyEvent) -> bool {
        match (self, event.code) {
            (Self::Letter(letter), KeyCode::Char(c)) => {
                plain(event) && c.eq_ignore_ascii_case(&letter)
            }
            (Self::Code(KeyCode::Char(wanted)), KeyCode::Char(c)) => plain(event) && c == wanted,
            (Self::Code(wanted), code) => wanted == code,
            (Self::Letter(_), _) => false,
        }
    }

    /// The key as the help writes it: `U`, `Space`, `↑`, `PgDn`.
    pub fn name(self) -> String {
        match self {
            Self::Letter(c) => c.to_ascii_uppercase().to_string(),
            Self::Code(code) => match code {
                KeyCode::Char(' ') => "Space".to_owned(),
                KeyCode::Char(c) => c.to_string(),
                KeyCode::Up => "↑".to_owned(),
                KeyCode::Down => "↓".to_owned(),
                KeyCode::Left => "←".to_owned(),
                KeyCode::Right => "→".to_owned(),
                KeyCode::PageUp => "PgUp".to_owned(),
                KeyCode::PageDown => "PgDn".to_owned(),
                KeyCode::Delete => "Del".to_owned(),
                KeyCode::F(n) => format!("F{n}"),
                other => format!("{other:?}"),
            },
        }
    }
}

/// Keys as the help writes them: `U / Ctrl`, joined by " / ".
pub(crate) fn describe(keys: &[Key]) -> String {
    keys.iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Ctrl+C quits from anywhere, as in every terminal program: no binding
/// can take it.
pub(crate) fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c' | 'C'))
}

fn plain(key: &KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn letters_match_either_case_but_not_with_ctrl() {
        let u = Key::Letter('u');
        assert!(u.matches(&press(KeyCode::Char('u'), KeyModifiers::NONE)));
        assert!(u.matches(&press(KeyCode::Char('U'), KeyModifiers::SHIFT)));
        assert!(!u.matches(&press(KeyCode::Char('u'), KeyModifiers::CONTROL)));
        assert!(!u.matches(&press(KeyCode::Char('y'), KeyModifiers::NONE)));
    }

    #[test]
    fn a_typed_character_matches_whatever_shift_took() {
        let help = Key::Code(KeyCode::Char('?'));
        assert!(help.matches(&press(KeyCode::Char('?'), KeyModifiers::SHIFT)));
        assert!(!help.matches(&press(KeyCode::Char('?'), KeyModifiers::ALT)));
        let esc = Key::Code(KeyCode::Esc);
        assert!(esc.matches(&press(KeyCode::Esc, KeyModifiers::SHIFT)));
    }

    #[test]
    fn keys_are_named_as_the_help_writes_them() {
        let keys = [
            Key::Letter('m'),
            Key::Code(KeyCode::F(1)),
            Key::Code(KeyCode::Char(' ')),
            Key::Code(KeyCode::PageDown),
            Key::Code(KeyCode::Up),
        ];
        assert_eq!(describe(&keys), "M / F1 / Space / PgDn / ↑");
    }
}
