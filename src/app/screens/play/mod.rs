//! The gameplay screen: logo, puzzle, record and counters, the board, and
//! key caps below it when there is room.

mod bests;
mod draw;
mod hinting;
mod keys;
mod layout;
mod mouse;
mod stuck;

pub(crate) use bests::Bests;

use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::hint::{HintState, Line, Search};
use crate::app::keep::Keep;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::{Message, plural};
use crate::app::origin::Opened;
use crate::app::screen::{Command, Effect, Ended, News, Screen, Tick, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::board::{BoardLayout, Marks};
use crate::app::widgets::help::LevelHelp;
use crate::app::worker::Wake;
use crate::library::Zoom;

use schokoban_core::{Game, LogEntry, Step, parse_moves};
use schokoban_solver::Deadlocks;

/// A level being played, with its hints, marks and what leaving keeps.
#[derive(Debug)]
pub(crate) struct Play {
    opened: Rc<Opened>,
    game: Game,
    /// The best score on the map's leaderboard.
    record: Option<usize>,
    message: Option<Message>,
    zoom: Zoom,
    help: LevelHelp,
    /// The terminal's size, to hold the help's scrolling to its end.
    area: Rect,
    marks: Marks,
    hint: HintState,
    /// The last hint's solution, taken up wherever the game stands on it.
    plan: Option<Line>,
    /// The optimizer shortening the last hint's solution: its search, the
    /// game it started from, and the solution's length then.
    shortening: Option<(Search, Game, usize)>,
    /// A shorter solution, waiting for the game to reach a position on it.
    shorter: Option<Line>,
    /// The save this game was loaded from, which a reset then makes stale,
    /// and which leaving may write over (another game's save moves aside).
    loaded: Option<Vec<LogEntry>>,
    /// Dead squares of this level, for instant warnings after each push.
    deadlocks: Deadlocks,
    /// What leaving would keep, kept up with every change to the game, and
    /// the play counted for the statistics.
    keep: Keep,
    /// The board was solved by the solver's moves, watched to the end.
    watched_solve: bool,
    /// The attempt under way is counted: a move was made since the level
    /// opened at its start or was restarted (a resumed save goes on with
    /// the attempt it saved).
    attempt_counted: bool,
    /// Pushes the game played for the player in this attempt: hints
    /// played, moves watched and taken over.
    helped_pushes: usize,
    /// The same for each attempt a reset threw away, the last last, as
    /// the game keeps them for undoing a reset.
    helped_before_resets: Vec<usize>,
    /// The player's bests and the published solution, for the header.
    bests: Bests,
    /// Every solution the game knows from the level's start, which the
    /// hints take up wherever the game stands on one.
    solutions: Vec<Vec<Step>>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl Play {
    /// `message` is told first, and replaced by any deadlock warning or
    /// the word that the level is solved; `resumed` when the game was
    /// loaded from the level's save. The board is drawn square until
    /// [`Self::zoomed`] says otherwise.
    pub fn new(
        opened: Rc<Opened>,
        game: Game,
        record: Option<usize>,
        message: Option<Message>,
        resumed: bool,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let mut play = Self {
            deadlocks: Deadlocks::new(&opened.level),
            opened,
            record,
            message,
            zoom: Zoom::default(),
            help: LevelHelp::default(),
            area: Rect::new(0, 0, 80, 24),
            marks: Marks::default(),
            hint: HintState::Idle,
            plan: None,
            shortening: None,
            shorter: None,
            loaded: resumed.then(|| game.log().to_vec()),
            attempt_counted: resumed && game.score() > 0,
            helped_pushes: 0,
            helped_before_resets: Vec::new(),
            game,
            keep: Keep::default(),
            watched_solve: false,
            bests: Bests::default(),
            solutions: Vec::new(),
            theme,
            keys,
        };
        // A loaded save may already be stuck, or a map or save already solved.
        play.check_deadlocks();
        play.announce_if_solved();
        play
    }

    /// Keeps the game in `keep`, the app's, from now on: a test play has
    /// nothing to keep, so it keeps to itself.
    #[must_use]
    pub fn keeping(mut self, keep: Keep) -> Self {
        self.keep = keep;
        let loaded = self.loaded.as_deref();
        (self.keep).start(&self.game, &self.opened, loaded, self.helped_pushes);
        self
    }

    /// `pushes` of the game loaded were played for the player before it
    /// was saved: it is helped as if they had been played here.
    #[must_use]
    pub fn helped_before(mut self, pushes: usize) -> Self {
        self.helped_pushes = pushes;
        self
    }

    /// The board drawn at `zoom`, the one last chosen.
    #[must_use]
    pub fn zoomed(mut self, zoom: Zoom) -> Self {
        self.zoom = zoom;
        self
    }

    /// The header shows `bests` beside the record.
    #[must_use]
    pub fn with_bests(mut self, bests: Bests) -> Self {
        self.bests = bests;
        self
    }

    /// The hints know `solutions`, each from the level's start.
    #[must_use]
    pub fn knowing(mut self, solutions: Vec<Vec<Step>>) -> Self {
        self.solutions = solutions;
        self
    }

    /// The level as it is now, for the app to save or score.
    fn ended(&self) -> Ended {
        Ended {
            opened: Rc::clone(&self.opened),
            game: self.game.clone(),
            watched: self.watched_solve,
            helped_pushes: self.helped_pushes,
        }
    }

    /// Applies a change to the game; whatever changed the position clears
    /// stale marks and may have solved the level.
    fn act(&mut self, change: impl FnOnce(&mut Game) -> bool) {
        let was_solved = self.game.is_solved();
        if !change(&mut self.game) {
            return;
        }
        if !self.attempt_counted && self.game.score() > 0 {
            self.attempt_counted = true;
            self.keep.attempt_begun(&self.opened);
        }
        if self.game.is_solved() && !was_solved && !self.watched_solve {
            self.keep.solved(&self.opened);
        }
        self.message = None;
        self.marks.selected = None;
        // Any change makes a hint stale; dropping a search cancels it.
        self.hint = HintState::Idle;
        self.marks.hint = None;
        self.marks.walk.clear();
        self.keep_up();
        self.check_deadlocks();
        self.announce_if_solved();
    }

    /// Brings what leaving keeps up to date with the game and the pushes
    /// played for the player.
    fn keep_up(&self) {
        let loaded = self.loaded.as_deref();
        (self.keep).follow(&self.game, &self.opened, loaded, self.helped_pushes);
    }

    /// R: back to the start; the next move begins another attempt.
    fn restart(&mut self) {
        self.attempt_counted = false;
        // The game keeps what a reset throws away when it has any moves.
        if !self.game.log().is_empty() || self.game.score() > 0 {
            let thrown = std::mem::take(&mut self.helped_pushes);
            self.helped_before_resets.push(thrown);
        }
        self.act(|game| {
            let changed = game.score() > 0;
            game.reset();
            changed
        });
    }

    /// A solved board waits for Enter; this says so.
    fn announce_if_solved(&mut self) {
        if !self.game.is_solved() {
            return;
        }
        let text = match self.game.score() {
            0 => "This level starts solved! Press Enter to continue".to_owned(),
            score => format!(
                "Solved in {}! Press Enter to continue",
                plural(score, "move")
            ),
        };
        self.message = Some(Message::info(text));
    }

    /// Where the board goes on a screen of this size, if it gets drawn at all.
    fn board_layout(&self, screen: Rect) -> Option<BoardLayout> {
        let message = self.shown_message();
        Some(self.areas(screen, message.as_ref())?.board)
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Play {
    fn name(&self) -> &'static str {
        "play"
    }

    fn level(&self) -> Option<crate::app::query::LevelView<'_>> {
        Some(crate::app::query::LevelView {
            game: &self.game,
            title: &self.opened.title,
            save: self.opened.save_path(),
            record: self.record,
            dead_boxes: &self.marks.dead_boxes,
            hint: self.marks.hint,
            walk: &self.marks.walk,
            selected_box: self.marks.selected,
            show_help: self.help.is_open(),
            search: match &self.hint {
                HintState::Thinking(search) => Some(search.cancel_watch()),
                _ => None,
            },
        })
    }
}

impl Screen for Play {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        self.press(key)
    }

    /// Click a reachable cell to walk there; click a box, then a cell, to
    /// push it there. Every step counts as if typed.
    fn handle_mouse(&mut self, mouse: MouseEvent, screen: Rect) -> Effect {
        self.click(mouse, screen)
    }

    /// The key map's Play bindings; the caps and `?` show them.
    fn commands(&self) -> Vec<Command> {
        self.keys.play_commands()
    }

    one_message!();

    fn tick(&mut self, now: Duration) -> Tick {
        self.poll_hint(now);
        Tick::wake(match &self.hint {
            HintState::Thinking(search) => search.wake(),
            _ => Wake::Idle,
        })
    }

    /// Moves pasted (LURD, as solutions are shared) are watched from the
    /// level's start, and kept if they solve it.
    fn handle_paste(&mut self, text: &str) -> Effect {
        self.keep.acted(&self.opened, self.attempt_counted);
        match parse_moves(text) {
            Ok(steps) if !steps.is_empty() => Effect::Pasted {
                opened: Rc::clone(&self.opened),
                steps,
            },
            _ => {
                self.message = Some(Message::info(
                    "Paste moves (LURD) on a level to watch them; levels paste at the main menu",
                ));
                Effect::None
            }
        }
    }

    /// Moves watched count as played: `game` is this game and them. A
    /// snapshot brought back replaces the game, as a reset would.
    fn tell(&mut self, news: News) {
        let game = match news {
            News::Resized(area) => {
                self.area = area;
                return;
            }
            News::Restored(game, helped) => {
                let moves = plural(game.score(), "move");
                // The snapshot's pushes played for the player count again,
                // as undoing a reset brings its attempt's back; those of
                // this attempt are not forgotten by going elsewhere.
                self.helped_pushes = self.helped_pushes.max(helped);
                self.act(|current| {
                    *current = game;
                    true
                });
                self.message = Some(Message::info(format!(
                    "Snapshot back: {moves} ({} takes it back)",
                    self.keys.key_name(Scope::Play, Action::Undo)
                )));
                return;
            }
            News::TakeOver(game) => game,
            News::Solves(steps) => {
                self.solutions.push(steps);
                return;
            }
            News::Known(bests, solutions) => {
                self.bests = bests;
                self.solutions = solutions;
                return;
            }
            _ => return,
        };
        let watched = game.score().saturating_sub(self.game.score());
        self.helped_pushes += game.pushes().saturating_sub(self.game.pushes());
        // The solver solved it: a player expects the ✓, the leaderboard and
        // the statistics' solves to stand for their own, so this one earns
        // none of them, and leaving now keeps nothing of it.
        self.watched_solve = game.is_solved();
        self.act(|current| {
            *current = game;
            true
        });
        if !self.game.is_solved() {
            self.message = Some(Message::info(format!(
                "You play on after {} watched",
                plural(watched, "move")
            )));
            return;
        }
        self.keep.set(None);
        let accept = self.keys.key_name(Scope::Menus, Action::Accept);
        self.message = Some(Message::info(format!(
            "The solver solved it: a watched solve earns no ✓ or score. {accept} goes on"
        )));
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.draw_screen(area, buf);
    }
}
