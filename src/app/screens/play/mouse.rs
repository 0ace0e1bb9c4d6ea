//! The mouse on the board: a click walks to a cell, or picks a box and
//! pushes it to the next cell clicked.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::Play;
use crate::app::message::Message;
use crate::app::screen::Effect;
use schokoban_core::{Direction, Game, push_path, walk_path};

impl Play {
    /// Click a reachable cell to walk there; click a box, then a cell, to
    /// push it there. Every step counts as if typed.
    pub(super) fn click(&mut self, mouse: MouseEvent, screen: Rect) -> Effect {
        if self.help.is_open() || self.game.is_solved() {
            return Effect::None;
        }
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            return Effect::None;
        }
        self.keep.acted(&self.opened, self.attempt_counted);
        let Some(layout) = self.board_layout(screen) else {
            return Effect::None;
        };
        let Some(target) = layout.cell_at(mouse.column, mouse.row) else {
            self.marks.selected = None;
            return Effect::None;
        };
        if self.game.has_box(target) {
            self.marks.selected = (self.marks.selected != Some(target)).then_some(target);
            return Effect::None;
        }
        let path = match self.marks.selected.take() {
            Some(from) => push_path(&self.game, from, target),
            None => walk_path(&self.game, target),
        };
        let Some(path) = path else {
            self.message = Some(Message::info("No way there"));
            return Effect::None;
        };
        self.act(|game| play_steps(game, &path));
        Effect::None
    }
}

/// Plays a path step by step, stopping early if it solves the level.
/// Returns whether anything moved.
pub(super) fn play_steps(game: &mut Game, steps: &[Direction]) -> bool {
    let mut moved = false;
    for &direction in steps {
        moved |= game.step(direction).is_ok();
        if game.is_solved() {
            break;
        }
    }
    moved
}
