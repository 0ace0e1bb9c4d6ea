//! A vertical list of choices with one selected, used by every menu.

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListState, StatefulWidget, Widget};

use crate::app::keymap::{self, Action, Scope};
use crate::app::screen::Command;
use crate::app::theme::{Chrome, Theme};
use schokoban_core::Direction;

/// What a key asked of a menu, beyond moving the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Accept,
    Back,
}

/// The keys every menu shares: up and down move `selected` through `len`
/// items (wrapping), Enter or Space accept, Escape or Backspace go back.
pub fn menu_key(key: &KeyEvent, selected: &mut usize, len: usize) -> Option<MenuKey> {
    match keymap::action(&[Scope::Menus], key)? {
        Action::Move(Direction::Up) => *selected = step_selection(*selected, len, false),
        Action::Move(Direction::Down) => *selected = step_selection(*selected, len, true),
        Action::Accept if len > 0 => return Some(MenuKey::Accept),
        Action::Back => return Some(MenuKey::Back),
        _ => {}
    }
    None
}

/// A left click on a menu drawn in `area` with `len` items: a click on an
/// item selects it, and a click on the selected item accepts it. A menu
/// taller than its area is scrolled as [`MenuList`] draws it.
pub fn menu_click(
    mouse: MouseEvent,
    area: Rect,
    selected: &mut usize,
    len: usize,
) -> Option<MenuKey> {
    let left_click = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
    let inside = area.contains(Position::new(mouse.column, mouse.row));
    if !left_click || !inside {
        return None;
    }
    let row = scroll_offset(*selected, area.height) + (mouse.row - area.y) as usize;
    if row >= len {
        return None;
    }
    if row == *selected {
        return Some(MenuKey::Accept);
    }
    *selected = row;
    None
}

/// The first item shown of a menu `height` rows tall: a menu taller than
/// that turns page by page, so an item clicked stays where it was and
/// drawing and clicking agree without remembering a scroll position.
/// The rows a menu of `len` items draws in `height` rows with `selected`
/// chosen: the page of items it shows.
pub fn menu_rows(selected: usize, len: usize, height: u16) -> u16 {
    let shown = len.saturating_sub(scroll_offset(selected, height));
    u16::try_from(shown).unwrap_or(u16::MAX).min(height)
}

fn scroll_offset(selected: usize, height: u16) -> usize {
    let height = usize::from(height.max(1));
    selected / height * height
}

/// Moves a selection up or down through `len` items, wrapping around.
fn step_selection(selected: usize, len: usize, down: bool) -> usize {
    match (len, down) {
        (0, _) => 0,
        (_, true) => (selected + 1) % len,
        (_, false) => (selected + len - 1) % len,
    }
}

/// The footer of a plain menu: `↑↓ choose · Enter ACCEPT · Esc back`.
pub fn menu_commands(accept: &'static str) -> Vec<Command> {
    vec![
        Command::new(keymap::up_down(), "choose"),
        Command::new(keymap::key_name(Scope::Menus, Action::Accept), accept),
        Command::new(keymap::key_name(Scope::Menus, Action::Back), "back"),
    ]
}

pub struct MenuList<'a> {
    pub items: &'a [String],
    pub selected: usize,
    pub theme: Theme,
}

impl Widget for MenuList<'_> {
    /// The selected item is marked `▶` and highlighted over its text only.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let items = self.items.iter().enumerate().map(|(row, item)| {
            if row == self.selected {
                Line::from(Span::styled(
                    format!("{} {item} ", self.theme.chrome(Chrome::Pointer)),
                    self.theme.selected(),
                ))
            } else {
                Line::raw(format!("  {item}"))
            }
        });
        // A menu taller than its area shows the selection's page.
        let mut state = ListState::default()
            .with_offset(scroll_offset(self.selected, area.height))
            .with_selected(Some(self.selected));
        StatefulWidget::render(List::new(items), area, buf, &mut state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_menu_draws_the_page_of_items_its_choice_is_on() {
        // 18 items in pages of 8: 0-7, 8-15, then 16 and 17 alone.
        assert_eq!(menu_rows(0, 18, 8), 8);
        assert_eq!(menu_rows(15, 18, 8), 8);
        assert_eq!(menu_rows(16, 18, 8), 2);
        assert_eq!(menu_rows(0, 3, 8), 3);
        assert_eq!(menu_rows(0, 0, 8), 0);
    }
}
