//! Endless levels in the data folder: each generated level is written to
//! `DATA/endless/<size>-<difficulty>-<seed>.xsb`, and its leaderboard and
//! save sit beside it, so the same seed brings back the same level with
//! its records (and the file opens as a custom map too). The folder read
//! back is the player's list of the levels they made.

use std::io;
use std::path::Path;

use super::pasted::keep_text;
use super::{Library, LibraryError};
use crate::storage::{LoadErrorKind, MAX_FILE_BYTES, Records, folder_entries, modified, read_text};
use schokoban_generate::{Day, Entry, EntryError, Request};

/// The folder under the data folder that holds endless levels.
pub const ENDLESS_FOLDER: &str = "endless";

/// The file name an endless level is kept under: `medium-hard-48213.xsb`,
/// or `daily-2026-12-24.xsb` for a daily level, whose leaderboard is then
/// its own.
pub fn endless_file_name(made: &Entry) -> String {
    file_name_for(&made.request, made.day)
}

/// The file name of the level `request` asks for, or of `day`'s daily
/// level.
fn file_name_for(request: &Request, day: Option<Day>) -> String {
    if let Some(day) = day {
        return format!("daily-{day}.xsb");
    }
    format!(
        "{}-{}-{}.xsb",
        request.size.name(),
        request.difficulty.name(),
        request.seed
    )
}

/// A seed for a new endless level: five digits from a reading of a clock,
/// short enough to read out and type again. The level depends on nothing
/// but the seed; the nanoseconds make two readings apart differ.
#[must_use]
pub fn fresh_seed(reading: std::time::Duration) -> u64 {
    u64::from(reading.subsec_nanos() ^ reading.as_secs() as u32) % 100_000
}

/// Today's date by the clock, in UTC: every player's daily level on one
/// date is the same wherever they are.
pub fn today() -> Day {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Day::from_unix_days(now.as_secs() / 86_400)
}

impl Library {
    /// The level to play for `made`'s seed, kept in the data folder, and
    /// the records beside it. A level already kept under that name is
    /// played as it is, even where the generator now makes another from
    /// the seed: its leaderboard, save and solutions were won on it. A
    /// file there that is no such level is replaced by `made`.
    pub fn keep_endless(&self, made: &Entry) -> Result<(Entry, Records), LibraryError> {
        let root = self.data_dir().ok_or(LibraryError::DataFolderOff)?;
        let folder = root.join(ENDLESS_FOLDER);
        let path = folder.join(endless_file_name(made));
        let kept = kept_endless(&path);
        if let Ok(entry) = kept.entry {
            return Ok((entry, kept.records));
        }
        keep_text(&folder, &path, &made.to_xsb())?;
        Ok((made.clone(), kept.records))
    }

    /// The level kept for `request` (or for `day`, the daily level), if
    /// one is kept and can be played: asking for it again plays it
    /// without making it anew.
    #[must_use]
    pub fn kept_endless_level(&self, request: &Request, day: Option<Day>) -> Option<Entry> {
        let folder = self.data_dir()?.join(ENDLESS_FOLDER);
        kept_endless(&folder.join(file_name_for(request, day)))
            .entry
            .ok()
    }

    /// Every level kept in the Endless folder, the newest file first (by
    /// when it was written; files written at once by name), each with
    /// its records or why it cannot be played. None before the first.
    pub fn endless_levels(&self) -> Result<Vec<KeptEndless>, LibraryError> {
        let root = (self.root.as_deref())
            .or(self.readable_root.as_deref())
            .ok_or(LibraryError::DataFolderOff)?;
        let folder = root.join(ENDLESS_FOLDER);
        let entries = match folder_entries(&folder) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(error) => {
                return Err(LibraryError::Io {
                    path: folder,
                    error,
                });
            }
        };
        let mut files: Vec<_> = entries
            .into_iter()
            .filter(|entry| !entry.is_dir)
            .map(|entry| folder.join(entry.name))
            .filter(|path| path.extension().is_some_and(|e| e == "xsb"))
            .map(|path| (modified(&path), path))
            .collect();
        // Newest first: a file whose time is unknown (`None`) goes last.
        files.sort_by(|(a_time, a), (b_time, b)| b_time.cmp(a_time).then_with(|| a.cmp(b)));
        Ok(files
            .into_iter()
            .map(|(_, path)| kept_endless(&path))
            .collect())
    }
}

/// A file of the Endless folder, as the list of the player's levels
/// shows it.
#[derive(Debug)]
pub struct KeptEndless {
    /// The file's name: `large-expert-48213.xsb`.
    pub name: String,
    /// The level it keeps, or why it cannot be played.
    pub entry: Result<Entry, EndlessFileError>,
    /// Its leaderboard, save and solutions, beside it.
    pub records: Records,
}

/// Why a file in the Endless folder cannot be played from the list: the
/// list names the file, so these do not.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndlessFileError {
    #[error("{0}")]
    Read(LoadErrorKind),
    #[error("{0}")]
    Entry(EntryError),
    /// It holds the level another file is named after, where that level's
    /// records would go.
    #[error("it holds the level of {0}")]
    Misnamed(String),
}

fn kept_endless(path: &Path) -> KeptEndless {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let entry = read_text(path, MAX_FILE_BYTES)
        .map_err(|error| EndlessFileError::Read(error.kind))
        .and_then(|text| Entry::parse(&text).map_err(EndlessFileError::Entry))
        .and_then(|entry| {
            let named = endless_file_name(&entry);
            if named == name {
                Ok(entry)
            } else {
                Err(EndlessFileError::Misnamed(named))
            }
        });
    KeptEndless {
        name,
        entry,
        records: Records::beside(path),
    }
}
