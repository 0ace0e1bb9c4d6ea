//! Every key of the game in one table. The Play screen looks keys up here,
//! the `?` overlay lists the table, and the legend beside the key caps is
//! made from it, so the three cannot disagree.

use std::fmt::Write as _;

use crossterm::event::KeyEvent;

use super::screen::Command;
pub(crate) use table::BINDINGS;

mod table;

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
    /// Watch the solver solve the level from here.
    Watch,
    /// Watching: pause or go on.
    PauseResume,
    StepForward,
    StepBack,
    Faster,
    Slower,
    /// Watching the solver: play on from the position shown.
    TakeOver,
    /// Play: open the level in the editor, as a copy.
    Edit,
    /// Editor: put a piece (number keys) or the last one again (Space).
    Place,
    Wider,
    Narrower,
    Taller,
    Shorter,
    /// Editor: play the level being built, then come back.
    TryOut,
    /// Editor: save the level.
    SaveLevel,
    /// The mouse, which no key matches.
    Click,
    /// Menus: Enter or Space.
    Accept,
    /// Menus: Escape or Backspace.
    Back,
    /// Anywhere but a text field: the messages on show, whole.
    Messages,
}

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Play,
    /// Watching a solution or a run.
    Watch,
    Editor,
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

/// What a key does on the Play screen.
pub(crate) fn play_action(key: &KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|b| b.scope == Scope::Play && (b.matches)(key))
        .map(|b| b.action)
}

/// What a key does while watching a solution or a run.
pub(crate) fn watch_action(key: &KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|b| b.scope == Scope::Watch && (b.matches)(key))
        .map(|b| b.action)
}

/// What a key does in the level editor.
pub(crate) fn editor_action(key: &KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|b| b.scope == Scope::Editor && (b.matches)(key))
        .map(|b| b.action)
}

/// The editor's keys, for its footer.
pub(crate) fn editor_commands() -> Vec<Command> {
    short_commands(Scope::Editor)
}

/// The Play screen's keys, each with the first line of its help.
pub(crate) fn play_commands() -> Vec<Command> {
    scope_commands(Scope::Play)
}

/// The keys while watching, for the footer: the help without "watching: ".
pub(crate) fn watch_commands() -> Vec<Command> {
    short_commands(Scope::Watch)
}

/// A scope's keys with their help's "watching: " or "editor: " cut off.
fn short_commands(scope: Scope) -> Vec<Command> {
    scope_commands(scope)
        .into_iter()
        .map(|c| {
            let action = c.action.split_once(": ").map_or(c.action, |(_, a)| a);
            Command::new(c.keys, action)
        })
        .collect()
}

fn scope_commands(scope: Scope) -> Vec<Command> {
    BINDINGS
        .iter()
        .filter(|b| b.scope == scope)
        .map(|b| Command::new(b.keys, b.help.first().copied().unwrap_or_default()))
        .collect()
}

/// The `?` overlay's lines, for play and menus: keys and what they do.
/// Watching shows its own keys in its footer.
pub fn help_lines() -> Vec<(&'static str, &'static str)> {
    BINDINGS
        .iter()
        .filter(|b| matches!(b.scope, Scope::Play | Scope::Menus))
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
            Action::Watch => letter('v'),
            Action::Edit => letter('e'),
            Action::Click
            | Action::Accept
            | Action::Back
            | Action::PauseResume
            | Action::StepForward
            | Action::StepBack
            | Action::Faster
            | Action::Slower
            | Action::TakeOver
            | Action::Place
            | Action::Wider
            | Action::Narrower
            | Action::Taller
            | Action::Shorter
            | Action::TryOut
            | Action::SaveLevel
            | Action::Messages => None,
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
        let mut watching = watch_commands();
        watching.extend(editor_commands());
        for binding in &BINDINGS {
            let helped = lines.iter().any(|(keys, _)| *keys == binding.keys);
            let footed = watching.iter().any(|c| c.keys == binding.keys);
            assert!(
                helped || (binding.scope != Scope::Play && footed),
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
