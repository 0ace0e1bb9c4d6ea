//! A vertical list of choices with one selected, used by every menu.

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::screen::Command;
use crate::app::theme::{Chrome, Theme};
use schokoban_core::Direction;

/// What a key asked of a menu, beyond moving the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Accept,
    Back,
}

/// How far Page Up and Page Down move a menu's selection.
const MENU_PAGE: usize = 8;

/// The keys every menu shares: up and down move `selected` through `len`
/// items (wrapping), Home, End, Page Up and Page Down jump, Enter or Space
/// accept, Escape or Backspace go back.
pub fn menu_key(
    keys: &KeyMap,
    key: &KeyEvent,
    selected: &mut usize,
    len: usize,
) -> Option<MenuKey> {
    let last = len.saturating_sub(1);
    match keys.action(&[Scope::Menus, Scope::Lists], key)? {
        Action::Move(Direction::Up) => *selected = step_selection(*selected, len, false),
        Action::Move(Direction::Down) => *selected = step_selection(*selected, len, true),
        Action::First => *selected = 0,
        Action::Last => *selected = last,
        Action::PageUp => *selected = selected.saturating_sub(MENU_PAGE),
        Action::PageDown => *selected = (*selected + MENU_PAGE).min(last),
        Action::Accept if len > 0 => return Some(MenuKey::Accept),
        Action::Back => return Some(MenuKey::Back),
        _ => {}
    }
    None
}

/// A left click or the wheel on a menu drawn in `area` with `len` items:
/// a click on an item selects it, a click on the selected item accepts
/// it, a click on a "more" mark shows the next item that way, and the
/// wheel moves the selection.
pub fn menu_click(
    mouse: MouseEvent,
    area: Rect,
    selected: &mut usize,
    len: usize,
) -> Option<MenuKey> {
    if !area.contains(Position::new(mouse.column, mouse.row)) || len == 0 {
        return None;
    }
    let window = Window::of(*selected, len, area.height);
    match mouse.kind {
        MouseEventKind::ScrollUp => *selected = selected.saturating_sub(1),
        MouseEventKind::ScrollDown => *selected = (*selected + 1).min(len - 1),
        MouseEventKind::Down(MouseButton::Left) => {
            let row = usize::from(mouse.row - area.y);
            match window.at_row(row) {
                Some(Row::Above) => *selected = window.first - 1,
                Some(Row::Below) => *selected = window.first + window.shown,
                Some(Row::Item(item)) if item == *selected => return Some(MenuKey::Accept),
                Some(Row::Item(item)) => *selected = item,
                None => {}
            }
        }
        _ => {}
    }
    None
}

/// The rows a menu of `len` items draws in `height` rows with `selected`
/// chosen: its items and "more" marks.
pub fn menu_rows(selected: usize, len: usize, height: u16) -> u16 {
    let window = Window::of(selected, len, height);
    let marks = usize::from(window.above()) + usize::from(window.below(len) > 0);
    u16::try_from(window.shown + marks).unwrap_or(u16::MAX)
}

/// What a row of a drawn menu holds.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Row {
    /// The mark saying how many items are above.
    Above,
    Item(usize),
    /// The mark saying how many items are below.
    Below,
}

/// The part of a menu on screen. A menu taller than its area shows a
/// window of items around the selection, always full, with a mark above
/// it saying how many items are above and one below for those below, so
/// that none is hidden unsaid. The window follows from the selection
/// alone, so drawing and clicking agree without a scroll position.
pub(crate) struct Window {
    /// The first item shown.
    pub(crate) first: usize,
    /// How many items are shown.
    pub(crate) shown: usize,
    /// Whether there are items past the window at all, and so marks.
    scrolled: bool,
}

impl Window {
    pub(crate) fn of(selected: usize, len: usize, height: u16) -> Self {
        let height = usize::from(height.max(1));
        if len <= height {
            return Self {
                first: 0,
                shown: len,
                scrolled: false,
            };
        }
        if height < 3 {
            // No room for marks: the rows show items only.
            let first = selected.saturating_sub(height - 1).min(len - height);
            return Self {
                first,
                shown: height,
                scrolled: false,
            };
        }
        // With both marks, the selection near the middle.
        let between = height - 2;
        let first = selected.saturating_sub(between / 2);
        let (first, shown) = if first == 0 {
            (0, height - 1)
        } else if first + between >= len {
            (len - (height - 1), height - 1)
        } else {
            (first, between)
        };
        Self {
            first,
            shown,
            scrolled: true,
        }
    }

    /// Whether a mark above the items counts items above them.
    pub(crate) fn above(&self) -> bool {
        self.scrolled && self.first > 0
    }

    /// How many items the mark below the items counts; 0 for no mark.
    pub(crate) fn below(&self, len: usize) -> usize {
        if self.scrolled {
            len - self.first - self.shown
        } else {
            0
        }
    }

    /// What row `row` (from the top of the menu) holds.
    pub(crate) fn at_row(&self, row: usize) -> Option<Row> {
        let top = usize::from(self.above());
        if row < top {
            return Some(Row::Above);
        }
        let item = row - top;
        if item < self.shown {
            return Some(Row::Item(self.first + item));
        }
        (item == self.shown && self.scrolled).then_some(Row::Below)
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
pub fn menu_commands(keys: &KeyMap, accept: &'static str) -> Vec<Command> {
    vec![
        Command::new(keys.up_down(), "choose"),
        Command::new(keys.key_name(Scope::Menus, Action::Accept), accept),
        Command::new(keys.key_name(Scope::Menus, Action::Back), "back"),
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
        let window = Window::of(self.selected, len, area.height);
        let mark = |text: String| {
            let text = format!("  {}", self.theme.text(&text));
            Line::from(Span::styled(text, self.theme.dim()))
        };
        let mut lines: Vec<Line> = Vec::new();
        if window.above() {
            lines.push(mark(format!("↑ {} more", window.first)));
        }
        let shown = &self.items[window.first..window.first + window.shown];
        lines.extend((window.first..).zip(shown).map(|(row, item)| {
            if row == self.selected {
                Line::from(Span::styled(
                    format!("{} {item} ", self.theme.chrome(Chrome::Pointer)),
                    self.theme.selected(),
                ))
            } else {
                Line::raw(format!("  {item}"))
            }
        }));
        let below = window.below(len);
        if below > 0 {
            lines.push(mark(format!("↓ {below} more")));
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
    fn a_menu_taller_than_its_area_fills_it_with_items_and_marks() {
        // 18 items in 8 rows: always 8 rows drawn, whatever is chosen.
        for selected in 0..18 {
            assert_eq!(menu_rows(selected, 18, 8), 8, "at {selected}");
        }
        // A menu that fits has no marks.
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
    fn the_more_marks_stand_where_the_hidden_items_are() {
        assert_eq!(
            drawn(1, 6, 4),
            ["  Item 1", "▶ Item 2", "  Item 3", "  ↓ 3 more"]
        );
        assert_eq!(
            drawn(3, 6, 4),
            ["  ↑ 2 more", "  Item 3", "▶ Item 4", "  ↓ 2 more"]
        );
        assert_eq!(
            drawn(5, 6, 4),
            ["  ↑ 3 more", "  Item 4", "  Item 5", "▶ Item 6"]
        );
        assert_eq!(drawn(0, 3, 3), ["▶ Item 1", "  Item 2", "  Item 3"]);
    }

    fn mouse(kind: MouseEventKind, row: u16) -> MouseEvent {
        MouseEvent {
            kind,
            column: 4,
            row,
            modifiers: crossterm::event::KeyModifiers::NONE,
        }
    }

    #[test]
    fn a_click_on_a_mark_shows_the_next_item_that_way_and_the_wheel_moves() {
        let area = Rect::new(0, 0, 12, 4);
        let click = |row| mouse(MouseEventKind::Down(MouseButton::Left), row);
        let mut selected = 1;
        assert_eq!(menu_click(click(3), area, &mut selected, 6), None);
        assert_eq!(selected, 3, "the first item below the window");
        assert_eq!(menu_click(click(0), area, &mut selected, 6), None);
        assert_eq!(selected, 1, "the last item above the window");
        assert_eq!(
            menu_click(click(1), area, &mut selected, 6),
            Some(MenuKey::Accept)
        );
        let mut selected = 0;
        for _ in 0..9 {
            menu_click(mouse(MouseEventKind::ScrollDown, 1), area, &mut selected, 6);
        }
        assert_eq!(selected, 5, "the wheel stops at the end");
        menu_click(mouse(MouseEventKind::ScrollUp, 1), area, &mut selected, 6);
        assert_eq!(selected, 4);
    }

    #[test]
    fn every_item_a_mark_counts_can_be_reached_by_clicking_marks() {
        let area = Rect::new(0, 0, 12, 5);
        let len = 17;
        let mut selected = 0;
        let mut seen = vec![false; len];
        for _ in 0..40 {
            let window = Window::of(selected, len, area.height);
            seen[window.first..window.first + window.shown].fill(true);
            let rows = menu_rows(selected, len, area.height);
            let last = mouse(MouseEventKind::Down(MouseButton::Left), rows - 1);
            menu_click(last, area, &mut selected, len);
        }
        assert!(seen.iter().all(|&s| s), "{seen:?}");
    }

    #[test]
    fn home_end_and_the_page_keys_jump() {
        use crossterm::event::{KeyCode, KeyModifiers};
        let press = |code, selected: &mut usize| {
            menu_key(
                &KeyMap::default(),
                &KeyEvent::new(code, KeyModifiers::NONE),
                selected,
                20,
            )
        };
        let mut selected = 5;
        press(KeyCode::End, &mut selected);
        assert_eq!(selected, 19);
        press(KeyCode::PageUp, &mut selected);
        assert_eq!(selected, 19 - MENU_PAGE);
        press(KeyCode::Home, &mut selected);
        assert_eq!(selected, 0);
        press(KeyCode::PageDown, &mut selected);
        assert_eq!(selected, MENU_PAGE);
    }
}
