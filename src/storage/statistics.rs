//! How much each level was played, in one file in the data folder,
//! `statistics.txt`: a line for each level and day (UTC) it was played.
//!
//! ```text
//! # Schokoban statistics: ...
//! day=2026-12-01 level=microban/3 attempts=2 played=312s solves=1 first-solve=2026-12-01T21:40:07Z
//! ```
//!
//! Games add what they played to it, never write over it: under a lock on
//! `.statistics.lock` beside it, the file is read again, the new counts
//! added to the line of the same level and day, and the whole written
//! atomically, so two games on one data folder both count. A damaged file
//! is moved aside to `statistics.txt.damaged` with its readable lines
//! kept. Keys a later version adds are kept as written.

use std::path::{Path, PathBuf};

use super::files::lock_file;
use super::keyed::{self, Entry, EntryError, Fields, change_locked};
use super::records::RecordError;
use super::when::{format_utc, parse_utc};

const HEADER: &str = "# Schokoban statistics: a line for each level and day (UTC) it was played: \
attempts begun,\n# seconds played (pauses over a minute left out), solves, and the first solve \
that day.\n";

/// The file locked around each read, merge and write of the statistics,
/// which is itself replaced on every write and so cannot hold the lock.
const LOCK_FILE: &str = ".statistics.lock";

const DAY_SECONDS: u64 = 86_400;

/// What one level was played on one day.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayCount {
    /// Which level: a word the library makes (`microban/3`).
    pub level: String,
    /// The day, counted from 1970-01-01 (UTC).
    pub day: u64,
    /// Plays begun with a move, from the start or after a restart.
    pub attempts: u64,
    /// Seconds played.
    pub played: u64,
    pub solves: u64,
    /// The first solve of the day, in seconds since 1970 (UTC).
    pub first_solve: Option<u64>,
    /// Fields a later version wrote, kept as they were.
    pub extra: Fields,
}

impl PlayCount {
    /// Nothing played: not worth a line.
    pub fn is_empty(&self) -> bool {
        self.attempts == 0 && self.played == 0 && self.solves == 0
    }

    /// Adds `other`'s counts, of the same level and day, to these.
    pub fn add(&mut self, other: &PlayCount) {
        self.attempts += other.attempts;
        self.played += other.played;
        self.solves += other.solves;
        self.first_solve = match (self.first_solve, other.first_solve) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        for (key, value) in &other.extra {
            if !self.extra.iter().any(|(k, _)| k == key) {
                self.extra.push((key.clone(), value.clone()));
            }
        }
    }
}

/// The day a moment falls on, counted from 1970-01-01 (UTC).
pub fn day_of(seconds: u64) -> u64 {
    seconds / DAY_SECONDS
}

/// A day as `2026-12-01`.
pub fn format_day(day: u64) -> String {
    let mut text = format_utc(day * DAY_SECONDS);
    text.truncate(10);
    text
}

fn parse_day(text: &str) -> Option<u64> {
    (text.len() == 10)
        .then(|| parse_utc(&format!("{text}T00:00:00Z")))
        .flatten()
        .map(day_of)
}

impl Entry for PlayCount {
    const HEADER: &'static str = HEADER;

    fn to_line(&self) -> String {
        let mut fields = vec![
            ("day", format_day(self.day)),
            ("level", keyed::word(&self.level)),
            ("attempts", self.attempts.to_string()),
            ("played", format!("{}s", self.played)),
            ("solves", self.solves.to_string()),
        ];
        if let Some(first) = self.first_solve {
            fields.push(("first-solve", format_utc(first)));
        }
        keyed::plain_line(&fields, &self.extra)
    }

    fn from_fields(line: usize, mut fields: Fields) -> Result<Self, EntryError> {
        let bad = |key| EntryError::BadValue { line, key };
        let day = keyed::take(&mut fields, "day")
            .and_then(|text| parse_day(&text))
            .ok_or(bad("day"))?;
        let level = keyed::take(&mut fields, "level").ok_or(bad("level"))?;
        let count = |fields: &mut Fields, key| {
            keyed::take_optional(fields, line, key, |text| text.parse::<u64>().ok())
                .map(Option::unwrap_or_default)
        };
        let attempts = count(&mut fields, "attempts")?;
        let solves = count(&mut fields, "solves")?;
        let played = keyed::take_optional(&mut fields, line, "played", |text| {
            text.strip_suffix('s')?.parse().ok()
        })?
        .unwrap_or_default();
        let first_solve = keyed::take_optional(&mut fields, line, "first-solve", parse_utc)?;
        Ok(Self {
            level,
            day,
            attempts,
            played,
            solves,
            first_solve,
            extra: fields,
        })
    }
}

/// The statistics file as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatisticsRead {
    /// In the order written: by day, then level.
    pub counts: Vec<PlayCount>,
    /// What was wrong with the file; its readable lines still count.
    pub problems: Vec<EntryError>,
}

/// Every count in the statistics file at `path`. A missing file has none;
/// a damaged one gives what could be read.
pub fn read_statistics(path: &Path) -> Result<StatisticsRead, RecordError> {
    let (counts, problems) = keyed::read::<PlayCount>(path)?;
    Ok(StatisticsRead { counts, problems })
}

/// Adds `counts` to the statistics file at `path`, under its lock, each to
/// the line of its level and day. Gives where a damaged file was moved.
pub fn add_statistics(path: &Path, counts: &[PlayCount]) -> Result<Option<PathBuf>, RecordError> {
    let counts: Vec<&PlayCount> = counts.iter().filter(|c| !c.is_empty()).collect();
    if counts.is_empty() {
        return Ok(None);
    }
    let lock_path = path.with_file_name(LOCK_FILE);
    let lock = lock_file(&lock_path, true).map_err(|error| RecordError::Io {
        path: lock_path,
        error,
    })?;
    let changed = change_locked(lock, path, |lines: &mut Vec<PlayCount>| {
        for count in counts {
            let same = |line: &&mut PlayCount| line.day == count.day && line.level == count.level;
            match lines.iter_mut().find(same) {
                Some(line) => line.add(count),
                None => lines.push(count.clone()),
            }
        }
        lines.sort_by(|a, b| (a.day, &a.level).cmp(&(b.day, &b.level)));
        (true, ())
    })?;
    Ok(changed.moved_aside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(level: &str, day: u64, attempts: u64, played: u64, solves: u64) -> PlayCount {
        PlayCount {
            level: level.to_owned(),
            day,
            attempts,
            played,
            solves,
            first_solve: (solves > 0).then_some(day * DAY_SECONDS + 3600),
            extra: Vec::new(),
        }
    }

    #[test]
    fn a_line_is_written_and_read_back_with_keys_a_later_version_adds() {
        let mut played = count("microban/3", 20_423, 2, 312, 1);
        played.extra.push(("hints".to_owned(), "4".to_owned()));
        let line = played.to_line();
        assert_eq!(
            line,
            "day=2025-12-01 level=microban/3 attempts=2 played=312s solves=1 \
             first-solve=2025-12-01T01:00:00Z hints=4\n"
        );
        let (read, problems) = keyed::decode::<PlayCount>(keyed::parse_entries(line.as_bytes()));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(read, vec![(1, played)]);
    }

    #[test]
    fn counts_add_up_on_the_line_of_their_level_and_day() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("statistics.txt");
        add_statistics(&path, &[count("a/1", 10, 1, 30, 0)]).expect("first");
        add_statistics(
            &path,
            &[count("a/1", 10, 2, 45, 1), count("a/1", 11, 1, 5, 0)],
        )
        .expect("second");
        let read = read_statistics(&path).expect("read");
        assert!(read.problems.is_empty());
        let mut day_ten = count("a/1", 10, 3, 75, 1);
        day_ten.first_solve = Some(10 * DAY_SECONDS + 3600);
        assert_eq!(read.counts, vec![day_ten, count("a/1", 11, 1, 5, 0)]);
    }

    #[test]
    fn a_damaged_file_is_moved_aside_and_its_readable_lines_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("statistics.txt");
        let good = count("a/1", 10, 1, 30, 0).to_line();
        std::fs::write(&path, format!("{good}\u{0}junk\nday=yesterday level=x\n")).expect("write");
        let aside = add_statistics(&path, &[count("a/1", 10, 1, 10, 0)]).expect("add");
        assert_eq!(aside, Some(dir.path().join("statistics.txt.damaged")));
        let read = read_statistics(&path).expect("read");
        assert!(read.problems.is_empty());
        assert_eq!(read.counts, vec![count("a/1", 10, 2, 40, 0)]);
    }

    #[test]
    fn nothing_played_writes_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("statistics.txt");
        add_statistics(&path, &[count("a/1", 10, 0, 0, 0)]).expect("add");
        assert!(!path.exists());
    }
}
