//! Issue 12: every screen at 80x24 and at the 40x12 minimum shows its
//! choices and its whole text; below the minimum, keys do nothing.

use crate::ui::{
    THREE_LEVELS, TINY, ch, key, level, open_map, press, resize, screen, wait_while_busy, write_map,
};
use crossterm::event::{Event, KeyCode};
use ratatui::layout::Rect;
use schokoban::app::App;

#[test]
fn keys_do_nothing_while_the_terminal_is_too_small() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 20, 6);
    assert!(app.visible_text(20, 6).contains("Terminal too small"));
    press(
        &mut app,
        &[ch('d'), ch('d'), key(KeyCode::Left), key(KeyCode::Esc)],
    );
    assert_eq!(app.screen_name(), "play", "Esc did not leave unseen");
    assert_eq!(level(&app).game.score(), 0, "no move was made unseen");
    resize(&mut app, 80, 24);
    press(&mut app, &[ch('d')]);
    assert_eq!(level(&app).game.score(), 1, "big enough again, keys work");
    resize(&mut app, 20, 6);
    press(&mut app, &[key(KeyCode::Char('c'))]);
    app.handle_key(&crossterm::event::KeyEvent::new(
        KeyCode::Char('c'),
        crossterm::event::KeyModifiers::CONTROL,
    ));
    assert!(!app.is_running(), "Ctrl+C still quits");
}

#[test]
fn zoom_is_remembered_for_the_next_level_and_the_next_session() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    let wall_row = |app: &App| {
        let text = app.visible_text(80, 24);
        let row = text.lines().find(|l| l.contains('█')).map(str::trim);
        row.map(str::to_owned)
    };
    assert_eq!(wall_row(&app).as_deref(), Some("██████████████"));
    press(&mut app, &[ch('z')]);
    assert_eq!(wall_row(&app).as_deref(), Some("███████"));
    let again = open_map(dir.path(), &map);
    assert_eq!(
        wall_row(&again).as_deref(),
        Some("███████"),
        "one column a cell, as chosen last time"
    );
}

#[test]
fn zoom_says_when_a_map_is_too_wide_for_square_cells() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wide = format!(
        "{}\n#@$.{}#\n{}\n",
        "#".repeat(30),
        " ".repeat(25),
        "#".repeat(30)
    );
    let map = write_map(dir.path(), "wide.xsb", &wide);
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 40, 12);
    press(&mut app, &[ch('z'), ch('z')]);
    let text = app.visible_text(40, 12);
    assert!(text.contains("this map is too wide for"), "{text}");
}

#[test]
fn n_and_p_in_arcade_say_why_they_do_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    // Arcade, the first collection, then its first level.
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    while app.screen_name() != "play" {
        press(&mut app, &[key(KeyCode::Enter)]);
    }
    press(&mut app, &[ch('n')]);
    assert!(
        crate::ui::messages(&app).contains("Arcade goes in order"),
        "{}",
        crate::ui::messages(&app)
    );
    assert_eq!(level(&app).game.score(), 0);
}

/// The end screen of TINY, solved in 1 move and not added to a full board.
fn full_board_finish() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let full = (1..=10).fold(String::new(), |text, i| text + &format!("5 Player {i}\n"));
    std::fs::write(dir.path().join("tiny.xsb.dat"), full).expect("board");
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Left), key(KeyCode::Enter)]);
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Enter)]);
    (dir, app)
}

fn help_overlay() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('?')]);
    (dir, app)
}

fn three_level_list() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "three.xsb", THREE_LEVELS);
    let app = open_map(dir.path(), &map);
    (dir, app)
}

fn long_error() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = "#####\n#@$$.#\n#####\n";
    write_map(dir.path(), "a-map-with-a-rather-long-name.xsb", bad);
    let mut app = crate::ui::menu_app(dir.path());
    crate::ui::open_path_prompt(&mut app);
    let path = dir.path().join("a-map-with-a-rather-long-name.xsb");
    crate::ui::type_text(&mut app, &path.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    (dir, app)
}

const LOGO_80: [&str; 3] = [
    "                          ╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔",
    "                          ╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║",
    "                          ╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝",
];

/// `rows` after a blank row and the logo (80 columns), padded to 24 rows.
fn page_80(rows: &[&str]) -> Vec<String> {
    let mut lines = vec![String::new()];
    lines.extend(LOGO_80.iter().map(|l| (*l).to_owned()));
    lines.extend(rows.iter().map(|l| (*l).to_owned()));
    lines
}

#[test]
fn a_full_leaderboard_keeps_its_choices_in_view() {
    let (_dir, mut app) = full_board_finish();
    let mut rows = vec![
        "",
        "                                  Solved: Tiny",
        "",
        "                               Solved in 1 move!",
        "",
        "          Leaderboard",
        "          ★  1.   5  Player 1                        ▶ Play again",
        "          ────────────────────────────────────────     Watch your run",
        "             2.   5  Player 2                          Main menu",
    ];
    let places: Vec<String> = (3..=10)
        .map(|i| format!("            {i:>2}.   5  Player {i}"))
        .collect();
    rows.extend(places.iter().map(String::as_str));
    rows.extend([
        "",
        "",
        "                    ↑↓ choose · Enter accept · Esc main menu",
    ]);
    assert_eq!(screen(&mut app, 80, 24), page_80(&rows));
    assert_eq!(
        screen(&mut app, 40, 12),
        vec![
            "              Solved: Tiny",
            "           Solved in 1 move!",
            "★  1.   5  Player 1",
            "────────────────────────────────────────",
            "   2.   5  Player 2",
            "   3.   5  Player 3",
            "    … 7 more",
            "▶ Play again",
            "  Watch your run",
            "  Main menu",
            "",
            "↑↓ choose · Enter accept · Esc main menu",
        ]
    );
}

#[test]
fn the_help_shows_its_whole_text_and_scrolls_at_the_smallest_size() {
    let (_dir, mut app) = help_overlay();
    let big = screen(&mut app, 80, 24);
    assert_eq!(
        big[1],
        "    ╔ Keys ════════════════════════════════════════════════════════════════╗"
    );
    assert_eq!(
        big[7],
        "    ║               H  hint: mark the next push; again to play it          ║"
    );
    assert_eq!(
        big[19],
        "    ║ Esc / Backspace  back in menus                                       ║"
    );
    assert_eq!(
        big[21],
        "    ╚ any key closes ══════════════════════════════════════════════════════╝"
    );
    let small = screen(&mut app, 40, 12);
    assert_eq!(
        small,
        [
            "╔ Keys ════════════════════════════════╗",
            "║                                      ║",
            "║ WASD / arrows                        ║",
            "║   move and push                      ║",
            "║ U                                    ║",
            "║   undo (counts as a move)            ║",
            "║ Y                                    ║",
            "║   redo (counts as a move)            ║",
            "║ R                                    ║",
            "║   reset the level (moves back to 0)  ║",
            "║                                      ║",
            "╚ ↑↓ scroll · any other key closes ════╝",
        ]
    );
    // Scrolled to the end, the last key shows, whole.
    press(&mut app, &vec![key(KeyCode::Down); 40]);
    let end = screen(&mut app, 40, 12);
    assert_eq!(
        end[9], "║   back in menus                      ║",
        "{end:#?}"
    );
    press(&mut app, &[ch('x')]);
    assert!(!level(&app).show_help, "any other key closes it");
}

#[test]
fn a_three_level_file_lists_every_level_named_as_the_game_names_it() {
    let (_dir, mut app) = three_level_list();
    let mut rows = vec![
        "",
        "                           three.xsb: choose a level",
        "",
        "                #  Level         Record",
        "          ▶     1  One              N/A         5x3, 1 box",
        "                2  Two              N/A         █████",
        "                3  three.xsb #3     N/A         █☻◼⨯█",
        "                                                █████",
    ];
    rows.extend([""; 11]);
    rows.push("          ↑↓ choose · PgUp/PgDn/Home/End jump · Enter play · Esc back");
    assert_eq!(screen(&mut app, 80, 24), page_80(&rows));
    assert_eq!(
        screen(&mut app, 40, 12),
        vec![
            "       three.xsb: choose a level",
            "        #  Level         Record",
            "  ▶     1  One              N/A",
            "        2  Two              N/A",
            "        3  three.xsb #3     N/A",
            "",
            "",
            "",
            "",
            "",
            "  ↑↓ choose · PgUp/PgDn/Home/End jump",
            "         Enter play · Esc back",
        ]
    );
    // Up from the first wraps to the last, as in every menu.
    press(&mut app, &[key(KeyCode::Up)]);
    assert_eq!(app.selected(), Some(2));
}

#[test]
fn a_long_error_wraps_whole_at_both_sizes() {
    let (dir, mut app) = long_error();
    let path = dir.path().join("a-map-with-a-rather-long-name.xsb");
    let error = format!(
        "{}: line 1: the level has 2 boxes but 1 goal",
        path.display()
    );
    for (width, height, left) in [(80, 24, 10), (40, 12, 1)] {
        let rows = screen(&mut app, width, height);
        let start = rows
            .iter()
            .position(|row| row.trim_start().starts_with(&error[..8]))
            .expect("the error is shown");
        let shown: Vec<&str> = rows[start..]
            .iter()
            .take_while(|row| !row.is_empty())
            .map(|row| &row[left..])
            .collect();
        let joined = shown.join(" ");
        assert_eq!(
            joined.replace(' ', ""),
            error.replace(' ', ""),
            "{width}x{height}: {rows:#?}"
        );
        let footer = rows[height as usize - 2..].join(" ");
        assert!(footer.contains("Tab completes") && footer.contains("Esc back"));
    }
}

#[test]
fn a_new_score_shows_its_place_above_four_choices_at_the_smallest_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Left), key(KeyCode::Enter)]);
    press(&mut app, &[key(KeyCode::Enter)]);
    crate::ui::type_text(&mut app, "ANN");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(
        screen(&mut app, 40, 12),
        vec![
            "              Solved: Tiny",
            "           Solved in 1 move!",
            "Leaderboard",
            "★  1.   1  ANN ◀ you",
            "────────────────────────────────────────",
            "",
            "▶ Play again",
            "  Watch your run",
            "  Watch the best run",
            "  Main menu",
            "",
            "↑↓ choose · Enter accept · Esc main menu",
        ]
    );
}

#[test]
fn on_the_end_screen_a_click_selects_a_choice_and_a_second_accepts_it() {
    let (_dir, mut app) = full_board_finish();
    resize(&mut app, 80, 24);
    let screen = app.visible_text(80, 24);
    let row = screen
        .lines()
        .position(|l| l.contains("Main menu"))
        .expect("shown");
    let line = screen.lines().nth(row).expect("shown");
    // Columns, not bytes: the rule beside it is made of 3-byte characters.
    let column = line[..line.find("Main menu").expect("shown")]
        .chars()
        .count();
    let mouse = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: column as u16,
        row: row as u16,
        modifiers: crossterm::event::KeyModifiers::NONE,
    };
    app.handle_event(&Event::Mouse(mouse), Rect::new(0, 0, 80, 24));
    assert_eq!(
        app.selected(),
        Some(2),
        "after Play again and Watch your run"
    );
    app.handle_event(&Event::Mouse(mouse), Rect::new(0, 0, 80, 24));
    assert_eq!(app.screen_name(), "main menu");
}

#[test]
fn in_menus_a_click_selects_and_a_second_click_accepts() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    resize(&mut app, 80, 24);
    let click = |app: &mut App, column, row| {
        let mouse = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        };
        app.handle_event(&Event::Mouse(mouse), Rect::new(0, 0, 80, 24));
    };
    // "Free play" is the second row of the menu, under the page's heading.
    let text = app.visible_text(80, 24);
    let row = text
        .lines()
        .position(|l| l.contains("Free play"))
        .expect("shown") as u16;
    click(&mut app, 36, row);
    assert_eq!(app.selected(), Some(1));
    assert_eq!(app.screen_name(), "main menu", "one click selects");
    click(&mut app, 36, row);
    assert_eq!(app.screen_name(), "collections", "a second click accepts");
    // In a level list too: Microban, then its third level.
    let at = |app: &App, text: &str| {
        let screen = app.visible_text(80, 24);
        let row = screen
            .lines()
            .position(|l| l.contains(text))
            .expect("shown");
        let column = screen
            .lines()
            .nth(row)
            .and_then(|l| l.find(text))
            .expect("shown");
        (column as u16, row as u16)
    };
    // Turned to its last page, the collection menu still takes clicks.
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Up)]);
    assert_eq!(app.selected(), Some(15), "Sasquatch XI");
    assert!(!app.visible_text(80, 24).contains("Microban "), "next page");
    let (column, row) = at(&app, "Add a collection");
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(16), "one click selects");
    press(&mut app, &[key(KeyCode::Down)]);
    let (column, row) = at(&app, "Microban ");
    click(&mut app, column, row);
    assert_eq!(app.screen_name(), "level list");
    let (column, row) = at(&app, "Microban 3");
    click(&mut app, column, row);
    assert_eq!(app.selected(), Some(2));
    click(&mut app, column, row);
    assert_eq!(app.screen_name(), "play");
    assert_eq!(level(&app).title, "Microban 3");
}

#[test]
fn a_level_list_shows_what_happened_since_it_was_first_opened() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "three.xsb", THREE_LEVELS);
    let mut app = open_map(dir.path(), &map);
    let reopen = |app: &mut App| {
        // The main menu keeps its selection: back to the top first.
        while app.selected() != Some(0) {
            press(app, &[ch('w')]);
        }
        crate::ui::open_path_prompt(app);
        crate::ui::type_text(app, &map.to_string_lossy());
        press(app, &[key(KeyCode::Enter)]);
    };
    // Level 2: solve it and join the board.
    press(&mut app, &[ch('s'), key(KeyCode::Enter), ch('d')]);
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    crate::ui::type_text(&mut app, "Ann");
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Esc)]);
    // Level 3: one move, then leave, which saves it.
    reopen(&mut app);
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Enter), ch('d')]);
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
    reopen(&mut app);
    let text = app.visible_text(80, 24);
    assert!(text.contains("2  Two                1"), "{text}");
    assert!(text.contains("3  three.xsb #3     N/A  saved"), "{text}");
}

/// Issue 31, item 1: leaving a level with a saved game at 40x12 shows the
/// leaderboard's entries and the choices, the save told in one row.
#[test]
fn leaving_at_the_smallest_size_shows_the_board_and_the_choices() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    std::fs::write(
        dir.path().join("tiny.xsb.dat"),
        "1 Ann\n3 Bob\n6 Cy\n9 Dee\n",
    )
    .expect("board");
    let mut app = open_map(dir.path(), &map);
    resize(&mut app, 40, 12);
    press(&mut app, &[key(KeyCode::Right), key(KeyCode::Esc)]);
    assert_eq!(
        screen(&mut app, 40, 12),
        vec![
            "           Leaderboard: Tiny",
            "      Game saved to … M shows all",
            "★  1.   1  Ann",
            "────────────────────────────────────────",
            "   2.   3  Bob",
            "   3.   6  Cy",
            "   4.   9  Dee",
            "",
            "▶ Play again",
            "  Main menu",
            "",
            "↑↓ choose · Enter accept · Esc main menu",
        ]
    );
}

/// A map 30 wide and 20 tall, the player in the middle, the box and goal
/// near the top.
fn big_map() -> String {
    let mut rows = vec!["#".repeat(30)];
    for y in 1..19 {
        rows.push(match y {
            5 => format!("#   $.{}#", " ".repeat(23)),
            10 => format!("#{}@{}#", " ".repeat(13), " ".repeat(14)),
            _ => format!("#{}#", " ".repeat(28)),
        });
    }
    rows.push("#".repeat(30));
    rows.join("\n") + "\n"
}

/// Issue 31, item 7: a map taller than the screen uses every row under
/// the header and marks the edges where it goes on.
#[test]
fn a_big_map_at_the_smallest_size_marks_where_it_goes_on_and_uses_every_row() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "big.xsb", &big_map());
    let mut app = open_map(dir.path(), &map);
    let rows = screen(&mut app, 40, 12);
    let inside = format!("█{}█", " ".repeat(28));
    // The block (the board and its marks) is centred: two columns spare.
    let mut expected = vec![
        "  Puzzle: big.xsb".to_owned(),
        "  Record: N/A".to_owned(),
        "  Moves: 0   Pushes: 0".to_owned(),
        format!("    ▲ {inside}"),
    ];
    for row in 4..11 {
        if row == 7 {
            expected.push(format!("      █{}☻{}█", " ".repeat(13), " ".repeat(14)));
        } else {
            expected.push(format!("      {inside}"));
        }
    }
    expected.push(format!("    ▼ {inside}"));
    assert_eq!(rows, expected);
}

/// Issue 31, item 10: on a big terminal the play screen is centred, as
/// the menus are, not left in the top left corner.
#[test]
fn on_a_big_terminal_the_play_screen_is_centred() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    assert_centred(&screen(&mut app, 200, 60));
}

/// The watch screen keeps to the same centred block.
#[test]
fn on_a_big_terminal_the_watch_screen_is_centred() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('v')]);
    let rows = screen(&mut app, 200, 60);
    assert!(
        rows[..30].iter().any(|r| r.contains("Watching")),
        "{rows:#?}"
    );
    assert_centred(&rows);
}

/// What is drawn on a 200x60 screen has as much room above as below, and
/// left as right, give or take a cell.
fn assert_centred(rows: &[String]) {
    let used: Vec<usize> = (0..rows.len())
        .filter(|&y| !rows[y].trim().is_empty())
        .collect();
    let (first, last) = (used[0], used[used.len() - 1]);
    let bottom = rows.len() - 1;
    assert!(
        first.abs_diff(bottom - last) <= 1,
        "rows {first}..{last} of {}",
        rows.len()
    );
    let left = rows
        .iter()
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.len() - r.trim_start().len())
        .min();
    let right = rows.iter().map(|r| r.trim_end().chars().count()).max();
    let (left, right) = (left.expect("drawn"), right.expect("drawn"));
    assert!(
        left.abs_diff(200 - right) <= 1,
        "columns {left}..{right} of 200"
    );
}

/// A hint's marked box far above the player on a map taller than the
/// screen: the view takes in the box and the arrow, not only the player.
#[test]
fn a_hint_far_from_the_player_scrolls_into_view_at_the_smallest_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "big.xsb", &big_map());
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('h')]);
    wait_while_busy(&mut app);
    let rows = screen(&mut app, 40, 12);
    // Before, the view stayed centred on the player (row 10) and began
    // at row 6, below the box.
    let inside = |cells: &str| format!("█{cells:<28}█");
    let walk = "  ·";
    let mut expected = vec![
        "  Puzzle: big.xsb".to_owned(),
        "  Record: N/A".to_owned(),
        "  Moves: 0   Pushes: 0".to_owned(),
        "  Hint: push the marked box right; H".to_owned(),
        "  plays it".to_owned(),
        format!("    ▲ {}", inside("")),
        format!("      {}", inside("  ·◼⨯")),
    ];
    expected.extend((0..4).map(|_| format!("      {}", inside(walk))));
    expected.push(format!("    ▼ {}", inside("  ···········☻")));
    assert_eq!(rows, expected);
}
