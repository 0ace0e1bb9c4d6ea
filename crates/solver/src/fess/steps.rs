//! Turning a solved position's line of macro moves back into steps.

use super::Fess;
use crate::board::{NONE, opposite};
use crate::moves::MacroMove;
use crate::path;
use schokoban_core::Step;

impl Fess<'_> {
    /// The steps from the start to node `index`: each macro move turned
    /// back into its pushes from the position before it.
    pub(super) fn solution(&mut self, index: u32) -> Option<Vec<Step>> {
        let mut pushes = Vec::new();
        for child in self.table.line(index) {
            let node = self.table.node(child);
            self.place(node.parent);
            let mv = MacroMove {
                from: self.info[child as usize].from,
                to: node.to,
                last: node.dir,
                pushes: 0,
                regions: 0,
                player: NONE,
            };
            let parent_player = self.table.node(node.parent).player;
            let dead = self.setup.goals.dead();
            pushes.extend(self.moves.pushes(
                self.board,
                dead,
                &self.occupied,
                parent_player,
                mv,
            )?);
        }
        let mut steps = path::steps(self.board, &self.setup.boxes, self.setup.player, &pushes);
        if let (Some(back), Some(spread)) = (self.met, self.meet) {
            let node = self.table.node(index);
            let player = if node.to == NONE {
                self.setup.player
            } else {
                self.board.next(node.to, opposite(usize::from(node.dir)))
            };
            let home = spread.pushes_home(back)?;
            let boxes = self.table.boxes(index);
            steps.extend(path::steps(self.board, boxes, player, &home));
        }
        Some(steps)
    }
}
