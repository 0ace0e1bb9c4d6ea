//! `.sav` files: a game's LURD log round trips, and damaged saves are typed
//! errors.

use std::fs;

use crate::common::{game, play, position};
use schokoban::storage::{LoadErrorKind, RecordError, Records, SaveProblem};
use schokoban_core::{Direction, LogError, Step};

const ROOM: &str = "#######\n#     #\n# $ $.#\n#@  . #\n#######\n";

#[test]
fn a_save_round_trips_through_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("room.xsb");
    fs::write(&map, ROOM).expect("write map");
    let records = Records::beside(&map);
    assert_eq!(records.save_path(), dir.path().join("room.xsb.sav"));
    assert!(!records.has_save());
    assert_eq!(records.read_save().expect("no save yet"), None);

    let mut g = game(ROOM);
    play(&mut g, "uurrrdxdlxlx");
    records.write_save(g.log()).expect("saved");
    assert!(records.has_save());
    assert_eq!(
        fs::read_to_string(records.save_path()).expect("read"),
        "uurrrDxDlxlx\n",
        "one line of LURD"
    );
    let log = records.read_save().expect("readable").expect("present");
    let mut loaded = game(ROOM);
    loaded.apply_log(&log).expect("replays");
    assert_eq!(position(&loaded), position(&g));
    assert_eq!((loaded.score(), loaded.pushes()), (g.score(), g.pushes()));
    assert_eq!(loaded.score(), 12, "undos included");

    records.delete_save().expect("deleted");
    assert!(!records.has_save());
    records.delete_save().expect("deleting twice is fine");
}

fn damaged(records: &Records) -> SaveProblem {
    match records.read_save() {
        Err(RecordError::DamagedSave { path, error }) => {
            assert_eq!(path, records.save_path());
            error
        }
        other => panic!("expected a damaged save, got {other:?}"),
    }
}

#[test]
fn damaged_saves_are_typed_errors_naming_the_position() {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("room.xsb");
    fs::write(&map, ROOM).expect("write map");
    let records = Records::beside(&map);

    fs::write(records.save_path(), "uurrz\n").expect("write");
    assert_eq!(
        damaged(&records),
        SaveProblem::Log(LogError::UnknownChar {
            position: 5,
            found: 'z'
        })
    );

    fs::write(records.save_path(), b"uu\xffrr").expect("write");
    assert_eq!(
        damaged(&records),
        SaveProblem::Unreadable(LoadErrorKind::NotUtf8 { line: 1 })
    );

    fs::remove_file(records.save_path()).expect("rm");
    fs::create_dir(records.save_path()).expect("mkdir");
    assert_eq!(
        damaged(&records),
        SaveProblem::Unreadable(LoadErrorKind::IsDirectory)
    );
    let told = records.read_save().expect_err("a folder").to_string();
    assert_eq!(
        told,
        format!("{}: is a folder, not a file", records.save_path().display()),
        "a save is no level file"
    );
    fs::create_dir(records.leaderboard_path()).expect("mkdir");
    let told = records
        .read_leaderboard()
        .expect_err("a folder")
        .to_string();
    assert_eq!(
        told,
        format!(
            "{}: is a folder, not a file",
            records.leaderboard_path().display()
        )
    );
    fs::remove_dir(records.leaderboard_path()).expect("rmdir");
    fs::remove_dir(records.save_path()).expect("rmdir");

    // Characters that read fine but do not fit the level fail on replay.
    for (text, expected) in [
        (
            "uul\n",
            LogError::Blocked {
                position: 3,
                step: Step::walk(Direction::Left),
            },
        ),
        ("rxx\n", LogError::NothingToUndo { position: 3 }),
    ] {
        fs::write(records.save_path(), text).expect("write");
        let log = records.read_save().expect("parses").expect("present");
        let error = game(ROOM).apply_log(&log).expect_err(text);
        assert_eq!(error, expected);
    }
}
