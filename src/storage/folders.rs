//! Folders and files the library sets up: making folders, checking they
//! take new files, installing a file once, and keeping a damaged file
//! aside under a new name.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

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

/// Writes `text` unless a non-empty file is there. A plain write, not
/// `write_atomic`: hundreds of syncs made a first start take seconds on a
/// busy disk, and a file that a crash left empty is simply written again.
pub fn write_unless_present(path: &Path, text: &str) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(metadata) if metadata.len() > 0 => Ok(()),
        _ => fs::write(path, text),
    }
}

/// Whether files can be made and removed in `folder`: the only sure test is
/// to try, as permission bits say nothing about read-only mounts or root. A
/// probe left by a crash with our process id is reused, not an error.
pub fn probe_writable(folder: &Path) -> io::Result<()> {
    let probe = folder.join(format!(".schokoban-probe.{}", std::process::id()));
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&probe)?;
    fs::remove_file(&probe)
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
