//! Beyond the spec: mouse play, redo, level switching, zoom, ASCII and
//! `NO_COLOR` drawing, and the help overlay.

use crate::ui::{
    TINY, assert_screen, board_origin, ch, key, level, open_map, open_map_with, press, render,
    row_from, start_tiny, wall_origin, write_map,
};
use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use schokoban::app::App;
use schokoban::app::theme::Theme;
use schokoban_core::Pos;

const SCREEN: Rect = Rect::new(0, 0, 60, 20);

/// Clicks the screen cell where board cell (x, y) is drawn: the board starts
/// at column 4, row 5, two columns a cell when zoomed.
fn click(app: &mut App, x: u16, y: u16, cell_width: u16) {
    let (left, top) = board_origin(app, SCREEN.width, SCREEN.height);
    let event = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: left + x * cell_width,
        row: top + y,
        modifiers: KeyModifiers::NONE,
    });
    app.handle_event(&event, SCREEN);
}

#[test]
fn clicking_a_reachable_cell_walks_there_counting_every_step() {
    let (_dir, mut app) = start_tiny();
    click(&mut app, 1, 1, 2);
    assert_eq!(level(&app).game.player(), Pos::new(1, 1));
    assert_eq!(level(&app).game.score(), 4);
    assert_eq!(level(&app).game.pushes(), 0);
    // A wall is no destination.
    click(&mut app, 0, 0, 2);
    assert_eq!(level(&app).game.score(), 4);
}

#[test]
fn clicking_a_box_then_a_cell_pushes_it_there_along_a_path() {
    let (_dir, mut app) = start_tiny();
    click(&mut app, 3, 2, 2);
    assert_eq!(level(&app).selected_box, Some(Pos::new(3, 2)));
    click(&mut app, 3, 1, 2);
    let game = level(&app).game;
    assert!(game.has_box(Pos::new(3, 1)));
    // Walk down, left, then push up: logged exactly as if typed.
    assert_eq!(schokoban_core::format_log(game.log()), "dlU");
    assert_eq!(level(&app).selected_box, None);
}

#[test]
fn a_mouse_push_onto_the_last_goal_solves_the_level() {
    let (_dir, mut app) = start_tiny();
    click(&mut app, 3, 2, 2);
    click(&mut app, 2, 2, 2);
    assert!(level(&app).game.is_solved());
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "finish");
}

#[test]
fn redo_steps_forward_again_and_a_new_move_clears_it() {
    let (_dir, mut app) = start_tiny();
    press(&mut app, &[ch('w'), ch('a'), ch('u'), ch('u'), ch('y')]);
    assert_eq!(level(&app).game.player(), Pos::new(4, 1));
    assert_eq!(level(&app).game.score(), 5, "redo counts as a move");
    press(&mut app, &[ch('Y')]);
    assert_eq!(level(&app).game.player(), Pos::new(3, 1));
    press(&mut app, &[ch('u'), ch('d'), ch('y')]);
    assert_eq!(
        level(&app).game.player(),
        Pos::new(5, 1),
        "the new move cleared the redo list"
    );
    assert_eq!(level(&app).game.score(), 8);
}

#[test]
fn n_and_p_move_between_levels_saving_the_one_left_after_its_leaderboard() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "#####\n#@$.#\n#####\nTitle: One\n\n######\n#@ $.#\n######\nTitle: Two\n";
    let map = write_map(dir.path(), "two.xsb", two);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "One");
    press(&mut app, &[ch('p')]);
    assert_eq!(
        level(&app).title,
        "One",
        "there is no level before the first"
    );
    // Leaving by N shows the leaderboard first, as the spec has it for
    // leaving a map, with the next level the first choice.
    press(&mut app, &[key(KeyCode::Down), ch('N')]);
    assert_eq!(app.screen_name(), "finish");
    assert_screen!("finish_left_by_n", &mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Two");
    // Level 1 had no move that counted (Down hit a wall), so nothing was saved.
    assert!(!dir.path().join("two.xsb.1.sav").exists());
    press(&mut app, &[ch('d'), ch('p')]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("two.xsb.2.sav")).expect("save"),
        "r\n"
    );
    assert_screen!("finish_left_by_p_saved", &mut app);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "One");
}

#[test]
fn zoom_falls_back_to_one_column_when_the_map_is_too_wide() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wide = format!(
        "{}\n#@$.{}#\n{}\n",
        "#".repeat(40),
        " ".repeat(34),
        "#".repeat(40)
    );
    let map = write_map(dir.path(), "wide.xsb", &wide);
    let app = open_map(dir.path(), &map);
    let (left, top) = board_origin(&app, 60, 20);
    let row = row_from(&render(&app, 60, 20), left, top + 1);
    assert_eq!(row, format!("█☻◼⨯{}█", " ".repeat(34)));
    // At 100 columns the same map is drawn two columns a cell.
    let (left, top) = board_origin(&app, 100, 20);
    let row = row_from(&render(&app, 100, 20), left, top + 1);
    assert!(row.starts_with("██☻ ◼ ⨯ "), "{row}");
}

#[test]
fn ascii_mode_draws_xsb_characters() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let theme = Theme {
        ascii: true,
        color: true,
        ..Theme::default()
    };
    let mut app = open_map_with(dir.path(), &map, theme);
    press(&mut app, &[ch('z')]);
    let screen = render(&app, 60, 20);
    let (left, top) = wall_origin(&app, 60, 20, "#");
    let board: Vec<String> = (top..top + 5)
        .map(|y| {
            (left..left + 7)
                .map(|x| screen[(x, y)].symbol().to_owned())
                .collect()
        })
        .collect();
    assert_eq!(
        board,
        ["#######", "#     #", "# .$@ #", "#     #", "#######"]
    );
}

#[test]
fn without_colour_a_box_on_a_goal_still_looks_different() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(
        dir.path(),
        "goals.xsb",
        "#########\n#+* $ $.#\n#       #\n#########\n",
    );
    let theme = Theme {
        ascii: false,
        color: false,
        ..Theme::default()
    };
    let mut app = open_map_with(dir.path(), &map, theme);
    press(&mut app, &[ch('z')]);
    let screen = render(&app, 60, 20);
    let (left, top) = board_origin(&app, 60, 20);
    let expected = Buffer::with_lines(["█☺▣ ◼ ◼⨯█"]);
    let mut row = Buffer::empty(Rect::new(0, 0, 9, 1));
    for x in 0..9 {
        row[(x, 0)] = screen[(left + x, top + 1)].clone();
    }
    assert_eq!(row, expected, "no colours, distinct glyphs");
}

#[test]
fn question_mark_shows_every_key_and_any_key_closes_it() {
    let (_dir, mut app) = start_tiny();
    press(&mut app, &[ch('?')]);
    let text = format!("{:?}", render(&app, 80, 30));
    for (keys, what) in schokoban::app::KeyMap::default().help_lines() {
        assert!(
            text.contains(&keys) && text.contains(what),
            "help lacks {keys} {what}"
        );
    }
    // The key that closes the help does not also move.
    press(&mut app, &[ch('w')]);
    assert!(!level(&app).show_help);
    assert_eq!(level(&app).game.score(), 0);
}

#[test]
fn key_hints_never_cover_the_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tall = format!("#####\n#@$.#\n{}#####\n", "#   #\n".repeat(12));
    let map = write_map(dir.path(), "tall.xsb", &tall);
    let mut app = open_map(dir.path(), &map);
    // No room under the map at 20 rows: no key caps; at 30 rows, caps.
    assert_screen!("a_tall_map_60x20", &mut app, 60, 20);
    assert_screen!("a_tall_map_60x30", &mut app, 60, 30);
}

#[test]
fn pushes_are_counted_beside_moves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(
        dir.path(),
        "tiny.xsb",
        "########\n#  $ . #\n#@ $ . #\n########\n",
    );
    let mut app = open_map(dir.path(), &map);
    // Right, right (pushing the lower box), then back left.
    press(&mut app, &[ch('d'), ch('d'), ch('a')]);
    assert_screen!("three_moves_one_push", &mut app, 60, 20);
}
