//! A one-line text field with a cursor. While it has focus every printable
//! key is text: WASD, R and U are typed, not obeyed.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    text: String,
    /// Cursor position in characters, 0..=len.
    cursor: usize,
    max_chars: Option<usize>,
}

/// What a key did to the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputEvent {
    Edited,
    Submit,
    Cancel,
    Ignored,
}

impl TextInput {
    pub fn with_limit(max_chars: usize) -> Self {
        Self {
            max_chars: Some(max_chars),
            ..Self::default()
        }
    }

    pub fn with_text(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            cursor: text.chars().count(),
            max_chars: None,
        }
    }

    /// The same field, taking at most `max_chars` characters.
    #[must_use]
    pub fn limited(mut self, max_chars: usize) -> Self {
        self.max_chars = Some(max_chars);
        self
    }

    /// Inserts pasted text as one edit: control characters (line breaks
    /// included) are dropped, and the text is cut at the field's limit.
    pub fn paste(&mut self, pasted: &str) -> InputEvent {
        let len = self.text.chars().count();
        let room = self
            .max_chars
            .map_or(usize::MAX, |max| max.saturating_sub(len));
        let kept: String = pasted
            .chars()
            .filter(|c| !c.is_control())
            .take(room)
            .collect();
        if kept.is_empty() {
            return InputEvent::Ignored;
        }
        let at = self.byte_index(self.cursor);
        self.text.insert_str(at, &kept);
        self.cursor += kept.chars().count();
        InputEvent::Edited
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> InputEvent {
        let len = self.text.chars().count();
        match key.code {
            KeyCode::Enter => return InputEvent::Submit,
            KeyCode::Esc => return InputEvent::Cancel,
            KeyCode::Char(c)
                if !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                if c.is_control() || self.max_chars.is_some_and(|max| len >= max) {
                    return InputEvent::Ignored;
                }
                let at = self.byte_index(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
            }
            KeyCode::Char('u' | 'U') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                let at = self.byte_index(self.cursor);
                self.text.replace_range(..at, "");
                self.cursor = 0;
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte_index(self.cursor);
                self.text.remove(at);
            }
            KeyCode::Delete if self.cursor < len => {
                let at = self.byte_index(self.cursor);
                self.text.remove(at);
            }
            KeyCode::Left if self.cursor > 0 => self.cursor -= 1,
            KeyCode::Right if self.cursor < len => self.cursor += 1,
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = len,
            _ => return InputEvent::Ignored,
        }
        InputEvent::Edited
    }

    fn byte_index(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    /// Draws the text with a block cursor, scrolled so the cursor stays visible.
    pub fn render(&self, area: Rect, buf: &mut Buffer, style: Style) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        let width = area.width as usize;
        let skip = (self.cursor + 1).saturating_sub(width);
        let visible: String = self.text.chars().skip(skip).take(width).collect();
        buf.set_stringn(area.x, area.y, &visible, width, style);
        let cursor_x = area.x + (self.cursor - skip) as u16;
        let cell = &mut buf[(cursor_x, area.y)];
        if cell.symbol().is_empty() {
            cell.set_symbol(" ");
        }
        cell.set_style(style.add_modifier(Modifier::REVERSED));
    }
}
