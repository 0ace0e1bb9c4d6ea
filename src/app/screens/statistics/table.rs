//! The statistics page's table of the charted levels, where the screen
//! is wide enough for its columns.

use ratatui::style::Style;

use super::{Statistics, duration, moment};
use crate::library::format_day;

impl Statistics {
    /// The charted levels, a line each under a heading, at most `most`
    /// of them, ending with the focus (or the level played last).
    pub(super) fn level_table(&self, most: usize) -> Vec<(String, Style)> {
        let row = |cells: [&str; 8]| {
            format!(
                "{:<16} {:>8} {:>9} {:>6}  {:<21} {:<28} {:>6} {:>9}",
                cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7]
            )
        };
        let heading = row([
            "Level",
            "Attempts",
            "Played",
            "Solves",
            "First solved",
            "Best moves/pushes, found",
            "Record",
            "Published",
        ]);
        let mut lines = vec![(heading, self.theme.dim())];
        let chart = &self.report.chart;
        let end = (self.report.chart_at + 1).max(most.min(chart.len()));
        for level in &chart[end.saturating_sub(most)..end.min(chart.len())] {
            let best = level.best.map_or_else(String::new, |best| {
                let when = best
                    .found
                    .map(|found| format!(" {}", format_day(found / 86_400)))
                    .unwrap_or_default();
                format!("{}/{}{when}", best.moves, best.pushes)
            });
            let number = |value: Option<usize>| value.map_or_else(String::new, |n| n.to_string());
            let text = row([
                &level.name,
                &level.attempts.to_string(),
                &duration(level.played),
                &level.solves.to_string(),
                &level.first_solve.map_or_else(String::new, moment),
                &best,
                &number(level.record),
                &number(level.published),
            ]);
            lines.push((text, Style::new()));
        }
        lines
    }
}
