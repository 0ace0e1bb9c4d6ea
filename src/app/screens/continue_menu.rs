//! Arcade remembers how far the player got in each collection.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::keys;
use crate::app::origin::Origin;
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuList, step_selection};
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, centered_column, page, too_small};
use crate::game::Direction;
use crate::library::Collection;

#[derive(Debug)]
pub struct ContinueMenu {
    pub collection: Collection,
    pub name: String,
    /// The furthest level reached, where `Continue` starts.
    pub furthest: usize,
    pub selected: usize,
    pub theme: Theme,
}

impl ContinueMenu {
    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        match keys::direction(key) {
            Some(Direction::Up) => self.selected = step_selection(self.selected, 2, false),
            Some(Direction::Down) => self.selected = step_selection(self.selected, 2, true),
            _ if keys::is_accept(key) => {
                let number = if self.selected == 0 { self.furthest } else { 1 };
                return Some(Action::Open(Origin::Arcade {
                    collection: self.collection,
                    number,
                }));
            }
            _ if keys::is_back(key) => return Some(Action::Back),
            _ => {}
        }
        None
    }
}

impl Widget for &ContinueMenu {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let heading = format!("Arcade: {}", self.name);
        let content = page(
            area,
            buf,
            self.theme,
            &heading,
            "↑↓ choose · Enter play · Esc back",
        );
        let items = [
            format!("Continue at level {}", self.furthest),
            "Start from level 1".to_owned(),
        ];
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(centered_column(content, 26), buf);
    }
}
