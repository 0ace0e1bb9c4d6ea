//! The level editor: a cursor places walls, floor, goals, boxes and the
//! player; undo and redo; resizing; live checks, and the solver in the
//! background saying whether the level can be solved. `T` tries it out in
//! place, `Enter` saves it.

mod draw;

use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::level_save::LevelSave;
use crate::app::hint::Search;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::app::screen::{Command, Effect, News, Screen, Tick, footer};
use crate::app::theme::Theme;
use crate::app::widgets::page::bottom_keys_rows;
use crate::app::worker::Wake;
use crate::text::width;
use schokoban_core::{Direction, Game, Grid, GridProblem, Level, Piece, Pos};
use schokoban_solver::Outcome;

/// What the checks and the solver say about the level as it stands.
#[derive(Debug)]
enum Check {
    /// Not yet a level: what is missing or wrong.
    Problems(Vec<GridProblem>),
    /// A level; the solver is looking.
    Searching(Search),
    Solvable {
        pushes: usize,
    },
    Unsolvable,
    /// The solver gave up in time.
    NotSure,
    /// The solver failed: a bug, not an answer.
    SolverFailed,
}

#[derive(Debug)]
pub(crate) struct Editor {
    grid: Grid,
    cursor: Pos,
    /// The piece Space puts down.
    piece: Piece,
    undo: Vec<Grid>,
    redo: Vec<Grid>,
    /// The grid as it was last saved (or opened): leaving it as it is
    /// loses nothing, so Esc does not ask.
    saved: Grid,
    /// Kept from the level copied, or as last saved, offered when saving.
    title: Option<String>,
    author: Option<String>,
    check: Check,
    /// Esc was pressed once with changes made: the next Esc leaves.
    leaving: bool,
    message: Option<Message>,
    /// What `M` shows whole: what to fix, then the message.
    notes: Vec<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
    /// The terminal's width, as last told, for the keys that fit it.
    columns: u16,
}

/// Rows the editor's keys may take before they are said in fewer words.
const KEY_ROWS: u16 = 2;

/// The editor's keys: each with its own hint where that fits in
/// [`KEY_ROWS`] rows at `columns`, else in fewer words.
pub(super) fn key_help(keys: &KeyMap, theme: Theme, columns: u16) -> Vec<Command> {
    let every = keys.editor_commands();
    if bottom_keys_rows(theme, &footer(&every), columns) <= KEY_ROWS {
        every
    } else {
        keys.editor_commands_compact()
    }
}

impl Editor {
    /// A new level: an empty room.
    pub fn new(theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self::with_grid(Grid::room(9, 7), None, None, theme, keys)
    }

    /// A copy of `level` to edit; the original is never changed.
    pub fn copy_of(level: &Level, theme: Theme, keys: Rc<KeyMap>) -> Self {
        let title = level.title().map(|t| format!("{t} (copy)"));
        let author = level.author().map(str::to_owned);
        Self::with_grid(Grid::from_level(level), title, author, theme, keys)
    }

    fn with_grid(
        grid: Grid,
        title: Option<String>,
        author: Option<String>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let mut editor = Self {
            saved: grid.clone(),
            grid,
            cursor: Pos::new(1, 1),
            piece: Piece::Wall,
            undo: Vec::new(),
            redo: Vec::new(),
            title,
            author,
            check: Check::Problems(Vec::new()),
            leaving: false,
            message: None,
            notes: Vec::new(),
            theme,
            keys,
            columns: 80,
        };
        editor.recheck();
        editor.refresh_notes();
        editor
    }

    /// Runs the checks and, when they pass, starts the solver afresh;
    /// dropping the old search cancels it.
    fn recheck(&mut self) {
        let problems = self.grid.problems();
        if !problems.is_empty() {
            self.check = Check::Problems(problems);
            return;
        }
        self.check = match self.grid.to_level() {
            Ok(level) => Check::Searching(Search::start(&Game::new(level))),
            // The parser's own refusals, e.g. a level too large.
            Err(error) => {
                self.message = Some(Message::warning(error.to_string()));
                Check::Problems(Vec::new())
            }
        };
    }

    /// Applies a change to the grid, keeping the old one for undo.
    fn change(&mut self, change: impl FnOnce(&mut Grid) -> bool) {
        let before = self.grid.clone();
        if change(&mut self.grid) {
            self.undo.push(before);
            self.redo.clear();
            self.message = None;
            self.keep_cursor_inside();
            self.recheck();
        }
    }

    fn undo_or_redo(&mut self, undo: bool) {
        let (from, to) = if undo {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        if let Some(grid) = from.pop() {
            to.push(std::mem::replace(&mut self.grid, grid));
            self.keep_cursor_inside();
            self.recheck();
        } else {
            let what = if undo { "undo yet" } else { "redo" };
            self.message = Some(Message::info(format!("Nothing to {what}")));
        }
    }

    fn keep_cursor_inside(&mut self) {
        self.cursor = Pos::new(
            self.cursor.x.min(self.grid.width() - 1),
            self.cursor.y.min(self.grid.height() - 1),
        );
    }

    fn move_cursor(&mut self, direction: Direction) {
        let Pos { x, y } = self.cursor;
        let (x, y) = match direction {
            Direction::Left => (x.saturating_sub(1), y),
            Direction::Right => (x + 1, y),
            Direction::Up => (x, y.saturating_sub(1)),
            Direction::Down => (x, y + 1),
        };
        self.cursor = Pos::new(x, y);
        self.keep_cursor_inside();
    }

    /// Puts piece `number` (from 1), or the last one again, at the cursor.
    fn place(&mut self, number: Option<u8>) {
        if let Some(piece) = number.and_then(|n| Piece::ALL.get(usize::from(n).checked_sub(1)?)) {
            self.piece = *piece;
        }
        let (cursor, piece) = (self.cursor, self.piece);
        self.change(|grid| grid.set(cursor, piece));
    }

    /// The level as it stands, if the checks pass.
    fn level(&self) -> Option<Level> {
        if !self.grid.problems().is_empty() {
            return None;
        }
        self.grid.to_level().ok()
    }

    fn try_out(&mut self) -> Effect {
        let Some(level) = self.level() else {
            self.message = Some(Message::warning("Not a level yet: see the checks"));
            return Effect::None;
        };
        Effect::Open(Origin::TestPlay {
            level: Rc::new(level),
        })
    }

    fn save(&mut self) -> Effect {
        let Some(level) = self.level() else {
            self.message = Some(Message::warning("Not a level yet: see the checks"));
            return Effect::None;
        };
        let save = LevelSave::new(
            level,
            self.title.as_deref(),
            self.author.as_deref(),
            self.theme,
            Rc::clone(&self.keys),
        );
        Effect::Push(Box::new(save))
    }

    /// Takes in the solver's answer, if it has one; `now` is the time on
    /// the app's clock.
    fn poll_search(&mut self, now: Duration) {
        let Check::Searching(search) = &mut self.check else {
            return;
        };
        search.see_time(now);
        let Some(outcome) = search.poll() else {
            return;
        };
        self.check = match outcome {
            Outcome::Solved(steps) => Check::Solvable {
                pushes: steps.iter().filter(|s| s.push).count(),
            },
            Outcome::Unsolvable => Check::Unsolvable,
            Outcome::GaveUp | Outcome::Cancelled | Outcome::TooLarge(_) => Check::NotSure,
            Outcome::Failed(_) => Check::SolverFailed,
        };
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Editor {
    fn name(&self) -> &'static str {
        "editor"
    }
}

impl Editor {
    /// What `M` shows: the checks' list of what to fix where it is cut at
    /// this width, then the message, as they stand after the last event.
    fn refresh_notes(&mut self) {
        let problems = match &self.check {
            Check::Problems(problems) if !problems.is_empty() => {
                let all: Vec<String> = problems.iter().map(ToString::to_string).collect();
                let text = format!("To fix: {}", all.join("; "));
                (width(&text) > usize::from(self.columns)).then(|| Message::warning(text))
            }
            _ => None,
        };
        self.notes = problems.into_iter().chain(self.message.clone()).collect();
    }

    fn act_on_key(&mut self, key: &KeyEvent) -> Effect {
        let Some(action) = self.keys.action(&[Scope::Editor], key) else {
            return Effect::None;
        };
        let leaving = std::mem::take(&mut self.leaving);
        match action {
            Action::Move(direction) => self.move_cursor(direction),
            Action::Place(number) => self.place(Some(number)),
            Action::PlaceAgain => self.place(None),
            Action::Undo => self.undo_or_redo(true),
            Action::Redo => self.undo_or_redo(false),
            Action::Wider => self.change(|g| g.resize(g.width() + 1, g.height())),
            Action::Narrower => self.change(|g| g.resize(g.width() - 1, g.height())),
            Action::Taller => self.change(|g| g.resize(g.width(), g.height() + 1)),
            Action::Shorter => self.change(|g| g.resize(g.width(), g.height() - 1)),
            Action::TryOut => return self.try_out(),
            Action::SaveLevel => return self.save(),
            // Changes are only kept by saving: the first Esc says so.
            Action::Leave if self.grid == self.saved || leaving => return Effect::Back,
            Action::Leave => {
                self.leaving = true;
                self.message = Some(Message::warning("Unsaved: Esc again leaves, Enter saves"));
            }
            _ => {}
        }
        Effect::None
    }
}

impl Screen for Editor {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        let effect = self.act_on_key(key);
        self.refresh_notes();
        effect
    }

    /// A click puts the last piece where it lands.
    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            return Effect::None;
        }
        if let Some(pos) = self.grid_layout(area).cell_at(mouse.column, mouse.row) {
            self.cursor = pos;
            let piece = self.piece;
            self.change(|grid| grid.set(pos, piece));
            self.refresh_notes();
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        key_help(&self.keys, self.theme, self.columns)
    }

    fn show(&mut self, message: Message) {
        self.message = Some(message);
        self.refresh_notes();
    }

    fn messages(&self) -> &[Message] {
        &self.notes
    }

    fn tick(&mut self, now: Duration) -> Tick {
        self.poll_search(now);
        Tick::wake(match &self.check {
            Check::Searching(search) => search.wake(),
            _ => Wake::Idle,
        })
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.draw_screen(area, buf);
    }

    /// The grid as saved needs no asking to leave, and the next save
    /// offers the title and author just given.
    fn tell(&mut self, news: News) {
        match news {
            News::Resized(area) => {
                self.columns = area.width;
                self.refresh_notes();
            }
            News::Saved(level) => {
                self.saved = self.grid.clone();
                self.title = level.title().map(str::to_owned);
                self.author = level.author().map(str::to_owned);
            }
            _ => {}
        }
    }
}
