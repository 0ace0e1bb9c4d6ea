//! Where reverse play's parts go and how they are drawn: a header that
//! says in words that this is reverse play, the counts and the mode, the
//! message rows, the board, and a line of keys, as one block centred on
//! the screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::Reverse;
use crate::app::keymap::{self, Action, Scope};
use crate::app::screen::{Command, footer};
use crate::app::widgets::board::{BoardLayout, BoardView, Marks};
use crate::app::widgets::help::render_help;
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, too_small};
use crate::text::{width, wrap};

/// Columns left of the board: room for the marks where a map goes on.
const BOARD_LEFT: u16 = 4;
/// Rows for messages between the header and the board.
const MESSAGE_ROWS: u16 = 2;
/// What the screen is, the longest first: the first that fits is shown.
const BANNERS: [&str; 3] = [
    "Reverse play: pull the boxes back to where the level starts",
    "Reverse play: pull the boxes back to the start",
    "Reverse play: pull boxes back",
];

/// The parts of the screen, in screen cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ReverseAreas {
    pub header: Vec<String>,
    pub header_at: (u16, u16),
    pub message: Rect,
    pub board: BoardLayout,
    pub keys: Option<Rect>,
}

impl Reverse {
    /// The screen's parts on a screen of `screen`, if it is big enough.
    pub(super) fn areas(&self, screen: Rect) -> Option<ReverseAreas> {
        if screen.width < MIN_WIDTH || screen.height < MIN_HEIGHT {
            return None;
        }
        let level = self.game.level();
        // The puzzle's name where the header, messages, board, a blank row
        // and the keys all fit; else the counts go right under the banner.
        let full = self.header(screen.width, true);
        let roomy = full.len() as u16 + MESSAGE_ROWS + level.height() as u16 + 2 <= screen.height;
        let header = if roomy {
            full
        } else {
            self.header(screen.width, false)
        };
        let top = header.len() as u16 + MESSAGE_ROWS;
        let keys_text = footer(&self.keys_line());
        let room = Rect::new(
            BOARD_LEFT,
            top,
            screen.width.saturating_sub(BOARD_LEFT + 1),
            screen.height.saturating_sub(top + 1),
        );
        let mut board = BoardLayout::new(room, &self.game, self.zoom);
        let board_bottom = top + board.height();
        let keys = board_bottom < screen.height;
        let keys_gap = u16::from(roomy && board_bottom + 2 <= screen.height);
        let used_width = header
            .iter()
            .map(|line| width(line))
            .chain([
                usize::from(BOARD_LEFT + board.width()) + 1,
                width(&keys_text) + 1,
            ])
            .max()
            .unwrap_or(0)
            .min(screen.width as usize) as u16;
        let used_height = board_bottom + (keys_gap + 1) * u16::from(keys);
        let x = screen.x + (screen.width - used_width) / 2;
        let y = screen.y + screen.height.saturating_sub(used_height) / 2;
        board.area.x += x;
        board.area.y += y;
        Some(ReverseAreas {
            header_at: (x, y),
            message: Rect::new(x, y + header.len() as u16, screen.right() - x, MESSAGE_ROWS),
            header,
            board,
            keys: keys.then(|| Rect::new(x, y + board_bottom + keys_gap, screen.right() - x, 1)),
        })
    }

    /// What the screen is, the puzzle `with_title`, and the counts with
    /// the mode, in words; each in the longest form that fits.
    fn header(&self, columns: u16, with_title: bool) -> Vec<String> {
        let columns = columns as usize;
        let banner = BANNERS
            .iter()
            .find(|banner| width(banner) <= columns)
            .unwrap_or(&BANNERS[BANNERS.len() - 1]);
        let toggle = keymap::key_name(Scope::Reverse, Action::PullOrWalk);
        let (moves, pulls) = (self.game.score(), self.game.pulls());
        let (mode, short) = if self.pulling {
            (format!("pull ({toggle} to walk away)"), "pull")
        } else {
            (format!("walk away ({toggle} to pull)"), "walk")
        };
        let counts = [
            format!("Moves: {moves}   Pulls: {pulls}   Mode: {mode}"),
            format!("Moves: {moves}  Pulls: {pulls}  Mode: {short} ({toggle})"),
            format!("Moves: {moves} Pulls: {pulls} Mode: {short}"),
        ];
        let counts = counts
            .iter()
            .find(|line| width(line) <= columns)
            .unwrap_or(&counts[counts.len() - 1])
            .clone();
        let mut lines = vec![(*banner).to_owned()];
        if with_title {
            let mut title = wrap(&format!("Puzzle: {}", self.opened.heading()), columns);
            title.truncate(2);
            lines.extend(title);
        }
        lines.push(counts);
        lines
    }

    /// The keys the line under the board names: what this screen adds to
    /// play's keys, all keys, and the way back.
    pub(super) fn keys_line(&self) -> Vec<Command> {
        let wide = self.area.width >= 60;
        let mut commands = Vec::new();
        if self.solution.is_some() {
            commands.push(Command::new(
                keymap::key_name(Scope::Menus, Action::Accept),
                "watch",
            ));
        } else {
            commands.push(Command::new(
                keymap::key_name(Scope::Reverse, Action::PullOrWalk),
                "pull/walk",
            ));
        }
        if wide && self.game.can_jump() && self.game.rooms().len() > 1 {
            commands.push(Command::new(
                keymap::key_name(Scope::Reverse, Action::Jump),
                "next room",
            ));
        }
        commands.extend([
            Command::new(keymap::key_name(Scope::Play, Action::Help), "all keys"),
            Command::new(keymap::key_name(Scope::Play, Action::Leave), "back"),
        ]);
        commands
    }

    pub(super) fn draw_screen(&self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let Some(areas) = self.areas(area) else {
            return;
        };
        let (x, y) = areas.header_at;
        let width = area.right().saturating_sub(x) as usize;
        for (row, line) in areas.header.iter().enumerate() {
            // The first line says what the screen is: bold, beside its words.
            let style = if row == 0 {
                self.theme.accent()
            } else {
                Style::new()
            };
            buf.set_stringn(x, y + row as u16, self.theme.text(line), width, style);
        }
        if let Some(message) = &self.message {
            MessageLines::single(message, self.theme, false).render(areas.message, buf);
        }
        BoardView {
            game: &self.game,
            layout: areas.board,
            theme: self.theme,
            marks: &Marks::default(),
        }
        .render(areas.board.area, buf);
        if let Some(keys) = areas.keys {
            let text = self.theme.text(&footer(&self.keys_line())).into_owned();
            buf.set_stringn(keys.x, keys.y, text, keys.width as usize, self.theme.dim());
        }
        if self.show_help {
            render_help(area, buf, self.theme, self.help_scroll);
        }
    }
}
