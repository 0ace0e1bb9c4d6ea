//! Reverse play's parts and how they are drawn: a header that says in
//! words that this is reverse play, the puzzle, the counts and the mode;
//! the message rows, the board, and a line of keys, placed where forward
//! play places its own, so `B` and `Esc` move nothing.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::Reverse;
use crate::app::keymap::{Action, Scope};
use crate::app::screen::{Command, footer};
use crate::app::widgets::board::{BoardView, Marks};
use crate::app::widgets::level_layout::{
    LevelAreas, LevelScreen, columns_beside_logo, columns_in_place, header_beside_logo,
    header_rows, rows_for_board,
};
use crate::app::widgets::logo::Logo;
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, too_small};
use crate::text::{width, wrap};

/// What the screen is, the longest first: the first that fits is shown.
const BANNERS: [&str; 4] = [
    "Reverse play: pull the boxes back to where the level starts",
    "Reverse play: pull the boxes back to the start",
    "Reverse play: pull boxes back to the start",
    "Reverse play: pull boxes back",
];

impl Reverse {
    /// The screen's parts on a screen of `screen`, if it is big enough.
    pub(super) fn areas(&self, screen: Rect) -> Option<LevelAreas> {
        let keys_text = footer(&self.keys_line());
        LevelScreen {
            header: self.placed_header(screen),
            game: &self.game,
            zoom: self.zoom,
            showing: &[],
            caps_width: None,
            keys_line: &|_| keys_text.clone(),
            message: self.message.as_ref(),
            theme: self.theme,
        }
        .areas(screen)
    }

    /// The header, and whether the logo goes beside it, as forward play
    /// has it: beside where it fits, its banner and counts in the forms
    /// that leave the block where play's stands (no wider than the puzzle's
    /// name needs). The name shows where the rows every header gets have
    /// room for it, or the board still has a blank row and the keys under
    /// it; else the counts go right under the banner.
    fn placed_header(&self, screen: Rect) -> (bool, Vec<String>) {
        let columns = screen.width;
        let title = width(&self.title()) as u16;
        let beside_columns = columns_in_place(columns)
            .max(title)
            .min(columns_beside_logo(columns));
        let header = |with_title| {
            let beside = self.header(beside_columns, with_title);
            if header_beside_logo(&beside, columns) {
                (true, beside)
            } else {
                (false, self.header(columns, with_title))
            }
        };
        let (full, bare) = (header(true), header(false));
        let roomy = (self.game.level().height() as u16) < rows_for_board(&full.1, screen.height);
        if roomy || header_rows(&full.1) <= header_rows(&bare.1) {
            full
        } else {
            bare
        }
    }

    /// What the screen is, the puzzle `with_title`, and the counts with
    /// the mode, in words; each in the longest form that fits.
    fn header(&self, columns: u16, with_title: bool) -> Vec<String> {
        let columns = columns as usize;
        let banner = BANNERS
            .iter()
            .find(|banner| width(banner) <= columns)
            .unwrap_or(&BANNERS[BANNERS.len() - 1]);
        let toggle = self.keys.key_name(Scope::Reverse, Action::PullOrWalk);
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
            let mut title = wrap(&self.title(), columns);
            title.truncate(2);
            lines.extend(title);
        }
        lines.push(counts);
        lines
    }

    fn title(&self) -> String {
        format!("Puzzle: {}", self.opened.heading())
    }

    /// The keys the line under the board names: what this screen adds to
    /// play's keys, all keys, and the way back.
    pub(super) fn keys_line(&self) -> Vec<Command> {
        let wide = self.area.width >= 60;
        let mut commands = Vec::new();
        if self.solution.is_some() {
            commands.push(Command::new(
                self.keys.key_name(Scope::Menus, Action::Accept),
                "watch",
            ));
        } else {
            commands.push(Command::new(
                self.keys.key_name(Scope::Reverse, Action::PullOrWalk),
                "pull/walk",
            ));
        }
        if wide && self.game.can_jump() && self.game.rooms().len() > 1 {
            commands.push(Command::new(
                self.keys.key_name(Scope::Reverse, Action::Jump),
                "next room",
            ));
        }
        commands.extend([
            Command::new(self.keys.key_name(Scope::Play, Action::Help), "all keys"),
            Command::new(self.keys.key_name(Scope::Play, Action::Leave), "back"),
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
        if let Some(logo) = areas.logo {
            Logo {
                style: self.theme.accent(),
                ascii: self.theme.ascii,
            }
            .render(logo, buf);
        }
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
        if let Some(keys) = areas.keys_line {
            let text = self.theme.text(&footer(&self.keys_line())).into_owned();
            buf.set_stringn(keys.x, keys.y, text, keys.width as usize, self.theme.dim());
        }
        self.help.render(area, buf, &self.keys, self.theme);
    }
}
