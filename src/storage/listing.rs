//! A folder's names, read once: a list of many levels learns which record
//! files exist from one listing instead of a look per file.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The names in one folder.
#[derive(Debug, Default)]
pub struct Listing {
    folder: PathBuf,
    names: HashSet<OsString>,
}

impl Listing {
    /// Lists `folder`; one that cannot be read lists nothing.
    pub fn read(folder: &Path) -> Self {
        let names = fs::read_dir(folder)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|entry| entry.file_name())
                    .collect()
            })
            .unwrap_or_default();
        Self {
            folder: folder.to_path_buf(),
            names,
        }
    }

    /// Whether `path`, in the listed folder, was there.
    pub fn has(&self, path: &Path) -> bool {
        path.parent() == Some(self.folder.as_path())
            && path
                .file_name()
                .is_some_and(|name| self.names.contains(name))
    }
}

/// One name in a folder, for completing a typed path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderEntry {
    pub name: OsString,
    /// A folder, or a link to one.
    pub is_dir: bool,
}

/// When the file at `path` was last written, for a list that shows the
/// newest first; `None` when the system cannot tell.
pub fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The entries of `folder`, in no order.
pub fn folder_entries(folder: &Path) -> io::Result<Vec<FolderEntry>> {
    Ok(fs::read_dir(folder)?
        .filter_map(Result::ok)
        .map(|entry| FolderEntry {
            is_dir: entry.path().is_dir(),
            name: entry.file_name(),
        })
        .collect())
}
