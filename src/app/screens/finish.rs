//! The end of a level: the score, the leaderboard question and nickname,
//! then the leaderboard and what to do next.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::keys;
use crate::app::message::{Message, MessageKind, plural};
use crate::app::origin::Origin;
use crate::app::theme::Theme;
use crate::app::widgets::leaderboard::{LEADERBOARD_WIDTH, LeaderboardView};
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, centered_line, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};
use crate::storage::{Leaderboard, MAX_NICKNAME_CHARS, Records, valid_nickname};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Whether to add the score; `Yes` comes first.
    Qualify {
        yes: bool,
    },
    Nickname {
        input: TextInput,
        error: Option<String>,
    },
    Board {
        selected: usize,
    },
}

/// Where the player can go from here, besides the main menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextChoice {
    pub label: &'static str,
    pub origin: Origin,
}

#[derive(Debug)]
pub struct Finish {
    pub heading: String,
    /// `None` when the player left without solving.
    pub solved_score: Option<usize>,
    pub board: Leaderboard,
    pub new_place: Option<usize>,
    pub stage: Stage,
    pub next: Option<NextChoice>,
    pub messages: Vec<Message>,
    /// Where the score goes; `None` when records are off.
    pub records: Option<Records>,
    pub theme: Theme,
}

impl Finish {
    fn choices(&self) -> Vec<String> {
        let mut items: Vec<String> = self.next.iter().map(|n| n.label.to_owned()).collect();
        items.push("Main menu".to_owned());
        items
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        match &mut self.stage {
            Stage::Qualify { yes } => {
                if keys::direction(key).is_some() {
                    *yes = !*yes;
                } else if keys::is_accept(key) && *yes {
                    self.stage = Stage::Nickname {
                        input: TextInput::with_limit(MAX_NICKNAME_CHARS),
                        error: None,
                    };
                } else if keys::is_accept(key) || keys::is_back(key) {
                    self.stage = Stage::Board { selected: 0 };
                }
                None
            }
            Stage::Nickname { input, error } => match input.handle_key(key) {
                InputEvent::Submit => {
                    if let Some(name) = valid_nickname(input.text()) {
                        return Some(Action::AddScore(name.to_owned()));
                    }
                    *error = Some(format!(
                        "A nickname is 1 to {MAX_NICKNAME_CHARS} printable characters"
                    ));
                    None
                }
                InputEvent::Cancel => {
                    self.stage = Stage::Qualify { yes: true };
                    None
                }
                InputEvent::Edited => {
                    *error = None;
                    None
                }
                InputEvent::Ignored => None,
            },
            Stage::Board { selected } => {
                let len = self.next.iter().len() + 1;
                match menu_key(key, selected, len)? {
                    MenuKey::Accept => Some(match (&self.next, *selected) {
                        (Some(next), 0) => Action::Open(next.origin.clone()),
                        _ => Action::MainMenu,
                    }),
                    MenuKey::Back => Some(Action::MainMenu),
                }
            }
        }
    }
}

impl Widget for &Finish {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let footer = match self.stage {
            Stage::Qualify { .. } => "←→ choose · Enter accept",
            Stage::Nickname { .. } => "type your nickname · Enter save · Esc back",
            Stage::Board { .. } => "↑↓ choose · Enter accept · Esc main menu",
        };
        let Some(content) = page(area, buf, self.theme, &self.heading, footer) else {
            return;
        };
        let mut y = content.y;
        if let Some(score) = self.solved_score {
            let line = format!("Solved in {}!", plural(score, "move"));
            centered_line(content, y, &line, buf, self.theme.good());
            y += 2;
        }
        for message in &self.messages {
            let style = match message.kind {
                MessageKind::Info => self.theme.dim(),
                MessageKind::Warning => self.theme.error(),
            };
            centered_line(content, y, &message.text, buf, style);
            y += 1;
        }
        if !self.messages.is_empty() {
            y += 1;
        }
        let view = LeaderboardView {
            board: &self.board,
            new_place: self.new_place,
            theme: self.theme,
        };
        let column = centered_column(
            Rect::new(
                content.x,
                y,
                content.width,
                content.bottom().saturating_sub(y),
            ),
            view.width().max(LEADERBOARD_WIDTH),
        );
        match &self.stage {
            Stage::Qualify { yes } => {
                centered_line(
                    content,
                    y,
                    "Your score makes the leaderboard. Add it?",
                    buf,
                    Style::new(),
                );
                let (yes_style, no_style) = if *yes {
                    (self.theme.selected(), Style::new())
                } else {
                    (Style::new(), self.theme.selected())
                };
                let x = column.x + column.width.saturating_sub(16) / 2;
                buf.set_string(x, y + 2, "  Yes  ", yes_style);
                buf.set_string(x + 9, y + 2, "  No  ", no_style);
            }
            Stage::Nickname { input, error } => {
                buf.set_string(column.x, y, "Your nickname:", Style::new());
                buf.set_string(column.x, y + 1, "> ", self.theme.accent());
                // Room for the longest name in wide characters, and the cursor.
                let field_width = content
                    .right()
                    .saturating_sub(column.x + 2)
                    .min(2 * MAX_NICKNAME_CHARS as u16 + 1);
                input.render(
                    Rect::new(column.x + 2, y + 1, field_width, 1),
                    buf,
                    Style::new(),
                );
                if let Some(error) = error {
                    buf.set_stringn(
                        column.x,
                        y + 3,
                        error,
                        content.width as usize,
                        self.theme.error(),
                    );
                }
            }
            Stage::Board { selected } => {
                buf.set_string(column.x, y, "Leaderboard", self.theme.accent());
                let height = view.height();
                view.render(Rect::new(column.x, y + 1, column.width, height), buf);
                let menu_y = y + height + 2;
                MenuList {
                    items: &self.choices(),
                    selected: *selected,
                    theme: self.theme,
                }
                .render(
                    Rect::new(
                        column.x,
                        menu_y,
                        column.width,
                        content.bottom().saturating_sub(menu_y),
                    ),
                    buf,
                );
            }
        }
    }
}
