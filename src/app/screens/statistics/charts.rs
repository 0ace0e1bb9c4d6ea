//! The statistics page's charts: solves a day, and each level's best
//! against the record and the published solution, drawn by ratatui.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::symbols::bar;
use ratatui::text::Line;
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, Sparkline, Widget};

use super::Statistics;
use crate::library::{LevelReport, format_day};

/// A day's bar and the gap after it.
pub(super) const DAY_COLUMNS: u16 = 3;
/// A bar of the level chart.
const BAR_WIDTH: u16 = 3;
/// The columns between one level's bars and the next's.
const LEVEL_GAP: u16 = 2;

/// Bars in plain ASCII, for `--ascii`.
const ASCII_BARS: bar::Set<'static> = bar::Set {
    full: "#",
    seven_eighths: "#",
    three_quarters: "=",
    five_eighths: "=",
    half: "=",
    three_eighths: "-",
    one_quarter: "-",
    one_eighth: "_",
    empty: " ",
};

impl Statistics {
    fn bar_set(&self) -> bar::Set<'static> {
        if self.theme.ascii {
            ASCII_BARS
        } else {
            bar::NINE_LEVELS
        }
    }

    pub(super) fn sparkline(&self, days: usize) -> Sparkline<'static> {
        let solves = &self.report.solves_by_day;
        Sparkline::default()
            .data(solves[solves.len() - days..].to_vec())
            .bar_set(self.bar_set())
            .style(self.theme.good())
    }

    fn block(&self, title: &str) -> Block<'static> {
        Block::bordered()
            .border_set(self.theme.border())
            .border_style(self.theme.dim())
            .title(Line::from(self.theme.text(title).into_owned()))
    }

    /// Solves a day, one bar each, the day of the month under it.
    pub(super) fn draw_days(&self, area: Rect, buf: &mut Buffer) {
        let shown = ((area.width.saturating_sub(1)) / DAY_COLUMNS) as usize;
        let solves = &self.report.solves_by_day;
        let shown = shown.min(solves.len());
        let first = self.report.today + 1 - shown as u64;
        let bars: Vec<Bar> = solves[solves.len() - shown..]
            .iter()
            .zip(first..)
            .map(|(&count, day)| {
                Bar::default()
                    .value(count)
                    .label(Line::from(format_day(day)[8..].to_owned()))
            })
            .collect();
        let title = format!(" Solves a day (UTC), {shown} days ");
        BarChart::default()
            .block(self.block(&title))
            .data(BarGroup::default().bars(&bars))
            .bar_width(2)
            .bar_gap(1)
            .bar_set(self.bar_set())
            .bar_style(self.theme.good())
            .value_style(Style::new().add_modifier(Modifier::REVERSED))
            .label_style(self.theme.dim())
            .render(area, buf);
    }

    /// Each level's best moves against the record and the published
    /// solution, a bar each, in that order, the level's number under. A
    /// kind of figure no charted level has gets no bar and no name in the
    /// title, so the title names exactly the bars drawn.
    pub(super) fn draw_levels(&self, area: Rect, buf: &mut Buffer) {
        // A level with nothing to compare has no bars, unless asked about.
        let asked = self.report.focus.as_ref().and_then(|focus| focus.number);
        let mut at = 0;
        let mut chart = Vec::new();
        for (index, level) in self.report.chart.iter().enumerate() {
            let bars = level.best.is_some() || level.record.is_some() || level.published.is_some();
            if bars || (asked.is_some() && level.number == asked) {
                if index <= self.report.chart_at {
                    at = chart.len();
                }
                chart.push(level);
            }
        }
        let kinds: Vec<Figure> = Figure::ALL
            .into_iter()
            .filter(|kind| chart.iter().any(|level| kind.moves(level).is_some()))
            .collect();
        let legend = if kinds.is_empty() {
            "yours/record/published".to_owned()
        } else {
            let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
            names.join("/")
        };
        let name = &self.report.chart_name;
        let named = format!(" {name}: moves, {legend} ");
        let title = if !name.is_empty() && named.chars().count() + 2 <= area.width as usize {
            named
        } else {
            format!(" Moves: {legend} ")
        };
        let block = self.block(&title);
        if chart.is_empty() {
            let inner = block.inner(area);
            block.render(area, buf);
            let none = "No solve of your own yet".to_owned();
            self.draw_lines(&[(none, self.theme.dim())], inner, buf);
            return;
        }
        // Each kind's bar, and the gap after a level's bars.
        let columns = kinds.len().max(1) as u16 * BAR_WIDTH + LEVEL_GAP;
        let fits = ((area.width.saturating_sub(2) + LEVEL_GAP) / columns).max(1) as usize;
        let end = (at + 1).max(fits.min(chart.len()));
        let shown = &chart[end.saturating_sub(fits)..end.min(chart.len())];
        let groups: Vec<BarGroup> = shown
            .iter()
            .map(|level| {
                let label = level
                    .number
                    .map_or_else(|| level.name.clone(), |n| n.to_string());
                let bars: Vec<Bar> = kinds
                    .iter()
                    .map(|kind| {
                        let moves = kind.moves(level).map_or(0, |m| m as u64);
                        Bar::default().value(moves).style(self.figure_style(*kind))
                    })
                    .collect();
                BarGroup::default().label(Line::from(label)).bars(&bars)
            })
            .collect();
        let mut chart = BarChart::default()
            .block(block)
            .bar_width(BAR_WIDTH)
            .bar_gap(0)
            .group_gap(LEVEL_GAP)
            .bar_set(self.bar_set())
            .value_style(Style::new().add_modifier(Modifier::REVERSED))
            .label_style(self.theme.dim());
        for group in groups {
            chart = chart.data(group);
        }
        chart.render(area, buf);
    }

    fn figure_style(&self, kind: Figure) -> Style {
        match kind {
            Figure::Yours => self.theme.good(),
            Figure::Record => self.theme.accent(),
            Figure::Published => Style::new(),
        }
    }
}

/// The figures the level chart compares, in the order of their bars.
#[derive(Clone, Copy)]
enum Figure {
    Yours,
    Record,
    Published,
}

impl Figure {
    const ALL: [Self; 3] = [Self::Yours, Self::Record, Self::Published];

    fn name(self) -> &'static str {
        match self {
            Self::Yours => "yours",
            Self::Record => "record",
            Self::Published => "published",
        }
    }

    fn moves(self, level: &LevelReport) -> Option<usize> {
        match self {
            Self::Yours => level.best.map(|best| best.moves),
            Self::Record => level.record,
            Self::Published => level.published,
        }
    }
}
