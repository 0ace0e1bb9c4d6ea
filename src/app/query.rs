//! What the app shows, for tests and tools that drive it without a
//! terminal: the screen on top, its messages, selection and text field,
//! the level being played, and the text a terminal would show.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::App;
use super::message::{Message, Problem};
use super::screen::LevelView;

impl App {
    /// The name of the screen on top: `main menu`, `play`, `finish`...
    pub fn screen_name(&self) -> &'static str {
        self.top().name()
    }

    /// The messages on show on the screen on top, oldest first.
    pub fn messages(&self) -> &[Message] {
        self.top().messages()
    }

    /// Why the screen on top cannot offer what it normally would.
    pub fn problem(&self) -> Option<&Problem> {
        self.top().problem()
    }

    /// The selected line of the menu or list on top.
    pub fn selected(&self) -> Option<usize> {
        self.top().selected()
    }

    /// The text of the field being edited on top.
    pub fn input(&self) -> Option<&str> {
        self.top().input()
    }

    /// The level being played, when the Play screen is on top.
    pub fn level(&self) -> Option<LevelView<'_>> {
        self.top().level()
    }

    /// The text a terminal of this size would show, one line per row with
    /// trailing spaces trimmed.
    pub fn visible_text(&self, width: u16, height: u16) -> String {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        self.render(area, &mut buffer);
        let mut text = String::new();
        for y in 0..height {
            let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }
}
