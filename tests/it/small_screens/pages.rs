//! Whole screens, row by row, at 80x24 and at the 40x12 minimum: a full
//! leaderboard on the end screen, the help, a level list, a long error, a
//! new score, and leaving a level with a saved game; and the statistics
//! page's block at 80x24 and 200x60.

use super::full_board_finish;
use crate::ui::{THREE_LEVELS, TINY, ch, key, level, open_map, press, resize, screen, write_map};
use crossterm::event::KeyCode;
use schokoban::app::App;

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
        "          ★  2.   5  Player 2                          Watch your run",
        "          ★  3.   5  Player 3                          Statistics",
        "          ★  4.   5  Player 4                          Main menu",
    ];
    // All ten tie for first: all stand above the rule.
    let places: Vec<String> = (5..=10)
        .map(|i| format!("          ★ {i:>2}.   5  Player {i}"))
        .collect();
    rows.extend(places.iter().map(String::as_str));
    rows.extend([
        "          ────────────────────────────────────────",
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
            "★  2.   5  Player 2",
            "★  3.   5  Player 3",
            "    … 7 more · L shows all",
            "▶ Play again",
            "  Watch your run",
            "  Statistics",
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
        big[20],
        "    ║             0-9  level lists: go to a level by its number            ║"
    );
    assert_eq!(
        big[22],
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
        end[7..10],
        [
            "║ 0-9                                  ║",
            "║   level lists: go to a level by its  ║",
            "║   number                             ║",
        ],
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
        "             #  Level           Rating  Record    One",
        "       ▶     1  One           ◆◇◇◇   5     N/A    5x3, 1 box",
        "             2  Two           ◆◇◇◇   5     N/A    ◆◇◇◇ 5, about easy",
        "             3  three.xsb #3         …     N/A    █████",
        "                                                  █☻◼⨯█",
        "                                                  █████",
    ];
    rows.extend([""; 10]);
    rows.push("          ↑↓ choose · PgUp/PgDn/Home/End jump · Enter play · Esc back");
    assert_eq!(screen(&mut app, 80, 24), page_80(&rows));
    assert_eq!(
        screen(&mut app, 40, 12),
        vec![
            "       three.xsb: choose a level",
            "      #  Level           Rating  Record",
            "▶     1  One           ◆◇◇◇   5     N/A",
            "      2  Two           ◆◇◇◇   5     N/A",
            "      3  three.xsb #3         …     N/A",
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
            "▶ Play again",
            "  Watch your run",
            "  Watch the best run",
            "  Statistics",
            "  Main menu",
            "",
            "↑↓ choose · Enter accept · Esc main menu",
        ]
    );
}

/// Issue 31, item 1: leaving a level with a saved game at 40x12 shows the
/// leaderboard's entries and the choices; issue 66, item 9: where the save
/// went is told in the rows they leave.
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
    // The board and the four choices take every row the page has: the
    // save is told in one, `M` shows the rest. With fewer entries it shows
    // whole (the tour's `finish_empty_board`).
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
            "▶ Play again",
            "  Statistics",
            "  Main menu",
            "",
            "↑↓ choose · Enter accept · Esc main menu",
        ]
    );
}

#[test]
fn the_statistics_page_lines_its_text_up_with_its_charts_under_the_title() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    let statistics = app.choices().iter().position(|c| c == "Statistics");
    press(
        &mut app,
        &vec![key(KeyCode::Down); statistics.expect("a menu line")],
    );
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "statistics");
    for (width, height) in [(80, 24), (200, 60)] {
        let shown = screen(&mut app, width, height);
        let all = shown.join("\n");
        let line_of = |text: &str| {
            let line = shown.iter().find(|line| line.contains(text));
            line.unwrap_or_else(|| panic!("{text:?} is not on\n{all}"))
        };
        let column = |text: &str| {
            let line = line_of(text);
            line.find(text).map(|at| line[..at].chars().count())
        };
        assert_eq!(column("Every level:"), column("╔ Solves a day"), "{all}");
        // The block stands in the middle, off the screen's edges.
        let charts = line_of("╔ Solves a day");
        let right = usize::from(width) - charts.trim_end().chars().count();
        let left = column("╔ Solves a day").unwrap_or(0);
        assert!(left > 0 && left.abs_diff(right) <= 1, "{all}");
    }
}
