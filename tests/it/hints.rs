//! Hints and deadlock warnings, without a terminal.

use crate::ui::{
    assert_screen, ch, key, level, messages, open_map, press, start_on, start_tiny,
    wait_while_busy, write_map,
};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use schokoban::app::App;
use schokoban::app::CancelWatch;
use schokoban::storage::{Finder, Records, Solution};
use schokoban_core::{Direction, Pos};

/// Asks for a hint and returns a watch on its search's cancel flag. The
/// tests never tick, so only the App dropping the search can raise it.
fn ask_for_hint(app: &mut App) -> CancelWatch {
    press(app, &[ch('h')]);
    let watch = level(app).search.expect("the hint started a search");
    assert!(!watch.is_cancelled(), "a new search runs");
    watch
}

const TWO_STEP: &str = "#######\n#@ $ .#\n#######\n";

#[test]
fn h_marks_the_next_push_and_h_again_plays_it() {
    let (_dir, mut app) = start_on("hint.xsb", TWO_STEP);
    press(&mut app, &[ch('h')]);
    assert!(
        level(&app).search.is_some(),
        "the search runs in the background"
    );
    wait_while_busy(&mut app);
    assert_eq!(level(&app).hint, Some((Pos::new(3, 1), Direction::Right)));
    assert_screen!("the_next_push_marked", &mut app);
    assert_eq!(level(&app).game.score(), 0, "asking costs nothing");

    press(&mut app, &[ch('H')]);
    let game = level(&app).game;
    assert_eq!(
        schokoban_core::format_log(game.log()),
        "rR",
        "walk there, then push"
    );
    assert!(game.has_box(Pos::new(4, 1)));
    assert_eq!(level(&app).hint, None);
}

#[test]
fn following_the_hints_goes_on_along_one_solution_without_searching_again() {
    // One box pushed twice along a corridor: "rRR" is its only solution.
    let (_dir, mut app) = start_on("hint.xsb", TWO_STEP);
    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    press(&mut app, &[ch('h')]);
    let pushes = level(&app).game.pushes();
    assert_eq!(pushes, 1, "the first hint was played");

    press(&mut app, &[ch('h')]);
    app.tick();
    assert!(
        !app.is_busy(),
        "no search: the next push of the same solution"
    );
    assert!(level(&app).search.is_none());
    assert_eq!(
        level(&app).hint,
        Some((Pos::new(4, 1), Direction::Right)),
        "{}",
        messages(&app)
    );

    // Undone back onto the solution, the hint comes at once as well.
    press(&mut app, &[ch('u'), ch('h')]);
    assert_eq!(level(&app).game.pushes(), 0, "the push was undone");
    assert!(level(&app).search.is_none(), "no search: a known position");
    assert_eq!(
        level(&app).hint,
        Some((Pos::new(3, 1), Direction::Right)),
        "{}",
        messages(&app)
    );
}

#[test]
fn a_hint_draws_the_walk_to_the_box_faintly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "hint.xsb", "########\n#@  $ .#\n########\n");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('z'), ch('h')]); // one column a cell
    wait_while_busy(&mut app);
    assert_eq!(level(&app).walk, [Pos::new(2, 1), Pos::new(3, 1)]);
    let screen = crate::ui::render(&app, 60, 20);
    let (left, top) = crate::ui::board_origin(&app, 60, 20);
    assert_eq!(
        crate::ui::row_from(&screen, left, top + 1),
        "█☻··◼→⨯█",
        "the walk, the box, the push"
    );
    press(&mut app, &[ch('d')]);
    assert_eq!(level(&app).walk, [], "a move clears the way");
}

#[test]
fn a_move_cancels_the_search_and_clears_a_stale_hint() {
    let (_dir, mut app) = start_on("hint.xsb", TWO_STEP);
    let search = ask_for_hint(&mut app);
    press(&mut app, &[ch('d')]);
    assert!(search.is_cancelled(), "the move cancelled the search");
    app.tick();
    assert!(!app.is_busy());
    assert!(level(&app).search.is_none());
    assert_eq!(level(&app).game.score(), 1, "the game stayed playable");

    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    assert!(level(&app).hint.is_some());
    press(&mut app, &[ch('u')]);
    assert_eq!(level(&app).hint, None, "the hint was for the old position");
}

#[test]
fn an_unsolvable_position_says_so_and_how_many_undos_free_the_boxes() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Two boxes side by side against the top wall can never move apart.
    let map = write_map(
        dir.path(),
        "stuck.xsb",
        "#######\n#     #\n# $$  #\n# @ ..#\n#######\n",
    );
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('w')]);
    assert!(
        !level(&app).dead_boxes.is_empty(),
        "both boxes are frozen against the wall off their goals"
    );
    assert_screen!("frozen_boxes_warned", &mut app);
    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    assert_screen!("no_hint_for_an_unsolvable_position", &mut app);
}

#[test]
fn a_box_pushed_onto_a_dead_square_is_flagged_at_once() {
    let (_dir, mut app) = start_on("corner.xsb", "######\n#    #\n# $@.#\n######\n");
    assert!(level(&app).dead_boxes.is_empty());
    press(&mut app, &[ch('a')]);
    // Pushed from (2, 2) into the corner at (1, 2): it can never leave it.
    assert_eq!(level(&app).dead_boxes, [Pos::new(1, 2)]);
    press(&mut app, &[ch('u')]);
    assert!(level(&app).dead_boxes.is_empty(), "undo clears the flag");
    assert!(app.messages().is_empty());
}

#[test]
fn leaving_the_level_while_thinking_stops_the_search() {
    let (_dir, mut app) = start_tiny();
    let search = ask_for_hint(&mut app);
    press(&mut app, &[key(KeyCode::Esc)]);
    assert!(search.is_cancelled(), "leaving dropped the search");
    app.tick();
    assert!(!app.is_busy());
}

/// Two boxes either side of the player, each a push from its goal: a
/// search takes one of them first, a known solution may take the other.
const EITHER_WAY: &str = "#######\n#.$@$.#\n#######\n";

/// The first push of `LrR` on `EITHER_WAY`, and of `RlL`.
const LEFT_FIRST: (Pos, Direction) = (Pos::new(2, 1), Direction::Left);
const RIGHT_FIRST: (Pos, Direction) = (Pos::new(4, 1), Direction::Right);

/// H at the start, and the push it marks once it has an answer.
fn first_hint(app: &mut App) -> Option<(Pos, Direction)> {
    press(app, &[ch('h')]);
    wait_while_busy(app);
    level(app).hint
}

#[test]
fn the_first_hint_follows_the_players_kept_solution() {
    // Whichever box a search would take first, one of the two differs.
    for (keys, first) in [("add", LEFT_FIRST), ("daa", RIGHT_FIRST)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let map = write_map(dir.path(), "either.xsb", EITHER_WAY);
        let mut app = open_map(dir.path(), &map);
        let typed: Vec<_> = keys.chars().map(ch).collect();
        press(&mut app, &typed);
        assert!(level(&app).game.is_solved(), "{keys}");
        press(&mut app, &[key(KeyCode::Enter)]);
        let mut again = open_map(dir.path(), &map);
        assert_eq!(first_hint(&mut again), Some(first), "solved by {keys}");
    }
}

#[test]
fn the_first_hint_follows_a_published_solution_and_the_optimizers() {
    for (lurd, first) in [("LrR", LEFT_FIRST), ("RlL", RIGHT_FIRST)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let sok = format!("{EITHER_WAY}Solution\n{lurd}\n");
        let published = write_map(dir.path(), "either.sok", &sok);
        let mut app = open_map(dir.path(), &published);
        assert_eq!(first_hint(&mut app), Some(first), "published {lurd}");

        let map = write_map(dir.path(), "either.xsb", EITHER_WAY);
        let steps = schokoban_core::parse_moves(lurd).expect("moves");
        let optimizers = Solution::new(steps, Finder::Optimizer, None, None);
        Records::beside(&map)
            .keep_solution(optimizers)
            .expect("kept");
        let mut app = open_map(dir.path(), &map);
        assert_eq!(first_hint(&mut app), Some(first), "the optimizer's {lurd}");
    }
}

#[test]
fn the_first_hint_follows_a_solution_just_pasted_on_the_level() {
    for (lurd, first) in [("LrR", LEFT_FIRST), ("RlL", RIGHT_FIRST)] {
        let (_dir, mut app) = start_on("either.xsb", EITHER_WAY);
        crate::ui::paste(&mut app, lurd);
        assert_eq!(app.screen_name(), "watch");
        press(&mut app, &[key(KeyCode::Esc)]);
        assert_eq!(first_hint(&mut app), Some(first), "pasted {lurd}");
    }
}

/// Plays `TWO_STEP` to its end by hints: asks, plays the push, twice.
fn solve_by_hints(app: &mut App) {
    press(app, &[ch('h')]);
    wait_while_busy(app);
    press(app, &[ch('h'), ch('h'), ch('h')]);
    assert!(level(app).game.is_solved(), "{}", messages(app));
}

/// `TWO_STEP` written as a map in `dir`, and a game of it solved by hints.
fn solved_by_hints_in(dir: &std::path::Path) -> (std::path::PathBuf, App) {
    let map = write_map(dir, "hint.xsb", TWO_STEP);
    let mut app = open_map(dir, &map);
    solve_by_hints(&mut app);
    (map, app)
}

#[test]
fn a_solve_with_pushes_played_by_hints_is_not_offered_to_the_leaderboard() {
    let (_dir, mut app) = start_on("hint.xsb", TWO_STEP);
    solve_by_hints(&mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    let screen = crate::ui::screen_text(&app);
    assert!(
        screen.contains("2 pushes played for you: not scored"),
        "{screen}"
    );
    assert!(!screen.contains("Add your score"), "{screen}");
    // Whole at 40 columns, beside the leaderboard and the next choices.
    assert_screen!("a_helped_solve_finished_40x12", &mut app, 40, 12);
}

#[test]
fn a_solve_by_hints_is_kept_as_helped_and_not_as_the_players_best() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (map, mut helped) = solved_by_hints_in(dir.path());
    press(&mut helped, &[key(KeyCode::Enter)]);
    let solutions = dir.path().join("hint.xsb.solutions");
    let kept = std::fs::read_to_string(&solutions).expect("kept");
    assert!(kept.contains(" by=helped lurd=rRR\n"), "{kept}");

    let mut again = open_map(dir.path(), &map);
    let header = crate::ui::screen_text(&again);
    assert!(!header.contains("Yours"), "{header}");
    press(&mut again, &[key(KeyCode::Right); 3]);
    press(&mut again, &[key(KeyCode::Enter)]);
    let kept = std::fs::read_to_string(&solutions).expect("kept");
    assert!(kept.contains(" by=player lurd=rRR\n"), "{kept}");
    let finish = crate::ui::screen_text(&again);
    assert!(finish.contains("Add your score"), "{finish}");
    let header = crate::ui::screen_text(&open_map(dir.path(), &map));
    assert!(header.contains("Yours: 3 moves"), "{header}");
}

#[test]
fn a_reset_leaves_the_hints_behind_and_undoing_it_brings_them_back() {
    let right = key(KeyCode::Right);
    // One push by a hint, thrown away by the reset: the solve is the
    // player's own.
    let (_dir, mut app) = start_on("hint.xsb", TWO_STEP);
    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    press(
        &mut app,
        &[ch('h'), ch('r'), right, right, right, key(KeyCode::Enter)],
    );
    let screen = crate::ui::screen_text(&app);
    assert!(screen.contains("Add your score"), "{screen}");

    // The same push taken back up by undoing the reset counts again.
    let (_dir, mut app) = start_on("hint.xsb", TWO_STEP);
    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    press(
        &mut app,
        &[ch('h'), ch('r'), ch('u'), right, key(KeyCode::Enter)],
    );
    let screen = crate::ui::screen_text(&app);
    assert!(screen.contains("1 push played for you"), "{screen}");
    assert!(!screen.contains("Add your score"), "{screen}");
}

/// The finish screen of `app` says the solve was helped and offers no
/// leaderboard.
fn assert_helped_solve(app: &App, pushes: &str) {
    let screen = crate::ui::screen_text(app);
    assert!(
        screen.contains(&format!("{pushes} played for you")),
        "{screen}"
    );
    assert!(!screen.contains("Add your score"), "{screen}");
}

/// `TWO_STEP`'s first push played by a hint, in a game of the map in `dir`.
fn one_push_by_a_hint(dir: &std::path::Path) -> App {
    let mut app = open_map(dir, &dir.join("hint.xsb"));
    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    press(&mut app, &[ch('h')]);
    assert_eq!(level(&app).game.pushes(), 1);
    app
}

#[test]
fn a_game_saved_after_a_hint_is_not_scored_when_it_is_finished_later() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "hint.xsb", TWO_STEP);
    let mut app = one_push_by_a_hint(dir.path());
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("hint.xsb.sav")).expect("saved"),
        "rR\n"
    );

    let mut again = open_map(dir.path(), &map);
    assert_eq!(again.screen_name(), "save prompt");
    let prompt = crate::ui::screen_text(&again);
    assert!(prompt.contains("1 push played for you"), "{prompt}");
    assert_screen!("a_helped_save_offered", &mut again);
    assert_screen!("a_helped_save_offered_40x12", &mut again, 40, 12);
    press(&mut again, &[key(KeyCode::Enter), key(KeyCode::Right)]);
    press(&mut again, &[key(KeyCode::Enter)]);
    assert_helped_solve(&again, "1 push");
}

#[test]
fn a_helped_game_kept_aside_by_another_is_not_scored_when_taken_up() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "hint.xsb", TWO_STEP);
    let mut helped = one_push_by_a_hint(dir.path());
    let mut plain = open_map(dir.path(), &map);
    press(&mut helped, &[key(KeyCode::Esc)]);
    press(&mut plain, &[key(KeyCode::Right), key(KeyCode::Esc)]);
    assert!(dir.path().join("hint.xsb.sav.other").exists());

    let mut third = open_map(dir.path(), &map);
    let plain_offered = crate::ui::screen_text(&third);
    assert!(!plain_offered.contains("played for you"), "{plain_offered}");
    press(&mut third, &[key(KeyCode::Down)]);
    let helped_offered = crate::ui::screen_text(&third);
    assert!(
        helped_offered.contains("1 push played for you"),
        "{helped_offered}"
    );
    press(&mut third, &[key(KeyCode::Enter)]);
    assert_eq!(level(&third).game.pushes(), 1, "the helped game taken up");
    press(&mut third, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    assert_helped_solve(&third, "1 push");
}

#[test]
fn a_solve_by_hints_left_on_its_solved_board_is_not_offered_later() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (map, mut app) = solved_by_hints_in(dir.path());
    // Ctrl+C, as a closed terminal: the solve is kept as the save.
    press(
        &mut app,
        &[KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)],
    );
    assert!(dir.path().join("hint.xsb.sav").exists());

    let again = open_map(dir.path(), &map);
    assert_eq!(again.screen_name(), "finish");
    assert_helped_solve(&again, "2 pushes");
}

#[test]
fn a_snapshot_taken_after_a_hint_brings_the_hint_back_with_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_map(dir.path(), "hint.xsb", TWO_STEP);
    let mut app = one_push_by_a_hint(dir.path());
    press(&mut app, &[ch('k'), ch('r')]);
    let kept = std::fs::read_to_string(dir.path().join("hint.xsb.snapshots")).expect("kept");
    assert!(kept.contains(" helped=1 lurd=rR\n"), "{kept}");

    // Reset, the attempt is the player's own again, until the snapshot
    // brings the hinted push back.
    press(&mut app, &[ch('l')]);
    let choices = app.choices();
    let row = (choices.iter().position(|c| c.starts_with("Snapshot")))
        .unwrap_or_else(|| panic!("no snapshot listed: {choices:?}"));
    press(&mut app, &vec![key(KeyCode::Down); row]);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).game.pushes(), 1, "the snapshot back");
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    assert_helped_solve(&app, "1 push");
}
