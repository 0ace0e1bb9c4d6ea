//! The level as the optimizer sees it: floor cells numbered row by row,
//! with each cell's neighbours.

use schokoban_core::{Direction, Level, Pos, Tile};

/// No cell: a wall, or past the edge.
pub const NONE: u32 = u32::MAX;

/// The most cells a window's position packs (16 bits a cell).
const MAX_CELLS: usize = 1 << 16;

pub struct Grid {
    width: usize,
    /// Per cell, the neighbour in each direction (LURD order), or [`NONE`].
    next: Vec<[u32; 4]>,
    floor: Vec<bool>,
    goal: Vec<bool>,
}

impl Grid {
    /// `None` when the level has too many cells to pack.
    pub fn new(level: &Level) -> Option<Self> {
        let cells = level.width() * level.height();
        if cells >= MAX_CELLS {
            return None;
        }
        let floor = |pos: Pos| level.tile(pos) != Tile::Wall;
        let mut next = vec![[NONE; 4]; cells];
        let mut goal = vec![false; cells];
        let mut floors = vec![false; cells];
        for pos in level.positions() {
            let Some(index) = level.index(pos).filter(|_| floor(pos)) else {
                continue;
            };
            floors[index] = true;
            goal[index] = level.tile(pos) == Tile::Goal;
            for (slot, direction) in next[index].iter_mut().zip(Direction::ALL) {
                if let Some(to) = level.neighbour(pos, direction).filter(|&to| floor(to)) {
                    *slot = to.y as u32 * level.width() as u32 + to.x as u32;
                }
            }
        }
        Some(Self {
            width: level.width(),
            next,
            floor: floors,
            goal,
        })
    }

    pub fn cells(&self) -> usize {
        self.next.len()
    }

    /// The cell at `pos`, unless it is a wall.
    pub fn cell(&self, pos: Pos) -> Option<u32> {
        let index = pos.y.checked_mul(self.width)?.checked_add(pos.x)?;
        let floor = pos.x < self.width && *self.floor.get(index)?;
        floor.then(|| u32::try_from(index).ok()).flatten()
    }

    /// The neighbour of `cell` towards `direction`, or [`NONE`].
    pub fn next(&self, cell: u32, direction: Direction) -> u32 {
        self.step(cell, direction_index(direction))
    }

    /// [`Grid::next`] by direction index.
    pub fn step(&self, cell: u32, direction: usize) -> u32 {
        self.next[cell as usize][direction]
    }

    pub fn is_goal(&self, cell: u32) -> bool {
        self.goal[cell as usize]
    }

    /// Rows plus columns between two cells: no box gets from one to the
    /// other in fewer pushes.
    pub fn manhattan(&self, a: u32, b: u32) -> usize {
        let (a, b) = (a as usize, b as usize);
        let (ax, ay) = (a % self.width, a / self.width);
        let (bx, by) = (b % self.width, b / self.width);
        ax.abs_diff(bx) + ay.abs_diff(by)
    }

    /// Which cells `cells` occupy.
    pub fn occupancy(&self, cells: &[u32]) -> Vec<bool> {
        let mut occupied = vec![false; self.cells()];
        for &cell in cells {
            occupied[cell as usize] = true;
        }
        occupied
    }
}

/// The index of `direction` in LURD order, as [`Direction::ALL`] lists them.
pub fn direction_index(direction: Direction) -> usize {
    match direction {
        Direction::Left => 0,
        Direction::Up => 1,
        Direction::Right => 2,
        Direction::Down => 3,
    }
}
