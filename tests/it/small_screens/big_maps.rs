//! Boards that do not match the screen: a map taller than the 40x12
//! minimum scrolls and marks where it goes on, and on a terminal larger
//! than 80x24 the play and watch screens stand in the middle.

use crate::ui::{TINY, ch, open_map, press, screen, wait_while_busy, write_map};

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
    // The block stands at the left, where it stands for every level; the
    // last row names the keys.
    let mut expected = vec![
        "Puzzle: big.xsb".to_owned(),
        "Record: N/A".to_owned(),
        "Moves: 0   Pushes: 0".to_owned(),
        format!("  ▲ {inside}"),
    ];
    for row in 4..10 {
        if row == 7 {
            expected.push(format!("    █{}☻{}█", " ".repeat(13), " ".repeat(14)));
        } else {
            expected.push(format!("    {inside}"));
        }
    }
    expected.push(format!("  ▼ {inside}"));
    expected.push(" U undo · ? all keys · Esc leave".to_owned());
    assert_eq!(rows, expected);
}

/// Issue 31, item 10, and issue 66, item 14: on a big terminal the play
/// screen stands in the middle where the menus' logo does, not in the top
/// left corner, in a place no level moves (see `room.rs`).
#[test]
fn on_a_big_terminal_the_play_screen_stands_where_the_menus_do() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let mut app = open_map(dir.path(), &map);
    let rows = screen(&mut app, 200, 60);
    let first = rows.iter().position(|r| !r.trim().is_empty());
    assert_eq!(first, Some(16), "{rows:#?}");
    let left = rows[16].len() - rows[16].trim_start().len();
    assert_eq!(left, (200 - 70) / 2, "a 70-column block centred");
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
        "Puzzle: big.xsb".to_owned(),
        "Record: N/A".to_owned(),
        "Moves: 0   Pushes: 0".to_owned(),
        "Hint: push the marked box right; H plays".to_owned(),
        "it".to_owned(),
        format!("  ▲ {}", inside("  ·◼⨯")),
    ];
    expected.extend((0..4).map(|_| format!("    {}", inside(walk))));
    expected.push(format!("  ▼ {}", inside("  ···········☻")));
    expected.push(" U undo · ? all keys · Esc leave".to_owned());
    assert_eq!(rows, expected);
}
