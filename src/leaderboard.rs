//! The top-10 board kept in `NAME.xsb.dat`: lines of `SCORE NICKNAME`,
//! best (lowest) first, ties in order of arrival. Its rules and its text
//! only; `storage` reads and writes the file, so screens can use this.

use crate::printable::unshowable;
use crate::text::{first_graphemes, grapheme_count, plural};

pub const LEADERBOARD_SIZE: usize = 10;
pub const MAX_NICKNAME_CHARS: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: usize,
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leaderboard {
    entries: Vec<Entry>,
}

/// What is wrong with a line of a leaderboard file (lines count from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeaderboardError {
    #[error("line {line}: does not start with a score")]
    BadScore { line: usize },
    #[error("line {line}: a score without a nickname")]
    MissingName { line: usize },
    #[error("line {line}: the nickname is not 1 to {MAX_NICKNAME_CHARS} printable characters")]
    BadName { line: usize },
    #[error("line {line}: scores are out of order")]
    OutOfOrder { line: usize },
    #[error("line {line}: more than {LEADERBOARD_SIZE} entries")]
    TooManyEntries { line: usize },
    /// The line is not UTF-8 text: binary junk.
    #[error("line {line}: not text")]
    NotText { line: usize },
    /// The whole file is far larger than any leaderboard; none of it was read.
    #[error("{bytes} bytes is far too large for a leaderboard")]
    FileTooLarge { bytes: u64 },
}

impl Leaderboard {
    /// Reads a board strictly: the first damaged line is an error.
    pub fn parse(text: &str) -> Result<Self, LeaderboardError> {
        let (board, problems) = Self::parse_lenient(text);
        match problems.into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(board),
        }
    }

    /// Reads what can be read, for recovering a damaged file: the readable
    /// entries, sorted and cut to size, and every problem found.
    pub fn parse_lenient(text: &str) -> (Self, Vec<LeaderboardError>) {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Self::parse_lines(text.lines().map(Ok::<_, std::convert::Infallible>))
    }

    /// [`Self::parse_lenient`] for a file's raw bytes: a line that is not
    /// UTF-8 is one more problem, and the text lines around it still count.
    pub fn parse_lenient_bytes(bytes: &[u8]) -> (Self, Vec<LeaderboardError>) {
        let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        Self::parse_lines(bytes.split(|&b| b == b'\n').map(std::str::from_utf8))
    }

    fn parse_lines<'a, E>(
        lines: impl Iterator<Item = Result<&'a str, E>>,
    ) -> (Self, Vec<LeaderboardError>) {
        let mut entries: Vec<Entry> = Vec::new();
        let mut problems = Vec::new();
        for (index, raw) in lines.enumerate() {
            let line = index + 1;
            let Ok(raw) = raw else {
                problems.push(LeaderboardError::NotText { line });
                continue;
            };
            let raw = raw.trim();
            if raw.is_empty() {
                continue;
            }
            match parse_entry(raw, line) {
                Ok(entry) => {
                    if entries.last().is_some_and(|last| last.score > entry.score) {
                        problems.push(LeaderboardError::OutOfOrder { line });
                    }
                    if entries.len() == LEADERBOARD_SIZE {
                        problems.push(LeaderboardError::TooManyEntries { line });
                    }
                    entries.push(entry);
                }
                Err(problem) => problems.push(problem),
            }
        }
        // A stable sort keeps first-come-first-served among equal scores.
        entries.sort_by_key(|e| e.score);
        entries.truncate(LEADERBOARD_SIZE);
        (Self { entries }, problems)
    }

    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for entry in &self.entries {
            text.push_str(&entry.score.to_string());
            text.push(' ');
            text.push_str(&entry.name);
            text.push('\n');
        }
        text
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The record: the best score on the board.
    pub fn best(&self) -> Option<usize> {
        self.entries.first().map(|e| e.score)
    }

    /// Whether `score` earns a place: any score while the board has room,
    /// then only one that beats the last entry. Ties are first come, first
    /// served, so a score that only matches the last of a full board does
    /// not push the earlier one off.
    pub fn qualifies(&self, score: usize) -> bool {
        self.entries.len() < LEADERBOARD_SIZE
            || self.entries.last().is_some_and(|worst| score < worst.score)
    }

    /// Why a score gets no place, in a line for the player; `None` when it
    /// qualifies.
    pub fn miss_note(&self, score: usize) -> Option<String> {
        let worst = self.entries.last().filter(|_| !self.qualifies(score))?;
        Some(if score == worst.score {
            format!(
                "Not added: {} ties the {LEADERBOARD_SIZE}th score; the earlier one keeps its place.",
                plural(score, "move")
            )
        } else {
            format!(
                "Not on the leaderboard: the top {LEADERBOARD_SIZE} go up to {}.",
                plural(worst.score, "move")
            )
        })
    }

    /// Adds a score behind every equal one and keeps the best ten. Returns
    /// the new entry's place (0 is best), or `None` if it did not qualify.
    /// A nickname that [`valid_nickname`] would refuse is cleaned up first
    /// (control characters become spaces, cut to length, `?` if nothing is
    /// left), so the board always writes out as a file that reads back
    /// clean.
    pub fn insert(&mut self, score: usize, name: &str) -> Option<usize> {
        if !self.qualifies(score) {
            return None;
        }
        let place = self.entries.partition_point(|e| e.score <= score);
        self.entries.insert(
            place,
            Entry {
                score,
                name: clean_nickname(name),
            },
        );
        self.entries.truncate(LEADERBOARD_SIZE);
        Some(place)
    }
}

/// Checks a nickname typed by a player: 1 to 20 printable characters (a
/// family emoji counts one), spaces allowed inside. Returns it trimmed.
pub fn valid_nickname(name: &str) -> Option<&str> {
    let name = name.trim();
    let count = grapheme_count(name);
    let printable = !name.chars().any(unshowable);
    ((1..=MAX_NICKNAME_CHARS).contains(&count) && printable).then_some(name)
}

fn clean_nickname(name: &str) -> String {
    if let Some(valid) = valid_nickname(name) {
        return valid.to_owned();
    }
    let spaced: String = name
        .chars()
        .map(|c| if unshowable(c) { ' ' } else { c })
        .collect();
    let cut = first_graphemes(spaced.trim(), MAX_NICKNAME_CHARS);
    match valid_nickname(cut) {
        Some(valid) => valid.to_owned(),
        None => "?".to_owned(),
    }
}

fn parse_entry(raw: &str, line: usize) -> Result<Entry, LeaderboardError> {
    let (score, name) = raw.split_once(' ').unwrap_or((raw, ""));
    let score = score
        .parse::<usize>()
        .map_err(|_| LeaderboardError::BadScore { line })?;
    if name.trim().is_empty() {
        return Err(LeaderboardError::MissingName { line });
    }
    let name = valid_nickname(name).ok_or(LeaderboardError::BadName { line })?;
    Ok(Entry {
        score,
        name: name.to_owned(),
    })
}
