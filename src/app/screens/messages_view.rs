//! `M`: the messages of the screen below, whole, in an overlay over it;
//! `?` on a menu: the keys of the screen below, each with what it does.
//! Arrows scroll when they are taller than the screen; any other key
//! closes it.

use std::rc::Rc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::screen::{Command, Effect, News, Screen};
use crate::app::theme::Theme;
use crate::app::widgets::message_lines::overlay_entries;
use crate::app::widgets::overlay::{Overlay, OverlayEntry};
use schokoban_core::Direction;

pub(crate) struct MessagesView {
    title: &'static str,
    entries: Vec<OverlayEntry>,
    /// Columns for the entries' labels (keys, places); 0 for text alone.
    label_width: u16,
    scroll: usize,
    area: Rect,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl MessagesView {
    pub fn new(messages: &[Message], theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self {
            title: "Messages",
            entries: overlay_entries(messages, theme),
            label_width: 0,
            scroll: 0,
            area: Rect::new(0, 0, 80, 24),
            theme,
            keys,
        }
    }

    /// The keys of a screen, as its footer names them, and the keys every
    /// menu takes besides: what `?` shows on a screen without a help of
    /// its own.
    pub fn keys(commands: &[Command], theme: Theme, keys: Rc<KeyMap>) -> Self {
        let entry = |keys: &str, text: &str| OverlayEntry {
            label: theme.text(keys).into_owned(),
            text: theme.text(text).into_owned(),
            style: ratatui::style::Style::new(),
        };
        let messages = keys.label(Scope::Menus, Action::Messages);
        let entries = commands
            .iter()
            .map(|command| entry(&command.keys, command.action))
            .chain([
                entry(&messages, "show a message whole"),
                entry("Ctrl+C", "quit (an unsolved game is saved)"),
            ])
            .collect();
        Self::lines("Keys", entries, theme, keys)
    }

    /// `entries` under `title`, their labels in a column as wide as the
    /// widest: a list shown whole (the keys, a leaderboard).
    pub fn lines(
        title: &'static str,
        entries: Vec<OverlayEntry>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let label_width = entries
            .iter()
            .map(|entry| crate::text::width(&entry.label))
            .max()
            .unwrap_or(0) as u16;
        Self {
            title,
            entries,
            label_width,
            scroll: 0,
            area: Rect::new(0, 0, 80, 24),
            theme,
            keys,
        }
    }

    fn overlay(&self) -> Overlay<'_> {
        Overlay {
            title: self.title,
            entries: &self.entries,
            label_width: self.label_width,
            scroll: self.scroll,
            theme: self.theme,
        }
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for MessagesView {
    fn name(&self) -> &'static str {
        match self.title {
            "Keys" => "keys",
            "Leaderboard" => "whole leaderboard",
            _ => "messages",
        }
    }
}

impl Screen for MessagesView {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        let end = self.overlay().max_scroll(self.area);
        // The arrows scroll, and at either end go round, as menus do.
        match self.keys.action(&[Scope::Menus], key) {
            Some(Action::Move(Direction::Up)) if end > 0 => {
                self.scroll = self.scroll.min(end).checked_sub(1).unwrap_or(end);
            }
            Some(Action::Move(Direction::Down)) if end > 0 => {
                self.scroll = if self.scroll >= end {
                    0
                } else {
                    self.scroll + 1
                };
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
                Command::new(self.keys.up_down(), "scroll"),
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
