//! Every level's place on Endless's one difficulty scale
//! (`schokoban_generate::rate`, docs/endless.md). The shipped levels'
//! ratings are measured once and compiled in (`levels/ratings.txt`, made
//! by `cargo run --release --example rate_levels`); a player's levels are
//! rated in the background and kept in `DATA/ratings.txt`. Both files hold
//! one level a line, keyed by a hash of its board, so a level keeps its
//! rating under another title and a changed level is rated afresh:
//!
//! ```text
//! # Schokoban ratings: board key, score or "beyond".
//! 3f0c5a1b9e2d4476 85 microban/002.xsb
//! 9a1b2c3d4e5f6071 beyond
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use super::custom::fnv1a;
use super::{Library, LibraryError};
use crate::storage::{lock_file, read_text, write_atomic};
use schokoban_core::Level;
use schokoban_generate::{Difficulty, Rated};

/// The player's ratings, directly under the data folder.
pub const RATINGS_FILE: &str = "ratings.txt";
/// Locked around each read-merge-write of the ratings file.
const RATINGS_LOCK: &str = ".ratings.lock";
/// Far more than a line for every level a player could open.
const MAX_RATINGS_BYTES: u64 = 16 << 20;
const HEADER: &str = "# Schokoban ratings: board key, score or \"beyond\".\n";

/// The shipped levels' ratings, as `levels/ratings.txt` holds them.
const SHIPPED: &str = include_str!("../../levels/ratings.txt");

/// A level's place on the scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelRating {
    /// Solved within the rating's positions, with this score.
    Score(u32),
    /// Not solved within them: harder than every score.
    Beyond,
}

impl LevelRating {
    /// The Endless difficulty it reads as, for the mark lists show.
    pub fn difficulty(self) -> Difficulty {
        Difficulty::of_score(self.score())
    }

    /// The score, `None` beyond the scale.
    pub fn score(self) -> Option<u32> {
        match self {
            LevelRating::Score(score) => Some(score),
            LevelRating::Beyond => None,
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "beyond" => Some(LevelRating::Beyond),
            _ => text.parse().ok().map(LevelRating::Score),
        }
    }
}

impl From<Rated> for LevelRating {
    fn from(rated: Rated) -> Self {
        rated
            .score()
            .map_or(LevelRating::Beyond, LevelRating::Score)
    }
}

/// `85`, or `beyond`: as the files and lists write it.
impl fmt::Display for LevelRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelRating::Score(score) => write!(f, "{score}"),
            LevelRating::Beyond => f.write_str("beyond"),
        }
    }
}

/// What a rating is kept under: a hash of the board alone, so a title or
/// author does not change it and any change to the board does.
pub fn level_key(level: &Level) -> u64 {
    fnv1a(level.to_string().as_bytes())
}

/// Ratings by level key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RatingBook {
    ratings: BTreeMap<u64, LevelRating>,
}

impl RatingBook {
    /// Reads `KEY RATING` lines; anything after them on a line is a note
    /// for people, and a line that is not one is skipped: the file only
    /// saves work, and a level missing from it is rated again.
    pub fn parse(text: &str) -> Self {
        let ratings = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let mut fields = line.split_whitespace();
                let key = u64::from_str_radix(fields.next()?, 16).ok()?;
                Some((key, LevelRating::parse(fields.next()?)?))
            })
            .collect();
        Self { ratings }
    }

    pub fn get(&self, key: u64) -> Option<LevelRating> {
        self.ratings.get(&key).copied()
    }

    pub fn insert(&mut self, key: u64, rating: LevelRating) {
        self.ratings.insert(key, rating);
    }

    /// The file's text, a line per level in key order.
    pub fn to_text(&self) -> String {
        let mut text = HEADER.to_owned();
        for (key, rating) in &self.ratings {
            text.push_str(&rating_line(*key, *rating));
            text.push('\n');
        }
        text
    }
}

/// One line of a ratings file: `3f0c5a1b9e2d4476 85`.
pub fn rating_line(key: u64, rating: LevelRating) -> String {
    format!("{key:016x} {rating}")
}

/// The ratings shipped with the game, read once.
pub fn shipped_ratings() -> &'static RatingBook {
    static BOOK: OnceLock<RatingBook> = OnceLock::new();
    BOOK.get_or_init(|| RatingBook::parse(SHIPPED))
}

/// The player's ratings file in `root`; a missing or unreadable one is
/// empty, as nothing is lost but work.
pub(super) fn read_kept(root: &std::path::Path) -> RatingBook {
    read_text(&root.join(RATINGS_FILE), MAX_RATINGS_BYTES)
        .map(|text| RatingBook::parse(&text))
        .unwrap_or_default()
}

impl Library {
    /// `level`'s rating: shipped with the game, else kept from an earlier
    /// rating; `None` until it is rated.
    pub fn rating(&self, level: &Level) -> Option<LevelRating> {
        let key = level_key(level);
        shipped_ratings().get(key).or_else(|| self.ratings.get(key))
    }

    /// Keeps `level`'s measured rating, in the data folder when records are
    /// on (else for this session), taking in what another running game
    /// kept meanwhile.
    pub fn keep_rating(&mut self, level: &Level, rating: LevelRating) -> Result<(), LibraryError> {
        let key = level_key(level);
        if self.ratings.get(key) == Some(rating) {
            return Ok(());
        }
        self.ratings.insert(key, rating);
        let Some(root) = self.data_dir().map(std::path::Path::to_path_buf) else {
            return Ok(());
        };
        let lock_path = root.join(RATINGS_LOCK);
        let _lock = lock_file(&lock_path, true).map_err(|error| LibraryError::Io {
            path: lock_path,
            error,
        })?;
        let mut book = read_kept(&root);
        book.insert(key, rating);
        let path = root.join(RATINGS_FILE);
        write_atomic(&path, book.to_text().as_bytes())
            .map_err(|error| LibraryError::Io { path, error })?;
        self.ratings = book;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_reads_back_what_it_writes_and_skips_what_is_not_a_rating() {
        let mut book = RatingBook::default();
        book.insert(0x3f, LevelRating::Score(85));
        book.insert(0x0a, LevelRating::Beyond);
        let text = book.to_text();
        assert_eq!(RatingBook::parse(&text), book);
        let noisy = format!("{text}zz 12\n00000000000000ff\n00000000000000fe -3\n");
        assert_eq!(RatingBook::parse(&noisy), book);
        let named = RatingBook::parse("00000000000000aa 12 microban/001.xsb\n");
        assert_eq!(named.get(0xaa), Some(LevelRating::Score(12)));
    }

    #[test]
    fn the_key_is_the_board_alone() {
        let level =
            schokoban_core::parse_level("#####\n#@$.#\n#####\nTitle: One\n").expect("a level");
        let retitled = level.clone().with_title(Some("Two".to_owned()));
        assert_eq!(level_key(&level), level_key(&retitled));
        let moved = schokoban_core::parse_level("#####\n#@.$#\n#####\n").expect("a level");
        assert_ne!(level_key(&level), level_key(&moved));
    }
}
