//! Reverse play driven with keys through the app: Microban 1 solved in
//! reverse from Free play's list, a level whose solved board parts the
//! floor into rooms, every way out keeping the reverse game, its play
//! counted in the statistics, and its screen placed where play's is.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::statistics::{FIRST_DAY, at, total};
use crate::ui::{ch, key, menu_app, messages, open_map, press, screen, write_map};
use schokoban::app::App;
use schokoban::storage::{Records, parse_solutions};
use schokoban_core::{Direction, Game, LogEntry, Pos, ReverseGame, Step, parse_level, parse_moves};

/// Microban 1, as the game ships it.
const MICROBAN_1: &str = include_str!("../../levels/microban/001.xsb");
/// A solution of Microban 1 with the fewest moves (a breadth-first search).
const MICROBAN_1_SOLUTION: &str = "dlUrrrdLullddrUluRuulDrddrruLdlUU";
/// Microban 17: its boxes on their goals shut the player's start into the
/// top row, and a solution ends below them.
const MICROBAN_17: &str = include_str!("../../levels/microban/017.xsb");
/// A solution of Microban 17 with the fewest moves (a breadth-first search).
const MICROBAN_17_SOLUTION: &str = "rdDullDRddrruLUddlUUddlUU";
/// The box pushed onto its goal last shuts the player's start into a
/// pocket: reverse play has to start in the other room.
const POCKET: &str = "######\n#@.$ #\n## # #\n##   #\n######\n";

fn arrow(direction: Direction) -> KeyEvent {
    key(match direction {
        Direction::Left => KeyCode::Left,
        Direction::Up => KeyCode::Up,
        Direction::Right => KeyCode::Right,
        Direction::Down => KeyCode::Down,
    })
}

/// The keys that play back `solution` in reverse play: to the room where
/// it ends if that is another (Tab, before any pull), a walk on the solved
/// board to where it ends, then its steps backwards, each push a pull,
/// switching between pulling and walking with G as each step needs (the
/// game starts pulling).
fn reverse_keys(level: &str, solution: &str) -> Vec<KeyEvent> {
    let level = parse_level(level).expect("a level");
    let steps = parse_moves(solution).expect("moves");
    let mut forward = Game::new(level.clone());
    for step in &steps {
        forward.step(step.direction).expect("a legal step");
    }
    let mut keys = Vec::new();
    let mut reverse = ReverseGame::new(level);
    while reverse.walk_path(forward.player()).is_none() {
        let next = reverse.next_room().expect("another room");
        assert!(reverse.jump(next));
        keys.push(key(KeyCode::Tab));
    }
    let walk = reverse.walk_path(forward.player()).expect("a way there");
    let back = steps.iter().rev().map(|s| Step {
        direction: s.direction.opposite(),
        push: s.push,
    });
    let mut pulling = true;
    for step in walk.into_iter().map(Step::walk).chain(back) {
        if step.push != pulling {
            keys.push(ch('g'));
            pulling = step.push;
        }
        keys.push(arrow(step.direction));
    }
    keys
}

/// Every file under `dir` whose name ends with `suffix`.
fn files_ending(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_ending(&path, suffix));
        } else if path.to_string_lossy().ends_with(suffix) {
            found.push(path);
        }
    }
    found
}

/// The solutions in `file` marked as found in reverse, each checked to
/// replay `level` to solved.
fn reverse_solutions(file: &Path, level: &str) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("a solutions file");
    let (solutions, problems) = parse_solutions(&text);
    assert!(problems.is_empty(), "{problems:?}");
    solutions
        .into_iter()
        .filter(|(_, s)| s.in_reverse)
        .map(|(_, solution)| {
            let mut game = Game::new(parse_level(level).expect("a level"));
            let entries: Vec<LogEntry> =
                solution.steps.iter().copied().map(LogEntry::Step).collect();
            game.apply_log(&entries).expect("it replays");
            assert!(game.is_solved(), "{} does not solve it", solution.lurd());
            solution.lurd()
        })
        .collect()
}

#[test]
fn microban_1_solved_in_reverse_from_free_play_is_kept_as_a_forward_solution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = menu_app(dir.path());
    // Free play, Microban, level 1 selected: B plays it in reverse.
    press(
        &mut app,
        &[key(KeyCode::Down), key(KeyCode::Enter), key(KeyCode::Enter)],
    );
    assert_eq!(app.screen_name(), "level list");
    press(&mut app, &[ch('b')]);
    assert_eq!(app.screen_name(), "reverse");
    let screen = app.visible_text(80, 24);
    assert!(
        screen.contains("Reverse play: pull boxes back to the start"),
        "{screen}"
    );
    press(&mut app, &reverse_keys(MICROBAN_1, MICROBAN_1_SOLUTION));
    assert!(
        messages(&app).contains("Solved in reverse!"),
        "{}",
        messages(&app)
    );
    let files = files_ending(dir.path(), ".solutions");
    assert_eq!(files.len(), 1, "{files:?}");
    let kept = reverse_solutions(&files[0], MICROBAN_1);
    assert_eq!(kept.len(), 1);
    // Enter watches it played forward; Esc, then Esc again to the list,
    // which shows the level solved.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "watch");
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "level list");
    let list = app.visible_text(80, 24);
    assert!(list.contains('✓'), "{list}");
    // A solved reverse game is not kept to go on from.
    let reverse_files = files_ending(dir.path(), ".reverse");
    let left = reverse_files.iter().any(|f| {
        std::fs::read_to_string(f)
            .unwrap_or_default()
            .contains("kind=left")
    });
    assert!(!left);
}

#[test]
fn a_level_of_two_rooms_is_solved_after_jumping_to_the_other() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "pocket.xsb", POCKET);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('b')]);
    assert!(messages(&app).contains("2 rooms"), "{}", messages(&app));
    // From the pocket nothing can be pulled.
    press(&mut app, &[key(KeyCode::Right)]);
    assert!(!messages(&app).contains("Solved"));
    press(&mut app, &[key(KeyCode::Tab)]);
    assert!(messages(&app).contains("Room 2 of 2"), "{}", messages(&app));
    press(&mut app, &[key(KeyCode::Right)]);
    assert!(
        messages(&app).contains("Solved in reverse!"),
        "{}",
        messages(&app)
    );
    let kept = reverse_solutions(&dir.path().join("pocket.xsb.solutions"), POCKET);
    assert_eq!(kept, ["rddrruuL"]);
    // After a pull there is no more jumping.
    press(&mut app, &[key(KeyCode::Tab)]);
    assert!(
        messages(&app).contains("only before the first pull"),
        "{}",
        messages(&app)
    );
    // Esc goes back to the level played forward, whose header knows it.
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "play");
    let header = app.visible_text(80, 24);
    assert!(header.contains("Yours: 8 moves, 1 push"), "{header}");
}

#[test]
fn microban_17_is_solved_in_reverse_from_the_room_below_its_goals() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "017.xsb", MICROBAN_17);
    let mut app = open_map(dir.path(), &map);
    press(&mut app, &[ch('b')]);
    assert!(messages(&app).contains("2 rooms"), "{}", messages(&app));
    let keys = reverse_keys(MICROBAN_17, MICROBAN_17_SOLUTION);
    assert_eq!(
        keys[0],
        key(KeyCode::Tab),
        "the solution ends in the other room"
    );
    press(&mut app, &keys);
    assert!(
        messages(&app).contains("Solved in reverse!"),
        "{}",
        messages(&app)
    );
    let kept = reverse_solutions(&dir.path().join("017.xsb.solutions"), MICROBAN_17);
    assert_eq!(kept.len(), 1);
}

/// A reverse game of two moves on the pocket level, left by `leave`.
fn left_by(leave: &[KeyEvent]) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "pocket.xsb", POCKET);
    let mut app = open_map(dir.path(), &map);
    // The other room, then two walks: right and down.
    press(
        &mut app,
        &[
            ch('b'),
            key(KeyCode::Tab),
            ch('g'),
            key(KeyCode::Right),
            key(KeyCode::Down),
        ],
    );
    press(&mut app, leave);
    (dir, app)
}

#[test]
fn leaving_reverse_play_keeps_the_game_and_it_goes_on_next_time() {
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    for leave in [vec![key(KeyCode::Esc)], vec![ctrl_c]] {
        let (dir, app) = left_by(&leave);
        let records = Records::beside(&dir.path().join("pocket.xsb"));
        let read = records.read_reverse().expect("readable");
        let left = read.left.expect("the game left is kept");
        assert_eq!(
            (left.start, left.log.len()),
            (Pos::new(3, 1), 2),
            "{leave:?}"
        );
        drop(app);
        // Opened again, reverse play goes on from it.
        let mut again = open_map(dir.path(), &dir.path().join("pocket.xsb"));
        press(&mut again, &[ch('b')]);
        assert!(
            messages(&again).contains("goes on at 2 moves"),
            "{}",
            messages(&again)
        );
        // Back at the start, leaving drops it.
        press(&mut again, &[ch('r'), key(KeyCode::Esc)]);
        assert_eq!(records.read_reverse().expect("readable").left, None);
    }
}

#[test]
fn a_reverse_snapshot_is_kept_and_brought_back() {
    let (dir, mut app) = left_by(&[ch('k')]);
    let records = Records::beside(&dir.path().join("pocket.xsb"));
    let read = records.read_reverse().expect("readable");
    assert_eq!(read.snapshots.len(), 1);
    assert_eq!(schokoban_core::format_log(&read.snapshots[0].log), "rd");
    press(&mut app, &[key(KeyCode::Down), ch('l')]);
    assert!(
        messages(&app).contains("Reverse snapshot 1 of 1 back: 2 moves"),
        "{}",
        messages(&app)
    );
    // R, then U takes the reset back, as in forward play.
    press(&mut app, &[ch('r'), ch('u')]);
    assert!(
        messages(&app).contains("Reset undone: back to 2 moves"),
        "{}",
        messages(&app)
    );
}

#[test]
fn reverse_play_counts_attempts_and_time_as_forward_play_does() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "pocket.xsb", POCKET);
    let count = |field| total(dir.path(), "pocket.xsb/1", field);
    let mut app = open_map(dir.path(), &map);
    app.set_date(FIRST_DAY);
    // No move forward: B starts reverse play, which counts from then.
    at(&mut app, 5, &[ch('b')]);
    assert_eq!(app.screen_name(), "reverse");
    // A jump and G move nothing; the walk at 12 begins an attempt, and
    // the 7 seconds before it count.
    at(&mut app, 8, &[key(KeyCode::Tab)]);
    at(&mut app, 12, &[ch('g'), key(KeyCode::Right)]);
    // R at 20, a move at 30: another attempt.
    at(&mut app, 20, &[ch('r')]);
    at(&mut app, 30, &[key(KeyCode::Right)]);
    // Leaving writes them.
    at(&mut app, 40, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "play");
    assert_eq!((count("attempts"), count("played")), (2, 35));
    // Forward, a look and no move: nothing more.
    at(&mut app, 45, &[key(KeyCode::Esc)]);
    assert_eq!((count("attempts"), count("played")), (2, 35));
    drop(app);
    // The reverse game left goes on with its attempt, and its time counts.
    let mut app = open_map(dir.path(), &map);
    app.set_date(FIRST_DAY);
    at(&mut app, 5, &[ch('b')]);
    assert!(
        messages(&app).contains("goes on at 1 move"),
        "{}",
        messages(&app)
    );
    at(&mut app, 7, &[key(KeyCode::Left)]);
    at(&mut app, 9, &[key(KeyCode::Esc)]);
    assert_eq!((count("attempts"), count("played")), (2, 39));
}

/// Where `text` first shows on `screen`: its row and column.
fn place_of(screen: &[String], text: &str) -> (usize, usize) {
    let found = screen
        .iter()
        .enumerate()
        .find_map(|(row, line)| line.find(text).map(|at| (row, line[..at].chars().count())));
    found.unwrap_or_else(|| panic!("{text:?} is not on\n{}", screen.join("\n")))
}

/// The board's top left corner: its first row and its leftmost column.
fn board_corner(screen: &[String]) -> (usize, usize) {
    let walls = |line: &String| line.chars().position(|c| c == '█');
    let top = screen.iter().position(|line| walls(line).is_some());
    let left = screen.iter().filter_map(walls).min();
    top.zip(left).expect("a board on screen")
}

#[test]
fn reverse_play_stands_where_play_does_at_every_size_and_zoom() {
    for (width, height) in [(40, 12), (80, 24), (200, 60)] {
        // Off, square, filling the screen.
        for zoom_presses in 0..3 {
            let dir = tempfile::tempdir().expect("temp dir");
            let map = write_map(dir.path(), "001.xsb", MICROBAN_1);
            let mut app = open_map(dir.path(), &map);
            press(&mut app, &vec![ch('z'); zoom_presses]);
            let play = screen(&mut app, width, height);
            press(&mut app, &[ch('b')]);
            assert_eq!(app.screen_name(), "reverse");
            let reverse = screen(&mut app, width, height);
            let both = format!("{}\n{}", play.join("\n"), reverse.join("\n"));
            // The header starts in one place, the logo beside it or not.
            assert_eq!(
                place_of(&play, "Puzzle:"),
                place_of(&reverse, "Reverse play"),
                "{width}x{height}, Z {zoom_presses} times\n{both}"
            );
            assert_eq!(
                play.iter().any(|line| line.contains("╔═╗╔═╗╦ ╦")),
                reverse.iter().any(|line| line.contains("╔═╗╔═╗╦ ╦")),
                "{both}"
            );
            // The board too; at 40x12 this map is too tall for the message
            // rows, which only a screen with a message takes (reverse play
            // starts with one), so there only its column is the same.
            let (play_board, reverse_board) = (board_corner(&play), board_corner(&reverse));
            if height > 12 {
                assert_eq!(play_board, reverse_board, "{both}");
            } else {
                assert_eq!(play_board.1, reverse_board.1, "{both}");
            }
        }
    }
}
