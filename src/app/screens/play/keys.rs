//! The keys on the board: moves, undo, the level's neighbours, the zoom,
//! and a solved board that waits for Enter.

use std::rc::Rc;

use crossterm::event::KeyEvent;

use super::Play;
use crate::app::keymap::{Action, Scope};
use crate::app::message::{LineState, Message, reset_undone};
use crate::app::origin::{Mode, Origin};
use crate::app::screen::{Effect, ReverseEffect};
use crate::app::screens::editor::Editor;
use crate::app::screens::watch::Watch;
use crate::library::Zoom;
use schokoban_core::{Game, format_steps};

impl Play {
    /// What a key does on the board: the key map's Play bindings.
    pub(super) fn press(&mut self, key: &KeyEvent) -> Effect {
        self.keep.acted(&self.opened, self.attempt_counted);
        if self.help.key(&self.keys, self.area, self.theme, key) {
            return Effect::None;
        }
        if let Some(effect) = self.solved_key(key) {
            return effect;
        }
        let Some(action) = self.keys.action(&[Scope::Play], key) else {
            // The help lists reverse play's keys beside B: say where they work.
            if self.keys.action(&[Scope::Reverse], key).is_some() {
                let reverse = self.keys.key_name(Scope::Play, Action::Reverse);
                self.message = Some(Message::info(format!(
                    "That key works in reverse play, which {reverse} starts"
                )));
            }
            return Effect::None;
        };
        let idle = LineState {
            can_undo: self.game.can_undo() || self.game.can_undo_reset(),
            can_redo: self.game.can_redo(),
            at_start: self.game.score() == 0,
        }
        .nothing_to_do(action);
        match action {
            // A key that can do nothing now says so, where the messages are.
            _ if idle.is_some() => self.message = idle,
            Action::Move(direction) => self.act(|game| game.step(direction).is_ok()),
            Action::Leave => return Effect::Leave(self.ended()),
            Action::Help => self.help.open(),
            Action::Undo if self.game.can_undo_reset() => {
                // Back to the attempt the reset ended, counted already.
                self.attempt_counted = true;
                self.helped_pushes = self.helped_before_resets.pop().unwrap_or(0);
                self.act(Game::undo_reset);
                self.message = Some(reset_undone(self.game.score()));
            }
            Action::Undo => self.act(|game| game.undo().is_some()),
            Action::Redo => self.act(|game| game.redo().is_some()),
            Action::Reset => self.restart(),
            Action::Zoom => return self.toggle_zoom(),
            Action::Snapshot => {
                return Effect::TakeSnapshot {
                    opened: Rc::clone(&self.opened),
                    steps: self.game.history().to_vec(),
                    helped: self.helped_pushes,
                };
            }
            Action::Kept => {
                return Effect::ShowKept {
                    opened: Rc::clone(&self.opened),
                    game: self.game.clone(),
                };
            }
            Action::Copy => {
                return Effect::Copy {
                    text: format_steps(self.game.history()),
                    what: "your moves".to_owned(),
                };
            }
            Action::Hint => self.request_hint(),
            Action::Reverse => {
                return Effect::Reverse(ReverseEffect::Start(Rc::clone(&self.opened)));
            }
            Action::Edit => {
                let keys = Rc::clone(&self.keys);
                let editor = Editor::copy_of(&self.opened.level, self.theme, keys);
                return Effect::Push(Box::new(editor));
            }
            Action::Watch => {
                let keys = Rc::clone(&self.keys);
                let watch = Watch::solution(&self.opened, self.game.clone(), self.theme, keys);
                return Effect::Push(Box::new(watch));
            }
            Action::NextLevel if self.can_switch_levels() => return self.switch_level(1),
            Action::PreviousLevel if self.can_switch_levels() => return self.switch_level(-1),
            // The help lists N and P, so say why they do nothing here.
            Action::NextLevel | Action::PreviousLevel => {
                let why = match self.opened.origin {
                    Origin::Arcade { .. } | Origin::Added { .. } => {
                        "Arcade goes in order: N and P work in Free play"
                    }
                    Origin::TestPlay { .. } => "A test play has one level: N and P do nothing",
                    _ => "This file holds one level: N and P have nowhere to go",
                };
                self.message = Some(Message::info(why));
            }
            _ => {}
        }
        Effect::None
    }

    /// A key on a solved board: the board stays up until the player moves
    /// on. Undo, redo, reset and the help still do what the legend says,
    /// but not on a board the solver solved; any other key says what to
    /// do. `None` for a key the game goes on to handle.
    fn solved_key(&mut self, key: &KeyEvent) -> Option<Effect> {
        if !self.game.is_solved() {
            return None;
        }
        match self.keys.action(&[Scope::Play, Scope::Menus], key) {
            Some(Action::Accept | Action::Leave) => Some(Effect::Solved(self.ended())),
            Some(Action::Undo | Action::Redo | Action::Reset | Action::Help)
                if !self.watched_solve =>
            {
                None
            }
            Some(_) => {
                let accept = self.keys.key_name(Scope::Menus, Action::Accept);
                self.message = Some(Message::info(format!("Solved: {accept} goes on")));
                Some(Effect::None)
            }
            None => Some(Effect::None),
        }
    }

    /// N or P: the level `delta` on, or a word at either end.
    fn switch_level(&mut self, delta: isize) -> Effect {
        if let Some(to) = self.opened.origin.step(delta) {
            return Effect::SwitchLevel {
                from: self.ended(),
                to,
                forward: delta > 0,
            };
        }
        let edge = if delta > 0 { "last" } else { "first" };
        self.message = Some(Message::info(format!("This is the {edge} level")));
        Effect::None
    }

    /// Z: the next zoom, remembered; says so when a map is too wide for
    /// square cells on this screen, or the screen has no room for bigger
    /// ones, rather than doing nothing.
    fn toggle_zoom(&mut self) -> Effect {
        self.zoom = self.zoom.next();
        let layout = self.board_layout(self.area);
        let fits = layout.is_none_or(|layout| layout.cell_width > 1);
        let grown = layout.is_some_and(|layout| layout.cell_height > 1);
        let text = match (self.zoom, fits, grown) {
            (Zoom::Off, ..) => "Zoom off: one column a cell",
            (_, false, _) => "Zoom on, but this map is too wide for square cells here",
            (Zoom::Square, ..) => "Zoom on: square cells",
            (Zoom::Fill, _, true) => "Zoom to fill: cells as big as the screen has room for",
            (Zoom::Fill, _, false) => "Zoom to fill: no room here for cells bigger than square",
        };
        self.message = Some(Message::info(text));
        Effect::SetZoom(self.zoom)
    }

    /// Free play and multi-level files can step to the next or previous level.
    fn can_switch_levels(&self) -> bool {
        match &self.opened.origin {
            Origin::FreePlay { .. } => true,
            Origin::Custom { file, .. } => file.contents.len() > 1,
            Origin::Added { mode, .. } => *mode == Mode::FreePlay,
            Origin::Arcade { .. } | Origin::TestPlay { .. } | Origin::Endless { .. } => false,
        }
    }
}
