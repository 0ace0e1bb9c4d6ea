//! What every screen is to the app: it owns its state, turns events into
//! [`Effect`]s, and draws itself. The app keeps a stack of them and carries
//! out the effects, so adding a screen is one new file plus the line that
//! opens it.

use std::borrow::Cow;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::completion::Completion;
use super::message::Message;
use super::origin::{Mode, Opened, Origin};
use super::screens::finish::ScoreNews;
use super::screens::play::Bests;
use super::worker::Wake;
use crate::library::{AddedCollection, Collection, LevelRating};
use crate::storage::ReverseLine;
use schokoban_core::{Game, Level, Step};
use schokoban_generate::Request;

/// What tests ask of a screen besides: the `queries` feature's
/// `ScreenQuery`, which the integration tests turn on, and nothing in the
/// game itself.
#[cfg(feature = "queries")]
pub(crate) use super::query::ScreenQuery as Queries;

/// Without the `queries` feature a screen answers no test's questions.
#[cfg(not(feature = "queries"))]
pub(crate) trait Queries {}

#[cfg(not(feature = "queries"))]
impl<T: ?Sized> Queries for T {}

/// One screen of the game: what the app needs to run it. What tests ask of
/// it besides lives in [`Queries`].
pub(crate) trait Screen: Queries {
    /// Handles a key press; releases and Ctrl+C never reach a screen.
    fn handle_key(&mut self, key: &KeyEvent) -> Effect;

    /// Handles a mouse event; `area` is the whole terminal.
    fn handle_mouse(&mut self, _mouse: MouseEvent, _area: Rect) -> Effect {
        Effect::None
    }

    /// Handles text pasted in one piece (bracketed paste). Screens without
    /// a text field ignore it; one that takes pasted levels (the main
    /// menu, say) overrides this.
    fn handle_paste(&mut self, _text: &str) -> Effect {
        Effect::None
    }

    fn draw(&self, area: Rect, buf: &mut Buffer);

    /// The keys this screen offers right now, as its footer shows them.
    fn commands(&self) -> Vec<Command>;

    /// Puts a message where this screen shows messages.
    fn show(&mut self, message: Message);

    /// The messages on show, oldest first.
    fn messages(&self) -> &[Message];

    /// The text of the field being edited, if any: while there is one,
    /// letters are typed, not taken as keys.
    fn input(&self) -> Option<&str> {
        None
    }

    /// Takes in what the screen's background jobs reported and what time
    /// has brought; `now` is the time on the app's clock, the only way
    /// time reaches a screen. The app calls it after every event and when
    /// the wake it last asked for comes.
    fn tick(&mut self, _now: Duration) -> Tick {
        Tick::default()
    }

    /// Told the terminal's size, or what came of an effect it asked for.
    fn tell(&mut self, _news: News) {}
}

/// What the app tells a screen: the terminal's size, and what came of the
/// effects it asked for, whose file IO the flows do.
pub(crate) enum News {
    /// The terminal's size, when the screen is shown and when it changes,
    /// for screens whose keys depend on what fits (a list's page).
    Resized(Rect),
    /// Play on from this game: the moves watched on a screen above it,
    /// after this screen's own.
    TakeOver(Game),
    /// The level handed to a save form was saved as this (with the title
    /// and author typed there).
    Saved(Level),
    /// What Tab made of the typed path.
    Completed(Completion),
    /// What came of adding the score to the leaderboard.
    Scored(ScoreNews),
    /// A snapshot brought back: play on from this game, of which the
    /// second number of pushes were played for the player.
    Restored(Game, usize),
    /// Moves that solve the level from its start, pasted: the hints know
    /// them from now on.
    Solves(Vec<Step>),
    /// The level's bests and every solution known now: one was kept while
    /// the screen was covered (found in reverse play).
    Known(Bests, Vec<Vec<Step>>),
}

/// `show` and `messages` for a screen that keeps one message, the
/// latest, in its `message` field.
macro_rules! one_message {
    () => {
        fn show(&mut self, message: $crate::app::message::Message) {
            self.message = Some(message);
        }

        fn messages(&self) -> &[$crate::app::message::Message] {
            self.message.as_slice()
        }
    };
}
pub(crate) use one_message;

/// A key and what it does, as a footer or help shows it: `Enter play`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Command {
    /// As the key map names them, so a rebound key shows as bound.
    pub keys: Cow<'static, str>,
    pub action: &'static str,
}

impl Command {
    pub fn new(keys: impl Into<Cow<'static, str>>, action: &'static str) -> Self {
        Self {
            keys: keys.into(),
            action,
        }
    }
}

/// The footer line for a list of commands: `↑↓ choose · Enter play`.
pub(crate) fn footer(commands: &[Command]) -> String {
    commands
        .iter()
        .map(|c| format!("{} {}", c.keys, c.action))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A level as it is left: where it came from and the game as played. What
/// leaving has to do with its save is in the app's keep.
#[derive(Debug)]
pub(crate) struct Ended {
    pub opened: Rc<Opened>,
    pub game: Game,
    /// The solver's moves, watched, made the last move: the solve is not
    /// the player's.
    pub watched: bool,
    /// Pushes the game played for the player in this attempt (hints played,
    /// moves watched and taken over): a solve with any is not for the
    /// leaderboard.
    pub helped_pushes: usize,
}

/// What a screen says when the app ticks it.
#[derive(Default)]
pub(crate) struct Tick {
    /// What finished work asks of the app (a level made, to open).
    pub effect: Effect,
    /// When to tick the screen again, besides at the next event.
    pub wake: Wake,
}

impl Tick {
    pub fn wake(wake: Wake) -> Self {
        Self {
            effect: Effect::None,
            wake,
        }
    }
}

/// What a screen asks the app to do after an event.
#[derive(Default)]
pub(crate) enum Effect {
    #[default]
    None,
    Quit,
    /// Back to the previous screen; from the main menu, quit.
    Back,
    MainMenu,
    /// Back to the list `origin`'s level is in (Free play's, or the
    /// Endless levels made), on that level.
    LevelList(Origin),
    /// Show this screen on top; over a level's screen, it belongs to
    /// that level.
    Push(Box<dyn Screen>),
    /// Show this screen over the one on top, which shows beneath it.
    Overlay(Box<dyn Screen>),
    /// Show this screen on top as a chooser: a list opened from it, made
    /// anew after a level, goes back over it.
    PushChooser(Box<dyn Screen>),
    /// The Endless levels kept in the data folder, as a list.
    EndlessLevels,
    /// Play today's daily level, kept or made now; today by the app's wall
    /// clock (which tests set), not the screen's.
    PlayDaily,
    /// Play the endless level `request` asks for: the one kept for it, or
    /// else one made now.
    PlayEndless(Request),
    ChooseCollection(Mode),
    /// A built-in collection was chosen, on `row` of the chooser.
    CollectionChosen {
        mode: Mode,
        collection: Collection,
        row: usize,
    },
    /// An added collection was chosen, on `row` of the chooser.
    AddedChosen {
        mode: Mode,
        collection: AddedCollection,
        row: usize,
    },
    /// Add the file at a typed path as a collection, back in the chooser.
    AddCollection {
        mode: Mode,
        typed: String,
    },
    /// Remove an added collection, with its records, from the chooser.
    RemoveCollection {
        mode: Mode,
        id: String,
    },
    /// Save a level from the editor: to a typed path, or into My levels.
    SaveLevel {
        level: Level,
        path: Option<String>,
    },
    /// A path as typed, `~` not yet expanded.
    OpenPath(String),
    /// Pasted text, to be opened as levels.
    OpenPasted(String),
    /// Open a level: the saved-game question if it has a save, else play.
    Open(Origin),
    /// Keep a level's rating, measured in the background, in the data
    /// folder.
    KeepRating {
        level: Level,
        rating: LevelRating,
    },
    /// Start afresh on the level whose save was asked about, deleting
    /// that save.
    DeleteSave(Rc<Opened>),
    /// Play on from another game's save, taken from beside the map first.
    TakeOtherSave {
        opened: Rc<Opened>,
        path: PathBuf,
        game: Game,
    },
    /// Complete the path typed, from the folder it names; answered with
    /// [`News::Completed`].
    Complete(String),
    /// Add the solved score to the leaderboard under this nickname;
    /// answered with [`News::Scored`].
    AddScore(String),
    /// The player does not want the solved score on the leaderboard.
    DeclineScore,
    /// Replace the screen on top with this game of the level, then tell
    /// the message.
    Play {
        opened: Rc<Opened>,
        game: Game,
        message: Option<Message>,
        /// Loaded from the level's save, which a reset then makes stale.
        resumed: bool,
    },
    /// Close the screen on top and tell the one it uncovers: a game to
    /// play on from (a watched solution taken over, a snapshot brought
    /// back).
    Uncover(News),
    /// Escape from a level: save if unsolved, show the leaderboard.
    Leave(Ended),
    Solved(Ended),
    /// N or P: leave the level as Esc does, the leaderboard offering the
    /// other one first.
    SwitchLevel {
        from: Ended,
        to: Origin,
        /// N rather than P: the choice says "Next level".
        forward: bool,
    },
    /// Z: remember the zoom for every level from now on.
    SetZoom(crate::library::Zoom),
    /// K: keep the line of play as a snapshot of the level.
    TakeSnapshot {
        opened: Rc<Opened>,
        steps: Vec<Step>,
        /// Pushes played for the player in the attempt so far.
        helped: usize,
    },
    /// L: the level's kept solutions and snapshots, read and listed.
    ShowKept {
        opened: Rc<Opened>,
        game: Game,
    },
    /// Put `text` on the clipboard; `what` names it for the message.
    Copy {
        text: String,
        what: String,
    },
    /// Moves pasted on a level: watched, and kept if they solve it.
    Pasted {
        opened: Rc<Opened>,
        steps: Vec<Step>,
    },
    /// The statistics screen, about `opened`'s level first if given.
    ShowStatistics(Option<Rc<Opened>>),
    /// The optimizer's shorter line of the player's solve, to keep as its own.
    KeepShorter {
        opened: Rc<Opened>,
        steps: Vec<Step>,
    },
    /// What reverse play asks.
    Reverse(ReverseEffect),
}

/// What reverse play asks of the flows.
pub(crate) enum ReverseEffect {
    /// B on a level: play it in reverse, over its screen.
    Start(Rc<Opened>),
    /// B in a level list: open the level in reverse play.
    Open(Origin),
    /// Reverse play reached the level's start: keep `steps`, the forward
    /// solution it turned into, and mark the level solved.
    Solved {
        opened: Rc<Opened>,
        steps: Vec<Step>,
    },
    /// K in reverse play: keep the line as a reverse snapshot.
    Snapshot {
        opened: Rc<Opened>,
        line: ReverseLine,
    },
    /// Esc in reverse play: keep the reverse game, back to the screen below.
    Leave(Rc<Opened>),
}
