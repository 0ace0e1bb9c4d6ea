//! The data folder: installing the built-in levels, records off when it
//! cannot be written, progress across restarts, and custom maps' records.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::common::skip;
use schokoban::library::{Collection, Library, LibraryError, Notice, Placement, Zoom};
use tempfile::TempDir;

fn level_folder(root: &Path, collection: Collection) -> PathBuf {
    root.join("levels").join(collection.id())
}

/// Every file under `folder`, with its contents and modification time.
fn snapshot(folder: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut files = BTreeMap::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let modified = fs::metadata(&path).and_then(|m| m.modified());
                let contents = fs::read(&path).expect("readable");
                files.insert(path, (contents, modified.expect("mtime")));
            }
        }
    }
    files
}

/// Dates every file back, so that any rewrite shows in its mtime however
/// coarse the file system's clock.
fn backdate(files: impl Iterator<Item = PathBuf>) {
    let past = SystemTime::UNIX_EPOCH;
    for path in files {
        let file = fs::File::options().write(true).open(&path).expect("open");
        file.set_modified(past).expect("set mtime");
    }
}

#[test]
fn first_run_makes_every_folder_and_a_level_is_written_when_played() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().join("schokoban");
    let library = Library::open(Some(root.clone()));
    assert!(library.records_on());
    assert!(library.notices().is_empty(), "{:?}", library.notices());
    for collection in Collection::ALL {
        let folder = level_folder(&root, collection);
        let files = fs::read_dir(&folder).expect("made").count();
        assert_eq!(files, 0, "{collection}: nothing written before play");
    }
    let playable = library.level(Collection::XSokoban, 90).expect("level 90");
    assert_eq!(playable.level.title(), Some("XSokoban 90"));
    let path = playable.path.expect("installed path");
    assert_eq!(
        path,
        level_folder(&root, Collection::XSokoban).join("90.xsb")
    );
    assert_eq!(
        fs::read_to_string(&path).expect("written"),
        Collection::XSokoban.files()[89].1
    );
    let records = playable.records.expect("records on");
    assert_eq!(records.leaderboard_path(), path.with_extension("xsb.dat"));
}

#[test]
fn second_run_writes_nothing_and_keeps_records_and_saves() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    let first = Library::open(Some(root.clone()));
    let records = first
        .level(Collection::Microban, 1)
        .expect("level 1")
        .records
        .expect("records on");
    records.add_score(42, "Ada").expect("score saved");
    fs::write(records.save_path(), "ulUdrr\n").expect("save written");
    // A player's own edit of an installed level is theirs to keep.
    let edited = level_folder(&root, Collection::XSokoban).join("01.xsb");
    fs::write(&edited, "#####\n#@$.#\n#####\n").expect("edit");
    backdate(snapshot(&root).into_keys());
    let before = snapshot(&root);
    drop(first);

    let second = Library::open(Some(root.clone()));
    assert!(second.records_on());
    assert_eq!(snapshot(&root), before);
    let board = records.read_leaderboard().expect("readable").board;
    assert_eq!(board.to_text(), "42 Ada\n");
    // The level itself still comes from the binary.
    let first_level = second.level(Collection::XSokoban, 1).expect("level 1");
    assert_eq!(first_level.level.title(), Some("XSokoban 1"));
}

#[test]
fn deleted_or_emptied_level_files_come_back_and_only_they_are_written() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    let first = Library::open(Some(root.clone()));
    for (collection, number) in [(Collection::MicrobanII, 7), (Collection::XSokoban, 12)] {
        first.level(collection, number).expect("played");
    }
    drop(first);
    let deleted = level_folder(&root, Collection::MicrobanII).join("007.xsb");
    fs::remove_file(&deleted).expect("delete");
    // What a crash during the first write can leave behind.
    let emptied = level_folder(&root, Collection::XSokoban).join("12.xsb");
    fs::write(&emptied, "").expect("empty");
    backdate(snapshot(&root).into_keys());
    let mut before = snapshot(&root);
    let second = Library::open(Some(root.clone()));
    assert_eq!(snapshot(&root), before, "opening writes no level");
    for (collection, number) in [(Collection::MicrobanII, 7), (Collection::XSokoban, 12)] {
        second.level(collection, number).expect("played again");
    }
    let mut after = snapshot(&root);
    let (text, _) = after.remove(&deleted).expect("rewritten");
    assert_eq!(text, Collection::MicrobanII.files()[6].1.as_bytes());
    let (text, _) = after.remove(&emptied).expect("rewritten");
    assert_eq!(text, Collection::XSokoban.files()[11].1.as_bytes());
    before.remove(&emptied);
    assert_eq!(after, before);
}

#[test]
fn a_level_file_deleted_while_playing_is_put_back_for_its_records() {
    let data = TempDir::new().expect("temp dir");
    let library = Library::open(Some(data.path().to_path_buf()));
    let path = level_folder(data.path(), Collection::Microban).join("155.xsb");
    library.level(Collection::Microban, 155).expect("played");
    fs::remove_file(&path).expect("delete");
    let playable = library.level(Collection::Microban, 155).expect("level");
    assert_eq!(playable.path.as_deref(), Some(path.as_path()));
    let (_, text) = Collection::Microban.files()[154];
    assert_eq!(fs::read_to_string(&path).expect("back"), text);
}

#[test]
fn an_unusable_data_folder_still_serves_every_level_with_records_off() {
    let data = TempDir::new().expect("temp dir");
    // A regular file where the folder should be stops even root.
    let root = data.path().join("schokoban");
    fs::write(&root, "not a folder").expect("file");
    let mut library = Library::open(Some(root.clone()));
    assert!(!library.records_on());
    assert!(matches!(
        library.notices(),
        [Notice::RecordsOff(LibraryError::Io { .. })]
    ));
    let message = library.notices()[0].to_string();
    assert!(
        message.starts_with("Records, saves and progress are off"),
        "{message}"
    );
    for collection in Collection::ALL {
        let last = collection.level_count();
        let playable = library.level(collection, last).expect("served");
        assert!(playable.records.is_none() && playable.path.is_none());
        assert!(playable.level.title().is_some());
    }
    // Progress is kept for the session, and nothing is written.
    library
        .mark_solved(Collection::Microban, 3)
        .expect("in memory");
    assert!(library.progress(Collection::Microban).is_solved(3));
    assert_eq!(fs::read_to_string(&root).expect("file"), "not a folder");
}

/// Makes `folder` unwritable; `false` when permission bits do not stop us
/// (as root), after putting them back.
#[cfg(unix)]
fn make_read_only(folder: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(folder, fs::Permissions::from_mode(0o555)).expect("chmod");
    let probe = folder.join("probe");
    if fs::write(&probe, "").is_ok() {
        fs::remove_file(&probe).expect("remove probe");
        fs::set_permissions(folder, fs::Permissions::from_mode(0o755)).expect("chmod");
        return false;
    }
    true
}

#[cfg(unix)]
#[test]
fn a_read_only_data_folder_keeps_earlier_progress_visible() {
    use std::os::unix::fs::PermissionsExt;
    let data = TempDir::new().expect("temp dir");
    let root = data.path().join("data");
    let mut library = Library::open(Some(root.clone()));
    library.mark_solved(Collection::XSokoban, 2).expect("saved");
    drop(library);
    if !make_read_only(&root) {
        skip(
            "a_read_only_data_folder_keeps_earlier_progress_visible",
            "permission bits do not stop this user (root?)",
        );
        return;
    }
    let library = Library::open(Some(root.clone()));
    fs::set_permissions(&root, fs::Permissions::from_mode(0o755)).expect("chmod back");
    assert!(!library.records_on());
    assert!(
        library
            .level(Collection::XSokoban, 2)
            .expect("served")
            .records
            .is_none()
    );
    assert!(library.progress(Collection::XSokoban).is_solved(2));
}

#[test]
fn progress_survives_a_restart() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    let mut library = Library::open(Some(root.clone()));
    assert_eq!(library.progress(Collection::Microban).reached(), 0);
    library
        .mark_reached(Collection::Microban, 5)
        .expect("saved");
    library
        .mark_reached(Collection::Microban, 2)
        .expect("saved");
    library.mark_solved(Collection::Microban, 1).expect("saved");
    library.mark_solved(Collection::Microban, 4).expect("saved");
    library
        .mark_solved(Collection::XSokoban, 90)
        .expect("saved");
    drop(library);

    let library = Library::open(Some(root));
    let microban = library.progress(Collection::Microban);
    assert_eq!(microban.reached(), 5, "the furthest level is kept");
    assert_eq!(microban.solved().collect::<Vec<_>>(), [1, 4]);
    assert_eq!(library.progress(Collection::XSokoban).solved_count(), 1);
    assert_eq!(library.progress(Collection::MicrobanII).solved_count(), 0);
}

#[test]
fn the_zoom_choice_survives_a_restart() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().join("schokoban");
    let mut library = Library::open(Some(root.clone()));
    assert_eq!(library.settings().zoom, Zoom::Square, "zoomed by default");
    library.set_zoom(Zoom::Off).expect("saved");
    assert_eq!(Library::open(Some(root.clone())).settings().zoom, Zoom::Off);
    assert_eq!(
        fs::read_to_string(root.join("settings.txt")).expect("settings"),
        "# Schokoban settings\nzoom off\n"
    );
    library.set_zoom(Zoom::Fill).expect("saved");
    assert_eq!(
        Library::open(Some(root.clone())).settings().zoom,
        Zoom::Fill
    );
}

#[test]
fn two_games_at_once_keep_each_others_list_choices() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    let mut one = Library::open(Some(root.clone()));
    let mut two = Library::open(Some(root.clone()));
    one.remember_list_selection("microban", 7).expect("saved");
    two.remember_list_selection("xsokoban", 3).expect("saved");
    two.set_zoom(Zoom::Off).expect("saved");
    one.remember_list_selection("microban", 8).expect("saved");
    let library = Library::open(Some(root));
    assert_eq!(library.list_selection("microban"), Some(8));
    assert_eq!(library.list_selection("xsokoban"), Some(3));
    assert_eq!(
        library.settings().zoom,
        Zoom::Off,
        "one game's list choice kept the other's zoom"
    );
}

#[test]
fn two_games_at_once_keep_each_others_progress() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    let mut one = Library::open(Some(root.clone()));
    let mut two = Library::open(Some(root.clone()));
    one.mark_solved(Collection::Microban, 1).expect("saved");
    two.mark_solved(Collection::Microban, 2).expect("saved");
    let solved: Vec<_> = Library::open(Some(root))
        .progress(Collection::Microban)
        .solved()
        .collect();
    assert_eq!(solved, [1, 2]);
}

#[test]
fn a_damaged_progress_file_is_moved_aside_not_destroyed() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    drop(Library::open(Some(root.clone())));
    let file = root.join("progress.txt");
    fs::write(&file, "microban banana\n").expect("damage");
    let mut library = Library::open(Some(root.clone()));
    let aside = root.join("progress.txt.damaged");
    assert!(matches!(
        library.notices(),
        [Notice::ProgressMovedAside { moved_to, .. }] if *moved_to == aside
    ));
    assert_eq!(
        fs::read_to_string(&aside).expect("kept"),
        "microban banana\n"
    );
    assert_eq!(library.progress(Collection::Microban).reached(), 0);
    library
        .mark_reached(Collection::Microban, 3)
        .expect("saved");
    assert!(
        fs::read_to_string(&file)
            .expect("fresh")
            .contains("microban 3\n")
    );
}

#[test]
fn levels_and_marks_outside_a_collection_are_refused() {
    let data = TempDir::new().expect("temp dir");
    let mut library = Library::open(Some(data.path().to_path_buf()));
    let past = Collection::MicrobanII.level_count() + 1;
    for number in [0, past] {
        let error = library
            .level(Collection::MicrobanII, number)
            .expect_err("none");
        assert!(matches!(error, LibraryError::NoSuchLevel { .. }), "{error}");
        assert!(library.mark_solved(Collection::MicrobanII, number).is_err());
        assert!(
            library
                .mark_reached(Collection::MicrobanII, number)
                .is_err()
        );
    }
}

#[test]
fn a_custom_map_keeps_records_beside_it_when_it_can() {
    let data = TempDir::new().expect("temp dir");
    let library = Library::open(Some(data.path().join("data")));
    let map = data.path().join("maps").join("mine.xsb");
    fs::create_dir_all(map.parent().expect("folder")).expect("folder");
    fs::write(&map, "#####\n#@$.#\n#####\n").expect("map");
    let custom = library.records_for_custom(&map);
    assert!(matches!(custom.placement, Placement::Beside));
    let records = custom.records.expect("records");
    let beside = fs::canonicalize(&map)
        .expect("exists")
        .with_extension("xsb.dat");
    assert_eq!(records.leaderboard_path(), beside);
}

/// A map in a folder we cannot write: chmod where that works, else (as
/// root) a file under /proc, where nobody can create files.
#[cfg(unix)]
fn map_in_unwritable_folder(scratch: &Path) -> Option<PathBuf> {
    let folder = scratch.join("locked");
    fs::create_dir_all(&folder).expect("folder");
    let map = folder.join("mine.xsb");
    fs::write(&map, "#####\n#@$.#\n#####\n").expect("map");
    if make_read_only(&folder) {
        return Some(map);
    }
    let proc_file = PathBuf::from("/proc/version");
    proc_file.is_file().then_some(proc_file)
}

#[cfg(unix)]
#[test]
fn a_custom_map_in_an_unwritable_folder_gets_records_under_the_data_folder() {
    use std::os::unix::fs::PermissionsExt;
    let data = TempDir::new().expect("temp dir");
    let root = data.path().join("data");
    let library = Library::open(Some(root.clone()));
    let Some(map) = map_in_unwritable_folder(data.path()) else {
        skip(
            "a_custom_map_in_an_unwritable_folder_gets_records_under_the_data_folder",
            "no unwritable folder available",
        );
        return;
    };
    let custom = library.records_for_custom(&map);
    let records = custom.records.expect("records in the fallback");
    let folder = records
        .leaderboard_path()
        .parent()
        .expect("folder")
        .to_path_buf();
    assert_eq!(folder.parent(), Some(root.join("custom").as_path()));
    assert!(folder.is_dir());
    let name = map
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    assert_eq!(records.save_path(), folder.join(format!("{name}.sav")));
    let Placement::Fallback { fallback, .. } = &custom.placement else {
        panic!("expected the fallback, got {:?}", custom.placement)
    };
    assert_eq!(fallback, &folder);
    // The same map finds the same folder again.
    let again = library.records_for_custom(&map).records.expect("records");
    assert_eq!(again, records);
    // With records off everywhere, the note says so.
    let file_root = data.path().join("file");
    fs::write(&file_root, "").expect("file");
    let off = Library::open(Some(file_root)).records_for_custom(&map);
    assert!(off.records.is_none());
    assert!(
        matches!(off.placement, Placement::Off { .. }),
        "{:?}",
        off.placement
    );
    if let Some(locked) = map.parent().filter(|p| p.starts_with(data.path())) {
        fs::set_permissions(locked, fs::Permissions::from_mode(0o755)).expect("chmod back");
    }
}

#[test]
fn a_probe_file_left_by_a_crash_does_not_turn_records_off() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    drop(Library::open(Some(root.clone())));
    // Same process id as ours, as for a game that is always PID 1 in a container.
    let stale = root.join(format!(".schokoban-probe.{}", std::process::id()));
    fs::write(&stale, "").expect("stale probe");
    let library = Library::open(Some(root));
    assert!(library.records_on(), "{:?}", library.notices());
    assert!(!stale.exists());
}

#[test]
fn a_solve_marked_from_outside_the_library_counts_in_the_next_one() {
    // What leaving on a solved board does when the terminal goes away: it
    // marks the progress file without the running game's library.
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let library = Library::open(Some(data.clone()));
    let arcade = library
        .solved_mark(Collection::Microban, 4, true)
        .expect("progress is saved");
    let free_play = library
        .solved_mark(Collection::XSokoban, 2, false)
        .expect("progress is saved");
    arcade.record().expect("marked");
    free_play.record().expect("marked");
    let next = Library::open(Some(data));
    let microban = next.progress(Collection::Microban);
    assert!(microban.is_solved(4));
    assert_eq!(microban.reached(), 5, "Arcade goes on to the next level");
    let xsokoban = next.progress(Collection::XSokoban);
    assert!(xsokoban.is_solved(2));
    assert_eq!(xsokoban.reached(), 0, "Free play reaches nothing");
}

#[test]
fn a_bad_line_in_the_progress_file_costs_that_line_only() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    drop(Library::open(Some(root.clone())));
    let file = root.join("progress.txt");
    let damaged = "microban 5 1-3\nmicroban-ii banana\nxsokoban 2 1\n";
    fs::write(&file, damaged).expect("damage");
    let library = Library::open(Some(root.clone()));
    let aside = root.join("progress.txt.damaged");
    assert_eq!(fs::read_to_string(&aside).expect("kept"), damaged);
    let notices: Vec<String> = library.notices().iter().map(ToString::to_string).collect();
    assert_eq!(
        notices,
        [format!(
            "{}: line 2 is not progress: the file was kept as {}, and the progress on its other lines still counts",
            file.display(),
            aside.display()
        )]
    );
    assert_eq!(library.progress(Collection::Microban).reached(), 5);
    assert_eq!(library.progress(Collection::XSokoban).solved_count(), 1);
    // Written back at once, so the next start finds them too.
    let again = Library::open(Some(root));
    assert_eq!(again.notices().len(), 0);
    assert_eq!(again.progress(Collection::Microban).solved_count(), 3);
}

#[test]
fn a_data_folder_that_cannot_be_written_still_shows_its_records() {
    let data = TempDir::new().expect("temp dir");
    let root = data.path().to_path_buf();
    let level = Library::open(Some(root.clone()))
        .level(Collection::Microban, 1)
        .expect("level");
    let records = level.records.expect("records on");
    records.add_score(40, "Ann").expect("scored");
    records
        .write_save(&schokoban_core::parse_log("d").expect("a log"))
        .expect("saved");
    // Any write then fails, as in a read-only folder or on a full disk
    // (and even for root, whom permission bits do not stop): the probe
    // the game writes at the start is a folder.
    fs::create_dir(root.join(format!(".schokoban-probe.{}", std::process::id()))).expect("mkdir");
    let library = Library::open(Some(root));
    assert!(!library.records_on());
    let level = library.level(Collection::Microban, 1).expect("level");
    let records = level.records.expect("records still read");
    let board = records.read_leaderboard().expect("read").board;
    assert_eq!(board.best(), Some(40));
    assert!(
        records.read_save().expect("read").is_some(),
        "the save is offered"
    );
    let listed = library
        .collection_records(Collection::Microban)
        .expect("listed");
    assert_eq!(listed[0], records);
}
