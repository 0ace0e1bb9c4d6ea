//! Pasting levels: at the main menu or in the Custom map prompt a paste of
//! XSB text opens at once, is kept in the data folder, and finds its records
//! again when pasted after a restart.

use crate::ui::{
    TINY, assert_screen, ch, key, level, menu_app, messages, open_path_prompt, paste, press,
    start_menu, type_text,
};
use crossterm::event::KeyCode;

const TWO_LEVELS: &str = "#####\n#@$.#\n#####\nTitle: One\n\n######\n#@ $.#\n######\nTitle: Two\n";

#[test]
fn a_pasted_level_plays_and_its_score_survives_a_restart() {
    let (dir, mut app) = start_menu();
    paste(&mut app, TINY);
    assert_eq!(level(&app).title, "Tiny");
    assert_eq!(level(&app).record, None);
    // Solve, accept, answer Yes, give a name.
    press(
        &mut app,
        &[key(KeyCode::Left), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    type_text(&mut app, "Ann");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    assert_screen!("finish_a_pasted_level_scored", &mut app);
    let kept = std::fs::read_dir(dir.path().join("data/pasted"))
        .expect("the pasted folder")
        .count();
    assert!(kept >= 2, "the level and its leaderboard are kept");

    // A new game on the same data folder, the same text with other line endings.
    let mut again = menu_app(dir.path());
    paste(&mut again, &TINY.replace('\n', "\r\n"));
    assert_eq!(level(&again).title, "Tiny");
    assert_eq!(level(&again).record, Some(1), "the score was found again");
}

#[test]
fn a_paste_of_several_levels_asks_which() {
    let (_dir, mut app) = start_menu();
    paste(&mut app, TWO_LEVELS);
    assert_eq!(app.screen_name(), "level list");
    assert_screen!("pasted_levels_choose_a_level", &mut app);
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Two");
}

#[test]
fn a_pasted_level_is_named_by_the_title_written_above_it() {
    let (_dir, mut app) = start_menu();
    paste(
        &mut app,
        "Title: Written Above\nAuthor: Zoë\n#####\n#@$.#\n#####\n",
    );
    assert_eq!(level(&app).title, "Written Above");
    assert_screen!("a_pasted_level_named_from_above", &mut app);
}

#[test]
fn a_paste_in_the_path_prompt_opens_levels_but_types_a_path() {
    let (_dir, mut app) = start_menu();
    open_path_prompt(&mut app);
    paste(&mut app, "~/levels/one.xsb");
    assert_eq!(app.input(), Some("~/levels/one.xsb"));
    // Line breaks as a terminal often sends them: carriage returns.
    paste(&mut app, &TINY.replace('\n', "\r"));
    assert_eq!(level(&app).title, "Tiny");
}

#[test]
fn a_bad_paste_is_refused_with_the_line() {
    let (_dir, mut app) = start_menu();
    paste(&mut app, "#####\n#@$.#\n#####\n#@..#\n");
    assert_eq!(app.screen_name(), "main menu");
    // Shown under the menu, at the smallest size too.
    assert_screen!("a_bad_paste_refused", &mut app);
    assert_screen!("a_bad_paste_refused_40x12", &mut app, 40, 12);

    open_path_prompt(&mut app);
    paste(&mut app, "#####\n#@$$#\n#####\n");
    assert_eq!(app.screen_name(), "path prompt");
    assert!(
        messages(&app).starts_with("the pasted text: "),
        "{}",
        messages(&app)
    );
}
