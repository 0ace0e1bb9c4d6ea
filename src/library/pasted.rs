//! Levels the player pastes: kept in `DATA/pasted/` so they keep
//! leaderboards and saves like any map. The file is named after a hash of
//! the levels written out canonically, so pasting the same levels again,
//! whatever the line endings, indentation or run-length coding, finds the
//! same file and so the same records.

use std::path::{Path, PathBuf};

use super::custom::fnv1a;
use super::{Library, LibraryError};
use crate::storage::{MAX_FILE_BYTES, ensure_folder, read_text, write_atomic};
use schokoban_core::{Level, parse_levels};

/// The folder under the data folder that holds pasted levels.
pub const PASTED_FOLDER: &str = "pasted";

/// Pasted levels as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastedLevels {
    /// The file they are kept in; records go beside it, per level when
    /// there are several (`Records::beside(path).for_level(n)`).
    pub path: PathBuf,
    /// Titles and authors included, as read back from that file.
    pub levels: Vec<Level>,
}

impl Library {
    /// Reads pasted text (XSB or a pusher listing, one level or several,
    /// with or without `Title:`/`Author:`) with the same refusals as a
    /// file, and keeps it in the data folder.
    pub fn store_pasted(&self, text: &str) -> Result<PastedLevels, LibraryError> {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let levels = parse_levels(&text).map_err(LibraryError::Pasted)?;
        let root = self.data_dir().ok_or(LibraryError::DataFolderOff)?;
        let canonical = canonical_text(&levels);
        let folder = root.join(PASTED_FOLDER);
        let path = folder.join(format!("{:016x}.xsb", fnv1a(canonical.as_bytes())));
        keep_text(&folder, &path, &canonical)?;
        Ok(PastedLevels { path, levels })
    }
}

/// Writes `text` to `path` in `folder` (made if missing), atomically,
/// unless the file already holds it: a level kept under a name that
/// depends on nothing but its contents is written once.
pub(super) fn keep_text(folder: &Path, path: &Path, text: &str) -> Result<(), LibraryError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |error| LibraryError::Io { path, error }
    };
    let already = read_text(path, MAX_FILE_BYTES).is_ok_and(|kept| kept == text);
    if !already {
        ensure_folder(folder).map_err(io_error(folder))?;
        write_atomic(path, text.as_bytes()).map_err(io_error(path))?;
    }
    Ok(())
}

/// The levels as XSB, a blank line between them: one text per set of levels.
fn canonical_text(levels: &[Level]) -> String {
    let texts: Vec<String> = levels.iter().map(Level::to_xsb).collect();
    texts.join("\n")
}
