//! What a feature search keeps about a position beside the table's node.

use super::space::{Features, Space};
use crate::board::{Cell, NONE};

/// What the table's node does not hold about a position.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    /// Where the box of the move that made it came from.
    pub from: Cell,
    pub features: Features,
    /// The best features on its line: which cell it is in.
    pub best: Features,
    /// Which move from the start it descends from.
    pub line: u32,
}

impl Info {
    /// The start's: a cell of its own, on no line yet.
    pub fn root(features: Features) -> Self {
        Self {
            from: NONE,
            features,
            best: features,
            line: u32::MAX,
        }
    }

    /// Position `index`, made from `parent` by the move of the box on
    /// `from`: it enters the better of its own cell and its parent's, on
    /// its parent's line, or a line of its own when the parent is the
    /// start.
    pub fn after(
        parent: Self,
        (from, index): (Cell, u32),
        features: Features,
        space: &Space,
    ) -> Self {
        Self {
            from,
            features,
            best: if space.better(features, parent.best) {
                features
            } else {
                parent.best
            },
            line: if parent.from == NONE {
                index
            } else {
                parent.line
            },
        }
    }
}
