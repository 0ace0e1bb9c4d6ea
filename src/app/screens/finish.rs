//! The end of a level: the score, the leaderboard question and nickname,
//! then the leaderboard and what to do next.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use crate::app::keys;
use crate::app::message::{Message, MessageKind, Problem, plural};
use crate::app::origin::Origin;
use crate::app::screen::{Command, Effect, Screen, footer};
use crate::app::theme::Theme;
use crate::app::widgets::leaderboard::{LEADERBOARD_WIDTH, LeaderboardView};
use crate::app::widgets::menu::{MenuKey, MenuList, menu_key};
use crate::app::widgets::page::{centered_column, centered_line, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};
use crate::storage::{Leaderboard, MAX_NICKNAME_CHARS, Records, valid_nickname};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
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
#[derive(Clone, Debug)]
pub(crate) struct NextChoice {
    pub label: &'static str,
    pub origin: Origin,
}

#[derive(Debug)]
pub(crate) struct Finish {
    heading: String,
    /// `None` when the player left without solving.
    solved_score: Option<usize>,
    board: Leaderboard,
    new_place: Option<usize>,
    stage: Stage,
    next: Option<NextChoice>,
    messages: Vec<Message>,
    /// Where the score goes; `None` when records are off.
    records: Option<Records>,
    theme: Theme,
}

/// What the end screen shows: the level's title, the score if solved, and
/// the leaderboard as read.
pub(crate) struct Outcome {
    pub title: String,
    /// `None` when the player left without solving.
    pub solved_score: Option<usize>,
    pub board: Leaderboard,
    pub records: Option<Records>,
    pub next: Option<NextChoice>,
    pub messages: Vec<Message>,
}

impl Finish {
    /// The end of a level: a solved score that makes the board asks first
    /// whether to add it; otherwise the board is shown.
    pub fn new(outcome: Outcome, theme: Theme) -> Self {
        let Outcome {
            title,
            solved_score,
            board,
            records,
            next,
            mut messages,
        } = outcome;
        let heading = match solved_score {
            Some(_) => format!("Solved: {title}"),
            None => format!("Leaderboard: {title}"),
        };
        let stage = match (solved_score, &records) {
            (Some(score), Some(_)) if board.qualifies(score) => Stage::Qualify { yes: true },
            (Some(_), None) => {
                messages.push(Message::warning(
                    "Records are off: the score cannot be kept",
                ));
                Stage::Board { selected: 0 }
            }
            _ => Stage::Board { selected: 0 },
        };
        Self {
            heading,
            solved_score,
            board,
            new_place: None,
            stage,
            next,
            messages,
            records,
            theme,
        }
    }

    fn add_score(&mut self, name: &str) {
        let (Some(score), Some(records)) = (self.solved_score, &self.records) else {
            return;
        };
        match records.add_score(score, name) {
            Ok(added) => {
                self.board = added.board;
                self.new_place = added.place;
                if let Some(aside) = added.moved_aside {
                    self.messages.push(Message::warning(format!(
                        "The old leaderboard was damaged; it was kept as {}",
                        aside.display()
                    )));
                }
            }
            Err(error) => self.messages.push(Message::trouble(
                Some("Could not save the score"),
                Problem::Record(error),
            )),
        }
        self.stage = Stage::Board { selected: 0 };
    }

    fn choices(&self) -> Vec<String> {
        let mut items: Vec<String> = self.next.iter().map(|n| n.label.to_owned()).collect();
        items.push("Main menu".to_owned());
        items
    }
}

impl Screen for Finish {
    fn name(&self) -> &'static str {
        "finish"
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
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
            }
            Stage::Nickname { input, error } => match input.handle_key(key) {
                InputEvent::Submit => match valid_nickname(input.text()).map(str::to_owned) {
                    Some(name) => self.add_score(&name),
                    None => {
                        *error = Some(format!(
                            "A nickname is 1 to {MAX_NICKNAME_CHARS} printable characters"
                        ));
                    }
                },
                InputEvent::Cancel => self.stage = Stage::Qualify { yes: true },
                InputEvent::Edited => *error = None,
                InputEvent::Ignored => {}
            },
            Stage::Board { selected } => {
                let len = self.next.iter().len() + 1;
                return match (menu_key(key, selected, len), &self.next, *selected) {
                    (Some(MenuKey::Accept), Some(next), 0) => Effect::Open(next.origin.clone()),
                    (Some(_), ..) => Effect::MainMenu,
                    (None, ..) => Effect::None,
                };
            }
        }
        Effect::None
    }

    /// A nickname may be pasted; it is cut at the nickname's limit.
    fn handle_paste(&mut self, text: &str) -> Effect {
        if let Stage::Nickname { input, error } = &mut self.stage
            && input.paste(text) == InputEvent::Edited
        {
            *error = None;
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        match self.stage {
            Stage::Qualify { .. } => vec![
                Command::new("←→", "choose"),
                Command::new("Enter", "accept"),
            ],
            Stage::Nickname { .. } => vec![
                Command::new("type", "your nickname"),
                Command::new("Enter", "save"),
                Command::new("Esc", "back"),
            ],
            Stage::Board { .. } => vec![
                Command::new("↑↓", "choose"),
                Command::new("Enter", "accept"),
                Command::new("Esc", "main menu"),
            ],
        }
    }

    fn show(&mut self, message: Message) {
        self.messages.push(message);
    }

    fn messages(&self) -> &[Message] {
        &self.messages
    }

    fn is_level_screen(&self) -> bool {
        true
    }

    fn selected(&self) -> Option<usize> {
        match self.stage {
            Stage::Board { selected } => Some(selected),
            Stage::Qualify { yes } => Some(usize::from(!yes)),
            Stage::Nickname { .. } => None,
        }
    }

    fn input(&self) -> Option<&str> {
        match &self.stage {
            Stage::Nickname { input, .. } => Some(input.text()),
            _ => None,
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(content) = page(
            area,
            buf,
            self.theme,
            &self.heading,
            &footer(&self.commands()),
        ) else {
            return;
        };
        let y = self.draw_news(content, buf);
        let rest = Rect::new(
            content.x,
            y,
            content.width,
            content.bottom().saturating_sub(y),
        );
        let column = centered_column(rest, LEADERBOARD_WIDTH);
        match &self.stage {
            Stage::Qualify { yes } => self.draw_question(rest, column, *yes, buf),
            Stage::Nickname { input, error } => {
                self.draw_nickname(rest, column, input, error.as_deref(), buf);
            }
            Stage::Board { selected } => self.draw_board(column, *selected, buf),
        }
    }
}

impl Finish {
    /// The score and the messages; returns the first row below them.
    fn draw_news(&self, content: Rect, buf: &mut Buffer) -> u16 {
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
        y
    }

    fn draw_question(&self, rest: Rect, column: Rect, yes: bool, buf: &mut Buffer) {
        let question = "Your score makes the leaderboard. Add it?";
        centered_line(rest, rest.y, question, buf, Style::new());
        let [_, _, row] = Layout::vertical([Constraint::Length(1); 3]).areas(column);
        let [yes_area, _, no_area] = Layout::horizontal([
            Constraint::Length(7),
            Constraint::Length(2),
            Constraint::Length(6),
        ])
        .areas(centered_column(row, 16));
        let (yes_style, no_style) = if yes {
            (self.theme.selected(), Style::new())
        } else {
            (Style::new(), self.theme.selected())
        };
        Span::styled("  Yes  ", yes_style).render(yes_area, buf);
        Span::styled("  No  ", no_style).render(no_area, buf);
    }

    fn draw_nickname(
        &self,
        rest: Rect,
        column: Rect,
        input: &TextInput,
        error: Option<&str>,
        buf: &mut Buffer,
    ) {
        let [label, field, _, below] = Layout::vertical([Constraint::Length(1); 4]).areas(column);
        let [prompt, text] = Layout::horizontal([
            Constraint::Length(2),
            Constraint::Length(MAX_NICKNAME_CHARS as u16 + 1),
        ])
        .areas(field);
        Span::raw("Your nickname:").render(label, buf);
        Span::styled("> ", self.theme.accent()).render(prompt, buf);
        input.render(text, buf, Style::new());
        if let Some(error) = error {
            // Wider than the column if need be: the reason is one line.
            let line = Rect::new(below.x, below.y, rest.right() - below.x, 1);
            Span::styled(error, self.theme.error()).render(line, buf);
        }
    }

    fn draw_board(&self, column: Rect, selected: usize, buf: &mut Buffer) {
        let view = LeaderboardView {
            board: &self.board,
            new_place: self.new_place,
            theme: self.theme,
        };
        let [title, board, _, menu] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(view.height()),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(column);
        Span::styled("Leaderboard", self.theme.accent()).render(title, buf);
        view.render(board, buf);
        MenuList {
            items: &self.choices(),
            selected,
            theme: self.theme,
        }
        .render(menu, buf);
    }
}
