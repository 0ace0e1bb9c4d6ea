//! Macro pulls: one box pulled any number of times while the player walks
//! freely between pulls, the other boxes standing still. The mirror image of
//! a macro push, for searches that run from the goals back to the start.
//!
//! A breadth-first search over (box cell, player area), each pull costing
//! one; the area is found by one flood per new state, so a box costs
//! O(cells^2) at worst, which is fine for the small boards a parking plan is
//! built on (see the caps in `search`).

use crate::board::{Board, Cell, NONE};
use crate::marks::{Marks, flood};

/// Where one box can be pulled to, and where the player ends up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pull {
    pub to: Cell,
    /// A cell of the player's area after the last pull.
    pub player: Cell,
    /// The fewest pulls that get the box there with the player in that area.
    pub pulls: u32,
}

/// Scratch buffers, reused from box to box.
pub struct PullMoves {
    marks: Marks,
    stack: Vec<Cell>,
    /// Per `cell * 4 + side`: the stamp of the search whose box at `cell`
    /// already had the player reach that side.
    covered: Vec<u32>,
    stamp: u32,
    /// (box cell, sides the player reaches as a bit set, pulls so far).
    queue: std::collections::VecDeque<(Cell, u8, u32)>,
}

impl PullMoves {
    pub fn new(cells: usize) -> Self {
        Self {
            marks: Marks::new(cells),
            stack: Vec::new(),
            covered: vec![0; cells * 4],
            stamp: 0,
            queue: std::collections::VecDeque::new(),
        }
    }

    /// Every (cell, player area) the box on `from` can be pulled to, with the
    /// player anywhere in the area of `player`, never onto or through a
    /// `dead` cell. `occupied` holds every box, `from` included; it is
    /// restored before returning. Results come in order of pulls.
    pub fn generate(
        &mut self,
        board: &Board,
        dead: &[bool],
        occupied: &mut [bool],
        player: Cell,
        from: Cell,
        out: &mut Vec<Pull>,
    ) {
        out.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.covered.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        let start = self.sides(board, occupied, from, player);
        if start == 0 {
            return;
        }
        self.cover(from, start);
        self.queue.push_back((from, start, 0));
        occupied[usize::from(from)] = false;
        while let Some((cell, sides, pulls)) = self.queue.pop_front() {
            for dir in (0..4).filter(|d| sides & (1 << d) != 0) {
                let to = board.next(cell, dir);
                let behind = board.next(to, dir);
                if behind == NONE || occupied[usize::from(behind)] || dead[usize::from(to)] {
                    continue;
                }
                if self.covered[usize::from(to) * 4 + dir] == self.stamp {
                    continue;
                }
                occupied[usize::from(to)] = true;
                let reached = self.sides(board, occupied, to, behind);
                occupied[usize::from(to)] = false;
                self.cover(to, reached);
                self.queue.push_back((to, reached, pulls + 1));
                out.push(Pull {
                    to,
                    player: behind,
                    pulls: pulls + 1,
                });
            }
        }
        occupied[usize::from(from)] = true;
    }

    /// The sides of the box on `cell` the player on `player` can walk to.
    fn sides(&mut self, board: &Board, occupied: &[bool], cell: Cell, player: Cell) -> u8 {
        self.marks.next();
        flood(board, occupied, &mut self.marks, &mut self.stack, player);
        (0..4)
            .filter(|&d| {
                let side = board.next(cell, d);
                side != NONE && self.marks.has(side)
            })
            .fold(0, |set, d| set | (1 << d))
    }

    fn cover(&mut self, cell: Cell, sides: u8) {
        for dir in (0..4).filter(|d| sides & (1 << d) != 0) {
            self.covered[usize::from(cell) * 4 + dir] = self.stamp;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Pos, parse_level};

    /// The (cell, pulls) the box on column `from` of a one-row corridor can
    /// be pulled to with the player on column `player`.
    fn corridor_pulls(from: usize, player: usize) -> Vec<(Pos, u32)> {
        let level = parse_level("#######\n#.  $@#\n#######\n").expect("parses");
        let board = Board::new(&level).expect("small");
        let cell = |x| board.cell(Pos::new(x, 1)).expect("floor");
        let mut occupied = vec![false; board.cells()];
        occupied[usize::from(cell(from))] = true;
        let dead = vec![false; board.cells()];
        let mut pulls = Vec::new();
        PullMoves::new(board.cells()).generate(
            &board,
            &dead,
            &mut occupied,
            cell(player),
            cell(from),
            &mut pulls,
        );
        assert!(occupied[usize::from(cell(from))], "the box is put back");
        pulls.iter().map(|p| (board.pos(p.to), p.pulls)).collect()
    }

    #[test]
    fn a_pull_needs_room_for_the_player_behind_the_box() {
        assert_eq!(corridor_pulls(4, 5), [], "the player is against the wall");
        assert_eq!(corridor_pulls(2, 1), [], "the player is against the wall");
        assert_eq!(
            corridor_pulls(2, 3),
            [(Pos::new(3, 1), 1), (Pos::new(4, 1), 2)]
        );
    }
}
