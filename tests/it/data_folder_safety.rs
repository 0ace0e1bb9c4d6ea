//! What others can plant in the data folder cannot hang the game nor make it
//! write where it should not: FIFOs are never opened blockingly, symlinks
//! never written through, and what killed writers left is cleaned up.
#![cfg(unix)]

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use schokoban::library::{Collection, Library};
use schokoban::storage::remove_stale_temps;

use crate::common::ends_in_real_time;

fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// The data folder, with the first Microban level played, and its path.
fn installed() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let library = Library::open(Some(data.clone()));
    library.level(Collection::Microban, 1).expect("played");
    let (name, _) = Collection::Microban.files()[0];
    let level = data.join("levels").join("microban").join(name);
    (dir, data, level)
}

#[test]
fn a_fifo_in_place_of_a_level_is_replaced_ends_in_real_time() {
    let (_dir, data, level) = installed();
    fs::remove_file(&level).expect("remove level");
    mkfifo(&level);
    let library = ends_in_real_time("opening beside a FIFO", move || Library::open(Some(data)));
    assert!(library.records_on(), "{:?}", library.notices());
    let played = ends_in_real_time("opening the level", move || {
        library
            .level(Collection::Microban, 1)
            .map(|l| l.records.is_some())
    });
    assert_eq!(played.ok(), Some(true));
    assert!(fs::symlink_metadata(&level).expect("level").is_file());
}

#[test]
fn a_symlink_in_place_of_a_level_is_replaced_not_written_through() {
    let (dir, data, level) = installed();
    let outside = dir.path().join("victim.txt");
    fs::write(&outside, "").expect("victim");
    fs::remove_file(&level).expect("remove level");
    std::os::unix::fs::symlink(&outside, &level).expect("symlink");
    let library = Library::open(Some(data));
    assert!(library.records_on(), "{:?}", library.notices());
    library.level(Collection::Microban, 1).expect("played");
    assert_eq!(
        fs::read_to_string(&outside).expect("victim"),
        "",
        "written through"
    );
    let metadata = fs::symlink_metadata(&level).expect("level");
    assert!(metadata.is_file() && metadata.len() > 0, "{metadata:?}");
}

#[test]
fn a_fifo_as_the_progress_file_or_its_lock_hangs_nothing_in_real_time() {
    for name in ["progress.txt", ".progress.lock"] {
        let (_dir, data, _) = installed();
        // Opening the library made the lock as a regular file.
        let _ = fs::remove_file(data.join(name));
        mkfifo(&data.join(name));
        let marked = ends_in_real_time("marking progress", move || {
            let mut library = Library::open(Some(data));
            library
                .mark_solved(Collection::Microban, 1)
                .map_err(|e| e.to_string())
        });
        if name == ".progress.lock" {
            let error = marked.expect_err("a FIFO is no lock");
            assert!(error.contains("not a regular file"), "{error}");
        }
    }
}

#[test]
fn temp_files_of_killed_writers_are_removed_after_an_hour_unless_locked() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Long past the hour: the file system's clock is all that ages them.
    let long_ago = SystemTime::UNIX_EPOCH;
    let make = |name: &str, old: bool| {
        let path = dir.path().join(name);
        let file = File::create(&path).expect("create");
        if old {
            file.set_modified(long_ago).expect("set time");
        }
        path
    };
    let stale = make(".room.xsb.sav.4242.0.tmp", true);
    let fresh = make(".room.xsb.sav.4242.1.tmp", false);
    let busy = make(".progress.txt.77.3.tmp", true);
    let other = make(".notes.tmp", true);
    let writer = File::open(&busy).expect("open");
    writer.lock().expect("lock");

    assert_eq!(remove_stale_temps(dir.path()), 1);
    assert!(!stale.exists(), "a stale temp file stays");
    for kept in [&fresh, &busy, &other] {
        assert!(kept.exists(), "{} was removed", kept.display());
    }
}

#[test]
fn opening_the_data_folder_cleans_stale_temp_files() {
    let (_dir, data, level) = installed();
    let folder = level.parent().expect("folder").to_path_buf();
    let mut stale = Vec::new();
    for (at, name) in [
        (&data, ".progress.txt.9.0.tmp"),
        (&folder, ".1.xsb.dat.9.1.tmp"),
    ] {
        let path = at.join(name);
        let file = File::create(&path).expect("create");
        file.set_modified(SystemTime::UNIX_EPOCH).expect("set time");
        stale.push(path);
    }
    drop(Library::open(Some(data)));
    for path in stale {
        assert!(!path.exists(), "{} stays", path.display());
    }
}
