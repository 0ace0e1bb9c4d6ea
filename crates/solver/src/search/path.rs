//! The way back from a stored position to a root, as forward pushes.

use super::Search;
use crate::board::{Cell, Mode, opposite};

impl Search<'_> {
    /// The forward pushes (box cell after, direction) leading from a root to
    /// node `index` (pushing), or from node `index` back to a root (pulling:
    /// each pull undone is a push).
    pub fn pushes(&self, mut index: u32) -> Vec<(Cell, usize)> {
        let mut pushes = Vec::new();
        while index != u32::MAX {
            let node = self.table.node(index);
            if node.parent != u32::MAX {
                let dir = usize::from(node.dir);
                match self.mode {
                    Mode::Push => {
                        // Latest first; the list is reversed below.
                        let mut to = node.to;
                        for _ in 0..node.run {
                            pushes.push((to, dir));
                            to = self.board.next(to, opposite(dir));
                        }
                    }
                    Mode::Pull => {
                        pushes.push((self.board.next(node.to, opposite(dir)), opposite(dir)));
                    }
                }
            }
            index = node.parent;
        }
        if self.mode == Mode::Push {
            pushes.reverse();
        }
        pushes
    }
}
