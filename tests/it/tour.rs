//! Issue 31: the screen tour. Every screen and overlay the game has,
//! reached by keys as a player would, drawn at 40x12, 80x24 and 200x60.
//! On each: every choice and every key of its help line shows whole, no
//! text is cut without `… M shows all`, and nothing is drawn outside the
//! area the app was given.

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use schokoban::app::App;
use tempfile::TempDir;

use crate::ui::{
    TINY, ch, key, menu_app, open_map, open_path_prompt, press, resize, run_until_idle, type_text,
    write_map,
};

const SIZES: [(u16, u16); 3] = [(40, 12), (80, 24), (200, 60)];

/// How a screen's text says the rest is a key away.
const MORE: &str = "M shows all";

/// A level whose title and author need two lines at 40 columns.
const LONG_TITLE: &str = "#######\n#     #\n# .$@ #\n#     #\n#######\n\
    Title: Microban 155: The Dungeon of the Long Title\nAuthor: David W. Skinner\n";

/// A level of seven rows, as Microban 1: at 40x12 it leaves no row for
/// the message rows, the board and the keys line all at once.
const SEVEN_ROWS: &str = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";

/// One stop of the tour: its name and the app showing it.
struct Stop {
    name: &'static str,
    app: App,
    /// Holds the data folder for as long as the app runs.
    _dir: TempDir,
}

fn menu(keys: &[crossterm::event::KeyEvent]) -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = menu_app(dir.path());
    press(&mut app, keys);
    (dir, app)
}

/// The main menu's line `item` chosen, then `keys`.
fn chosen(item: &str, keys: &[crossterm::event::KeyEvent]) -> (TempDir, App) {
    let (dir, mut app) = menu(&[]);
    let at = app
        .choices()
        .iter()
        .position(|c| c == item)
        .expect("a menu line");
    press(&mut app, &vec![key(KeyCode::Down); at]);
    press(&mut app, &[key(KeyCode::Enter)]);
    press(&mut app, keys);
    (dir, app)
}

/// A map in a fresh folder, with a leaderboard of `board` beside it if
/// given, played with `keys`.
fn map(text: &str, board: Option<&str>, keys: &[crossterm::event::KeyEvent]) -> (TempDir, App) {
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
fn long_error(keys: &[crossterm::event::KeyEvent]) -> (TempDir, App) {
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
fn added_collection(keys: &[crossterm::event::KeyEvent]) -> (TempDir, App) {
    let (enter, esc, right) = (key(KeyCode::Enter), key(KeyCode::Esc), key(KeyCode::Right));
    let (dir, mut app) = menu(&[enter, ch('w'), enter]);
    let three = "#####\n#@$.#\n#####\n\n#####\n#.$@#\n#####\n\n######\n#@ $.#\n######\n";
    let file = write_map(dir.path(), "Three Rooms.xsb", three);
    type_text(&mut app, &file.to_string_lossy());
    // Added and selected: solve level 1 in Arcade, no score, on to level 2,
    // then back to the chooser with the collection selected again.
    press(&mut app, &[enter, enter, right, enter, right, enter, enter]);
    press(&mut app, &[esc, esc, enter, ch('w'), ch('w')]);
    press(&mut app, keys);
    (dir, app)
}

fn full_board() -> String {
    (1..=10).fold(String::new(), |text, i| text + &format!("5 Player {i}\n"))
}

/// Endless's menu at each question, and a level being made (never
/// ticked, so it stays on screen).
fn endless_stops() -> Vec<(&'static str, (TempDir, App))> {
    let enter = key(KeyCode::Enter);
    let down = key(KeyCode::Down);
    let then = |more: &[crossterm::event::KeyEvent]| chosen("Endless", more);
    // The seed offered comes from the clock: the tour types its own.
    let mut seed = vec![key(KeyCode::Backspace); 20];
    seed.extend("48213".chars().map(ch));
    let with_seed = |before: &[crossterm::event::KeyEvent],
                     after: &[crossterm::event::KeyEvent]| {
        then(&[before, &seed, after].concat())
    };
    vec![
        ("endless", then(&[])),
        ("endless, difficulty", then(&[enter])),
        ("endless, seed", with_seed(&[enter, enter], &[])),
        (
            "endless, a level made",
            with_seed(&[down, enter, down, enter, enter], &[enter]),
        ),
    ]
}

#[expect(clippy::too_many_lines, reason = "one stop per screen, in order")]
fn stops() -> Vec<Stop> {
    let enter = key(KeyCode::Enter);
    let esc = key(KeyCode::Esc);
    let down = key(KeyCode::Down);
    let mut stops = Vec::new();
    let mut stop = |name, (dir, app): (TempDir, App)| {
        stops.push(Stop {
            name,
            app,
            _dir: dir,
        });
    };
    stop("main menu", menu(&[]));
    stop("main menu, Backspace", menu(&[key(KeyCode::Backspace)]));
    stop("about", chosen("About", &[]));
    for (name, made) in endless_stops() {
        stop(name, made);
    }
    stop("arcade collections", menu(&[enter]));
    stop("arcade, continue", added_collection(&[enter]));
    stop("arcade, remove a collection?", added_collection(&[ch('x')]));
    stop("free play level list", menu(&[down, enter, enter]));
    stop("level editor", chosen("Level editor", &[]));
    stop(
        "level editor, much to fix",
        chosen(
            "Level editor",
            &[
                ch('4'),
                ch('d'),
                ch('4'),
                ch('d'),
                ch('3'),
                ch('s'),
                ch('1'),
                ch('s'),
                ch('4'),
            ],
        ),
    );
    stop(
        "level editor, leave?",
        chosen("Level editor", &[ch('3'), esc]),
    );
    stop("path prompt", {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut app = menu_app(dir.path());
        open_path_prompt(&mut app);
        (dir, app)
    });
    stop("path prompt, long error", long_error(&[]));
    stop("messages", long_error(&[key(KeyCode::F(1))]));
    stop("play, long title", map(LONG_TITLE, None, &[]));
    stop("play, ? help", map(TINY, None, &[ch('?')]));
    stop("play, seven rows", map(SEVEN_ROWS, None, &[]));
    stop("play, hint", {
        let (dir, mut app) = map(TINY, None, &[ch('h')]);
        run_until_idle(&mut app);
        (dir, app)
    });
    stop("watch", {
        let (dir, mut app) = map(TINY, None, &[ch('v')]);
        run_until_idle(&mut app);
        (dir, app)
    });
    stop("edit a copy", map(TINY, None, &[ch('e')]));
    stop("save the level", map(TINY, None, &[ch('e'), enter]));
    stop("saved game", {
        let (dir, app) = map(TINY, None, &[key(KeyCode::Right), esc]);
        drop(app);
        let mut app = open_map(dir.path(), &dir.path().join("tiny.xsb"));
        press(&mut app, &[]);
        (dir, app)
    });
    stop(
        "finish, empty board",
        map(TINY, None, &[key(KeyCode::Right), esc]),
    );
    stop(
        "finish, four entries",
        map(
            TINY,
            Some("1 Ann\n3 Bob\n6 Cy\n9 Dee\n"),
            &[key(KeyCode::Right), esc],
        ),
    );
    stop(
        "finish, full board",
        map(TINY, Some(&full_board()), &[key(KeyCode::Left), enter]),
    );
    stop(
        "finish, add your score?",
        map(TINY, None, &[key(KeyCode::Left), enter]),
    );
    stop(
        "finish, nickname",
        map(TINY, None, &[key(KeyCode::Left), enter, enter]),
    );
    stop(
        "finish, a new score on a full board",
        map(
            TINY,
            Some(&(1..=10).fold(String::new(), |t, i| t + &format!("{} P{i}\n", i + 1))),
            &[
                key(KeyCode::Left),
                enter,
                enter,
                ch('Z'),
                ch('e'),
                ch('d'),
                enter,
            ],
        ),
    );
    stops
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
    if std::env::var_os("TOUR_PRINT").is_some() {
        eprintln!("==== {} {width}x{height}\n{text}", app.screen_name());
    }
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

#[test]
fn every_screen_shows_its_choices_and_keys_whole_at_every_size() {
    let mut all = Vec::new();
    for mut stop in stops() {
        for (width, height) in SIZES {
            for fault in faults(&mut stop.app, width, height) {
                all.push(format!("{} at {width}x{height}: {fault}", stop.name));
            }
        }
    }
    assert!(all.is_empty(), "{} faults:\n{}", all.len(), all.join("\n"));
}

/// Where the whole-screen picture of `name` at `width` x `height` is kept.
fn snapshot_path(name: &str, width: u16, height: u16) -> std::path::PathBuf {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/snapshots")
        .join(format!("{slug}-{width}x{height}.txt"))
}

/// `text` with the random part of temporary folders' names (`.tmpAb12Cd`)
/// written as `XXXXXX`, so a picture naming one is the same every run.
fn masked(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(".tmp") {
        let (before, after) = rest.split_at(at + 4);
        out.push_str(before);
        let random = after
            .chars()
            .take(6)
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .count();
        out.push_str(&"X".repeat(random));
        rest = &after[random..];
    }
    out.push_str(rest);
    out
}

/// Every screen of the tour, whole, at 80x24 and 40x12, against the
/// pictures in `tests/it/snapshots/`: a change to a screen shows in review
/// as a change to its picture. `UPDATE_SNAPSHOTS=1` writes them anew.
#[test]
fn every_screen_matches_its_picture_at_80x24_and_40x12() {
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut changed = Vec::new();
    for mut stop in stops() {
        run_until_idle(&mut stop.app);
        for (width, height) in [(80, 24), (40, 12)] {
            resize(&mut stop.app, width, height);
            let drawn = masked(&stop.app.visible_text(width, height));
            let path = snapshot_path(stop.name, width, height);
            if update {
                std::fs::create_dir_all(path.parent().expect("folder")).expect("snapshots folder");
                std::fs::write(&path, &drawn).expect("write the picture");
                continue;
            }
            let kept = std::fs::read_to_string(&path).unwrap_or_default();
            if kept != drawn {
                changed.push(format!(
                    "{} at {width}x{height} differs from {}:\n{drawn}",
                    stop.name,
                    path.display()
                ));
            }
        }
    }
    assert!(
        changed.is_empty(),
        "{} screens changed (UPDATE_SNAPSHOTS=1 keeps the new pictures):\n{}",
        changed.len(),
        changed.join("\n")
    );
}
