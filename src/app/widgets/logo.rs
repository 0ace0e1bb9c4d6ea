//! The SCHOKOBAN logo in box-drawing characters, as in the spec's screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

pub const LOGO: [&str; 3] = [
    "╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔",
    "╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║",
    "╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝",
];
pub const LOGO_WIDTH: u16 = 27;
pub const LOGO_HEIGHT: u16 = 3;

pub struct Logo {
    pub style: Style,
}

impl Widget for Logo {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for (row, line) in LOGO.iter().enumerate() {
            let y = area.y + row as u16;
            if y >= area.bottom() {
                break;
            }
            buf.set_stringn(area.x, y, line, area.width as usize, self.style);
        }
    }
}
