//! The watch's counter line, made to fit narrow screens whole.

use crate::text::width as text_width;

/// Where the watch stands: the move shown of how many (`None` while the
/// search runs), and the game's moves and pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub shown: usize,
    pub total: Option<usize>,
    pub moves: usize,
    pub pushes: usize,
}

impl Counts {
    /// The roomiest form that fits `columns`: the wide spacing, then
    /// narrower, then "of" as a slash, which keeps four-digit counts whole
    /// at the 40 columns of the smallest terminal. The last form is cut by
    /// the caller when even that does not fit.
    pub fn line(self, columns: usize) -> String {
        let total = self.total.map_or("?".to_owned(), |t| t.to_string());
        let Self {
            shown,
            moves,
            pushes,
            ..
        } = self;
        let forms = [
            format!("Move {shown} of {total}   Moves: {moves}   Pushes: {pushes}"),
            format!("Move {shown} of {total}  Moves: {moves}  Pushes: {pushes}"),
            format!("Move {shown}/{total}  Moves: {moves}  Pushes: {pushes}"),
            format!("Move {shown}/{total} Moves: {moves} Pushes: {pushes}"),
        ];
        let [.., last] = &forms;
        let fitting = forms.iter().find(|form| text_width(form) <= columns);
        fitting.unwrap_or(last).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG: Counts = Counts {
        shown: 1234,
        total: Some(1500),
        moves: 1234,
        pushes: 321,
    };

    #[test]
    fn a_wide_screen_gets_the_roomy_form() {
        assert_eq!(
            LONG.line(80),
            "Move 1234 of 1500   Moves: 1234   Pushes: 321"
        );
    }

    #[test]
    fn the_smallest_screen_keeps_four_digit_counts_whole() {
        let line = LONG.line(40);
        assert_eq!(line, "Move 1234/1500  Moves: 1234  Pushes: 321");
        let biggest = Counts {
            pushes: 9999,
            ..LONG
        };
        assert_eq!(biggest.line(40), "Move 1234/1500 Moves: 1234 Pushes: 9999");
    }

    #[test]
    fn while_the_search_runs_the_total_is_a_question_mark() {
        let searching = Counts {
            shown: 0,
            total: None,
            moves: 0,
            pushes: 0,
        };
        assert_eq!(searching.line(40), "Move 0 of ?   Moves: 0   Pushes: 0");
    }
}
