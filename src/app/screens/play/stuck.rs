//! The deadlock warning: boxes that can never reach a goal, marked at
//! once, and how many undos free them, counted by the same check.

use super::Play;
use crate::app::keymap::{Action, Scope};
use crate::app::message::{Message, plural};
use schokoban_core::Game;

impl Play {
    /// Flags boxes that can never reach a goal, without waiting for a
    /// search, and says how to free them.
    pub(super) fn check_deadlocks(&mut self) {
        self.marks.dead_boxes = self.stuck_boxes(&self.game);
        let stuck = self.marks.dead_boxes.len();
        if stuck == 0 {
            return;
        }
        let text = match self.undos_to_free() {
            Some(undos) => {
                let undo = self.keys.key_name(Scope::Play, Action::Undo);
                let boxes = if stuck == 1 { "the box" } else { "the boxes" };
                format!(
                    "A box can no longer reach a goal: undo {} ({undo}) to free {boxes}",
                    plural(undos, "move")
                )
            }
            // Stuck at the start itself: no undo or reset helps.
            None => "This level cannot be solved: a box here can never reach a goal".to_owned(),
        };
        self.message = Some(Message::warning(text));
    }

    /// The boxes the deadlock check finds stuck in `game`'s position.
    fn stuck_boxes(&self, game: &Game) -> Vec<schokoban_core::Pos> {
        let boxes: Vec<_> = game.box_positions().collect();
        self.deadlocks.stuck_boxes(&boxes, game.player())
    }

    /// The fewest undos after which the check finds no box stuck, if any
    /// position back to the start has none.
    fn undos_to_free(&self) -> Option<usize> {
        self.game
            .undos_until(|back| self.stuck_boxes(back).is_empty())
    }
}
