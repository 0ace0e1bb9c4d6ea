//! A box over the screen that shows its whole text: lines wrap at words,
//! never cut, and when the screen is too short for them the box scrolls.
//! The `?` help and the full text of long messages both use it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Clear, Widget};

use crate::app::theme::Theme;
use crate::text::{width, wrap};

/// One item of an overlay: an optional label (a key) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverlayEntry {
    pub label: String,
    pub text: String,
    pub style: Style,
}

pub struct Overlay<'a> {
    pub title: &'a str,
    pub entries: &'a [OverlayEntry],
    /// Columns for the labels, set right-aligned before the text; 0 for
    /// text alone. On a screen too narrow for that, a label gets a line of
    /// its own above its text.
    pub label_width: u16,
    /// Rows scrolled past; held to what the text needs.
    pub scroll: usize,
    pub theme: Theme,
}

/// The widest the box gets, so lines stay easy to read.
const MAX_WIDTH: u16 = 72;
/// Border and a blank column each side; border and a blank row above and below.
const FRAME: u16 = 4;
/// The text column needs this much room beside the labels, or labels go
/// on lines of their own.
const MIN_TEXT: u16 = 24;

/// A row of the box: pieces of text, each with where it starts within the
/// text area and its style (a label and the start of its text share one).
type Row = Vec<(u16, String, Style)>;

impl Overlay<'_> {
    fn popup(&self, area: Rect) -> Rect {
        let width = MAX_WIDTH.min(area.width);
        let rows = self.rows(width.saturating_sub(FRAME));
        let height = (rows.len() as u16 + FRAME).min(area.height);
        Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        )
    }

    /// Every row of the text, wrapped to `columns`.
    fn rows(&self, columns: u16) -> Vec<Row> {
        let beside = self.label_width > 0 && columns >= self.label_width + 2 + MIN_TEXT;
        let indent = match (beside, self.label_width) {
            (true, label_width) => label_width + 2,
            (false, 0) => 0,
            (false, _) => 2,
        };
        let accent = self.theme.accent();
        let mut rows: Vec<Row> = Vec::new();
        for entry in self.entries {
            let label = entry.label.as_str();
            let text = wrap(&entry.text, columns.saturating_sub(indent) as usize);
            let mut text = text
                .into_iter()
                .map(|line| vec![(indent, line, entry.style)]);
            // A label wider than its column (keys rebound to many) gets a
            // line of its own rather than running into its text.
            if beside && width(label) <= usize::from(self.label_width) {
                let label_x = self.label_width.saturating_sub(width(label) as u16);
                let mut first = vec![(label_x, label.to_owned(), accent)];
                first.extend(text.next().into_iter().flatten());
                rows.push(first);
            } else if !label.is_empty() {
                rows.push(vec![(0, label.to_owned(), accent)]);
            }
            rows.extend(text);
        }
        rows
    }

    /// The furthest `scroll` usefully goes on a screen of `area`.
    pub fn max_scroll(&self, area: Rect) -> usize {
        let popup = self.popup(area);
        let shown = popup.height.saturating_sub(FRAME) as usize;
        self.rows(popup.width.saturating_sub(FRAME))
            .len()
            .saturating_sub(shown)
    }
}

impl Widget for Overlay<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let popup = self.popup(area);
        // The whole band of rows, so no stray end of a line beside the
        // box reads as part of it.
        Clear.render(
            Rect {
                x: area.x,
                width: area.width,
                ..popup
            },
            buf,
        );
        let scroll = self.scroll.min(self.max_scroll(area));
        let hints: &[&str] = if self.max_scroll(area) > 0 {
            &[" ↑↓ scroll · any other key closes ", " ↑↓ scroll "]
        } else {
            &[" any key closes "]
        };
        // The longest hint that fits the bottom edge whole.
        let room = popup.width.saturating_sub(2) as usize;
        let hint = hints
            .iter()
            .map(|hint| self.theme.text(hint))
            .find(|hint| width(hint) <= room)
            .unwrap_or_default();
        let block = Block::bordered()
            .border_set(self.theme.border())
            .title(format!(" {} ", self.title))
            .title_bottom(hint.into_owned());
        let inner = block.inner(popup);
        block.render(popup, buf);
        let text = Rect::new(
            inner.x + 1,
            inner.y + 1,
            inner.width.saturating_sub(2),
            inner.height.saturating_sub(2),
        );
        let rows = self.rows(text.width);
        for (y, row) in (text.y..text.bottom()).zip(rows.iter().skip(scroll)) {
            for (x, piece, style) in row {
                let room = text.width.saturating_sub(*x) as usize;
                buf.set_stringn(text.x + x, y, piece, room, *style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Vec<OverlayEntry> {
        [
            ("WASD / arrows", "move and push"),
            ("H", "hint: mark the next push; again to play it"),
            ("Mouse", "click a cell to walk there"),
        ]
        .iter()
        .map(|(label, text)| OverlayEntry {
            label: (*label).to_owned(),
            text: (*text).to_owned(),
            style: Style::new(),
        })
        .collect()
    }

    fn drawn(entries: &[OverlayEntry], scroll: usize, width: u16, height: u16) -> Buffer {
        let overlay = Overlay {
            title: "Keys",
            entries,
            label_width: 13,
            scroll,
            theme: Theme {
                ascii: true,
                color: false,
                ..Theme::default()
            },
        };
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        overlay.render(area, &mut buf);
        buf.set_style(area, Style::reset());
        buf
    }

    fn expected(lines: &[&str]) -> Buffer {
        let mut buf = Buffer::with_lines(lines.iter().copied());
        buf.set_style(buf.area, Style::reset());
        buf
    }

    #[test]
    fn the_rows_of_the_box_hide_what_is_beside_it() {
        let entries = keys();
        let overlay = Overlay {
            title: "Keys",
            entries: &entries,
            label_width: 13,
            scroll: 0,
            theme: Theme::default(),
        };
        let area = Rect::new(0, 0, 120, 20);
        let mut buf = Buffer::with_lines(vec!["~".repeat(120); 20]);
        let popup = overlay.popup(area);
        assert!(popup.width < area.width, "a box narrower than the screen");
        overlay.render(area, &mut buf);
        for y in 0..area.height {
            let row: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
            let covered = (popup.y..popup.bottom()).contains(&y);
            assert_eq!(row.contains('~'), !covered, "row {y}: {row}");
        }
    }

    #[test]
    fn a_label_wider_than_its_column_takes_a_line_of_its_own() {
        let mut entries = keys();
        entries[0].label = "K / Up / Down / S / Left".to_owned();
        entries.truncate(2);
        assert_eq!(
            drawn(&entries, 0, 60, 9),
            expected(&[
                "+ Keys ----------------------------------------------------+",
                "|                                                          |",
                "| K / Up / Down / S / Left                                 |",
                "|                move and push                             |",
                "|             H  hint: mark the next push; again to play   |",
                "|                it                                        |",
                "|                                                          |",
                "+ any key closes ------------------------------------------+",
                "                                                            ",
            ])
        );
    }

    #[test]
    fn labels_sit_beside_their_text_when_there_is_room() {
        assert_eq!(
            drawn(&keys(), 0, 60, 9),
            expected(&[
                "+ Keys ----------------------------------------------------+",
                "|                                                          |",
                "| WASD / arrows  move and push                             |",
                "|             H  hint: mark the next push; again to play   |",
                "|                it                                        |",
                "|         Mouse  click a cell to walk there                |",
                "|                                                          |",
                "+ any key closes ------------------------------------------+",
                "                                                            ",
            ])
        );
    }

    #[test]
    fn on_a_narrow_screen_labels_go_above_and_words_are_never_cut() {
        assert_eq!(
            drawn(&keys(), 0, 30, 12),
            expected(&[
                "+ Keys ----------------------+",
                "|                            |",
                "| WASD / arrows              |",
                "|   move and push            |",
                "| H                          |",
                "|   hint: mark the next      |",
                "|   push; again to play it   |",
                "| Mouse                      |",
                "|   click a cell to walk     |",
                "|   there                    |",
                "|                            |",
                "+ any key closes ------------+",
            ])
        );
    }

    #[test]
    fn scrolling_shows_the_rest_and_stops_at_the_end() {
        let top = format!("{:?}", drawn(&keys(), 0, 30, 10));
        assert!(top.contains("+ Up/Down scroll ------------+"), "{top}");
        assert!(!top.contains("there"), "{top}");
        let bottom = drawn(&keys(), 99, 30, 10);
        assert_eq!(bottom, drawn(&keys(), 2, 30, 10), "held to the end");
        let text = format!("{bottom:?}");
        assert!(text.contains("|   there                    |"), "{text}");
        assert!(!text.contains("WASD"), "{text}");
    }
}
