//! How far the player got in each collection, kept in one small text file:
//!
//! ```text
//! # Schokoban progress: collection, furthest level reached in Arcade, solved levels.
//! microban 12 1-5,7,9-11
//! xsokoban 1
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use super::collection::Collection;
use super::{Notice, ProgressProblem};
use crate::storage::{LoadErrorKind, move_aside, read_text, write_atomic};

/// A progress file is a few lines; anything larger is not one.
const MAX_PROGRESS_BYTES: u64 = 1024 * 1024;

const HEADER: &str =
    "# Schokoban progress: collection, furthest level reached in Arcade, solved levels.\n";

/// One collection's progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    reached: usize,
    solved: BTreeSet<usize>,
}

static NO_PROGRESS: Progress = Progress {
    reached: 0,
    solved: BTreeSet::new(),
};

impl Progress {
    /// The furthest level Arcade reached, counting from 1; 0 before any.
    pub fn reached(&self) -> usize {
        self.reached
    }

    pub fn is_solved(&self, number: usize) -> bool {
        self.solved.contains(&number)
    }

    pub fn solved_count(&self) -> usize {
        self.solved.len()
    }

    /// The solved levels, lowest first.
    pub fn solved(&self) -> impl Iterator<Item = usize> + '_ {
        self.solved.iter().copied()
    }

    /// Raises the furthest level reached; says whether that changed anything.
    pub(super) fn mark_reached(&mut self, number: usize) -> bool {
        let changed = number > self.reached;
        self.reached = self.reached.max(number);
        changed
    }

    /// Adds a solved level; says whether it is new.
    pub(super) fn mark_solved(&mut self, number: usize) -> bool {
        self.solved.insert(number)
    }

    /// Reads the fields of a progress line after the collection,
    /// `REACHED [SOLVED]`, keeping numbers from 1 to `last`.
    pub(super) fn from_fields<'a>(
        mut fields: impl Iterator<Item = &'a str>,
        last: usize,
    ) -> Option<Progress> {
        let reached = fields.next()?.parse::<usize>().ok()?;
        let solved = parse_list(fields.next().unwrap_or(""), last)?;
        fields.next().is_none().then(|| Progress {
            reached: reached.min(last),
            solved,
        })
    }

    /// The fields [`Self::from_fields`] reads.
    pub(super) fn to_fields(&self) -> String {
        if self.solved.is_empty() {
            self.reached.to_string()
        } else {
            format!("{} {}", self.reached, format_list(&self.solved))
        }
    }

    /// Takes in what another copy knows; progress only grows, so the merge
    /// never loses what either game recorded.
    pub(super) fn merge(&mut self, other: &Progress) {
        self.reached = self.reached.max(other.reached);
        self.solved.extend(&other.solved);
    }
}

/// Every collection's progress, plus the lines about collections this
/// version does not know, kept so that an older game does not drop them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct ProgressBook {
    entries: BTreeMap<Collection, Progress>,
    foreign: Vec<String>,
}

impl ProgressBook {
    pub(super) fn get(&self, collection: Collection) -> &Progress {
        self.entries.get(&collection).unwrap_or(&NO_PROGRESS)
    }

    /// Raises the furthest level reached; says whether that changed anything.
    pub(super) fn mark_reached(&mut self, collection: Collection, number: usize) -> bool {
        self.entries
            .entry(collection)
            .or_default()
            .mark_reached(number)
    }

    /// Adds a solved level; says whether it is new.
    pub(super) fn mark_solved(&mut self, collection: Collection, number: usize) -> bool {
        self.entries
            .entry(collection)
            .or_default()
            .mark_solved(number)
    }

    pub(super) fn merge(&mut self, other: &ProgressBook) {
        for (collection, progress) in &other.entries {
            self.entries.entry(*collection).or_default().merge(progress);
        }
        for line in &other.foreign {
            if !self.foreign.contains(line) {
                self.foreign.push(line.clone());
            }
        }
    }

    /// Parses the file's text: the progress of every readable line, and
    /// the numbers of the lines that are not progress.
    pub(super) fn parse(text: &str) -> (Self, Vec<usize>) {
        let mut book = ProgressBook::default();
        let mut malformed = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields = line.split_whitespace();
            let id = fields.next().unwrap_or_default();
            let collection = Collection::from_id(id);
            // Numbers past the end cannot be kept, nor expanded from a range.
            let last = collection.map_or(0, Collection::level_count);
            let Some(progress) = Progress::from_fields(fields, last) else {
                malformed.push(index + 1);
                continue;
            };
            match collection {
                Some(collection) => book.entries.entry(collection).or_default().merge(&progress),
                None => book.foreign.push(line.to_owned()),
            }
        }
        (book, malformed)
    }

    pub(super) fn to_text(&self) -> String {
        let mut text = String::from(HEADER);
        for (collection, progress) in &self.entries {
            let _ = writeln!(text, "{} {}", collection.id(), progress.to_fields());
        }
        for line in &self.foreign {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// Reads the progress file. A missing file is no progress; a damaged or
/// unreadable one is moved aside (if `may_move`), never overwritten, and the
/// notice says so. The readable lines of a damaged one still count, as a
/// damaged leaderboard's readable entries do, and are written back at once.
pub(super) fn load(path: &Path, may_move: bool) -> (ProgressBook, Option<Notice>) {
    let (book, problem) = match read_text(path, MAX_PROGRESS_BYTES) {
        Ok(text) => match ProgressBook::parse(&text) {
            (book, malformed) if malformed.is_empty() => return (book, None),
            (book, malformed) => (
                book,
                ProgressProblem::Malformed {
                    path: path.to_path_buf(),
                    lines: malformed,
                },
            ),
        },
        Err(error) if error.kind == LoadErrorKind::Missing => {
            return (ProgressBook::default(), None);
        }
        Err(error) => (ProgressBook::default(), ProgressProblem::Unreadable(error)),
    };
    let notice = match may_move.then(|| move_aside(path)) {
        Some(Ok(moved_to)) => {
            // Should this fail, the next save writes them.
            let _ = write_atomic(path, book.to_text().as_bytes());
            Notice::ProgressMovedAside {
                path: path.to_path_buf(),
                moved_to,
                problem,
            }
        }
        Some(Err(error)) => Notice::ProgressNotSaved {
            problem,
            move_failed: Some(error),
        },
        None => Notice::ProgressNotSaved {
            problem,
            move_failed: None,
        },
    };
    (book, Some(notice))
}

/// Parses `1-5,7,9-11`, keeping numbers from 1 to `last`. An empty text is
/// an empty list; anything malformed is `None`.
fn parse_list(text: &str, last: usize) -> Option<BTreeSet<usize>> {
    let mut set = BTreeSet::new();
    for item in text.split(',').filter(|item| !item.is_empty()) {
        let (from, to) = item.split_once('-').unwrap_or((item, item));
        let (from, to) = (from.parse::<usize>().ok()?, to.parse::<usize>().ok()?);
        if from == 0 || from > to {
            return None;
        }
        set.extend(from..=to.min(last));
    }
    Some(set)
}

/// Writes a set as runs: `{1,2,3,5}` is `1-3,5`.
fn format_list(set: &BTreeSet<usize>) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &number in set {
        match runs.last_mut() {
            Some((_, to)) if *to + 1 == number => *to = number,
            _ => runs.push((number, number)),
        }
    }
    let texts: Vec<String> = runs
        .into_iter()
        .map(|(from, to)| {
            if from == to {
                from.to_string()
            } else {
                format!("{from}-{to}")
            }
        })
        .collect();
    texts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_keeps_unknown_collections() {
        let text = "# comment\nmicroban 12 1-3,5,9-11\nsokobano 4 2\nxsokoban 1\n";
        let (book, malformed) = ProgressBook::parse(text);
        assert_eq!(malformed, [] as [usize; 0]);
        let microban = book.get(Collection::Microban);
        assert_eq!(microban.reached(), 12);
        assert_eq!(
            microban.solved().collect::<Vec<_>>(),
            [1, 2, 3, 5, 9, 10, 11]
        );
        assert_eq!(book.get(Collection::XSokoban).solved_count(), 0);
        assert_eq!(book.get(Collection::MicrobanII), &Progress::default());
        let written = book.to_text();
        assert!(written.contains("microban 12 1-3,5,9-11\n"), "{written}");
        assert!(written.contains("sokobano 4 2\n"), "{written}");
        assert_eq!(ProgressBook::parse(&written), (book, Vec::new()));
    }

    #[test]
    fn numbers_past_the_collection_are_dropped_not_expanded() {
        let last = Collection::XSokoban.level_count();
        let text = format!("xsokoban 99999999 {last}-99999999999\n");
        let (book, _) = ProgressBook::parse(&text);
        let progress = book.get(Collection::XSokoban);
        assert_eq!(progress.reached(), last);
        assert_eq!(progress.solved().collect::<Vec<_>>(), [last]);
    }

    #[test]
    fn malformed_lines_are_reported_by_number() {
        for (text, line) in [
            ("microban\n", 1),
            ("microban x\n", 1),
            ("\nmicroban 3 1-\n", 2),
            ("microban 3 0\n", 1),
            ("microban 3 5-2\n", 1),
            ("microban 3 1,2 extra\n", 1),
        ] {
            assert_eq!(ProgressBook::parse(text).1, [line], "{text:?}");
        }
    }

    #[test]
    fn a_malformed_line_costs_only_itself() {
        let text = "microban 5 1-3\nmicroban-ii banana\nxsokoban 2 1\n";
        let (book, malformed) = ProgressBook::parse(text);
        assert_eq!(malformed, [2]);
        assert_eq!(book.get(Collection::Microban).reached(), 5);
        assert_eq!(book.get(Collection::XSokoban).solved_count(), 1);
        assert_eq!(book.get(Collection::MicrobanII), &Progress::default());
    }

    #[test]
    fn merge_keeps_the_furthest_and_every_solved_level() {
        let (mut ours, _) = ProgressBook::parse("microban 3 1,2\n");
        let (theirs, _) = ProgressBook::parse("microban 2 4\nxsokoban 7\n");
        ours.merge(&theirs);
        assert_eq!(ours.get(Collection::Microban).reached(), 3);
        assert_eq!(
            ours.get(Collection::Microban).solved().collect::<Vec<_>>(),
            [1, 2, 4]
        );
        assert_eq!(ours.get(Collection::XSokoban).reached(), 7);
    }
}
