//! The `?` overlay listing every key.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use crate::app::theme::Theme;

/// Every key, in an overlay; any key closes it.
pub const HELP: [(&str, &str); 13] = [
    ("WASD / arrows", "move and push"),
    ("U", "undo (counts as a move)"),
    ("Y", "redo (counts as a move)"),
    ("R", "reset the level (moves back to 0)"),
    ("H", "hint: mark the next push; again to play it"),
    ("Z", "zoom: square cells or one column each"),
    ("N / P", "next / previous level (Free play)"),
    ("Esc", "leave: saves an unsolved game"),
    ("?", "this help"),
    ("Mouse", "click a cell to walk there"),
    ("", "click a box, then a cell, to push it there"),
    ("Enter / Space", "accept in menus"),
    ("Esc / Backspace", "back in menus"),
];

pub fn render_help(area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = 64.min(area.width);
    let height = (HELP.len() as u16 + 4).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .title(" Keys ")
        .title_bottom(" any key closes ");
    let inner = block.inner(popup);
    block.render(popup, buf);
    for (row, (key, what)) in HELP.iter().enumerate() {
        let y = inner.y + 1 + row as u16;
        if y >= inner.bottom() {
            break;
        }
        buf.set_stringn(inner.x + 1, y, format!("{key:>15}"), 16, theme.accent());
        buf.set_stringn(
            inner.x + 18,
            y,
            what,
            inner.width.saturating_sub(18) as usize,
            Style::new(),
        );
    }
}
