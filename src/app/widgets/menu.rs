//! A vertical list of choices with one selected, used by every menu.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::theme::Theme;

/// Moves a selection up or down through `len` items, wrapping around.
pub fn step_selection(selected: usize, len: usize, down: bool) -> usize {
    match (len, down) {
        (0, _) => 0,
        (_, true) => (selected + 1) % len,
        (_, false) => (selected + len - 1) % len,
    }
}

pub struct MenuList<'a> {
    pub items: &'a [String],
    pub selected: usize,
    pub theme: Theme,
}

impl Widget for MenuList<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for (row, item) in self.items.iter().enumerate() {
            let y = area.y + row as u16;
            if y >= area.bottom() {
                break;
            }
            if row == self.selected {
                let line = format!("▶ {item} ");
                buf.set_stringn(area.x, y, line, area.width as usize, self.theme.selected());
            } else {
                buf.set_stringn(
                    area.x + 2,
                    y,
                    item,
                    area.width.saturating_sub(2) as usize,
                    ratatui::style::Style::new(),
                );
            }
        }
    }
}
