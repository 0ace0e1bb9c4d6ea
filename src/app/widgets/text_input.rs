//! A one-line text field with a cursor. While it has focus every printable
//! key is text: WASD, R and U are typed, not obeyed.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::app::keymap::{Action, KeyMap, Scope};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use crate::printable::unshowable;
use crate::text::{char_width, first_graphemes, grapheme_count};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    text: String,
    /// Cursor position in characters, 0..=len.
    cursor: usize,
    /// The most characters the field takes, counted as a player counts
    /// them (see [`grapheme_count`]), so a limit never splits an emoji.
    max_chars: Option<usize>,
    /// A character was refused for the limit: the ones that would join it
    /// (the rest of its emoji) are refused too, not glued to the last one.
    overflowed: bool,
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
            overflowed: false,
        }
    }

    /// The same field, taking at most `max_chars` characters.
    #[must_use]
    pub fn limited(mut self, max_chars: usize) -> Self {
        self.max_chars = Some(max_chars);
        self
    }

    /// Inserts pasted text as one edit: control characters (line breaks
    /// included) are dropped, and the text is cut at the field's limit,
    /// between whole characters.
    pub fn paste(&mut self, pasted: &str) -> InputEvent {
        let room = self.max_chars.map_or(usize::MAX, |max| {
            max.saturating_sub(grapheme_count(&self.text))
        });
        let printable: String = pasted.chars().filter(|&c| !unshowable(c)).collect();
        let kept = first_graphemes(&printable, room);
        if kept.is_empty() {
            return InputEvent::Ignored;
        }
        let at = self.byte_index(self.cursor);
        self.text.insert_str(at, kept);
        self.cursor += kept.chars().count();
        InputEvent::Edited
    }

    /// How full a limited field is, as "typed/limit".
    pub fn counter(&self) -> Option<String> {
        let max = self.max_chars?;
        Some(format!("{}/{max}", grapheme_count(&self.text)))
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// A key typed into the field; `keys` tells Enter and Esc.
    pub fn handle_key(&mut self, keys: &KeyMap, key: &KeyEvent) -> InputEvent {
        let len = self.text.chars().count();
        let overflowed = std::mem::take(&mut self.overflowed);
        match keys.action(&[Scope::TextField], key) {
            Some(Action::Accept) => return InputEvent::Submit,
            Some(Action::Back) => return InputEvent::Cancel,
            _ => {}
        }
        match key.code {
            KeyCode::Char(c)
                if !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                if unshowable(c) {
                    return InputEvent::Ignored;
                }
                let at = self.byte_index(self.cursor);
                self.text.insert(at, c);
                // A character that only joins the one before (an accent)
                // still fits a full field.
                if overflowed
                    || self
                        .max_chars
                        .is_some_and(|max| grapheme_count(&self.text) > max)
                {
                    self.text.remove(at);
                    self.overflowed = true;
                    return InputEvent::Ignored;
                }
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

    /// Draws the text with a block cursor, scrolled so the cursor stays
    /// visible. Measured in columns: a wide character takes two cells.
    pub fn render(&self, area: Rect, buf: &mut Buffer, style: Style) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        let room = area.width as usize;
        let chars: Vec<char> = self.text.chars().collect();
        let cursor_width = chars.get(self.cursor).map_or(1, |&c| char_width(c).max(1));
        // Scroll by whole characters until the cursor's cell fits.
        let mut start = 0;
        let mut before_cursor: usize = chars[..self.cursor].iter().map(|&c| char_width(c)).sum();
        while start < self.cursor && before_cursor + cursor_width > room {
            before_cursor -= char_width(chars[start]);
            start += 1;
        }
        let mut visible = String::new();
        let mut used = 0;
        for &c in &chars[start..] {
            used += char_width(c);
            if used > room {
                break;
            }
            visible.push(c);
        }
        buf.set_stringn(area.x, area.y, &visible, room, style);
        let cursor_x = area.x + before_cursor as u16;
        let cursor_cells = (cursor_width as u16).min(area.right().saturating_sub(cursor_x));
        if self.cursor == chars.len() {
            buf[(cursor_x, area.y)].set_symbol(" ");
        }
        buf.set_style(
            Rect::new(cursor_x, area.y, cursor_cells, 1),
            style.add_modifier(Modifier::REVERSED),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> TextInput {
        let mut input = TextInput::default();
        for c in text.chars() {
            input.handle_key(
                &KeyMap::default(),
                &KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            );
        }
        input
    }

    fn drawn(input: &TextInput, width: u16) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, 1));
        input.render(buf.area, &mut buf, Style::new());
        buf
    }

    /// The buffer the field should draw: `text` from column 0, the cursor
    /// reversed over `cursor` cells from column `at`.
    fn expected(text: &str, width: u16, at: u16, cursor: u16) -> Buffer {
        let padding = " ".repeat(width as usize - crate::text::width(text));
        let mut buf = Buffer::with_lines([format!("{text}{padding}")]);
        buf.set_style(
            Rect::new(at, 0, cursor, 1),
            Style::new().add_modifier(Modifier::REVERSED),
        );
        buf
    }

    #[test]
    fn the_cursor_sits_after_wide_characters_not_inside_them() {
        let input = typed("日本語/é.xsb");
        assert_eq!(drawn(&input, 20), expected("日本語/é.xsb", 20, 12, 1));
    }

    #[test]
    fn the_cursor_covers_a_whole_wide_character() {
        let mut input = typed("a日b");
        input.handle_key(
            &KeyMap::default(),
            &KeyEvent::new(KeyCode::Left, KeyModifiers::NONE),
        );
        input.handle_key(
            &KeyMap::default(),
            &KeyEvent::new(KeyCode::Left, KeyModifiers::NONE),
        );
        assert_eq!(drawn(&input, 6), expected("a日b", 6, 1, 2));
    }

    #[test]
    fn a_long_wide_text_scrolls_by_columns_to_keep_the_cursor_in_view() {
        let input = typed(&"日".repeat(18));
        // 36 columns of text in 21: the last 10 characters and the cursor.
        assert_eq!(drawn(&input, 21), expected(&"日".repeat(10), 21, 20, 1));
        let mut home = input.clone();
        home.handle_key(
            &KeyMap::default(),
            &KeyEvent::new(KeyCode::Home, KeyModifiers::NONE),
        );
        assert_eq!(drawn(&home, 21), expected(&"日".repeat(10), 21, 0, 2));
    }

    #[test]
    fn twelve_wide_characters_fit_a_field_wide_enough() {
        let name = "日本語の名前です漢字仮名";
        let input = typed(name);
        assert_eq!(input.text(), name);
        assert_eq!(drawn(&input, 25), expected(name, 25, 24, 1));
    }

    #[test]
    fn the_limit_counts_an_emoji_family_as_one_and_never_splits_it() {
        let family = "👨\u{200d}👩\u{200d}👧";
        let mut input = TextInput::with_limit(3);
        for c in format!("ab{family}{family}").chars() {
            input.handle_key(
                &KeyMap::default(),
                &KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            );
        }
        assert_eq!(input.text(), format!("ab{family}"));
        assert_eq!(input.counter().as_deref(), Some("3/3"));
        let mut pasted = TextInput::with_limit(3);
        pasted.paste(&format!("a{family}{family}"));
        assert_eq!(pasted.text(), format!("a{family}{family}"));
        let mut cut = TextInput::with_limit(2);
        cut.paste(&format!("a{family}{family}"));
        assert_eq!(
            cut.text(),
            format!("a{family}"),
            "cut between whole characters"
        );
    }

    #[test]
    fn the_limit_counts_characters_however_wide() {
        let mut input = TextInput::with_limit(3);
        for c in "日本語x".chars() {
            input.handle_key(
                &KeyMap::default(),
                &KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            );
        }
        assert_eq!(input.text(), "日本語");
    }
}
