//! `M`: the messages of the screen below, whole, in an overlay over it.
//! Arrows scroll when they are taller than the screen; any other key
//! closes it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::keymap::{self, Action, Scope};
use crate::app::message::Message;
use crate::app::screen::{Command, Effect, News, Screen};
use crate::app::theme::Theme;
use crate::app::widgets::message_lines::overlay_entries;
use crate::app::widgets::overlay::{Overlay, OverlayEntry};
use schokoban_core::Direction;

pub(crate) struct MessagesView {
    entries: Vec<OverlayEntry>,
    scroll: usize,
    area: Rect,
    theme: Theme,
}

impl MessagesView {
    pub fn new(messages: &[Message], theme: Theme) -> Self {
        Self {
            entries: overlay_entries(messages, theme),
            scroll: 0,
            area: Rect::new(0, 0, 80, 24),
            theme,
        }
    }

    fn overlay(&self) -> Overlay<'_> {
        Overlay {
            title: "Messages",
            entries: &self.entries,
            label_width: 0,
            scroll: self.scroll,
            theme: self.theme,
        }
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for MessagesView {
    fn name(&self) -> &'static str {
        "messages"
    }
}

impl Screen for MessagesView {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        let end = self.overlay().max_scroll(self.area);
        match keymap::action(&[Scope::Menus], key) {
            Some(Action::Move(Direction::Up)) if end > 0 => {
                self.scroll = self.scroll.min(end).saturating_sub(1);
            }
            Some(Action::Move(Direction::Down)) if end > 0 => {
                self.scroll = (self.scroll + 1).min(end);
            }
            _ => return Effect::Back,
        }
        Effect::None
    }

    fn tell(&mut self, news: News) {
        if let News::Resized(area) = news {
            self.area = area;
        }
    }

    fn commands(&self) -> Vec<Command> {
        // As the overlay's bottom edge says it.
        if self.overlay().max_scroll(self.area) > 0 {
            vec![
                Command::new(keymap::up_down(), "scroll"),
                Command::new("any other key", "closes"),
            ]
        } else {
            vec![Command::new("any key", "closes")]
        }
    }

    /// Shown already, whole: nothing more to add.
    fn show(&mut self, _message: Message) {}

    fn messages(&self) -> &[Message] {
        &[]
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.overlay().render(area, buf);
    }
}
