//! Issue 31: the screen tour. Every screen and overlay the game has,
//! reached by keys as a player would. Each stop is a module of its own
//! tests: its whole picture at 80x24 and 40x12, text and styles, is an
//! insta snapshot in `tests/it/snapshots/` (review a change with `cargo
//! insta review`, or keep every new picture with `INSTA_UPDATE=always
//! cargo test`); and at 40x12, 80x24 and 200x60 every choice and every key
//! of its help line shows whole, no text is cut without `… M shows all`,
//! and nothing is drawn outside the area the app was given.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use schokoban::app::App;
use tempfile::TempDir;

use crate::ui::{
    TINY, assert_screen, ch, choose, key, menu_app, open_map, open_path_prompt, press, resize,
    run_until_idle, type_text, write_map,
};

mod legend;

const SIZES: [(u16, u16); 3] = [(40, 12), (80, 24), (200, 60)];

const ENTER: KeyEvent = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
const ESC: KeyEvent = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
const DOWN: KeyEvent = KeyEvent::new(KeyCode::Down, KeyModifiers::NONE);
const LEFT: KeyEvent = KeyEvent::new(KeyCode::Left, KeyModifiers::NONE);
const RIGHT: KeyEvent = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);

/// How a screen's text says the rest is a key away.
const MORE: &str = "M shows all";

/// A level whose title and author need two lines at 40 columns.
const LONG_TITLE: &str = "#######\n#     #\n# .$@ #\n#     #\n#######\n\
    Title: Microban 155: The Dungeon of the Long Title\nAuthor: David W. Skinner\n";

/// A level of seven rows, as Microban 1: at 40x12 it leaves no row for
/// the message rows, the board and the keys line all at once.
const SEVEN_ROWS: &str = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";

/// A level whose solved board parts the floor into two rooms.
const POCKET: &str = "######\n#@.$ #\n## # #\n##   #\n######\n";

fn menu(keys: &[KeyEvent]) -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = menu_app(dir.path());
    press(&mut app, keys);
    (dir, app)
}

/// The main menu's line `item` chosen, then `keys`.
fn chosen(item: &str, keys: &[KeyEvent]) -> (TempDir, App) {
    let (dir, mut app) = menu(&[]);
    choose(&mut app, item);
    press(&mut app, keys);
    (dir, app)
}

/// A map in a fresh folder, with a leaderboard of `board` beside it if
/// given, played with `keys`.
fn map(text: &str, board: Option<&str>, keys: &[KeyEvent]) -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write_map(dir.path(), "tiny.xsb", text);
    if let Some(board) = board {
        std::fs::write(dir.path().join("tiny.xsb.dat"), board).expect("board");
    }
    let mut app = open_map(dir.path(), &path);
    press(&mut app, keys);
    (dir, app)
}

/// The Custom map prompt after a map with a long name failed to open,
/// then `keys`.
fn long_error(keys: &[KeyEvent]) -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = "#####\n#@$$.#\n#####\n";
    // A folder of a fixed name, so the field's visible end is the same
    // every run.
    let folder = dir.path().join("maps");
    std::fs::create_dir(&folder).expect("folder");
    let path = write_map(&folder, "a-map-with-a-rather-long-name.xsb", bad);
    let mut app = menu_app(dir.path());
    open_path_prompt(&mut app);
    type_text(&mut app, &path.to_string_lossy());
    press(&mut app, &[key(KeyCode::Enter)]);
    press(&mut app, keys);
    (dir, app)
}

/// Arcade's chooser with a collection of three one-push levels added, its
/// first level solved and the collection selected, then `keys`.
fn added_collection(keys: &[KeyEvent]) -> (TempDir, App) {
    let (dir, mut app) = menu(&[ENTER, ch('w'), ENTER]);
    let three = "#####\n#@$.#\n#####\n\n#####\n#.$@#\n#####\n\n######\n#@ $.#\n######\n";
    let file = write_map(dir.path(), "Three Rooms.xsb", three);
    type_text(&mut app, &file.to_string_lossy());
    // Added and selected: solve level 1 in Arcade, no score, on to level 2,
    // then back to the chooser, which opens on the collection again.
    press(&mut app, &[ENTER, ENTER, RIGHT, ENTER, RIGHT, ENTER, ENTER]);
    press(&mut app, &[ESC, ESC, ENTER]);
    press(&mut app, keys);
    (dir, app)
}

fn full_board() -> String {
    (1..=10).fold(String::new(), |text, i| text + &format!("5 Player {i}\n"))
}

/// Endless's menu with the tour's own seed typed (the one offered comes
/// from the clock), after `before` and before `after`.
fn endless_seeded(before: &[KeyEvent], after: &[KeyEvent]) -> (TempDir, App) {
    let mut seed = vec![key(KeyCode::Backspace); 20];
    seed.extend("48213".chars().map(ch));
    chosen("Endless", &[before, &seed, after].concat())
}

/// The statistics screen on a data folder with a week of solves: from
/// the main menu, or from the leaderboard of Microban 2 solved again.
fn statistics(from_a_level: bool) -> (TempDir, App) {
    let (dir, mut app) = crate::statistics::a_week_of_solves();
    if from_a_level {
        let solution = crate::statistics::microban_solution(2);
        crate::statistics::solve_microban(&mut app, 2, 5, &solution);
        press(&mut app, &[ch('n')]);
    }
    let at = app
        .choices()
        .iter()
        .position(|c| c == "Statistics")
        .expect("a line for the statistics");
    let selected = app.selected().unwrap_or(0);
    press(&mut app, &vec![key(KeyCode::Down); at - selected]);
    press(&mut app, &[ENTER]);
    assert_eq!(app.screen_name(), "statistics");
    (dir, app)
}

/// Stops whose picture is kept at 200x60 too, as charts grow with room.
const WIDE_STOPS: &[&str] = &["statistics", "statistics_of_a_level"];

#[test]
fn the_statistics_at_200x60() {
    pinned("statistics", statistics(false), 200, 60);
    pinned("statistics_of_a_level", statistics(true), 200, 60);
}

/// A stop whose search (a hint, a replay) has ended, and whose replay
/// has played to its end.
fn settled((dir, mut app): (TempDir, App)) -> (TempDir, App) {
    run_until_idle(&mut app);
    (dir, app)
}

/// One module of tests per stop, named as the stop, so that a changed
/// screen fails its own tests and hides no other's.
macro_rules! tour {
    ($($(#[doc = $doc:literal])* $stop:ident => $app:expr;)*) => {
        /// Every stop, for the check that no snapshot is left over.
        const STOPS: &[&str] = &[$(stringify!($stop)),*];
        $(
            $(#[doc = $doc])*
            mod $stop {
                use super::*;

                fn app() -> (TempDir, App) {
                    $app
                }

                #[test]
                fn at_80x24() {
                    pinned(stringify!($stop), app(), 80, 24);
                }

                #[test]
                fn at_40x12() {
                    pinned(stringify!($stop), app(), 40, 12);
                }

                #[test]
                fn whole_at_every_size() {
                    whole(app());
                }

                #[test]
                fn every_legend_key_acts() {
                    legend::legend_keys_act(app);
                }

                #[test]
                fn every_item_a_more_mark_counts_is_reached() {
                    legend::more_items_reachable(app);
                }
            }
        )*
    };
}

/// A map taller than any screen the tour draws: the keys show under it.
fn tall_map() -> String {
    let mut rows = vec!["#####".to_owned(), "#@$.#".to_owned()];
    rows.extend((0..57).map(|_| "#   #".to_owned()));
    rows.push("#####".to_owned());
    rows.join("\n") + "\nTitle: Sixty rows\n"
}

tour! {
    main_menu => menu(&[]);
    /// `?` on a menu: its keys.
    main_menu_keys => menu(&[ch('?')]);
    main_menu_backspace => menu(&[key(KeyCode::Backspace)]);
    about => chosen("About", &[]);
    endless => chosen("Endless", &[]);
    endless_difficulty => chosen("Endless", &[ENTER]);
    endless_seed => endless_seeded(&[ENTER, ENTER], &[]);
    /// A seed that is no number: why, under the field.
    endless_seed_refused => chosen(
        "Endless",
        &[&[ENTER, ENTER][..], &[key(KeyCode::Backspace); 20], &[ch('a'), ch('b'), ch('c'), ENTER]]
            .concat(),
    );
    /// The levels made: three, the daily one newest, one solved.
    endless_levels_made => crate::endless_list::levels_made();
    endless_no_levels_made => chosen("Endless", &[DOWN, DOWN, DOWN, DOWN, ENTER]);
    /// A level being made: never ticked, so it stays on screen.
    endless_a_level_made => endless_seeded(&[DOWN, ENTER, DOWN, ENTER, ENTER], &[ENTER]);
    arcade_collections => menu(&[ENTER]);
    arcade_continue => added_collection(&[ENTER]);
    arcade_remove_a_collection => added_collection(&[ch('x')]);
    free_play_level_list => menu(&[DOWN, ENTER, ENTER]);
    level_editor => chosen("Level editor", &[]);
    level_editor_much_to_fix => chosen(
        "Level editor",
        &[ch('4'), ch('d'), ch('4'), ch('d'), ch('3'), ch('s'), ch('1'), ch('s'), ch('4')],
    );
    level_editor_leave => chosen("Level editor", &[ch('3'), ESC]);
    path_prompt => {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut app = menu_app(dir.path());
        open_path_prompt(&mut app);
        (dir, app)
    };
    path_prompt_long_error => long_error(&[]);
    messages => long_error(&[key(KeyCode::F(1))]);
    play_long_title => map(LONG_TITLE, None, &[]);
    play_help => map(TINY, None, &[ch('?')]);
    play_seven_rows => map(SEVEN_ROWS, None, &[]);
    play_sixty_rows => map(&tall_map(), None, &[]);
    play_hint => settled(map(TINY, None, &[ch('h')]));
    watch => settled(map(TINY, None, &[ch('v')]));
    reverse_play => map(SEVEN_ROWS, None, &[ch('b')]);
    /// A box pulled, then the mode switched to walking away.
    reverse_play_pulled => map(SEVEN_ROWS, None, &[ch('b'), RIGHT, ch('g')]);
    reverse_play_rooms => map(POCKET, None, &[ch('b')]);
    edit_a_copy => map(TINY, None, &[ch('e')]);
    save_the_level => map(TINY, None, &[ch('e'), ENTER]);
    saved_game => {
        let (dir, app) = map(TINY, None, &[RIGHT, ESC]);
        drop(app);
        let mut app = open_map(dir.path(), &dir.path().join("tiny.xsb"));
        press(&mut app, &[]);
        (dir, app)
    };
    finish_empty_board => map(TINY, None, &[RIGHT, ESC]);
    finish_four_entries => map(TINY, Some("1 Ann\n3 Bob\n6 Cy\n9 Dee\n"), &[RIGHT, ESC]);
    finish_full_board => map(TINY, Some(&full_board()), &[LEFT, ENTER]);
    /// Left unsolved, then L: the board whole, over the end screen.
    finish_full_board_whole => map(TINY, Some(&full_board()), &[RIGHT, ESC, ch('l')]);
    finish_add_your_score => map(TINY, None, &[LEFT, ENTER]);
    statistics_with_nothing_played => chosen("Statistics", &[]);
    statistics => statistics(false);
    statistics_of_a_level => statistics(true);
    finish_nickname => map(TINY, None, &[LEFT, ENTER, ENTER]);
    finish_a_new_score_on_a_full_board => map(
        TINY,
        Some(&(1..=10).fold(String::new(), |t, i| t + &format!("{} P{i}\n", i + 1))),
        &[LEFT, ENTER, ENTER, ch('Z'), ch('e'), ch('d'), ENTER],
    );
}

/// `stop` drawn at `width` x `height`, against its snapshot.
fn pinned(stop: &str, (_dir, mut app): (TempDir, App), width: u16, height: u16) {
    run_until_idle(&mut app);
    assert_screen!(format!("{stop}_{width}x{height}"), &mut app, width, height);
}

/// Every file in `tests/it/snapshots/` is taken by a test: the tour's by a
/// stop at one of its two sizes, the others' by a name their module's source
/// spells out. A test renamed or dropped leaves no picture behind (which
/// `cargo insta test --unreferenced=reject` also finds, with cargo-insta).
#[test]
fn every_snapshot_is_taken_by_a_test() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it");
    let expected: Vec<String> = STOPS
        .iter()
        .flat_map(|stop| ["80x24", "40x12"].map(|size| format!("{stop}_{size}")))
        .chain(WIDE_STOPS.iter().map(|stop| format!("{stop}_200x60")))
        .collect();
    let mut stray = Vec::new();
    for entry in std::fs::read_dir(root.join("snapshots")).expect("the snapshots folder") {
        let file = entry.expect("an entry").file_name();
        let file = file.to_string_lossy();
        // Pictures waiting for `cargo insta review`, never committed.
        if file.ends_with(".snap.new") || file.ends_with(".pending-snap") {
            continue;
        }
        let Some(path) = file
            .strip_prefix("it__")
            .and_then(|rest| rest.strip_suffix(".snap"))
        else {
            stray.push(file.into_owned());
            continue;
        };
        let mut parts: Vec<&str> = path.split("__").collect();
        let name = parts.pop().unwrap_or_default();
        let taken = if parts == ["tour"] {
            expected.iter().any(|stop| stop == name)
        } else {
            let module = parts.join("/");
            [format!("{module}.rs"), format!("{module}/mod.rs")]
                .iter()
                .filter_map(|source| std::fs::read_to_string(root.join(source)).ok())
                .any(|source| source.contains(&format!("\"{name}\"")))
        };
        if !taken {
            stray.push(file.into_owned());
        }
    }
    assert!(stray.is_empty(), "snapshots no test takes: {stray:?}");
}

/// Every fault of a stop at every size, in one failure.
fn whole((_dir, mut app): (TempDir, App)) {
    run_until_idle(&mut app);
    let mut all = Vec::new();
    for (width, height) in SIZES {
        for fault in faults(&mut app, width, height) {
            all.push(format!("at {width}x{height}: {fault}"));
        }
    }
    assert!(all.is_empty(), "{} faults:\n{}", all.len(), all.join("\n"));
}

/// The text of `area` in `buffer`, one string per row, trailing blanks cut.
fn rows(buffer: &Buffer, area: Rect) -> Vec<String> {
    (area.top()..area.bottom())
        .map(|y| {
            let row: String = (area.left()..area.right())
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect();
            row.trim_end().to_owned()
        })
        .collect()
}

/// Text with every run of blanks made one space, for text that wraps.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What is wrong with `app` drawn at `width` x `height`, if anything.
fn faults(app: &mut App, width: u16, height: u16) -> Vec<String> {
    resize(app, width, height);
    // The app draws into an area inside a bigger buffer: whatever lands
    // outside it is drawn where it does not belong.
    let area = Rect::new(3, 2, width, height);
    let mut buffer = Buffer::empty(Rect::new(0, 0, width + 6, height + 4));
    (&*app).render(area, &mut buffer);
    let mut faults = Vec::new();
    let outside = (0..buffer.area.height)
        .flat_map(|y| (0..buffer.area.width).map(move |x| (x, y)))
        .filter(|&(x, y)| !area.contains((x, y).into()))
        .find(|&(x, y)| buffer[(x, y)] != ratatui::buffer::Cell::default());
    if let Some((x, y)) = outside {
        faults.push(format!("drawn outside the area at {x},{y}"));
    }
    let lines = rows(&buffer, area);
    let text = lines.join("\n");
    let all = words(&text);
    let has_more = text.contains(MORE);
    let names_keys = app.screen_name() != "play";
    let help = if names_keys {
        app.help_line()
    } else {
        Vec::new()
    };
    for hint in help.iter().chain(&app.choices()) {
        if !lines.iter().any(|line| line.contains(hint.as_str())) {
            faults.push(format!("{hint:?} is not shown whole"));
        }
    }
    // A long word (a path) may wrap mid-word, so messages are compared
    // without their blanks.
    let squeezed: String = text.split_whitespace().collect();
    for message in app.messages() {
        let whole: String = message.text.split_whitespace().collect();
        if !squeezed.contains(&whole) && !has_more {
            faults.push(format!(
                "message {:?} is cut without {MORE:?}",
                message.text
            ));
        }
    }
    if let Some(level) = app.level().filter(|level| !level.show_help) {
        let title = words(level.title);
        if !all.contains(&title) {
            faults.push(format!("the title {title:?} is cut"));
        }
    }
    for line in &lines {
        let cut = line.ends_with('…') || line.ends_with("...");
        if cut && !line.contains(MORE) {
            faults.push(format!("{line:?} is cut without {MORE:?}"));
        }
    }
    faults
}
