//! A vertical list of choices with one selected, used by every menu.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::keys;
use crate::app::theme::{Chrome, Theme};
use crate::game::Direction;

/// What a key asked of a menu, beyond moving the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Accept,
    Back,
}

/// The keys every menu shares: up and down move `selected` through `len`
/// items (wrapping), Enter or Space accept, Escape or Backspace go back.
pub fn menu_key(key: &KeyEvent, selected: &mut usize, len: usize) -> Option<MenuKey> {
    match keys::direction(key) {
        Some(Direction::Up) => *selected = step_selection(*selected, len, false),
        Some(Direction::Down) => *selected = step_selection(*selected, len, true),
        _ if keys::is_accept(key) && len > 0 => return Some(MenuKey::Accept),
        _ if keys::is_back(key) => return Some(MenuKey::Back),
        _ => {}
    }
    None
}

/// Moves a selection up or down through `len` items, wrapping around.
fn step_selection(selected: usize, len: usize, down: bool) -> usize {
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
                let line = format!("{} {item} ", self.theme.chrome(Chrome::Pointer));
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
