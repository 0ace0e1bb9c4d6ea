//! Custom map: the player types the path of any XSB file.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::Action;
use crate::app::theme::Theme;
use crate::app::widgets::page::{centered_column, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};

#[derive(Debug)]
pub struct PathPrompt {
    pub input: TextInput,
    /// Why the last path did not open; the typed path stays for editing.
    pub error: Option<String>,
    /// What Tab found when more than one name matched.
    pub candidates: Vec<String>,
    pub theme: Theme,
}

impl PathPrompt {
    pub fn new(theme: Theme) -> Self {
        Self {
            input: TextInput::default(),
            error: None,
            candidates: Vec::new(),
            theme,
        }
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        if key.code == KeyCode::Tab {
            return Some(Action::CompletePath);
        }
        match self.input.handle_key(key) {
            InputEvent::Submit if !self.input.text().trim().is_empty() => {
                Some(Action::LoadCustom(self.input.text().to_owned()))
            }
            InputEvent::Cancel => Some(Action::Back),
            InputEvent::Edited => {
                self.error = None;
                self.candidates.clear();
                None
            }
            InputEvent::Submit | InputEvent::Ignored => None,
        }
    }
}

impl Widget for &PathPrompt {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(content) = page(
            area,
            buf,
            self.theme,
            "Custom map",
            "Tab completes · Enter open · Esc back · ~ is your home folder",
        ) else {
            return;
        };
        let column = centered_column(content, 60.min(content.width.saturating_sub(2)));
        buf.set_string(
            column.x,
            column.y,
            "Path to an XSB file:",
            ratatui::style::Style::new(),
        );
        let field = Rect::new(column.x, column.y + 1, column.width, 1);
        buf.set_string(field.x, field.y, "> ", self.theme.accent());
        self.input.render(
            Rect::new(field.x + 2, field.y, field.width.saturating_sub(2), 1),
            buf,
            ratatui::style::Style::new(),
        );
        if let Some(error) = &self.error {
            buf.set_stringn(
                column.x,
                column.y + 3,
                error,
                column.width as usize,
                self.theme.error(),
            );
        } else if !self.candidates.is_empty() {
            let list = self.candidates.join("  ");
            let area = Rect::new(
                column.x,
                column.y + 3,
                column.width,
                content.bottom().saturating_sub(column.y + 3),
            );
            Paragraph::new(list)
                .style(self.theme.dim())
                .wrap(Wrap { trim: true })
                .render(area, buf);
        }
    }
}
