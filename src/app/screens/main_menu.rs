//! The first screen: the logo and the four modes.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Alignment;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::Action;
use crate::app::origin::Mode;
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, page};
pub const ITEMS: [&str; 4] = ["Arcade", "Free play", "Custom map", "Quit"];

#[derive(Debug)]
pub struct MainMenu {
    pub selected: usize,
    /// Something the player should know, such as records being off.
    pub notice: Option<String>,
    pub theme: Theme,
}

impl MainMenu {
    pub fn new(theme: Theme, notice: Option<String>) -> Self {
        Self {
            selected: 0,
            notice,
            theme,
        }
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        match menu_key(key, &mut self.selected, ITEMS.len())? {
            MenuKey::Accept => Some(match self.selected {
                0 => Action::ChooseCollection(Mode::Arcade),
                1 => Action::ChooseCollection(Mode::FreePlay),
                2 => Action::OpenCustomPrompt,
                _ => Action::Quit,
            }),
            MenuKey::Back => Some(Action::Quit),
        }
    }
}

impl Widget for &MainMenu {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(content) = page(
            area,
            buf,
            self.theme,
            "Sokoban for the terminal",
            "↑↓ or W/S choose · Enter or Space accept · Esc quit",
        ) else {
            return;
        };
        let items: Vec<String> = ITEMS.iter().map(|&s| s.to_owned()).collect();
        let column = centered_column(content, 16);
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(column, buf);
        if let Some(notice) = &self.notice {
            // Notices name paths and can be long: wrap them under the menu.
            let y = content.y + ITEMS.len() as u16 + 1;
            let area = Rect::new(
                content.x + 2,
                y,
                content.width.saturating_sub(4),
                content.bottom().saturating_sub(y),
            );
            Paragraph::new(notice.as_str())
                .style(self.theme.error())
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .render(area, buf);
        }
    }
}
