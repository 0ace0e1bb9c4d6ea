//! Small steps on paths the library, records and commands use: whether
//! something is there, making a folder, resolving a map's full path, and
//! keeping a damaged file aside under a new name.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Whether anything is at `path`: a file, a folder or anything else.
pub fn is_present(path: &Path) -> bool {
    path.exists()
}

/// Makes `folder` and its parents if missing.
pub fn ensure_folder(folder: &Path) -> io::Result<()> {
    fs::create_dir_all(folder)
}

/// `path` as an absolute path, links resolved when it exists.
pub fn full_path(path: &Path) -> PathBuf {
    fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

/// Renames a damaged `path` to `path.damaged`, numbered (`.damaged.2`)
/// when that name is taken, so nothing is ever lost; returns the new name.
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    move_aside_as(path, "damaged")
}

/// Renames `path` to `path.LABEL`, numbered as [`move_aside`] numbers.
pub fn move_aside_as(path: &Path, label: &str) -> io::Result<PathBuf> {
    let mut target = aside_name(path, label, 1);
    let mut number = 1;
    while target.exists() {
        number += 1;
        target = aside_name(path, label, number);
    }
    fs::rename(path, &target)?;
    Ok(target)
}

/// The `number`th name [`move_aside_as`] tries: `path.LABEL`, then
/// `path.LABEL.2` and on.
pub fn aside_name(path: &Path, label: &str, number: usize) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(format!(".{label}"));
    if number > 1 {
        name.push(format!(".{number}"));
    }
    PathBuf::from(name)
}
