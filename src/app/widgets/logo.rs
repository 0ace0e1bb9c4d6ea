//! The SCHOKOBAN logo in box-drawing characters, as in the spec's screen,
//! or in plain ASCII under `--ascii`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

pub const LOGO: [&str; 3] = [
    "╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔",
    "╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║",
    "╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝",
];
/// The same letters in ASCII, the same size, so layouts do not move.
pub const ASCII_LOGO: [&str; 3] = [
    " _  _     _     _  _  _    ",
    "(_ |  |_|| ||_/| ||_)|_||\\|",
    " _)|_ | ||_|| \\|_||_)| || |",
];
pub const LOGO_WIDTH: u16 = 27;
pub const LOGO_HEIGHT: u16 = 3;

pub struct Logo {
    pub style: Style,
    pub ascii: bool,
}

impl Widget for Logo {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = if self.ascii { ASCII_LOGO } else { LOGO };
        for (row, line) in lines.iter().enumerate() {
            let y = area.y + row as u16;
            if y >= area.bottom() {
                break;
            }
            buf.set_stringn(area.x, y, line, area.width as usize, self.style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::width;

    #[test]
    fn both_logos_have_the_stated_size_and_the_ascii_one_is_ascii() {
        for lines in [LOGO, ASCII_LOGO] {
            for line in lines {
                assert_eq!(width(line), LOGO_WIDTH as usize, "{line:?}");
            }
        }
        assert!(ASCII_LOGO.iter().all(|line| line.is_ascii()));
    }
}
