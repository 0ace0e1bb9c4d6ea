//! Closed diagonals, a deadlock that freeze checks miss because every box
//! in it can still move (Festival's "diags"). A run of empty squares along
//! a diagonal, each boxed in on all four sides, closed at both ends:
//!
//! ```text
//!  $$
//!  $ $
//!   $ $
//!    $$
//! ```
//!
//! The player can never step inside, so a box beside the run can only be
//! pushed into it, and the box pushed in stays until a box is pushed into
//! the shorter closed run beyond it, and so on to the end, where the last
//! one freezes. When no square of the run is a goal, some box then stands
//! off a goal for good; and when no box is ever pushed in, the boxes around
//! the run never move. So such a run is dead as soon as one of its boxes is
//! off a goal.

use super::board::{Board, Cell, NONE};

/// Left, up, right, down: the indices of [`Board::next`].
const LEFT: usize = 0;
const UP: usize = 1;
const RIGHT: usize = 2;
const DOWN: usize = 3;

/// The box or wall-filled squares as the check sees them.
struct Squares<'a> {
    board: &'a Board,
    boxes: &'a [bool],
    player: Cell,
}

impl Squares<'_> {
    fn is_wall(cell: Cell) -> bool {
        cell == NONE
    }

    fn is_occupied(&self, cell: Cell) -> bool {
        cell == NONE || self.boxes[usize::from(cell)]
    }

    fn is_box_off_goal(&self, cell: Cell) -> bool {
        cell != NONE && self.boxes[usize::from(cell)] && !self.board.is_goal(cell)
    }

    /// Empty, not the player's, and boxed in on all four sides.
    fn is_inner(&self, cell: Cell) -> bool {
        !self.is_occupied(cell)
            && cell != self.player
            && (0..4).all(|dir| self.is_occupied(self.board.next(cell, dir)))
    }

    /// The boxes off their goals around the run through `seed` along
    /// `(1, dx)`, when the run is closed at both ends, holds no goal and
    /// has such a box: it is dead then.
    fn dead_run(&self, seed: Cell, dx: isize) -> Option<Vec<Cell>> {
        let board = self.board;
        let side = if dx > 0 { RIGHT } else { LEFT };
        let back = if dx > 0 { LEFT } else { RIGHT };
        let mut first = seed;
        loop {
            let previous = board.diagonal(first, -1, -dx);
            if previous == NONE || !self.is_inner(previous) {
                break;
            }
            first = previous;
        }
        let mut inner = vec![first];
        let mut last = first;
        loop {
            let after = board.diagonal(last, 1, dx);
            if after == NONE || !self.is_inner(after) {
                break;
            }
            inner.push(after);
            last = after;
        }
        if inner.iter().any(|&cell| board.is_goal(cell)) {
            return None;
        }
        let ends = [
            (board.diagonal(first, -1, -dx), [UP, back], first),
            (board.diagonal(last, 1, dx), [DOWN, side], last),
        ];
        let mut stuck = Vec::new();
        for (corner, walls, end) in ends {
            let walled = walls.iter().all(|&dir| Self::is_wall(board.next(end, dir)));
            if walled {
                continue;
            }
            if !self.is_occupied(corner) {
                return None;
            }
            if self.is_box_off_goal(corner) {
                stuck.push(corner);
            }
        }
        for &cell in &inner {
            for dir in 0..4 {
                let around = board.next(cell, dir);
                if self.is_box_off_goal(around) && !stuck.contains(&around) {
                    stuck.push(around);
                }
            }
        }
        (!stuck.is_empty()).then_some(stuck)
    }
}

/// Whether the box on `moved` closes, or stands around, a dead closed
/// diagonal, with the player on `player`, or on any square of its area:
/// the player is inside a run only when that square is all its area.
pub fn closes_dead_diagonal(board: &Board, boxes: &[bool], moved: Cell, player: Cell) -> bool {
    let squares = Squares {
        board,
        boxes,
        player,
    };
    let sides = (0..4).map(|dir| board.next(moved, dir));
    let corners =
        [(-1, -1), (-1, 1), (1, -1), (1, 1)].map(|(dy, dx)| board.diagonal(moved, dy, dx));
    sides
        .chain(corners)
        .filter(|&cell| cell != NONE && squares.is_inner(cell))
        .any(|seed| {
            [1, -1]
                .into_iter()
                .any(|dx| squares.dead_run(seed, dx).is_some())
        })
}

/// Every box off its goal around a dead closed diagonal anywhere on the
/// board, with the player on `player`: for the game's warnings, which
/// mark the boxes that can no longer all get home.
pub fn boxes_in_dead_diagonals(board: &Board, boxes: &[bool], player: Cell) -> Vec<Cell> {
    let squares = Squares {
        board,
        boxes,
        player,
    };
    let mut stuck = Vec::new();
    for seed in (0..board.cells()).filter_map(|cell| Cell::try_from(cell).ok()) {
        if !squares.is_inner(seed) {
            continue;
        }
        for dx in [1, -1] {
            for cell in squares.dead_run(seed, dx).into_iter().flatten() {
                if !stuck.contains(&cell) {
                    stuck.push(cell);
                }
            }
        }
    }
    stuck
}

#[cfg(test)]
mod tests;
