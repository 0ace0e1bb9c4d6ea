//! Reading the map files a player points us at, whatever they turn out to be.

use std::fmt;
use std::fs::Metadata;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::files::open_for_reading;
use encoding_rs::{Encoding, WINDOWS_1252};
use schokoban_core::{Level, LevelFile, ParseError, parse_level_file};

/// Larger files are refused before they are read whole.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a file could not be read as levels. Always names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub path: PathBuf,
    pub kind: LoadErrorKind,
}

/// What is wrong, without the file's name, for messages that name it apart.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadErrorKind {
    #[error("no such file")]
    Missing,
    #[error("permission denied")]
    PermissionDenied,
    /// Said of saves, boards and configs too: the path names the kind.
    #[error("is a folder, not a file")]
    IsDirectory,
    /// A FIFO, socket or device: reading one could block forever.
    #[error("not a regular file")]
    NotAFile,
    /// `bytes` long, where the most this kind of file may have is `most`.
    #[error("{bytes} bytes is too large (the most is {mib} MiB)", mib = most / 1024 / 1024)]
    TooLarge { bytes: u64, most: u64 },
    #[error("line {line}: not UTF-8 text")]
    NotUtf8 { line: usize },
    #[error("{message}")]
    Unreadable {
        kind: io::ErrorKind,
        message: String,
    },
    #[error("{0}")]
    Parse(ParseError),
}

impl LoadError {
    fn new(path: &Path, kind: LoadErrorKind) -> Self {
        Self {
            path: path.to_path_buf(),
            kind,
        }
    }

    fn io(path: &Path, error: &io::Error) -> Self {
        let kind = match error.kind() {
            io::ErrorKind::NotFound => LoadErrorKind::Missing,
            io::ErrorKind::PermissionDenied => LoadErrorKind::PermissionDenied,
            io::ErrorKind::IsADirectory => LoadErrorKind::IsDirectory,
            kind => LoadErrorKind::Unreadable {
                kind,
                message: error.to_string(),
            },
        };
        Self::new(path, kind)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.kind)
    }
}

/// By hand, as its source is the parse error inside its kind.
impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            LoadErrorKind::Parse(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads every board of a map file in any format the game reads, each
/// playable or with its reason; a file with no playable level is refused.
pub fn load_level_file(path: &Path) -> Result<LevelFile, LoadError> {
    let text = read_level_text(path)?;
    parse_level_file(&text)
        .and_then(LevelFile::refusing_open)
        .map_err(|e| LoadError::new(path, LoadErrorKind::Parse(e)))
}

/// Reads every level of a map file that must read whole (a level of an
/// added collection, one per file): any bad level refuses it.
pub fn load_levels(path: &Path) -> Result<Vec<Level>, LoadError> {
    let text = read_level_text(path)?;
    parse_level_file(&text)
        .and_then(LevelFile::refusing_open)
        .and_then(LevelFile::into_levels)
        .map_err(|e| LoadError::new(path, LoadErrorKind::Parse(e)))
}

/// Reads a level file as its author's program wrote it: see [`decode_text`].
fn read_level_text(path: &Path) -> Result<String, LoadError> {
    read_bytes(path, MAX_FILE_BYTES).map(|bytes| decode_text(&bytes))
}

/// Level files come as UTF-8 (with or without a byte-order mark), as
/// UTF-16 with one, or, as YASC and other Windows programs write them,
/// in Windows-1252, of which Latin-1 is a subset. Bytes that are not
/// UTF-8 are read as Windows-1252, which gives every byte a character,
/// so `©` or `é` in a header keeps its meaning and never refuses a file.
pub fn decode_text(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return encoding
            .decode_without_bom_handling(&bytes[bom..])
            .0
            .into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

/// Reads a small UTF-8 file of the game's own (a save, settings), refusing folders, devices, FIFOs and anything
/// over `max_bytes` before reading it.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, LoadError> {
    let bytes = read_bytes(path, max_bytes)?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        LoadError::new(path, LoadErrorKind::NotUtf8 { line })
    })
}

/// Refuses folders, FIFOs, devices and files over `max_bytes`.
fn check_regular(path: &Path, metadata: &Metadata, max_bytes: u64) -> Result<(), LoadError> {
    if metadata.is_dir() {
        return Err(LoadError::new(path, LoadErrorKind::IsDirectory));
    }
    if !metadata.is_file() {
        return Err(LoadError::new(path, LoadErrorKind::NotAFile));
    }
    if metadata.len() > max_bytes {
        return Err(LoadError::new(
            path,
            LoadErrorKind::TooLarge {
                bytes: metadata.len(),
                most: max_bytes,
            },
        ));
    }
    Ok(())
}

/// Reads a small regular file as bytes, with the same refusals as [`read_text`].
pub fn read_bytes(path: &Path, max_bytes: u64) -> Result<Vec<u8>, LoadError> {
    // Looked at before opening, so a device is not even opened...
    let metadata = std::fs::metadata(path).map_err(|e| LoadError::io(path, &e))?;
    check_regular(path, &metadata, max_bytes)?;
    // ...and again as opened, without blocking, in case it was swapped.
    let (file, metadata) = open_for_reading(path).map_err(|e| LoadError::io(path, &e))?;
    check_regular(path, &metadata, max_bytes)?;
    let mut bytes = Vec::new();
    // The file may have grown since we looked; never read past the cap.
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::io(path, &e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(LoadError::new(
            path,
            LoadErrorKind::TooLarge {
                bytes: bytes.len() as u64,
                most: max_bytes,
            },
        ));
    }
    Ok(bytes)
}
