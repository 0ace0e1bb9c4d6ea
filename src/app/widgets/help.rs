//! The `?` overlay listing every key, from the key map.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use crate::app::keymap::help_lines;
use crate::app::theme::Theme;

/// Every key of the key map, in an overlay; any key closes it.
pub fn render_help(area: Rect, buf: &mut Buffer, theme: Theme) {
    let width = 64.min(area.width);
    let lines = help_lines();
    let height = (lines.len() as u16 + 4).min(area.height);
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
    for (row, (key, what)) in lines.iter().enumerate() {
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
