//! Reverse play: the level starts solved and the player pulls the boxes
//! back to where it starts. The pulls, read backwards, are a solution,
//! which the flows keep the moment the boxes are home.

mod draw;

use std::rc::Rc;

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::keep::Keep;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::{LineState, Message, plural, reset_undone};
use crate::app::origin::Opened;
use crate::app::screen::{Command, Effect, ReverseEffect, Screen, one_message};
use crate::app::screens::kept::watch;
use crate::app::theme::Theme;
use crate::app::widgets::board::BoardLayout;
use crate::app::widgets::help::LevelHelp;
use crate::library::ReverseLine;
use crate::library::Zoom;
use schokoban_core::{Direction, Metrics, ReverseGame, Step};

/// What `key` does here: play's keys that mean the same in reverse win
/// (a player who moves with H J K L keeps them), then reverse play's own,
/// then the rest of play's, which say they do nothing here.
fn reverse_action(keys: &KeyMap, key: &KeyEvent) -> Option<Action> {
    let play = keys.action(&[Scope::Play], key);
    match play {
        Some(
            Action::Move(_)
            | Action::Undo
            | Action::Redo
            | Action::Reset
            | Action::Zoom
            | Action::Help
            | Action::Leave
            | Action::Snapshot
            | Action::Kept,
        ) => play,
        _ => keys.action(&[Scope::Reverse], key).or(play),
    }
}

#[derive(Debug)]
pub(crate) struct Reverse {
    opened: Rc<Opened>,
    game: ReverseGame,
    /// Moving away from a box pulls it; else the player walks away.
    pulling: bool,
    /// The forward solution the game turned into, while the boxes stand
    /// where the level starts them.
    solution: Option<Vec<Step>>,
    /// Snapshots of reverse play, oldest first.
    snapshots: Vec<ReverseLine>,
    /// How many snapshots back the next `L` goes, from the newest.
    restored: usize,
    message: Option<Message>,
    zoom: Zoom,
    help: LevelHelp,
    /// The terminal's size, to hold the help's scrolling to its end.
    area: Rect,
    /// What leaving would keep, kept up with every change to the game,
    /// and the play counted for the statistics, as forward play counts it.
    keep: Keep,
    /// The attempt under way is counted: a move was made since reverse
    /// play opened at its start or was reset (a reverse game left last
    /// time goes on with the attempt it was).
    attempt_counted: bool,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl Reverse {
    /// Reverse play of `opened` from `game` (a fresh one, or the reverse
    /// game left last time), with the level's reverse snapshots.
    pub fn new(
        opened: Rc<Opened>,
        game: ReverseGame,
        snapshots: Vec<ReverseLine>,
        message: Option<Message>,
        zoom: Zoom,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let solution = game.forward_solution();
        Self {
            attempt_counted: game.score() > 0,
            opened,
            game,
            pulling: true,
            solution,
            snapshots,
            restored: 0,
            message,
            zoom,
            help: LevelHelp::default(),
            area: Rect::new(0, 0, 80, 24),
            keep: Keep::default(),
            theme,
            keys,
        }
    }

    /// Keeps the game in `keep`, the app's, from now on.
    #[must_use]
    pub fn keeping(mut self, keep: Keep) -> Self {
        self.keep = keep;
        self.keep.follow_reverse(&self.game, &self.opened);
        self.keep.shown(&self.opened);
        self
    }

    /// Applies a change to the game; when it changed anything, the keep
    /// follows, and a game that has just reached the level's start turns
    /// into a forward solution for the flows to keep.
    fn act(&mut self, change: impl FnOnce(&mut ReverseGame) -> bool) -> Effect {
        if !change(&mut self.game) {
            return Effect::None;
        }
        self.message = None;
        self.restored = 0;
        if !self.attempt_counted && self.game.score() > 0 {
            self.attempt_counted = true;
            self.keep.attempt_begun(&self.opened);
        }
        self.keep.follow_reverse(&self.game, &self.opened);
        let was_solved = self.solution.is_some();
        self.solution = self.game.forward_solution();
        let Some(steps) = &self.solution else {
            return Effect::None;
        };
        // Said while the boxes stay home, as a solved forward game says it.
        let metrics = Metrics::of(steps);
        self.message = Some(Message::info(format!(
            "Solved in reverse! {}, {} forward; {} watches it",
            plural(metrics.moves, "move"),
            plural(metrics.pushes, "push"),
            self.keys.key_name(Scope::Menus, Action::Accept)
        )));
        if was_solved {
            return Effect::None;
        }
        Effect::Reverse(ReverseEffect::Solved {
            opened: Rc::clone(&self.opened),
            steps: steps.clone(),
        })
    }

    /// A move: pulls the box behind the player when pulling.
    fn step(&mut self, direction: Direction) -> Effect {
        let pulling = self.pulling;
        self.act(|game| game.step(direction, pulling).is_ok())
    }

    /// G: pull or walk away, and say which.
    fn toggle_pulling(&mut self) {
        self.pulling = !self.pulling;
        let toggle = self.keys.key_name(Scope::Reverse, Action::PullOrWalk);
        self.message = Some(Message::info(if self.pulling {
            format!("Pulling: a move away from a box pulls it ({toggle} walks away)")
        } else {
            format!("Walking: a move away from a box leaves it ({toggle} pulls)")
        }));
    }

    /// J: the next room of the floor, before the first pull.
    fn jump(&mut self) -> Effect {
        if !self.game.can_jump() {
            let reset = self.keys.key_name(Scope::Play, Action::Reset);
            self.message = Some(Message::info(format!(
                "The player can change rooms only before the first pull ({reset} resets)"
            )));
            return Effect::None;
        }
        let Some(to) = self.game.next_room() else {
            self.message = Some(Message::info("There is no other room to start in"));
            return Effect::None;
        };
        let effect = self.act(|game| game.jump(to));
        self.say_room();
        effect
    }

    /// Which room the player stands in, where there are several.
    fn say_room(&mut self) {
        let rooms = self.game.rooms();
        if let Some(here) = rooms.iter().position(|r| r.contains(&self.game.player())) {
            self.message = Some(Message::info(format!(
                "Room {} of {}: pull from here, or {} goes on to the next",
                here + 1,
                rooms.len(),
                self.keys.key_name(Scope::Reverse, Action::Jump)
            )));
        }
    }

    /// L: the newest snapshot, then the one before it at each press.
    fn restore_snapshot(&mut self) -> Effect {
        if self.snapshots.is_empty() {
            self.message = Some(Message::info(format!(
                "No reverse snapshots yet: {} keeps one",
                self.keys.key_name(Scope::Play, Action::Snapshot)
            )));
            return Effect::None;
        }
        let back = self.restored % self.snapshots.len();
        let line = self.snapshots[self.snapshots.len() - 1 - back].clone();
        let mut problem = None;
        let effect = self.act(|game| {
            game.restore(line.start, &line.log)
                .map_err(|error| problem = Some(error))
                .is_ok()
        });
        self.restored = back + 1;
        self.message = Some(match problem {
            Some(error) => Message::warning(format!("That snapshot does not fit: {error}")),
            None => Message::info(format!(
                "Reverse snapshot {} of {} back: {} ({} again goes further back)",
                back + 1,
                self.snapshots.len(),
                plural(self.game.score(), "move"),
                self.keys.key_name(Scope::Play, Action::Kept)
            )),
        });
        effect
    }

    /// K: the line of play as a reverse snapshot, for the flows to keep.
    fn take_snapshot(&mut self) -> Effect {
        let log = self
            .game
            .history()
            .iter()
            .copied()
            .map(schokoban_core::LogEntry::Step)
            .collect();
        let line = ReverseLine::new(false, self.game.start(), log, None);
        self.snapshots.push(line.clone());
        self.restored = 0;
        Effect::Reverse(ReverseEffect::Snapshot {
            opened: Rc::clone(&self.opened),
            line,
        })
    }

    /// Z: the next cell size, remembered for every level.
    fn toggle_zoom(&mut self) -> Effect {
        self.zoom = self.zoom.next();
        self.message = Some(Message::info(match self.zoom {
            Zoom::Off => "Zoom off: one column a cell",
            Zoom::Square => "Zoom on: square cells",
            Zoom::Fill => "Zoom to fill: cells as big as the screen has room for",
        }));
        Effect::SetZoom(self.zoom)
    }

    /// Where the board goes on a screen of this size, if it is drawn.
    fn board_layout(&self, screen: Rect) -> Option<BoardLayout> {
        Some(self.areas(screen)?.board)
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Reverse {
    fn name(&self) -> &'static str {
        "reverse"
    }
}

impl Screen for Reverse {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        self.keep.acted(&self.opened, self.attempt_counted);
        if self.help.key(&self.keys, self.area, self.theme, key) {
            return Effect::None;
        }
        if let (Some(steps), Some(Action::Accept)) =
            (&self.solution, self.keys.action(&[Scope::Menus], key))
        {
            let heading = "Your reverse solution, played forward".to_owned();
            let keys = Rc::clone(&self.keys);
            return watch(&self.opened, heading, steps, self.theme, keys).unwrap_or_else(|error| {
                self.message = Some(Message::warning(format!("Cannot watch it: {error}")));
                Effect::None
            });
        }
        let Some(action) = reverse_action(&self.keys, key) else {
            return Effect::None;
        };
        let idle = LineState {
            can_undo: self.game.can_undo() || self.game.can_undo_reset(),
            can_redo: self.game.can_redo(),
            at_start: self.game.score() == 0,
        }
        .nothing_to_do(action);
        match action {
            _ if idle.is_some() => self.message = idle,
            Action::Move(direction) => return self.step(direction),
            Action::PullOrWalk => self.toggle_pulling(),
            Action::Jump => return self.jump(),
            Action::Leave => return Effect::Reverse(ReverseEffect::Leave(Rc::clone(&self.opened))),
            Action::Help => self.help.open(),
            Action::Undo if self.game.can_undo_reset() => {
                // Back to the attempt the reset ended, counted already.
                self.attempt_counted = true;
                let effect = self.act(ReverseGame::undo_reset);
                self.message = Some(reset_undone(self.game.score()));
                return effect;
            }
            Action::Undo => return self.act(|game| game.undo().is_some()),
            Action::Redo => return self.act(|game| game.redo().is_some()),
            Action::Reset => {
                // The next move begins another attempt.
                self.attempt_counted = false;
                return self.act(|game| {
                    game.reset();
                    true
                });
            }
            Action::Zoom => return self.toggle_zoom(),
            Action::Snapshot => return self.take_snapshot(),
            Action::Kept => return self.restore_snapshot(),
            Action::Reverse => {
                self.message = Some(Message::info("This is reverse play already"));
            }
            _ => {
                let leave = self.keys.key_name(Scope::Play, Action::Leave);
                self.message = Some(Message::info(format!(
                    "Not in reverse play: {leave} goes back"
                )));
            }
        }
        Effect::None
    }

    /// Click a cell to walk there; before the first pull, a cell in
    /// another room puts the player there.
    fn handle_mouse(&mut self, mouse: MouseEvent, screen: Rect) -> Effect {
        if self.help.is_open() || !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            return Effect::None;
        }
        self.keep.acted(&self.opened, self.attempt_counted);
        let Some(target) = self
            .board_layout(screen)
            .and_then(|layout| layout.cell_at(mouse.column, mouse.row))
        else {
            return Effect::None;
        };
        if let Some(path) = self.game.walk_path(target) {
            return self.act(|game| {
                let mut moved = false;
                for &direction in &path {
                    moved |= game.step(direction, false).is_ok();
                }
                moved
            });
        }
        if self.game.is_free(target) && self.game.can_jump() {
            let effect = self.act(|game| game.jump(target));
            self.say_room();
            return effect;
        }
        self.message = Some(Message::info(if self.game.is_free(target) {
            "No way there, and no jumping after the first pull"
        } else {
            "No way there"
        }));
        Effect::None
    }

    /// The keys the line under the board names; `?` lists the rest.
    fn commands(&self) -> Vec<Command> {
        self.keys_line()
    }

    one_message!();

    fn tell(&mut self, news: crate::app::screen::News) {
        if let crate::app::screen::News::Resized(area) = news {
            self.area = area;
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        self.draw_screen(area, buf);
    }
}
