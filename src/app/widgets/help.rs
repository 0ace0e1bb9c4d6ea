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

/// Every key of the key map, in an overlay scrolled by `scroll` rows.
pub fn render_help(area: Rect, buf: &mut Buffer, keys: &KeyMap, theme: Theme, scroll: usize) {
    let entries = entries(keys, theme);
    overlay(&entries, scroll, theme).render(area, buf);
}

/// A key while the help is open over a level: arrows scroll a help
/// taller than the screen, any other key closes it. Returns whether the
/// help stays open.
/// `keys` is the map in use, which the help lists.
pub(crate) fn help_key(
    keys: &KeyMap,
    area: Rect,
    theme: Theme,
    scroll: &mut usize,
    key: &KeyEvent,
) -> bool {
    let end = help_max_scroll(keys, area, theme);
    match keys.action(&[Scope::Menus], key) {
        Some(Action::Move(Direction::Up)) if end > 0 => {
            *scroll = (*scroll).min(end).saturating_sub(1);
            true
        }
        Some(Action::Move(Direction::Down)) if end > 0 => {
            *scroll = (*scroll + 1).min(end);
            true
        }
        _ => false,
    }
}

/// How far the help scrolls on a screen of `area`.
pub fn help_max_scroll(keys: &KeyMap, area: Rect, theme: Theme) -> usize {
    overlay(&entries(keys, theme), 0, theme).max_scroll(area)
}
