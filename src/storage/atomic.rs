//! Writes that a crash cannot tear: a temporary file in the same folder,
//! synced, then renamed over the old one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Replaces `path` with `contents`. Either the old file or the new one is
/// there afterwards, never a mix; on error the old file is untouched.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let (temp, file) = create_temp(path)?;
    let result = write_synced(file, contents)
        .and_then(|()| fs::rename(&temp, path))
        .and_then(|()| sync_folder(folder_of(path)));
    if result.is_err() {
        // Nothing useful can be done if the clean-up fails too.
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Removes a file that may already be gone. A file that is not there, even
/// because its folder is gone, is not an error: nothing changed to sync.
pub fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(()) => sync_folder(folder_of(path)),
    }
}

/// Creates a temporary file no one else is using. A writer that crashed can
/// leave its temporary file behind under a name a later process (the same
/// process id after a restart, say) would pick again; such names are skipped
/// rather than failing every write from then on.
fn create_temp(path: &Path) -> io::Result<(PathBuf, File)> {
    const ATTEMPTS: usize = 64;
    for _ in 0..ATTEMPTS {
        let temp = temp_path(path)?;
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            opened => return opened.map(|file| (temp, file)),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free name for a temporary file",
    ))
}

fn write_synced(mut file: File, contents: &[u8]) -> io::Result<()> {
    file.write_all(contents)?;
    file.sync_all()
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A name no other writer uses: this process, plus a counter for its threads.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut temp = std::ffi::OsString::from(".");
    temp.push(name);
    temp.push(format!(".{}.{unique}.tmp", std::process::id()));
    Ok(folder_of(path).join(temp))
}

/// Makes the rename itself durable. Folders cannot be opened on Windows, and
/// there the rename is already as durable as it gets.
fn sync_folder(folder: &Path) -> io::Result<()> {
    if cfg!(unix) {
        File::open(folder)?.sync_all()
    } else {
        Ok(())
    }
}
