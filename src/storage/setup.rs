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
    let with = |suffix: &str| {
        let mut name = OsString::from(path.as_os_str());
        name.push(suffix);
        PathBuf::from(name)
    };
    let mut target = with(".damaged");
    let mut number = 1;
    while target.exists() {
        number += 1;
        target = with(&format!(".damaged.{number}"));
    }
    fs::rename(path, &target)?;
    Ok(target)
}
