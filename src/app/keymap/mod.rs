//! Every key of the game in one table. Each screen looks its keys up
//! here, the `?` overlay lists the table, and the legend beside the key
//! caps and the footers are made from it, so they cannot disagree.
//!
//! The table is data: [`KeyMap::rebind`] replaces a binding's keys at run
//! time (a config file, say). The app owns the map in use and hands it to
//! each screen it makes, so the help and footers name the keys that map
//! binds, and two apps (two tests) may play with different maps at once.

use std::borrow::Cow;

use crossterm::event::KeyEvent;

pub(crate) use key::{Key, describe, is_interrupt};
use schokoban_core::Direction;

mod build;
mod key;
mod table;
mod wording;

/// What a binding does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// Play: move and push. Editor: the cursor. Menus: the selection.
    Move(Direction),
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
    /// Play: keep the position as a snapshot.
    Snapshot,
    /// Play: the level's kept solutions, snapshots and what can be copied.
    Kept,
    /// Play: copy the moves so far; the kept list: copy the line chosen.
    Copy,
    /// Play and level lists: play the level in reverse, pulling the boxes
    /// back from the goals.
    Reverse,
    /// Reverse play: pull the box behind the player, or walk away from it.
    PullOrWalk,
    /// Reverse play, before the first pull: stand in the next room.
    Jump,
    /// Editor: put the piece with this number.
    Place(u8),
    /// Editor: put the last piece again.
    PlaceAgain,
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
    Accept,
    Back,
    /// Anywhere but a text field: the messages on show, whole.
    Messages,
    /// The end screen: the leaderboard whole, where it shows cut.
    WholeBoard,
    /// Main menu: ask before quitting; again quits.
    AskQuit,
    /// Collections: remove the selected added collection.
    Remove,
    /// A yes-or-no question: yes; any other key is no.
    Yes,
    /// A yes-or-no question with a choice on screen: no.
    No,
    PageUp,
    PageDown,
    First,
    Last,
    /// Level lists: a digit of the number of the level to go to.
    Digit(u8),
    /// A path field: complete the path typed.
    Complete,
}

/// Where a binding applies. A screen looks in its own scope first, then
/// in a shared one (the main menu, then [`Scope::Menus`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Play,
    /// Reverse play's own keys; the rest are Play's.
    Reverse,
    /// Watching a solution or a run.
    Watch,
    Editor,
    /// Every menu and list, and the boxes over a screen.
    Menus,
    MainMenu,
    /// The chooser of collections.
    Collections,
    /// A yes-or-no question.
    Confirm,
    /// Lists longer than a page.
    Lists,
    /// A screen with a text field: only keys that type nothing.
    TextField,
}

#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub action: Action,
    pub scope: Scope,
    /// The keys that do it; the first is the one footers name.
    pub keys: Cow<'static, [Key]>,
    /// The keys as the help writes them; empty for a binding the help
    /// lists under the one before it (Down under Up).
    pub label: Cow<'static, str>,
    /// The help overlay's text; a second line goes under the first.
    pub help: &'static [&'static str],
    /// The legend beside the key caps: its row, the keys as the caps
    /// write them (while not rebound), and what the keys do.
    pub legend: Option<(u16, &'static str, &'static str)>,
}

/// The bindings in use: the defaults, with the keys a config file rebinds.
#[derive(Clone, Debug)]
pub struct KeyMap {
    bindings: Vec<Binding>,
}

impl Default for KeyMap {
    fn default() -> Self {
        Self {
            bindings: table::defaults(),
        }
    }
}

impl KeyMap {
    /// What `key` does, looking in `scopes` in order.
    pub(crate) fn action(&self, scopes: &[Scope], key: &KeyEvent) -> Option<Action> {
        scopes.iter().find_map(|&scope| {
            self.bindings
                .iter()
                .find(|b| b.scope == scope && b.keys.iter().any(|k| k.matches(key)))
                .map(|b| b.action)
        })
    }

    /// Replaces the keys of `action` in `scope`; the help then names the
    /// new keys. Says whether there was such a binding.
    pub(crate) fn rebind(&mut self, scope: Scope, action: Action, keys: Vec<Key>) -> bool {
        let Some(binding) = self
            .bindings
            .iter_mut()
            .find(|b| b.scope == scope && b.action == action)
        else {
            return false;
        };
        binding.keys = Cow::Owned(keys);
        if !binding.label.is_empty() {
            binding.label = Cow::Owned(describe(&binding.keys));
        }
        // Up's label speaks for all four directions.
        if let Action::Move(_) = action {
            let all: Vec<Key> = self
                .bindings
                .iter()
                .filter(|b| b.scope == scope && matches!(b.action, Action::Move(_)))
                .flat_map(|b| b.keys.iter().copied())
                .collect();
            if let Some(up) = self.bindings.iter_mut().find(|b| {
                b.scope == scope && b.action == Action::Move(Direction::Up) && !b.label.is_empty()
            }) {
                up.label = Cow::Owned(describe(&all));
            }
        }
        true
    }

    /// The keys that do `action` in `scope`.
    pub(crate) fn keys_of(&self, scope: Scope, action: Action) -> Vec<Key> {
        self.binding(scope, action)
            .map(|b| b.keys.to_vec())
            .unwrap_or_default()
    }

    fn binding(&self, scope: Scope, action: Action) -> Option<&Binding> {
        self.bindings
            .iter()
            .find(|b| b.scope == scope && b.action == action)
    }

    fn scope(&self, scope: Scope) -> impl Iterator<Item = &Binding> {
        self.bindings.iter().filter(move |b| b.scope == scope)
    }
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
            Action::Move(Direction::Up) => letter('w'),
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
            Action::Snapshot => letter('k'),
            Action::Kept => letter('l'),
            Action::Copy => letter('c'),
            Action::Reverse => letter('b'),
            _ => None,
        }
    }

    #[test]
    fn every_play_key_in_the_help_does_what_the_help_says() {
        let map = KeyMap::default();
        // A binding without a label of its own is told on the line of the
        // one before it (`N / P`).
        let mut label = String::new();
        for binding in map.scope(Scope::Play) {
            if !binding.label.is_empty() {
                label = binding.label.to_lowercase();
            }
            let Some(key) = example(binding.action) else {
                continue;
            };
            let play = map.action(&[Scope::Play], &key);
            assert_eq!(play, Some(binding.action), "{label}");
            let named = label.contains(&key_name(&key));
            assert!(named, "{:?} is not {label}", binding.action);
        }
        // Upper case letters and arrows too, as the help says.
        let play = |code| map.action(&[Scope::Play], &key(code));
        assert_eq!(play(KeyCode::Char('U')), Some(Action::Undo));
        assert_eq!(play(KeyCode::Left), Some(Action::Move(Direction::Left)));
        assert_eq!(play(KeyCode::Char('q')), None);
    }

    fn key_name(key: &KeyEvent) -> String {
        match key.code {
            KeyCode::Esc => "esc".to_owned(),
            KeyCode::Char(c) => c.to_string(),
            other => format!("{other:?}").to_lowercase(),
        }
    }

    #[test]
    fn every_binding_with_help_is_listed_and_the_legend_names_real_keys() {
        let map = KeyMap::default();
        let lines = map.help_lines();
        let mut footers = map.watch_commands();
        footers.extend(map.editor_commands());
        for binding in &map.bindings {
            if binding.help.is_empty() {
                continue;
            }
            let helped = lines.iter().any(|(keys, _)| *keys == binding.label);
            let footed = footers.iter().any(|c| c.keys == binding.label);
            assert!(
                helped || (binding.scope != Scope::Play && footed),
                "{} has no help",
                binding.label
            );
        }
        let legend = map.legend_lines().join(" ");
        for cap in ["WASD/arrows move", "U undo", "ESC leave", "? all keys"] {
            assert!(legend.contains(cap), "{cap} not in {legend}");
        }
    }

    #[test]
    fn a_rebound_key_acts_and_the_help_and_legend_name_it() {
        let mut map = KeyMap::default();
        assert!(map.rebind(Scope::Play, Action::Undo, vec![Key::Letter('o')]));
        assert_eq!(
            map.action(&[Scope::Play], &key(KeyCode::Char('o'))),
            Some(Action::Undo)
        );
        assert_eq!(map.action(&[Scope::Play], &key(KeyCode::Char('u'))), None);
        let moves = [
            (Direction::Up, 'i'),
            (Direction::Down, 'k'),
            (Direction::Left, 'j'),
            (Direction::Right, 'l'),
        ];
        for (direction, letter) in moves {
            assert!(map.rebind(
                Scope::Play,
                Action::Move(direction),
                vec![Key::Letter(letter)]
            ));
        }
        assert!(
            map.help_lines()
                .contains(&("I / K / J / L".to_owned(), "move and push"))
        );
        let legend = map.legend_lines().join(" ");
        assert!(
            legend.contains("I/K/J/L move") && legend.contains("O undo"),
            "{legend}"
        );
        assert_eq!(map.undo_or_reset(), "undo (O) or reset (R)");
        // The default map beside it is untouched.
        assert_eq!(KeyMap::default().undo_or_reset(), "undo (U) or reset (R)");
    }

    #[test]
    fn a_menu_footer_names_the_keys_in_use() {
        let map = KeyMap::default();
        assert_eq!(map.up_down(), "↑↓");
        let all = map.pair(
            Scope::Menus,
            Action::Move(Direction::Up),
            Action::Move(Direction::Down),
            true,
        );
        assert_eq!(all, "↑↓ or W/S");
        assert_eq!(
            map.key_names(Scope::Menus, Action::Accept),
            "Enter or Space"
        );
    }
}
