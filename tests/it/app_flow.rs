//! The spec's flows, driven by key events against the app's state.

use crate::ui::{
    TINY, assert_screen, ch, key, level, messages, open_map, open_path_prompt, press, screen_text,
    start_menu, start_tiny, type_text, write_map,
};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

const LEFT: KeyCode = KeyCode::Left;

#[test]
fn main_menu_navigates_with_wasd_and_arrows_in_both_cases() {
    let (_dir, mut app) = start_menu();
    press(&mut app, &[ch('s')]);
    assert_eq!(app.selected(), Some(1));
    press(&mut app, &[ch('S'), key(KeyCode::Down)]);
    assert_eq!(app.selected(), Some(3));
    press(&mut app, &[ch('W'), key(KeyCode::Up), ch('w')]);
    assert_eq!(app.selected(), Some(0));
    // Up from the top wraps to Quit, the last line.
    press(&mut app, &[key(KeyCode::Up)]);
    assert_screen!("main_menu_up_from_the_top", &mut app);
}

#[test]
fn key_releases_are_ignored() {
    let (_dir, mut app) = start_menu();
    let release = KeyEvent::new_with_kind(KeyCode::Down, KeyModifiers::NONE, KeyEventKind::Release);
    app.handle_key(&release);
    assert_eq!(app.screen_name(), "main menu");
    assert_eq!(app.selected(), Some(0));
}

#[test]
fn esc_and_backspace_on_the_main_menu_ask_before_quitting() {
    for back in [KeyCode::Esc, KeyCode::Backspace] {
        for again in [KeyCode::Esc, KeyCode::Backspace, KeyCode::Enter] {
            let (_dir, mut app) = start_menu();
            press(&mut app, &[key(back)]);
            assert!(app.is_running(), "{back:?} alone does not quit");
            assert!(screen_text(&app).contains("Esc or Enter quits; other keys stay"));
            press(&mut app, &[key(again)]);
            assert!(!app.is_running(), "{back:?} then {again:?} quits");
        }
        // Any other key stays, and does what it does.
        let (_dir, mut app) = start_menu();
        press(&mut app, &[key(back), key(KeyCode::Down)]);
        assert!(app.is_running());
        assert_eq!(app.selected(), Some(1));
        assert!(!screen_text(&app).contains("other keys stay"));
        press(&mut app, &[key(KeyCode::Enter)]);
        assert_eq!(app.screen_name(), "collections", "Enter is Enter again");
    }
    let (_dir, mut app) = start_menu();
    press(&mut app, &[key(KeyCode::Up), ch(' ')]);
    assert!(!app.is_running(), "Space on Quit quits");
}

#[test]
fn the_path_prompt_takes_game_keys_as_text() {
    let (_dir, mut app) = start_menu();
    open_path_prompt(&mut app);
    type_text(&mut app, "wasdRUx");
    press(&mut app, &[key(KeyCode::Backspace)]);
    assert_eq!(app.input(), Some("wasdRU"));
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
}

#[test]
fn a_bad_path_shows_the_reason_under_the_input_and_keeps_the_text() {
    let (dir, mut app) = start_menu();
    open_path_prompt(&mut app);
    let missing = dir.path().join("nope.xsb");
    type_text(&mut app, &missing.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "path prompt");
    assert_eq!(app.input(), Some(&*missing.to_string_lossy()));
    assert_eq!(
        messages(&app),
        format!("{}: no such file", missing.display())
    );

    let broken = write_map(dir.path(), "broken.xsb", "#####\n#@@.#\n#####\n");
    press(&mut app, &[key(KeyCode::Home)]);
    for _ in 0..missing.to_string_lossy().chars().count() {
        press(&mut app, &[key(KeyCode::Delete)]);
    }
    type_text(&mut app, &broken.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "path prompt");
    assert_eq!(
        messages(&app),
        format!("{}: line 2, column 3: a second player", broken.display())
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
    let (_dir, mut app) = start_tiny();
    press(&mut app, &[ch('w'), key(KeyCode::Down), ch('D'), ch('d')]);
    // The last D walks into the wall: not counted.
    assert_eq!(level(&app).game.score(), 3);
    press(&mut app, &[ch('u'), ch('U')]);
    assert_eq!(level(&app).game.score(), 5);
    press(&mut app, &[ch('r')]);
    assert_eq!(level(&app).game.score(), 0);
    assert_eq!(level(&app).game.player(), schokoban_core::Pos::new(4, 2));
}

#[test]
fn escape_saves_an_unsolved_game_and_reopening_offers_to_load_it() {
    let (dir, mut app) = start_tiny();
    press(&mut app, &[ch('w'), ch('u'), ch('d'), key(KeyCode::Esc)]);
    let save = dir.path().join("tiny.xsb.sav");
    assert_eq!(
        std::fs::read_to_string(&save).expect("save written"),
        "uxr\n"
    );
    assert_eq!(app.screen_name(), "finish", "the leaderboard");
    assert_screen!("finish_after_escape_saved", &mut app);

    // Play again: the saved game is offered, Load first.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "save prompt");
    assert_eq!(app.selected(), Some(0));
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).game.score(), 3, "the count continues");
    press(&mut app, &[ch('a')]);
    assert_eq!(level(&app).game.score(), 4);
}

#[test]
fn deleting_a_save_starts_fresh_and_escape_goes_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.sav"), "uu\n").expect("save");
    let mut app = open_map(dir.path(), &map);
    assert_eq!(app.screen_name(), "save prompt");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");

    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(level(&app).game.score(), 0);
    assert!(!dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn solving_asks_for_the_leaderboard_then_a_nickname_and_writes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(dir.path().join("tiny.xsb.dat"), "1 Ace\n9 Slow\n").expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w'), ch('s'), key(LEFT)]);
    assert_eq!(app.screen_name(), "play", "the solved board stays up");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    assert_screen!("finish_solved_add_your_score", &mut app);
    assert_eq!(app.selected(), Some(0), "Yes comes first");

    press(&mut app, &[key(KeyCode::Enter)]);
    type_text(&mut app, "Wasd Ru");
    press(&mut app, &[key(KeyCode::Enter)]);
    // The new entry marked, then Watch your run; Ace's best run was not
    // kept, so no Watch the best run.
    assert_screen!("finish_the_board_with_the_new_entry", &mut app);
    assert_eq!(app.selected(), Some(0), "the board, Play again first");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        "1 Ace\n3 Wasd Ru\n9 Slow\n"
    );
    // Main menu is fourth, after the statistics.
    press(&mut app, &[ch('s'), ch('s'), ch('s'), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "main menu");
}

#[test]
fn a_bad_nickname_is_refused_with_a_reason() {
    let (dir, mut app) = start_tiny();
    press(
        &mut app,
        &[key(LEFT), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    type_text(&mut app, "   ");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.input(), Some("   "), "still asking");
    assert_screen!("finish_a_blank_nickname_refused", &mut app);
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
    assert_eq!(app.screen_name(), "finish");
    // No offer, and the miss is told, not silent.
    assert_screen!("finish_a_score_that_does_not_qualify", &mut app);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        full
    );
}

#[test]
fn a_score_that_ties_the_last_of_a_full_board_leaves_it_as_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("1 Player {i}\n"));
    std::fs::write(dir.path().join("tiny.xsb.dat"), &full).expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(LEFT), ch(' ')]);
    assert_eq!(app.screen_name(), "finish");
    // No offer, and the player is told why.
    assert_screen!("finish_a_tie_with_the_last_of_a_full_board", &mut app);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("tiny.xsb.dat")).expect("board"),
        full,
        "first come, first served"
    );
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
    assert_eq!(app.screen_name(), "finish");
    assert!(!dir.path().join("tiny.xsb.sav").exists());
}

#[test]
fn a_file_with_several_levels_asks_which_one_and_keeps_records_apart() {
    let two = "; 1\n#####\n#@$.#\n#####\n\n; 2\n'Second'\n######\n#@ $.#\n######\n";
    let (dir, mut app) = crate::ui::start_on("two.xsb", two);
    assert_eq!(app.screen_name(), "level list");
    assert_screen!("level_list_of_a_file_of_two", &mut app);
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Second");
    press(&mut app, &[ch('d'), key(KeyCode::Esc)]);
    assert!(dir.path().join("two.xsb.2.sav").exists());
    assert!(!dir.path().join("two.xsb.sav").exists());
}

#[test]
fn ctrl_c_quits_from_inside_a_level() {
    let (_dir, mut app) = start_tiny();
    app.handle_key(&KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(!app.is_running());
}

#[test]
fn tab_completes_a_path_like_a_shell() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_map(dir.path(), "alpha.xsb", TINY);
    write_map(dir.path(), ".hidden.xsb", TINY);
    std::fs::create_dir(dir.path().join("alps")).expect("folder");
    // The game's own records beside the map are no maps to open.
    for records in ["alpine.xsb.dat", "alpine.xsb.sav", "alpine.xsb.runs"] {
        std::fs::write(dir.path().join(records), "1 A\n").expect("record");
    }
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
    let mut app = crate::ui::menu_app(dir.path());
    open_path_prompt(&mut app);
    type_text(&mut app, &format!("{base}alph"));
    press(&mut app, &[key(KeyCode::Tab), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Tiny");
}

#[test]
fn the_leaderboard_offer_takes_y_and_n_in_either_case() {
    for (answer, joins) in [('N', false), ('n', false), ('Y', true), ('y', true)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let map = write_map(dir.path(), "tiny.xsb", TINY);
        let mut app = open_map(dir.path(), &map);
        press(&mut app, &[key(LEFT), ch(' ')]);
        assert!(screen_text(&app).contains("to the leaderboard?"));
        // A terminal sends an uppercase letter with Shift held.
        let modifiers = if answer.is_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        press(&mut app, &[KeyEvent::new(KeyCode::Char(answer), modifiers)]);
        assert_eq!(
            app.input().is_some(),
            joins,
            "{answer}: {}",
            screen_text(&app)
        );
        if joins {
            type_text(&mut app, "Ann");
            let text = screen_text(&app);
            assert!(text.contains("Your nickname (3/20):"), "a counter: {text}");
        } else {
            assert!(screen_text(&app).contains("▶ Play again"), "{answer}");
        }
    }
}
