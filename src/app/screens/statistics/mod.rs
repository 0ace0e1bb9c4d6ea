//! Statistics: what the player has played and solved, with charts of the
//! solves a day and of each level's best against the record and the
//! published solution. From the main menu it shows every level; from a
//! level's leaderboard that level first. The flows read the numbers.

use std::rc::Rc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::about::{back_only, back_only_commands};
use crate::app::keymap::KeyMap;
use crate::app::message::{Message, plural};
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page};
use crate::library::{CollectionReport, LevelReport, Report, format_day, format_utc};
use crate::text::{width, wrap};

mod charts;
mod table;

use charts::DAY_COLUMNS;

/// Below this the screen takes its compact form: lines and a sparkline.
const FULL_WIDTH: u16 = 60;
const FULL_HEIGHT: u16 = 14;

/// The charts grow no taller than this: the rest goes to tables.
const MOST_CHART_ROWS: u16 = 16;
/// The table of levels needs this many columns.
const TABLE_WIDTH: u16 = 112;
/// Columns kept free at either side of the page's text and charts.
const MARGIN: u16 = 1;

#[derive(Debug)]
pub(crate) struct Statistics {
    report: Report,
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl Statistics {
    pub fn new(report: Report, theme: Theme, keys: Rc<KeyMap>) -> Self {
        let message =
            (!report.problems.is_empty()).then(|| Message::warning(report.problems.join("; ")));
        Self {
            report,
            message,
            theme,
            keys,
        }
    }

    fn dot(&self) -> String {
        format!(" {} ", self.theme.chrome(Chrome::Separator))
    }

    /// Every level: `12 levels solved · 40 attempts · 1h 02m played`.
    fn totals(&self) -> String {
        let r = &self.report;
        [
            format!("{} solved", plural(r.levels_solved, "level")),
            plural(usize_of(r.attempts), "attempt"),
            format!("{} played", duration(r.played)),
        ]
        .join(&self.dot())
    }

    /// A level's counts: `4 attempts · 12m 05s played · 2 solves`.
    fn level_counts(&self, level: &LevelReport) -> String {
        let solved = match level.solves {
            0 if level.best.is_some() => "solved".to_owned(),
            0 => "not solved yet".to_owned(),
            n => plural(usize_of(n), "solve"),
        };
        [
            plural(usize_of(level.attempts), "attempt"),
            format!("{} played", duration(level.played)),
            solved,
        ]
        .join(&self.dot())
    }

    /// `Best 12 moves, 3 pushes (2026-11-30)`.
    fn best_line(level: &LevelReport) -> Option<String> {
        let best = level.best?;
        let when = best
            .found
            .map(|found| format!(" ({})", format_day(found / 86_400)))
            .unwrap_or_default();
        Some(format!(
            "Best {}, {}{when}",
            plural(best.moves, "move"),
            plural(best.pushes, "push")
        ))
    }

    /// `record 10 · published 12`, or what of it there is, `Record`
    /// when it starts a line.
    fn against_line(&self, level: &LevelReport, starts: bool) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(record) = level.record {
            parts.push(format!("record {record}"));
        }
        if let Some(published) = level.published {
            parts.push(format!("published {published}"));
        }
        let mut line = parts.join(&self.dot());
        if starts {
            line.get_mut(..1).map(str::make_ascii_uppercase)?;
        }
        (!line.is_empty()).then_some(line)
    }

    fn first_line(level: &LevelReport) -> Option<String> {
        level
            .first_solve
            .map(|first| format!("First solved {}", moment(first)))
    }

    /// The lines about the level asked about, or about every level.
    fn summary(&self, short: bool) -> Vec<(String, Style)> {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        if let Some(level) = &self.report.focus {
            lines.push((level.name.clone(), bold));
            lines.push((self.level_counts(level), Style::new()));
            let best = Self::best_line(level);
            let against = self.against_line(level, short || best.is_none());
            if short {
                lines.extend(best.into_iter().chain(against).map(|l| (l, Style::new())));
            } else {
                let both: Vec<String> = best.into_iter().chain(against).collect();
                if !both.is_empty() {
                    lines.push((both.join(&self.dot()), Style::new()));
                }
            }
            lines.extend(Self::first_line(level).map(|l| (l, self.theme.dim())));
            if !short {
                lines.push((format!("Every level: {}", self.totals()), self.theme.dim()));
            }
        } else {
            lines.push((format!("Every level: {}", self.totals()), bold));
            // The chart of bests has no room here: the last level played.
            if let Some(level) = self
                .report
                .chart
                .get(self.report.chart_at)
                .filter(|_| short)
            {
                let mut parts = vec![level.name.clone()];
                parts.extend(level.best.map(|best| format!("best {}", best.moves)));
                parts.extend(level.record.map(|record| format!("record {record}")));
                parts.extend(level.published.map(|moves| format!("published {moves}")));
                lines.push((parts.join(&self.dot()), Style::new()));
            }
        }
        lines
    }

    /// A collection's line: `Microban  3/155 solved · 12m 05s · 8 saved`;
    /// within `columns` where given, the parts that fit on one line.
    fn collection_line(&self, collection: &CollectionReport, columns: Option<u16>) -> String {
        let solved = match collection.levels {
            Some(levels) => format!("{}/{levels} solved", collection.solved),
            None => format!("{} solved", collection.solved),
        };
        let mut parts = vec![
            format!("{}: {solved}", collection.name),
            duration(collection.played),
        ];
        if collection.saved > 0 {
            parts.push(format!(
                "optimizer saved {}",
                plural(collection.saved, "move")
            ));
        }
        if let Some(columns) = columns {
            // A part cut in two reads as something missing: it goes whole.
            while parts.len() > 1 && width(&parts.join(&self.dot())) > usize::from(columns) {
                parts.pop();
            }
        }
        parts.join(&self.dot())
    }

    fn collection_lines(&self, columns: Option<u16>) -> Vec<(String, Style)> {
        let lines = self.report.collections.iter();
        lines
            .map(|c| (self.collection_line(c, columns), Style::new()))
            .collect()
    }

    /// Where the page's text and charts go in its `content`: a block
    /// centred under the title, as wide as the screen allows up to the two
    /// charts at their widest side by side, its text starting where the
    /// charts do.
    fn text_block(&self, content: Rect) -> Rect {
        let days = self.report.solves_by_day.len() as u16;
        let widest = (2 * (days * DAY_COLUMNS + 1) + 1).max(TABLE_WIDTH);
        let width = content.width.saturating_sub(2 * MARGIN).min(widest);
        centered_column(content, width)
    }

    /// `lines` wrapped to `columns`, each part in its line's style.
    fn wrapped(&self, lines: &[(String, Style)], columns: u16) -> Vec<(String, Style)> {
        lines
            .iter()
            .flat_map(|(text, style)| {
                wrap(&self.theme.text(text), columns as usize)
                    .into_iter()
                    .map(move |part| (part, *style))
            })
            .collect()
    }

    /// `lines` wrapped to the area's width, from its top, as many as fit;
    /// gives the rows they took.
    fn draw_lines(&self, lines: &[(String, Style)], area: Rect, buf: &mut Buffer) -> u16 {
        let lines = self.wrapped(lines, area.width);
        let mut rows = 0;
        for ((text, style), y) in lines.iter().zip(area.top()..area.bottom()) {
            buf.set_stringn(area.x, y, text, area.width as usize, *style);
            rows += 1;
        }
        rows
    }

    /// The small form: the summary, the solves a day as a sparkline, and
    /// the collections while there is room.
    fn draw_compact(&self, area: Rect, buf: &mut Buffer) {
        let mut used = self.draw_lines(&self.summary(true), area, buf);
        let chart_rows = 2.min(area.height.saturating_sub(used + 1));
        if chart_rows > 0 {
            let solves = &self.report.solves_by_day;
            let days = (area.width as usize).min(solves.len());
            let total: u64 = solves[solves.len() - days..].iter().sum();
            let title = format!("Solves a day, {days} days: {total}");
            let y = area.y + used;
            let title_area = Rect::new(area.x, y, area.width, 1);
            self.draw_lines(&[(title, self.theme.dim())], title_area, buf);
            let chart = Rect::new(area.x, y + 1, days as u16, chart_rows);
            self.sparkline(days).render(chart, buf);
            used += 1 + chart_rows;
        }
        // A line each, as much of it as fits: the rows here are few.
        let collections = self.collection_lines(Some(area.width));
        let rest = Rect::new(
            area.x,
            area.y + used,
            area.width,
            area.height.saturating_sub(used),
        );
        self.draw_lines(&collections, rest, buf);
    }

    /// The full form: the summary, the two charts side by side, a line
    /// for each collection below, and where there is room a table of the
    /// charted levels.
    fn draw_full(&self, area: Rect, buf: &mut Buffer) {
        let lines = self.wrapped(&self.summary(false), area.width);
        let collections = self.wrapped(&self.collection_lines(None), area.width);
        let rows_left = area.height.saturating_sub(lines.len() as u16 + 1);
        // The charts keep eight rows at least; the collections get the rest.
        let table = (collections.len() as u16).min(rows_left.saturating_sub(8));
        let chart_rows = (rows_left - table).min(MOST_CHART_ROWS);
        let [top, _, charts, bottom, _, levels_table] = Layout::vertical([
            Constraint::Length(lines.len() as u16),
            Constraint::Length(1),
            Constraint::Length(chart_rows),
            Constraint::Length(table),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(area);
        self.draw_lines(&lines, top, buf);
        // As many whole days as half the width holds, and no blank after
        // them: the chart of levels takes the rest.
        let days_wanted = self.report.solves_by_day.len() as u16;
        let days_fit = (charts.width / 2).saturating_sub(1) / DAY_COLUMNS;
        let days_width = days_wanted.min(days_fit) * DAY_COLUMNS + 1;
        let [days, _, levels] = Layout::horizontal([
            Constraint::Length(days_width),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(charts);
        self.draw_days(days, buf);
        self.draw_levels(levels, buf);
        self.draw_lines(&collections, bottom, buf);
        if levels_table.width >= TABLE_WIDTH && levels_table.height >= 2 {
            // Columns, so not wrapped: the table is drawn only where it fits.
            let rows = self.level_table(levels_table.height as usize - 1);
            for ((text, style), y) in rows.iter().zip(levels_table.top()..) {
                let text = self.theme.text(text);
                buf.set_stringn(
                    levels_table.x,
                    y,
                    &text,
                    levels_table.width as usize,
                    *style,
                );
            }
        }
    }
}

/// Seconds as a player reads them: `45s`, `12m 05s`, `3h 02m`.
fn duration(seconds: u64) -> String {
    match seconds {
        0..60 => format!("{seconds}s"),
        60..3600 => format!("{}m {:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h {:02}m", seconds / 3600, seconds / 60 % 60),
    }
}

/// A moment as `2026-11-25 21:40 UTC`.
fn moment(seconds: u64) -> String {
    let text = format_utc(seconds);
    format!("{} {} UTC", &text[..10], &text[11..16])
}

fn usize_of(count: u64) -> usize {
    usize::try_from(count).unwrap_or(usize::MAX)
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Statistics {
    fn name(&self) -> &'static str {
        "statistics"
    }
}

impl Screen for Statistics {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        back_only(&self.keys, key)
    }

    fn commands(&self) -> Vec<Command> {
        back_only_commands(&self.keys)
    }

    one_message!();

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            "Statistics",
            &footer(&self.commands()),
            LogoRule::EveryRow,
        ) else {
            return;
        };
        let content = areas.content;
        let block = self.text_block(content);
        if content.width >= FULL_WIDTH && content.height >= FULL_HEIGHT {
            self.draw_full(block, buf);
        } else {
            self.draw_compact(block, buf);
        }
        notice_line(&areas, buf, self.theme, self.message.as_ref());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_a_player_reads_them() {
        assert_eq!(duration(45), "45s");
        assert_eq!(duration(725), "12m 05s");
        assert_eq!(duration(3 * 3600 + 2 * 60 + 59), "3h 02m");
    }
}
