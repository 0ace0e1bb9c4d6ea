//! Which sides of a box the player can walk between, for every square at
//! once: the player's graph is the free cells minus the box, and two
//! neighbours of the box are joined around it exactly when the edges to
//! them lie in the same biconnected block of the free cells. One Tarjan
//! pass per search replaces a flood of the player's area per box square,
//! which made pull searches in open rooms quadratic.

use super::super::board::{Board, Cell, NONE, opposite};

/// Block labels of the edges of one area of free cells.
pub struct Blocks {
    /// Block of the edge from each cell in each direction:
    /// `block[cell * 4 + dir]`; only edges inside the last labelled area
    /// are meaningful.
    block: Vec<u32>,
    /// Discovery time of each cell in the current pass; 0 = not yet seen.
    discovered: Vec<u32>,
    low: Vec<u32>,
    /// Depth-first frames: cell, direction back to its parent (4 at the
    /// root), next direction to try.
    frames: Vec<(Cell, usize, usize)>,
    /// Edges not yet given a block.
    edges: Vec<(Cell, usize)>,
}

impl Blocks {
    pub fn new(cells: usize) -> Self {
        Self {
            block: vec![0; cells * 4],
            discovered: vec![0; cells],
            low: vec![0; cells],
            frames: Vec::new(),
            edges: Vec::new(),
        }
    }

    /// Labels the edges of the area of cells where `occupied` is false
    /// that holds `root` (Tarjan's algorithm, without recursion so that a
    /// large room cannot overflow the stack).
    pub fn label(&mut self, board: &Board, occupied: &[bool], root: Cell) {
        self.discovered.fill(0);
        self.edges.clear();
        let mut time = 1;
        let mut next_block = 0;
        self.discovered[usize::from(root)] = time;
        self.low[usize::from(root)] = time;
        self.frames.clear();
        self.frames.push((root, 4, 0));
        while let Some(frame) = self.frames.last_mut() {
            let (cell, back, dir) = *frame;
            if dir == 4 {
                self.frames.pop();
                let Some(&(parent, _, _)) = self.frames.last() else {
                    break;
                };
                let (c, p) = (usize::from(cell), usize::from(parent));
                self.low[p] = self.low[p].min(self.low[c]);
                if self.low[c] >= self.discovered[p] {
                    self.close_block(board, (parent, opposite(back)), next_block);
                    next_block += 1;
                }
                continue;
            }
            frame.2 += 1;
            let to = board.next(cell, dir);
            if to == NONE || occupied[usize::from(to)] || dir == back {
                continue;
            }
            let (c, t) = (usize::from(cell), usize::from(to));
            if self.discovered[t] == 0 {
                time += 1;
                self.discovered[t] = time;
                self.low[t] = time;
                self.edges.push((cell, dir));
                self.frames.push((to, opposite(dir), 0));
            } else if self.discovered[t] < self.discovered[c] {
                self.edges.push((cell, dir));
                self.low[c] = self.low[c].min(self.discovered[t]);
            }
        }
    }

    /// Gives `block` to the edges pushed since the tree edge `last`, in
    /// both directions.
    fn close_block(&mut self, board: &Board, last: (Cell, usize), block: u32) {
        while let Some((cell, dir)) = self.edges.pop() {
            let to = board.next(cell, dir);
            self.block[usize::from(cell) * 4 + dir] = block;
            self.block[usize::from(to) * 4 + opposite(dir)] = block;
            if (cell, dir) == last {
                break;
            }
        }
    }

    /// Whether the player, beside a box on `cell` in direction `from`, can
    /// walk round to its side in direction `to`; both sides must be free
    /// cells of the labelled area.
    pub fn joined(&self, cell: Cell, from: usize, to: usize) -> bool {
        let base = usize::from(cell) * 4;
        self.block[base + from] == self.block[base + to]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marks::{Marks, flood};

    /// For every free cell of the area and every two free sides: joined
    /// exactly when a flood around the cell, as a box, gets from one side
    /// to the other.
    fn agrees_with_floods(board: &Board, occupied: &mut [bool], root: Cell) {
        let mut blocks = Blocks::new(board.cells());
        blocks.label(board, occupied, root);
        let mut area = Marks::new(board.cells());
        area.next();
        let mut stack = Vec::new();
        flood(board, occupied, &mut area, &mut stack, root);
        let mut marks = Marks::new(board.cells());
        for cell in (0..board.cells() as Cell).filter(|&c| area.has(c)) {
            let sides: Vec<usize> = (0..4)
                .filter(|&d| {
                    let n = board.next(cell, d);
                    n != NONE && !occupied[usize::from(n)]
                })
                .collect();
            occupied[usize::from(cell)] = true;
            for &from in &sides {
                marks.next();
                let side = board.next(cell, from);
                flood(board, occupied, &mut marks, &mut stack, side);
                for &to in &sides {
                    let reached = marks.has(board.next(cell, to));
                    assert_eq!(blocks.joined(cell, from, to), reached, "cell {cell}");
                }
            }
            occupied[usize::from(cell)] = false;
        }
    }

    #[test]
    fn sides_are_joined_exactly_when_a_flood_joins_them() {
        for level in crate::shipped::levels("xsokoban").iter().take(20) {
            let board = Board::new(level).expect("small board");
            let mut occupied = vec![false; board.cells()];
            for &b in level.boxes() {
                occupied[usize::from(board.cell(b).expect("floor"))] = true;
            }
            let player = board.cell(level.player()).expect("floor");
            agrees_with_floods(&board, &mut occupied, player);
        }
    }
}
