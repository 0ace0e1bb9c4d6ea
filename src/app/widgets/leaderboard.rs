//! A map's top ten, the best entry set apart, a new entry marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::theme::Theme;
use crate::storage::Leaderboard;

/// Wide enough for a 20-character nickname, a long score and the marks.
pub const LEADERBOARD_WIDTH: u16 = 40;

pub struct LeaderboardView<'a> {
    pub board: &'a Leaderboard,
    /// The entry just added, to mark it.
    pub new_place: Option<usize>,
    pub theme: Theme,
}

impl LeaderboardView<'_> {
    /// Rows needed: the entries plus the rule under the best one.
    pub fn height(&self) -> u16 {
        match self.board.entries().len() {
            0 => 1,
            n => n as u16 + 1,
        }
    }
}

impl Widget for LeaderboardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let width = area.width as usize;
        let entries = self.board.entries();
        if entries.is_empty() {
            buf.set_stringn(area.x, area.y, "No scores yet.", width, self.theme.dim());
            return;
        }
        let mut y = area.y;
        for (place, entry) in entries.iter().enumerate() {
            if y >= area.bottom() {
                break;
            }
            let mark = if Some(place) == self.new_place {
                "◀ you"
            } else {
                ""
            };
            let crown = if place == 0 { "★" } else { " " };
            let line = format!(
                "{crown} {:>2}. {:>6}  {:<20} {mark}",
                place + 1,
                entry.score,
                entry.name
            );
            let style = match (place, Some(place) == self.new_place) {
                (_, true) => self.theme.selected(),
                (0, false) => self.theme.accent(),
                _ => Style::new(),
            };
            buf.set_stringn(area.x, y, line.trim_end(), width, style);
            y += 1;
            if place == 0 && y < area.bottom() {
                let rule = "─".repeat(width.min(LEADERBOARD_WIDTH as usize));
                buf.set_stringn(area.x, y, rule, width, self.theme.dim());
                y += 1;
            }
        }
    }
}
