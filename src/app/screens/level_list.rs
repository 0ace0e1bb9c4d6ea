//! Picking a level: Free play's collection, or a custom file with several.

use std::cell::Cell;
use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::keys;
use crate::app::origin::Origin;
use crate::app::theme::Theme;
use crate::app::widgets::page::{centered_column, notice_line, page};
use crate::game::Direction;
use crate::library::Collection;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRow {
    pub title: String,
    pub record: Option<usize>,
    pub saved: bool,
    pub solved: bool,
}

/// Which levels the list holds, so a choice becomes an [`Origin`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListSource {
    Collection(Collection),
    File(PathBuf),
}

#[derive(Debug)]
pub struct LevelList {
    pub heading: String,
    pub source: ListSource,
    pub rows: Vec<LevelRow>,
    pub selected: usize,
    /// Why the last choice could not be carried out.
    pub notice: Option<String>,
    pub theme: Theme,
    /// Rows that fitted at the last draw: how far Page Up/Down jump.
    page: Cell<usize>,
}

impl LevelList {
    pub fn new(heading: String, source: ListSource, rows: Vec<LevelRow>, theme: Theme) -> Self {
        Self {
            heading,
            source,
            rows,
            selected: 0,
            notice: None,
            theme,
            page: Cell::new(10),
        }
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        // A notice answers the last key; the next one dismisses it.
        self.notice = None;
        let last = self.rows.len().saturating_sub(1);
        let page = self.page.get().max(1);
        match (keys::direction(key), key.code) {
            (Some(Direction::Up), _) => self.selected = self.selected.saturating_sub(1),
            (Some(Direction::Down), _) => self.selected = (self.selected + 1).min(last),
            (_, KeyCode::PageUp) => self.selected = self.selected.saturating_sub(page),
            (_, KeyCode::PageDown) => self.selected = (self.selected + page).min(last),
            (_, KeyCode::Home) => self.selected = 0,
            (_, KeyCode::End) => self.selected = last,
            _ if keys::is_accept(key) && !self.rows.is_empty() => {
                return Some(Action::Open(self.origin(self.selected + 1)));
            }
            _ if keys::is_back(key) => return Some(Action::Back),
            _ => {}
        }
        None
    }

    fn origin(&self, number: usize) -> Origin {
        match &self.source {
            ListSource::Collection(collection) => Origin::FreePlay {
                collection: *collection,
                number,
            },
            ListSource::File(path) => Origin::Custom {
                path: path.clone(),
                number,
                count: self.rows.len(),
            },
        }
    }

    fn line(&self, index: usize, title_width: usize) -> String {
        let row = &self.rows[index];
        let record = row.record.map_or("N/A".to_owned(), |r| r.to_string());
        let title: String = if row.title.chars().count() > title_width {
            let kept: String = row
                .title
                .chars()
                .take(title_width.saturating_sub(1))
                .collect();
            format!("{kept}…")
        } else {
            row.title.clone()
        };
        format!(
            "{} {:>3}  {title:<title_width$}  {record:>6}  {}",
            if row.solved { "✓" } else { " " },
            index + 1,
            if row.saved { "saved" } else { "" },
        )
    }
}

impl Widget for &LevelList {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(content) = page(
            area,
            buf,
            self.theme,
            &self.heading,
            "↑↓ choose · PgUp/PgDn/Home/End jump · Enter play · Esc back",
        ) else {
            return;
        };
        notice_line(area, buf, self.theme, self.notice.as_deref());
        let title_width = self
            .rows
            .iter()
            .map(|r| r.title.chars().count())
            .max()
            .unwrap_or(0)
            .clamp(5, 40)
            .min(content.width.saturating_sub(24) as usize);
        let width = (title_width + 24) as u16;
        let column = centered_column(content, width);
        let header = format!("{:>5}  {:<title_width$}  {:>6}", "#", "Level", "Record");
        buf.set_stringn(
            column.x + 2,
            column.y,
            header,
            column.width as usize,
            self.theme.dim(),
        );
        let visible = column.height.saturating_sub(1) as usize;
        self.page.set(visible);
        let top = self
            .selected
            .saturating_sub(visible / 2)
            .min(self.rows.len().saturating_sub(visible));
        for (row, index) in (top..self.rows.len()).take(visible).enumerate() {
            let y = column.y + 1 + row as u16;
            let line = self.line(index, title_width);
            let (x, text, style) = if index == self.selected {
                (column.x, format!("▶ {line} "), self.theme.selected())
            } else {
                (column.x + 2, line, Style::new())
            };
            buf.set_stringn(x, y, text.trim_end(), column.width as usize, style);
        }
    }
}
