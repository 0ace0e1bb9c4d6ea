//! The terminal game: one `App` holding a small stack of screens. Screens
//! turn keys into [`Action`]s; [`App::update`] changes screens and does the IO.

mod flows;
pub mod hint;
pub mod keys;
pub mod message;
pub mod origin;
mod run;
pub mod screens;
mod shutdown;
pub mod theme;
pub mod widgets;

use std::path::PathBuf;

use crossterm::event::{Event, KeyEvent, KeyEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::library::{Collection, Library};
pub use flows::{Completion, complete, expand_path};
use origin::{Mode, Origin};
pub use run::run;
use screens::{
    collection_menu::CollectionMenu, continue_menu::ContinueMenu, finish::Finish,
    level_list::LevelList, main_menu::MainMenu, path_prompt::PathPrompt, play::Play,
    save_prompt::SavePrompt,
};
use shutdown::PendingSave;
use theme::Theme;

/// What the player asked for, for [`App::update`] to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Quit,
    /// Back to the previous screen.
    Back,
    MainMenu,
    ChooseCollection(Mode),
    CollectionChosen {
        mode: Mode,
        collection: Collection,
    },
    OpenCustomPrompt,
    /// A path as typed, `~` not yet expanded.
    LoadCustom(String),
    /// Tab in the path prompt.
    CompletePath,
    /// Open a level: the saved-game question if it has a save, else play.
    Open(Origin),
    LoadSave,
    DeleteSave,
    /// Escape from a level: save if unsolved, show the leaderboard.
    Leave,
    Solved,
    /// Next (+1) or previous (-1) level from inside one.
    SwitchLevel(isize),
    AddScore(String),
}

#[derive(Debug)]
pub enum Screen {
    MainMenu(MainMenu),
    Collections(CollectionMenu),
    Continue(ContinueMenu),
    LevelList(LevelList),
    PathPrompt(PathPrompt),
    SavePrompt(SavePrompt),
    Play(Box<Play>),
    Finish(Finish),
}

/// How the game was started.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Opened straight away as a custom map, skipping the menu.
    pub map: Option<PathBuf>,
    /// Where levels, records and saves live instead of the usual data folder.
    pub data_dir: Option<PathBuf>,
    pub ascii: bool,
}

pub struct App {
    /// Never empty: the main menu is always at the bottom.
    screens: Vec<Screen>,
    library: Library,
    theme: Theme,
    running: bool,
    /// What quitting did with the game, told once the terminal is back.
    farewell: Option<message::Message>,
}

impl App {
    pub fn new(options: Options, theme: Theme) -> Self {
        let library = Library::open(options.data_dir.clone());
        let notices: Vec<String> = library.notices().iter().map(ToString::to_string).collect();
        let notice = (!notices.is_empty()).then(|| notices.join(" · "));
        let mut app = Self {
            screens: vec![Screen::MainMenu(MainMenu::new(theme, notice))],
            library,
            theme,
            running: true,
            farewell: None,
        };
        if let Some(map) = options.map {
            app.update(Action::LoadCustom(map.to_string_lossy().into_owned()));
        }
        app
    }

    pub fn is_running(&self) -> bool {
        self.running
    }

    /// What quitting did with the game in play (saved it, say), if anything.
    pub fn farewell(&self) -> Option<&message::Message> {
        self.farewell.as_ref()
    }

    /// What leaving the level now would do with its save, for a signal.
    pub fn pending_save(&self) -> Option<PendingSave> {
        match self.screen() {
            Screen::Play(play) => PendingSave::of(play),
            _ => None,
        }
    }

    /// Whether work is going on in the background (a hint search), so the
    /// event loop must wake up to show its answer.
    pub fn is_busy(&self) -> bool {
        matches!(self.screen(), Screen::Play(play) if play.is_thinking())
    }

    /// Takes in background results; called when the event loop wakes.
    pub fn tick(&mut self) {
        if let Screen::Play(play) = self.screen_mut() {
            play.poll_hint();
        }
    }

    /// The screen on top, the one the player sees.
    pub fn screen(&self) -> &Screen {
        self.screens.last().expect("the main menu is never popped")
    }

    fn screen_mut(&mut self) -> &mut Screen {
        self.screens
            .last_mut()
            .expect("the main menu is never popped")
    }

    /// Handles one terminal event. `size` is the terminal's, for the mouse.
    pub fn handle_event(&mut self, event: &Event, size: Rect) {
        match event {
            Event::Key(key) => self.handle_key(key),
            Event::Mouse(mouse) => {
                if let Screen::Play(play) = self.screen_mut() {
                    play.handle_mouse(mouse, size);
                }
            }
            _ => {}
        }
    }

    pub fn handle_key(&mut self, key: &KeyEvent) {
        // Only presses count: Windows also reports releases.
        if key.kind != KeyEventKind::Press {
            return;
        }
        if keys::is_interrupt(key) {
            // Ctrl+C leaves as Esc would, saving the game first.
            self.farewell = self.pending_save().as_ref().map(PendingSave::carry_out);
            self.running = false;
            return;
        }
        let action = match self.screen_mut() {
            Screen::MainMenu(s) => s.handle_key(key),
            Screen::Collections(s) => s.handle_key(key),
            Screen::Continue(s) => s.handle_key(key),
            Screen::LevelList(s) => s.handle_key(key),
            Screen::PathPrompt(s) => s.handle_key(key),
            Screen::SavePrompt(s) => s.handle_key(key),
            Screen::Play(s) => s.handle_key(key),
            Screen::Finish(s) => s.handle_key(key),
        };
        if let Some(action) = action {
            self.update(action);
        }
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        match self.screen() {
            Screen::MainMenu(s) => s.render(area, buf),
            Screen::Collections(s) => s.render(area, buf),
            Screen::Continue(s) => s.render(area, buf),
            Screen::LevelList(s) => s.render(area, buf),
            Screen::PathPrompt(s) => s.render(area, buf),
            Screen::SavePrompt(s) => s.render(area, buf),
            Screen::Play(s) => s.as_ref().render(area, buf),
            Screen::Finish(s) => s.render(area, buf),
        }
    }
}
