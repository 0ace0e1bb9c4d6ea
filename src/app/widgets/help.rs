//! The `?` overlay listing every key, from the key map: its whole text at
//! any size, wrapped at words and scrolled when the screen is short.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crossterm::event::KeyEvent;

use super::overlay::{Overlay, OverlayEntry};
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::theme::Theme;
use schokoban_core::Direction;

/// Room for the longest keys, `Esc / Backspace`.
const KEYS_WIDTH: u16 = 15;

fn entries(keys: &KeyMap, theme: Theme) -> Vec<OverlayEntry> {
    keys.help_lines()
        .into_iter()
        .map(|(keys, what)| OverlayEntry {
            label: theme.text(&keys).into_owned(),
            text: theme.text(what).into_owned(),
            style: Style::new(),
        })
        .collect()
}

fn overlay(entries: &[OverlayEntry], scroll: usize, theme: Theme) -> Overlay<'_> {
    Overlay {
        title: "Keys",
        entries,
        label_width: KEYS_WIDTH,
        scroll,
        theme,
    }
}

/// The `?` help over a level: closed, or open and scrolled by some rows
/// on a screen too short for it. Play and reverse play each hold one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LevelHelp {
    scroll: Option<usize>,
}

impl LevelHelp {
    pub fn open(&mut self) {
        self.scroll = Some(0);
    }

    pub fn is_open(self) -> bool {
        self.scroll.is_some()
    }

    /// A key while the help is open: arrows scroll a help taller than the
    /// screen of `area`, any other key closes it. Returns whether the help
    /// took the key, which it does whenever it is open.
    pub fn key(&mut self, keys: &KeyMap, area: Rect, theme: Theme, key: &KeyEvent) -> bool {
        let Some(scroll) = self.scroll.as_mut() else {
            return false;
        };
        let end = overlay(&entries(keys, theme), 0, theme).max_scroll(area);
        match keys.action(&[Scope::Menus], key) {
            Some(Action::Move(Direction::Up)) if end > 0 => {
                *scroll = (*scroll).min(end).saturating_sub(1);
            }
            Some(Action::Move(Direction::Down)) if end > 0 => {
                *scroll = (*scroll + 1).min(end);
            }
            _ => self.scroll = None,
        }
        true
    }

    /// Every key of the key map over the screen, when the help is open.
    pub fn render(self, area: Rect, buf: &mut Buffer, keys: &KeyMap, theme: Theme) {
        if let Some(scroll) = self.scroll {
            let entries = entries(keys, theme);
            overlay(&entries, scroll, theme).render(area, buf);
        }
    }
}
