//! Damaged files and failed writes: the player is told, nothing is lost,
//! and the game goes on.

mod ui;

use crossterm::event::KeyCode;
use schokoban::app::Screen;
use schokoban::app::screens::finish::Stage;
use ui::{TINY, ch, key, open_map, play, press, screen_name, type_text, write_map};

#[test]
fn an_unreadable_save_is_offered_for_deletion_with_the_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "uu?d\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    let Screen::SavePrompt(prompt) = app.screen() else {
        panic!("expected the save question, got the {}", screen_name(&app))
    };
    let reason = prompt.damaged.as_deref().expect("a reason");
    assert!(
        reason.contains("tiny.xsb.sav") && reason.contains("move 3"),
        "{reason}"
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(play(&app).game.score(), 0, "the map still plays");
    assert!(!dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn a_save_that_does_not_replay_turns_into_the_damaged_question() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    // Three steps right walk into the wall.
    std::fs::write(dir.path().join("tiny.xsb.sav"), "rrr\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::SavePrompt(prompt) = app.screen() else {
        panic!("expected the save question, got the {}", screen_name(&app))
    };
    let reason = prompt.damaged.as_deref().expect("a reason");
    assert!(reason.contains("move 2"), "{reason}");
    // Escape keeps the file: the player may want to look at it.
    press(&mut app, &[key(KeyCode::Esc)]);
    assert!(dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn a_damaged_leaderboard_is_shown_as_read_and_moved_aside_before_a_new_score() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let damaged = "5 Good\n\u{1}\u{2}junk\n9 Fine\n";
    std::fs::write(dir.path().join("tiny.xsb.dat"), damaged).expect("board");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(play(&app).record, Some(5), "readable entries still count");
    let warning = play(&app).message.clone().expect("a warning");
    assert!(
        warning.text.contains("tiny.xsb.dat") && warning.text.contains("line 2"),
        "{}",
        warning.text
    );

    press(
        &mut app,
        &[key(KeyCode::Left), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    type_text(&mut app, "New");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the leaderboard")
    };
    assert_eq!(finish.stage, Stage::Board { selected: 0 });
    assert!(
        finish
            .messages
            .iter()
            .any(|m| m.text.contains("tiny.xsb.dat.damaged"))
    );
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
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    // A folder where the save should go: no rename can replace it, even as root.
    std::fs::create_dir(dir.path().join("tiny.xsb.sav")).expect("blocker");
    press(&mut app, &[ch('w'), key(KeyCode::Esc)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the leaderboard, got the {}", screen_name(&app))
    };
    assert!(
        finish
            .messages
            .iter()
            .any(|m| m.text.contains("Could not save")),
        "{:?}",
        finish.messages
    );
    // Play again still works.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert!(matches!(
        app.screen(),
        Screen::SavePrompt(_) | Screen::Play(_)
    ));
    assert!(app.is_running());
}

#[test]
fn a_score_that_cannot_be_written_is_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::create_dir(dir.path().join("tiny.xsb.dat")).expect("blocker");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Left), key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen")
    };
    assert!(
        !finish.messages.is_empty(),
        "the unreadable board is reported"
    );
    assert!(app.is_running());
}

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
    let mut cases = vec![
        (dir.path().join("missing.xsb"), "no such file"),
        (dir.path().to_path_buf(), "folder"),
        (empty, "no level"),
        (binary, "UTF-8"),
        (huge, "too large"),
        (wide, "larger than"),
    ];
    #[cfg(unix)]
    {
        cases.push((std::path::PathBuf::from("/dev/null"), "not a regular file"));
        // Opening a FIFO for reading would block until a writer came along.
        let fifo = dir.path().join("fifo.xsb");
        let made_fifo = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made_fifo.success());
        cases.push((fifo, "not a regular file"));
    }
    for (path, reason) in cases {
        let mut app = ui::menu_app(dir.path());
        press(&mut app, &[ch('s'), ch('s'), key(KeyCode::Enter)]);
        type_text(&mut app, &path.to_string_lossy());
        press(&mut app, &[key(KeyCode::Enter)]);
        let Screen::PathPrompt(prompt) = app.screen() else {
            panic!(
                "{}: expected the prompt, got the {}",
                path.display(),
                screen_name(&app)
            )
        };
        let error = prompt.error.as_deref().expect("an error");
        assert!(error.contains(reason), "{}: {error}", path.display());
        assert!(!error.contains('\n'), "one line: {error}");
    }
}

#[test]
fn a_level_that_can_no_longer_be_opened_says_why_on_the_list() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n";
    let map = write_map(dir.path(), "two.xsb", two);
    let mut app = open_map(dir.path(), &map);
    std::fs::remove_file(&map).expect("remove the map");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::LevelList(list) = app.screen() else {
        panic!("expected the level list, got the {}", screen_name(&app))
    };
    let notice = list.notice.as_deref().expect("a reason");
    assert!(
        notice.contains("two.xsb") && notice.contains("no such file"),
        "{notice}"
    );
    let text = format!("{:?}", ui::render(&app, 80, 24));
    assert!(text.contains("no such file"), "the reason is drawn");
    press(&mut app, &[ch('s')]);
    let Screen::LevelList(list) = app.screen() else {
        panic!("expected the level list")
    };
    assert_eq!(list.notice, None, "the next key dismisses it");
}
