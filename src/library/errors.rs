//! What the library reports: why something failed ([`LibraryError`]), and
//! what the player is told once at the start ([`Notice`]).

use std::fmt;
use std::io;
use std::path::PathBuf;

use super::{Collection, MAX_ADDED_LEVELS};
use crate::storage::LoadError;
use schokoban_core::ParseError;

/// Why something the library was asked to do failed.
#[derive(Debug)]
pub enum LibraryError {
    /// The system names no data folder (no home folder) and none was given.
    NoDataFolder,
    Io {
        path: PathBuf,
        error: io::Error,
    },
    NoSuchLevel {
        collection: Collection,
        number: usize,
    },
    /// A built-in level does not parse: a build mistake the tests catch.
    BrokenBuiltin {
        collection: Collection,
        number: usize,
        error: ParseError,
    },
    /// Records are off, so nothing can be added to the data folder.
    DataFolderOff,
    /// A file to add could not be read as levels.
    Load(LoadError),
    /// Pasted text that is not levels.
    Pasted(ParseError),
    /// More levels than one added collection may hold.
    TooManyLevels {
        count: usize,
    },
    NoSuchCollection {
        id: String,
    },
    /// The same levels were added before, as collection `id`.
    AlreadyAdded {
        id: String,
        name: String,
    },
    NoSuchAddedLevel {
        name: String,
        number: usize,
        count: usize,
    },
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LibraryError::NoDataFolder => {
                write!(f, "no data folder found; choose one with --data-dir")
            }
            LibraryError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            LibraryError::NoSuchLevel { collection, number } => write!(
                f,
                "{collection} has no level {number}; it has {}",
                collection.level_count()
            ),
            LibraryError::BrokenBuiltin {
                collection,
                number,
                error,
            } => write!(f, "built-in level {collection} {number}: {error}"),
            LibraryError::DataFolderOff => write!(
                f,
                "the data folder cannot be used, so nothing can be kept in it"
            ),
            LibraryError::Load(error) => write!(f, "{error}"),
            LibraryError::Pasted(error) => write!(f, "the pasted text: {error}"),
            LibraryError::TooManyLevels { count } => write!(
                f,
                "{count} levels is more than a collection may hold (at most {MAX_ADDED_LEVELS})"
            ),
            LibraryError::NoSuchCollection { id } => write!(f, "no added collection {id:?}"),
            LibraryError::AlreadyAdded { name, .. } => {
                write!(f, "{name} is already there: nothing was added")
            }
            LibraryError::NoSuchAddedLevel {
                name,
                number,
                count,
            } => write!(f, "{name} has no level {number}; it has {count}"),
        }
    }
}

impl std::error::Error for LibraryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LibraryError::Io { error, .. } => Some(error),
            LibraryError::BrokenBuiltin { error, .. } | LibraryError::Pasted(error) => Some(error),
            LibraryError::Load(error) => Some(error),
            LibraryError::NoDataFolder
            | LibraryError::NoSuchLevel { .. }
            | LibraryError::DataFolderOff
            | LibraryError::TooManyLevels { .. }
            | LibraryError::NoSuchCollection { .. }
            | LibraryError::AlreadyAdded { .. }
            | LibraryError::NoSuchAddedLevel { .. } => None,
        }
    }
}

/// Something the player should be told once, at the start.
#[derive(Debug)]
pub enum Notice {
    /// The data folder cannot be used: levels still play, nothing is kept.
    RecordsOff(LibraryError),
    /// The progress file was damaged; it was moved aside, and what its
    /// readable lines said was kept.
    ProgressMovedAside {
        path: PathBuf,
        moved_to: PathBuf,
        problem: ProgressProblem,
    },
    /// The progress file cannot be read nor moved aside (`move_failed`
    /// says why, when moving it was tried), so it is left alone and this
    /// session's progress is not saved.
    ProgressNotSaved {
        problem: ProgressProblem,
        move_failed: Option<io::Error>,
    },
}

/// What is wrong with a progress file.
#[derive(Debug)]
pub enum ProgressProblem {
    /// These lines (from 1) of the file at `path` are not progress.
    Malformed {
        path: PathBuf,
        lines: Vec<usize>,
    },
    Unreadable(LoadError),
}

impl fmt::Display for ProgressProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgressProblem::Malformed { path, lines } => {
                let numbers: Vec<String> = lines.iter().map(ToString::to_string).collect();
                let (word, verb) = if lines.len() == 1 {
                    ("line", "is")
                } else {
                    ("lines", "are")
                };
                write!(
                    f,
                    "{}: {word} {} {verb} not progress",
                    path.display(),
                    numbers.join(", ")
                )
            }
            ProgressProblem::Unreadable(error) => write!(f, "{error}"),
        }
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::RecordsOff(error) => {
                write!(f, "Records, saves and progress are off: {error}")
            }
            Notice::ProgressMovedAside {
                moved_to,
                problem: problem @ ProgressProblem::Malformed { .. },
                ..
            } => write!(
                f,
                "{problem}: the file was kept as {}, and the progress on its other lines still counts",
                moved_to.display()
            ),
            Notice::ProgressMovedAside { path, moved_to, .. } => write!(
                f,
                "{} was damaged, so it was moved to {} and progress starts afresh",
                path.display(),
                moved_to.display()
            ),
            Notice::ProgressNotSaved {
                problem,
                move_failed: None,
            } => write!(f, "Progress will not be saved: {problem}"),
            Notice::ProgressNotSaved {
                problem,
                move_failed: Some(error),
            } => write!(
                f,
                "Progress will not be saved: {problem}, and moving it aside failed: {error}"
            ),
        }
    }
}
