//! The LURD log (`l u r d` walk, `L U R D` push, `x` undo), replaying it,
//! and `.sav` files: round trip and damaged saves as typed errors.

mod common;

use std::fs;

use common::{game, lvl, play, position};
use schokoban::game::{Direction, Game, LogEntry, LogError, Step, format_log, parse_log};
use schokoban::storage::{LoadErrorKind, RecordError, Records, SaveProblem};

const ROOM: &str = "#######\n#     #\n# $ $.#\n#@  . #\n#######\n";

#[test]
fn the_log_writes_walks_lower_pushes_upper_and_undos_as_x() {
    let mut g = game(ROOM);
    play(&mut g, "uurrrdxlrdll");
    assert_eq!(format_log(g.log()), "uurrrDxlrDlL");
}

#[test]
fn parsing_reads_each_letter() {
    let entries = parse_log("lUrDx").expect("valid");
    assert_eq!(
        entries,
        [
            LogEntry::Step(Step::walk(Direction::Left)),
            LogEntry::Step(Step::push(Direction::Up)),
            LogEntry::Step(Step::walk(Direction::Right)),
            LogEntry::Step(Step::push(Direction::Down)),
            LogEntry::Undo,
        ]
    );
    assert_eq!(format_log(&entries), "lUrDx");
}

#[test]
fn white_space_is_skipped_and_not_counted() {
    assert_eq!(parse_log("l u\r\nr\td\n"), parse_log("lurd"));
    assert_eq!(
        parse_log("lu\n rX"),
        Err(LogError::UnknownChar {
            position: 4,
            found: 'X'
        }),
        "positions count moves, not characters"
    );
    assert_eq!(parse_log(""), Ok(Vec::new()));
}

#[test]
fn replay_refusals_name_the_move() {
    let level = lvl(ROOM);
    let cases = [
        (
            "uur?",
            LogError::UnknownChar {
                position: 4,
                found: '?',
            },
        ),
        (
            "ul",
            LogError::Blocked {
                position: 2,
                step: Step::walk(Direction::Left),
            },
        ),
        ("rx x", LogError::NothingToUndo { position: 3 }),
        ("x", LogError::NothingToUndo { position: 1 }),
        (
            "ur",
            LogError::WalkIntoBox {
                position: 2,
                step: Step::walk(Direction::Right),
            },
        ),
        (
            "uU",
            LogError::PushWithoutBox {
                position: 2,
                step: Step::push(Direction::Up),
            },
        ),
        (
            "uRR",
            LogError::Blocked {
                position: 3,
                step: Step::push(Direction::Right),
            },
        ),
    ];
    for (log, expected) in cases {
        let error = Game::replay(level.clone(), log).expect_err(log);
        assert_eq!(error, expected, "{log}");
        assert_eq!(error.position(), expected.position());
        let shown = error.to_string();
        assert!(
            shown.contains(&format!("move {}", expected.position())),
            "{shown}"
        );
    }
}

#[test]
fn replay_reproduces_position_score_and_pushes() {
    let mut g = game(ROOM);
    play(&mut g, "uurrrdxdllxxru");
    let replayed = Game::replay(lvl(ROOM), &format_log(g.log())).expect("replays");
    assert_eq!(position(&replayed), position(&g));
    assert_eq!(replayed.score(), g.score());
    assert_eq!(replayed.pushes(), g.pushes());
    assert_eq!(replayed.log(), g.log());
    assert_eq!(replayed.history(), g.history());
    assert_eq!(replayed.can_redo(), g.can_redo());
}

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
