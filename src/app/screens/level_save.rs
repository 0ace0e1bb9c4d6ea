//! Saving a level from the editor: a title, an author, and a path to write
//! it to as XSB, or no path to add it to the `my-levels` collection.

use std::rc::Rc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::path_prompt::MAX_PATH_CHARS;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::screen::{Command, Effect, News, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::page::{LogoRule, centered_column, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};
use crate::text::width;
use schokoban_core::{Direction, Level};

/// The longest title or author kept.
const MAX_FIELD_CHARS: usize = 80;
const LABELS: [&str; 3] = [
    "Title:",
    "Author:",
    "Save to (a path, or empty for My levels):",
];
/// The path's label on a narrow screen.
const SHORT_PATH_LABEL: &str = "Save to (empty: My levels):";

#[derive(Debug)]
pub(crate) struct LevelSave {
    level: Level,
    /// Title, author and path, in that order.
    fields: [TextInput; 3],
    focus: usize,
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl LevelSave {
    pub fn new(
        level: Level,
        title: Option<&str>,
        author: Option<&str>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let field = |text: Option<&str>| {
            TextInput::with_text(text.unwrap_or_default()).limited(MAX_FIELD_CHARS)
        };
        Self {
            level,
            fields: [
                field(title),
                field(author),
                TextInput::with_text("").limited(MAX_PATH_CHARS),
            ],
            focus: 0,
            message: None,
            theme,
            keys,
        }
    }

    /// The level with the title and author typed; empty ones are left out.
    fn titled_level(&self) -> Level {
        let text = |index: usize| {
            let text = self.fields[index].text().trim();
            (!text.is_empty()).then(|| text.to_owned())
        };
        self.level.clone().with_title(text(0)).with_author(text(1))
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for LevelSave {
    fn name(&self) -> &'static str {
        "save level"
    }
}

impl Screen for LevelSave {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        match self.keys.action(&[Scope::TextField], key) {
            Some(Action::Move(Direction::Up)) => self.focus = (self.focus + 2) % 3,
            Some(Action::Move(Direction::Down)) => self.focus = (self.focus + 1) % 3,
            Some(Action::Complete) if self.focus == 2 => {
                return Effect::Complete(self.fields[2].text().to_owned());
            }
            _ => match self.fields[self.focus].handle_key(&self.keys, key) {
                InputEvent::Submit => {
                    let path = self.fields[2].text().trim();
                    return Effect::SaveLevel {
                        level: self.titled_level(),
                        path: (!path.is_empty()).then(|| path.to_owned()),
                    };
                }
                InputEvent::Cancel => return Effect::Back,
                InputEvent::Edited => self.message = None,
                InputEvent::Ignored => {}
            },
        }
        Effect::None
    }

    fn handle_paste(&mut self, text: &str) -> Effect {
        if self.fields[self.focus].paste(text) == InputEvent::Edited {
            self.message = None;
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        vec![
            Command::new(field_keys(&self.keys), "field"),
            Command::new(self.keys.key_name(Scope::TextField, Action::Accept), "save"),
            Command::new(self.keys.key_name(Scope::TextField, Action::Back), "back"),
        ]
    }

    one_message!();

    /// Tab completes the path field; the names in the running are not
    /// shown on this form.
    fn tell(&mut self, news: News) {
        if let News::Completed(completion) = news {
            self.fields[2] = TextInput::with_text(&completion.text).limited(MAX_PATH_CHARS);
        }
    }

    fn input(&self) -> Option<&str> {
        Some(self.fields[self.focus].text())
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            "Save the level",
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        let content = areas.content;
        let column = centered_column(content, 60.min(content.width.saturating_sub(2)));
        for (index, label) in LABELS.iter().enumerate() {
            let y = column.y + index as u16 * 2;
            if y + 1 >= column.bottom() {
                break;
            }
            // The path's label says it in fewer words where it would be cut.
            let label = if width(label) > usize::from(column.width) {
                SHORT_PATH_LABEL
            } else {
                label
            };
            buf.set_stringn(column.x, y, label, column.width as usize, Style::new());
            let marker = if index == self.focus { "> " } else { "  " };
            buf.set_string(column.x, y + 1, marker, self.theme.accent());
            let field = Rect::new(column.x + 2, y + 1, column.width.saturating_sub(2), 1);
            if index == self.focus {
                self.fields[index].render(field, buf, Style::new());
            } else {
                // Only the field being typed in shows a cursor.
                let text = self.fields[index].text();
                buf.set_stringn(field.x, field.y, text, field.width as usize, Style::new());
            }
        }
        if let Some(message) = &self.message {
            let y = column.y + 6;
            if y < column.bottom() {
                let style = self.theme.message(message.kind);
                buf.set_stringn(column.x, y, &message.text, column.width as usize, style);
            }
        }
    }
}

/// The keys that go from field to field: `↑↓`.
fn field_keys(keys: &KeyMap) -> String {
    keys.pair(
        Scope::TextField,
        Action::Move(Direction::Up),
        Action::Move(Direction::Down),
        false,
    )
}
