//! Helpers for driving the app without a terminal, through its query API.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use schokoban::app::theme::Theme;
use schokoban::app::{App, LevelView, Options, Wake};
use tempfile::TempDir;

pub const TINY: &str = "#######\n#     #\n# .$@ #\n#     #\n#######\nTitle: Tiny\nAuthor: Tester\n";

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub fn ch(c: char) -> KeyEvent {
    key(KeyCode::Char(c))
}

/// Lets the app's background jobs (a hint, a check, a solve, a level
/// being made) finish, as the event loop would: ticks it, and while the
/// screen on top waits for a job, blocks until the job reports. Bounded by
/// the jobs' own limits, never by the clock, which stands still: a watched
/// solution, once found, waits at its first move.
pub fn wait_while_busy(app: &mut App) {
    loop {
        app.tick();
        let Wake::Report(waiter) = app.wake().clone() else {
            return;
        };
        waiter.wait();
    }
}

/// [`wait_while_busy`], and time moved on to each moment the screen
/// waits for, until nothing is left to wait for: a watched solution
/// plays to its end.
pub fn run_until_idle(app: &mut App) {
    loop {
        app.tick();
        match app.wake().clone() {
            Wake::Idle => return,
            Wake::Report(waiter) => waiter.wait(),
            Wake::At(time) => app.set_time(time),
        }
    }
}

pub fn press(app: &mut App, keys: &[KeyEvent]) {
    for key in keys {
        app.handle_key(key);
    }
}

pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle_key(&ch(c));
    }
}

/// Pastes `text` as a terminal with bracketed paste sends it: one event.
pub fn paste(app: &mut App, text: &str) {
    app.handle_event(&Event::Paste(text.to_owned()), Rect::new(0, 0, 80, 24));
}

pub fn write_map(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write map");
    path
}

/// An app started as `schokoban MAP` with its data in `dir/data`.
pub fn open_map(dir: &Path, map: &Path) -> App {
    open_map_with(dir, map, Theme::default())
}

pub fn open_map_with(dir: &Path, map: &Path, theme: Theme) -> App {
    stopped(App::new(
        Options {
            map: Some(map.to_path_buf()),
            data_dir: Some(dir.join("data")),
            ascii: theme.ascii,
            ..Options::default()
        },
        theme,
    ))
}

/// A fresh folder holding `name` with `text`, and the game started on it.
pub fn start_on(name: &str, text: &str) -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), name, text);
    let app = open_map(dir.path(), &map);
    (dir, app)
}

/// [`start_on`] with the `TINY` level as `tiny.xsb`.
pub fn start_tiny() -> (TempDir, App) {
    start_on("tiny.xsb", TINY)
}

pub fn menu_app(dir: &Path) -> App {
    stopped(App::new(
        Options {
            map: None,
            data_dir: Some(dir.join("data")),
            ascii: false,
            ..Options::default()
        },
        Theme::default(),
    ))
}

/// The wall clock's date in every test that does not choose its own:
/// 2026-12-02, 12:00 UTC, so screens that show days (statistics, dates
/// kept with solutions) draw the same whatever day the tests run.
pub const TEST_DATE: u64 = 20_789 * 86_400 + 12 * 3600;

/// `app` with its clock stopped and its wall clock on [`TEST_DATE`]: tests
/// move time themselves, if at all.
pub fn stopped(mut app: App) -> App {
    app.set_time(Duration::ZERO);
    app.set_date(TEST_DATE);
    app
}

/// Chooses the line `label` of the menu on screen, counting from its top.
pub fn choose(app: &mut App, label: &str) {
    let at = app.choices().iter().position(|c| c == label);
    let at = at.unwrap_or_else(|| panic!("no {label:?} in {:?}", app.choices()));
    press(app, &vec![key(KeyCode::Down); at]);
    press(app, &[key(KeyCode::Enter)]);
}

/// The main menu, on a fresh data folder.
pub fn start_menu() -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = menu_app(dir.path());
    (dir, app)
}

/// From the main menu to the Custom map prompt.
pub fn open_path_prompt(app: &mut App) {
    press(app, &[ch('s'), ch('s'), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "path prompt");
}

pub fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    terminal.backend().buffer().clone()
}

/// `buffer` moved `dx` right and `dy` down in an area of the same size:
/// the play screen is one block, centred, so a picture drawn at the top
/// left is this far from where the game puts it.
pub fn shifted(buffer: &Buffer, dx: u16, dy: u16) -> Buffer {
    let area = buffer.area;
    let mut moved = Buffer::empty(area);
    for y in 0..area.height.saturating_sub(dy) {
        for x in 0..area.width.saturating_sub(dx) {
            moved[(x + dx, y + dy)] = buffer[(x, y)].clone();
        }
    }
    moved
}

/// Where the play screen's board starts at `width` x `height`: the top
/// left of its wall, as drawn.
pub fn board_origin(app: &App, width: u16, height: u16) -> (u16, u16) {
    wall_origin(app, width, height, "█")
}

/// The first cell drawn as `wall`, row by row: the board's top left.
pub fn wall_origin(app: &App, width: u16, height: u16, wall: &str) -> (u16, u16) {
    let screen = render(app, width, height);
    let area = screen.area;
    (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .find(|&(x, y)| screen[(x, y)].symbol() == wall)
        .expect("a board is drawn")
}

/// Row `y` of `screen` from column `x` on, trailing blanks cut.
pub fn row_from(screen: &Buffer, x: u16, y: u16) -> String {
    let row: String = (x..screen.area.width)
        .map(|x| screen[(x, y)].symbol().to_owned())
        .collect();
    row.trim_end().to_owned()
}

/// Lines padded to `width`, for `Buffer::with_lines`.
pub fn padded(lines: &[&str], width: usize) -> Vec<String> {
    lines.iter().map(|l| format!("{l:<width$}")).collect()
}

/// The level being played, insisting that the Play screen is on top.
pub fn level(app: &App) -> LevelView<'_> {
    app.level()
        .unwrap_or_else(|| panic!("expected the play screen, got the {}", app.screen_name()))
}

/// The messages on the screen on top, as one text for `contains` checks.
pub fn messages(app: &App) -> String {
    app.messages()
        .iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a 100x30 terminal would show.
pub fn screen_text(app: &App) -> String {
    app.visible_text(100, 30)
}

/// Three levels in one file, the third without a title.
pub const THREE_LEVELS: &str = "#####\n#@$.#\n#####\nTitle: One\n\n#####\n#@$.#\n#####\nTitle: Two\n\n######\n#@$ .#\n######\n";

/// Tells the app the terminal is now `width` x `height`, as the event loop does.
pub fn resize(app: &mut App, width: u16, height: u16) {
    app.handle_event(
        &Event::Resize(width, height),
        Rect::new(0, 0, width, height),
    );
}

/// The whole screen as text, row by row, trailing spaces trimmed.
pub fn screen(app: &mut App, width: u16, height: u16) -> Vec<String> {
    resize(app, width, height);
    app.visible_text(width, height)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The whole screen of `app` at `width` x `height` (80x24 unless given),
/// text and styles, against the insta snapshot `name` of the calling test
/// module, in `tests/it/snapshots/`.
macro_rules! assert_screen {
    ($name:expr, $app:expr) => {
        $crate::ui::assert_screen!($name, $app, 80, 24)
    };
    ($name:expr, $app:expr, $width:expr, $height:expr) => {{
        let picture = $crate::ui::picture($app, $width, $height);
        let mut settings = insta::Settings::clone_current();
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!($name, picture));
    }};
}
pub(crate) use assert_screen;

/// `app` drawn at `width` x `height` after a resize to it, as a snapshot
/// keeps it: the text as ratatui's `TestBackend` shows it, then where each
/// style is; temporary folders' random names masked.
pub fn picture(app: &mut App, width: u16, height: u16) -> String {
    resize(app, width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(&*app, frame.area()))
        .expect("draw");
    let backend = terminal.backend();
    masked(&format!("{backend}\n{}", styles(backend.buffer())))
}

/// Which style each cell has, as a second picture under the text: a
/// letter a style, in the order met, blank for the terminal's own; then
/// what each letter stands for. So the spec's colours (red goals, yellow
/// and green boxes, a red player on a goal) and the selected line are
/// pinned with the text.
fn styles(buffer: &Buffer) -> String {
    let plain = Cell::default().style();
    let mut met = Vec::new();
    let mut mask = String::new();
    for y in buffer.area.top()..buffer.area.bottom() {
        mask.push('"');
        for x in buffer.area.left()..buffer.area.right() {
            let style = buffer[(x, y)].style();
            if style == plain {
                mask.push(' ');
                continue;
            }
            let at = met
                .iter()
                .position(|seen| *seen == style)
                .unwrap_or_else(|| {
                    met.push(style);
                    met.len() - 1
                });
            mask.push(letter(at));
        }
        mask.push_str("\"\n");
    }
    for (at, style) in met.iter().enumerate() {
        let mut parts = Vec::new();
        if let Some(fg) = style.fg.filter(|&c| c != Color::Reset) {
            parts.push(format!("fg {fg:?}"));
        }
        if let Some(bg) = style.bg.filter(|&c| c != Color::Reset) {
            parts.push(format!("bg {bg:?}"));
        }
        if style.add_modifier != Modifier::empty() {
            parts.push(format!("{:?}", style.add_modifier));
        }
        writeln!(mask, "{}: {}", letter(at), parts.join(", ")).expect("a String takes any text");
    }
    mask
}

/// The letter of the `at`th style met: a to z, then A to Z.
fn letter(at: usize) -> char {
    let at = u8::try_from(at).expect("few styles");
    assert!(at < 52, "more styles than letters");
    char::from(if at < 26 { b'a' + at } else { b'A' + at - 26 })
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
