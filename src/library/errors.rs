//! What the library reports: why something failed ([`LibraryError`]), and
//! what the player is told once at the start ([`Notice`]).

use std::fmt;
use std::io;
use std::path::PathBuf;

use super::{Collection, MAX_ADDED_LEVELS};
use crate::storage::LoadError;
use schokoban_core::ParseError;

/// Why something the library was asked to do failed.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// The system names no data folder (no home folder) and none was given.
    #[error("no data folder found; choose one with --data-dir")]
    NoDataFolder,
    #[error("{path}: {error}")]
    Io {
        path: PathBuf,
        #[source]
        error: io::Error,
    },
    #[error("{collection} has no level {number}; it has {}", collection.level_count())]
    NoSuchLevel {
        collection: Collection,
        number: usize,
    },
    /// A built-in level does not parse: a build mistake the tests catch.
    #[error("built-in level {collection} {number}: {error}")]
    BrokenBuiltin {
        collection: Collection,
        number: usize,
        #[source]
        error: ParseError,
    },
    /// Records are off, so nothing can be added to the data folder.
    #[error("the data folder cannot be used, so nothing can be kept in it")]
    DataFolderOff,
    /// A file to add could not be read as levels.
    #[error("{0}")]
    Load(#[source] LoadError),
    /// Pasted text that is not levels.
    #[error("the pasted text: {0}")]
    Pasted(#[source] ParseError),
    /// More levels than one added collection may hold.
    #[error("{count} levels is more than a collection may hold (at most {MAX_ADDED_LEVELS})")]
    TooManyLevels { count: usize },
    #[error("no added collection {id:?}")]
    NoSuchCollection { id: String },
    /// The same levels were added before, as collection `id`.
    #[error("{name} is already there: nothing was added")]
    AlreadyAdded { id: String, name: String },
    #[error("{name} has no level {number}; it has {count}")]
    NoSuchAddedLevel {
        name: String,
        number: usize,
        count: usize,
    },
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
#[derive(Debug, thiserror::Error)]
pub enum ProgressProblem {
    /// These lines (from 1) of the file at `path` are not progress.
    #[error("{path}: {} not progress", lines_are(lines))]
    Malformed { path: PathBuf, lines: Vec<usize> },
    #[error("{0}")]
    Unreadable(LoadError),
}

/// `line 2 is` or `lines 2, 5 are`.
fn lines_are(lines: &[usize]) -> String {
    let numbers: Vec<String> = lines.iter().map(ToString::to_string).collect();
    if let [one] = numbers.as_slice() {
        format!("line {one} is")
    } else {
        format!("lines {} are", numbers.join(", "))
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
