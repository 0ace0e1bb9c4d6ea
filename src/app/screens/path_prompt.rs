//! Custom map: the player types the path of any XSB file.

use std::rc::Rc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::completion::Completion;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::origin::Mode;
use crate::app::screen::{Command, Effect, News, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{LogoRule, centered_column, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};
use schokoban_core::parse_levels;

/// Longer than any path a system accepts (Linux's `PATH_MAX` is 4096 bytes).
pub(crate) const MAX_PATH_CHARS: usize = 4096;

#[derive(Debug)]
pub(crate) struct PathPrompt {
    input: TextInput,
    /// Why the last path did not open; the typed path stays for editing.
    message: Option<Message>,
    /// What Tab found when more than one name matched.
    candidates: Vec<String>,
    /// `Some` when the path is a file to add as a collection in this mode,
    /// not a map to open.
    adding: Option<Mode>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl PathPrompt {
    /// Asks for a file of levels to add as a collection, from the chooser
    /// of `mode`.
    pub fn for_collection(mode: Mode, theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self {
            adding: Some(mode),
            ..Self::new(theme, keys)
        }
    }

    pub fn new(theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self::with_text("", theme, keys)
    }

    /// A prompt holding a path already typed, to edit after a failed open.
    pub fn with_text(text: &str, theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self {
            input: TextInput::with_text(text).limited(MAX_PATH_CHARS),
            message: None,
            candidates: Vec::new(),
            adding: None,
            theme,
            keys,
        }
    }

    fn completed(&mut self, completion: Completion) {
        self.input = TextInput::with_text(&completion.text).limited(MAX_PATH_CHARS);
        self.candidates = completion.candidates;
        self.message = None;
    }

    fn edited(&mut self) {
        self.message = None;
        self.candidates.clear();
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for PathPrompt {
    fn name(&self) -> &'static str {
        "path prompt"
    }
}

impl Screen for PathPrompt {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        if self.keys.action(&[Scope::TextField], key) == Some(Action::Complete) {
            return Effect::Complete(self.input.text().to_owned());
        }
        match self.input.handle_key(&self.keys, key) {
            InputEvent::Submit if !self.input.text().trim().is_empty() => {
                let typed = self.input.text().to_owned();
                match self.adding {
                    Some(mode) => Effect::AddCollection { mode, typed },
                    None => Effect::OpenPath(typed),
                }
            }
            InputEvent::Cancel => Effect::Back,
            InputEvent::Edited => {
                self.edited();
                Effect::None
            }
            InputEvent::Submit => {
                self.message = Some(Message::info("Type a path first; Tab completes"));
                Effect::None
            }
            InputEvent::Ignored => Effect::None,
        }
    }

    /// Pasted levels open at once. A pasted path (or a file dropped on the
    /// terminal) is typed; a trailing newline does not open it, the player
    /// checks it first.
    fn handle_paste(&mut self, text: &str) -> Effect {
        if self.adding.is_none() && looks_like_levels(text) {
            return Effect::OpenPasted(text.to_owned());
        }
        if self.input.paste(text) == InputEvent::Edited {
            self.edited();
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        vec![
            Command::new(
                self.keys.key_name(Scope::TextField, Action::Complete),
                "completes",
            ),
            Command::new(
                self.keys.key_name(Scope::TextField, Action::Accept),
                if self.adding.is_some() { "add" } else { "open" },
            ),
            Command::new(self.keys.key_name(Scope::TextField, Action::Back), "back"),
            Command::new("~", "is your home folder"),
        ]
    }

    one_message!();

    fn tell(&mut self, news: News) {
        if let News::Completed(completion) = news {
            self.completed(completion);
        }
    }

    fn input(&self) -> Option<&str> {
        Some(self.input.text())
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            if self.adding.is_some() {
                "Add a collection"
            } else {
                "Custom map"
            },
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        let content = areas.content;
        let column = centered_column(content, 60.min(content.width.saturating_sub(2)));
        let [label, field, _, below] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(column);
        let [prompt, input] =
            Layout::horizontal([Constraint::Length(2), Constraint::Fill(1)]).areas(field);
        let label_text = if self.adding.is_some() {
            "Path to a file of levels, in any format the game reads:"
        } else {
            "Path to an XSB file:"
        };
        Span::raw(label_text).render(label, buf);
        Span::styled("> ", self.theme.accent()).render(prompt, buf);
        self.input.render(input, buf, Style::new());
        if let Some(message) = &self.message {
            // Wrapped down to the notice row; letters are typed here, so
            // F1 is the key that shows a still longer one whole.
            let rows = below.height + 1;
            MessageLines {
                messages: std::slice::from_ref(message),
                theme: self.theme,
                info_style: self.theme.message(message.kind),
                centered: false,
                more_key: "F1",
            }
            .render(Rect::new(below.x, below.y, below.width, rows), buf);
        } else if !self.candidates.is_empty() {
            Paragraph::new(self.candidates.join("  "))
                .style(self.theme.dim())
                .wrap(Wrap { trim: true })
                .render(below, buf);
        }
    }
}

/// Whether a paste is meant as levels rather than a path: it reads as
/// levels, or it has as many lines as the smallest level has rows, so that
/// a broken map is refused as one instead of being typed as a path.
/// Terminals often send a paste's line breaks as carriage returns.
fn looks_like_levels(text: &str) -> bool {
    const SMALLEST_LEVEL_ROWS: usize = 3;
    let lines = text
        .split(['\r', '\n'])
        .filter(|line| !line.trim().is_empty())
        .count();
    lines >= SMALLEST_LEVEL_ROWS || parse_levels(&text.replace('\r', "\n")).is_ok()
}
