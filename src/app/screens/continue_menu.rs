//! Arcade remembers how far the player got in each collection.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::origin::Origin;
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, notice_line, page};
use crate::library::Collection;

#[derive(Debug)]
pub struct ContinueMenu {
    pub collection: Collection,
    pub name: String,
    /// The furthest level reached, where `Continue` starts.
    pub furthest: usize,
    pub selected: usize,
    /// Why the last choice could not be carried out.
    pub notice: Option<String>,
    pub theme: Theme,
}

impl ContinueMenu {
    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        // A notice answers the last key; the next one dismisses it.
        self.notice = None;
        match menu_key(key, &mut self.selected, 2)? {
            MenuKey::Accept => Some(Action::Open(Origin::Arcade {
                collection: self.collection,
                number: if self.selected == 0 { self.furthest } else { 1 },
            })),
            MenuKey::Back => Some(Action::Back),
        }
    }
}

impl Widget for &ContinueMenu {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let heading = format!("Arcade: {}", self.name);
        let Some(content) = page(
            area,
            buf,
            self.theme,
            &heading,
            "↑↓ choose · Enter play · Esc back",
        ) else {
            return;
        };
        notice_line(area, buf, self.theme, self.notice.as_deref());
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
