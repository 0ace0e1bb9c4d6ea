//! Drawing the gameplay screen. Placed by hand: the spec's picture fixes
//! where every part goes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::Play;
use super::layout::keys_line_text;
use crate::app::hint::HintState;
use crate::app::message::Message;
use crate::app::theme::Chrome;
use crate::app::widgets::board::BoardView;
use crate::app::widgets::keycaps::KeyCaps;
use crate::app::widgets::logo::Logo;
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, too_small};

impl Play {
    /// The spec's picture: logo and header, the message line, the board,
    /// and the key caps below it when there is room.
    pub(super) fn draw_screen(&self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let message = self.shown_message();
        let Some(areas) = self.areas(area, message.as_ref()) else {
            return;
        };
        if let Some(logo) = areas.logo {
            // The menus' colour: one logo throughout the game.
            Logo {
                style: self.theme.accent(),
                ascii: self.theme.ascii,
            }
            .render(logo, buf);
        }
        let (header_x, header_y) = areas.header_at;
        for (row, line) in areas.header.iter().enumerate() {
            let width = area.right().saturating_sub(header_x) as usize;
            buf.set_stringn(header_x, header_y + row as u16, line, width, Style::new());
        }
        if let Some(message) = &message {
            // Wrapped, and `M` opens a longer one whole.
            MessageLines::single(message, self.theme, false).render(areas.message, buf);
        }
        BoardView {
            game: &self.game,
            layout: areas.board,
            theme: self.theme,
            marks: &self.marks,
        }
        .render(areas.board.area, buf);
        if let Some(caps) = areas.caps {
            KeyCaps {
                keys: &self.keys,
                style: Style::new(),
                legend_style: self.theme.dim(),
                border: self.theme.border(),
            }
            .render(caps, buf);
        }
        if let Some(line) = areas.keys_line {
            let text = self
                .theme
                .text(&keys_line_text(&self.keys, line.width))
                .into_owned();
            buf.set_stringn(line.x, line.y, text, line.width as usize, self.theme.dim());
        }
        self.help.render(area, buf, &self.keys, self.theme);
    }

    /// The message on show: the hint search's progress, else the latest.
    pub(super) fn shown_message(&self) -> Option<Message> {
        match &self.hint {
            HintState::Thinking(search) => Some(Message::info(format!(
                "{} Thinking{} {} s (any move cancels)",
                self.theme
                    .spinner((search.elapsed().as_millis() / 100) as usize),
                self.theme.chrome(Chrome::Ellipsis),
                search.elapsed().as_secs()
            ))),
            _ => self.message.clone(),
        }
    }
}
