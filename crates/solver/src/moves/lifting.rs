//! The areas a box splits the floor into while one box is lifted, read off
//! the position's one search of its free floor: the lifted cell only joins
//! the areas around it, the player's and any it walled off.

use super::floor::{BLOCKED, PARENT_SIDE};
use super::{MacroMoves, first_with};
use crate::board::{Board, Cell, NONE};

impl MacroMoves {
    /// Whether the player can stand on `cell` with the lifted box gone:
    /// it is the lifted cell or in an area that cell joins.
    pub(super) fn reached(&self, cell: Cell) -> bool {
        if cell == self.lifted {
            return true;
        }
        if !self.floor.reached(cell) {
            return false;
        }
        let tree = self.floor.tree(cell);
        let (joiners, count) = self.joiners;
        joiners[..count].iter().any(|&n| self.floor.tree(n) == tree)
    }

    /// The player's side of a box on `cell` when standing on its neighbour
    /// towards `dir`: the first direction whose neighbour shares that area.
    pub(super) fn side(&mut self, board: &Board, cell: Cell, dir: usize) -> usize {
        let keys = self.keys(board, cell);
        first_with(&keys, keys[dir])
    }

    /// The smallest cell of the area the player is in when standing next
    /// to a box on `cell` towards `dir`, or `NONE` when that takes a flood.
    pub(super) fn least_after(&mut self, board: &Board, cell: Cell, dir: usize) -> Cell {
        let key = self.keys(board, cell)[dir];
        let (joined, least) = self.joined[usize::from(cell)];
        if key == joined {
            least
        } else {
            self.floor.least(cell, key)
        }
    }

    /// Into how many areas a box on `cell` splits the lifted box's area:
    /// every one of them touches `cell`, so it is its neighbours' distinct keys.
    pub(super) fn pieces(&mut self, board: &Board, cell: Cell) -> u32 {
        let keys = self.keys(board, cell);
        let firsts =
            (0..4).filter(|&dir| keys[dir] != BLOCKED && !keys[..dir].contains(&keys[dir]));
        firsts.count() as u32
    }

    /// For a box on `cell`, a key per neighbour naming the area of the
    /// floor minus `cell` it lies in, the lifted box gone: as
    /// [`Floor::split`](super::floor::Floor::split) names them, with the
    /// areas the lifted cell joins under one key. Kept per cell for the
    /// current search: the breadth-first search asks for each cell's keys
    /// again and again, once per side and per push into it.
    pub(super) fn keys(&mut self, board: &Board, cell: Cell) -> [u32; 4] {
        let c = usize::from(cell);
        if self.keyed[c] == self.stamp {
            return self.keys[c];
        }
        let (keys, joined) = self.joining(board, cell);
        self.joined[c] = joined;
        self.keyed[c] = self.stamp;
        self.keys[c] = keys;
        keys
    }

    /// [`MacroMoves::keys`] read off the position's floor, with the areas
    /// the lifted cell joins made one; and that one's key and smallest cell.
    fn joining(&mut self, board: &Board, cell: Cell) -> ([u32; 4], (u32, Cell)) {
        let (joiners, count) = self.joiners;
        if cell == self.lifted {
            // The box back on its own cell leaves the areas it joined
            // apart: the player's is the parent's side, each other is
            // named by its tree.
            let players = self.players;
            let keys = std::array::from_fn(|dir| {
                let n = board.next(cell, dir);
                if n == NONE || !self.floor.reached(n) {
                    BLOCKED
                } else if self.floor.tree(n) == players {
                    PARENT_SIDE
                } else {
                    u32::from(self.floor.tree(n))
                }
            });
            return (keys, (PARENT_SIDE, self.floor.least_in_area(players)));
        }
        let (mut keys, areas) = self.floor.split(board, cell, &joiners[..count]);
        let mut joined = [BLOCKED; 4];
        let mut distinct = 0;
        for &area in areas[..count].iter().filter(|&&a| a != BLOCKED) {
            if !joined[..distinct].contains(&area) {
                joined[distinct] = area;
                distinct += 1;
            }
        }
        let joined = &joined[..distinct];
        let merged = representative(self.lifted, joined);
        for (dir, key) in keys.iter_mut().enumerate() {
            if board.next(cell, dir) == self.lifted || joined.contains(key) {
                *key = merged;
            }
        }
        let mut least = self.lifted;
        for &area in joined {
            match self.floor.least(cell, area) {
                NONE => return (keys, (merged, NONE)),
                area_least => least = least.min(area_least),
            }
        }
        (keys, (merged, least))
    }
}

/// The key of the area the lifted cell joins `joined` into: the parent's
/// side when it is among them, else the smallest; the lifted cell's own
/// when it joins nothing, which no cell of the floor can be.
fn representative(lifted: Cell, joined: &[u32]) -> u32 {
    if joined.contains(&PARENT_SIDE) {
        PARENT_SIDE
    } else {
        joined.iter().copied().min().unwrap_or(u32::from(lifted))
    }
}
