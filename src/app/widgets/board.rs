//! Draws a game's board, scrolled to keep the player in view, and maps
//! screen cells back to board cells for the mouse.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::theme::{Cell, Theme};
use crate::library::Zoom;
use schokoban_core::{Direction, Game, Level, Pos, ReverseGame, Tile};

/// What a board is drawn from: a game played forward or in reverse.
pub trait Board {
    fn level(&self) -> &Level;
    fn player(&self) -> Pos;
    fn has_box(&self, pos: Pos) -> bool;
}

impl Board for Game {
    fn level(&self) -> &Level {
        Game::level(self)
    }

    fn player(&self) -> Pos {
        Game::player(self)
    }

    fn has_box(&self, pos: Pos) -> bool {
        Game::has_box(self, pos)
    }
}

impl Board for ReverseGame {
    fn level(&self) -> &Level {
        ReverseGame::level(self)
    }

    fn player(&self) -> Pos {
        ReverseGame::player(self)
    }

    fn has_box(&self, pos: Pos) -> bool {
        ReverseGame::has_box(self, pos)
    }
}

/// Where the board lands on screen. Computed the same way for drawing and
/// for mouse clicks, so a click always hits the cell that was drawn there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub area: Rect,
    /// 2 when zoomed, so cells look square; more when zoomed to fill.
    pub cell_width: u16,
    /// 1, or more when zoomed to fill: half the cell's width.
    pub cell_height: u16,
    /// The first board column and row shown.
    pub offset: Pos,
    pub columns: usize,
    pub rows: usize,
}

impl BoardLayout {
    pub fn new(area: Rect, game: &dyn Board, zoom: Zoom) -> Self {
        Self::showing(area, game, zoom, &[])
    }

    /// Like [`BoardLayout::new`], but scrolled so that `also` is in view
    /// beside the player where both fit: a hint's marked box and the cell
    /// it goes to, which on a small screen can lie outside the rows around
    /// the player.
    pub fn showing(area: Rect, game: &dyn Board, zoom: Zoom, also: &[Pos]) -> Self {
        let level = game.level();
        let (cell_width, cell_height) = match zoom {
            Zoom::Square | Zoom::Fill if !Self::zoom_fits(area, game) => (1, 1),
            Zoom::Off => (1, 1),
            Zoom::Square => (2, 1),
            Zoom::Fill => {
                let across = area.width as usize / (2 * level.width().max(1));
                let down = area.height as usize / level.height().max(1);
                let scale = across.min(down).max(1) as u16;
                (2 * scale, scale)
            }
        };
        let columns = (area.width / cell_width) as usize;
        let rows = (area.height / cell_height) as usize;
        let player = game.player();
        let xs = also.iter().map(|pos| pos.x);
        let ys = also.iter().map(|pos| pos.y);
        let offset = Pos::new(
            scroll(level.width(), columns, player.x, xs),
            scroll(level.height(), rows, player.y, ys),
        );
        Self {
            area,
            cell_width,
            cell_height,
            offset,
            columns: columns.min(level.width()),
            rows: rows.min(level.height()),
        }
    }

    /// Whether square two-column cells fit across `area`; a map too wide
    /// for them is drawn one column a cell.
    pub fn zoom_fits(area: Rect, game: &dyn Board) -> bool {
        game.level().width() * 2 <= area.width as usize
    }

    /// The screen rows the board takes.
    pub fn height(&self) -> u16 {
        self.rows as u16 * self.cell_height
    }

    /// The screen columns the board takes.
    pub fn width(&self) -> u16 {
        self.columns as u16 * self.cell_width
    }

    /// Where in a cell its glyph goes: the middle, or the left of the two
    /// middle columns.
    fn middle(&self) -> (u16, u16) {
        ((self.cell_width - 1) / 2, (self.cell_height - 1) / 2)
    }

    /// The board cell under a screen cell, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Pos> {
        if x < self.area.x || y < self.area.y {
            return None;
        }
        let column = ((x - self.area.x) / self.cell_width) as usize;
        let row = ((y - self.area.y) / self.cell_height) as usize;
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
                self.area.y + row as u16 * self.cell_height,
            )
        })
    }
}

/// The first cell to show so that `focus` sits mid-view, clamped to the
/// board. When there is `also` to show, the span of both sits mid-view
/// where it fits, and else `also` alone: a player who asked for a hint
/// must see it, and the next move scrolls back to the player.
fn scroll(size: usize, view: usize, focus: usize, also: impl Iterator<Item = usize>) -> usize {
    if size <= view {
        return 0;
    }
    let (low, high) = match span(also) {
        None => (focus, focus),
        Some((low, high)) if high.max(focus) - low.min(focus) < view => {
            (low.min(focus), high.max(focus))
        }
        Some(span) => span,
    };
    // Mid-view, and where the span just fits, all of it in view.
    let first = midpoint(low, high).saturating_sub(view / 2);
    let first = if high - low < view {
        first.max((high + 1).saturating_sub(view)).min(low)
    } else {
        first
    };
    first.min(size - view)
}

/// The lowest and highest of `values`, if there are any.
fn span(values: impl Iterator<Item = usize>) -> Option<(usize, usize)> {
    values.fold(None, |span, at| {
        Some(span.map_or((at, at), |(low, high): (usize, usize)| {
            (low.min(at), high.max(at))
        }))
    })
}

fn midpoint(low: usize, high: usize) -> usize {
    low + (high - low) / 2
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
    pub game: &'a dyn Board,
    pub layout: BoardLayout,
    pub theme: Theme,
    pub marks: &'a Marks,
}

impl BoardView<'_> {
    fn cell(&self, pos: Pos) -> Cell {
        cell_of(self.game, pos)
    }
}

/// What `board` shows at `pos`, as far as drawing goes.
pub fn cell_of(board: &dyn Board, pos: Pos) -> Cell {
    let goal = board.level().tile(pos) == Tile::Goal;
    match (
        board.level().tile(pos),
        board.player() == pos,
        board.has_box(pos),
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

impl BoardView<'_> {
    fn draw_edges(&self, buf: &mut Buffer) {
        let level = self.game.level();
        draw_edge_marks(
            buf,
            self.theme,
            &self.layout,
            (level.width(), level.height()),
        );
    }
}

/// Marks beside a map of `size` (width, height) cells where it goes on out
/// of the part `view` shows: up and down left of its first and last rows, left and right
/// beside its middle row. The play screen, the watch and the editor share
/// them, so a cut map looks cut the same way everywhere.
pub fn draw_edge_marks(buf: &mut Buffer, theme: Theme, view: &BoardLayout, size: (usize, usize)) {
    let (width, height) = size;
    if view.rows == 0 || view.columns == 0 {
        return;
    }
    let area = view.area;
    let last_row = area.y + view.height() - 1;
    let middle = area.y + (view.height() - 1) / 2;
    let right = area.x + view.width();
    let ascii = theme.ascii;
    let marks = [
        (
            view.offset.y > 0,
            area.x.checked_sub(2),
            area.y,
            if ascii { '^' } else { '▲' },
        ),
        (
            view.offset.y + view.rows < height,
            area.x.checked_sub(2),
            last_row,
            if ascii { 'v' } else { '▼' },
        ),
        (
            view.offset.x > 0,
            area.x.checked_sub(1),
            middle,
            if ascii { '<' } else { '◀' },
        ),
        (
            view.offset.x + view.columns < width,
            Some(right),
            middle,
            if ascii { '>' } else { '▶' },
        ),
    ];
    for (shown, x, y, mark) in marks {
        if let (true, Some(x)) = (shown, x)
            && buf.area.contains(ratatui::layout::Position::new(x, y))
        {
            buf[(x, y)].set_char(mark).set_style(theme.dim());
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
                    style = style.patch(self.theme.hinted());
                }
                let mut glyph = self.theme.glyph(cell);
                if cell == Cell::Floor && self.marks.walk.contains(&pos) {
                    glyph = self.theme.trail();
                    style = self.theme.walk();
                }
                // A wall fills its cell; so does a box grown past square,
                // in its own glyph, so shape still tells what is on a
                // goal. Anything else is its glyph in the middle.
                let filled = cell == Cell::Wall
                    || (layout.cell_height > 1 && matches!(cell, Cell::Box | Cell::BoxOnGoal));
                let (middle_x, middle_y) = layout.middle();
                for dy in 0..layout.cell_height {
                    for dx in 0..layout.cell_width {
                        let shown = if filled || (dx, dy) == (middle_x, middle_y) {
                            glyph
                        } else {
                            ' '
                        };
                        buf[(x + dx, y + dy)].set_char(shown).set_style(style);
                    }
                }
            }
        }
        self.draw_edges(buf);
        if let Some((at, direction)) = self.marks.hint {
            let target = self.game.level().neighbour(at, direction);
            if let Some((pos, (x, y))) = target.and_then(|t| Some((t, layout.screen_of(t)?))) {
                self.draw_arrow(buf, pos, (x, y), direction);
            }
        }
    }
}

impl BoardView<'_> {
    /// The hint's arrow on the cell the box goes to, marked as the box is
    /// over its whole width. Zoomed, the arrow takes the cell's second
    /// column, so a goal there still shows; one column a cell, a goal keeps
    /// its glyph and the mark alone says where the box goes.
    fn draw_arrow(&self, buf: &mut Buffer, pos: Pos, (x, y): (u16, u16), direction: Direction) {
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
        let cell = self.cell(pos);
        let style = self.theme.style(cell).patch(self.theme.hinted());
        let goal = matches!(cell, Cell::Goal | Cell::BoxOnGoal | Cell::PlayerOnGoal);
        let layout = self.layout;
        if layout.cell_width >= 2 {
            for dy in 0..layout.cell_height {
                for dx in 0..layout.cell_width {
                    buf[(x + dx, y + dy)].set_style(style);
                }
            }
            let (middle_x, middle_y) = layout.middle();
            buf[(x + middle_x + 1, y + middle_y)]
                .set_char(arrow)
                .set_style(style);
        } else if goal {
            buf[(x, y)].set_style(style);
        } else {
            buf[(x, y)].set_char(arrow).set_style(style);
        }
    }
}

#[cfg(test)]
mod tests;
