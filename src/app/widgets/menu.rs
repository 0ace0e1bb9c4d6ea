//! A vertical list of choices with one selected, used by every menu.

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

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
/// taller than its area is paged as [`MenuList`] draws it; a click on its
/// "more" line turns to the next page.
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
    let page = Page::of(*selected, len, area.height);
    let row = usize::from(mouse.row - area.y);
    if row == page.shown && page.paged {
        *selected = page.next_first;
        return None;
    }
    if row >= page.shown {
        return None;
    }
    if page.first + row == *selected {
        return Some(MenuKey::Accept);
    }
    *selected = page.first + row;
    None
}

/// The rows a menu of `len` items draws in `height` rows with `selected`
/// chosen: its page of items, and the "more" line of a paged menu.
pub fn menu_rows(selected: usize, len: usize, height: u16) -> u16 {
    let page = Page::of(selected, len, height);
    u16::try_from(page.shown + usize::from(page.paged)).unwrap_or(u16::MAX)
}

/// The part of a menu on screen. A menu taller than its area turns page
/// by page, so an item clicked stays where it was and drawing and clicking
/// agree without remembering a scroll position; the last row then says
/// how many items the other pages hold, so that none is hidden unsaid.
struct Page {
    /// The first item shown.
    first: usize,
    /// How many items are shown.
    shown: usize,
    /// Whether there are other pages, and so a "more" line.
    paged: bool,
    /// The item the "more" line leads to: the next page's first, or the
    /// first page's from the last.
    next_first: usize,
}

impl Page {
    fn of(selected: usize, len: usize, height: u16) -> Self {
        let height = usize::from(height.max(1));
        let paged = len > height && height >= 2;
        let size = if paged { height - 1 } else { height };
        let first = selected / size * size;
        let shown = len.saturating_sub(first).min(size);
        let next = first + size;
        Self {
            first,
            shown,
            paged,
            next_first: if next < len { next } else { 0 },
        }
    }

    /// The "more" line: `↓ 9 more` on the first page, `↑ 7 · ↓ 2 more`
    /// on a middle one, `↑ 14 more` on the last.
    fn more_line(&self, len: usize) -> String {
        let (before, after) = (self.first, len - self.first - self.shown);
        match (before, after) {
            (0, _) => format!("↓ {after} more"),
            (_, 0) => format!("↑ {before} more"),
            _ => format!("↑ {before} · ↓ {after} more"),
        }
    }
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
        let len = self.items.len();
        let page = Page::of(self.selected, len, area.height);
        let shown = &self.items[page.first..page.first + page.shown];
        let mut lines: Vec<Line> = (page.first..)
            .zip(shown)
            .map(|(row, item)| {
                if row == self.selected {
                    Line::from(Span::styled(
                        format!("{} {item} ", self.theme.chrome(Chrome::Pointer)),
                        self.theme.selected(),
                    ))
                } else {
                    Line::raw(format!("  {item}"))
                }
            })
            .collect();
        if page.paged {
            let more = format!("  {}", self.theme.text(&page.more_line(len)));
            lines.push(Line::from(Span::styled(more, self.theme.dim())));
        }
        for (y, line) in (area.y..area.bottom()).zip(lines) {
            line.render(
                Rect {
                    y,
                    height: 1,
                    ..area
                },
                buf,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_menu_draws_the_page_of_items_its_choice_is_on_and_a_more_line() {
        // 18 items in 8 rows: pages of 7 (0-6, 7-13, 14-17), each with a
        // "more" line below.
        assert_eq!(menu_rows(0, 18, 8), 8);
        assert_eq!(menu_rows(13, 18, 8), 8);
        assert_eq!(menu_rows(14, 18, 8), 5);
        // A menu that fits has no "more" line.
        assert_eq!(menu_rows(0, 8, 8), 8);
        assert_eq!(menu_rows(0, 3, 8), 3);
        assert_eq!(menu_rows(0, 0, 8), 0);
    }

    fn drawn(selected: usize, len: usize, height: u16) -> Vec<String> {
        let items: Vec<String> = (1..=len).map(|n| format!("Item {n}")).collect();
        let area = Rect::new(0, 0, 20, height);
        let mut buf = Buffer::empty(area);
        MenuList {
            items: &items,
            selected,
            theme: Theme::default(),
        }
        .render(area, &mut buf);
        (0..height)
            .map(|y| {
                let row = (0..20).map(|x| buf[(x, y)].symbol()).collect::<String>();
                row.trim_end().to_owned()
            })
            .collect()
    }

    #[test]
    fn a_paged_menu_says_how_many_items_its_other_pages_hold() {
        assert_eq!(drawn(1, 5, 3), ["  Item 1", "▶ Item 2", "  ↓ 3 more"]);
        assert_eq!(drawn(2, 5, 3), ["▶ Item 3", "  Item 4", "  ↑ 2 · ↓ 1 more"]);
        assert_eq!(drawn(4, 5, 3), ["▶ Item 5", "  ↑ 4 more", ""]);
        assert_eq!(drawn(0, 3, 3), ["▶ Item 1", "  Item 2", "  Item 3"]);
    }

    #[test]
    fn a_click_on_the_more_line_turns_the_page() {
        let area = Rect::new(0, 0, 12, 3);
        let click = |row| MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 4,
            row,
            modifiers: crossterm::event::KeyModifiers::NONE,
        };
        let mut selected = 1;
        assert_eq!(menu_click(click(2), area, &mut selected, 5), None);
        assert_eq!(selected, 2, "to the next page's first item");
        assert_eq!(menu_click(click(1), area, &mut selected, 5), None);
        assert_eq!(selected, 3);
        assert_eq!(
            menu_click(click(1), area, &mut selected, 5),
            Some(MenuKey::Accept)
        );
        selected = 4;
        assert_eq!(menu_click(click(1), area, &mut selected, 5), None);
        assert_eq!(selected, 0, "from the last page back to the first");
        selected = 4;
        assert_eq!(menu_click(click(2), area, &mut selected, 5), None);
        assert_eq!(selected, 4, "a click below the more line does nothing");
    }
}
