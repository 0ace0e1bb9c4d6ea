//! Macro pulls, the mirror image of macro moves, for the searches that
//! run from the goals back to the start (the backward feature search and
//! the parking plan's): one box pulled any number of times while the
//! player walks freely between pulls. The same one depth-first search of
//! the position's free floor serves every box, where a flood per (box
//! cell, player area) made `flood` 58% of the backward search's time on
//! Sasquatch 30 (docs/solver-log.md, "macro pulls without floods").

use super::{MacroMove, MacroMoves};
use crate::board::{Board, Cell, Mode, NONE};

impl MacroMoves {
    /// Every macro pull from the position: `occupied[c]` is true where a
    /// box stands and `player` is any cell the player stands on. One pull
    /// per (box, destination, player area after it), with the fewest
    /// pulls, box by box in cell order and each box's by the pulls they
    /// take; a box never lands on a `dead` cell. `pushes` counts the pulls,
    /// and `last` is the direction of the last pull: the player ends on
    /// `board.next(to, last)`. Coming back to the starting cell with the
    /// player in another area is a pull.
    pub fn pulls(
        &mut self,
        board: &Board,
        dead: &[bool],
        occupied: &[bool],
        player: Cell,
        out: &mut Vec<MacroMove>,
    ) {
        out.clear();
        if occupied[usize::from(player)] {
            return;
        }
        self.floor.search(board, occupied, player);
        let players = self.floor.tree(player);
        let can_move = |moves: &Self, from| moves.can_pull(board, dead, occupied, players, from);
        let position = (occupied, player, self.floor.areas());
        self.collect(board, dead, position, (Mode::Pull, None), can_move, out);
    }

    /// Whether the player, walking in its area `players` of the floor
    /// with every box in place, can pull the box on `cell` once.
    fn can_pull(
        &self,
        board: &Board,
        dead: &[bool],
        occupied: &[bool],
        players: Cell,
        cell: Cell,
    ) -> bool {
        (0..4).any(|dir| {
            let to = board.next(cell, dir);
            if to == NONE || dead[usize::from(to)] || !self.floor.reached(to) {
                return false;
            }
            let behind = board.next(to, dir);
            self.floor.tree(to) == players && behind != NONE && !occupied[usize::from(behind)]
        })
    }
}
