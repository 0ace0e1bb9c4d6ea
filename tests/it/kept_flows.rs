//! What a level keeps besides its leaderboard, driven with keys through
//! the app: solutions kept as they are found and shown in the header,
//! a reset undone, snapshots that outlive the game, the list of both,
//! copying by OSC 52 (or to a file), moves pasted, and published
//! solutions read from a `.sok` file.

use std::fs;

use crossterm::event::KeyCode;

use crate::ui::{ch, key, open_map, paste, press, start_tiny, write_map};
use schokoban::app::clipboard::Terminal;
use schokoban::storage::{Finder, Records};

fn tmux(set_clipboard: &str) -> Terminal {
    Terminal {
        term: Some("tmux-256color".to_owned()),
        in_tmux: true,
        tmux_set_clipboard: Some(set_clipboard.to_owned()),
    }
}

fn records(dir: &std::path::Path) -> Records {
    Records::beside(&dir.join("tiny.xsb"))
}

/// Chooses the first line of the list that starts with `start`.
fn choose(app: &mut schokoban::app::App, start: &str) {
    let choices = app.choices();
    let row = choices
        .iter()
        .position(|c| c.starts_with(start))
        .unwrap_or_else(|| panic!("no {start:?} listed: {choices:?}"));
    for _ in 0..row {
        press(app, &[key(KeyCode::Down)]);
    }
    press(app, &[key(KeyCode::Enter)]);
}

#[test]
fn a_solve_is_kept_and_the_header_shows_the_best() {
    let (dir, mut app) = start_tiny();
    // A walk there and back first: 3 moves, 1 push.
    press(&mut app, &[ch('s'), ch('w'), ch('a')]);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    let read = records(dir.path()).read_solutions().expect("readable");
    assert_eq!(read.solutions.len(), 1);
    assert_eq!(
        (read.solutions[0].lurd(), &read.solutions[0].by),
        ("duL".to_owned(), &Finder::Player)
    );
    // Open it again: the header shows the best beside the record.
    let mut again = open_map(dir.path(), &dir.path().join("tiny.xsb"));
    let screen = again.visible_text(80, 24);
    assert!(screen.contains("Yours: 3 moves, 1 push"), "{screen}");
    press(&mut again, &[ch('a'), key(KeyCode::Enter)]);
    let read = records(dir.path()).read_solutions().expect("readable");
    assert_eq!(
        read.solutions.len(),
        1,
        "1 move, 1 push beats 3 moves, 1 push"
    );
    assert_eq!(read.solutions[0].lurd(), "L");
}

#[test]
fn reset_then_undo_brings_the_moves_back() {
    let (_dir, mut app) = start_tiny();
    press(&mut app, &[ch('s'), ch('w'), ch('r')]);
    assert_eq!(app.level().expect("play").game.score(), 0);
    press(&mut app, &[ch('u')]);
    let game = &app.level().expect("play").game;
    assert_eq!(game.score(), 2);
    assert_eq!(schokoban_core::format_steps(game.history()), "du");
    assert!(format!("{:?}", app.messages()).contains("Reset undone"));
}

#[test]
fn a_snapshot_outlives_the_game_and_comes_back_from_the_list() {
    let (dir, mut app) = start_tiny();
    press(&mut app, &[ch('s'), ch('a'), ch('k')]);
    assert!(format!("{:?}", app.messages()).contains("Snapshot kept at 2 moves"));
    press(&mut app, &[key(KeyCode::Esc)]);
    drop(app);
    // A new game on the same data: the snapshot is listed, and Enter on
    // it plays on from it.
    let mut again = open_map(dir.path(), &dir.path().join("tiny.xsb"));
    if again.screen_name() != "play" {
        // The save from leaving: load it.
        press(&mut again, &[key(KeyCode::Enter)]);
    }
    assert_eq!(again.screen_name(), "play");
    press(&mut again, &[ch('l')]);
    assert_eq!(again.screen_name(), "kept");
    choose(&mut again, "Snapshot");
    assert_eq!(again.screen_name(), "play");
    let game = &again.level().expect("play").game;
    assert_eq!(schokoban_core::format_steps(game.history()), "dl");
}

#[test]
fn copying_sends_exactly_the_moves_by_osc_52_where_the_terminal_takes_it() {
    let (dir, mut app) = start_tiny();
    app.set_terminal(tmux("on"));
    press(&mut app, &[ch('s'), ch('a'), ch('c')]);
    assert_eq!(app.take_terminal_output(), ["\x1b]52;c;ZGw=\x07"]);
    // tmux's default ignores it: say so, and write a file instead.
    app.set_terminal(tmux("external"));
    press(&mut app, &[ch('c')]);
    assert_eq!(app.take_terminal_output(), Vec::<String>::new());
    let text = format!("{:?}", app.messages());
    assert!(text.contains("set-clipboard on"), "{text}");
    let copied = fs::read_to_string(dir.path().join("data/copied.txt")).expect("written");
    assert_eq!(copied, "dl\n");
}

#[test]
fn a_pasted_solution_is_watched_and_kept() {
    let (dir, mut app) = start_tiny();
    paste(&mut app, "dlL\n");
    assert!(format!("{:?}", app.messages()).contains("do not fit"));
    paste(&mut app, " L\n");
    assert_eq!(app.screen_name(), "watch");
    let read = records(dir.path()).read_solutions().expect("readable");
    assert_eq!(read.solutions.len(), 1);
    assert_eq!(
        (read.solutions[0].lurd(), &read.solutions[0].by),
        ("L".to_owned(), &Finder::Pasted)
    );
}

/// The test `.sok` file with published solutions, in a fresh folder, and
/// the game started on it (at its list of levels).
fn open_published() -> (tempfile::TempDir, std::path::PathBuf, schokoban::app::App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = fs::read_to_string("tests/sok/published-solutions.sok").expect("test file");
    let map = write_map(dir.path(), "published.sok", &text);
    let app = open_map(dir.path(), &map);
    (dir, map, app)
}

#[test]
fn a_sok_files_published_solution_is_shown_and_played() {
    let (_dir, _map, mut app) = open_published();
    if app.screen_name() != "play" {
        // A file of several levels asks which: the first.
        press(&mut app, &[key(KeyCode::Enter)]);
    }
    let screen = app.visible_text(80, 24);
    assert!(screen.contains("Published: 3"), "{screen}");
    press(&mut app, &[ch('l')]);
    choose(&mut app, "Published");
    assert_eq!(app.screen_name(), "watch");
}

#[test]
fn the_level_list_shows_your_fewest_moves_beside_the_record() {
    let (dir, map, mut app) = open_published();
    assert_eq!(app.screen_name(), "level list");
    press(&mut app, &[key(KeyCode::Down), key(KeyCode::Enter)]);
    press(&mut app, &[ch('s'), ch('w'), ch('a'), key(KeyCode::Enter)]);
    let again = open_map(dir.path(), &map);
    let screen = again.visible_text(80, 24);
    assert!(screen.contains("N/A  you 3"), "{screen}");
}

/// A solution of Microban 1, as `schokoban solve microban` gives it.
const MICROBAN_1: &str = "dlUrrrdLullddrUluRuulDrddrruLdlUU";

#[test]
fn the_optimizer_shortens_a_long_run_of_microban_1_and_keeps_it_as_its_own() {
    let dir = tempfile::tempdir().expect("temp dir");
    let level = fs::read_to_string("levels/microban/001.xsb").expect("Microban 1");
    let map = write_map(dir.path(), "microban-1.xsb", &level);
    let mut app = open_map(dir.path(), &map);
    // Three times as long: walks right and back before the solution.
    let run = format!("{}{MICROBAN_1}", "rl".repeat(MICROBAN_1.len()));
    for c in run.chars() {
        let code = match c.to_ascii_lowercase() {
            'l' => KeyCode::Left,
            'u' => KeyCode::Up,
            'r' => KeyCode::Right,
            _ => KeyCode::Down,
        };
        press(&mut app, &[key(code)]);
    }
    assert!(app.level().expect("play").game.is_solved());
    press(&mut app, &[key(KeyCode::Enter), ch('n')]);
    crate::ui::wait_while_busy(&mut app);
    let moves = run.len();
    let choices = app.choices();
    let line = choices
        .iter()
        .find(|c| c.starts_with(&format!("Your {moves} moves: ")))
        .unwrap_or_else(|| panic!("no shorter line offered: {choices:?}"));
    let read = Records::beside(&map).read_solutions().expect("readable");
    let optimizer = read
        .best_by_moves(&Finder::Optimizer)
        .expect("the optimizer's");
    assert!(optimizer.metrics.moves <= MICROBAN_1.len(), "{line}");
    assert_eq!(
        line,
        &format!(
            "Your {moves} moves: {} found (watch)",
            optimizer.metrics.moves
        )
    );
    let player = read.best_by_moves(&Finder::Player).expect("the player's");
    assert_eq!(
        player.metrics.moves, moves,
        "the player's own run stays theirs"
    );
}

#[test]
fn the_header_compares_your_best_with_the_published_solution() {
    let (dir, map, mut app) = open_published();
    // The corridor, solved in 5 moves where the published line takes 3.
    press(&mut app, &[key(KeyCode::Enter)]);
    press(&mut app, &[ch('d'), ch('a'), ch('d'), ch('d'), ch('d')]);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    let mut again = open_map(dir.path(), &map);
    press(&mut again, &[key(KeyCode::Enter)]);
    let words = "Record: N/A  Yours: 5 moves, 2 pushes  Published: 3 moves, 2 pushes";
    for (width, height) in [(200, 60), (80, 24)] {
        let screen = again.visible_text(width, height);
        assert!(screen.contains(words), "{screen}");
    }
    // Where the words do not fit, moves/pushes.
    let narrow = again.visible_text(40, 12);
    assert!(
        narrow.contains("Record: N/A  yours 5/2, published 3/2"),
        "{narrow}"
    );
}
