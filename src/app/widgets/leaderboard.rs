//! A map's top ten, the best entry set apart, a new entry marked. Columns
//! are measured in display width, so a nickname in wide characters (CJK)
//! lines up, and the marker of the new entry is never pushed off the edge.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::overlay::OverlayEntry;
use crate::leaderboard::Leaderboard;
use crate::text::{fit, width};

/// The width a menu screen gives the board at least, so short boards do not
/// jump about between screens.
pub const LEADERBOARD_WIDTH: u16 = 40;

const EMPTY: &str = "No scores yet.";

pub struct LeaderboardView<'a> {
    pub board: &'a Leaderboard,
    /// The entry just added, to mark it.
    pub new_place: Option<usize>,
    /// What the row counting the entries not shown says after the count:
    /// the key that shows them.
    pub more_hint: &'a str,
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

    /// Columns needed to show every nickname whole with the marker.
    pub fn width(&self) -> u16 {
        let names = self.board.entries().iter().map(|e| width(&e.name)).max();
        let rows = names.map_or(width(EMPTY), |names| {
            self.prefix_width() + names + width(&self.marker())
        });
        rows as u16
    }

    /// How many entries share the best score: all of them stand above
    /// the rule, so a tie for first is not split.
    fn best_count(&self) -> usize {
        let entries = self.board.entries();
        entries.first().map_or(0, |best| {
            entries.iter().take_while(|e| e.score == best.score).count()
        })
    }

    /// The entries always drawn at the top in `rows`, and whether the
    /// rule follows them: the whole tie for first with the rule under it
    /// where the rows allow that and a row more, else the first alone
    /// and no rule (the crowns still mark the tie), as a tie the rows
    /// cannot hold is never split by the rule.
    fn head(&self, rows: u16) -> (usize, bool) {
        let len = self.board.entries().len();
        let best = self.best_count().max(1).min(len);
        let rows = rows as usize;
        let fits = if best == len {
            best < rows
        } else {
            best + 2 <= rows
        };
        if fits || best == 1 {
            (best, true)
        } else {
            (1, false)
        }
    }

    /// The entries below the rule drawn in `rows`: the first place, how
    /// many, and how many more follow unseen. When the rows are too few for
    /// the whole board, the entries are a window that keeps the new entry
    /// in view, and the row under it says how many more there are.
    fn window(&self, rows: u16) -> (usize, usize, usize) {
        let len = self.board.entries().len();
        let (head, rule) = self.head(rows);
        let rest = len - head;
        let room = (rows as usize)
            .saturating_sub(head + usize::from(rule))
            .max(1);
        if room >= rest {
            return (head, rest, 0);
        }
        let start = |shown: usize| {
            self.new_place.map_or(head, |new| {
                new.saturating_sub(shown / 2)
                    .min(len.saturating_sub(shown))
                    .max(head)
            })
        };
        let shown = room.saturating_sub(1).max(1);
        let first = start(shown);
        let below = len.saturating_sub(first + shown);
        if below == 0 {
            return (start(room), room, 0);
        }
        (first, shown, below)
    }

    /// Digits of the longest score, so scores line up on the right.
    fn score_width(&self) -> usize {
        let longest = self.board.entries().iter().map(|e| e.score).max();
        longest.map_or(1, |score| score.to_string().len()).max(3)
    }

    /// `★ 10. 123  `: mark, place, score and the gap before the name.
    fn prefix_width(&self) -> usize {
        8 + self.score_width()
    }

    /// Every entry, as the overlay that shows the board whole lists them:
    /// `★  1.  33` beside each name.
    pub fn whole(&self) -> Vec<OverlayEntry> {
        let best = self.best_count();
        let score_width = self.score_width();
        let marker = self.marker();
        self.board
            .entries()
            .iter()
            .enumerate()
            .map(|(place, entry)| {
                let crown = if place < best {
                    self.theme.chrome(Chrome::Best)
                } else {
                    " "
                };
                let mark = if Some(place) == self.new_place {
                    marker.as_str()
                } else {
                    ""
                };
                OverlayEntry {
                    label: format!("{crown} {:>2}. {:>score_width$}", place + 1, entry.score),
                    text: format!("{}{mark}", entry.name),
                    style: Style::new(),
                }
            })
            .collect()
    }

    /// What follows the new entry's name; nothing when there is none.
    fn marker(&self) -> String {
        match self.new_place {
            Some(_) => format!(" {} you", self.theme.chrome(Chrome::You)),
            None => String::new(),
        }
    }
}

impl Widget for LeaderboardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let room = area.width as usize;
        let entries = self.board.entries();
        if entries.is_empty() {
            buf.set_stringn(area.x, area.y, EMPTY, room, self.theme.dim());
            return;
        }
        let marker = self.marker();
        let longest_name = entries.iter().map(|e| width(&e.name)).max().unwrap_or(0);
        let name_room = room.saturating_sub(self.prefix_width() + width(&marker));
        let name_width = longest_name.min(name_room);
        let ellipsis = self.theme.chrome(Chrome::Ellipsis);
        let score_width = self.score_width();
        let (first, shown, below) = self.window(area.height);
        let best = self.best_count();
        let (head, rule) = self.head(area.height);
        let mut y = area.y;
        for (place, entry) in entries.iter().enumerate() {
            if y >= area.bottom() {
                break;
            }
            if place >= head && !(first..first + shown).contains(&place) {
                continue;
            }
            let is_new = Some(place) == self.new_place;
            let crown = if place < best {
                self.theme.chrome(Chrome::Best)
            } else {
                " "
            };
            let name = fit(&entry.name, name_width, ellipsis);
            let mark = if is_new { marker.as_str() } else { "" };
            let padding = " ".repeat(name_width - width(&name));
            let line = format!(
                "{crown} {:>2}. {:>score_width$}  {name}{padding}{mark}",
                place + 1,
                entry.score,
            );
            let style = if is_new {
                self.theme.selected()
            } else if place < best {
                self.theme.accent()
            } else {
                Style::new()
            };
            buf.set_stringn(area.x, y, line.trim_end(), room, style);
            y += 1;
            if rule && place + 1 == head && y < area.bottom() {
                let rule_width = room.min((self.width() as usize).max(LEADERBOARD_WIDTH as usize));
                let rule = self.theme.chrome(Chrome::Rule).repeat(rule_width);
                buf.set_stringn(area.x, y, rule, room, self.theme.dim());
                y += 1;
            }
        }
        if below > 0 && y < area.bottom() {
            let more = format!("    {ellipsis} {below} more{}", self.more_hint);
            buf.set_stringn(area.x, y, more, room, self.theme.dim());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIDE: &str = "日本語の名前です漢字仮名";

    fn drawn(board: &str, new_place: Option<usize>, theme: Theme, width: u16) -> Buffer {
        let board = Leaderboard::parse(board).expect("board");
        let view = LeaderboardView {
            board: &board,
            new_place,
            more_hint: "",
            theme,
        };
        let area = Rect::new(0, 0, width, view.height());
        let mut buf = Buffer::empty(area);
        view.render(area, &mut buf);
        buf
    }

    fn text_of(buf: &Buffer) -> Buffer {
        let mut plain = buf.clone();
        plain.set_style(buf.area, Style::reset());
        plain
    }

    fn lines(lines: &[&str], width: usize) -> Buffer {
        let mut buf = Buffer::with_lines(lines.iter().map(|line| {
            let padding = " ".repeat(width - super::width(line));
            format!("{line}{padding}")
        }));
        buf.set_style(buf.area, Style::reset());
        buf
    }

    #[test]
    fn a_wide_name_lines_up_and_keeps_its_marker() {
        let board = format!("5 Ann\n7 {WIDE}\n");
        let view_width = 11 + 24 + 6;
        let buf = drawn(&board, Some(1), Theme::default(), view_width as u16);
        assert_eq!(
            text_of(&buf),
            lines(
                &[
                    "★  1.   5  Ann",
                    &"─".repeat(view_width),
                    &format!("   2.   7  {WIDE} ◀ you"),
                ],
                view_width
            )
        );
    }

    #[test]
    fn too_narrow_a_name_is_cut_with_an_ellipsis_but_the_marker_stays() {
        let board = format!("5 Ann\n7 {WIDE}\n");
        let buf = drawn(&board, Some(1), Theme::default(), 30);
        assert_eq!(
            text_of(&buf),
            lines(
                &[
                    "★  1.   5  Ann",
                    &"─".repeat(30),
                    "   2.   7  日本語の名前… ◀ you",
                ],
                30
            )
        );
    }

    #[test]
    fn a_short_area_keeps_the_best_and_a_window_around_the_new_entry_and_counts_the_rest() {
        let board = (1..=10).fold(String::new(), |text, i| text + &format!("{i} p{i}\n"));
        let board = Leaderboard::parse(&board).expect("board");
        let view = LeaderboardView {
            board: &board,
            new_place: Some(7),
            more_hint: "",
            theme: Theme {
                ascii: true,
                color: false,
                ..Theme::default()
            },
        };
        let area = Rect::new(0, 0, 20, 5);
        let mut buf = Buffer::empty(area);
        view.render(area, &mut buf);
        assert_eq!(
            text_of(&buf),
            lines(
                &[
                    "*  1.   1  p1",
                    &"-".repeat(20),
                    "   7.   7  p7",
                    "   8.   8  p8  < you",
                    "    ... 2 more",
                ],
                20
            )
        );
    }

    #[test]
    fn a_tie_for_first_stands_whole_above_the_rule() {
        let buf = drawn("3 A\n3 Three\n5 C\n", None, Theme::default(), 20);
        assert_eq!(
            text_of(&buf),
            lines(
                &[
                    "★  1.   3  A",
                    "★  2.   3  Three",
                    &"─".repeat(20),
                    "   3.   5  C",
                ],
                20
            )
        );
    }

    #[test]
    fn ascii_draws_every_mark_in_ascii() {
        let ascii = Theme {
            ascii: true,
            color: false,
            ..Theme::default()
        };
        let buf = drawn("5 Ann\n7 Bob\n", Some(1), ascii, 20);
        assert_eq!(
            text_of(&buf),
            lines(
                &["*  1.   5  Ann", &"-".repeat(20), "   2.   7  Bob < you"],
                20
            )
        );
    }
}
