//! A map's leaderboard (`NAME.xsb.dat`), winning moves (`NAME.xsb.runs`, see
//! [`super::runs`]) and saved game (`NAME.xsb.sav`) on disk.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{remove_if_present, write_atomic};
use super::files::lock_file;
use super::listing::Listing;
use super::map_file::{LoadError, LoadErrorKind, read_bytes, read_text};
use super::runs::RunsProblem;
use super::setup;
use crate::leaderboard::{Leaderboard, LeaderboardError};
use schokoban_core::{LogEntry, LogError, format_log, parse_log};

/// Record files are small; anything bigger is junk, not a record.
const MAX_RECORD_BYTES: u64 = 1024 * 1024;
/// Saves hold whole games, which can run long; so do the runs of a board.
pub(super) const MAX_SAVE_BYTES: u64 = 16 * 1024 * 1024;

/// Where one map's records live: beside the map, or in a fallback folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Records {
    /// The map itself. Writers lock it, as it is the one file we never replace.
    map: PathBuf,
    leaderboard: PathBuf,
    /// The winning moves of each leaderboard entry.
    pub(super) runs: PathBuf,
    save: PathBuf,
    /// Every solution worth keeping (see [`super::solutions`]).
    pub(super) solutions: PathBuf,
    /// Positions saved inside the level (see [`super::snapshots`]).
    pub(super) snapshots: PathBuf,
    /// Reverse play's snapshots and the reverse game left (see [`super::reverse`]).
    pub(super) reverse: PathBuf,
    /// Which saved games had pushes played for the player (see [`super::helped`]).
    pub(super) helped: PathBuf,
}

/// Why reading or writing a record failed. Always names the file.
#[derive(Debug)]
pub enum RecordError {
    Read(LoadError),
    Io { path: PathBuf, error: io::Error },
    DamagedSave { path: PathBuf, error: SaveProblem },
}

/// What is wrong with a save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    Unreadable(LoadErrorKind),
    Log(LogError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Read(error) => write!(f, "{error}"),
            RecordError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            RecordError::DamagedSave { path, error } => match error {
                SaveProblem::Unreadable(kind) => write!(f, "{}: {kind}", path.display()),
                SaveProblem::Log(error) => write!(f, "{}: {error}", path.display()),
            },
        }
    }
}

/// By hand, as a damaged save's source depends on what is wrong with it.
impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Read(error) => Some(error),
            RecordError::Io { error, .. } => Some(error),
            RecordError::DamagedSave {
                error: SaveProblem::Log(error),
                ..
            } => Some(error),
            RecordError::DamagedSave {
                error: SaveProblem::Unreadable(_),
                ..
            } => None,
        }
    }
}

/// A leaderboard as read, with what was wrong with the file if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardRead {
    pub board: Leaderboard,
    pub problems: Vec<LeaderboardError>,
}

/// The result of adding a score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreAdded {
    pub board: Leaderboard,
    /// The new entry's place, 0 being best; `None` if it did not make the board.
    pub place: Option<usize>,
    /// Where a damaged file was moved before the new one was written.
    pub moved_aside: Option<PathBuf>,
    /// Why the winning moves were not kept as asked, though the score was.
    pub runs_problems: Vec<RunsProblem>,
}

const LEADERBOARD_SUFFIX: &str = ".dat";
const RUNS_SUFFIX: &str = ".runs";
const SAVE_SUFFIX: &str = ".sav";
const SOLUTIONS_SUFFIX: &str = ".solutions";
const SNAPSHOTS_SUFFIX: &str = ".snapshots";
const REVERSE_SUFFIX: &str = ".reverse";
const HELPED_SUFFIX: &str = ".helped";

/// Whether a file named `name` is one the game keeps beside a map (a
/// leaderboard, runs, a save, solutions, snapshots, reverse games or
/// helped games), not a map to open.
pub fn is_record_file(name: &str) -> bool {
    [
        LEADERBOARD_SUFFIX,
        RUNS_SUFFIX,
        SAVE_SUFFIX,
        SOLUTIONS_SUFFIX,
        SNAPSHOTS_SUFFIX,
        REVERSE_SUFFIX,
        HELPED_SUFFIX,
    ]
    .iter()
    .any(|suffix| name.ends_with(suffix))
}

impl Records {
    /// Records stored next to the map, as the spec wants.
    pub fn beside(map: &Path) -> Self {
        Self::in_folder(map, map.parent().unwrap_or(Path::new("")))
    }

    /// Records for `map` kept in another folder, named after the map.
    pub fn in_folder(map: &Path, folder: &Path) -> Self {
        let name = map.file_name().unwrap_or(map.as_os_str());
        Self {
            map: map.to_path_buf(),
            leaderboard: folder.join(with_suffix(name, LEADERBOARD_SUFFIX)),
            runs: folder.join(with_suffix(name, RUNS_SUFFIX)),
            save: folder.join(with_suffix(name, SAVE_SUFFIX)),
            solutions: folder.join(with_suffix(name, SOLUTIONS_SUFFIX)),
            snapshots: folder.join(with_suffix(name, SNAPSHOTS_SUFFIX)),
            reverse: folder.join(with_suffix(name, REVERSE_SUFFIX)),
            helped: folder.join(with_suffix(name, HELPED_SUFFIX)),
        }
    }

    /// Records for level `number` of a file holding several levels, so each
    /// level keeps its own board and save: `NAME.xsb.3.dat`.
    #[must_use]
    pub fn for_level(self, number: usize) -> Self {
        let folder = self
            .leaderboard
            .parent()
            .unwrap_or(Path::new(""))
            .to_path_buf();
        let name = self.map.file_name().unwrap_or(self.map.as_os_str());
        let base = with_suffix(name, &format!(".{number}"));
        Self {
            leaderboard: folder.join(with_suffix(&base, LEADERBOARD_SUFFIX)),
            runs: folder.join(with_suffix(&base, RUNS_SUFFIX)),
            save: folder.join(with_suffix(&base, SAVE_SUFFIX)),
            solutions: folder.join(with_suffix(&base, SOLUTIONS_SUFFIX)),
            snapshots: folder.join(with_suffix(&base, SNAPSHOTS_SUFFIX)),
            reverse: folder.join(with_suffix(&base, REVERSE_SUFFIX)),
            helped: folder.join(with_suffix(&base, HELPED_SUFFIX)),
            map: self.map,
        }
    }

    pub fn leaderboard_path(&self) -> &Path {
        &self.leaderboard
    }

    pub fn runs_path(&self) -> &Path {
        &self.runs
    }

    pub fn save_path(&self) -> &Path {
        &self.save
    }

    pub fn solutions_path(&self) -> &Path {
        &self.solutions
    }

    pub fn snapshots_path(&self) -> &Path {
        &self.snapshots
    }

    pub fn reverse_path(&self) -> &Path {
        &self.reverse
    }

    /// Reads the leaderboard; a missing file is an empty board, and a damaged
    /// one gives back whatever entries could be read.
    pub fn read_leaderboard(&self) -> Result<LeaderboardRead, RecordError> {
        let (board, problems) = match read_bytes(&self.leaderboard, MAX_RECORD_BYTES) {
            Ok(bytes) => Leaderboard::parse_lenient_bytes(&bytes),
            Err(LoadError {
                kind: LoadErrorKind::Missing,
                ..
            }) => (Leaderboard::default(), Vec::new()),
            Err(LoadError {
                kind: LoadErrorKind::TooLarge { bytes, .. },
                ..
            }) => (
                Leaderboard::default(),
                vec![LeaderboardError::FileTooLarge { bytes }],
            ),
            Err(error) => return Err(RecordError::Read(error)),
        };
        Ok(LeaderboardRead { board, problems })
    }

    /// Adds a score under a lock, re-reading the board first so that two
    /// games finishing at once both land on it. A damaged file is moved
    /// aside, never silently overwritten.
    pub fn add_score(&self, score: usize, name: &str) -> Result<ScoreAdded, RecordError> {
        self.add_entry(score, name, None)
    }

    /// [`Self::add_score`], keeping the moves that won it (undos included)
    /// in the runs file so the run can be watched later. Trouble with the
    /// runs file never costs the score: it is told in `runs_problems`.
    pub fn add_score_with_run(
        &self,
        score: usize,
        name: &str,
        run: &[LogEntry],
    ) -> Result<ScoreAdded, RecordError> {
        self.add_entry(score, name, Some(run))
    }

    fn add_entry(
        &self,
        score: usize,
        name: &str,
        run: Option<&[LogEntry]>,
    ) -> Result<ScoreAdded, RecordError> {
        let lock = self.lock()?;
        let LeaderboardRead {
            mut board,
            problems,
        } = self.read_leaderboard()?;
        let moved_aside = if problems.is_empty() {
            None
        } else {
            Some(move_aside(&self.leaderboard)?)
        };
        let before = board.clone();
        let place = board.insert(score, name);
        // The runs first: a crash between the two writes then leaves a run
        // with no entry (ignored, and dropped at the next write), never an
        // entry without the moves that won it.
        let runs_problems = match (run, place) {
            (Some(run), Some(place)) => self.keep_run(&before, &board, place, run),
            _ => Vec::new(),
        };
        write_atomic(&self.leaderboard, board.to_text().as_bytes()).map_err(|error| {
            RecordError::Io {
                path: self.leaderboard.clone(),
                error,
            }
        })?;
        drop(lock);
        Ok(ScoreAdded {
            board,
            place,
            moved_aside,
            runs_problems,
        })
    }

    /// The saved game's log, if there is one.
    pub fn read_save(&self) -> Result<Option<Vec<LogEntry>>, RecordError> {
        read_save_file(&self.save)
    }

    /// The best score and whether a save exists, for a list of levels:
    /// `listing` is the records' folder, so only a leaderboard that exists
    /// is read. A damaged one shows what could be read.
    pub fn summary(&self, listing: &Listing) -> (Option<usize>, bool) {
        let best = if listing.has(&self.leaderboard) {
            self.read_leaderboard()
                .ok()
                .and_then(|read| read.board.best())
        } else {
            None
        };
        (best, listing.has(&self.save))
    }

    /// The folder holding the leaderboard and save.
    pub fn folder(&self) -> &Path {
        self.leaderboard.parent().unwrap_or(Path::new(""))
    }

    pub fn has_save(&self) -> bool {
        self.save.is_file()
    }

    pub fn write_save(&self, log: &[LogEntry]) -> Result<(), RecordError> {
        let text = format!("{}\n", format_log(log));
        write_atomic(&self.save, text.as_bytes()).map_err(|error| RecordError::Io {
            path: self.save.clone(),
            error,
        })
    }

    pub fn delete_save(&self) -> Result<(), RecordError> {
        remove_if_present(&self.save).map_err(|error| RecordError::Io {
            path: self.save.clone(),
            error,
        })
    }

    /// An exclusive lock on the map file, released when dropped.
    pub(super) fn lock(&self) -> Result<File, RecordError> {
        let io_error = |error| RecordError::Io {
            path: self.map.clone(),
            error,
        };
        lock_file(&self.map, false).map_err(io_error)
    }
}

/// The game saved in the file at `path`, if there is one.
pub(super) fn read_save_file(path: &Path) -> Result<Option<Vec<LogEntry>>, RecordError> {
    let damaged = |error| RecordError::DamagedSave {
        path: path.to_path_buf(),
        error,
    };
    let text = match read_text(path, MAX_SAVE_BYTES) {
        Ok(text) => text,
        Err(LoadError {
            kind: LoadErrorKind::Missing,
            ..
        }) => return Ok(None),
        Err(LoadError { kind, .. }) => return Err(damaged(SaveProblem::Unreadable(kind))),
    };
    parse_log(&text)
        .map(Some)
        .map_err(|e| damaged(SaveProblem::Log(e)))
}

/// Renames a damaged record file to `NAME.damaged`, numbered when that name
/// is taken, so no record is ever lost.
pub(super) fn move_aside(path: &Path) -> Result<PathBuf, RecordError> {
    setup::move_aside(path).map_err(|error| RecordError::Io {
        path: path.to_path_buf(),
        error,
    })
}

fn with_suffix(name: &std::ffi::OsStr, suffix: &str) -> OsString {
    let mut name = name.to_os_string();
    name.push(suffix);
    name
}
