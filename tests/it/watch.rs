//! Watching: the solver's solution from the position in play (V), with
//! pause, steps both ways, speed and taking over; the player's own run and
//! the best kept run from the finish screen.

use crate::ui::{
    assert_screen, ch, key, level, padded, press, render, run_until_idle, start_on, start_tiny,
    type_text, wait_while_busy,
};
use crossterm::event::KeyCode;

use schokoban::app::App;

/// Three moves left: walk, walk, push onto the goal.
const CORRIDOR: &str = "#######\n#.$  @#\n#######\nTitle: Corridor\n";

/// Wakes the app as the event loop would until the solver has answered;
/// the clock stands still, so no move is played yet.
fn wait_for_solution(app: &mut App) {
    wait_while_busy(app);
    assert!(!app.visible_text(80, 24).contains("Finding a solution"));
}

fn watched_move(app: &App) -> String {
    let text = app.visible_text(80, 24);
    let line = text.lines().find(|l| l.starts_with("Move ")).unwrap_or("");
    line.split("   ").next().unwrap_or("").to_owned()
}

#[test]
fn the_solution_can_be_paused_stepped_and_taken_over() {
    let (_dir, mut app) = start_on("corridor.xsb", CORRIDOR);
    press(&mut app, &[ch('v')]);
    assert_eq!(app.screen_name(), "watch");
    // In the background.
    assert_screen!("finding_a_solution", &mut app);
    wait_for_solution(&mut app);
    assert!(app.is_busy(), "playing: the first move is due");
    press(&mut app, &[ch(' ')]);
    app.tick();
    assert!(!app.is_busy(), "paused: nothing wakes the loop");
    assert_eq!(watched_move(&app), "Move 0 of 3");
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Right)]);
    assert_eq!(watched_move(&app), "Move 2 of 3");
    press(&mut app, &[key(KeyCode::Left)]);
    assert_eq!(watched_move(&app), "Move 1 of 3");
    // Taking over keeps the watched move in the score.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "play");
    assert_eq!(level(&app).game.score(), 1);
    assert_screen!("taken_over_after_one_move", &mut app);
    // The rest by hand solves it in three moves in all.
    press(&mut app, &[key(KeyCode::Left), key(KeyCode::Left)]);
    assert!(level(&app).game.is_solved());
    assert_eq!(level(&app).game.score(), 3);
}

#[test]
fn escape_goes_back_to_the_game_as_it_was() {
    let (_dir, mut app) = start_on("corridor.xsb", CORRIDOR);
    press(&mut app, &[key(KeyCode::Left), ch('v')]);
    wait_for_solution(&mut app);
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "play");
    assert_eq!(level(&app).game.score(), 1);
}

#[test]
fn the_animation_plays_to_the_end_on_timed_wake_ups() {
    let (_dir, mut app) = start_on("corridor.xsb", CORRIDOR);
    press(&mut app, &[ch('v')]);
    wait_for_solution(&mut app);
    // Nothing plays until the clock moves.
    app.tick();
    assert_eq!(watched_move(&app), "Move 0 of 3");
    // Fastest speed, then wake as the loop does while it plays, the clock
    // moved on to each move's time.
    press(&mut app, &[key(KeyCode::Up); 5]);
    run_until_idle(&mut app);
    assert_eq!(watched_move(&app), "Move 3 of 3");
    assert_screen!("the_end", &mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert!(level(&app).game.is_solved());
    // Solved by watching: the solve is the solver's, so the end screen
    // asks nothing, scores nothing and keeps no save.
    assert!(crate::ui::messages(&app).contains("earns no ✓ or score"));
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    assert!(!app.choices().contains(&"Yes".to_owned()));
    assert_screen!("finish_solved_by_watching", &mut app);
}

#[test]
fn a_level_the_solver_solved_is_not_marked_solved_nor_scored() {
    let (dir, mut app) = crate::ui::start_menu();
    // Free play, Microban, level 1: watched to its end, then taken over.
    press(
        &mut app,
        &[ch('s'), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "play");
    press(&mut app, &[ch('v')]);
    wait_for_solution(&mut app);
    press(&mut app, &[key(KeyCode::Up); 5]);
    run_until_idle(&mut app);
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
    let choices = app.choices();
    assert!(!choices.contains(&"Yes".to_owned()), "{choices:?}");
    // The list has no ✓ for it.
    let list = choices.iter().position(|c| c == "Level list");
    press(
        &mut app,
        &vec![key(KeyCode::Down); list.expect("Level list")],
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list");
    let text = app.visible_text(80, 24);
    let row = text
        .lines()
        .find(|l| l.contains("Microban 1 "))
        .expect("row");
    assert!(!row.contains('✓'), "{row}");
    let data = dir.path().join("data");
    let boards = walkdir(&data, ".dat");
    assert!(boards.is_empty(), "no leaderboard written: {boards:?}");
}

/// The files under `dir` whose names end with `ending`.
fn walkdir(dir: &std::path::Path, ending: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                walkdir(&path, ending)
            } else if path.to_string_lossy().ends_with(ending) {
                vec![path]
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// Solves TINY with a detour and an undo, adds the score as Ann, and
/// leaves the finish screen's menu on show.
fn solve_tiny_with_an_undo(app: &mut App) {
    press(app, &[ch('w'), ch('u'), key(KeyCode::Left)]);
    assert!(level(app).game.is_solved());
    press(app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    type_text(app, "Ann");
    press(app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
}

#[test]
fn your_run_replays_with_its_undo_and_the_best_run_is_kept() {
    let (dir, mut app) = start_tiny();
    solve_tiny_with_an_undo(&mut app);
    assert_screen!("finish_with_your_run_and_the_best", &mut app);
    let runs = std::fs::read_to_string(dir.path().join("tiny.xsb.runs")).expect("runs file");
    assert!(runs.ends_with("3 uxL Ann\n"), "{runs}");

    // Play again, Watch your run, Watch the best run, Main menu.
    press(&mut app, &[ch('s'), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "watch");
    press(&mut app, &[ch(' ')]);
    let player = |app: &App| app.visible_text(80, 24);
    press(&mut app, &[key(KeyCode::Right)]);
    let after_up = player(&app);
    press(&mut app, &[key(KeyCode::Right)]);
    assert_eq!(watched_move(&app), "Move 2 of 3");
    assert_ne!(player(&app), after_up, "the undo is replayed");
    press(&mut app, &[key(KeyCode::Right)]);
    assert_screen!("your_run_replayed_to_its_end", &mut app);
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "finish");

    // After a restart the best run can still be watched.
    let map = dir.path().join("tiny.xsb");
    let mut again = crate::ui::open_map(dir.path(), &map);
    press(&mut again, &[key(KeyCode::Left), key(KeyCode::Enter)]);
    // A score of 1 beats Ann's: answer No to keep the board as it is.
    press(&mut again, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    assert_screen!("finish_the_best_run_after_a_restart", &mut again);
}

/// Every cell's symbol, row by row: the whole screen as text.
fn screen_rows(app: &App, width: u16, height: u16) -> Vec<String> {
    let buffer = render(app, width, height);
    buffer
        .content()
        .chunks(width as usize)
        .map(|row| row.iter().map(ratatui::buffer::Cell::symbol).collect())
        .collect()
}

#[test]
fn the_watch_screen_fits_the_smallest_terminal() {
    let (_dir, mut app) = start_on("corridor.xsb", CORRIDOR);
    press(&mut app, &[ch('v')]);
    wait_for_solution(&mut app);
    press(&mut app, &[ch(' '), key(KeyCode::Right)]);
    let expected = padded(
        &[
            "Watching the solver",
            "Puzzle: Corridor",
            "Move 1 of 3   Moves: 1   Pushes: 0",
            "Paused · speed 3 of 6",
            "",
            "  ██████████████",
            "  ██⨯ ◼   ☻   ██",
            "  ██████████████",
            "",
            "Space pause/play · → step on",
            "← step back · ↑ faster · ↓ slower",
            "Enter play on from here · Esc back",
        ],
        40,
    );
    assert_eq!(screen_rows(&app, 40, 12), expected);
    let wide = screen_rows(&app, 80, 24);
    assert_eq!(
        wide[22].trim_end(),
        "Space pause/play · → step on · ← step back · ↑ faster · ↓ slower"
    );
    assert_eq!(wide[23].trim_end(), "Enter play on from here · Esc back");
}

#[test]
fn a_title_too_long_for_the_screen_ends_in_an_ellipsis() {
    let long = "#######\n#.$  @#\n#######\nTitle: The Long Corridor of Many Many Words\n";
    let (_dir, mut app) = start_on("long.xsb", long);
    press(&mut app, &[ch('v')]);
    wait_for_solution(&mut app);
    let rows = screen_rows(&app, 40, 12);
    assert_eq!(rows[1], "Puzzle: The Long Corridor of Many Many… ");
}

/// Walk, push, push: watching two moves watches one push.
const TWO_PUSHES: &str = "#######\n#. $ @#\n#######\nTitle: Two pushes\n";

/// Watches `watched` moves of `TWO_PUSHES`, takes over, plays the rest by
/// hand and returns the end screen.
fn finish_after_watching(watched: usize) -> String {
    let (_dir, mut app) = start_on("pushes.xsb", TWO_PUSHES);
    press(&mut app, &[ch('v')]);
    wait_for_solution(&mut app);
    press(&mut app, &[ch(' ')]);
    press(&mut app, &vec![key(KeyCode::Right); watched]);
    assert_eq!(watched_move(&app), format!("Move {watched} of 3"));
    press(&mut app, &[key(KeyCode::Enter)]);
    press(&mut app, &vec![key(KeyCode::Left); 3 - watched]);
    assert!(level(&app).game.is_solved());
    press(&mut app, &[key(KeyCode::Enter)]);
    app.visible_text(80, 24)
}

#[test]
fn a_solve_with_watched_pushes_taken_over_is_not_offered_to_the_leaderboard() {
    let screen = finish_after_watching(2);
    assert!(
        screen.contains("1 push played for you: not scored"),
        "{screen}"
    );
    assert!(!screen.contains("Add your score"), "{screen}");
    // Watching only the walk leaves the pushes, and the score, the player's.
    let screen = finish_after_watching(1);
    assert!(screen.contains("Add your score"), "{screen}");
}
