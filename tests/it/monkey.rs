//! A monkey at the keyboard: random keys, pastes, clicks and resizes fed to
//! the whole app over the shipped levels, with its data folder in a temp
//! dir. Nothing may panic (drawing included), every save written must
//! replay to the board its game last showed on screen, and every
//! leaderboard written must parse back.
//!
//! Bounded by events, not time: `CASES` runs of `EVENTS` events each. For a
//! longer campaign set `SCHOKOBAN_MONKEY_CASES`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use schokoban::app::App;
use schokoban::storage::Leaderboard;
use schokoban_core::{Game, Level};
use tempfile::TempDir;

use crate::ui::{TINY, menu_app, write_map};

const CASES: u32 = 12;
const EVENTS: usize = 250;

/// Terminal sizes the monkey switches between, one below the minimum.
const SIZES: [(u16, u16); 5] = [(80, 24), (40, 12), (100, 30), (200, 60), (30, 8)];

/// Keys the game binds, and some it does not.
const LETTERS: &[char] = &[
    'u', 'y', 'r', 'h', 'z', 'n', 'p', 'v', 'e', 'm', '?', 'w', 'a', 's', 'd', 'x', 'q', ' ', '+',
    '-', '1', '2', 'U', 'R', 'N',
];
const OTHER_KEYS: &[KeyCode] = &[
    KeyCode::Backspace,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Delete,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::F(1),
    KeyCode::Insert,
];

/// What the monkey does next. Pastes and sizes are indexes, resolved in
/// the case's own temp dir.
#[derive(Clone, Debug)]
enum Poke {
    Key(KeyCode, KeyModifiers),
    Paste(usize),
    Click {
        kind: MouseEventKind,
        x: u16,
        y: u16,
    },
    Resize(usize),
}

fn pokes() -> impl Strategy<Value = Poke> {
    let arrows = prop::sample::select(vec![
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
    ]);
    let plain = |code| Poke::Key(code, KeyModifiers::NONE);
    let clicks = prop::sample::select(vec![
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::ScrollDown,
        MouseEventKind::ScrollUp,
    ]);
    prop_oneof![
        12 => arrows.prop_map(plain),
        5 => Just(plain(KeyCode::Enter)),
        1 => Just(plain(KeyCode::Esc)),
        6 => prop::sample::select(LETTERS).prop_map(move |c| plain(KeyCode::Char(c))),
        2 => prop::sample::select(OTHER_KEYS).prop_map(plain),
        1 => Just(Poke::Key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        4 => (0..PASTES).prop_map(Poke::Paste),
        3 => (clicks, any::<u16>(), any::<u16>()).prop_map(|(kind, x, y)| Poke::Click { kind, x, y }),
        1 => (0..SIZES.len()).prop_map(Poke::Resize),
    ]
}

const PASTES: usize = 6;

/// Paste `index`: a level that one push solves (most often, so that the
/// monkey reaches the leaderboard), two levels, the path of a map in the
/// run's folder, a line of play, or junk.
fn paste_text(index: usize, map: &Path) -> String {
    match index {
        0 | 1 => TINY.to_owned(),
        2 => format!("{TINY}\n#####\n#@$.#\n#####\n"),
        3 => map.display().to_string(),
        4 => "lurdLURD".to_owned(),
        _ => "#$@\u{0}\t\u{1b}[Z é 漢".to_owned(),
    }
}

/// One run of the monkey: the app, its folders, and what it has seen.
struct Run<'a> {
    /// Holds the data folder, shared by every run and reset between them:
    /// setting it up afresh is most of the time a run would take.
    home: &'a Home,
    /// Holds a map of one level, opened by pasting its path.
    maps: TempDir,
    map: PathBuf,
    app: App,
    size: Rect,
    /// Saves and leaderboards in both folders, as last read.
    records: HashMap<PathBuf, Vec<u8>>,
    /// The last board of each game on the Play screen, by where it is
    /// saved and its title (the same level pasted alone and in a set has
    /// one title and two saves): the level, the position as XSB and the
    /// score. A way out saves the game in play, which need not be on top
    /// (an editor opened from it).
    boards: HashMap<(Option<PathBuf>, String), (Level, String, usize)>,
}

impl<'a> Run<'a> {
    fn new(home: &'a Home) -> Self {
        home.reset();
        let maps = tempfile::tempdir().expect("temp dir");
        let map = write_map(maps.path(), "tiny.xsb", TINY);
        let mut run = Self {
            app: menu_app(home.dir.path()),
            home,
            maps,
            map,
            size: Rect::new(0, 0, 80, 24),
            records: HashMap::new(),
            boards: HashMap::new(),
        };
        run.records = run.read_records();
        run
    }

    fn poke(&mut self, poke: &Poke) {
        let event = match *poke {
            Poke::Key(code, modifiers) => {
                let key = KeyEvent::new(code, modifiers);
                if code == KeyCode::Enter && self.would_write_outside() {
                    return;
                }
                Event::Key(key)
            }
            Poke::Paste(index) => Event::Paste(paste_text(index, &self.map)),
            Poke::Click { kind, x, y } => Event::Mouse(MouseEvent {
                kind,
                column: x % self.size.width,
                row: y % self.size.height,
                modifiers: KeyModifiers::NONE,
            }),
            Poke::Resize(index) => {
                let (width, height) = SIZES[index];
                self.size = Rect::new(0, 0, width, height);
                Event::Resize(width, height)
            }
        };
        // Ticked after every event, as the game's loop does.
        self.app.handle_event(&event, self.size);
        self.app.tick();
        // Drawn after every event, as the game's loop does.
        let mut buffer = Buffer::empty(self.size);
        (&self.app).render(self.size, &mut buffer);
        if !self.app.is_running() {
            // Quit: start the game again on the same folder.
            self.app = menu_app(self.home.dir.path());
        }
    }

    /// Whether Enter would write to a typed path outside the case's folder:
    /// the monkey types paths relative to wherever the tests run.
    fn would_write_outside(&self) -> bool {
        match self.app.screen_name() {
            "save level" => true,
            "path prompt" => !self
                .app
                .input()
                .is_some_and(|typed| Path::new(typed).starts_with(self.maps.path())),
            _ => false,
        }
    }

    /// Remembers the board if the Play screen is on top.
    fn look(&mut self) {
        if let Some(view) = self.app.level() {
            let game = view.game;
            let board = (game.level().clone(), game.to_xsb(), game.score());
            let save = view.save.map(Path::to_path_buf);
            self.boards.insert((save, view.title.to_owned()), board);
        }
    }

    /// Checks every save and leaderboard written since the last look.
    fn check_records(&mut self) -> Result<(), TestCaseError> {
        let now = self.read_records();
        for (path, bytes) in &now {
            if self.records.get(path) == Some(bytes) {
                continue;
            }
            let text = String::from_utf8_lossy(bytes);
            let name = path.display();
            if path.extension().is_some_and(|e| e == "dat") {
                let parsed = Leaderboard::parse(&text);
                prop_assert!(parsed.is_ok(), "{name}: {parsed:?}\n{text}");
                continue;
            }
            let replays_to = |(level, board, score): &(Level, String, usize)| {
                Game::replay(level.clone(), &text)
                    .is_ok_and(|game| game.to_xsb() == *board && game.score() == *score)
            };
            prop_assert!(
                self.boards.values().any(replays_to),
                "{} replays to no board on screen last: {:?}\n{}",
                name,
                self.boards
                    .values()
                    .map(|(_, board, score)| (board, score))
                    .collect::<Vec<_>>(),
                text
            );
        }
        self.records = now;
        Ok(())
    }

    fn read_records(&self) -> HashMap<PathBuf, Vec<u8>> {
        let mut records = records_in(self.home.dir.path());
        records.extend(records_in(self.maps.path()));
        records
    }
}

/// A folder holding a data folder the game has set up, and the files it
/// held then.
struct Home {
    dir: TempDir,
    installed: HashSet<PathBuf>,
}

impl Home {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        // Opening the game sets the data folder up.
        drop(menu_app(dir.path()));
        let installed = files_under(dir.path()).into_iter().collect();
        Self { dir, installed }
    }

    /// Back to as the game set it up: whatever a run added goes. The game
    /// never changes the levels it installs.
    fn reset(&self) {
        let mut folders = vec![self.dir.path().to_path_buf()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("read folder").flatten() {
                let path = entry.path();
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    if self.installed.iter().any(|kept| kept.starts_with(&path)) {
                        folders.push(path);
                    } else {
                        std::fs::remove_dir_all(&path).expect("remove folder");
                    }
                } else if !self.installed.contains(&path) {
                    std::fs::remove_file(&path).expect("remove file");
                }
            }
        }
    }
}

/// Every `.sav` and `.dat` under `root`, read.
fn records_in(root: &Path) -> HashMap<PathBuf, Vec<u8>> {
    files_under(root)
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "sav" || e == "dat"))
        .map(|path| {
            let bytes = std::fs::read(&path).expect("read record");
            (path, bytes)
        })
        .collect()
}

/// Every file under `root`, in its folders too.
fn files_under(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("read folder").flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                folders.push(entry.path());
            } else {
                files.push(entry.path());
            }
        }
    }
    files
}

fn cases() -> u32 {
    std::env::var("SCHOKOBAN_MONKEY_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES)
}

#[test]
fn a_monkey_at_the_keys_breaks_nothing() {
    let home = Home::new();
    // A runner of our own, so that every case shares `home`; with no test
    // source to keep failures beside, the minimal failing input is printed.
    let config = ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let events = prop::collection::vec(pokes(), EVENTS);
    let result = TestRunner::new(config).run(&events, |pokes| {
        let mut run = Run::new(&home);
        run.look();
        for poke in &pokes {
            run.poke(poke);
            run.check_records()?;
            run.look();
        }
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}");
    }
}

/// A case the monkey once failed: the same level pasted alone and in a set
/// of two has one title and two saves. The set's first level is solved and
/// kept when the terminal closes, the lone one played a move, then the
/// set's solve is offered again and kept again: its save holds the solve.
#[test]
fn one_level_pasted_alone_and_in_a_set_is_two_games() {
    let home = Home::new();
    let mut run = Run::new(&home);
    let key = |code| Poke::Key(code, KeyModifiers::NONE);
    let ctrl_c = || Poke::Key(KeyCode::Char('c'), KeyModifiers::CONTROL);
    let pokes = [
        Poke::Paste(2),
        key(KeyCode::Enter),
        key(KeyCode::Left),
        ctrl_c(),
        Poke::Paste(0),
        key(KeyCode::Up),
        ctrl_c(),
        Poke::Paste(2),
        key(KeyCode::Enter),
        ctrl_c(),
    ];
    run.look();
    for poke in &pokes {
        run.poke(poke);
        if let Err(error) = run.check_records() {
            panic!("after {poke:?}: {error}");
        }
        run.look();
    }
    let saves: Vec<String> = (run.records.iter())
        .filter(|(path, _)| path.extension().is_some_and(|e| e == "sav"))
        .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned())
        .collect();
    assert_eq!(saves.len(), 2, "{saves:?}");
    assert!(saves.contains(&"L\n".to_owned()), "{saves:?}");
    assert!(saves.contains(&"u\n".to_owned()), "{saves:?}");
}
