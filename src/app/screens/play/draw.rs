//! Drawing the gameplay screen. Placed by hand: the spec's picture fixes
//! where every part goes.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::Play;
use crate::app::hint::HintState;
use crate::app::message::Message;
use crate::app::theme::Chrome;
use crate::app::widgets::board::BoardView;
use crate::app::widgets::help::render_help;
use crate::app::widgets::keycaps::{CLUSTER_HEIGHT, KeyCaps};
use crate::app::widgets::logo::{LOGO_HEIGHT, LOGO_WIDTH, Logo};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, too_small};

impl Play {
    /// The spec's picture: logo and header, the message line, the board,
    /// and the key caps below it when there is room.
    pub(super) fn draw_screen(&self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let lines = self.header_lines();
        let info_width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
        let info_x = if area.width >= LOGO_WIDTH + 3 + info_width.min(30) {
            Logo {
                style: Style::new(),
                ascii: self.theme.ascii,
            }
            .render(Rect::new(area.x, area.y, LOGO_WIDTH, LOGO_HEIGHT), buf);
            area.x + LOGO_WIDTH + 3
        } else {
            area.x
        };
        for (row, line) in lines.iter().enumerate() {
            let width = area.right().saturating_sub(info_x) as usize;
            buf.set_stringn(info_x, area.y + row as u16, line, width, Style::new());
        }
        let thinking = match &self.hint {
            HintState::Thinking(search) => Some(Message::info(format!(
                "{} Thinking{} {} s (any move cancels)",
                self.theme
                    .spinner((search.elapsed().as_millis() / 100) as usize),
                self.theme.chrome(Chrome::Ellipsis),
                search.elapsed().as_secs()
            ))),
            _ => None,
        };
        if let Some(message) = thinking.as_ref().or(self.message.as_ref()) {
            // The two rows between the header and the board; wrapped, and
            // `M` opens a longer one whole.
            MessageLines {
                messages: std::slice::from_ref(message),
                theme: self.theme,
                info_style: self.theme.message(message.kind),
                centered: false,
                more_key: "M",
            }
            .render(Rect::new(area.x, area.y + LOGO_HEIGHT, area.width, 2), buf);
        }
        let Some(layout) = self.board_layout(area) else {
            return;
        };
        BoardView {
            game: &self.game,
            layout,
            theme: self.theme,
            marks: &self.marks,
        }
        .render(layout.area, buf);
        let caps_top = layout.area.y + layout.rows as u16 + 1;
        if caps_top + CLUSTER_HEIGHT <= area.bottom() {
            KeyCaps {
                style: Style::new(),
                legend_style: self.theme.dim(),
                border: self.theme.border(),
            }
            .render(
                Rect::new(area.x + 1, caps_top, area.width - 1, CLUSTER_HEIGHT),
                buf,
            );
        }
        if self.show_help {
            render_help(area, buf, self.theme, self.help_scroll);
        }
    }

    fn header_lines(&self) -> [String; 3] {
        let record = self.record.map_or("N/A".to_owned(), |r| r.to_string());
        [
            format!("Puzzle: {}", self.opened.heading()),
            format!("Record: {record}"),
            format!(
                "Moves: {}   Pushes: {}",
                self.game.score(),
                self.game.pushes()
            ),
        ]
    }
}
