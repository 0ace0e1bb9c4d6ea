//! The terminal game: one [`App`] holding a stack of screens. Each screen
//! turns events into `Effect`s; the app carries them out: it changes
//! screens and does the file IO behind them.

mod background;
pub mod clipboard;
mod clock;
mod completion;
pub mod config;
mod flows;
mod hint;
mod keep;
mod keymap;
pub mod manual;
pub mod message;
mod origin;
pub mod picture;
#[cfg(feature = "queries")]
mod query;
mod run;
mod screen;
mod screens;
mod shutdown;
mod tally;
pub mod theme;
pub mod widgets;
mod worker;

use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{Event, KeyEvent, KeyEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::library::Library;
pub use completion::{Completion, complete};
pub use flows::expand_path;
pub use keep::Keep;
pub use keymap::KeyMap;
use keymap::{Action, Scope};
use message::Message;
#[cfg(feature = "queries")]
pub use query::LevelView;
pub use run::{run, with_terminal};
use screen::{Effect, News, Screen};
use screens::main_menu::MainMenu;
use screens::messages_view::MessagesView;
use theme::Theme;
use widgets::page::{MIN_HEIGHT, MIN_WIDTH};
#[cfg(feature = "queries")]
pub use worker::CancelWatch;
pub use worker::{Waiter, Wake};

/// How the game was started.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Opened straight away as a custom map, skipping the menu.
    pub map: Option<PathBuf>,
    /// Where levels, records and saves live instead of the usual data folder.
    pub data_dir: Option<PathBuf>,
    pub ascii: bool,
    pub theme: theme::ThemeChoice,
    /// The zoom every level starts with, from the config file; `None`
    /// keeps the one last chosen.
    pub zoom: Option<bool>,
    /// Why the config file was not used, shown at the start.
    pub config_problem: Option<config::ConfigError>,
    /// The keys of play: the defaults, or as the config file rebinds them.
    pub keys: KeyMap,
}

pub struct App {
    /// Never empty: the main menu is always at the bottom.
    screens: Vec<Layer>,
    library: Library,
    theme: Theme,
    /// The keys in use, handed to every screen the app makes.
    keys: Rc<KeyMap>,
    running: bool,
    /// The terminal's size, as last seen.
    area: Rect,
    /// What quitting did with the game, told once the terminal is back.
    farewell: Option<Message>,
    /// What leaving now would keep, shared with the threads that leave on
    /// a signal.
    keep: Keep,
    /// What the terminal is known to take (the clipboard by OSC 52).
    terminal: clipboard::Terminal,
    /// Sequences for the terminal that draw nothing (a copy), written
    /// before the next frame.
    to_terminal: Vec<String>,
    /// When the level in play was opened, for how long a solve took.
    level_started: Option<Duration>,
    /// The row last chosen in each mode's collection menu, this session.
    collection_rows: [usize; 2],
    /// When the screen on top wants its next tick, as it last said.
    wake: Wake,
}

impl App {
    pub fn new(options: Options, theme: Theme) -> Self {
        Self::keeping(options, theme, Keep::default())
    }

    /// An app that keeps what leaving would keep in `keep`, which the
    /// threads that leave on a signal hold too.
    pub fn keeping(options: Options, theme: Theme, keep: Keep) -> Self {
        let mut library = Library::open(options.data_dir.clone());
        if let Some(zoom) = options.zoom {
            library.start_zoom(crate::library::Zoom::square(zoom));
        }
        let mut notices: Vec<String> = library.notices().iter().map(ToString::to_string).collect();
        notices.extend(options.config_problem.as_ref().map(ToString::to_string));
        let notice = (!notices.is_empty()).then(|| Message::warning(notices.join(" · ")));
        keep.count_into(library.statistics_file());
        let keys = Rc::new(options.keys);
        let mut app = Self {
            screens: vec![Layer {
                screen: Box::new(MainMenu::new(theme, Rc::clone(&keys), notice)),
                kind: Kind::Page,
            }],
            library,
            theme,
            keys,
            running: true,
            area: Rect::new(0, 0, 80, 24),
            farewell: None,
            keep,
            terminal: clipboard::Terminal::default(),
            to_terminal: Vec::new(),
            level_started: None,
            collection_rows: [0; 2],
            wake: Wake::Idle,
        };
        if let Some(map) = options.map {
            app.apply(Effect::OpenPath(map.to_string_lossy().into_owned()));
        }
        app
    }

    /// Tells the app what the terminal takes, as [`clipboard::Terminal::detect`]
    /// found it; tests choose it.
    pub fn set_terminal(&mut self, terminal: clipboard::Terminal) {
        self.terminal = terminal;
    }

    /// The sequences waiting for the terminal (a copy by OSC 52), taken.
    pub fn take_terminal_output(&mut self) -> Vec<String> {
        std::mem::take(&mut self.to_terminal)
    }

    pub fn is_running(&self) -> bool {
        self.running
    }

    /// What quitting did with the game in play (saved it, say), if anything.
    pub fn farewell(&self) -> Option<&Message> {
        self.farewell.as_ref()
    }

    /// What leaving now would keep: a signal carries it out as Ctrl+C does.
    pub fn keep(&self) -> Keep {
        self.keep.clone()
    }

    /// Ticks the screen on top, as the event loop does after every event
    /// and when the wake it asked for comes: it takes in its background
    /// jobs' reports and what time has brought, and says when to wake it
    /// next.
    pub fn tick(&mut self) {
        let now = self.now();
        loop {
            let tick = self.top_mut().tick(now);
            self.wake = tick.wake;
            if matches!(tick.effect, Effect::None) {
                return;
            }
            // The screen it leads to says when it wants waking.
            self.apply(tick.effect);
        }
    }

    /// When the event loop must tick the app next, besides at the next
    /// event, as the last tick said.
    pub fn wake(&self) -> &Wake {
        &self.wake
    }

    /// Whether the last tick asked to be woken: work goes on in the
    /// background, or a watched solution plays.
    pub fn is_busy(&self) -> bool {
        !matches!(self.wake, Wake::Idle)
    }

    /// The time on the app's clock: since it started, or as tests set it.
    pub fn now(&self) -> Duration {
        self.keep.clock().now()
    }

    /// Stops the app's clock at `time`, for tests: from then on time moves
    /// only when they set it again.
    pub fn set_time(&mut self, time: Duration) {
        self.keep.clock().stop_at(time);
    }

    /// Makes the wall clock read `seconds` since 1970 (UTC) when the app's
    /// clock reads zero, for tests: the dates records and statistics write
    /// follow the app's clock from there.
    pub fn set_date(&mut self, seconds: u64) {
        self.keep.clock().set_epoch(seconds);
    }

    /// The wall clock, in seconds since 1970 (UTC).
    fn wall_clock(&self) -> u64 {
        self.keep.clock().wall()
    }

    /// The screen on top, the one the player sees.
    fn top(&self) -> &dyn Screen {
        self.top_layer().screen.as_ref()
    }

    fn top_mut(&mut self) -> &mut dyn Screen {
        self.screens
            .last_mut()
            .expect("the main menu is never popped")
            .screen
            .as_mut()
    }

    fn top_layer(&self) -> &Layer {
        self.screens.last().expect("the main menu is never popped")
    }

    /// Whether the terminal, as last seen, is below the size every screen
    /// needs, so that it shows only the notice saying so.
    fn is_too_small(&self) -> bool {
        self.area.width < MIN_WIDTH || self.area.height < MIN_HEIGHT
    }

    /// Handles one terminal event. `size` is the terminal's, for the mouse.
    pub fn handle_event(&mut self, event: &Event, size: Rect) {
        if size != self.area {
            self.area = size;
            self.top_mut().tell(News::Resized(size));
        }
        let effect = match event {
            Event::Key(key) => return self.handle_key(key),
            Event::Mouse(_) if self.is_too_small() => Effect::None,
            Event::Mouse(mouse) => self.top_mut().handle_mouse(*mouse, size),
            Event::Paste(text) => self.top_mut().handle_paste(text),
            _ => Effect::None,
        };
        self.apply(effect);
    }

    pub fn handle_key(&mut self, key: &KeyEvent) {
        // Only presses count: Windows also reports releases.
        if key.kind != KeyEventKind::Press {
            return;
        }
        if keymap::is_interrupt(key) {
            // Ctrl+C leaves as Esc would, saving the game first.
            self.farewell = self.keep.carry_out();
            self.running = false;
            return;
        }
        // While "Terminal too small" is up, keys would act unseen.
        if self.is_too_small() {
            return;
        }
        // M shows the messages whole, wherever no text field takes
        // letters; F1 does everywhere.
        let top = self.top();
        let scope = if top.input().is_some() {
            Scope::TextField
        } else {
            Scope::Menus
        };
        let wants_messages = self.keys.action(&[scope], key) == Some(Action::Messages);
        if wants_messages && self.top_layer().kind != Kind::Overlay && !top.messages().is_empty() {
            let view = MessagesView::new(top.messages(), self.theme, Rc::clone(&self.keys));
            self.push_layer(Box::new(view), Kind::Overlay);
            return;
        }
        // `?` on a screen without a help of its own shows its keys.
        let wants_keys = self.keys.action(&[scope], key) == Some(Action::Help);
        let own_help = self.keys.label(Scope::Play, Action::Help);
        if wants_keys
            && self.top_layer().kind != Kind::Overlay
            && !top
                .commands()
                .iter()
                .any(|command| command.keys == own_help)
        {
            let view = MessagesView::keys(&top.commands(), self.theme, Rc::clone(&self.keys));
            self.push_layer(Box::new(view), Kind::Overlay);
            return;
        }
        let effect = self.top_mut().handle_key(key);
        self.apply(effect);
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let below = self.screens.len().saturating_sub(2);
        if self.top_layer().kind == Kind::Overlay
            && let Some(layer) = self.screens.get(below)
        {
            layer.screen.draw(area, buf);
        }
        self.top().draw(area, buf);
    }
}

/// A screen on the app's stack, with what the flows know of it.
struct Layer {
    screen: Box<dyn Screen>,
    kind: Kind,
}

/// What a screen is to the flows that opened it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A screen of its own: a menu, a prompt, the editor.
    Page,
    /// A chooser a list of levels is opened from (the collections,
    /// Endless's menu): a level goes back to its list made anew over it.
    Chooser,
    /// A screen of the level being played, or opened over one: opening
    /// another level replaces them.
    Level,
    /// A box over the screen below, which is drawn first.
    Overlay,
}
