//! Drawing the editor: what is being built and what the checks say, the
//! pieces and their keys, the grid with the cursor, and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::{Check, Editor, key_help};
use crate::app::hint::{HINT_TIME, SOLVER_FAILED};
use crate::app::message::{Message, MessageKind};
use crate::app::screen::footer;
use crate::app::theme::Cell;
use crate::app::widgets::board::{BoardLayout, draw_edge_marks};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, bottom_keys, bottom_keys_rows, too_small};
use schokoban_core::{Piece, Pos};

/// Rows above the grid: heading, size and piece, checks, message, legend,
/// and a blank line.
const GRID_TOP: u16 = 6;

/// The first of `count` cells to show in `room` so that `at` is in view.
fn scroll(count: usize, room: usize, at: usize) -> usize {
    if count <= room {
        0
    } else {
        at.saturating_sub(room / 2).min(count - room)
    }
}

fn cell(piece: Piece) -> Cell {
    match piece {
        Piece::Wall => Cell::Wall,
        Piece::Floor => Cell::Floor,
        Piece::Goal => Cell::Goal,
        Piece::Box => Cell::Box,
        Piece::BoxOnGoal => Cell::BoxOnGoal,
        Piece::Player => Cell::Player,
        Piece::PlayerOnGoal => Cell::PlayerOnGoal,
    }
}

/// Up to this size the editor takes the whole screen; on a larger one it
/// is a block in the middle, as the other screens are.
const BLOCK_WIDTH: u16 = 80;
const BLOCK_HEIGHT: u16 = 24;

impl Editor {
    /// The part of `area` the editor draws in: all of a screen up to
    /// 80x24, else a centred block as big as the grid needs. Taking the
    /// block of a block gives it back, so drawing and the mouse agree.
    fn block(&self, area: Rect) -> Rect {
        if area.width <= BLOCK_WIDTH && area.height <= BLOCK_HEIGHT {
            return area;
        }
        let grid_width = self.grid.width() as u16 * 2 + 3;
        let grid_height = GRID_TOP + self.grid.height() as u16 + 4;
        let width = grid_width.max(BLOCK_WIDTH).min(area.width);
        let height = grid_height.max(BLOCK_HEIGHT).min(area.height);
        Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        )
    }

    /// Where the grid lands on screen, for drawing and for the mouse.
    pub(super) fn grid_layout(&self, area: Rect) -> BoardLayout {
        let area = self.block(area);
        let keys = footer(&key_help(&self.keys, self.theme, area.width));
        let footer_rows = bottom_keys_rows(self.theme, &keys, area.width);
        // The blank rows around the grid go when the grid needs them.
        let roomy =
            area.y + GRID_TOP + self.grid.height() as u16 + 1 + footer_rows <= area.bottom();
        let gap = u16::from(roomy);
        let bottom = area.bottom().saturating_sub(footer_rows + gap);
        let top = area.y + GRID_TOP + gap - 1;
        let room = Rect::new(
            area.x + 2,
            top,
            area.width.saturating_sub(3),
            bottom.saturating_sub(top),
        );
        let (width, height) = (self.grid.width(), self.grid.height());
        let cell_width = if width * 2 <= room.width as usize {
            2
        } else {
            1
        };
        let columns = (room.width / cell_width) as usize;
        let offset = Pos::new(
            scroll(width, columns, self.cursor.x),
            scroll(height, room.height as usize, self.cursor.y),
        );
        BoardLayout {
            area: room,
            cell_width,
            cell_height: 1,
            offset,
            columns: columns.min(width),
            rows: height.min(room.height as usize),
        }
    }

    /// What the checks or the solver say, and how it should look.
    fn verdict(&self) -> (String, MessageKind) {
        match &self.check {
            Check::Problems(problems) if problems.is_empty() => {
                ("Not a level yet".to_owned(), MessageKind::Warning)
            }
            Check::Problems(problems) => {
                let all: Vec<String> = problems.iter().map(ToString::to_string).collect();
                (format!("To fix: {}", all.join("; ")), MessageKind::Warning)
            }
            Check::Searching(search) => (
                format!("Checks pass; solving… {} s", search.elapsed().as_secs()),
                MessageKind::Info,
            ),
            Check::Solvable { pushes: 1 } => ("Solvable in 1 push".to_owned(), MessageKind::Info),
            Check::Solvable { pushes } => {
                (format!("Solvable in {pushes} pushes"), MessageKind::Info)
            }
            Check::Unsolvable => ("No solution exists".to_owned(), MessageKind::Warning),
            Check::SolverFailed => (SOLVER_FAILED.to_owned(), MessageKind::Warning),
            Check::NotSure => (
                format!("Not sure yet: no answer in {} s", HINT_TIME.as_secs()),
                MessageKind::Info,
            ),
        }
    }

    pub(super) fn draw_screen(&self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let area = self.block(area);
        let width = area.width as usize;
        let theme = self.theme;
        let mut line = |row: u16, text: &str, style: Style| {
            buf.set_stringn(area.x, area.y + row, theme.text(text), width, style);
        };
        let heading = match &self.title {
            Some(title) => format!("Level editor: {title}"),
            None => "Level editor: a new level".to_owned(),
        };
        line(0, &heading, self.theme.accent());
        let status = format!(
            "{}x{}   At {},{}   Piece: {}",
            self.grid.width(),
            self.grid.height(),
            self.cursor.x + 1,
            self.cursor.y + 1,
            self.piece.name()
        );
        line(1, &status, Style::new());
        let (verdict, kind) = self.verdict();
        let verdict = match kind {
            MessageKind::Info => Message::info(verdict),
            MessageKind::Warning => Message::warning(verdict),
        };
        // A list of what to fix may be long: `M` shows it whole.
        MessageLines::single(&verdict, self.theme, false)
            .render(Rect::new(area.x, area.y + 2, area.width, 1), buf);
        if let Some(message) = &self.message {
            MessageLines::single(message, self.theme, false)
                .render(Rect::new(area.x, area.y + 3, area.width, 1), buf);
        }
        self.draw_legend(area, buf);
        self.draw_grid(area, buf);
        bottom_keys(
            area,
            buf,
            self.theme,
            &footer(&key_help(&self.keys, self.theme, area.width)),
        );
    }

    /// The pieces and their keys, each glyph in its own colours. Where the
    /// names do not fit on one line (40 columns), only keys and glyphs.
    fn draw_legend(&self, area: Rect, buf: &mut Buffer) {
        let parts = |compact: bool| {
            Piece::ALL
                .iter()
                .enumerate()
                .flat_map(move |(index, piece)| {
                    let cell = cell(*piece);
                    let separator = if index > 0 { "  " } else { "" };
                    // Floor is blank: no glyph to show, so no room spent on one.
                    let glyph = format!("{} ", self.theme.glyph(cell)).replace("  ", "");
                    let name = if compact {
                        String::new()
                    } else {
                        piece.name().replace(" on goal", "+goal")
                    };
                    // Compact: "1█  2-  3⨯", floor as XSB writes it.
                    let (key, glyph) = if compact {
                        let glyph = glyph.trim_end();
                        let glyph = if glyph.is_empty() { "-" } else { glyph };
                        (format!("{separator}{}", index + 1), glyph.to_owned())
                    } else {
                        (format!("{separator}{} ", index + 1), glyph)
                    };
                    [
                        (key, self.theme.dim()),
                        (glyph, self.theme.style(cell)),
                        (name, self.theme.dim()),
                    ]
                })
        };
        let full_width: usize = parts(false)
            .map(|(text, _)| crate::text::width(&text))
            .sum();
        let compact = full_width > area.width as usize;
        let (mut x, y) = (area.x, area.y + 4);
        for (text, style) in parts(compact) {
            let room = area.right().saturating_sub(x) as usize;
            x = buf.set_stringn(x, y, &text, room, style).0;
        }
    }

    fn draw_grid(&self, area: Rect, buf: &mut Buffer) {
        let layout = self.grid_layout(area);
        for row in 0..layout.rows {
            for column in 0..layout.columns {
                let pos = Pos::new(layout.offset.x + column, layout.offset.y + row);
                let Some(piece) = self.grid.piece(pos) else {
                    continue;
                };
                let cell = cell(piece);
                let glyph = self.theme.glyph(cell);
                let mut style = self.theme.style(cell);
                if pos == self.cursor {
                    style = self.theme.selected();
                }
                let x = layout.area.x + column as u16 * layout.cell_width;
                let y = layout.area.y + row as u16;
                buf[(x, y)].set_char(glyph).set_style(style);
                if layout.cell_width == 2 {
                    let fill = if cell == Cell::Wall { glyph } else { ' ' };
                    buf[(x + 1, y)].set_char(fill).set_style(style);
                }
            }
        }
        let size = (self.grid.width(), self.grid.height());
        draw_edge_marks(buf, self.theme, &layout, size);
    }
}
