//! Arcade and Free play start by choosing a collection.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::origin::Mode;
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, notice_line, page};
use crate::library::Collection;

/// One line of the menu: a collection, its size and the player's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionEntry {
    pub collection: Collection,
    pub name: String,
    pub levels: usize,
    pub solved: usize,
}

#[derive(Debug)]
pub struct CollectionMenu {
    pub mode: Mode,
    pub entries: Vec<CollectionEntry>,
    pub selected: usize,
    /// Why the last choice could not be carried out.
    pub notice: Option<String>,
    pub theme: Theme,
}

impl CollectionMenu {
    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        // A notice answers the last key; the next one dismisses it.
        self.notice = None;
        match menu_key(key, &mut self.selected, self.entries.len())? {
            MenuKey::Accept => Some(Action::CollectionChosen {
                mode: self.mode,
                collection: self.entries[self.selected].collection,
            }),
            MenuKey::Back => Some(Action::Back),
        }
    }

    fn lines(&self) -> Vec<String> {
        let width = self.entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
        self.entries
            .iter()
            .map(|e| {
                format!(
                    "{:<width$}  {:>3} levels  {:>3} solved",
                    e.name, e.levels, e.solved
                )
            })
            .collect()
    }
}

impl Widget for &CollectionMenu {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let heading = match self.mode {
            Mode::Arcade => "Arcade: choose a collection",
            Mode::FreePlay => "Free play: choose a collection",
        };
        let Some(content) = page(
            area,
            buf,
            self.theme,
            heading,
            "↑↓ choose · Enter play · Esc back",
        ) else {
            return;
        };
        notice_line(area, buf, self.theme, self.notice.as_deref());
        let lines = self.lines();
        let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16 + 3;
        MenuList {
            items: &lines,
            selected: self.selected,
            theme: self.theme,
        }
        .render(centered_column(content, width), buf);
    }
}
