//! The keys in use as the screens word them: the names footers give them,
//! the footers' commands, the `?` overlay's lines and the legend beside the
//! key caps. Kept apart from the table and its look-ups in `mod.rs`, as all
//! of it only reads the map.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::{Action, KeyMap, Scope};
use crate::app::screen::Command;
use schokoban_core::Direction;

/// Legend entries on one row are set in columns this wide.
const LEGEND_COLUMN: usize = 9;

impl KeyMap {
    /// The first key of a binding, as footers name it: `Enter`, `X`, `↑`.
    pub(crate) fn key_name(&self, scope: Scope, action: Action) -> String {
        self.binding(scope, action)
            .and_then(|b| b.keys.first().map(|k| k.name()))
            .unwrap_or_default()
    }

    /// The way out of a lost position, with the keys in use:
    /// `undo (U) or reset (R)`.
    pub(crate) fn undo_or_reset(&self) -> String {
        let undo = self.key_name(Scope::Play, Action::Undo);
        let reset = self.key_name(Scope::Play, Action::Reset);
        format!("undo ({undo}) or reset ({reset})")
    }

    /// A binding's keys as the help writes them: `Enter`, `WASD / arrows`.
    pub(crate) fn label(&self, scope: Scope, action: Action) -> String {
        self.binding(scope, action)
            .map(|b| b.label.to_string())
            .unwrap_or_default()
    }

    /// Every key of a binding, as `Enter or Space`.
    pub(crate) fn key_names(&self, scope: Scope, action: Action) -> String {
        self.binding(scope, action)
            .map(|b| {
                b.keys
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(" or ")
            })
            .unwrap_or_default()
    }

    /// Two opposite bindings' keys for a footer: `↑↓`, or `↑↓ or W/S` with
    /// `all`. Arrows go together; other keys take a slash between.
    pub(crate) fn pair(&self, scope: Scope, first: Action, second: Action, all: bool) -> String {
        let keys = |action| {
            self.binding(scope, action)
                .map(|b| b.keys.iter().map(|k| k.name()).collect::<Vec<_>>())
                .unwrap_or_default()
        };
        let (firsts, seconds) = (keys(first), keys(second));
        let count = if all { firsts.len() } else { 1 };
        firsts
            .iter()
            .zip(&seconds)
            .take(count)
            .map(|(a, b)| {
                let arrows = a.chars().count() == 1 && !a.chars().all(char::is_alphanumeric);
                if arrows && b.chars().count() == 1 {
                    format!("{a}{b}")
                } else {
                    format!("{a}/{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(" or ")
    }

    /// The up and down keys of menus, as `↑↓`.
    pub(crate) fn up_down(&self) -> String {
        self.pair(
            Scope::Menus,
            Action::Move(Direction::Up),
            Action::Move(Direction::Down),
            false,
        )
    }

    /// The editor's keys, for its footer.
    pub(crate) fn editor_commands(&self) -> Vec<Command> {
        self.short_commands(Scope::Editor)
    }

    /// The editor's keys in fewer words, for a narrow screen: undo and redo
    /// as one hint, the four size keys as one.
    pub(crate) fn editor_commands_compact(&self) -> Vec<Command> {
        let scope = Scope::Editor;
        let sizes = [
            Action::Wider,
            Action::Narrower,
            Action::Taller,
            Action::Shorter,
        ]
        .map(|action| self.key_name(scope, action))
        .concat();
        vec![
            Command::new(self.label(scope, Action::Move(Direction::Up)), "cursor"),
            Command::new(self.label(scope, Action::Place(1)), "place"),
            Command::new(
                self.pair(scope, Action::Undo, Action::Redo, false),
                "undo/redo",
            ),
            Command::new(sizes, "size"),
            Command::new(self.label(scope, Action::TryOut), "try it"),
            Command::new(self.label(scope, Action::SaveLevel), "save"),
            Command::new(self.label(scope, Action::Leave), "leave"),
        ]
    }

    /// The Play screen's keys, each with the first line of its help.
    pub(crate) fn play_commands(&self) -> Vec<Command> {
        self.scope_commands(Scope::Play)
    }

    /// The keys while watching, for the footer: the help without "watching: ".
    pub(crate) fn watch_commands(&self) -> Vec<Command> {
        self.short_commands(Scope::Watch)
    }

    /// A scope's keys with their help's "watching: " or "editor: " cut off.
    fn short_commands(&self, scope: Scope) -> Vec<Command> {
        self.scope_commands(scope)
            .into_iter()
            .map(|c| {
                let action = c.action.split_once(": ").map_or(c.action, |(_, a)| a);
                Command::new(c.keys, action)
            })
            .collect()
    }

    fn scope_commands(&self, scope: Scope) -> Vec<Command> {
        self.scope(scope)
            .filter_map(|b| {
                let help = b.help.first()?;
                Some(Command::new(b.label.clone(), help))
            })
            .collect()
    }

    /// The `?` overlay's lines, for play and menus: keys and what they do.
    /// Watching shows its own keys in its footer.
    pub fn help_lines(&self) -> Vec<(String, &'static str)> {
        self.lines_where(|scope| {
            matches!(
                scope,
                Scope::Play | Scope::Reverse | Scope::Menus | Scope::Lists
            )
        })
    }

    /// Every key with its help, in every scope: the manual page's KEYS.
    pub fn every_key_line(&self) -> Vec<(String, &'static str)> {
        self.lines_where(|_| true)
    }

    /// The help lines of the bindings whose scope `wanted` takes.
    fn lines_where(&self, wanted: impl Fn(Scope) -> bool) -> Vec<(String, &'static str)> {
        self.bindings
            .iter()
            .filter(|b| wanted(b.scope))
            .flat_map(|b| {
                b.help.iter().enumerate().map(|(i, &text)| {
                    let keys = if i == 0 {
                        b.label.to_string()
                    } else {
                        String::new()
                    };
                    (keys, text)
                })
            })
            .collect()
    }

    /// The legend beside the key caps, one line per row: `U undo  Y redo`.
    pub(crate) fn legend_lines(&self) -> Vec<String> {
        let entries: Vec<(u16, String)> = self
            .bindings
            .iter()
            .filter_map(|b| {
                let (row, caps, word) = b.legend?;
                let keys = match &b.label {
                    Cow::Borrowed(_) => caps.to_owned(),
                    Cow::Owned(rebound) => rebound.replace(" / ", "/"),
                };
                Some((row, format!("{keys} {word}")))
            })
            .collect();
        let rows = entries.iter().map(|(row, _)| row + 1).max().unwrap_or(0);
        (0..rows)
            .map(|row| {
                let texts: Vec<&String> = entries
                    .iter()
                    .filter(|(r, _)| *r == row)
                    .map(|(_, text)| text)
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
}
