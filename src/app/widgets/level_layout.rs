//! Where the parts of a level's screen go, played forward or in reverse:
//! the spec's picture (logo and header, two message rows, the board, the
//! key caps or a line of keys) as one block that starts where the menus'
//! logo does and stands in the same place on every level, moving up or
//! left only as far as a big level needs. Both screens place themselves
//! here, so switching between them moves nothing; computed the same way
//! for drawing and for the mouse.

use ratatui::layout::Rect;

use super::board::{Board, BoardLayout};
use super::keycaps::CLUSTER_HEIGHT;
use super::logo::{LOGO_HEIGHT, LOGO_WIDTH};
use super::message_lines::MessageLines;
use super::page::{MIN_HEIGHT, MIN_WIDTH, logo_row};
use crate::app::message::Message;
use crate::app::theme::Theme;
use crate::library::Zoom;
use crate::text::width;
use schokoban_core::Pos;

/// Rows for messages between the header and a board that fits.
const MESSAGE_ROWS: u16 = 2;
/// Columns left of the board: room for the marks where a map goes on.
const BOARD_LEFT: u16 = 4;
/// Columns between the logo and the header.
const HEADER_GAP: u16 = 3;
/// The narrowest header the logo stands beside.
const HEADER_BESIDE_LOGO: u16 = 30;

/// The width the screen is centred for: the logo and a short title beside
/// it. A wider block moves left only as far as it must, so the header
/// stays in one place from level to level.
const REFERENCE_WIDTH: u16 = LOGO_WIDTH + HEADER_GAP + 40;

/// The columns a header beside the logo has on a screen `columns` wide.
pub fn columns_beside_logo(columns: u16) -> u16 {
    columns.saturating_sub(LOGO_WIDTH + HEADER_GAP)
}

/// The columns a header beside the logo has on a screen `columns` wide
/// without moving the block left from its place.
pub fn columns_in_place(columns: u16) -> u16 {
    let x_at = columns.saturating_sub(REFERENCE_WIDTH) / 2;
    columns_beside_logo(columns.saturating_sub(x_at))
}

/// Whether the logo goes beside `header` on a screen `columns` wide: where
/// the lines fit beside it, no taller than it.
pub fn header_beside_logo(header: &[String], columns: u16) -> bool {
    let widest = header.iter().map(|l| width(l)).max().unwrap_or(0) as u16;
    header.len() as u16 <= LOGO_HEIGHT
        && LOGO_WIDTH + HEADER_GAP + widest.max(HEADER_BESIDE_LOGO) <= columns
}

/// Rows a header of these lines takes: the logo's at least, so that a
/// level's board starts on the same row with the logo or without it, and
/// a header a line shorter does not move it.
pub fn header_rows(header: &[String]) -> u16 {
    (header.len() as u16).max(LOGO_HEIGHT)
}

/// Rows left for the board under `header` and the message rows, on a
/// screen `height` rows tall, with a row for the keys.
pub fn rows_for_board(header: &[String], height: u16) -> u16 {
    height.saturating_sub(header_rows(header) + MESSAGE_ROWS + 1)
}

/// What a level's screen shows, for placing it.
pub struct LevelScreen<'a> {
    /// The header's lines, and whether the logo goes beside them.
    pub header: (bool, Vec<String>),
    pub game: &'a dyn Board,
    pub zoom: Zoom,
    /// Cells to scroll into view beside the player (a hint's box and where
    /// it goes).
    pub showing: &'a [Pos],
    /// The key caps' width where the screen has caps to draw.
    pub caps_width: Option<u16>,
    /// The line of keys drawn where the caps do not fit, for a width.
    pub keys_line: &'a dyn Fn(u16) -> String,
    pub message: Option<&'a Message>,
    pub theme: Theme,
}

/// The parts of a level's screen, in screen cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelAreas {
    /// Where the logo goes, if it fits beside the header.
    pub logo: Option<Rect>,
    /// The header's lines and where the first starts.
    pub header: Vec<String>,
    pub header_at: (u16, u16),
    pub message: Rect,
    pub board: BoardLayout,
    /// Where the key caps go, if there is room under the board.
    pub caps: Option<Rect>,
    /// Without room for the caps, where one line names the keys that show
    /// the rest, if a row is free under the board.
    pub keys_line: Option<Rect>,
}

impl LevelScreen<'_> {
    /// The parts on a screen of `screen`, if it is big enough.
    pub fn areas(&self, screen: Rect) -> Option<LevelAreas> {
        if screen.width < MIN_WIDTH || screen.height < MIN_HEIGHT {
            return None;
        }
        let header_rows = header_rows(&self.header.1);
        let level = self.game.level();
        // A map too tall for the message rows and a row naming the keys
        // under it takes the message rows it can: every row shows map or
        // keys then, and the message its own rows only.
        let rows_at = |columns: u16| match self.message {
            _ if header_rows + MESSAGE_ROWS + (level.height() as u16) < screen.height => {
                MESSAGE_ROWS
            }
            Some(message) => MessageLines::single(message, self.theme, false)
                .height(columns)
                .min(MESSAGE_ROWS),
            None => 0,
        };
        // The message is as wide as the block the board centres, which
        // its rows change: placed once at the screen's width, the block can
        // come out narrower than the message was measured for, and a hint
        // one column too long lost its end at 40 columns.
        let first = self.place(screen, rows_at(screen.width));
        let needed = rows_at(first.message.width);
        if needed > first.message.height {
            return Some(self.place(screen, needed));
        }
        Some(first)
    }

    /// The parts with `message_rows` rows for the message.
    fn place(&self, screen: Rect, message_rows: u16) -> LevelAreas {
        let (logo, header) = &self.header;
        let logo = *logo;
        let header_rows = header_rows(header);
        let header_width = header.iter().map(|l| width(l)).max().unwrap_or(0) as u16
            + if logo { LOGO_WIDTH + HEADER_GAP } else { 0 };
        let top = header_rows + message_rows;
        // The last row is kept for the keys: a map taller than the screen
        // scrolls rather than hide them.
        let room = Rect::new(
            BOARD_LEFT,
            top,
            screen.width.saturating_sub(BOARD_LEFT + 1),
            screen.height.saturating_sub(top + 1),
        );
        let x_at = screen.width.saturating_sub(REFERENCE_WIDTH) / 2;
        let y_at = logo_row(screen.height);
        let board = match self.zoom {
            // Zoomed to fill: cells as big as the room from where the block
            // stands to the screen's edges, the key caps' rows kept under
            // them (by a screen without caps too, so that a board stays
            // the same size from forward play to reverse). Where that is no
            // bigger than square, square it is.
            Zoom::Fill => {
                let grown = Rect {
                    width: screen.width.saturating_sub(x_at + BOARD_LEFT + 1),
                    height: screen
                        .height
                        .saturating_sub(y_at + top + 1 + CLUSTER_HEIGHT),
                    ..room
                };
                let layout = BoardLayout::showing(grown, self.game, Zoom::Fill, self.showing);
                if layout.cell_height > 1 {
                    layout
                } else {
                    BoardLayout::showing(room, self.game, Zoom::Square, self.showing)
                }
            }
            zoom => BoardLayout::showing(room, self.game, zoom, self.showing),
        };
        let board_bottom = top + board.height();
        // The key caps where they fit under the board with the block in
        // its place; else the line of keys, so a tall level does not move
        // the header.
        let caps_width = self
            .caps_width
            .filter(|_| y_at + board_bottom + 1 + CLUSTER_HEIGHT <= screen.height);
        let caps = caps_width.is_some();
        let used_width = [
            header_width,
            BOARD_LEFT + board.width() + 1,
            caps_width.unwrap_or(0),
        ]
        .into_iter()
        .max()
        .unwrap_or(0)
        .min(screen.width);
        let keys_line = !caps && board_bottom < screen.height;
        // A blank row above the keys where there is room for one.
        let keys_gap = u16::from(y_at + board_bottom + 2 <= screen.height);
        let keys_line_width = if keys_line {
            width(&(self.keys_line)(screen.width.saturating_sub(1))) as u16 + 1
        } else {
            0
        };
        let used_width = used_width.max(keys_line_width).min(screen.width);
        let used_height = if caps {
            board_bottom + 1 + CLUSTER_HEIGHT
        } else {
            board_bottom + (keys_gap + 1) * u16::from(keys_line)
        };
        // In the same place on every level, where the menus' logo is,
        // unless the block needs the room.
        let x = screen.x + x_at.min(screen.width - used_width);
        let y = screen.y + y_at.min(screen.height.saturating_sub(used_height));
        let mut board = board;
        board.area.x += x;
        board.area.y += y;
        let header_x = if logo { x + LOGO_WIDTH + HEADER_GAP } else { x };
        LevelAreas {
            logo: logo.then(|| Rect::new(x, y, LOGO_WIDTH, LOGO_HEIGHT)),
            header: header.clone(),
            header_at: (header_x, y),
            message: Rect::new(x, y + header_rows, screen.right() - x, message_rows),
            board,
            caps: caps.then(|| {
                Rect::new(
                    x + 1,
                    y + board_bottom + 1,
                    screen.right() - x - 1,
                    CLUSTER_HEIGHT,
                )
            }),
            keys_line: keys_line.then(|| {
                Rect::new(
                    x + 1,
                    y + board_bottom + keys_gap,
                    screen.right() - x - 1,
                    1,
                )
            }),
        }
    }
}
