//! Watching moves play out on the board: the solver's solution from the
//! position in play (V), or a winning run, undos included (from the finish
//! screen). It can be paused, stepped both ways, sped up and slowed down;
//! from a solution the player can take over at any move, and the moves
//! watched count as played.

mod answers;
mod counter;
mod screen;

#[cfg(test)]
mod tests;

use std::rc::Rc;
use std::time::Duration;

use crate::app::hint::{Line, Search};
use crate::app::keymap::KeyMap;
use crate::app::message::Message;
use crate::app::origin::Opened;
use crate::app::theme::Theme;
use schokoban_core::{Game, Level, LogEntry, LogError};

use counter::Counts;

/// How the message that the optimizer shortened the line begins.
const SHORTENED: &str = "Shortened to";

/// Time between moves at each speed, slowest first.
const SPEEDS: [Duration; 6] = [
    Duration::from_secs(1),
    Duration::from_millis(500),
    Duration::from_millis(250),
    Duration::from_millis(120),
    Duration::from_millis(60),
    Duration::from_millis(30),
];
const FIRST_SPEED: usize = 2;
/// Rows above the board: what is watched, the level, the counters, the
/// state of play and a message, then a blank line.
const BOARD_TOP: u16 = 6;
/// The most the screen takes of a larger terminal, centred as the play
/// screen is, unless the map needs more: the spec's 80x24.
const BLOCK_WIDTH: u16 = 80;
const BLOCK_HEIGHT: u16 = 24;
/// Rows under the map in the block: the footer's two and a blank each side.
const BELOW_MAP: u16 = 4;
/// What is being watched, and so what leaving does.
#[derive(Debug)]
enum Watched {
    /// The solver's moves from the game in play, found in the background.
    /// Enter takes over at the move shown; Esc goes back to where it was.
    Solution {
        search: Option<Search>,
        /// The optimizer, shortening the solution while it plays.
        shortening: Option<Search>,
        /// A shorter solution, waiting for the moves shown to reach a
        /// position on it.
        shorter: Option<Line>,
    },
    /// A run already played: only to watch.
    Run,
}

#[derive(Debug)]
pub(crate) struct Watch {
    heading: String,
    title: String,
    watched: Watched,
    /// The position the moves start from.
    start: Game,
    moves: Vec<LogEntry>,
    /// How many of `moves` have been played onto `game`.
    shown: usize,
    game: Game,
    playing: bool,
    speed: usize,
    /// When the next move is due while playing, on the app's clock; `None`
    /// until the tick after play starts, which counts from its own time.
    due: Option<Duration>,
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl Watch {
    /// The solver's solution from `game`, searched for at once.
    pub fn solution(opened: &Opened, game: Game, theme: Theme, keys: Rc<KeyMap>) -> Self {
        let search = Some(Search::start(&game));
        Self::new(
            "Watching the solver".to_owned(),
            opened.heading(),
            Watched::Solution {
                search,
                shortening: None,
                shorter: None,
            },
            game,
            Vec::new(),
            theme,
            keys,
        )
    }

    /// A winning run of `level`, played from the start. Refused when the
    /// moves do not fit the level, as a damaged runs file might hold.
    pub fn run(
        heading: String,
        title: String,
        level: &Level,
        moves: Vec<LogEntry>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Result<Self, LogError> {
        let start = Game::new(level.clone());
        start.clone().apply_log(&moves)?;
        let mut watch = Self::new(heading, title, Watched::Run, start, moves, theme, keys);
        watch.playing = true;
        Ok(watch)
    }

    fn new(
        heading: String,
        title: String,
        watched: Watched,
        start: Game,
        moves: Vec<LogEntry>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        Self {
            heading,
            title,
            watched,
            game: start.clone(),
            start,
            moves,
            shown: 0,
            playing: false,
            speed: FIRST_SPEED,
            due: None,
            message: None,
            theme,
            keys,
        }
    }

    fn searching(&self) -> bool {
        matches!(
            self.watched,
            Watched::Solution {
                search: Some(_),
                ..
            }
        )
    }

    /// One move on; false at the end.
    fn forward(&mut self) -> bool {
        let Some(&entry) = self.moves.get(self.shown) else {
            return false;
        };
        // The moves were checked to fit, or come from the solver.
        if self.game.apply_log(&[entry]).is_err() {
            return false;
        }
        self.shown += 1;
        true
    }

    /// One move back, played again from the start so undos replay exactly.
    fn back(&mut self) {
        let Some(shown) = self.shown.checked_sub(1) else {
            return;
        };
        let mut game = self.start.clone();
        if game.apply_log(&self.moves[..shown]).is_ok() {
            self.game = game;
            self.shown = shown;
        }
    }

    fn at_end(&self) -> bool {
        self.shown == self.moves.len()
    }

    /// The moves due by `now` since the last tick, then a word at the end.
    fn play_due(&mut self, now: Duration) {
        if self.playing {
            let mut due = self.due.unwrap_or(now + SPEEDS[self.speed]);
            while self.playing && now >= due {
                if !self.forward() {
                    self.playing = false;
                }
                due += SPEEDS[self.speed];
            }
            self.due = Some(due);
        }
        // The word that the line was shortened gives way to the end's.
        let quiet = (self.message.as_ref()).is_none_or(|m| m.text.starts_with(SHORTENED));
        if self.at_end() && !self.moves.is_empty() && quiet {
            self.playing = false;
            self.message = Some(Message::info(match self.watched {
                Watched::Solution { .. } => "The end: Enter plays on, Esc goes back",
                Watched::Run => "The end of the run",
            }));
        }
    }

    fn toggle_play(&mut self) {
        if self.at_end() {
            // From the end, Space plays it all again.
            let start = self.start.clone();
            self.game = start;
            self.shown = 0;
            self.message = None;
        }
        self.playing = !self.playing && !self.moves.is_empty();
        self.due = None;
    }

    fn status(&self) -> String {
        if let Watched::Solution {
            search: Some(search),
            ..
        } = &self.watched
        {
            return format!(
                "Finding a solution… {} s (Esc goes back)",
                search.elapsed().as_secs()
            );
        }
        let state = if self.playing { "Playing" } else { "Paused" };
        format!("{state} · speed {} of {}", self.speed + 1, SPEEDS.len())
    }

    fn counts(&self) -> Counts {
        Counts {
            shown: self.shown,
            total: (!self.searching()).then_some(self.moves.len()),
            moves: self.game.score(),
            pushes: self.game.pushes(),
        }
    }

    /// The header, its counter line in the roomiest form that fits
    /// `columns` (`usize::MAX` for the widest, to size the block).
    fn header_lines(&self, columns: usize) -> [String; 4] {
        [
            self.heading.clone(),
            format!("Puzzle: {}", self.title),
            self.counts().line(columns),
            self.status(),
        ]
    }
}
