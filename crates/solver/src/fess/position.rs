//! The position loaded on the board: putting a node's boxes down, and
//! what working out its moves asks of it (the player's reach, deadlocks,
//! whether it is solved, its features).

use super::Fess;
use super::space::Features;
use crate::board::{Cell, opposite};
use crate::deadlock::freeze_deadlock;
use crate::diagonal::closes_dead_diagonal;
use crate::marks::{flood, flood_anew};
use crate::moves::{MacroMove, regions};
use crate::pairs::box_row;

impl Fess<'_> {
    /// Puts node's boxes on the board: all that making its children needs.
    pub(super) fn place(&mut self, node: u32) {
        set(&mut self.occupied, &self.boxes, false);
        self.boxes.clear();
        self.boxes.extend_from_slice(self.table.boxes(node));
        set(&mut self.occupied, &self.boxes, true);
        box_row(&mut self.box_row, self.board.cells(), &self.boxes);
        self.share_counts();
    }

    /// Readies the hotspot and packing counts that the moves from the
    /// loaded boxes share: each move then costs a few look-ups, not a
    /// count of its own.
    pub(super) fn share_counts(&mut self) {
        self.hotspots.prepare(&self.boxes, &mut self.hot);
        self.packing.prepare(&self.occupied, &mut self.near);
    }

    /// Puts node's boxes on the board and floods the player's reach, for
    /// working out its moves.
    pub(super) fn load(&mut self, node: u32) {
        self.place(node);
        self.reach.next();
        let player = self.table.node(node).player;
        flood(
            self.board,
            &self.occupied,
            &mut self.reach,
            &mut self.stack,
            player,
        );
    }

    pub(super) fn shift(&mut self, from: Cell, to: Cell) {
        self.occupied[usize::from(from)] = false;
        self.occupied[usize::from(to)] = true;
    }

    pub(super) fn is_frozen(&mut self, cell: Cell) -> bool {
        let dead = self.setup.goals.dead();
        freeze_deadlock(self.board, dead, &self.occupied, cell, &mut self.frozen)
    }

    /// Whether a box of the loaded position stands around a dead closed
    /// diagonal (see `diagonal`). Checked once a position, when it is
    /// worked out, rather than for each of its many children; around every
    /// box, since a box moving away can close a run it does not touch.
    pub(super) fn has_dead_diagonal(&self, node: u32) -> bool {
        let player = self.table.node(node).player;
        self.boxes
            .iter()
            .any(|&b| closes_dead_diagonal(self.board, &self.occupied, b, player))
    }

    /// Whether the box `mv` moves, with the player where the move leaves
    /// it, makes a dead pair with another loaded box.
    pub(super) fn makes_dead_pair(&self, mv: &MacroMove) -> bool {
        self.pairs.is_some_and(|pairs| {
            let side = opposite(usize::from(mv.last));
            pairs.any_beside((mv.from, mv.to), &self.box_row, side)
        })
    }

    pub(super) fn is_solved(&self) -> bool {
        self.board
            .goals()
            .iter()
            .all(|&g| self.occupied[usize::from(g)])
    }

    /// The features of the position on the board now: the loaded boxes
    /// with the one on `from` moved to `to` (`NONE` for none), which leave
    /// `areas` of free floor (`None` to count them here).
    pub(super) fn features(&mut self, (from, to): (Cell, Cell), areas: Option<u32>) -> Features {
        let packed = self.packing.packed(&self.occupied, &self.near, (from, to));
        let areas = areas.unwrap_or_else(|| {
            regions(self.board, &self.occupied, &mut self.marks, &mut self.stack)
        });
        let hotspots = self.hotspots.count(&self.boxes, &mut self.hot, (from, to));
        Features::new(packed, areas, hotspots)
    }

    /// The smallest cell the player can walk to from `player`.
    pub(super) fn normalise(&mut self, player: Cell) -> Cell {
        flood_anew(
            self.board,
            &self.occupied,
            &mut self.marks,
            &mut self.stack,
            player,
        )
    }
}

pub(super) fn set(occupied: &mut [bool], boxes: &[Cell], present: bool) {
    for &b in boxes {
        occupied[usize::from(b)] = present;
    }
}
