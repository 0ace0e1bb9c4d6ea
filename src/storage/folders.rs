//! Folders of level files the player adds to the data folder: each one is
//! written whole or not at all, and removed whole, so the collection chooser
//! never lists half a collection after a crash.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Creates `folder` holding `files` (`(file name, text)`). It is built under
/// a hidden name beside it and renamed into place; an existing `folder` is
/// an error, never overwritten.
pub fn create_folder_whole(folder: &Path, files: &[(String, String)]) -> io::Result<()> {
    let parent = parent_of(folder)?;
    fs::create_dir_all(parent)?;
    if fs::symlink_metadata(folder).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "a folder of that name is already there",
        ));
    }
    let temp = hidden_sibling(folder, "adding")?;
    remove_if_there(&temp)?;
    let result = fs::create_dir(&temp)
        .and_then(|()| {
            files
                .iter()
                .try_for_each(|(name, text)| fs::write(temp.join(name), text))
        })
        .and_then(|()| fs::rename(&temp, folder))
        .and_then(|()| fs::File::open(parent)?.sync_all());
    if result.is_err() {
        // The error that matters is the first one.
        let _ = remove_if_there(&temp);
    }
    result
}

/// Removes `folder` and all in it. It is renamed to a hidden name first, so
/// a crash half way leaves nothing under the old name.
pub fn remove_folder_whole(folder: &Path) -> io::Result<()> {
    let trash = hidden_sibling(folder, "removing")?;
    remove_if_there(&trash)?;
    fs::rename(folder, &trash)?;
    fs::remove_dir_all(&trash)
}

/// The folders directly in `folder`, sorted, hidden ones left out. A
/// missing `folder` has none.
pub fn list_folders(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(folder) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        entries => entries?,
    };
    let mut folders = Vec::new();
    for entry in entries {
        let entry = entry?;
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && entry.file_type()?.is_dir() {
            folders.push(entry.path());
        }
    }
    folders.sort();
    Ok(folders)
}

fn parent_of(folder: &Path) -> io::Result<&Path> {
    folder
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no folder"))
}

/// `.NAME.PID.what` beside `folder`: this process's own scratch name.
fn hidden_sibling(folder: &Path, what: &str) -> io::Result<PathBuf> {
    let name = folder
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no folder"))?;
    let mut hidden = OsString::from(".");
    hidden.push(name);
    hidden.push(format!(".{}.{what}", std::process::id()));
    Ok(parent_of(folder)?.join(hidden))
}

/// Removes a scratch folder a crashed run of this process id left behind.
fn remove_if_there(folder: &Path) -> io::Result<()> {
    match fs::remove_dir_all(folder) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}
