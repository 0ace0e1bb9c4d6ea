//! The level drawn small beside a list of levels: Free play's and a
//! multi-level file's, where it fits.

use crossterm::event::KeyCode;

use crate::ui::{assert_screen, ch, key, menu_app, open_map, press, screen, write_map};

/// The rows of `screen` from the one holding `summary` on, each cut to
/// start at the summary's column, trailing spaces trimmed.
fn preview_rows(screen: &[String], summary: &str, count: usize) -> Vec<String> {
    let (row, column) = screen
        .iter()
        .enumerate()
        .find_map(|(row, line)| Some((row, line[..line.find(summary)?].chars().count())))
        .unwrap_or_else(|| panic!("no {summary:?} in\n{}", screen.join("\n")));
    screen[row..row + count]
        .iter()
        .map(|line| {
            line.chars()
                .skip(column)
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect()
}

#[test]
fn free_play_draws_the_selected_level_beside_the_list_at_80x24() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = menu_app(dir.path());
    // Free play, then Microban.
    press(
        &mut app,
        &[ch('s'), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    assert_screen!("microban_1_previewed", &mut app);
    // The preview follows the selection.
    press(&mut app, &[key(KeyCode::Down)]);
    assert_screen!("microban_2_previewed", &mut app);
    // Where there is room the author is named too.
    assert_screen!("microban_2_previewed_200x60", &mut app, 200, 60);
    // At the smallest size the list keeps the whole width.
    assert_screen!("microban_2_not_previewed_40x12", &mut app, 40, 12);
}

#[test]
fn a_level_too_big_for_its_place_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wide = format!(
        "{}\n#@$.{}#\n{}\nTitle: Wide\n",
        "#".repeat(60),
        " ".repeat(55),
        "#".repeat(60)
    );
    let text = format!("#####\n#@$.#\n#####\nTitle: Small\n\n{wide}");
    let map = write_map(dir.path(), "two.xsb", &text);
    let mut app = open_map(dir.path(), &map);
    let shown = screen(&mut app, 80, 24);
    // Small's board is Microban 44's, whose rating ships with it.
    assert_eq!(
        preview_rows(&shown, "5x3, 1 box", 5),
        [
            "5x3, 1 box",
            "◆◇◇◇ 5, about easy",
            "#####",
            "#☻◼⨯#",
            "#####"
        ]
        .map(|l| l.replace('#', "█"))
    );
    press(&mut app, &[key(KeyCode::Down)]);
    let shown = screen(&mut app, 80, 24);
    assert_eq!(
        preview_rows(&shown, "60x3, 1 box", 3),
        ["60x3, 1 box", "Rating…", "Too big to show"]
    );
}

#[test]
fn a_level_too_tall_for_its_place_is_drawn_two_rows_a_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rows = vec!["#####", "#@  #", "# $ #"];
    rows.extend(["#   #"; 15]);
    rows.extend(["# . #", "#####"]);
    let tall = format!("{}\nTitle: Tall\n", rows.join("\n"));
    let text = format!("#####\n#@$.#\n#####\nTitle: Small\n\n{tall}");
    let map = write_map(dir.path(), "two.xsb", &text);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[key(KeyCode::Down)]);
    let shown = screen(&mut app, 80, 24);
    let mut expected = vec!["█▀▀▀█", "█ ▀ █"];
    expected.extend(["█   █"; 7]);
    expected.push("█▄▄▄█");
    assert_eq!(preview_rows(&shown, "█▀▀▀█", 10), expected);
    assert!(
        shown.iter().any(|line| line.contains("5x20, 1 box")),
        "{}",
        shown.join("\n")
    );
}
