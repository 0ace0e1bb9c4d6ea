//! The solver's own view of a level: only the cells a box or the player can
//! ever stand on, numbered densely so that states are short arrays of `u16`
//! and every neighbour is a table look-up instead of bounds arithmetic.

use std::collections::VecDeque;

use super::budget::{Budget, TooLarge};
use super::hungarian::UNREACHABLE;
use schokoban_core::{Direction, Level, Pos, Tile};

/// A dense cell number; `NONE` stands for a wall.
pub type Cell = u16;
pub const NONE: Cell = Cell::MAX;
/// The four directions in LURD order, as indices into the neighbour table.
pub const DIRECTIONS: [Direction; 4] = Direction::ALL;

pub const fn opposite(dir: usize) -> usize {
    (dir + 2) % 4
}

#[derive(Debug, Clone)]
pub struct Board {
    /// Grid position of every cell, for turning moves back into steps.
    pos: Vec<Pos>,
    /// Neighbour of every cell in each direction, or `NONE` for a wall.
    next: Vec<[Cell; 4]>,
    /// Neighbour of every cell up-left, up-right, down-left and down-right,
    /// or `NONE`: the closed-diagonal check asks for them on every move.
    diagonals: Vec<[Cell; 4]>,
    goal: Vec<bool>,
    goals: Vec<Cell>,
    /// Dense cell of each grid index, or `NONE`.
    cell_of: Vec<Cell>,
    width: usize,
}

impl Board {
    /// Numbers the cells the player can walk to from the start (boxes
    /// ignored), plus any box walled in on its own. More cells than `u16`
    /// can number are far beyond what a search could finish anyway.
    pub fn new(level: &Level) -> Result<Self, TooLarge> {
        let (width, height) = (level.width(), level.height());
        let mut cell_of = vec![NONE; width * height];
        let mut pos = Vec::new();
        let mut count = 0;
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
                cell_of[index] = 0;
                count += 1;
                if count < usize::from(NONE) {
                    pos.push(p);
                }
                stack.extend(DIRECTIONS.iter().filter_map(|&d| level.neighbour(p, d)));
            }
        }
        if count >= usize::from(NONE) {
            return Err(TooLarge {
                cells: count,
                goals: level.goals().count(),
            });
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
        let diagonals = pos
            .iter()
            .map(|&p| {
                [(-1, -1), (-1, 1), (1, -1), (1, 1)].map(|(dy, dx)| {
                    match (p.y.checked_add_signed(dy), p.x.checked_add_signed(dx)) {
                        (Some(y), Some(x)) if x < width && y < height => cell_of[y * width + x],
                        _ => NONE,
                    }
                })
            })
            .collect();
        let goal: Vec<bool> = pos.iter().map(|&p| level.tile(p) == Tile::Goal).collect();
        let goals = (0..pos.len() as Cell)
            .filter(|&c| goal[usize::from(c)])
            .collect();
        Ok(Self {
            pos,
            next,
            diagonals,
            goal,
            goals,
            cell_of,
            width,
        })
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

    pub fn goals(&self) -> &[Cell] {
        &self.goals
    }

    /// The cell diagonally off `cell`, `dy` rows and `dx` columns (each -1
    /// or 1), or `NONE`; `next` cannot reach it past a wall.
    pub fn diagonal(&self, cell: Cell, dy: isize, dx: isize) -> Cell {
        self.diagonals[usize::from(cell)][usize::from(dy > 0) * 2 + usize::from(dx > 0)]
    }

    /// The grid position of a cell.
    #[cfg(test)]
    pub fn pos(&self, cell: Cell) -> Pos {
        self.pos[usize::from(cell)]
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

/// Which way boxes move in a search: pushed towards the goals, or pulled
/// from the goals back towards the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Push,
    Pull,
}

/// Where the boxes of one search are headed, and how far each cell is from
/// each target with no other box in the way.
#[derive(Debug, Clone)]
pub struct Targets {
    count: usize,
    /// Moves from each cell to each target, cell-major so that one box's row
    /// of the assignment problem is contiguous: `costs[c * count + t]`, with
    /// [`UNREACHABLE`] where a box cannot get.
    costs: Vec<i64>,
    /// Cells from which no target can be reached: a box there is lost.
    dead: Vec<bool>,
}

impl Targets {
    /// What the table of `cells` by `targets` takes, to decide before
    /// building it whether it fits.
    pub fn bytes(cells: usize, targets: usize) -> usize {
        cells
            .saturating_mul(targets)
            .saturating_mul(size_of::<i64>())
    }

    /// Distances for boxes moving in `mode` to `targets`, found by moving
    /// boxes the other way from the targets: a box can be pushed from `c`
    /// to a goal only if the goal can pull it back to `c`, and vice versa.
    /// `None` when `budget` runs out on the way.
    pub fn new(board: &Board, targets: &[Cell], mode: Mode, budget: &Budget) -> Option<Self> {
        Self::around(board, targets, (mode, &[]), budget)
    }

    /// [`Targets::new`] as if the cells marked in `walls` (indexed by
    /// cell; empty for none) were walls: for boxes that can never move
    /// again.
    pub fn around(
        board: &Board,
        targets: &[Cell],
        (mode, walls): (Mode, &[bool]),
        budget: &Budget,
    ) -> Option<Self> {
        let count = targets.len();
        let mut costs = vec![UNREACHABLE; board.cells() * count];
        for (t, &target) in targets.iter().enumerate() {
            if budget.stop().is_some() {
                return None;
            }
            let nearest = nearest_target(board, &[target], (mode, walls));
            for (cell, distance) in nearest.into_iter().enumerate() {
                costs[cell * count + t] = distance;
            }
        }
        Some(Self {
            count,
            costs,
            dead: dead_around(board, targets, mode, walls),
        })
    }

    /// [`Targets::new`] with no time limit, for tests.
    #[cfg(test)]
    pub fn unlimited(board: &Board, targets: &[Cell], mode: Mode) -> Self {
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let budget = Budget::new(std::time::Duration::MAX, &cancel);
        Self::new(board, targets, mode, &budget).expect("no time limit")
    }

    pub fn len(&self) -> usize {
        self.count
    }

    /// Moves from `cell` to each target, ignoring other boxes.
    pub fn costs(&self, cell: Cell) -> &[i64] {
        let start = usize::from(cell) * self.count;
        &self.costs[start..start + self.count]
    }

    pub fn is_dead(&self, cell: Cell) -> bool {
        self.dead[usize::from(cell)]
    }

    /// [`Targets::is_dead`] for every cell.
    pub fn dead(&self) -> &[bool] {
        &self.dead
    }
}

/// The cells a box moving in `mode` could have come from to reach `cell`
/// in one move: pulling it back towards `to` needs room for the player
/// beyond it; pushing needs the player on the far side of `cell`.
fn retreats<'a>(
    board: &'a Board,
    cell: Cell,
    mode: Mode,
    walls: &'a [bool],
) -> impl Iterator<Item = Cell> + 'a {
    let open = move |c: Cell| c != NONE && !walls.get(usize::from(c)).is_some_and(|&w| w);
    (0..4).filter_map(move |dir| {
        let to = board.next(cell, dir);
        if !open(to) {
            return None;
        }
        let player = match mode {
            Mode::Push => board.next(to, dir),
            Mode::Pull => board.next(cell, opposite(dir)),
        };
        open(player).then_some(to)
    })
}

/// The cells from which a box moving in `mode` reaches none of `targets`:
/// one breadth-first search from all targets at once, so it costs no more
/// on a level with thousands of goals than on one with a single goal.
pub fn dead_squares(board: &Board, targets: &[Cell], mode: Mode) -> Vec<bool> {
    dead_around(board, targets, mode, &[])
}

/// [`dead_squares`] as if the cells marked in `walls` were walls.
fn dead_around(board: &Board, targets: &[Cell], mode: Mode, walls: &[bool]) -> Vec<bool> {
    let nearest = nearest_target(board, targets, (mode, walls));
    nearest.into_iter().map(|d| d == UNREACHABLE).collect()
}

/// Moves from each cell to the nearest of `targets` for a box moving in
/// `mode`, as if the cells marked in `walls` were walls: one
/// breadth-first search from all targets at once.
pub fn nearest_target(board: &Board, targets: &[Cell], (mode, walls): (Mode, &[bool])) -> Vec<i64> {
    let mut distance = vec![UNREACHABLE; board.cells()];
    let mut queue: VecDeque<Cell> = targets.iter().copied().collect();
    for &t in targets {
        distance[usize::from(t)] = 0;
    }
    while let Some(c) = queue.pop_front() {
        let next = distance[usize::from(c)] + 1;
        for to in retreats(board, c, mode, walls) {
            if distance[usize::from(to)] == UNREACHABLE {
                distance[usize::from(to)] = next;
                queue.push_back(to);
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::parse_level;

    fn board(xsb: &str) -> (Board, Targets) {
        let board = Board::new(&parse_level(xsb).expect("test level parses")).expect("small board");
        let targets = Targets::unlimited(&board, board.goals(), Mode::Push);
        (board, targets)
    }

    #[test]
    fn corners_and_wall_edges_without_goals_are_dead() {
        let (b, t) = board("######\n#    #\n# $. #\n#@   #\n######\n");
        let corner = b.cell(Pos::new(1, 1)).expect("floor");
        let middle = b.cell(Pos::new(2, 2)).expect("floor");
        let edge = b.cell(Pos::new(2, 1)).expect("floor");
        assert!(t.is_dead(corner));
        assert!(t.is_dead(edge));
        assert!(!t.is_dead(middle));
    }

    #[test]
    fn distances_count_pushes_to_the_goal() {
        let (b, t) = board("#######\n#     #\n# $  .#\n#@    #\n#######\n");
        let start = b.cell(Pos::new(2, 2)).expect("floor");
        assert_eq!(t.costs(start), [3]);
    }
}
