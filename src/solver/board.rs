//! The solver's own view of a level: only the cells a box or the player can
//! ever stand on, numbered densely so that states are short arrays of `u16`
//! and every neighbour is a table look-up instead of bounds arithmetic.

use crate::game::{Direction, Level, Pos, Tile};

/// A dense cell number; `NONE` stands for a wall.
pub type Cell = u16;
pub const NONE: Cell = Cell::MAX;
/// Distance of a cell from which a goal cannot be reached.
pub const FAR: u16 = u16::MAX;

/// The four directions in LURD order, as indices into the neighbour table.
pub const DIRECTIONS: [Direction; 4] = Direction::ALL;

pub const fn opposite(dir: usize) -> usize {
    (dir + 2) % 4
}

/// Too many open cells to number with `u16`: the level is far beyond what a
/// search could finish anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge;

#[derive(Debug, Clone)]
pub struct Board {
    /// Grid position of every cell, for turning moves back into steps.
    pos: Vec<Pos>,
    /// Neighbour of every cell in each direction, or `NONE` for a wall.
    next: Vec<[Cell; 4]>,
    goal: Vec<bool>,
    goals: Vec<Cell>,
    /// Pushes needed to bring a box from a cell to each goal on an empty
    /// board, goal-major: `dist[g * cells + c]`.
    dist: Vec<u16>,
    /// Cells from which no goal can be reached: a box there is lost.
    dead: Vec<bool>,
    /// Dense cell of each grid index, or `NONE`.
    cell_of: Vec<Cell>,
    width: usize,
}

impl Board {
    /// Numbers the cells the player can walk to from the start (boxes
    /// ignored), plus any box walled in on its own.
    pub fn new(level: &Level) -> Result<Self, TooLarge> {
        let (width, height) = (level.width(), level.height());
        let mut cell_of = vec![NONE; width * height];
        let mut pos = Vec::new();
        let mut stack: Vec<Pos> = Vec::new();
        let seeds = std::iter::once(level.player()).chain(level.boxes().iter().copied());
        for seed in seeds {
            stack.push(seed);
            while let Some(p) = stack.pop() {
                let Some(index) = level.index(p) else {
                    continue;
                };
                if level.tile(p) == Tile::Wall || cell_of[index] != NONE {
                    continue;
                }
                if pos.len() >= usize::from(NONE) {
                    return Err(TooLarge);
                }
                cell_of[index] = 0;
                pos.push(p);
                stack.extend(DIRECTIONS.iter().filter_map(|&d| level.neighbour(p, d)));
            }
        }
        // Row-major numbering, so the smallest reachable cell (the player's
        // normalised place) does not depend on the flood order.
        pos.sort_unstable_by_key(|p| (p.y, p.x));
        for (cell, p) in pos.iter().enumerate() {
            cell_of[p.y * width + p.x] = cell as Cell;
        }
        let next = pos
            .iter()
            .map(|&p| {
                DIRECTIONS.map(|d| {
                    level
                        .neighbour(p, d)
                        .map_or(NONE, |n| cell_of[n.y * width + n.x])
                })
            })
            .collect();
        let goal: Vec<bool> = pos.iter().map(|&p| level.tile(p) == Tile::Goal).collect();
        let goals = (0..pos.len() as Cell)
            .filter(|&c| goal[usize::from(c)])
            .collect();
        let mut board = Self {
            pos,
            next,
            goal,
            goals,
            dist: Vec::new(),
            dead: Vec::new(),
            cell_of,
            width,
        };
        board.dist = board.pull_distances();
        board.dead = (0..board.cells())
            .map(|c| (0..board.goals.len()).all(|g| board.dist(g, c as Cell) == FAR))
            .collect();
        Ok(board)
    }

    /// Breadth-first pulls from every goal: a box can be pushed from `c` to
    /// a goal only if the goal can pull it back to `c`.
    fn pull_distances(&self) -> Vec<u16> {
        let cells = self.cells();
        let mut dist = vec![FAR; cells * self.goals.len()];
        let mut queue = std::collections::VecDeque::new();
        for (g, &goal) in self.goals.iter().enumerate() {
            let row = &mut dist[g * cells..(g + 1) * cells];
            row[usize::from(goal)] = 0;
            queue.push_back(goal);
            while let Some(c) = queue.pop_front() {
                for dir in 0..4 {
                    let to = self.next(c, dir);
                    if to == NONE || self.next(to, dir) == NONE {
                        continue;
                    }
                    if row[usize::from(to)] == FAR {
                        row[usize::from(to)] = row[usize::from(c)] + 1;
                        queue.push_back(to);
                    }
                }
            }
        }
        dist
    }

    pub fn cells(&self) -> usize {
        self.pos.len()
    }

    pub fn next(&self, cell: Cell, dir: usize) -> Cell {
        self.next[usize::from(cell)][dir]
    }

    pub fn is_goal(&self, cell: Cell) -> bool {
        self.goal[usize::from(cell)]
    }

    pub fn is_dead(&self, cell: Cell) -> bool {
        self.dead[usize::from(cell)]
    }

    pub fn goals(&self) -> &[Cell] {
        &self.goals
    }

    /// Pushes from `cell` to goal number `goal`, ignoring other boxes.
    pub fn dist(&self, goal: usize, cell: Cell) -> u16 {
        self.dist[goal * self.cells() + usize::from(cell)]
    }

    /// The cell at a grid position, or `None` for walls and sealed-off floor.
    pub fn cell(&self, pos: Pos) -> Option<Cell> {
        let index = pos.y.checked_mul(self.width)?.checked_add(pos.x)?;
        if pos.x >= self.width {
            return None;
        }
        self.cell_of.get(index).copied().filter(|&c| c != NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::parse_level;

    fn board(xsb: &str) -> Board {
        Board::new(&parse_level(xsb).expect("test level parses")).expect("small board")
    }

    #[test]
    fn corners_and_wall_edges_without_goals_are_dead() {
        let b = board("######\n#    #\n# $. #\n#@   #\n######\n");
        let corner = b.cell(Pos::new(1, 1)).expect("floor");
        let middle = b.cell(Pos::new(2, 2)).expect("floor");
        let edge = b.cell(Pos::new(2, 1)).expect("floor");
        assert!(b.is_dead(corner));
        assert!(b.is_dead(edge));
        assert!(!b.is_dead(middle));
    }

    #[test]
    fn distances_count_pushes_to_the_goal() {
        let b = board("#######\n#     #\n# $  .#\n#@    #\n#######\n");
        let start = b.cell(Pos::new(2, 2)).expect("floor");
        assert_eq!(b.dist(0, start), 3);
    }
}
