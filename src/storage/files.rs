//! Opening files in folders others can write to (the data folder, a map's
//! folder) without being fooled: a FIFO or device is never opened in a way
//! that blocks, nothing is written through a planted symlink, and only
//! regular files are read, written or locked.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use super::atomic::write_atomic;

/// Options that never block on opening (a FIFO without a writer, say) and,
/// unless `follow`, refuse a symlink as the last part of the path.
fn careful(follow: bool) -> OpenOptions {
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let no_follow = if follow { 0 } else { libc::O_NOFOLLOW };
        options.custom_flags(libc::O_NONBLOCK | no_follow);
    }
    #[cfg(not(unix))]
    let _ = follow;
    options
}

fn not_regular() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, "not a regular file")
}

/// Opens `path` for reading without blocking, whatever it turns out to be,
/// and gives its metadata as opened (not as it was before), for the caller
/// to refuse anything but a regular file.
pub fn open_for_reading(path: &Path) -> io::Result<(File, Metadata)> {
    let file = careful(true).read(true).open(path)?;
    let metadata = file.metadata()?;
    Ok((file, metadata))
}

/// An exclusive lock on a regular file, released when dropped; with
/// `create`, the file is made if missing (and never through a symlink).
pub fn lock_file(path: &Path, create: bool) -> io::Result<File> {
    let mut options = careful(!create);
    options.read(true);
    if create {
        options.write(true).create(true);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    file.lock()?;
    Ok(file)
}

/// Writes a built-in level unless a non-empty regular file is there. A
/// symlink, FIFO or other odd entry is replaced, never written through. A
/// plain write, not `write_atomic`: hundreds of syncs made a first start
/// take seconds on a busy disk, and a file that a crash left empty is simply
/// written again.
pub fn install_file(path: &Path, contents: &[u8]) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.is_file() && metadata.len() > 0 => return Ok(()),
        Ok(metadata) if !metadata.is_file() => return write_atomic(path, contents),
        Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
        _ => {}
    }
    // Not truncated: if someone else wrote it meanwhile, theirs stays.
    let mut file = careful(false).write(true).create(true).open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(not_regular());
    }
    if metadata.len() > 0 {
        return Ok(());
    }
    file.write_all(contents)
}

/// Whether files can be made, written and removed in `folder`: the only
/// sure test is to try, as permission bits say nothing about read-only
/// mounts, root, a full disk or a file-size limit. A probe left by a crash
/// with our process id is reused, not an error.
pub fn probe_writable(folder: &Path) -> io::Result<()> {
    let probe = folder.join(format!(".schokoban-probe.{}", std::process::id()));
    let mut file = careful(false).write(true).create(true).open(&probe)?;
    let written = if file.metadata()?.is_file() {
        file.write_all(b"\n")
    } else {
        Err(not_regular())
    };
    drop(file);
    fs::remove_file(&probe)?;
    written
}

/// Makes a writer's process survive a file-size limit (`ulimit -f`): the
/// write then fails with "File too large", reported like a full disk,
/// instead of SIGXFSZ killing the game with the terminal in raw mode.
pub fn survive_file_size_limit() -> io::Result<()> {
    #[cfg(unix)]
    {
        let ignored = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        signal_hook::flag::register(signal_hook::consts::SIGXFSZ, ignored)?;
    }
    Ok(())
}

/// Writes a new file atomically, refusing to replace one already there
/// (or anything else at that path), so saving never overwrites a map.
pub fn write_new_file(path: &Path, contents: &[u8]) -> io::Result<()> {
    if fs::symlink_metadata(path).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "a file of that name is already there",
        ));
    }
    write_atomic(path, contents)
}
