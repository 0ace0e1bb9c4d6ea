//! Issue 68: statistics. Attempts, time played and solves are counted in
//! `statistics.txt`, right after leaving and coming back, after a signal
//! (the keep carried out as the signal thread does), and after two games
//! on one map; a pause of more than a minute is not time played. Time and
//! dates are the app's clock, set by the tests.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use schokoban::app::App;
use schokoban_core::{Direction, parse_level};
use schokoban_solver::{Limits, Outcome, Strategy, solve};
use tempfile::TempDir;

use crate::ui::{
    TINY, ch, choose, key, menu_app, open_path_prompt, press, screen, type_text, write_map,
};

/// 2026-11-20 09:00 UTC, the first day of the week of play.
pub const FIRST_DAY: u64 = 20_777 * 86_400 + 9 * 3600;
const DAY: u64 = 86_400;

const ENTER: KeyEvent = KeyEvent::new(KeyCode::Enter, crossterm::event::KeyModifiers::NONE);
const ESC: KeyEvent = KeyEvent::new(KeyCode::Esc, crossterm::event::KeyModifiers::NONE);

/// A game on the data folder in `dir`, its clock stopped at 0 and its
/// date `date` (seconds since 1970, UTC) then.
pub fn game_on(dir: &Path, date: u64) -> App {
    let mut app = menu_app(dir);
    app.set_date(date);
    app
}

/// `keys` pressed at `seconds` on the app's clock, each followed by the
/// tick the event loop gives.
pub fn at(app: &mut App, seconds: u64, keys: &[KeyEvent]) {
    app.set_time(Duration::from_secs(seconds));
    press(app, keys);
    app.tick();
}

/// The tiny map in `dir`, opened from the main menu at time 0; a saved
/// game is loaded.
fn open_tiny(app: &mut App, dir: &Path) {
    let map = dir.join("tiny.xsb");
    if !map.exists() {
        write_map(dir, "tiny.xsb", TINY);
    }
    open_path_prompt(app);
    type_text(app, &map.to_string_lossy());
    press(app, &[ENTER]);
    if app.screen_name() == "save prompt" {
        press(app, &[ENTER]);
    }
}

/// The sums of `key` over the statistics file's lines about levels whose
/// key ends with `level`.
pub fn total(dir: &Path, level: &str, field: &str) -> u64 {
    let text = std::fs::read_to_string(dir.join("data/statistics.txt")).unwrap_or_default();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            line.split_whitespace()
                .any(|word| word.starts_with("level=") && word.ends_with(level))
        })
        .filter_map(|line| {
            line.split_whitespace()
                .find_map(|word| word.strip_prefix(&format!("{field}=")))
                .map(|value| value.trim_end_matches('s').parse::<u64>().expect("a count"))
        })
        .sum()
}

const RIGHT: KeyEvent = KeyEvent::new(KeyCode::Right, crossterm::event::KeyModifiers::NONE);
const LEFT: KeyEvent = KeyEvent::new(KeyCode::Left, crossterm::event::KeyModifiers::NONE);

#[test]
fn time_attempts_and_solves_are_right_after_leaving_and_coming_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    assert_eq!(app.screen_name(), "play");
    at(&mut app, 10, &[RIGHT]);
    at(&mut app, 25, &[LEFT]);
    // Eight hours away from the keyboard: not played.
    at(&mut app, 25 + 8 * 3600, &[RIGHT]);
    at(&mut app, 55 + 8 * 3600, &[ESC]);
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 1);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 10 + 15 + 30);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "solves"), 0);
    drop(app);

    // The next day: the saved game goes on, the same attempt.
    let mut app = game_on(dir.path(), FIRST_DAY + DAY);
    open_tiny(&mut app, dir.path());
    at(&mut app, 20, &[LEFT]);
    at(&mut app, 30, &[LEFT]);
    at(&mut app, 31, &[ENTER]);
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 1);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 55 + 20 + 10 + 1);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "solves"), 1);
    let text = std::fs::read_to_string(dir.path().join("data/statistics.txt")).expect("file");
    assert!(text.contains("day=2026-11-20 "), "{text}");
    assert!(
        text.contains("day=2026-11-21 ") && text.contains("first-solve=2026-11-21T09:00:30Z"),
        "{text}"
    );

    // The statistics screen, from the leaderboard, says so.
    press(&mut app, &[ch('n')]);
    choose(&mut app, "Statistics");
    assert_eq!(app.screen_name(), "statistics");
    let shown = screen(&mut app, 80, 24).join("\n");
    assert!(
        shown.contains("1 attempt · 1m 26s played · 1 solve"),
        "{shown}"
    );
    assert!(
        shown.contains("First solved 2026-11-21 09:00 UTC"),
        "{shown}"
    );
}

#[test]
fn a_restart_begins_another_attempt_and_a_resumed_save_does_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    at(&mut app, 1, &[RIGHT]);
    at(&mut app, 2, &[ch('r')]);
    at(&mut app, 3, &[RIGHT]);
    // A reset taken back before a move goes on with the attempt it ended.
    at(&mut app, 4, &[ch('r'), ch('u')]);
    at(&mut app, 5, &[LEFT, ESC]);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 2);
    drop(app);
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    at(&mut app, 1, &[RIGHT, ESC]);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 2);
}

#[test]
fn a_level_only_looked_at_counts_no_time_and_an_attempt_counts_from_its_opening() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    // Keys that move nothing: zoom, and the help opened and closed.
    at(&mut app, 5, &[ch('z')]);
    at(&mut app, 8, &[ch('?'), ESC]);
    at(&mut app, 20, &[ESC]);
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 0);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 0);
    drop(app);
    // Looked at, then moved: the attempt's time runs from the opening.
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    at(&mut app, 5, &[ch('z')]);
    at(&mut app, 9, &[RIGHT]);
    at(&mut app, 12, &[ESC]);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 1);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 12);
}

#[test]
fn a_signal_writes_the_time_and_attempt_of_the_game_in_progress() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    at(&mut app, 5, &[RIGHT]);
    at(&mut app, 12, &[LEFT]);
    // What the thread that takes SIGTERM, SIGHUP or SIGINT does.
    let said = app.keep().carry_out().expect("the game was saved");
    assert!(said.text.starts_with("Game saved"), "{}", said.text);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 1);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 12);
    // Carried out once: nothing is counted twice.
    assert!(app.keep().carry_out().is_none());
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 12);
}

#[test]
fn a_signal_on_a_solved_board_counts_the_solve_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    at(&mut app, 5, &[LEFT]);
    app.keep().carry_out();
    assert_eq!(total(dir.path(), "tiny.xsb/1", "solves"), 1);
    drop(app);
    // Opened again, the solve is offered for the leaderboard: not counted again.
    let mut app = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut app, dir.path());
    assert_eq!(app.screen_name(), "finish");
    assert_eq!(total(dir.path(), "tiny.xsb/1", "solves"), 1);
}

#[test]
fn two_games_on_one_map_both_count() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = game_on(dir.path(), FIRST_DAY);
    let mut second = game_on(dir.path(), FIRST_DAY);
    open_tiny(&mut first, dir.path());
    open_tiny(&mut second, dir.path());
    at(&mut first, 10, &[RIGHT]);
    at(&mut second, 20, &[RIGHT]);
    at(&mut second, 30, &[LEFT]);
    at(&mut first, 40, &[ESC]);
    at(&mut second, 35, &[ESC]);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "attempts"), 2);
    assert_eq!(total(dir.path(), "tiny.xsb/1", "played"), 40 + 35);
}

/// The keys that play `steps`.
pub fn keys_of(steps: &[schokoban_core::Step]) -> Vec<KeyEvent> {
    steps
        .iter()
        .map(|step| {
            key(match step.direction {
                Direction::Up => KeyCode::Up,
                Direction::Down => KeyCode::Down,
                Direction::Left => KeyCode::Left,
                Direction::Right => KeyCode::Right,
            })
        })
        .collect()
}

/// A solution of Microban level `number`, found by the solver within a
/// bound on positions.
pub fn microban_solution(number: usize) -> Vec<KeyEvent> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("levels/microban/{number:03}.xsb"));
    let level = parse_level(&std::fs::read_to_string(path).expect("level")).expect("parses");
    // One search, bounded by positions: the same solution every run.
    let limits = Limits {
        max_expansions: Some(200_000),
        strategy: Strategy::PushPull,
        ..Limits::with_time(Duration::MAX)
    };
    match solve(&level, &limits, &AtomicBool::new(false)) {
        Outcome::Solved(steps) => keys_of(&steps),
        other => panic!("Microban {number}: {other:?}"),
    }
}

/// Free play, Microban, level `number`, solved a move every two seconds
/// from `start` on the app's clock; the score declined.
pub fn solve_microban(app: &mut App, number: usize, start: u64, solution: &[KeyEvent]) -> u64 {
    let free_play = app.choices().iter().position(|c| c == "Free play");
    while app.selected() != free_play {
        press(app, &[key(KeyCode::Down)]);
    }
    press(app, &[ENTER, ENTER, key(KeyCode::Home)]);
    assert_eq!(app.screen_name(), "level list");
    press(app, &vec![key(KeyCode::Down); number - 1]);
    at(app, start, &[ENTER]);
    if app.screen_name() == "save prompt" {
        press(app, &[ENTER]);
    }
    let mut time = start;
    for step in solution {
        time += 2;
        at(app, time, std::slice::from_ref(step));
    }
    at(app, time + 1, &[ENTER]);
    assert_eq!(app.screen_name(), "finish");
    crate::ui::wait_while_busy(app);
    time + 1
}

/// A data folder with a week of solves of Microban 1 to 4, the last on
/// 2026-11-26, each level's first score kept as Ann's; then a game on it
/// on 2026-11-26.
pub fn a_week_of_solves() -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let solutions: Vec<Vec<KeyEvent>> = (1..=4).map(microban_solution).collect();
    let solves_a_day: [&[usize]; 7] = [&[1], &[2, 1], &[], &[3, 2, 4], &[1], &[4, 3], &[2]];
    let mut scored = [false; 4];
    for (day, levels) in solves_a_day.iter().enumerate() {
        let mut app = game_on(dir.path(), FIRST_DAY + day as u64 * DAY);
        let mut time = 0;
        for &level in *levels {
            time = solve_microban(&mut app, level, time + 5, &solutions[level - 1]);
            if !std::mem::replace(&mut scored[level - 1], true) {
                press(&mut app, &[ENTER]);
                type_text(&mut app, "Ann");
                press(&mut app, &[ENTER]);
            } else if app.choices() == ["Yes", "No"] {
                press(&mut app, &[ch('n')]);
            }
            press(&mut app, &[ESC]);
            assert_eq!(app.screen_name(), "main menu");
        }
    }
    let app = game_on(dir.path(), FIRST_DAY + 6 * DAY + 3600);
    (dir, app)
}

#[test]
fn a_week_of_solves_is_counted_by_day_and_level() {
    let (dir, _app) = a_week_of_solves();
    assert_eq!(total(dir.path(), "microban/1", "solves"), 3);
    assert_eq!(total(dir.path(), "microban/4", "solves"), 2);
    assert_eq!(total(dir.path(), "microban/2", "attempts"), 3);
    let text = std::fs::read_to_string(dir.path().join("data/statistics.txt")).expect("file");
    let days: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("day="))
        .map(|rest| &rest[..10])
        .collect();
    assert!(!days.contains(&"2026-11-22"), "no play that day: {days:?}");
    assert_eq!(days.first(), Some(&"2026-11-20"));
    assert_eq!(days.last(), Some(&"2026-11-26"));
}

#[test]
fn a_damaged_statistics_file_is_moved_aside_and_the_solve_still_counts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    let file = dir.path().join("data/statistics.txt");
    std::fs::write(
        &file,
        "day=2026-11-19 level=microban/1 attempts=2 played=9s\n\u{0}junk\n",
    )
    .expect("damage");
    open_tiny(&mut app, dir.path());
    at(&mut app, 5, &[LEFT]);
    at(&mut app, 6, &[ENTER]);
    assert_eq!(app.screen_name(), "finish");
    assert!(
        crate::ui::messages(&app).contains("statistics file was damaged"),
        "{}",
        crate::ui::messages(&app)
    );
    assert!(dir.path().join("data/statistics.txt.damaged").is_file());
    assert_eq!(total(dir.path(), "tiny.xsb/1", "solves"), 1);
    // The readable line is kept.
    assert_eq!(total(dir.path(), "microban/1", "attempts"), 2);
    assert!(dir.path().join("tiny.xsb.solutions").is_file());
}

#[test]
fn statistics_that_cannot_be_written_never_cost_the_solve() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = game_on(dir.path(), FIRST_DAY);
    // A folder where the file should be: no write can replace it.
    std::fs::create_dir(dir.path().join("data/statistics.txt")).expect("folder");
    open_tiny(&mut app, dir.path());
    at(&mut app, 5, &[LEFT]);
    at(&mut app, 6, &[ENTER]);
    assert_eq!(app.screen_name(), "finish");
    assert!(
        crate::ui::messages(&app).contains("Statistics not saved"),
        "{}",
        crate::ui::messages(&app)
    );
    let solutions = std::fs::read_to_string(dir.path().join("tiny.xsb.solutions"));
    assert!(solutions.expect("kept").contains("lurd=L"));
    // The leaderboard is still offered.
    assert_eq!(app.choices(), ["Yes", "No"]);
}

/// The title of the level chart on the statistics page reached from the
/// finish of `map`, a file holding the tiny level, solved and not put on
/// the leaderboard.
fn chart_title_after_solving(map: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write_map(dir.path(), "tiny.xsb", map);
    let mut app = crate::ui::open_map(dir.path(), &path);
    press(&mut app, &[LEFT, ENTER, RIGHT, ENTER]);
    choose(&mut app, "Statistics");
    let lines = screen(&mut app, 80, 24);
    lines
        .iter()
        .find(|line| line.contains("moves, ") || line.contains("Moves: "))
        .unwrap_or_else(|| panic!("a level chart on {lines:#?}"))
        .clone()
}

#[test]
fn the_level_chart_names_exactly_the_figures_it_draws() {
    let plain = chart_title_after_solving(TINY);
    assert!(plain.contains("yours "), "{plain}");
    assert!(
        !plain.contains("record") && !plain.contains("published"),
        "{plain}"
    );
    let published = chart_title_after_solving(&format!("{TINY}Solution:\nL\n"));
    assert!(published.contains("yours/published "), "{published}");
}
