//! Draws a game's board, scrolled to keep the player in view, and maps
//! screen cells back to board cells for the mouse.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::theme::{Cell, Theme};
use schokoban_core::{Direction, Game, Pos, Tile};

/// Where the board lands on screen. Computed the same way for drawing and
/// for mouse clicks, so a click always hits the cell that was drawn there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub area: Rect,
    /// 2 when zoomed, so cells look square.
    pub cell_width: u16,
    /// The first board column and row shown.
    pub offset: Pos,
    pub columns: usize,
    pub rows: usize,
}

impl BoardLayout {
    pub fn new(area: Rect, game: &Game, zoom: bool) -> Self {
        let level = game.level();
        let cell_width = if zoom && Self::zoom_fits(area, game) {
            2
        } else {
            1
        };
        let columns = (area.width / cell_width) as usize;
        let rows = area.height as usize;
        let player = game.player();
        let offset = Pos::new(
            scroll(level.width(), columns, player.x),
            scroll(level.height(), rows, player.y),
        );
        Self {
            area,
            cell_width,
            offset,
            columns: columns.min(level.width()),
            rows: rows.min(level.height()),
        }
    }

    /// Whether square two-column cells fit across `area`; a map too wide
    /// for them is drawn one column a cell.
    pub fn zoom_fits(area: Rect, game: &Game) -> bool {
        game.level().width() * 2 <= area.width as usize
    }

    /// The board cell under a screen cell, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Pos> {
        if x < self.area.x || y < self.area.y {
            return None;
        }
        let column = ((x - self.area.x) / self.cell_width) as usize;
        let row = (y - self.area.y) as usize;
        (column < self.columns && row < self.rows)
            .then(|| Pos::new(self.offset.x + column, self.offset.y + row))
    }

    /// The screen cell where a board cell is drawn, if it is in view.
    pub fn screen_of(&self, pos: Pos) -> Option<(u16, u16)> {
        let column = pos.x.checked_sub(self.offset.x)?;
        let row = pos.y.checked_sub(self.offset.y)?;
        (column < self.columns && row < self.rows).then(|| {
            (
                self.area.x + column as u16 * self.cell_width,
                self.area.y + row as u16,
            )
        })
    }
}

/// The first cell to show so that `focus` sits mid-view, clamped to the board.
fn scroll(size: usize, view: usize, focus: usize) -> usize {
    if size <= view {
        0
    } else {
        focus.saturating_sub(view / 2).min(size - view)
    }
}

/// Extra marks on top of the plain board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Boxes that can never reach a goal any more.
    pub dead_boxes: Vec<Pos>,
    /// The box a hint says to push, and which way.
    pub hint: Option<(Pos, Direction)>,
    /// The cells a hint walks through to reach that box, drawn faintly.
    pub walk: Vec<Pos>,
    /// A box picked with the mouse, waiting for its destination.
    pub selected: Option<Pos>,
}

pub struct BoardView<'a> {
    pub game: &'a Game,
    pub layout: BoardLayout,
    pub theme: Theme,
    pub marks: &'a Marks,
}

impl BoardView<'_> {
    fn cell(&self, pos: Pos) -> Cell {
        let goal = self.game.level().tile(pos) == Tile::Goal;
        match (
            self.game.level().tile(pos),
            self.game.player() == pos,
            self.game.has_box(pos),
        ) {
            (Tile::Wall, ..) => Cell::Wall,
            (_, true, _) if goal => Cell::PlayerOnGoal,
            (_, true, _) => Cell::Player,
            (_, _, true) if goal => Cell::BoxOnGoal,
            (_, _, true) => Cell::Box,
            _ if goal => Cell::Goal,
            _ => Cell::Floor,
        }
    }
}

impl Widget for BoardView<'_> {
    fn render(self, _area: Rect, buf: &mut Buffer) {
        let layout = self.layout;
        for row in 0..layout.rows {
            for column in 0..layout.columns {
                let pos = Pos::new(layout.offset.x + column, layout.offset.y + row);
                let Some((x, y)) = layout.screen_of(pos) else {
                    continue;
                };
                let cell = self.cell(pos);
                let mut style = self.theme.style(cell);
                if self.marks.dead_boxes.contains(&pos) {
                    style = self.theme.dead_box();
                }
                if self.marks.hint.is_some_and(|(at, _)| at == pos)
                    || self.marks.selected == Some(pos)
                {
                    style = self.theme.hinted();
                }
                let mut glyph = self.theme.glyph(cell);
                if cell == Cell::Floor && self.marks.walk.contains(&pos) {
                    glyph = self.theme.trail();
                    style = self.theme.dim();
                }
                buf[(x, y)].set_char(glyph).set_style(style);
                if layout.cell_width == 2 {
                    let fill = if cell == Cell::Wall { glyph } else { ' ' };
                    buf[(x + 1, y)].set_char(fill).set_style(style);
                }
            }
        }
        if let Some((at, direction)) = self.marks.hint {
            let target = self.game.level().neighbour(at, direction);
            if let Some((x, y)) = target.and_then(|t| layout.screen_of(t)) {
                let arrow = match (self.theme.ascii, direction) {
                    (false, Direction::Left) => '←',
                    (false, Direction::Up) => '↑',
                    (false, Direction::Right) => '→',
                    (false, Direction::Down) => '↓',
                    (true, Direction::Left) => '<',
                    (true, Direction::Up) => '^',
                    (true, Direction::Right) => '>',
                    (true, Direction::Down) => 'v',
                };
                buf[(x, y)].set_char(arrow).set_style(self.theme.hinted());
            }
        }
    }
}
