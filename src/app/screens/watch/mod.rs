//! Watching moves play out on the board: the solver's solution from the
//! position in play (V), or a winning run, undos included (from the finish
//! screen). It can be paused, stepped both ways, sped up and slowed down;
//! from a solution the player can take over at any move, and the moves
//! watched count as played.

mod counter;

#[cfg(test)]
mod tests;

use std::rc::Rc;
use std::time::{Duration, Instant};

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::hint::{HINT_TIME, Line, SOLVER_FAILED, Search};
use crate::app::keymap::{self, Action, Scope, watch_commands};
use crate::app::message::Message;
use crate::app::origin::Opened;
use crate::app::query::ScreenQuery;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::shutdown::PendingSave;
use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::board::{BoardLayout, BoardView, Marks};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, bottom_keys, bottom_keys_width, too_small};
use crate::text::{fit, width as text_width};
use schokoban_core::{Game, Level, LogEntry, LogError};
use schokoban_solver::Outcome;

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
        opened: Rc<Opened>,
        search: Option<Search>,
        /// The optimizer, shortening the solution while it plays.
        shortening: Option<Search>,
        /// A shorter solution, waiting for the moves shown to reach a
        /// position on it.
        shorter: Option<Line>,
        /// The save the game in play was loaded from, if it was.
        loaded: Option<Vec<LogEntry>>,
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
    /// When the next move is due while playing.
    due: Instant,
    message: Option<Message>,
    theme: Theme,
}

impl Watch {
    /// The part of `area` the screen draws in: the whole of a screen up
    /// to 80x24, a centred block as wide as its widest line on a larger one.
    fn block(&self, area: Rect) -> Rect {
        if area.width <= BLOCK_WIDTH && area.height <= BLOCK_HEIGHT {
            return area;
        }
        let level = self.game.level();
        let footer = bottom_keys_width(self.theme, &footer(&self.commands()), BLOCK_WIDTH);
        let lines = self.header_lines();
        let texts = lines.iter().chain(self.message.iter().map(|m| &m.text));
        let text = texts.map(|t| text_width(t)).max().unwrap_or(0) as u16;
        let map_width = level.width() as u16 * 2 + 3;
        let map_height = BOARD_TOP + level.height() as u16 + BELOW_MAP;
        let width = map_width
            .max(text.max(footer).min(BLOCK_WIDTH))
            .min(area.width);
        let height = map_height.max(BLOCK_HEIGHT).min(area.height);
        Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        )
    }

    /// The solver's solution from `game`, searched for at once.
    pub fn solution(
        opened: Rc<Opened>,
        game: Game,
        loaded: Option<Vec<LogEntry>>,
        theme: Theme,
    ) -> Self {
        let search = Some(Search::start(&game));
        let title = opened.heading();
        Self::new(
            "Watching the solver".to_owned(),
            title,
            Watched::Solution {
                opened,
                search,
                shortening: None,
                shorter: None,
                loaded,
            },
            game,
            Vec::new(),
            theme,
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
    ) -> Result<Self, LogError> {
        let start = Game::new(level.clone());
        start.clone().apply_log(&moves)?;
        let mut watch = Self::new(heading, title, Watched::Run, start, moves, theme);
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
            due: Instant::now() + SPEEDS[FIRST_SPEED],
            message: None,
            theme,
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

    /// Takes in the solver's answer, if it has one, and starts playing it.
    fn poll_search(&mut self) {
        let Watched::Solution { search, .. } = &mut self.watched else {
            return;
        };
        let Some(outcome) = search.as_ref().and_then(Search::poll) else {
            return;
        };
        let spent = search.as_ref().map_or(Duration::ZERO, Search::elapsed);
        *search = None;
        match outcome {
            Outcome::Solved(steps) => {
                if let Watched::Solution { shortening, .. } = &mut self.watched {
                    *shortening = Some(Search::shorten(&self.start, steps.clone(), spent));
                }
                self.moves = steps.into_iter().map(LogEntry::Step).collect();
                self.playing = true;
                self.due = Instant::now() + SPEEDS[self.speed];
                if self.moves.is_empty() {
                    self.message = Some(Message::info("Already solved"));
                }
            }
            Outcome::Unsolvable => {
                self.message = Some(Message::warning(
                    "No solution exists from here: Esc, then undo (U) or reset (R)",
                ));
            }
            Outcome::TooLarge(why) => {
                self.message = Some(Message::warning(format!(
                    "No solution to watch: this level is {why}"
                )));
            }
            Outcome::Failed(_) => self.message = Some(Message::warning(SOLVER_FAILED)),
            Outcome::GaveUp | Outcome::Cancelled => {
                self.message = Some(Message::warning(format!(
                    "No solution found in {} s: this one is hard",
                    HINT_TIME.as_secs()
                )));
            }
        }
    }

    /// Takes in the optimizer's shorter solution, if it has one.
    fn poll_shortening(&mut self) {
        let Watched::Solution {
            shortening,
            shorter,
            ..
        } = &mut self.watched
        else {
            return;
        };
        let Some(outcome) = shortening.as_ref().and_then(Search::poll) else {
            return;
        };
        *shortening = None;
        // A failed optimizer leaves the solution as it was.
        if let Outcome::Solved(steps) = outcome
            && steps.len() < self.moves.len()
        {
            *shorter = Line::new(&self.start, steps);
        }
    }

    /// Plays on along the shorter solution once the position shown is on
    /// it: at once when the optimizer changed only moves not yet shown,
    /// else once the moves shown are past the last part it changed (or at
    /// the end). The counters then count the shorter line's moves.
    fn adopt_shorter(&mut self) {
        let Watched::Solution { shorter, .. } = &mut self.watched else {
            return;
        };
        // Both lines end solved, though perhaps with the player elsewhere.
        let at_end = self.shown == self.moves.len();
        let index = shorter.as_ref().and_then(|line| {
            let end = at_end.then_some(line.steps.len());
            line.index_of(&self.game).or(end)
        });
        let Some(index) = index else {
            return;
        };
        let Some(line) = shorter.take() else {
            return;
        };
        let mut game = self.start.clone();
        let moves: Vec<LogEntry> = line.steps.into_iter().map(LogEntry::Step).collect();
        if game.apply_log(&moves[..index]).is_err() {
            return;
        }
        let text = format!(
            "{SHORTENED} {} moves from {}",
            moves.len(),
            self.moves.len()
        );
        self.moves = moves;
        self.shown = index;
        self.game = game;
        self.message = Some(Message::info(text));
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

    /// The moves due since the last wake-up, then a word at the end.
    fn play_due(&mut self, now: Instant) {
        while self.playing && now >= self.due {
            if !self.forward() {
                self.playing = false;
            }
            self.due += SPEEDS[self.speed];
        }
        // The word that the line was shortened gives way to the end's.
        let quiet = (self.message.as_ref()).is_none_or(|m| m.text.starts_with(SHORTENED));
        if self.at_end() && !self.moves.is_empty() && quiet {
            self.playing = false;
            self.message = Some(Message::info(match self.watched {
                Watched::Solution { .. } => "The end: Enter plays on from here, Esc goes back",
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
        self.due = Instant::now() + SPEEDS[self.speed];
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

    /// The header as wide as it can be; `draw` narrows the counter line.
    fn header_lines(&self) -> [String; 4] {
        [
            self.heading.clone(),
            format!("Puzzle: {}", self.title),
            self.counts().line(usize::MAX),
            self.status(),
        ]
    }
}

impl ScreenQuery for Watch {
    fn name(&self) -> &'static str {
        "watch"
    }
}

impl Screen for Watch {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        let Some(action) = keymap::action(&[Scope::Watch], key) else {
            return Effect::None;
        };
        match action {
            Action::PauseResume => self.toggle_play(),
            Action::StepForward => {
                self.playing = false;
                self.forward();
            }
            Action::StepBack => {
                self.playing = false;
                self.message = None;
                self.back();
            }
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::TakeOver
                if matches!(self.watched, Watched::Solution { .. }) && !self.searching() =>
            {
                return Effect::TakeOver(self.game.clone());
            }
            Action::Leave => return Effect::Back,
            _ => {}
        }
        self.poll_shortening();
        self.adopt_shorter();
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        let take_over = matches!(self.watched, Watched::Solution { .. });
        let take_over_keys = keymap::label(Scope::Watch, Action::TakeOver);
        watch_commands()
            .into_iter()
            .filter(|c| take_over || c.keys != take_over_keys)
            .collect()
    }

    one_message!();

    fn is_level_screen(&self) -> bool {
        true
    }

    /// Watching the solver leaves the game in play as it was.
    fn pending_save(&self) -> Option<PendingSave> {
        match &self.watched {
            Watched::Solution { opened, loaded, .. } => {
                PendingSave::of(&self.start, opened, loaded.as_deref())
            }
            Watched::Run => None,
        }
    }

    /// The optimizer does not keep the loop awake: its answer is taken in
    /// on the wake-ups of play, or at the next key.
    fn is_busy(&self) -> bool {
        self.searching() || self.playing
    }

    fn tick(&mut self) {
        self.poll_search();
        self.poll_shortening();
        self.adopt_shorter();
        self.play_due(Instant::now());
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let area = self.block(area);
        let width = area.width as usize;
        let mut lines = self.header_lines();
        lines[2] = self.counts().line(width);
        for (row, line) in lines.iter().enumerate() {
            let style = if row == 0 {
                self.theme.accent()
            } else {
                Style::new()
            };
            let line = self.theme.text(line);
            let line = fit(&line, width, self.theme.chrome(Chrome::Ellipsis));
            buf.set_stringn(area.x, area.y + row as u16, &line, width, style);
        }
        if let Some(message) = &self.message {
            MessageLines::single(message, self.theme, false)
                .render(Rect::new(area.x, area.y + 4, area.width, 1), buf);
        }
        let footer_rows = bottom_keys(area, buf, self.theme, &footer(&self.commands()));
        let footer_y = area.bottom() - footer_rows;
        // The blank rows around the board go when the map needs them.
        let map_rows = self.game.level().height() as u16;
        let roomy = area.y + BOARD_TOP + map_rows < footer_y;
        let top = area.y + BOARD_TOP - u16::from(!roomy);
        let board = Rect::new(
            area.x + 2,
            top,
            area.width.saturating_sub(3),
            footer_y.saturating_sub(top + u16::from(roomy)),
        );
        let layout = BoardLayout::new(board, &self.game, true);
        BoardView {
            game: &self.game,
            layout,
            theme: self.theme,
            marks: &Marks::default(),
        }
        .render(layout.area, buf);
    }
}
