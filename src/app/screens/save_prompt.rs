//! A level with a saved game asks whether to load or delete it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::origin::Opened;
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, centered_line, notice_line, page};
#[derive(Debug)]
pub struct SavePrompt {
    pub opened: Opened,
    /// Why the save cannot be loaded, if it cannot: then only Delete is offered.
    pub damaged: Option<String>,
    pub selected: usize,
    /// Why the last choice could not be carried out.
    pub notice: Option<String>,
    pub theme: Theme,
}

impl SavePrompt {
    pub fn new(opened: Opened, damaged: Option<String>, theme: Theme) -> Self {
        Self {
            opened,
            damaged,
            selected: 0,
            notice: None,
            theme,
        }
    }

    fn items(&self) -> Vec<String> {
        if self.damaged.is_some() {
            vec!["Delete it and play".to_owned()]
        } else {
            vec!["Load".to_owned(), "Delete".to_owned()]
        }
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        // A notice answers the last key; the next one dismisses it.
        self.notice = None;
        let len = self.items().len();
        match menu_key(key, &mut self.selected, len)? {
            MenuKey::Accept if self.damaged.is_none() && self.selected == 0 => {
                Some(Action::LoadSave)
            }
            MenuKey::Accept => Some(Action::DeleteSave),
            MenuKey::Back => Some(Action::Back),
        }
    }
}

impl Widget for &SavePrompt {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let heading = format!("A saved game exists for {}", self.opened.title);
        let Some(content) = page(
            area,
            buf,
            self.theme,
            &heading,
            "↑↓ choose · Enter accept · Esc back",
        ) else {
            return;
        };
        notice_line(area, buf, self.theme, self.notice.as_deref());
        let mut top = content.y;
        if let Some(reason) = &self.damaged {
            centered_line(
                content,
                top,
                "The saved game is damaged and cannot be loaded:",
                buf,
                self.theme.error(),
            );
            centered_line(content, top + 1, reason, buf, self.theme.error());
            top += 3;
        }
        let items = self.items();
        let list = Rect::new(
            content.x,
            top,
            content.width,
            content.bottom().saturating_sub(top),
        );
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(centered_column(list, 22), buf);
    }
}
