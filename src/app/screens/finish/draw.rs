//! Drawing the end screen, and where its parts go for the mouse.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use super::{Finish, Stage};
use crate::app::message::plural;
use crate::app::screen::{Screen, footer};
use crate::app::widgets::leaderboard::{LEADERBOARD_WIDTH, LeaderboardView};
use crate::app::widgets::menu::MenuList;
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{LogoRule, centered_column, centered_line, page_areas};
use crate::app::widgets::text_input::TextInput;
use crate::leaderboard::MAX_NICKNAME_CHARS;
use crate::text::width;

impl Finish {
    fn news(&self) -> MessageLines<'_> {
        MessageLines {
            messages: &self.messages,
            theme: self.theme,
            info_style: self.theme.dim(),
            centered: true,
            more_key: "M",
        }
    }

    /// Where the score, the messages and the rest go in the page's
    /// `content`: on a short screen the blank rows go, so the choices fit.
    fn news_layout(&self, content: Rect) -> (u16, u16, Rect) {
        let roomy = u16::from(content.height >= ROOMY_ROWS);
        let score_rows = if self.solved_score.is_some() {
            1 + roomy
        } else {
            0
        };
        // A short screen gives the news the rows the board and the
        // choices leave, at least one, and `M` the rest.
        let most = if roomy == 1 {
            MAX_NEWS_ROWS
        } else {
            content
                .height
                .saturating_sub(score_rows + self.rest_rows())
                .max(1)
        };
        let message_rows = self.news().height(content.width).min(most);
        let gap = if message_rows > 0 { roomy } else { 0 };
        let y = (content.y + score_rows + message_rows + gap).min(content.bottom());
        let rest = Rect::new(content.x, y, content.width, content.bottom() - y);
        (content.y + score_rows, message_rows, rest)
    }

    /// The rows the stage on show wants under the news: the question and
    /// its answers, the nickname field, or the board and its choices.
    fn rest_rows(&self) -> u16 {
        match self.stage {
            Stage::Qualify { .. } => 3,
            Stage::Nickname { .. } => 4,
            Stage::Board { .. } => self.view().height() + self.board_choices().len() as u16,
        }
    }

    /// The score and the messages, wrapped; returns the area below them.
    pub(super) fn draw_news(&self, content: Rect, buf: &mut Buffer) -> Rect {
        let (messages_y, message_rows, rest) = self.news_layout(content);
        if let Some(score) = self.solved_score {
            let line = format!("Solved in {}!", plural(score, "move"));
            centered_line(content, content.y, &line, buf, self.theme.good());
        }
        let messages = Rect::new(content.x, messages_y, content.width, message_rows);
        self.news().render(messages, buf);
        rest
    }

    pub(super) fn draw_question(&self, rest: Rect, column: Rect, yes: bool, buf: &mut Buffer) {
        let question = self.question();
        // Too wide for one line: the question goes on after its colon.
        let lines = match question.split_once(": ") {
            Some((said, asked)) if width(&question) > rest.width as usize => {
                vec![format!("{said}:"), asked.to_owned()]
            }
            _ => vec![question],
        };
        for (line, y) in lines.iter().zip(rest.y..) {
            centered_line(rest, y, line, buf, Style::new());
        }
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

    pub(super) fn draw_nickname(
        &self,
        rest: Rect,
        column: Rect,
        input: &TextInput,
        error: Option<&str>,
        buf: &mut Buffer,
    ) {
        let [label, field, _, below] = Layout::vertical([Constraint::Length(1); 4]).areas(column);
        // Room for the longest name in wide characters, and the cursor.
        let field_width = rest
            .right()
            .saturating_sub(field.x + 2)
            .min(2 * MAX_NICKNAME_CHARS as u16 + 1);
        let [prompt, text] =
            Layout::horizontal([Constraint::Length(2), Constraint::Length(field_width)])
                .areas(Rect::new(field.x, field.y, rest.right() - field.x, 1));
        let counted = input
            .counter()
            .map_or_else(String::new, |counter| format!(" ({counter})"));
        Span::raw(format!("Your nickname{counted}:")).render(label, buf);
        Span::styled("> ", self.theme.accent()).render(prompt, buf);
        input.render(text, buf, Style::new());
        if let Some(error) = error {
            // Wider than the column if need be: the reason is one line.
            let line = Rect::new(below.x, below.y, rest.right() - below.x, 1);
            Span::styled(error, self.theme.error()).render(line, buf);
        }
    }

    /// The board and the choices: side by side when they fit, so a full
    /// board never pushes the choices off screen; else the choices keep
    /// their rows under a board shortened around the player's entry.
    /// Returns the label's place (if shown), the board's area and the menu's.
    fn board_layout(&self, rest: Rect) -> (Option<Position>, Rect, Rect) {
        let view = self.view();
        let choices = self.board_choices();
        let menu_width = choices.iter().map(|c| width(c)).max().unwrap_or(0) as u16 + 3;
        let menu_rows = choices.len() as u16;
        let board_width = view.width().max(LEADERBOARD_WIDTH).min(rest.width);
        let beside = rest.width >= board_width + 3 + menu_width;
        // The heading says "Leaderboard" already unless the level was
        // solved; the label shows only where it takes no entry's row.
        let label = self.solved_score.is_some()
            && rest.height > view.height()
            && (beside || rest.height > view.height() + menu_rows);
        let top = rest.y + u16::from(label);
        let (board_x, board_rows, menu) = if beside {
            let x = rest.x + (rest.width - board_width - 3 - menu_width) / 2;
            let menu = Rect::new(x + board_width + 3, top, menu_width, menu_rows);
            (x, rest.bottom().saturating_sub(top), menu)
        } else {
            let x = centered_column(rest, board_width).x;
            let room = rest.bottom().saturating_sub(top + menu_rows);
            let gap = u16::from(room > view.height());
            let rows = view.height().min(room - gap);
            let menu = Rect::new(x, top + rows + gap, board_width, menu_rows);
            (x, rows, menu)
        };
        let board = Rect::new(board_x, top, board_width, board_rows);
        let label = label.then_some(Position::new(board_x, rest.y));
        (label, board, menu.intersection(rest))
    }

    pub(super) fn view(&self) -> LeaderboardView<'_> {
        LeaderboardView {
            board: &self.board,
            new_place: self.new_place,
            more_hint: &self.more_hint,
            theme: self.theme,
        }
    }

    pub(super) fn draw_board(&self, rest: Rect, selected: usize, buf: &mut Buffer) {
        let (label, board, menu) = self.board_layout(rest);
        if let Some(at) = label {
            buf.set_string(at.x, at.y, "Leaderboard", self.theme.accent());
        }
        self.view().render(board, buf);
        MenuList {
            items: &self.board_choices(),
            selected,
            theme: self.theme,
        }
        .render(menu, buf);
    }

    /// Where the board's choices are on a screen of `area`, for the mouse.
    pub(super) fn menu_area(&self, area: Rect) -> Option<Rect> {
        let content = page_areas(
            area,
            self.theme,
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        )?
        .content;
        let (_, _, rest) = self.news_layout(content);
        Some(self.board_layout(rest).2)
    }
}

/// From this many rows of content the end screen has blank rows between parts.
const ROOMY_ROWS: u16 = 12;
/// Messages take at most this many rows; `M` shows them whole.
const MAX_NEWS_ROWS: u16 = 3;
