//! The spec's flows, driven by key events against the app's state.

mod ui;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use schokoban::app::Screen;
use schokoban::app::screens::finish::Stage;
use ui::{TINY, ch, key, open_map, play, press, screen_name, type_text, write_map};

const LEFT: KeyCode = KeyCode::Left;

#[test]
fn main_menu_navigates_with_wasd_and_arrows_in_both_cases() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    let selected = |app: &schokoban::app::App| match app.screen() {
        Screen::MainMenu(menu) => menu.selected,
        _ => panic!("not the main menu"),
    };
    press(&mut app, &[ch('s')]);
    assert_eq!(selected(&app), 1);
    press(&mut app, &[ch('S'), key(KeyCode::Down)]);
    assert_eq!(selected(&app), 3);
    press(&mut app, &[ch('W'), key(KeyCode::Up), ch('w')]);
    assert_eq!(selected(&app), 0);
    // Up from the top wraps to Quit.
    press(&mut app, &[key(KeyCode::Up)]);
    assert_eq!(selected(&app), 3);
}

#[test]
fn key_releases_are_ignored() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    let release = KeyEvent::new_with_kind(KeyCode::Down, KeyModifiers::NONE, KeyEventKind::Release);
    app.handle_key(&release);
    match app.screen() {
        Screen::MainMenu(menu) => assert_eq!(menu.selected, 0),
        _ => panic!("not the main menu"),
    }
}

#[test]
fn escape_and_backspace_quit_from_the_main_menu() {
    for quit_key in [KeyCode::Esc, KeyCode::Backspace] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut app = ui::menu_app(dir.path());
        press(&mut app, &[key(quit_key)]);
        assert!(!app.is_running(), "{quit_key:?} should quit");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    press(&mut app, &[ch('s'), ch('s'), ch('s'), ch(' ')]);
    assert!(!app.is_running(), "Space on Quit quits");
}

#[test]
fn the_path_prompt_takes_game_keys_as_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    press(&mut app, &[ch('s'), ch('s'), key(KeyCode::Enter)]);
    assert_eq!(screen_name(&app), "path prompt");
    type_text(&mut app, "wasdRUx");
    press(&mut app, &[key(KeyCode::Backspace)]);
    let Screen::PathPrompt(prompt) = app.screen() else {
        panic!("not the prompt")
    };
    assert_eq!(prompt.input.text(), "wasdRU");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(screen_name(&app), "main menu");
}

#[test]
fn a_bad_path_shows_the_reason_under_the_input_and_keeps_the_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = ui::menu_app(dir.path());
    press(&mut app, &[ch('s'), ch('s'), key(KeyCode::Enter)]);
    let missing = dir.path().join("nope.xsb");
    type_text(&mut app, &missing.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::PathPrompt(prompt) = app.screen() else {
        panic!("not the prompt")
    };
    assert_eq!(prompt.input.text(), missing.to_string_lossy());
    let error = prompt.error.as_deref().expect("an error");
    assert!(
        error.contains("nope.xsb") && error.contains("no such file"),
        "{error}"
    );

    let broken = write_map(dir.path(), "broken.xsb", "#####\n#@@.#\n#####\n");
    press(&mut app, &[key(KeyCode::Home)]);
    for _ in 0..missing.to_string_lossy().chars().count() {
        press(&mut app, &[key(KeyCode::Delete)]);
    }
    type_text(&mut app, &broken.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::PathPrompt(prompt) = app.screen() else {
        panic!("not the prompt")
    };
    let error = prompt.error.as_deref().expect("an error");
    assert!(
        error.contains("broken.xsb") && error.contains("line 2"),
        "{error}"
    );
}

#[test]
fn tilde_expands_to_the_home_folder() {
    let home = dirs::home_dir().expect("a home folder");
    assert_eq!(
        schokoban::app::expand_path("~/maps/a.xsb"),
        home.join("maps/a.xsb")
    );
    assert_eq!(
        schokoban::app::expand_path("'x y.xsb'"),
        std::path::PathBuf::from("x y.xsb")
    );
    assert_eq!(
        schokoban::app::expand_path("rel/a.xsb"),
        std::path::PathBuf::from("rel/a.xsb")
    );
}

#[test]
fn moves_undos_and_reset_follow_the_spec_scoring() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w'), key(KeyCode::Down), ch('D'), ch('d')]);
    // The last D walks into the wall: not counted.
    assert_eq!(play(&app).game.score(), 3);
    press(&mut app, &[ch('u'), ch('U')]);
    assert_eq!(play(&app).game.score(), 5);
    press(&mut app, &[ch('r')]);
    assert_eq!(play(&app).game.score(), 0);
    assert_eq!(play(&app).game.player(), schokoban::game::Pos::new(4, 2));
}

#[test]
fn escape_saves_an_unsolved_game_and_reopening_offers_to_load_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w'), ch('u'), ch('d'), key(KeyCode::Esc)]);
    let save = dir.path().join("tiny.xsb.sav");
    assert_eq!(
        std::fs::read_to_string(&save).expect("save written"),
        "uxr\n"
    );
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the leaderboard, got the {}", screen_name(&app))
    };
    assert_eq!(finish.solved_score, None);
    assert_eq!(finish.stage, Stage::Board { selected: 0 });
    assert!(
        finish.messages[0].text.contains("saved"),
        "{:?}",
        finish.messages
    );

    // Play again: the saved game is offered, Load first.
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::SavePrompt(prompt) = app.screen() else {
        panic!("expected the save question, got the {}", screen_name(&app))
    };
    assert_eq!(prompt.selected, 0);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(play(&app).game.score(), 3, "the count continues");
    press(&mut app, &[ch('a')]);
    assert_eq!(play(&app).game.score(), 4);
}

#[test]
fn deleting_a_save_starts_fresh_and_escape_goes_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "uu\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(screen_name(&app), "save prompt");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(screen_name(&app), "main menu");

    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(play(&app).game.score(), 0);
    assert!(!dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn solving_asks_for_the_leaderboard_then_a_nickname_and_writes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.dat"), "1 Ace\n9 Slow\n").expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w'), ch('s'), key(LEFT)]);
    assert_eq!(screen_name(&app), "play", "the solved board stays up");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen, got the {}", screen_name(&app))
    };
    assert_eq!(finish.solved_score, Some(3));
    assert_eq!(finish.stage, Stage::Qualify { yes: true });

    press(&mut app, &[key(KeyCode::Enter)]);
    type_text(&mut app, "Wasd Ru");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the leaderboard")
    };
    assert_eq!(finish.new_place, Some(1));
    assert_eq!(finish.stage, Stage::Board { selected: 0 });
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        "1 Ace\n3 Wasd Ru\n9 Slow\n"
    );
    // Main menu is the second choice.
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(screen_name(&app), "main menu");
}

#[test]
fn a_bad_nickname_is_refused_with_a_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(
        &mut app,
        &[key(LEFT), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    type_text(&mut app, "   ");
    press(&mut app, &[key(KeyCode::Enter)]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen")
    };
    assert!(matches!(
        &finish.stage,
        Stage::Nickname { error: Some(_), .. }
    ));
    assert!(!dir.path().join("tiny.xsb.dat").exists());
}

#[test]
fn a_score_that_does_not_qualify_goes_straight_to_the_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    // The level takes one move at best: a board of 0s cannot be matched.
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("0 Player {i}\n"));
    std::fs::write(dir.path().join("tiny.xsb.dat"), &full).expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(LEFT), ch(' ')]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen")
    };
    assert_eq!(finish.stage, Stage::Board { selected: 0 });
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        full
    );
}

#[test]
fn a_score_that_ties_the_last_of_a_full_board_is_offered_its_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("1 Player {i}\n"));
    std::fs::write(dir.path().join("tiny.xsb.dat"), &full).expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(LEFT), ch(' ')]);
    let Screen::Finish(finish) = app.screen() else {
        panic!("expected the end screen")
    };
    assert_eq!(finish.stage, Stage::Qualify { yes: true });
    press(&mut app, &[key(KeyCode::Enter)]);
    type_text(&mut app, "Tie");
    press(&mut app, &[key(KeyCode::Enter)]);
    let board = std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board");
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[8], "1 Player 9", "earlier ties keep their places");
    assert_eq!(lines[9], "1 Tie");
}

#[test]
fn solving_deletes_the_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "u\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    press(
        &mut app,
        &[key(KeyCode::Enter), ch('s'), key(LEFT), key(KeyCode::Enter)],
    );
    assert_eq!(screen_name(&app), "finish");
    assert!(!dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn a_file_with_several_levels_asks_which_one_and_keeps_records_apart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "; 1\n#####\n#@$.#\n#####\n\n; 2\n'Second'\n######\n#@ $.#\n######\n";
    let map = write_map(dir.path(), "two.xsb", two);
    let mut app = open_map(dir.path(), &map);
    let Screen::LevelList(list) = app.screen() else {
        panic!("expected the level list, got the {}", screen_name(&app))
    };
    assert_eq!(list.rows.len(), 2);
    assert_eq!(list.rows[1].title, "Second");
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(play(&app).opened.title, "Second");
    press(&mut app, &[ch('d'), key(KeyCode::Esc)]);
    assert!(dir.path().join("two.xsb.2.sav").exists());
    assert!(!dir.path().join("two.xsb.sav").exists());
}

#[test]
fn ctrl_c_quits_from_inside_a_level() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    app.handle_key(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(!app.is_running());
}

#[test]
fn tab_completes_a_path_like_a_shell() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_map(dir.path(), "alpha.xsb", TINY);
    write_map(dir.path(), ".hidden.xsb", TINY);
    std::fs::create_dir(dir.path().join("alps")).expect("folder");
    let base = format!("{}/", dir.path().display());

    let completion = schokoban::app::complete(&format!("{base}al"));
    assert_eq!(completion.text, format!("{base}alp"));
    assert_eq!(completion.candidates, ["alpha.xsb", "alps/"]);
    assert_eq!(
        schokoban::app::complete(&format!("{base}alph")).text,
        format!("{base}alpha.xsb")
    );
    assert_eq!(
        schokoban::app::complete(&format!("{base}alps")).text,
        format!("{base}alps/")
    );
    assert_eq!(
        schokoban::app::complete(&format!("{base}.h")).text,
        format!("{base}.hidden.xsb")
    );
    assert_eq!(
        schokoban::app::complete(&format!("{base}zz")).text,
        format!("{base}zz")
    );

    // In the prompt, Tab then Enter opens the completed map.
    let mut app = ui::menu_app(dir.path());
    press(&mut app, &[ch('s'), ch('s'), key(KeyCode::Enter)]);
    type_text(&mut app, &format!("{base}alph"));
    press(&mut app, &[key(KeyCode::Tab), key(KeyCode::Enter)]);
    assert_eq!(play(&app).opened.title, "Tiny");
}
