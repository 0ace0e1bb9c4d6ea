//! Where the command-line tools read levels from: a map file, a folder of
//! `.xsb` files, or a built-in collection by name, so `schokoban bench
//! microban` works from any folder with nothing beside the binary.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::{Collection, LibraryError};
use crate::storage::{LoadError, folder_entries, load_level_file};
use crate::text::plural;
use schokoban_core::{BadLevel, Level};

/// A level of a source as read: playable, or why not.
pub type Board = Result<Level, BadLevel>;

/// Levels named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelSource {
    /// An XSB file, one level or several.
    File(PathBuf),
    /// Every `.xsb` file directly in a folder, in name order.
    Folder(PathBuf),
    Builtin(Collection),
}

/// Why the levels of a source could not be had.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// Neither an existing path nor a collection name.
    #[error("{0}: no such file or folder, nor a built-in collection ({ids})", ids = Collection::id_list())]
    Unknown(PathBuf),
    #[error("{0}")]
    Load(LoadError),
    #[error("{0}")]
    Builtin(LibraryError),
    #[error("{path}: {error}")]
    Folder { path: PathBuf, error: io::Error },
    #[error("{0}: no .xsb files")]
    EmptyFolder(PathBuf),
    #[error(
        "{origin}: there is no level {number}; the {} holds {}",
        origin.holder(),
        plural(*count, "level")
    )]
    NoSuchLevel {
        origin: LevelSource,
        number: usize,
        count: usize,
    },
    /// The level is there but cannot be played; the others still can.
    #[error("{origin}: level {number} cannot be played: {}", bad.error)]
    BadLevel {
        origin: LevelSource,
        number: usize,
        bad: BadLevel,
    },
}

impl LevelSource {
    /// Reads what the player typed: an existing path wins, so a file named
    /// `microban` in the current folder is still that file.
    pub fn resolve(text: &Path) -> Result<LevelSource, SourceError> {
        if text.is_dir() {
            return Ok(LevelSource::Folder(text.to_path_buf()));
        }
        // A broken link or an unreadable entry is still a path: the loader says why.
        if text.symlink_metadata().is_ok() {
            return Ok(LevelSource::File(text.to_path_buf()));
        }
        text.to_str()
            .and_then(|name| {
                Collection::ALL
                    .into_iter()
                    .find(|c| c.id().eq_ignore_ascii_case(name))
            })
            .map(LevelSource::Builtin)
            .ok_or_else(|| SourceError::Unknown(text.to_path_buf()))
    }

    /// Every level, in order, each playable or with why not: a file with
    /// some bad levels still gives the good ones.
    pub fn levels(&self) -> Result<Vec<Board>, SourceError> {
        match self {
            LevelSource::File(path) => load_level_file(path)
                .map(|file| file.levels)
                .map_err(SourceError::Load),
            LevelSource::Folder(path) => folder_levels(path),
            LevelSource::Builtin(collection) => collection
                .levels()
                .map(|levels| levels.into_iter().map(Ok).collect())
                .map_err(SourceError::Builtin),
        }
    }

    /// Level `number`, counting from 1.
    pub fn level(&self, number: usize) -> Result<Level, SourceError> {
        // A built-in level parses alone: `verify xsokoban` is timed in the README.
        if let LevelSource::Builtin(collection) = self
            && let Some(level) = number.checked_sub(1).and_then(|i| collection.level(i))
        {
            return level.map_err(SourceError::Builtin);
        }
        let levels = self.levels()?;
        let count = levels.len();
        let board = number
            .checked_sub(1)
            .and_then(|index| levels.into_iter().nth(index))
            .ok_or_else(|| SourceError::NoSuchLevel {
                origin: self.clone(),
                number,
                count,
            })?;
        board.map_err(|bad| SourceError::BadLevel {
            origin: self.clone(),
            number,
            bad,
        })
    }
}

impl LevelSource {
    /// What holds the levels, as a message names it.
    fn holder(&self) -> &'static str {
        match self {
            LevelSource::File(_) => "file",
            LevelSource::Folder(_) => "folder",
            LevelSource::Builtin(_) => "collection",
        }
    }
}

impl fmt::Display for LevelSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelSource::File(path) | LevelSource::Folder(path) => write!(f, "{}", path.display()),
            LevelSource::Builtin(collection) => f.write_str(collection.id()),
        }
    }
}

/// The levels of every `.xsb` file in `folder`, files in name order (as
/// `levels/` numbers them), each file's levels in its own order.
fn folder_levels(folder: &Path) -> Result<Vec<Board>, SourceError> {
    let listing_error = |error| SourceError::Folder {
        path: folder.to_path_buf(),
        error,
    };
    let mut files: Vec<PathBuf> = folder_entries(folder)
        .map_err(listing_error)?
        .into_iter()
        .filter(|entry| !entry.is_dir)
        .map(|entry| folder.join(entry.name))
        .filter(|path| path.extension().is_some_and(|e| e == "xsb"))
        .collect();
    if files.is_empty() {
        return Err(SourceError::EmptyFolder(folder.to_path_buf()));
    }
    files.sort();
    let mut levels = Vec::new();
    for file in files {
        levels.extend(load_level_file(&file).map_err(SourceError::Load)?.levels);
    }
    Ok(levels)
}
