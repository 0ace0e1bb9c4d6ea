//! How cells look: the spec's glyphs and colours, an ASCII fallback for
//! fonts without them, and `NO_COLOR` support.

use ratatui::style::{Color, Modifier, Style};

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

    /// The box a hint says to push next.
    pub fn hinted(self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(Color::Cyan)
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
