//! A generated level as its XSB entry keeps it, written and read back: the
//! board and title, then a `Comment:` block with the seed, the solver's
//! figures and the rating. A game that kept the entry plays it again, with
//! its rating and the next seed's level after it, without making it anew.

use std::fmt;

use schokoban_core::{Level, ParseError, parse_levels};

use crate::daily::Day;
use crate::make::Generated;
use crate::options::{Request, Size};
use crate::rating::Rating;

/// What the entry of a generated level holds: enough to play it again,
/// rate it and make the level after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The request it answers.
    pub request: Request,
    /// The date, when it is that day's daily level.
    pub day: Option<Day>,
    /// The level, titled `Endless S-E 7` or `Daily 2026-12-24`.
    pub level: Level,
    /// How hard it measured.
    pub rating: Rating,
}

/// Why a text is not a generated level's entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// The text is no level.
    Level(ParseError),
    /// The text holds this many levels, where an entry is one.
    Several(usize),
    /// The comment has no line starting with this (`Seed:`, `Solver:`,
    /// `Rating:`): the level was not made by the generator.
    Missing(&'static str),
    /// The line, from 1, starting with `field` cannot be read.
    Unreadable {
        /// The line, from 1.
        line: usize,
        /// What it starts with: `Seed:`, `Solver:` or `Rating:`.
        field: &'static str,
    },
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::Level(error) => write!(f, "{error}"),
            EntryError::Several(count) => write!(f, "{count} levels, where one was made"),
            EntryError::Missing(field) => write!(f, "no {field} line: not a made level"),
            EntryError::Unreadable { line, field } => {
                write!(f, "line {line}: the {field} line cannot be read")
            }
        }
    }
}

impl std::error::Error for EntryError {}

const SEED: &str = "Seed:";
const SOLVER: &str = "Solver:";
const RATING: &str = "Rating:";

impl Entry {
    /// The entry as XSB: the board, its `Title:` and the `Comment:` block.
    pub fn to_xsb(&self) -> String {
        entry_xsb(&self.level, &self.request, &self.rating)
    }

    /// Reads back what [`Entry::to_xsb`] (or [`Generated::to_xsb`]) wrote.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use schokoban_generate::{Difficulty, Entry, Request, Size, generate};
    /// let request = Request { seed: 7, size: Size::Small, difficulty: Difficulty::Easy };
    /// let made = generate(&request, &AtomicBool::new(false), &mut |_| {}).expect("a level");
    /// let entry = Entry::parse(&made.to_xsb()).expect("an entry");
    /// assert_eq!(entry, Entry::from(made));
    /// ```
    pub fn parse(text: &str) -> Result<Entry, EntryError> {
        let mut levels = parse_levels(text).map_err(EntryError::Level)?;
        if levels.len() > 1 {
            return Err(EntryError::Several(levels.len()));
        }
        let level = levels.pop().ok_or(EntryError::Level(ParseError::NoBoard))?;
        let (line, seed) = field(text, SEED)?;
        let unreadable = |line: usize, field: &'static str| EntryError::Unreadable { line, field };
        let request = parse_seed(seed).ok_or_else(|| unreadable(line, SEED))?;
        let (line, solver) = field(text, SOLVER)?;
        let [pushes, moves] = counts::<2>(solver).ok_or_else(|| unreadable(line, SOLVER))?;
        let (line, rating) = field(text, RATING)?;
        let (score, figures) = (rating.split_once(" ("))
            .and_then(|(score, figures)| Some((score.trim().parse().ok()?, figures)))
            .ok_or_else(|| unreadable(line, RATING))?;
        let [_, box_changes, positions] =
            counts::<3>(figures).ok_or_else(|| unreadable(line, RATING))?;
        let count = |count: u64| usize::try_from(count).unwrap_or(usize::MAX);
        let rating = Rating {
            pushes: count(pushes),
            moves: count(moves),
            box_changes: count(box_changes),
            positions,
            score,
        };
        // A daily level is titled by its date, whose request it answers.
        let day = level
            .title()
            .and_then(|title| title.strip_prefix("Daily "))
            .and_then(|date| date.parse::<Day>().ok())
            .filter(|day| day.request() == request);
        Ok(Entry {
            request,
            day,
            level,
            rating,
        })
    }
}

impl From<Generated> for Entry {
    fn from(made: Generated) -> Self {
        Entry {
            request: made.request,
            day: made.day,
            level: made.level,
            rating: made.rating,
        }
    }
}

/// The XSB entry of `level`, made for `request` and rated `rating`.
pub(crate) fn entry_xsb(level: &Level, request: &Request, rating: &Rating) -> String {
    format!(
        "{}Comment:\n{SEED} {} (size {}, difficulty {})\n{SOLVER} {}, {}\n\
         {RATING} {} ({}, {}, {} positions searched)\nComment-End:\n",
        level.to_xsb(),
        request.seed,
        request.size.name(),
        request.difficulty.name(),
        counted(rating.pushes, "push", "pushes"),
        counted(rating.moves, "move", "moves"),
        rating.score,
        counted(rating.pushes, "push", "pushes"),
        counted(rating.box_changes, "box change", "box changes"),
        rating.positions,
    )
}

/// `1 push`, `2 pushes`: a count and its noun, as the comment writes it.
fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The first line starting with `name`: its number from 1, and the rest.
fn field<'a>(text: &'a str, name: &'static str) -> Result<(usize, &'a str), EntryError> {
    text.lines()
        .enumerate()
        .find_map(|(index, line)| Some((index + 1, line.trim().strip_prefix(name)?.trim())))
        .ok_or(EntryError::Missing(name))
}

/// `48213 (size medium, difficulty hard)`.
fn parse_seed(text: &str) -> Option<Request> {
    let (seed, rest) = text.split_once(" (size ")?;
    let (size, rest) = rest.split_once(", difficulty ")?;
    let difficulty = rest.strip_suffix(')')?;
    Some(Request {
        seed: seed.trim().parse().ok()?,
        size: size.parse::<Size>().ok()?,
        difficulty: difficulty.parse().ok()?,
    })
}

/// The leading numbers of `N` comma-separated counts: `30 pushes, 1 move`
/// (a closing bracket after the last is let be).
fn counts<const N: usize>(text: &str) -> Option<[u64; N]> {
    let text = text.trim().trim_end_matches(')');
    let parts: Vec<&str> = text.split(", ").collect();
    let numbers: Vec<u64> = parts
        .iter()
        .map(|part| part.split_whitespace().next()?.parse().ok())
        .collect::<Option<_>>()?;
    numbers.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Difficulty;
    use schokoban_core::parse_level;

    fn entry(title: &str, request: Request) -> Entry {
        let level = parse_level(&format!("#####\n#@$.#\n#####\nTitle: {title}\n")).expect("level");
        Entry {
            request,
            day: None,
            level,
            rating: Rating {
                pushes: 1,
                moves: 1,
                box_changes: 0,
                positions: 3,
                score: 9,
            },
        }
    }

    const REQUEST: Request = Request {
        seed: 48_213,
        size: Size::Large,
        difficulty: Difficulty::Expert,
    };

    #[test]
    fn an_entry_reads_back_what_it_writes_with_singular_counts() {
        let kept = entry("Endless L-X 48213", REQUEST);
        let text = kept.to_xsb();
        assert!(text.contains("Solver: 1 push, 1 move\n"), "{text}");
        assert_eq!(Entry::parse(&text), Ok(kept));
    }

    #[test]
    fn a_daily_level_is_known_by_its_title_and_seed() {
        let day: Day = "2026-12-24".parse().expect("a date");
        let daily = Entry {
            day: Some(day),
            ..entry("Daily 2026-12-24", day.request())
        };
        assert_eq!(Entry::parse(&daily.to_xsb()), Ok(daily));
        // Titled so by hand, on another seed: no daily level.
        let other = entry("Daily 2026-12-24", REQUEST);
        assert_eq!(Entry::parse(&other.to_xsb()).map(|e| e.day), Ok(None));
    }

    #[test]
    fn a_level_without_the_generator_s_comment_is_no_entry() {
        let plain = "#####\n#@$.#\n#####\n";
        assert_eq!(Entry::parse(plain), Err(EntryError::Missing(SEED)));
        let text = entry("x", REQUEST).to_xsb();
        let bad_rating = text.replace("Rating: 9 (", "Rating: nine (");
        assert_eq!(
            Entry::parse(&bad_rating),
            Err(EntryError::Unreadable {
                line: 8,
                field: RATING
            })
        );
        let bad_size = text.replace("size large", "size huge");
        assert_eq!(
            Entry::parse(&bad_size).map_err(|e| e.to_string()),
            Err("line 6: the Seed: line cannot be read".to_owned())
        );
        let two = format!("{text}\n{text}");
        assert_eq!(Entry::parse(&two), Err(EntryError::Several(2)));
        assert_eq!(
            Entry::parse("no board"),
            Err(EntryError::Level(ParseError::NoBoard))
        );
    }
}
