//! Every key of the game in one table. The Play screen looks keys up here,
//! the `?` overlay lists the table, and the legend beside the key caps is
//! made from it, so the three cannot disagree.

use std::fmt::Write as _;

use crossterm::event::{KeyCode, KeyEvent};

use super::keys;
use super::screen::Command;

/// What a binding does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    Move,
    Undo,
    Redo,
    Reset,
    Hint,
    Zoom,
    NextLevel,
    PreviousLevel,
    Leave,
    Help,
    /// The mouse, which no key matches.
    Click,
    /// Menus: Enter or Space.
    Accept,
    /// Menus: Escape or Backspace.
    Back,
}

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Play,
    Menus,
}

pub(crate) struct Binding {
    pub action: Action,
    pub scope: Scope,
    /// Whether a key event is this binding's.
    pub matches: fn(&KeyEvent) -> bool,
    /// The keys, as the help writes them.
    pub keys: &'static str,
    /// The help overlay's text; a second line goes under the first.
    pub help: &'static [&'static str],
    /// The legend beside the key caps: its row and text, if it is listed.
    pub legend: Option<(u16, &'static str)>,
}

/// Every binding, in the order the help lists them. The first that
/// matches a key wins.
pub(crate) const BINDINGS: [Binding; 13] = [
    Binding {
        action: Action::Move,
        scope: Scope::Play,
        matches: |key| keys::direction(key).is_some(),
        keys: "WASD / arrows",
        help: &["move and push"],
        legend: Some((0, "WASD/arrows move")),
    },
    Binding {
        action: Action::Undo,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'u'),
        keys: "U",
        help: &["undo (counts as a move)"],
        legend: Some((1, "U undo")),
    },
    Binding {
        action: Action::Redo,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'y'),
        keys: "Y",
        help: &["redo (counts as a move)"],
        legend: Some((1, "Y redo")),
    },
    Binding {
        action: Action::Reset,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'r'),
        keys: "R",
        help: &["reset the level (moves back to 0)"],
        legend: Some((2, "R reset")),
    },
    Binding {
        action: Action::Hint,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'h'),
        keys: "H",
        help: &["hint: mark the next push; again to play it"],
        legend: Some((3, "H hint")),
    },
    Binding {
        action: Action::Zoom,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'z'),
        keys: "Z",
        help: &["zoom: square cells or one column each"],
        legend: Some((3, "Z zoom")),
    },
    Binding {
        action: Action::NextLevel,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'n'),
        keys: "N",
        help: &["next level (Free play, files of several)"],
        legend: None,
    },
    Binding {
        action: Action::PreviousLevel,
        scope: Scope::Play,
        matches: |key| keys::is_letter(key, 'p'),
        keys: "P",
        help: &["previous level"],
        legend: None,
    },
    Binding {
        action: Action::Leave,
        scope: Scope::Play,
        matches: |key| key.code == KeyCode::Esc,
        keys: "Esc",
        help: &["leave: saves an unsolved game"],
        legend: Some((2, "ESC leave")),
    },
    Binding {
        action: Action::Help,
        scope: Scope::Play,
        matches: |key| key.code == KeyCode::Char('?'),
        keys: "?",
        help: &["this help"],
        legend: Some((5, "? all keys")),
    },
    Binding {
        action: Action::Click,
        scope: Scope::Play,
        matches: |_| false,
        keys: "Mouse",
        help: &[
            "click a cell to walk there",
            "click a box, then a cell, to push it there",
        ],
        legend: Some((4, "Mouse: click to walk")),
    },
    Binding {
        action: Action::Accept,
        scope: Scope::Menus,
        matches: keys::is_accept,
        keys: "Enter / Space",
        help: &["accept in menus"],
        legend: None,
    },
    Binding {
        action: Action::Back,
        scope: Scope::Menus,
        matches: keys::is_back,
        keys: "Esc / Backspace",
        help: &["back in menus"],
        legend: None,
    },
];

/// What a key does on the Play screen.
pub(crate) fn play_action(key: &KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|b| b.scope == Scope::Play && (b.matches)(key))
        .map(|b| b.action)
}

/// The Play screen's keys, each with the first line of its help.
pub(crate) fn play_commands() -> Vec<Command> {
    BINDINGS
        .iter()
        .filter(|b| b.scope == Scope::Play)
        .map(|b| Command::new(b.keys, b.help.first().copied().unwrap_or_default()))
        .collect()
}

/// The `?` overlay's lines: keys and what they do.
pub fn help_lines() -> Vec<(&'static str, &'static str)> {
    BINDINGS
        .iter()
        .flat_map(|b| {
            b.help
                .iter()
                .enumerate()
                .map(|(i, &text)| (if i == 0 { b.keys } else { "" }, text))
        })
        .collect()
}

/// Legend entries on one row are set in columns this wide.
const LEGEND_COLUMN: usize = 9;

/// The legend beside the key caps, one line per row.
pub(crate) fn legend_lines() -> Vec<String> {
    let rows = BINDINGS
        .iter()
        .filter_map(|b| b.legend)
        .map(|(row, _)| row)
        .max()
        .map_or(0, |last| last + 1);
    (0..rows)
        .map(|row| {
            let texts: Vec<&str> = BINDINGS
                .iter()
                .filter_map(|b| b.legend.filter(|(r, _)| *r == row).map(|(_, text)| text))
                .collect();
            let mut line = String::new();
            for (index, text) in texts.iter().enumerate() {
                if index + 1 < texts.len() {
                    let _ = write!(line, "{text:<LEGEND_COLUMN$}");
                } else {
                    line.push_str(text);
                }
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// A key the help names for each Play action, typed as the player would.
    fn example(action: Action) -> Option<KeyEvent> {
        let letter = |c| Some(key(KeyCode::Char(c)));
        match action {
            Action::Move => letter('w'),
            Action::Undo => letter('u'),
            Action::Redo => letter('y'),
            Action::Reset => letter('r'),
            Action::Hint => letter('h'),
            Action::Zoom => letter('z'),
            Action::NextLevel => letter('n'),
            Action::PreviousLevel => letter('p'),
            Action::Leave => Some(key(KeyCode::Esc)),
            Action::Help => letter('?'),
            Action::Click | Action::Accept | Action::Back => None,
        }
    }

    #[test]
    fn every_play_key_in_the_help_does_what_the_help_says() {
        for binding in BINDINGS.iter().filter(|b| b.scope == Scope::Play) {
            let Some(key) = example(binding.action) else {
                continue;
            };
            assert_eq!(play_action(&key), Some(binding.action), "{}", binding.keys);
            let named = binding.keys.to_lowercase().contains(&key_name(&key));
            assert!(named, "{:?} is not {}", binding.action, binding.keys);
        }
        // Upper case letters and arrows too, as the help says.
        assert_eq!(play_action(&key(KeyCode::Char('U'))), Some(Action::Undo));
        assert_eq!(play_action(&key(KeyCode::Left)), Some(Action::Move));
        assert_eq!(play_action(&key(KeyCode::Char('q'))), None);
    }

    fn key_name(key: &KeyEvent) -> String {
        match key.code {
            KeyCode::Esc => "esc".to_owned(),
            KeyCode::Char(c) => c.to_string(),
            other => format!("{other:?}").to_lowercase(),
        }
    }

    #[test]
    fn every_binding_has_help_and_the_legend_names_real_keys() {
        let lines = help_lines();
        for binding in &BINDINGS {
            assert!(
                lines.iter().any(|(keys, _)| *keys == binding.keys),
                "{} has no help",
                binding.keys
            );
        }
        for binding in &BINDINGS {
            if let Some((_, text)) = binding.legend {
                let cap = text.split([' ', ':']).next().unwrap_or_default();
                let keys = binding.keys.replace(' ', "").to_uppercase();
                assert!(keys.contains(&cap.to_uppercase()), "{text} vs {keys}");
            }
        }
    }
}
