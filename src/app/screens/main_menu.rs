//! The first screen: the logo and the modes.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Alignment;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::about::About;
use super::path_prompt::PathPrompt;
use crate::app::message::Message;
use crate::app::origin::Mode;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, page};

/// What choosing a line of the menu does.
type Choice = fn(Theme) -> Effect;

/// The menu's lines, and what each opens.
const ITEMS: [(&str, Choice); 5] = [
    ("Arcade", |_| Effect::ChooseCollection(Mode::Arcade)),
    ("Free play", |_| Effect::ChooseCollection(Mode::FreePlay)),
    ("Custom map", |theme| {
        Effect::Push(Box::new(PathPrompt::new(theme)))
    }),
    ("About", |theme| Effect::Push(Box::new(About::new(theme)))),
    ("Quit", |_| Effect::Quit),
];

#[derive(Debug)]
pub(crate) struct MainMenu {
    selected: usize,
    /// Something the player should know, such as records being off.
    message: Option<Message>,
    theme: Theme,
}

impl MainMenu {
    pub fn new(theme: Theme, message: Option<Message>) -> Self {
        Self {
            selected: 0,
            message,
            theme,
        }
    }
}

impl Screen for MainMenu {
    fn name(&self) -> &'static str {
        "main menu"
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        match menu_key(key, &mut self.selected, ITEMS.len()) {
            Some(MenuKey::Accept) => (ITEMS[self.selected].1)(self.theme),
            Some(MenuKey::Back) => Effect::Quit,
            None => Effect::None,
        }
    }

    fn commands(&self) -> Vec<Command> {
        vec![
            Command::new("↑↓ or W/S", "choose"),
            Command::new("Enter or Space", "accept"),
            Command::new("Esc", "quit"),
        ]
    }

    one_message!();

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(content) = page(
            area,
            buf,
            self.theme,
            "Sokoban for the terminal",
            &footer(&self.commands()),
        ) else {
            return;
        };
        let items: Vec<String> = ITEMS.iter().map(|(item, _)| (*item).to_owned()).collect();
        let column = centered_column(content, 16);
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(column, buf);
        if let Some(message) = &self.message {
            // Notices name paths and can be long: wrap them under the menu.
            let y = content.y + ITEMS.len() as u16 + 1;
            let area = Rect::new(
                content.x + 2,
                y,
                content.width.saturating_sub(4),
                content.bottom().saturating_sub(y),
            );
            Paragraph::new(message.text.as_str())
                .style(self.theme.message(message.kind))
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .render(area, buf);
        }
    }
}
