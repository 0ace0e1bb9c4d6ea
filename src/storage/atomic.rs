//! Writes that a crash cannot tear: a temporary file in the same folder,
//! synced, then renamed over the old one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use super::files::open_for_reading;

/// Replaces `path` with `contents`. Either the old file or the new one is
/// there afterwards, never a mix; on error the old file is untouched.
///
/// The temporary file stays locked until renamed, so that
/// [`remove_stale_temps`] can tell a writer at work from one that was killed.
/// Once the rename is done the new file is in place: a failure to sync the
/// folder after it is not a failed write, so it is not reported as one.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let (temp, file) = create_temp(path)?;
    let result = write_synced(&file, contents).and_then(|()| fs::rename(&temp, path));
    drop(file);
    if result.is_err() {
        // Nothing useful can be done if the clean-up fails too.
        let _ = fs::remove_file(&temp);
    }
    result?;
    let _ = sync_folder(folder_of(path));
    Ok(())
}

/// Removes a file that may already be gone. As above, once it is gone a
/// failed folder sync is no failure.
pub fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => {
            let _ = sync_folder(folder_of(path));
            Ok(())
        }
    }
}

/// Temporary files of writers killed mid-write are this old at least
/// before they are removed: no write takes an hour.
const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// Removes the temporary files in `folder` that killed writers left: older
/// than an hour and locked by no one. Best effort: what cannot be removed
/// stays. Gives how many were removed.
pub fn remove_stale_temps(folder: &Path) -> usize {
    let Ok(entries) = fs::read_dir(folder) else {
        return 0;
    };
    let now = SystemTime::now();
    let stale = |path: &Path| -> io::Result<bool> {
        let metadata = fs::symlink_metadata(path)?;
        let age = now.duration_since(metadata.modified()?).unwrap_or_default();
        if !metadata.is_file() || age < STALE_AFTER {
            return Ok(false);
        }
        let (file, _) = open_for_reading(path)?;
        Ok(file.try_lock().is_ok())
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| is_temp_name(&entry.file_name().to_string_lossy()))
        .filter(|entry| stale(&entry.path()).unwrap_or(false))
        .filter(|entry| fs::remove_file(entry.path()).is_ok())
        .count()
}

/// [`remove_stale_temps`] in each folder directly inside `folder`.
pub fn remove_stale_temps_below(folder: &Path) -> usize {
    fs::read_dir(folder).map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .map(|entry| remove_stale_temps(&entry.path()))
            .sum()
    })
}

/// Whether `name` is one [`temp_path`] makes: `.NAME.PID.COUNT.tmp`.
fn is_temp_name(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let mut parts = inner.rsplitn(3, '.');
    let digits = |part: Option<&str>| {
        part.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    digits(parts.next())
        && digits(parts.next())
        && parts.next().is_some_and(|base| !base.is_empty())
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
            Err(e) => return Err(e),
            Ok(file) => {
                // Where locks are not supported the cleaner cannot lock it
                // either, so it leaves the file alone.
                let _ = file.lock();
                return Ok((temp, file));
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free name for a temporary file",
    ))
}

fn write_synced(mut file: &File, contents: &[u8]) -> io::Result<()> {
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
        open_for_reading(folder)?.0.sync_all()
    } else {
        Ok(())
    }
}
