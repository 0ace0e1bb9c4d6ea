//! A level drawn small beside a list of levels: its title whole, its size,
//! boxes and author and its rating above its board, at two rows a line
//! where it is too tall for one, or a word that it is too big to show.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::board::{BoardLayout, BoardView, Marks};
use crate::app::widgets::miniature::Miniature;
use crate::app::widgets::rating::described;
use crate::library::{LevelRating, Zoom};
use crate::text::{fit, width, wrap};
use schokoban_core::{Game, Level};

/// The narrowest preview worth its place: below this the list keeps the
/// whole width.
pub const MIN_PREVIEW_WIDTH: u16 = 22;
/// The widest a preview is given, so the list and it stay together.
pub const MAX_PREVIEW_WIDTH: u16 = 40;

pub struct LevelPreview<'a> {
    pub level: &'a Level,
    /// The heading: the name the list gives the level, which may not be
    /// its title (an Endless level is listed by size, difficulty and
    /// seed); `None` for none.
    pub heading: Option<&'a str>,
    pub rating: PreviewRating,
    pub theme: Theme,
}

/// What the preview says of the level's rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreviewRating {
    Rated(LevelRating),
    /// Being rated in the background.
    Waiting,
    /// It cannot be rated: no line.
    Unrated,
}

impl LevelPreview<'_> {
    /// `11x7, 3 boxes · David W. Skinner` in `columns`, or without the
    /// author where that does not fit: one line, never cut, so the board
    /// has every other row.
    fn summary(&self, columns: usize) -> String {
        let level = self.level;
        let boxes = level.boxes().len();
        let plural = if boxes == 1 { "box" } else { "boxes" };
        let size = format!("{}x{}, {boxes} {plural}", level.width(), level.height());
        let separator = self.theme.chrome(Chrome::Separator);
        match level.author() {
            Some(author) if width(&size) + width(author) + 3 <= columns => {
                format!("{size} {separator} {author}")
            }
            _ => size,
        }
    }
}

impl Widget for LevelPreview<'_> {
    /// The heading whole, wrapped; the summary and the rating under it;
    /// then the board.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let rating = match self.rating {
            PreviewRating::Rated(rating) => Some(described(rating, self.theme)),
            PreviewRating::Waiting => {
                Some(format!("Rating{}", self.theme.chrome(Chrome::Ellipsis)))
            }
            PreviewRating::Unrated => None,
        };
        let title = self
            .heading
            .map(|title| wrap(&self.theme.text(title), area.width as usize))
            .unwrap_or_default();
        let [heading, text, rating_line, board] = Layout::vertical([
            Constraint::Length(title.len() as u16),
            Constraint::Length(1),
            Constraint::Length(u16::from(rating.is_some())),
            Constraint::Fill(1),
        ])
        .areas(area);
        let bold = Style::new().add_modifier(Modifier::BOLD);
        for (line, y) in title.into_iter().zip(heading.y..heading.bottom()) {
            Line::styled(line, bold).render(
                Rect {
                    y,
                    height: 1,
                    ..heading
                },
                buf,
            );
        }
        let summary = self.summary(text.width as usize);
        Line::styled(summary, self.theme.dim()).render(text, buf);
        if let Some(rating) = rating {
            let ellipsis = self.theme.chrome(Chrome::Ellipsis);
            Line::styled(
                fit(&rating, rating_line.width as usize, ellipsis),
                self.theme.dim(),
            )
            .render(rating_line, buf);
        }
        let level = self.level;
        let game = Game::new(level.clone());
        if level.width() > board.width as usize || level.height() > board.height as usize {
            if Miniature::fits(level, board, self.theme) {
                let theme = self.theme;
                Miniature { game: &game, theme }.render(board, buf);
            } else {
                Line::from("Too big to show").render(board, buf);
            }
            return;
        }
        let marks = Marks::default();
        BoardView {
            game: &game,
            layout: BoardLayout::new(board, &game, Zoom::Off),
            theme: self.theme,
            marks: &marks,
        }
        .render(board, buf);
    }
}
