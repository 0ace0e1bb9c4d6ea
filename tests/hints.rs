//! Hints and deadlock warnings, without a terminal.

mod ui;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use schokoban::app::App;
use schokoban::app::hint::HintState;
use schokoban::game::{Direction, Pos};
use ui::{TINY, ch, key, open_map, play, press, write_map};

/// Lets the background search finish, as the event loop would.
fn wait_for_hint(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.is_busy() {
        assert!(Instant::now() < deadline, "the hint never came");
        std::thread::sleep(Duration::from_millis(5));
        app.tick();
    }
}

const TWO_STEP: &str = "#######\n#@ $ .#\n#######\n";

#[test]
fn h_marks_the_next_push_and_h_again_plays_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "hint.xsb", TWO_STEP);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('h')]);
    assert!(app.is_busy(), "the search runs in the background");
    wait_for_hint(&mut app);
    assert_eq!(
        play(&app).marks.hint,
        Some((Pos::new(3, 1), Direction::Right))
    );
    let text = &play(&app).message.as_ref().expect("a message").text;
    assert!(text.contains("right"), "{text}");
    assert_eq!(play(&app).game.score(), 0, "asking costs nothing");

    press(&mut app, &[ch('H')]);
    let game = &play(&app).game;
    assert_eq!(
        schokoban::game::format_log(game.log()),
        "rR",
        "walk there, then push"
    );
    assert!(game.has_box(Pos::new(4, 1)));
    assert_eq!(play(&app).marks.hint, None);
}

#[test]
fn a_hint_draws_the_walk_to_the_box_faintly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "hint.xsb", "########\n#@  $ .#\n########\n");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('z'), ch('h')]); // one column a cell
    wait_for_hint(&mut app);
    assert_eq!(play(&app).marks.walk, [Pos::new(2, 1), Pos::new(3, 1)]);
    let screen = ui::render(&app, 60, 20);
    let row: String = (0..60)
        .map(|x| screen[(x, 6)].symbol().to_owned())
        .collect();
    assert_eq!(
        row.trim_end(),
        "    █☻··◼→⨯█",
        "the walk, the box, the push"
    );
    press(&mut app, &[ch('d')]);
    assert_eq!(play(&app).marks.walk, [], "a move clears the way");
}

#[test]
fn a_move_cancels_the_search_and_clears_a_stale_hint() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "hint.xsb", TWO_STEP);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('h'), ch('d')]);
    assert!(!app.is_busy(), "the move cancelled the search");
    assert!(matches!(play(&app).hint, HintState::Idle));
    assert_eq!(play(&app).game.score(), 1, "the game stayed playable");

    press(&mut app, &[ch('h')]);
    wait_for_hint(&mut app);
    assert!(play(&app).marks.hint.is_some());
    press(&mut app, &[ch('u')]);
    assert_eq!(
        play(&app).marks.hint,
        None,
        "the hint was for the old position"
    );
    assert!(matches!(play(&app).hint, HintState::Idle));
}

#[test]
fn an_unsolvable_position_says_so_and_suggests_undo_or_reset() {
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
        !play(&app).marks.dead_boxes.is_empty(),
        "both boxes are frozen against the wall off their goals"
    );
    let warning = play(&app).message.clone().expect("a warning");
    assert!(
        warning.text.contains("undo") && warning.text.contains("reset"),
        "{}",
        warning.text
    );
    press(&mut app, &[ch('h')]);
    wait_for_hint(&mut app);
    let text = &play(&app).message.as_ref().expect("a message").text;
    assert!(text.contains("cannot be solved"), "{text}");
}

#[test]
fn a_box_pushed_onto_a_dead_square_is_flagged_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "corner.xsb", "######\n#    #\n# $@.#\n######\n");
    let mut app = open_map(dir.path(), &map);
    assert!(play(&app).marks.dead_boxes.is_empty());
    press(&mut app, &[ch('a')]);
    // Pushed from (2, 2) into the corner at (1, 2): it can never leave it.
    assert_eq!(play(&app).marks.dead_boxes, vec![Pos::new(1, 2)]);
    press(&mut app, &[ch('u')]);
    assert!(
        play(&app).marks.dead_boxes.is_empty(),
        "undo clears the flag"
    );
    assert!(play(&app).message.is_none());
}

#[test]
fn leaving_the_level_while_thinking_stops_the_search() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('h'), key(KeyCode::Esc)]);
    assert!(!app.is_busy());
}
