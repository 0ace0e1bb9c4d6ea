//! The `?` overlay listing every key, from the key map: its whole text at
//! any size, wrapped at words and scrolled when the screen is short.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::overlay::{Overlay, OverlayEntry};
use crate::app::keymap::help_lines;
use crate::app::theme::Theme;

/// Room for the longest keys, `Esc / Backspace`.
const KEYS_WIDTH: u16 = 15;

fn entries(theme: Theme) -> Vec<OverlayEntry> {
    help_lines()
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
pub fn render_help(area: Rect, buf: &mut Buffer, theme: Theme, scroll: usize) {
    let entries = entries(theme);
    overlay(&entries, scroll, theme).render(area, buf);
}

/// How far the help scrolls on a screen of `area`.
pub fn help_max_scroll(area: Rect, theme: Theme) -> usize {
    overlay(&entries(theme), 0, theme).max_scroll(area)
}
