//! What the app shows, for tests and tools that drive it without a
//! terminal: the screen on top, its messages, selection and text field,
//! the level being played, and the text a terminal would show. The app
//! never needs a screen's name, selection, problem or level to run it, so
//! those are asked through [`ScreenQuery`], not
//! [`Screen`](super::screen::Screen), and only with the `queries` feature,
//! which the integration tests turn on.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::App;
use super::message::{Message, Problem};
use super::worker::CancelWatch;
use schokoban_core::{Direction, Game, Pos};

/// What a test or tool can ask a screen, beyond what the app needs to run
/// it.
pub(crate) trait ScreenQuery {
    /// A short stable name: `main menu`, `play`, `finish`...
    fn name(&self) -> &'static str;

    /// The selected line of a menu or list.
    fn selected(&self) -> Option<usize> {
        None
    }

    /// The choices of a menu, as it shows them: each must be on screen.
    fn choices(&self) -> Vec<String> {
        Vec::new()
    }

    /// Why the screen cannot offer what it normally would, such as a saved
    /// game that cannot be loaded.
    fn problem(&self) -> Option<&Problem> {
        None
    }

    /// The level being played, on the Play screen.
    fn level(&self) -> Option<LevelView<'_>> {
        None
    }
}

impl App {
    /// The name of the screen on top: `main menu`, `play`, `finish`...
    pub fn screen_name(&self) -> &'static str {
        self.top().name()
    }

    /// The messages on show on the screen on top, oldest first.
    pub fn messages(&self) -> &[Message] {
        self.top().messages()
    }

    /// Why the screen on top cannot offer what it normally would.
    pub fn problem(&self) -> Option<&Problem> {
        self.top().problem()
    }

    /// The selected line of the menu or list on top.
    pub fn selected(&self) -> Option<usize> {
        self.top().selected()
    }

    /// The choices of the menu on top, as it shows them.
    pub fn choices(&self) -> Vec<String> {
        self.top().choices()
    }

    /// The keys the screen on top offers, each as its footer writes it:
    /// `Enter play`.
    pub fn help_line(&self) -> Vec<String> {
        self.top()
            .commands()
            .iter()
            .map(|c| {
                self.theme
                    .text(&format!("{} {}", c.keys, c.action))
                    .into_owned()
            })
            .collect()
    }

    /// The text of the field being edited on top.
    pub fn input(&self) -> Option<&str> {
        self.top().input()
    }

    /// The level being played, when the Play screen is on top.
    pub fn level(&self) -> Option<LevelView<'_>> {
        self.top().level()
    }

    /// The text a terminal of this size would show, one line per row with
    /// trailing spaces trimmed.
    pub fn visible_text(&self, width: u16, height: u16) -> String {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        self.render(area, &mut buffer);
        let mut text = String::new();
        for y in 0..height {
            let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }
}

/// The level on the Play screen, for the app's query API.
#[derive(Clone, Debug)]
pub struct LevelView<'a> {
    pub game: &'a Game,
    /// The title shown: the level's own, or its file name.
    pub title: &'a str,
    /// Where leaving saves the game, if the level keeps records: two
    /// levels may share a title and a map (the same level pasted alone
    /// and in a set), never a save.
    pub save: Option<&'a std::path::Path>,
    /// The best score on the map's leaderboard.
    pub record: Option<usize>,
    /// Boxes that can never reach a goal any more.
    pub dead_boxes: &'a [Pos],
    /// The box a hint says to push, and which way.
    pub hint: Option<(Pos, Direction)>,
    /// The cells a hint walks through to reach that box.
    pub walk: &'a [Pos],
    /// A box picked with the mouse, waiting for its destination.
    pub selected_box: Option<Pos>,
    pub show_help: bool,
    /// The running hint search's cancel flag, so a test can see it raised.
    pub search: Option<CancelWatch>,
}
