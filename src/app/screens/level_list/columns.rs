//! The list's columns: how wide the titles and ratings are for the room
//! there is, and each level's line; and where the preview goes beside it.

use ratatui::layout::{Constraint, Layout, Rect};

use super::{LevelList, LevelRow};
use crate::app::theme::Chrome;
use crate::app::widgets::menu::Window;
use crate::app::widgets::page::centered_column;
use crate::app::widgets::preview::{MAX_PREVIEW_WIDTH, MIN_PREVIEW_WIDTH};
use crate::app::widgets::rating::{BAR_CELLS, bar, bar_and_score, score};
use crate::text::{fit, fit_keeping_number, width};

/// Columns between the list and the preview.
const PREVIEW_GAP: u16 = 4;
/// A preview's summary without its author, at most: `20x20, 100 boxes · `.
const SUMMARY_WIDTH: usize = 19;
/// Titles are not cut shorter than this to make room for a preview, or
/// for ratings' scores.
const MIN_TITLE_WIDTH: usize = 12;
/// The title column's heading.
const LEVEL_HEADING: &str = "Level";
/// The rating column's heading.
const RATING_HEADING: &str = "Rating";

/// What the rating column shows: bars and scores as wide as the widest
/// score, or bars alone where the titles need the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RatingColumn {
    Scores(usize),
    Bars,
}

impl RatingColumn {
    /// Its width, heading included.
    fn width(self) -> usize {
        match self {
            RatingColumn::Scores(score) => (BAR_CELLS + 1 + score).max(RATING_HEADING.len()),
            RatingColumn::Bars => BAR_CELLS,
        }
    }
}

/// The widths of a list's columns for the room it has.
#[derive(Clone, Copy, Debug)]
pub(super) struct Widths {
    title: usize,
    rating: RatingColumn,
    /// Whether the notes after the record show the player's fewest moves
    /// (`you 25`): not where they would cut the titles short, as `✓` says
    /// the most of it. `saved` always shows.
    yours: bool,
    /// A bad level's reason, at most.
    reason: usize,
    /// The whole row's.
    row: usize,
}

impl LevelList {
    /// Where the list goes in the page's `content`: the title column's
    /// width, the header row, the rows, and the window of levels shown
    /// in them with their "more" marks (the selected row stays mid-list
    /// while there are rows around it).
    pub(super) fn layout(&self, content: Rect) -> (Widths, Rect, Rect, Window) {
        let widths = self.widths(content.width);
        let column = centered_column(content, widths.row.min(content.width as usize) as u16);
        let [header, rows] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(column);
        let window = Window::of(self.selected, self.rows.len(), rows.height);
        (widths, header, rows, window)
    }

    /// The list's part of the page's `content`, and the preview's beside it
    /// where there is room for one (whichever level is selected, so the
    /// list does not move as the selection does).
    pub(super) fn split(&self, content: Rect) -> (Rect, Option<Rect>) {
        // Long titles are cut short to make room, but not too short.
        let room = MIN_PREVIEW_WIDTH + PREVIEW_GAP;
        let widths = self.widths(content.width.saturating_sub(room));
        let list_width = widths.row as u16;
        let spare = content.width.saturating_sub(list_width + PREVIEW_GAP);
        let uncut = self.widths(content.width).title;
        if widths.title < uncut.min(MIN_TITLE_WIDTH) || spare < MIN_PREVIEW_WIDTH {
            return (content, None);
        }
        // As wide as the widest level and its summary need, so the list and
        // its preview stay together in the middle.
        let widest = self
            .rows
            .iter()
            .filter_map(|row| row.level.as_ref())
            .map(|level| {
                level
                    .width()
                    .max(SUMMARY_WIDTH + level.author().map_or(0, width))
            })
            .max()
            .unwrap_or(0);
        let preview_width = (widest as u16).clamp(MIN_PREVIEW_WIDTH, MAX_PREVIEW_WIDTH);
        let group = centered_column(content, list_width + PREVIEW_GAP + preview_width.min(spare));
        let [list, _, preview] = Layout::horizontal([
            Constraint::Length(list_width),
            Constraint::Length(PREVIEW_GAP),
            Constraint::Fill(1),
        ])
        .areas(group);
        // The preview's heading stands level with the list's, not beside
        // level 1 where it would read as that level's.
        (list, Some(preview))
    }

    /// The columns' widths for `available` columns: the titles as wide as
    /// the longest, cut to fit; the ratings with their scores unless that
    /// cuts the titles shorter than [`MIN_TITLE_WIDTH`].
    fn widths(&self, available: u16) -> Widths {
        let longest = self
            .rows
            .iter()
            .map(|r| width(&r.title))
            .max()
            .unwrap_or(0)
            .max(5);
        // `you 123 saved` where a row has a solution of the player's.
        let widest_notes = |yours: bool| {
            self.rows
                .iter()
                .map(|r| width(&notes(r, yours)))
                .max()
                .map_or(0, |notes| if notes > 0 { notes + 2 } else { 0 })
        };
        let score = self
            .rows
            .iter()
            .filter_map(|r| r.rating)
            .map(|rating| width(&score(rating, self.theme)))
            .max()
            .unwrap_or(0)
            .max(3);
        let short = longest.min(MIN_TITLE_WIDTH);
        // The marks, number, record and the gaps between the columns.
        let title_with = |notes: usize, rating: RatingColumn| {
            longest.min((available as usize).saturating_sub(19 + notes + rating.width()))
        };
        let yours = title_with(widest_notes(true), RatingColumn::Bars) >= short;
        let notes = widest_notes(yours);
        let fixed = 19 + notes;
        let title_for = |rating: RatingColumn| title_with(notes, rating);
        let scores = RatingColumn::Scores(score);
        let rating = if title_for(scores) >= short {
            scores
        } else {
            RatingColumn::Bars
        };
        let title = title_for(rating);
        let row = title + fixed + rating.width();
        // A bad level's reason takes the rating's and record's place, cut
        // where the screen is narrower (choosing the level tells it whole).
        let reason_width = self
            .rows
            .iter()
            .filter_map(|r| r.problem.as_deref().map(width))
            .max()
            .map_or(0, |reason| title + 11 + reason);
        let row = row.max(reason_width);
        Widths {
            title,
            rating,
            yours,
            reason: row.min(available as usize).saturating_sub(title + 11),
            row,
        }
    }

    /// The rating column of row `index`: the mark, `…` while it waits
    /// for one, blank when it cannot have one.
    fn rating_cell(&self, index: usize, column: RatingColumn) -> String {
        let row = &self.rows[index];
        let text = match (row.rating, column) {
            (Some(rating), RatingColumn::Scores(score)) => bar_and_score(rating, self.theme, score),
            (Some(rating), RatingColumn::Bars) => bar(rating, self.theme),
            (None, _) if self.rater.waits(index, row) => {
                self.theme.chrome(Chrome::Ellipsis).to_owned()
            }
            (None, _) => String::new(),
        };
        let padding = column.width().saturating_sub(width(&text));
        format!("{}{text}", " ".repeat(padding))
    }

    pub(super) fn line(&self, index: usize, widths: Widths) -> String {
        let row = &self.rows[index];
        let record = row.record.map_or("N/A".to_owned(), |r| r.to_string());
        let ellipsis = self.theme.chrome(Chrome::Ellipsis);
        let title = fit_keeping_number(&row.title, widths.title, ellipsis);
        let padding = " ".repeat(widths.title.saturating_sub(width(&title)));
        if let Some(problem) = &row.problem {
            let problem = fit(problem, widths.reason, ellipsis);
            return format!("  {:>3}  {title}{padding}  {problem}", index + 1);
        }
        format!(
            "{} {:>3}  {title}{padding}  {}  {record:>6}  {}",
            if row.solved {
                self.theme.chrome(Chrome::Solved)
            } else {
                " "
            },
            index + 1,
            self.rating_cell(index, widths.rating),
            notes(row, widths.yours),
        )
    }
}

/// The list's header row for `widths`: `#  Level  Rating  Record`.
pub(super) fn header_text(widths: Widths) -> String {
    // The heading is right-aligned over its column and the gap before it:
    // bars alone are narrower than the word, which then reaches into the
    // gap, where the title column leaves a blank after `Level`.
    let in_column = widths.rating.width() >= RATING_HEADING.len();
    let rating_heading = if in_column || widths.title > LEVEL_HEADING.len() {
        RATING_HEADING
    } else {
        ""
    };
    format!(
        "{:>5}  {LEVEL_HEADING:<title$}{rating_heading:>rating$}  {:>6}",
        "#",
        "Record",
        title = widths.title,
        rating = widths.rating.width() + 2
    )
}

/// What follows the record: the player's fewest moves (with `yours`), and
/// `saved`.
fn notes(row: &LevelRow, yours: bool) -> String {
    let yours = row
        .yours
        .filter(|_| yours)
        .map(|moves| format!("you {moves}"));
    let saved = row.saved.then(|| "saved".to_owned());
    [yours, saved]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_alone_keep_their_heading_ending_where_they_do() {
        let widths = Widths {
            title: 10,
            rating: RatingColumn::Bars,
            yours: true,
            reason: 0,
            row: 0,
        };
        let header = header_text(widths);
        assert!(header.contains("Level     Rating  Record"), "{header}");
        // A row: the marks and number, the title, then the bars.
        let bars_end = 5 + 2 + widths.title + 2 + BAR_CELLS;
        assert_eq!(header.find("Rating").map(|at| at + 6), Some(bars_end));
    }
}
