//! Where the boxes stand and where the player can walk: the occupancy of
//! the position being expanded, kept as flags and, on small boards, as
//! bits, and the player's normalised place in a child.

use super::Search;
use crate::board::{Cell, Mode, NONE, opposite};
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

    /// Whether the player of the position being expanded can walk to
    /// `cell`.
    pub(super) fn walks_to(&self, cell: Cell) -> bool {
        if self.small.is_some() {
            small::has(self.parent_reach, cell)
        } else {
            self.reach.has(cell)
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

    /// The canonical place of the player on `player` in a child of the
    /// position being expanded, whose box on `from` went to `to`. Where a
    /// box on `to` splits nothing, the player's new area is the parent's
    /// without `to`, and `from` with whatever it opens onto: a fill of the
    /// new cells alone, often none, instead of the whole area (whole-area
    /// fills took most of push-pull's time on Sasquatch X 41).
    pub(super) fn normalise_child(&mut self, from: Cell, to: Cell, player: Cell) -> Cell {
        let Some(small) = &self.small else {
            return self.normalise(player);
        };
        let (free, parent) = (self.free, self.parent_reach);
        if small::has(parent, to) && !small.is_bypassed(free, to) {
            return self.normalise(player);
        }
        // The cells free now and not before are `from` and those only it
        // leads to: a free cell beside the parent's area would be in it.
        let opens_onto_more = (0..4).any(|dir| {
            let beside = self.board.next(from, dir);
            beside != NONE && small::has(free, beside) && !small::has(parent, beside)
        });
        let opened = if opens_onto_more {
            small.flood(small::without(free, parent), from)
        } else {
            small::bit(from)
        };
        self.child_reach = small::union(small::without(parent, small::bit(to)), opened);
        debug_assert_eq!(self.child_reach, small.flood(free, player));
        small::least(self.child_reach)
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

    /// Where the box on `from` goes when moved in `dir`, and where the
    /// player ends up, if the player can reach the move and the box does
    /// not land on a dead square.
    pub(super) fn move_of(&self, from: Cell, dir: usize) -> Option<(Cell, Cell)> {
        let to = self.board.next(from, dir);
        if to == NONE || self.targets.is_dead(to) {
            return None;
        }
        match self.mode {
            Mode::Push => {
                let behind = self.board.next(from, opposite(dir));
                (behind != NONE && self.walks_to(behind) && !self.occupied[usize::from(to)])
                    .then_some((to, from))
            }
            Mode::Pull => {
                let beyond = self.board.next(to, dir);
                (self.walks_to(to) && beyond != NONE && !self.occupied[usize::from(beyond)])
                    .then_some((to, beyond))
            }
        }
    }
}
