//! The end of reverse play: every box back where the level starts them,
//! and the pulls read backwards as a forward solution.

use super::ReverseGame;
use crate::lurd::Step;
use crate::paths::walk_path;
use crate::state::Game;

impl ReverseGame {
    /// Whether the reverse game has reached the level's start: every box
    /// where the level starts them, and the player able to walk to the
    /// level's start cell.
    pub fn is_done(&self) -> bool {
        let boxes_home = self
            .level
            .positions()
            .all(|pos| self.has_box(pos) == self.level.boxes().contains(&pos));
        boxes_home
            && (self.position.player == self.level.player()
                || self.walk_path(self.level.player()).is_some())
    }

    /// The line of play as a forward solution, once [`Self::is_done`]: a
    /// walk from the level's start to where the reverse game ended, then
    /// the reverse steps read backwards, each pull a push; cut where the
    /// level is solved, and checked by replaying it. `None` before the end.
    pub fn forward_solution(&self) -> Option<Vec<Step>> {
        if !self.is_done() {
            return None;
        }
        let mut forward = Game::new(self.level.clone());
        let walk_there = walk_path(&forward, self.position.player)?;
        let backwards = self.history().iter().rev().map(|step| Step {
            direction: step.direction.opposite(),
            push: step.push,
        });
        let mut steps = Vec::new();
        for step in walk_there.into_iter().map(Step::walk).chain(backwards) {
            if forward.is_solved() {
                break;
            }
            if forward.step(step.direction) != Ok(step) {
                return None;
            }
            steps.push(step);
        }
        forward.is_solved().then_some(steps)
    }
}
