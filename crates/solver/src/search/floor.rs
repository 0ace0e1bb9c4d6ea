//! Where the boxes stand and where the player can walk: the occupancy of
//! the position being expanded, kept as flags and, on small boards, as
//! bits, and the player's normalised place in a child.

use super::Search;
use crate::board::Cell;
use crate::marks::flood_anew;
use crate::small;

impl Search<'_> {
    /// Puts `boxes` on the board, or takes them off.
    pub(super) fn set_boxes(&mut self, boxes: &[Cell], present: bool) {
        for &b in boxes {
            self.occupied[usize::from(b)] = present;
            if self.small.is_some() {
                if present {
                    self.free = small::without(self.free, small::bit(b));
                } else {
                    self.free = small::union(self.free, small::bit(b));
                }
            }
        }
    }

    /// Moves the box on `from` to `to` in the occupancy.
    pub(super) fn move_box(&mut self, from: Cell, to: Cell) {
        self.occupied[usize::from(from)] = false;
        self.occupied[usize::from(to)] = true;
        if self.small.is_some() {
            self.free = small::either(self.free, small::union(small::bit(from), small::bit(to)));
        }
    }

    /// Whether the player of the last child [`Search::normalise`]d can
    /// walk to `cell`.
    pub(super) fn child_reaches(&self, cell: Cell) -> bool {
        if self.small.is_some() {
            small::has(self.child_reach, cell)
        } else {
            self.child_marks.has(cell)
        }
    }

    /// The canonical place of a player standing on `player`: the smallest
    /// cell it can walk to.
    pub(super) fn normalise(&mut self, player: Cell) -> Cell {
        if let Some(small) = &self.small {
            self.child_reach = small.flood(self.free, player);
            return small::least(self.child_reach);
        }
        flood_anew(
            self.board,
            &self.occupied,
            &mut self.child_marks,
            &mut self.stack,
            player,
        )
    }
}
