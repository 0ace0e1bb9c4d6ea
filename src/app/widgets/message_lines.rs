//! Messages wrapped to the room they get, never cut mid-word. When they need
//! more rows than that, the last row says which key shows them whole, in an
//! [`Overlay`](super::overlay::Overlay) that scrolls when even that is short.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::overlay::OverlayEntry;
use crate::app::message::{Message, MessageKind};
use crate::app::theme::{Chrome, Theme};
use crate::text::{fit, width, wrap};

/// Every message wrapped to `columns`, each line with its message's style.
fn wrapped(messages: &[Message], columns: u16, theme: Theme, info: Style) -> Vec<(String, Style)> {
    messages
        .iter()
        .flat_map(|message| {
            let style = match message.kind {
                MessageKind::Info => info,
                MessageKind::Warning => theme.error(),
            };
            wrap(&theme.text(&message.text), columns as usize)
                .into_iter()
                .map(move |line| (line, style))
        })
        .collect()
}

/// Messages in the rows they are given, wrapped.
pub struct MessageLines<'a> {
    pub messages: &'a [Message],
    pub theme: Theme,
    /// How an informative message looks; a warning is always an error.
    pub info_style: Style,
    /// Centre each line (menu screens) or start it at the left (the game).
    pub centered: bool,
    /// The key that opens the messages whole, named on the last row when
    /// they do not fit: `M` gives "… M shows all".
    pub more_key: &'a str,
}

impl<'a> MessageLines<'a> {
    /// One message in its own colours, `M` named when it is cut.
    pub fn single(message: &'a Message, theme: Theme, centered: bool) -> Self {
        Self {
            messages: std::slice::from_ref(message),
            theme,
            info_style: theme.message(message.kind),
            centered,
            more_key: "M",
        }
    }

    /// Rows needed to show every message whole at `columns`.
    pub fn height(&self, columns: u16) -> u16 {
        if self.messages.is_empty() {
            return 0;
        }
        wrapped(self.messages, columns, self.theme, self.info_style).len() as u16
    }

    fn draw_line(&self, area: Rect, y: u16, text: &str, style: Style, buf: &mut Buffer) {
        let x = if self.centered {
            area.x + area.width.saturating_sub(width(text) as u16) / 2
        } else {
            area.x
        };
        buf.set_stringn(x, y, text, area.width as usize, style);
    }
}

impl Widget for MessageLines<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        let lines = wrapped(self.messages, area.width, self.theme, self.info_style);
        let fits = lines.len() <= area.height as usize;
        let shown = if fits {
            lines.len()
        } else {
            area.height as usize - 1
        };
        for (row, (text, style)) in lines.iter().take(shown).enumerate() {
            self.draw_line(area, area.y + row as u16, text, *style, buf);
        }
        if !fits {
            // The last row starts the next line and says how to read on.
            let ellipsis = self.theme.chrome(Chrome::Ellipsis);
            let more = format!("{ellipsis} {} shows all", self.more_key);
            let (text, style) = &lines[shown];
            let room = (area.width as usize).saturating_sub(width(&more) + 1);
            let start = fit(text, room, "");
            let row = area.bottom() - 1;
            let x = if self.centered {
                let total = width(&start) + 1 + width(&more);
                area.x + area.width.saturating_sub(total as u16) / 2
            } else {
                area.x
            };
            let start_width = if start.is_empty() {
                0
            } else {
                width(&start) + 1
            };
            buf.set_stringn(x, row, &start, room, *style);
            buf.set_stringn(
                x + start_width as u16,
                row,
                &more,
                area.right().saturating_sub(x + start_width as u16) as usize,
                self.theme.dim(),
            );
        }
    }
}

/// Every message whole, for an [`Overlay`](super::overlay::Overlay).
pub fn overlay_entries(messages: &[Message], theme: Theme) -> Vec<OverlayEntry> {
    messages
        .iter()
        .map(|message| OverlayEntry {
            label: String::new(),
            text: theme.text(&message.text).into_owned(),
            style: match message.kind {
                MessageKind::Info => Style::new(),
                MessageKind::Warning => theme.error(),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::overlay::Overlay;

    const LONG: &str =
        "tiny.xsb.dat: line 3: does not start with a score; the readable entries are kept";

    fn plain() -> Theme {
        Theme {
            ascii: false,
            color: false,
            ..Theme::default()
        }
    }

    fn overlay(entries: &[OverlayEntry], scroll: usize) -> Overlay<'_> {
        Overlay {
            title: "Messages",
            entries,
            label_width: 0,
            scroll,
            theme: plain(),
        }
    }

    fn lines_view(messages: &[Message], centered: bool) -> MessageLines<'_> {
        MessageLines {
            messages,
            theme: plain(),
            info_style: Style::new(),
            centered,
            more_key: "M",
        }
    }

    /// What `widget` draws, as text alone: styles are tested elsewhere.
    fn drawn(widget: impl Widget, width: u16, height: u16) -> Buffer {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        widget.render(area, &mut buf);
        buf.set_style(area, Style::reset());
        buf
    }

    fn expected(lines: &[&str], width: usize) -> Buffer {
        let mut buf = Buffer::with_lines(lines.iter().map(|line| format!("{line:<width$}")));
        buf.set_style(buf.area, Style::reset());
        buf
    }

    #[test]
    fn a_long_message_wraps_at_words_instead_of_being_cut() {
        let messages = [Message::info(LONG)];
        assert_eq!(lines_view(&messages, false).height(40), 3);
        assert_eq!(
            drawn(lines_view(&messages, false), 40, 3),
            expected(
                &[
                    "tiny.xsb.dat: line 3: does not start",
                    "with a score; the readable entries are",
                    "kept",
                ],
                40
            )
        );
    }

    #[test]
    fn messages_that_do_not_fit_say_which_key_shows_them_all() {
        let messages = [Message::info(LONG), Message::warning("Could not save")];
        assert_eq!(
            drawn(lines_view(&messages, true), 40, 3),
            expected(
                &[
                    "  tiny.xsb.dat: line 3: does not start",
                    " with a score; the readable entries are",
                    "           kept … M shows all",
                ],
                40
            )
        );
    }

    #[test]
    fn the_overlay_shows_every_message_whole_at_the_smallest_size() {
        let messages = [Message::info(LONG), Message::warning("Could not save")];
        let entries = overlay_entries(&messages, plain());
        let overlay = overlay(&entries, 0);
        assert_eq!(overlay.max_scroll(Rect::new(0, 0, 40, 12)), 0);
        assert_eq!(
            drawn(overlay, 40, 12),
            expected(
                &[
                    "",
                    "",
                    "╔ Messages ════════════════════════════╗",
                    "║                                      ║",
                    "║ tiny.xsb.dat: line 3: does not start ║",
                    "║ with a score; the readable entries   ║",
                    "║ are kept                             ║",
                    "║ Could not save                       ║",
                    "║                                      ║",
                    "╚ any key closes ══════════════════════╝",
                    "",
                    "",
                ],
                40
            )
        );
    }

    #[test]
    fn a_short_screen_scrolls_the_overlay() {
        let messages = [Message::info(LONG), Message::warning("Could not save")];
        let entries = overlay_entries(&messages, plain());
        let at = |scroll| overlay(&entries, scroll);
        let area = Rect::new(0, 0, 40, 6);
        assert_eq!(at(0).max_scroll(area), 2);
        let text = |scroll| format!("{:?}", drawn(at(scroll), 40, 6));
        assert!(!text(0).contains("Could not save"), "{}", text(0));
        assert!(
            text(5).contains("Could not save"),
            "scrolled to the end, however far asked: {}",
            text(5)
        );
    }
}
