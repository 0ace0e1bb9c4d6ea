//! A level with a saved game asks whether to load or delete it.

use std::rc::Rc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::message::{Message, Problem};
use crate::app::origin::Opened;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_commands, menu_key};
use crate::app::widgets::page::{centered_column, centered_line, notice_line, page};
use crate::game::{Game, LogEntry};
use crate::storage::Records;

#[derive(Debug)]
pub(crate) struct SavePrompt {
    opened: Rc<Opened>,
    /// The saved moves, read once as the level was opened, or why they
    /// cannot be loaded: then only Delete is offered.
    save: Result<Vec<LogEntry>, Problem>,
    selected: usize,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
}

impl SavePrompt {
    pub fn new(opened: Rc<Opened>, save: Result<Vec<LogEntry>, Problem>, theme: Theme) -> Self {
        Self {
            opened,
            save,
            selected: 0,
            message: None,
            theme,
        }
    }

    fn items(&self) -> Vec<String> {
        if self.save.is_err() {
            vec!["Delete it and play".to_owned()]
        } else {
            vec!["Load".to_owned(), "Delete".to_owned()]
        }
    }

    /// Replays the save; one that does not replay becomes the damaged question.
    fn load(&mut self) -> Effect {
        let Ok(log) = &self.save else {
            return self.delete();
        };
        let mut game = Game::new(self.opened.level.clone());
        match game.apply_log(log) {
            Ok(()) => Effect::Play {
                opened: Rc::clone(&self.opened),
                // A save of a finished game keeps the solved notice instead.
                message: (!game.is_solved()).then(|| Message::info("Saved game loaded")),
                game,
                resumed: true,
            },
            Err(error) => {
                let save = self
                    .opened
                    .records
                    .as_ref()
                    .map(|r| r.save_path().to_owned());
                self.save = Err(Problem::Replay { save, error });
                self.selected = 0;
                Effect::None
            }
        }
    }

    fn delete(&mut self) -> Effect {
        let deleted = self.opened.records.as_ref().map(Records::delete_save);
        let message = match deleted {
            Some(Err(error)) => Some(Message::trouble(
                Some("Could not delete the save"),
                Problem::Record(error),
            )),
            _ => None,
        };
        Effect::Play {
            opened: Rc::clone(&self.opened),
            game: Game::new(self.opened.level.clone()),
            message,
            resumed: false,
        }
    }
}

impl Screen for SavePrompt {
    fn name(&self) -> &'static str {
        "save prompt"
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        let len = self.items().len();
        match menu_key(key, &mut self.selected, len) {
            Some(MenuKey::Accept) if self.save.is_ok() && self.selected == 0 => self.load(),
            Some(MenuKey::Accept) => self.delete(),
            Some(MenuKey::Back) => Effect::Back,
            None => Effect::None,
        }
    }

    fn commands(&self) -> Vec<Command> {
        menu_commands("accept")
    }

    one_message!();

    fn problem(&self) -> Option<&Problem> {
        self.save.as_ref().err()
    }

    fn is_level_screen(&self) -> bool {
        true
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let heading = format!("A saved game exists for {}", self.opened.title);
        let Some(content) = page(area, buf, self.theme, &heading, &footer(&self.commands())) else {
            return;
        };
        notice_line(area, buf, self.theme, self.message.as_ref());
        let mut top = content.y;
        if let Err(reason) = &self.save {
            centered_line(
                content,
                top,
                "The saved game is damaged and cannot be loaded:",
                buf,
                self.theme.error(),
            );
            centered_line(
                content,
                top + 1,
                &reason.to_string(),
                buf,
                self.theme.error(),
            );
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
