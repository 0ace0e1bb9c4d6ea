//! Arcade and Free play start by choosing a collection.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::message::Message;
use crate::app::origin::Mode;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_commands, menu_key};
use crate::app::widgets::page::{centered_column, notice_line, page};
use crate::library::{Collection, Library};

/// One line of the menu: a collection, its size and the player's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CollectionEntry {
    collection: Collection,
    levels: usize,
    solved: usize,
}

#[derive(Debug)]
pub(crate) struct CollectionMenu {
    mode: Mode,
    entries: Vec<CollectionEntry>,
    selected: usize,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
}

impl CollectionMenu {
    /// Every built-in collection, with the player's progress in it.
    pub fn new(mode: Mode, library: &Library, theme: Theme) -> Self {
        let entries = Collection::ALL
            .iter()
            .map(|&collection| CollectionEntry {
                collection,
                levels: collection.level_count(),
                solved: library.progress(collection).solved_count(),
            })
            .collect();
        Self {
            mode,
            entries,
            selected: 0,
            message: None,
            theme,
        }
    }

    fn lines(&self) -> Vec<String> {
        let width = self
            .entries
            .iter()
            .map(|e| e.collection.name().len())
            .max()
            .unwrap_or(0);
        self.entries
            .iter()
            .map(|e| {
                format!(
                    "{:<width$}  {:>3} levels  {:>3} solved",
                    e.collection.name(),
                    e.levels,
                    e.solved
                )
            })
            .collect()
    }
}

impl Screen for CollectionMenu {
    fn name(&self) -> &'static str {
        "collections"
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        match menu_key(key, &mut self.selected, self.entries.len()) {
            Some(MenuKey::Accept) => Effect::CollectionChosen {
                mode: self.mode,
                collection: self.entries[self.selected].collection,
            },
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
        let heading = match self.mode {
            Mode::Arcade => "Arcade: choose a collection",
            Mode::FreePlay => "Free play: choose a collection",
        };
        let Some(content) = page(area, buf, self.theme, heading, &footer(&self.commands())) else {
            return;
        };
        notice_line(area, buf, self.theme, self.message.as_ref());
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
