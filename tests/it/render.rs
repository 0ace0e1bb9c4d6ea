//! Whole-screen renders at fixed sizes: the spec's glyphs, colours and layout.

use crate::ui::{
    assert_screen, ch, key, open_map, padded, press, render, shifted, start_tiny, write_map,
};
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use schokoban::app::theme::Theme;
use schokoban::app::widgets::leaderboard::LeaderboardView;
use schokoban::storage::Leaderboard;

const WIDTH: u16 = 60;

fn caps_and_legend(expected: &mut Vec<String>) {
    for line in [
        "       ╔═══╗       ╔═══╗ ╔═══╗   WASD/arrows move",
        "       ║ W ║       ║ R ║ ║ESC║   U undo   Y redo",
        "       ╚═══╝       ╚═══╝ ╚═══╝   R reset  ESC leave",
        " ╔═══╗ ╔═══╗ ╔═══╗       ╔═══╗   H hint   Z zoom",
        " ║ A ║ ║ S ║ ║ D ║       ║ U ║   Mouse: click to walk",
        " ╚═══╝ ╚═══╝ ╚═══╝       ╚═══╝   ? all keys",
    ] {
        expected.push(format!("{line:<60}"));
    }
}

/// The legend beside the caps is dim, from column 33 to its end.
fn legend_style(buffer: &mut Buffer, top: u16) {
    let dim = Style::new().fg(Color::DarkGray);
    for row in 0..6 {
        let y = top + row;
        let end = (33..60)
            .rev()
            .find(|&x| buffer[(x, y)].symbol() != " ")
            .map_or(33, |x| x + 1);
        buffer.set_style(Rect::new(33, y, end - 33, 1), dim);
    }
}

/// The logo at the top left, yellow as in the menus.
fn logo_style(buffer: &mut Buffer) {
    let yellow_bold = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    buffer.set_style(Rect::new(0, 0, 27, 3), yellow_bold);
}

/// The styles every menu page has at 60 columns: the yellow logo, the bold
/// heading at `heading` and the dim footer at `footer`.
fn page_styles(buffer: &mut Buffer, heading: Rect, footer: Rect) {
    let yellow_bold = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    buffer.set_style(Rect::new(16, 1, 27, 3), yellow_bold);
    buffer.set_style(heading, Style::new().add_modifier(Modifier::BOLD));
    buffer.set_style(footer, Style::new().fg(Color::DarkGray));
}

fn selected() -> Style {
    Style::new()
        .fg(Color::Black)
        .bg(Color::Yellow)
        .add_modifier(Modifier::BOLD)
}

#[test]
fn gameplay_screen_matches_the_spec_layout_glyphs_and_colours() {
    let (_dir, app) = start_tiny();

    let mut lines = padded(
        &[
            "╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔   Puzzle: Tiny by Tester",
            "╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║   Record: N/A",
            "╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝   Moves: 0   Pushes: 0",
            "",
            "",
            "    ██████████████",
            "    ██          ██",
            "    ██  ⨯ ◼ ☻   ██",
            "    ██          ██",
            "    ██████████████",
            "",
        ],
        60,
    );
    caps_and_legend(&mut lines);
    lines.extend(padded(&["", "", ""], 60));
    let mut expected = Buffer::with_lines(lines);
    // Cells are two columns wide when zoomed; both halves carry the colour.
    expected.set_style(Rect::new(8, 7, 2, 1), Style::new().fg(Color::Red));
    expected.set_style(Rect::new(10, 7, 2, 1), Style::new().fg(Color::Yellow));
    legend_style(&mut expected, 11);
    logo_style(&mut expected);

    // The picture, as one block, stands where every level's does: a row
    // down, as the menus' logo, and at the left at this width.
    assert_eq!(render(&app, WIDTH, 20), shifted(&expected, 0, 1));
}

#[test]
fn boxes_and_player_on_goals_are_green_and_red_in_single_columns() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(
        dir.path(),
        "goals.xsb",
        "#########\n#+* $ $.#\n#       #\n#########\n",
    );
    let mut app = open_map(dir.path(), &map);
    // Z turns zoom off: one column a cell.
    press(&mut app, &[ch('z')]);

    let mut lines = padded(
        &[
            "╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔   Puzzle: goals.xsb",
            "╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║   Record: N/A",
            "╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝   Moves: 0   Pushes: 0",
            "Zoom off: one column a cell",
            "",
            "    █████████",
            "    █☻◼ ◼ ◼⨯█",
            "    █       █",
            "    █████████",
            "",
        ],
        60,
    );
    caps_and_legend(&mut lines);
    lines.extend(padded(&["", "", "", ""], 60));
    let mut expected = Buffer::with_lines(lines);
    // Z says what it did, and is remembered for the next level.
    expected.set_style(
        Rect::new(0, 3, 27, 1),
        Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
    );
    expected.set_style(Rect::new(5, 6, 1, 1), Style::new().fg(Color::Red));
    expected.set_style(Rect::new(6, 6, 1, 1), Style::new().fg(Color::Green));
    expected.set_style(Rect::new(8, 6, 1, 1), Style::new().fg(Color::Yellow));
    expected.set_style(Rect::new(10, 6, 1, 1), Style::new().fg(Color::Yellow));
    expected.set_style(Rect::new(11, 6, 1, 1), Style::new().fg(Color::Red));
    legend_style(&mut expected, 10);
    logo_style(&mut expected);

    assert_eq!(render(&app, WIDTH, 20), shifted(&expected, 0, 1));
}

#[test]
fn main_menu_shows_the_logo_and_the_modes_in_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = crate::ui::menu_app(dir.path());
    let mut expected = Buffer::with_lines(padded(
        &[
            "",
            "                ╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔",
            "                ╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║",
            "                ╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝",
            "",
            "                  Sokoban for the terminal",
            "",
            "                      ▶ Arcade",
            "                        Free play",
            "                        Custom map",
            "                        Level editor",
            "                        Endless",
            "                        Statistics",
            "                        About",
            "                        Quit",
            "    ↑↓ or W/S choose · Enter or Space accept · Esc quit",
        ],
        60,
    ));
    page_styles(
        &mut expected,
        Rect::new(18, 5, 24, 1),
        Rect::new(4, 15, 51, 1),
    );
    expected.set_style(Rect::new(22, 7, 9, 1), selected());

    assert_eq!(render(&app, WIDTH, 16), expected);
}

#[test]
fn leaderboard_sets_the_best_entry_apart_and_marks_the_new_one() {
    let board = Leaderboard::parse("10 Foo Bar\n12 Baz\n30 John Doe\n").expect("board");
    let view = LeaderboardView {
        board: &board,
        new_place: Some(1),
        more_hint: "",
        theme: Theme::default(),
    };
    let area = Rect::new(0, 0, 40, 4);
    let mut buffer = Buffer::empty(area);
    ratatui::widgets::Widget::render(view, area, &mut buffer);

    let mut expected = Buffer::with_lines(padded(
        &[
            "★  1.  10  Foo Bar",
            "────────────────────────────────────────",
            "   2.  12  Baz      ◀ you",
            "   3.  30  John Doe",
        ],
        40,
    ));
    expected.set_style(
        Rect::new(0, 0, 18, 1),
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    );
    expected.set_style(Rect::new(0, 1, 40, 1), Style::new().fg(Color::DarkGray));
    expected.set_style(
        Rect::new(0, 2, 25, 1),
        Style::new()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD),
    );
    assert_eq!(buffer, expected);
}

#[test]
fn a_tiny_terminal_says_what_size_it_needs() {
    let (_dir, mut app) = start_tiny();
    let expected = Buffer::with_lines(padded(
        &["Terminal too small", "need 40x12", "have 30x5", "", ""],
        30,
    ));
    assert_eq!(render(&app, 30, 5), expected);
    // Enlarged again, the game is back.
    assert_screen!("tiny_enlarged_again_60x20", &mut app, WIDTH, 20);
}

#[test]
fn about_opens_from_the_main_menu_and_says_whose_levels_these_are() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::ui::menu_app(dir.path());
    press(
        &mut app,
        &[
            ch('s'),
            ch('s'),
            ch('s'),
            ch('s'),
            ch('s'),
            ch('s'),
            ch(' '),
        ],
    );
    let version = format!(
        "{:^60}",
        format!("Schokoban {}, MIT licence", env!("CARGO_PKG_VERSION"))
    );
    let mut expected = Buffer::with_lines(padded(
        &[
            "",
            "                ╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔",
            "                ╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║",
            "                ╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝",
            "",
            "                           About",
            "",
            &version,
            "   Push every box onto a goal, in as few moves as you can.",
            "",
            "                           Levels",
            "             Microban I to IV: David W. Skinner",
            "            XSokoban: Thinking Rabbit / XSokoban",
            "             Sasquatch I to XI: David W. Skinner",
            "",
            "              Press ? in a level for every key.",
            "",
            "",
            "",
            "                     Esc or Enter back",
        ],
        60,
    ));
    page_styles(
        &mut expected,
        Rect::new(27, 5, 5, 1),
        Rect::new(21, 19, 17, 1),
    );
    let yellow_bold = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    expected.set_style(Rect::new(27, 10, 6, 1), yellow_bold);
    expected.set_style(Rect::new(14, 15, 33, 1), Style::new().fg(Color::DarkGray));
    assert_eq!(render(&app, WIDTH, 20), expected);

    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "main menu");
}

#[test]
fn a_level_list_marks_saves_and_records_and_highlights_the_choice() {
    let two = "#####\n#@$.#\n#####\nTitle: One\n\n######\n#@ $.#\n######\n";
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("two.xsb.2.dat"), "4 Ann\n").expect("board");
    std::fs::write(dir.path().join("two.xsb.1.sav"), "r\n").expect("save");
    let map = write_map(dir.path(), "two.xsb", two);
    let app = open_map(dir.path(), &map);
    let mut expected = Buffer::with_lines(padded(
        &[
            "",
            "                ╔═╗╔═╗╦ ╦╔═╗╦╔═╔═╗╔╗ ╔═╗╔╗╔",
            "                ╚═╗║  ╠═╣║ ║╠╩╗║ ║╠╩╗╠═╣║║║",
            "                ╚═╝╚═╝╩ ╩╚═╝╩ ╩╚═╝╚═╝╩ ╩╝╚╝",
            "",
            "                  two.xsb: choose a level",
            "",
            "       #  Level       Record         One",
            " ▶     1  One            N/A  saved  5x3, 1 box",
            "       2  two.xsb #2       4         █████",
            "                                     █☻◼⨯█",
            "                                     █████",
            "",
            "",
            "",
            "↑↓ choose · PgUp/PgDn/Home/End jump · Enter play · Esc back",
        ],
        60,
    ));
    page_styles(
        &mut expected,
        Rect::new(18, 5, 23, 1),
        Rect::new(0, 15, 59, 1),
    );
    expected.set_style(Rect::new(3, 7, 25, 1), Style::new().fg(Color::DarkGray));
    expected.set_style(Rect::new(1, 8, 34, 1), selected());
    // The selected level beside the list: its title, its size, then its
    // board.
    expected.set_style(
        Rect::new(37, 7, 22, 1),
        Style::new().add_modifier(Modifier::BOLD),
    );
    expected.set_style(Rect::new(37, 8, 22, 1), Style::new().fg(Color::DarkGray));
    expected.set_style(Rect::new(39, 10, 1, 1), Style::new().fg(Color::Yellow));
    expected.set_style(Rect::new(40, 10, 1, 1), Style::new().fg(Color::Red));
    assert_eq!(render(&app, WIDTH, 16), expected);
}
