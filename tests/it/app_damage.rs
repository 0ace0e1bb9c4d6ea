//! Damaged files and failed writes: the player is told, nothing is lost,
//! and the game goes on.

use std::path::PathBuf;

use crate::ui::{
    TINY, assert_screen, ch, key, level, messages, open_map, press, start_tiny, type_text,
    write_map,
};
use crossterm::event::KeyCode;
use schokoban::app::message::Problem;
use schokoban::storage::{LoadError, LoadErrorKind, RecordError, SaveProblem};
use schokoban_core::{LogError, ParseError};

#[test]
fn an_unreadable_save_is_offered_for_deletion_with_the_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "uu?d\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(app.screen_name(), "save prompt");
    assert_screen!("an_unreadable_save_offered_for_deletion", &mut app);
    assert!(
        matches!(
            app.problem(),
            Some(Problem::Record(RecordError::DamagedSave {
                error: SaveProblem::Log(LogError::UnknownChar { position: 3, .. }),
                ..
            }))
        ),
        "{:?}",
        app.problem()
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).game.score(), 0, "the map still plays");
    assert!(!dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn a_save_that_does_not_replay_is_offered_as_damaged_with_its_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    // Three steps right walk into the wall.
    std::fs::write(dir.path().join("tiny.xsb.sav"), "rrr\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    // The reason comes with the offer, not after a Load that fails.
    assert_eq!(app.screen_name(), "save prompt");
    assert_screen!("a_save_that_does_not_replay_offered_without_load", &mut app);
    assert!(
        matches!(
            app.problem(),
            Some(Problem::Replay {
                save: Some(_),
                error: LogError::Blocked { position: 2, .. }
            })
        ),
        "{:?}",
        app.problem()
    );
    // Escape keeps the file: the player may want to look at it.
    press(&mut app, &[key(KeyCode::Esc)]);
    assert!(dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn another_games_save_that_cannot_be_taken_stays_offered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "d\n").expect("save");
    let other = dir.path().join("tiny.xsb.sav.other");
    std::fs::write(&other, "ul\n").expect("other save");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(app.screen_name(), "save prompt");
    let offered = app.choices();
    assert!(offered[1].starts_with("Load the other game"), "{offered:?}");
    // A folder where the other save was, once it was offered: taking the
    // save cannot remove it, even as root.
    std::fs::remove_file(&other).expect("other save gone");
    std::fs::create_dir(&other).expect("blocker");
    press(&mut app, &[key(KeyCode::Down), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "save prompt");
    assert_eq!(app.choices(), offered, "the other game is still offered");
    assert_eq!(app.selected(), Some(1));
    let told = messages(&app);
    assert!(
        told.contains("Could not take the other save") && told.contains("tiny.xsb.sav.other"),
        "{told}"
    );
    // Once the folder is gone, the same choice plays the other game.
    std::fs::remove_dir(&other).expect("blocker gone");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).game.score(), 2, "the other game's two moves");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.sav")).expect("save"),
        "d\n",
        "this map's save stays"
    );
}

#[test]
fn a_damaged_leaderboard_is_shown_as_read_and_moved_aside_before_a_new_score() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let damaged = "5 Good\n\u{1}\u{2}junk\n9 Fine\n";
    std::fs::write(dir.path().join("tiny.xsb.dat"), damaged).expect("board");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(level(&app).record, Some(5), "readable entries still count");
    assert_screen!("a_damaged_leaderboard_told_on_the_level", &mut app);
    let cause = app.messages().iter().find_map(|m| m.cause());
    let Some(Problem::DamagedBoard { problems, .. }) = cause else {
        panic!("expected a damaged board, got {cause:?}")
    };
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].to_string().starts_with("line 2"),
        "{problems:?}"
    );

    press(
        &mut app,
        &[key(KeyCode::Left), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    type_text(&mut app, "New");
    press(&mut app, &[key(KeyCode::Enter)]);
    // The board with the new entry, and one message that says where the
    // damaged board went.
    assert_screen!("the_new_board_and_where_the_damaged_one_went", &mut app);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        "1 New\n5 Good\n9 Fine\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat.damaged")).expect("kept"),
        damaged
    );
}

#[test]
fn a_save_that_cannot_be_written_is_reported_and_the_game_goes_on() {
    let (dir, mut app) = start_tiny();
    // A folder where the save should go: no rename can replace it, even as root.
    std::fs::create_dir(dir.path().join("tiny.xsb.sav")).expect("blocker");
    press(&mut app, &[ch('w'), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "finish");
    assert!(
        messages(&app).contains("Could not save"),
        "{}",
        messages(&app)
    );
    let cause = app.messages().iter().find_map(|m| m.cause());
    assert!(
        matches!(cause, Some(Problem::Record(RecordError::Io { .. }))),
        "{cause:?}"
    );
    // Play again still works.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert!(matches!(app.screen_name(), "save prompt" | "play"));
    assert!(app.is_running());
}

#[test]
fn a_score_that_cannot_be_written_is_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::create_dir(dir.path().join("tiny.xsb.dat")).expect("blocker");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Left), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    let cause = app.messages().iter().find_map(|m| m.cause());
    assert!(
        matches!(
            cause,
            Some(Problem::Record(RecordError::Read(LoadError {
                kind: LoadErrorKind::IsDirectory,
                ..
            })))
        ),
        "the unreadable board is reported: {cause:?}"
    );
    assert!(app.is_running());
}

/// Whether an error is of the kind a case expects.
type KindCheck = Box<dyn Fn(&LoadErrorKind) -> bool>;

#[test]
fn every_kind_of_bad_path_gives_a_one_line_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = write_map(dir.path(), "empty.xsb", "");
    let binary = dir.path().join("binary.xsb");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x41]).expect("binary");
    let huge = dir.path().join("huge.xsb");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(17 * 1024 * 1024))
        .expect("sparse file");
    let wide = write_map(
        dir.path(),
        "wide.xsb",
        &format!("#@$.{}#\n", " ".repeat(2000)),
    );
    let is_parse = |kind: &LoadErrorKind, what: fn(&ParseError) -> bool| matches!(kind, LoadErrorKind::Parse(error) if what(error));
    let not_a_file = |k: &LoadErrorKind| *k == LoadErrorKind::NotAFile;
    let mut cases: Vec<(PathBuf, &str, KindCheck)> = vec![
        (
            dir.path().join("missing.xsb"),
            "no such file",
            Box::new(|k| *k == LoadErrorKind::Missing),
        ),
        (
            dir.path().to_path_buf(),
            "folder",
            Box::new(|k| *k == LoadErrorKind::IsDirectory),
        ),
        (
            empty,
            "no level",
            Box::new(move |k| is_parse(k, |e| *e == ParseError::NoBoard)),
        ),
        (
            binary,
            "no level",
            Box::new(move |k| is_parse(k, |e| *e == ParseError::NoBoard)),
        ),
        (
            huge,
            "too large",
            Box::new(|k| matches!(k, LoadErrorKind::TooLarge { .. })),
        ),
        (
            wide,
            "larger than",
            Box::new(move |k| is_parse(k, |e| matches!(e, ParseError::TooLarge { .. }))),
        ),
    ];
    #[cfg(unix)]
    {
        cases.push((
            PathBuf::from("/dev/null"),
            "not a regular file",
            Box::new(not_a_file),
        ));
        // Opening a FIFO for reading would block until a writer came along.
        let fifo = dir.path().join("fifo.xsb");
        let made_fifo = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made_fifo.success());
        cases.push((fifo, "not a regular file", Box::new(not_a_file)));
    }
    for (path, reason, kind) in cases {
        let mut app = crate::ui::menu_app(dir.path());
        crate::ui::open_path_prompt(&mut app);
        type_text(&mut app, &path.to_string_lossy());
        press(&mut app, &[key(KeyCode::Enter)]);
        assert_eq!(app.screen_name(), "path prompt", "{}", path.display());
        let error = messages(&app);
        assert!(error.contains(reason), "{}: {error}", path.display());
        let cause = app.messages().iter().find_map(|m| m.cause());
        assert!(
            matches!(cause, Some(Problem::Map(LoadError { kind: k, .. })) if kind(k)),
            "{}: {cause:?}",
            path.display()
        );
        assert!(!error.contains('\n'), "one line: {error}");
    }
}

#[test]
fn a_file_of_several_levels_is_read_once_and_played_as_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n";
    let map = write_map(dir.path(), "two.xsb", two);
    let mut app = open_map(dir.path(), &map);
    assert_eq!(app.screen_name(), "level list");
    // Changed or gone after it was opened, the file is not read again:
    // its levels play, and N moves on, as they were read.
    std::fs::write(&map, "not a level").expect("spoil the map");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "two.xsb #1");
    std::fs::remove_file(&map).expect("remove the map");
    press(&mut app, &[ch('n'), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "two.xsb #2");
    assert_eq!(level(&app).game.level().width(), 6);
}
