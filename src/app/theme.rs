//! How cells look: the spec's glyphs and colours, an ASCII fallback for
//! fonts without them, and `NO_COLOR` support.

use std::borrow::Cow;

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

use super::message::MessageKind;

/// What occupies a cell, as far as drawing goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Floor,
    Wall,
    Goal,
    Box,
    BoxOnGoal,
    Player,
    PlayerOnGoal,
}

/// A glyph of the game's chrome (menus, lists, boards), drawn in Unicode or,
/// under `--ascii`, in plain ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chrome {
    /// Marks the selected menu item.
    Pointer,
    /// Marks the best score.
    Best,
    /// Marks a solved level.
    Solved,
    /// Points at the entry just added.
    You,
    /// A horizontal rule, one cell of it.
    Rule,
    /// Ends text cut to fit.
    Ellipsis,
    /// Separates key hints in a footer.
    Separator,
}

/// Unicode chrome and its ASCII stand-in, longest first so that a pair of
/// arrows reads as a word rather than two punctuation marks.
const ASCII_TEXT: [(&str, &str); 13] = [
    ("↑↓", "Up/Down"),
    ("←→", "Left/Right"),
    ("▶", ">"),
    ("★", "*"),
    ("✓", "+"),
    ("◀", "<"),
    ("─", "-"),
    ("…", "..."),
    ("·", "|"),
    ("↑", "^"),
    ("↓", "v"),
    ("←", "<"),
    ("→", ">"),
];

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const ASCII_SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// Box borders in ASCII, for `--ascii`.
const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub color: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Self {
            ascii: false,
            color: true,
        }
    }
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to anything non-empty (no-color.org).
    pub fn from_env(ascii: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Self {
            ascii,
            color: !no_color,
        }
    }

    pub fn glyph(self, cell: Cell) -> char {
        if self.ascii {
            return match cell {
                Cell::Floor => ' ',
                Cell::Wall => '#',
                Cell::Goal => '.',
                Cell::Box => '$',
                Cell::BoxOnGoal => '*',
                Cell::Player => '@',
                Cell::PlayerOnGoal => '+',
            };
        }
        match cell {
            Cell::Floor => ' ',
            Cell::Wall => '█',
            Cell::Goal => '⨯',
            // Without colour, shape alone must tell a placed box from a loose one.
            Cell::BoxOnGoal if !self.color => '▣',
            Cell::PlayerOnGoal if !self.color => '☺',
            Cell::Box | Cell::BoxOnGoal => '◼',
            Cell::Player | Cell::PlayerOnGoal => '☻',
        }
    }

    pub fn chrome(self, glyph: Chrome) -> &'static str {
        let (unicode, ascii) = match glyph {
            Chrome::Pointer => ("▶", ">"),
            Chrome::Best => ("★", "*"),
            Chrome::Solved => ("✓", "+"),
            Chrome::You => ("◀", "<"),
            Chrome::Rule => ("─", "-"),
            Chrome::Ellipsis => ("…", "..."),
            Chrome::Separator => ("·", "|"),
        };
        if self.ascii { ascii } else { unicode }
    }

    /// `text` with its chrome glyphs (arrows, `·`, `…`, marks) in ASCII under
    /// `--ascii`; other characters, such as a player's name, stay as they are.
    pub fn text(self, text: &str) -> Cow<'_, str> {
        if !self.ascii || text.is_ascii() {
            return Cow::Borrowed(text);
        }
        let mut plain = text.to_owned();
        for (unicode, ascii) in ASCII_TEXT {
            plain = plain.replace(unicode, ascii);
        }
        Cow::Owned(plain)
    }

    /// Frame `tick` of the animation shown while a hint is worked out.
    pub fn spinner(self, tick: usize) -> &'static str {
        let frames: &[&str] = if self.ascii { &ASCII_SPINNER } else { &SPINNER };
        frames[tick % frames.len()]
    }

    /// The border of overlays and boxes: double lines, or `+-|` in ASCII.
    pub fn border(self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::DOUBLE
        }
    }

    /// A floor cell on the way a hint walks.
    pub fn trail(self) -> char {
        if self.ascii { ':' } else { '·' }
    }

    pub fn style(self, cell: Cell) -> Style {
        if !self.color {
            return Style::new();
        }
        match cell {
            Cell::Goal | Cell::PlayerOnGoal => Style::new().fg(Color::Red),
            Cell::Box => Style::new().fg(Color::Yellow),
            Cell::BoxOnGoal => Style::new().fg(Color::Green),
            Cell::Floor | Cell::Wall | Cell::Player => Style::new(),
        }
    }

    /// A box that can never reach a goal any more.
    pub fn dead_box(self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(Color::Red)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// The box a hint says to push next, and the cell it goes to: laid
    /// over the cell's own style, so a box on a goal stays green and a goal
    /// stays red under the mark.
    pub fn hinted(self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::DarkGray)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::UNDERLINED)
        }
    }

    /// Menu selection.
    pub fn selected(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    pub fn accent(self) -> Style {
        if self.color {
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }

    pub fn error(self) -> Style {
        if self.color {
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    pub fn good(self) -> Style {
        if self.color {
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// A one-line message: news in green, trouble in red.
    pub fn message(self, kind: MessageKind) -> Style {
        match kind {
            MessageKind::Info => self.good(),
            MessageKind::Warning => self.error(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY_CHROME: [Chrome; 7] = [
        Chrome::Pointer,
        Chrome::Best,
        Chrome::Solved,
        Chrome::You,
        Chrome::Rule,
        Chrome::Ellipsis,
        Chrome::Separator,
    ];

    fn ascii() -> Theme {
        Theme {
            ascii: true,
            color: true,
        }
    }

    #[test]
    fn ascii_chrome_is_ascii_and_unicode_chrome_is_not() {
        for glyph in EVERY_CHROME {
            assert!(ascii().chrome(glyph).is_ascii(), "{glyph:?}");
            assert!(!Theme::default().chrome(glyph).is_ascii(), "{glyph:?}");
        }
        for tick in 0..20 {
            assert!(ascii().spinner(tick).is_ascii());
        }
        let border = ascii().border();
        assert!(
            [border.top_left, border.horizontal_top, border.vertical_left]
                .iter()
                .all(|s| s.is_ascii())
        );
    }

    #[test]
    fn text_turns_chrome_to_ascii_and_keeps_the_rest() {
        assert_eq!(
            ascii().text("↑↓ choose · Enter accept · ←→ · Thinking…"),
            "Up/Down choose | Enter accept | Left/Right | Thinking..."
        );
        assert_eq!(ascii().text("▶ 日本語 ✓ ★ ◀ you"), "> 日本語 + * < you");
        assert_eq!(Theme::default().text("↑↓ · ✓"), "↑↓ · ✓");
    }
}
