//! A level's rating as lists and previews show it: a bar of four cells,
//! one filled per step of the Endless difficulty the score reads as
//! (easy `◆◇◇◇` to expert `◆◆◆◆`), then the score: `◆◆◆◇ 149`, or `∞`
//! beyond the scale.

use crate::app::theme::{Chrome, Theme};
use crate::library::LevelRating;
use crate::text::width;
use schokoban_generate::Difficulty;

/// Cells in the bar: one per difficulty.
pub const BAR_CELLS: usize = Difficulty::ALL.len();

/// The bar alone: `◆◆◆◇`.
pub fn bar(rating: LevelRating, theme: Theme) -> String {
    let difficulty = rating.difficulty();
    let filled = Difficulty::ALL
        .iter()
        .position(|&d| d == difficulty)
        .map_or(BAR_CELLS, |index| index + 1);
    theme.chrome(Chrome::RatingOn).repeat(filled)
        + &theme.chrome(Chrome::RatingOff).repeat(BAR_CELLS - filled)
}

/// The score as a list shows it: `149`, or `∞` beyond the scale.
pub fn score(rating: LevelRating, theme: Theme) -> String {
    match rating {
        LevelRating::Score(score) => score.to_string(),
        LevelRating::Beyond => theme.chrome(Chrome::Beyond).to_owned(),
    }
}

/// The bar and the score right-aligned in `score_width`: `◆◆◆◇ 149`.
pub fn bar_and_score(rating: LevelRating, theme: Theme, score_width: usize) -> String {
    let score = score(rating, theme);
    let padding = score_width.saturating_sub(width(&score));
    format!("{} {}{score}", bar(rating, theme), " ".repeat(padding))
}

/// The preview's line: `◆◆◆◇ 149, about hard`, or `◆◆◆◆ beyond the
/// scale`.
pub fn described(rating: LevelRating, theme: Theme) -> String {
    match rating {
        LevelRating::Score(score) => format!(
            "{} {score}, about {}",
            bar(rating, theme),
            rating.difficulty().name()
        ),
        LevelRating::Beyond => format!("{} beyond the scale", bar(rating, theme)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_fills_a_cell_per_difficulty_and_reads_in_ascii() {
        let theme = Theme::default();
        assert_eq!(bar(LevelRating::Score(48), theme), "◆◇◇◇");
        assert_eq!(bar(LevelRating::Score(127), theme), "◆◆◇◇");
        assert_eq!(bar(LevelRating::Score(149), theme), "◆◆◆◇");
        assert_eq!(bar(LevelRating::Beyond, theme), "◆◆◆◆");
        let ascii = Theme {
            ascii: true,
            ..Theme::default()
        };
        assert_eq!(
            bar_and_score(LevelRating::Score(149), ascii, 6),
            "###-    149"
        );
        assert_eq!(bar_and_score(LevelRating::Beyond, theme, 3), "◆◆◆◆   ∞");
        assert_eq!(bar_and_score(LevelRating::Beyond, ascii, 3), "#### inf");
        assert_eq!(
            described(LevelRating::Score(85), theme),
            "◆◇◇◇ 85, about easy"
        );
        assert_eq!(
            described(LevelRating::Beyond, ascii),
            "#### beyond the scale"
        );
    }
}
