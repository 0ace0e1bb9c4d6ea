//! Where the parts of the gameplay screen go: the spec's picture (logo and
//! header, two message rows, the board, the key caps) as one block that
//! starts where the menus' logo does and stands in the same place on every
//! level, moving up or left only as far as a big level needs. Computed the
//! same way for drawing and for the mouse.

use ratatui::layout::Rect;

use super::Play;
use crate::app::keymap::{self, Action, Scope, legend_lines};
use crate::app::message::Message;
use crate::app::widgets::board::BoardLayout;
use crate::app::widgets::keycaps::{CLUSTER_HEIGHT, CLUSTER_WIDTH, LEGEND_GAP};
use crate::app::widgets::logo::{LOGO_HEIGHT, LOGO_WIDTH};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, logo_row};
use crate::library::Zoom;
use crate::text::{width, wrap};
use schokoban_core::{Direction, Pos};

/// Rows for messages between the header and a board that fits.
const MESSAGE_ROWS: u16 = 2;
/// Columns left of the board: room for the marks where a map goes on.
const BOARD_LEFT: u16 = 4;
/// Columns between the logo and the header.
const HEADER_GAP: u16 = 3;

/// The parts of the screen, in screen cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PlayAreas {
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

/// The line under the board where the key caps do not fit, in `columns`:
/// the keys that show every key and leave, and before them as many of
/// moving, undo, reset and hint as fit.
pub(super) fn keys_line_text(columns: u16) -> String {
    let key = |action| keymap::label(Scope::Play, action).replace(" / ", "/");
    let always = [
        format!("{} all keys", key(Action::Help)),
        format!("{} leave", key(Action::Leave)),
    ];
    let mut line = always.join(" · ");
    let optional = [
        format!("{} move", key(Action::Move(Direction::Up))),
        format!("{} undo", key(Action::Undo)),
        format!("{} reset", key(Action::Reset)),
        format!("{} hint", key(Action::Hint)),
    ];
    let mut taken = Vec::new();
    for hint in optional {
        let longer = [taken.clone(), vec![hint.clone()], always.to_vec()]
            .concat()
            .join(" · ");
        if width(&longer) > columns as usize {
            continue;
        }
        taken.push(hint);
        line = longer;
    }
    line
}

/// The width the screen is centred for: the logo and a short title beside
/// it. A wider block moves left only as far as it must, so the header
/// stays in one place from level to level.
const REFERENCE_WIDTH: u16 = LOGO_WIDTH + HEADER_GAP + 40;

impl Play {
    /// The screen's parts on a screen of `screen`, if it is big enough.
    pub(super) fn areas(&self, screen: Rect, message: Option<&Message>) -> Option<PlayAreas> {
        if screen.width < MIN_WIDTH || screen.height < MIN_HEIGHT {
            return None;
        }
        let header = self.header(screen.width);
        let header_rows = (header.1.len() as u16).max(LOGO_HEIGHT);
        let level = self.game.level();
        // A map too tall for the message rows and a row naming the keys
        // under it takes the message rows it can: every row shows map or
        // keys then, and the message its own rows only.
        let rows_at = |columns: u16| match message {
            _ if header_rows + MESSAGE_ROWS + (level.height() as u16) < screen.height => {
                MESSAGE_ROWS
            }
            Some(message) => message_height(self, message, columns),
            None => 0,
        };
        // The message is as wide as the block the board centres, which
        // its rows change: placed once at the screen's width, the block can
        // come out narrower than the message was measured for, and a hint
        // one column too long lost its end at 40 columns.
        let first = self.place(screen, header.clone(), rows_at(screen.width));
        let needed = rows_at(first.message.width);
        if needed > first.message.height {
            return Some(self.place(screen, header, needed));
        }
        Some(first)
    }

    /// The screen's parts with `message_rows` rows for the message.
    fn place(
        &self,
        screen: Rect,
        (logo, header): (bool, Vec<String>),
        message_rows: u16,
    ) -> PlayAreas {
        let header_rows = (header.len() as u16).max(LOGO_HEIGHT);
        let header_width = header.iter().map(|l| width(l)).max().unwrap_or(0) as u16
            + if logo { LOGO_WIDTH + HEADER_GAP } else { 0 };
        let level = self.game.level();
        let top = header_rows + message_rows;
        // The last row is kept for the keys: a map taller than the screen
        // scrolls rather than hide them.
        let room = Rect::new(
            BOARD_LEFT,
            top,
            screen.width.saturating_sub(BOARD_LEFT + 1),
            screen.height.saturating_sub(top + 1),
        );
        let hinted: Vec<Pos> = self
            .marks
            .hint
            .iter()
            .flat_map(|&(box_at, direction)| {
                std::iter::once(box_at).chain(level.neighbour(box_at, direction))
            })
            .collect();
        let x_at = screen.width.saturating_sub(REFERENCE_WIDTH) / 2;
        let y_at = logo_row(screen.height);
        let board = match self.zoom {
            // Zoomed to fill: cells as big as the room from where the block
            // stands to the screen's edges, the key caps kept under them.
            // Where that is no bigger than square, square it is.
            Zoom::Fill => {
                let grown = Rect {
                    width: screen.width.saturating_sub(x_at + BOARD_LEFT + 1),
                    height: screen
                        .height
                        .saturating_sub(y_at + top + 1 + CLUSTER_HEIGHT),
                    ..room
                };
                let layout = BoardLayout::showing(grown, &self.game, Zoom::Fill, &hinted);
                if layout.cell_height > 1 {
                    layout
                } else {
                    BoardLayout::showing(room, &self.game, Zoom::Square, &hinted)
                }
            }
            zoom => BoardLayout::showing(room, &self.game, zoom, &hinted),
        };
        let board_bottom = top + board.height();
        let caps_width = caps_width();
        // The key caps where they fit under the board with the block in
        // its place; else the line of keys, so a tall level does not move
        // the header.
        let caps = y_at + board_bottom + 1 + CLUSTER_HEIGHT <= screen.height;
        let used_width = [
            header_width,
            BOARD_LEFT + board.width() + 1,
            if caps { caps_width } else { 0 },
        ]
        .into_iter()
        .max()
        .unwrap_or(0)
        .min(screen.width);
        let keys_line = !caps && board_bottom < screen.height;
        // A blank row above the keys where there is room for one.
        let keys_gap = u16::from(y_at + board_bottom + 2 <= screen.height);
        let keys_line_width = if keys_line {
            width(&keys_line_text(screen.width.saturating_sub(1))) as u16 + 1
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
        PlayAreas {
            logo: logo.then(|| Rect::new(x, y, LOGO_WIDTH, LOGO_HEIGHT)),
            header,
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

    /// The header's lines, and whether the logo goes beside them: the
    /// spec's three lines beside the logo where they fit; else without it;
    /// else the title wrapped on two lines, the counts, and the bests as
    /// moves/pushes.
    fn header(&self, columns: u16) -> (bool, Vec<String>) {
        let record = self.record.map_or("N/A".to_owned(), |r| r.to_string());
        let beside = |bests: String| {
            if bests.is_empty() {
                record.clone()
            } else {
                format!("{record}  {bests}")
            }
        };
        let title = format!("Puzzle: {}", self.opened.heading());
        let (moves, pushes) = (self.game.score(), self.game.pushes());
        let lines = |bests: String| {
            vec![
                title.clone(),
                format!("Record: {}", beside(bests)),
                format!("Moves: {moves}   Pushes: {pushes}"),
            ]
        };
        let lines = lines(self.bests.line());
        let widest = lines.iter().map(|l| width(l)).max().unwrap_or(0) as u16;
        if LOGO_WIDTH + HEADER_GAP + widest.max(30) <= columns {
            return (true, lines);
        }
        if widest <= columns {
            return (false, lines);
        }
        // Narrow: the title on two lines, the counts on one, and the bests
        // as moves/pushes, on their own line when they do not fit beside.
        let mut wrapped = wrap(&title, columns as usize);
        wrapped.truncate(2);
        let record = beside(self.bests.short());
        let counts = format!("Moves: {moves}  Pushes: {pushes}");
        let together = format!("Record: {record}  {counts}");
        if width(&together) <= usize::from(columns) {
            wrapped.push(together);
        } else {
            wrapped.extend([format!("Record: {record}"), counts]);
        }
        (false, wrapped)
    }
}

/// Rows a message takes at `columns`, at most the two rows messages get.
fn message_height(play: &Play, message: &Message, columns: u16) -> u16 {
    MessageLines::single(message, play.theme, false)
        .height(columns)
        .min(MESSAGE_ROWS)
}

/// The key caps and their legend, as wide as they draw.
fn caps_width() -> u16 {
    let legend = legend_lines().iter().map(|l| width(l)).max().unwrap_or(0) as u16;
    1 + CLUSTER_WIDTH + LEGEND_GAP + legend
}
