//! Endless mode, driven with key events: the menu, a level made in the
//! background, played to the end, its board, the next level, and the same
//! seed bringing back the same level with its record.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::ui::{
    assert_screen, ch, key, level, press, screen, screen_text, start_menu, type_text,
    wait_while_busy,
};
use crossterm::event::KeyCode;
use schokoban::app::App;
use schokoban::library::fresh_seed;
use schokoban_core::{Direction, Step};
use schokoban_generate::{Difficulty, Entry, Generated, Request, Size, generate};

/// The main menu's line for Endless, counting from 0.
const ENDLESS_LINE: usize = 4;

pub(crate) fn small_easy(seed: u64) -> Generated {
    let request = Request {
        seed,
        size: Size::Small,
        difficulty: Difficulty::Easy,
    };
    generate(&request, &AtomicBool::new(false), &mut |_| {}).expect("a level")
}

/// From the main menu to Endless's menu.
pub(crate) fn endless_menu(app: &mut App) {
    // The main menu remembers its line: go down until Endless.
    for _ in 0..8 {
        if app.selected() == Some(ENDLESS_LINE) {
            break;
        }
        press(app, &[key(KeyCode::Down)]);
    }
    press(app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "endless menu");
}

/// From the main menu, through Endless, to a small easy level from `seed`
/// being made.
pub(crate) fn ask_for_small_easy(app: &mut App, seed: u64) {
    endless_menu(app);
    assert!(screen_text(app).contains("How big a level?"));
    press(app, &[key(KeyCode::Enter)]);
    assert!(screen_text(app).contains("A small level: how hard?"));
    press(app, &[key(KeyCode::Enter)]);
    let offered = app.input().expect("a seed field").len();
    assert!(offered > 0, "a fresh seed is offered");
    for _ in 0..offered {
        press(app, &[key(KeyCode::Backspace)]);
    }
    type_text(app, &seed.to_string());
    press(app, &[key(KeyCode::Enter)]);
}

/// Takes in the generator's reports until it is done, as the event loop
/// does when it wakes, insisting the level is then open.
pub(crate) fn wait_for_level(app: &mut App) {
    wait_while_busy(app);
    assert_eq!(app.screen_name(), "play", "{}", screen_text(app));
}

pub(crate) fn arrow(step: Step) -> crossterm::event::KeyEvent {
    key(match step.direction {
        Direction::Left => KeyCode::Left,
        Direction::Up => KeyCode::Up,
        Direction::Right => KeyCode::Right,
        Direction::Down => KeyCode::Down,
    })
}

#[test]
fn an_endless_level_plays_scores_moves_on_and_comes_back_by_its_seed() {
    let (dir, mut app) = start_menu();
    ask_for_small_easy(&mut app, 7);
    assert_eq!(app.screen_name(), "generating");
    wait_for_level(&mut app);
    let expected = small_easy(7);
    assert_eq!(level(&app).title, "Endless S-E 7");
    assert_eq!(level(&app).game.level(), &expected.level);
    assert_eq!(level(&app).record, None);
    // Played to the end with the solver's solution, the score goes on the
    // board under a nickname.
    let keys: Vec<_> = expected.solution.iter().copied().map(arrow).collect();
    press(&mut app, &keys);
    assert!(level(&app).game.is_solved());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    press(&mut app, &[key(KeyCode::Enter)]);
    type_text(&mut app, "tester");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_screen!("finish_scored_with_next_endless_level", &mut app);
    let kept = dir.path().join("data/endless/small-easy-7.xsb");
    assert!(kept.is_file() && kept.with_extension("xsb.dat").is_file());
    // The next endless level is another one.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "generating");
    wait_for_level(&mut app);
    assert!(level(&app).title.starts_with("Endless S-E "));
    assert_ne!(level(&app).title, "Endless S-E 7");
    assert_ne!(level(&app).game.level(), &expected.level);
    // Leaving it, and asking for seed 7 again, brings back the level with
    // its record.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    ask_for_small_easy(&mut app, 7);
    wait_for_level(&mut app);
    assert_eq!(level(&app).game.level(), &expected.level);
    assert_eq!(level(&app).record, Some(expected.solution.len()));
}

#[test]
fn a_level_kept_for_the_seed_is_played_as_kept_with_its_records() {
    let (dir, mut app) = start_menu();
    // Seed 7's file as an older generator made it: another board than
    // the generator makes from seed 7 now.
    let older = small_easy(8)
        .to_xsb()
        .replace("Endless S-E 8", "Endless S-E 7 (older)")
        .replace("Seed: 8 (", "Seed: 7 (");
    let older_level = Entry::parse(&older).expect("an entry").level;
    assert_ne!(older_level, small_easy(7).level);
    let folder = dir.path().join("data/endless");
    std::fs::create_dir_all(&folder).expect("the endless folder");
    let kept = folder.join("small-easy-7.xsb");
    std::fs::write(&kept, &older).expect("the older level");
    ask_for_small_easy(&mut app, 7);
    // Played at once: nothing is made.
    assert_eq!(app.screen_name(), "play");
    assert_eq!(level(&app).game.level(), &older_level);
    assert_eq!(std::fs::read_to_string(&kept).expect("kept"), older);
    // A game left on it is saved beside it and offered again.
    let first = small_easy(8).solution[0];
    press(&mut app, &[arrow(first), key(KeyCode::Esc)]);
    assert!(kept.with_extension("xsb.sav").is_file());
    press(&mut app, &[key(KeyCode::Esc)]);
    ask_for_small_easy(&mut app, 7);
    assert_eq!(app.screen_name(), "save prompt", "{}", screen_text(&app));
    assert_eq!(std::fs::read_to_string(&kept).expect("kept"), older);
    // The question names the whole title, in fewer words where the
    // screen is narrow.
    let heading = |rows: Vec<String>| rows.into_iter().find(|row| row.contains("aved game"));
    let wide = heading(screen(&mut app, 80, 24)).expect("a heading");
    assert!(
        wide.contains("A saved game exists for Endless S-E 7 (older)"),
        "{wide}"
    );
    let narrow = heading(screen(&mut app, 40, 12)).expect("a heading");
    assert!(
        narrow.contains("Saved game: Endless S-E 7 (older)"),
        "{narrow}"
    );
}

#[test]
fn escape_stops_the_making_and_steps_back_through_the_menu() {
    let (_dir, mut app) = start_menu();
    ask_for_small_easy(&mut app, 11);
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "endless menu");
    assert!(app.input().is_some(), "back at the seed");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_screen!("back_at_how_hard", &mut app);
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
}

#[test]
fn the_fresh_seed_is_read_from_the_app_s_clock() {
    let (_dir, mut app) = start_menu();
    endless_menu(&mut app);
    let first = Duration::new(1_234, 567_891);
    app.set_time(first);
    app.tick();
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    let offered = fresh_seed(first).to_string();
    assert_eq!(app.input(), Some(offered.as_str()));

    // Back at "how hard?" and on again later: another reading, another seed.
    press(&mut app, &[key(KeyCode::Esc)]);
    let later = Duration::new(1_240, 98_765);
    app.set_time(later);
    app.tick();
    press(&mut app, &[key(KeyCode::Enter)]);
    let offered_later = fresh_seed(later).to_string();
    assert_ne!(offered_later, offered);
    assert_eq!(app.input(), Some(offered_later.as_str()));
}

#[test]
fn a_seed_that_is_no_number_is_refused() {
    let (_dir, mut app) = start_menu();
    ask_for_small_easy(&mut app, 5);
    press(&mut app, &[key(KeyCode::Esc)]);
    type_text(&mut app, "x");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "endless menu");
    assert_screen!("a_seed_that_is_no_number", &mut app);
}

#[test]
fn the_menu_fits_80x24_and_40x12() {
    let (_dir, mut app) = start_menu();
    for _ in 0..ENDLESS_LINE {
        press(&mut app, &[ch('s')]);
    }
    press(
        &mut app,
        &[key(KeyCode::Enter), key(KeyCode::Down), key(KeyCode::Enter)],
    );
    assert_screen!("a_medium_level_how_hard_80x24", &mut app);
    assert_screen!("a_medium_level_how_hard_40x12", &mut app, 40, 12);
}

#[test]
fn an_endless_level_left_unsolved_is_saved_and_offered_again_by_its_seed() {
    let (dir, mut app) = start_menu();
    ask_for_small_easy(&mut app, 3);
    wait_for_level(&mut app);
    let first = small_easy(3).solution[0];
    press(&mut app, &[arrow(first), key(KeyCode::Esc)]);
    assert!(
        dir.path()
            .join("data/endless/small-easy-3.xsb.sav")
            .is_file()
    );
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    ask_for_small_easy(&mut app, 3);
    wait_while_busy(&mut app);
    assert_eq!(app.screen_name(), "save prompt");
}

#[test]
fn the_daily_line_makes_today_s_level_kept_apart_from_its_seed() {
    let (dir, mut app) = start_menu();
    // 2026-12-24, 01:00 UTC on the app's clock: its daily level, whatever
    // the day the test runs.
    app.set_date(20_811 * 86_400 + 3600);
    endless_menu(&mut app);
    // Below the three sizes.
    press(&mut app, &[key(KeyCode::Down); 3]);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "generating");
    assert!(screen_text(&app).contains("Making the daily level of"));
    wait_for_level(&mut app);
    assert_eq!(level(&app).title, "Daily 2026-12-24");
    let kept = dir.path().join("data/endless/daily-2026-12-24.xsb");
    assert!(kept.is_file(), "{}", kept.display());
}
