//! Arcade remembers how far the player got in each collection.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_commands, menu_key};
use crate::app::widgets::page::{centered_column, notice_line, page};
use crate::library::Collection;

#[derive(Debug)]
pub(crate) struct ContinueMenu {
    collection: Collection,
    /// The furthest level reached, where `Continue` starts.
    furthest: usize,
    selected: usize,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
}

impl ContinueMenu {
    pub fn new(collection: Collection, furthest: usize, theme: Theme) -> Self {
        Self {
            collection,
            furthest,
            selected: 0,
            message: None,
            theme,
        }
    }
}

impl Screen for ContinueMenu {
    fn name(&self) -> &'static str {
        "continue"
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        match menu_key(key, &mut self.selected, 2) {
            Some(MenuKey::Accept) => Effect::Open(Origin::Arcade {
                collection: self.collection,
                number: if self.selected == 0 { self.furthest } else { 1 },
            }),
            Some(MenuKey::Back) => Effect::Back,
            None => Effect::None,
        }
    }

    fn commands(&self) -> Vec<Command> {
        menu_commands("play")
    }

    one_message!();

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let heading = format!("Arcade: {}", self.collection.name());
        let Some(content) = page(area, buf, self.theme, &heading, &footer(&self.commands())) else {
            return;
        };
        notice_line(area, buf, self.theme, self.message.as_ref());
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
