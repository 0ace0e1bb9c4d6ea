//! How cells look: the spec's glyphs and colours, a palette for light
//! backgrounds, a colour-blind theme, an ASCII fallback for fonts without
//! the glyphs, and `NO_COLOR` support.

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
    /// A filled cell of a rating's bar.
    RatingOn,
    /// An empty cell of a rating's bar.
    RatingOff,
    /// A rating's score beyond the scale.
    Beyond,
}

/// Unicode chrome and its ASCII stand-in, longest first so that a pair of
/// arrows reads as a word rather than two punctuation marks.
const ASCII_TEXT: [(&str, &str); 16] = [
    ("↑↓", "Up/Down"),
    ("←→", "Left/Right"),
    ("▶", ">"),
    ("★", "*"),
    ("✓", "+"),
    ("◀", "<"),
    ("─", "-"),
    ("…", "..."),
    ("·", "|"),
    ("◆", "#"),
    ("◇", "-"),
    ("∞", "inf"),
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

/// The theme a player asks for, with `--theme` or in the config file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ThemeChoice {
    /// Light or dark as the terminal's background is, dark if it does not say.
    #[default]
    Auto,
    Dark,
    Light,
    /// A box on a goal and the player on a goal differ in shape too, not
    /// only in colour; light or dark as with `auto`.
    Colorblind,
}

/// The colours, chosen for the terminal's background.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// The spec's colours, for a dark background.
    #[default]
    Dark,
    /// Darker yellow and green, readable on white.
    Light,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub color: bool,
    pub palette: Palette,
    /// A box and the player on a goal get their own glyphs (`▣`, `☺`), as
    /// without colour: for players who cannot tell yellow from green.
    pub goal_shapes: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Self {
            ascii: false,
            color: true,
            palette: Palette::Dark,
            goal_shapes: false,
        }
    }
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to anything non-empty (no-color.org);
    /// `detect` is asked for the background only when `choice` is `auto` or
    /// `colorblind` and there are colours to choose.
    pub fn from_env(ascii: bool, choice: ThemeChoice, detect: impl FnOnce() -> Palette) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Self::chosen(ascii, no_color, choice, detect)
    }

    /// [`Theme::from_env`] with the environment read.
    fn chosen(
        ascii: bool,
        no_color: bool,
        choice: ThemeChoice,
        detect: impl FnOnce() -> Palette,
    ) -> Self {
        let palette = match choice {
            ThemeChoice::Dark => Palette::Dark,
            ThemeChoice::Light => Palette::Light,
            ThemeChoice::Auto | ThemeChoice::Colorblind if no_color => Palette::Dark,
            ThemeChoice::Auto | ThemeChoice::Colorblind => detect(),
        };
        Self {
            ascii,
            color: !no_color,
            palette,
            goal_shapes: choice == ThemeChoice::Colorblind,
        }
    }

    /// Yellow: boxes, headings. Darker on a light background, where the
    /// terminal's own yellow is a faint 1.7:1 against white.
    fn yellow(self) -> Color {
        match self.palette {
            Palette::Dark => Color::Yellow,
            // #af8700, 3.3:1 against white.
            Palette::Light => Color::Indexed(136),
        }
    }

    /// Green: a box on a goal, good news.
    fn green(self) -> Color {
        match self.palette {
            Palette::Dark => Color::Green,
            // #008700, 4.7:1 against white.
            Palette::Light => Color::Indexed(28),
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
            // Without colour, or for colour-blind players, shape must tell a
            // placed box from a loose one.
            Cell::BoxOnGoal if !self.color || self.goal_shapes => '▣',
            Cell::PlayerOnGoal if !self.color || self.goal_shapes => '☺',
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
            Chrome::RatingOn => ("◆", "#"),
            Chrome::RatingOff => ("◇", "-"),
            Chrome::Beyond => ("∞", "inf"),
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
            Cell::Box => Style::new().fg(self.yellow()),
            Cell::BoxOnGoal => Style::new().fg(self.green()),
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
    /// stays red under the mark. On a light background a grey ground is
    /// the faintest thing on the board, so the cell is drawn reversed
    /// there: a block of its own colour.
    pub fn hinted(self) -> Style {
        match (self.color, self.palette) {
            (true, Palette::Dark) => Style::new()
                .bg(Color::DarkGray)
                .add_modifier(Modifier::BOLD),
            (true, Palette::Light) => {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            }
            (false, _) => Style::new().add_modifier(Modifier::REVERSED | Modifier::UNDERLINED),
        }
    }

    /// The dots of the way a hint walks: grey on a dark background; on a
    /// light one, where grey dots on white hardly show, blue (#005faf,
    /// 6.4:1 against white).
    pub fn walk(self) -> Style {
        match (self.color, self.palette) {
            (true, Palette::Light) => Style::new()
                .fg(Color::Indexed(25))
                .add_modifier(Modifier::BOLD),
            _ => self.dim(),
        }
    }

    /// Menu selection.
    pub fn selected(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(self.yellow())
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    pub fn accent(self) -> Style {
        if self.color {
            Style::new().fg(self.yellow()).add_modifier(Modifier::BOLD)
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
            Style::new().fg(self.green()).add_modifier(Modifier::BOLD)
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
mod tests;
