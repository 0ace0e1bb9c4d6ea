//! PI-corral pruning. A corral is an area the player cannot reach. When
//! every push the player can make of the boxes around it goes into it
//! (I), and every such push is possible right now (P), and some box of the
//! corral is off a goal, then a solution has to make one of those pushes
//! sooner or later, and it may as well be now: the search expands only
//! those pushes and skips everything else in the position.

use super::board::{Board, Cell, NONE, Targets, opposite};
use super::marks::Marks;

const NO_AREA: u32 = u32::MAX;

/// The corrals of a position, marked one at a time: areas of free floor
/// the player cannot reach, each numbered, with the boxes that touch it.
/// Shared by PI-corral pruning and the corral deadlock proofs.
pub struct CorralAreas {
    area: Vec<u32>,
    touched: Vec<Cell>,
    stack: Vec<Cell>,
    /// The boxes that touch the area marked last, in the order found.
    pub fence: Vec<Cell>,
    /// The free cells of the area marked last.
    pub inside: Vec<Cell>,
}

impl CorralAreas {
    pub fn new(cells: usize) -> Self {
        Self {
            area: vec![NO_AREA; cells],
            touched: Vec::new(),
            stack: Vec::new(),
            fence: Vec::new(),
            inside: Vec::new(),
        }
    }

    /// Whether `cell` is free floor out of `reach` that no area marked
    /// since the last [`clear`](Self::clear) holds.
    pub fn starts_new(&self, occupied: &[bool], reach: &Marks, cell: Cell) -> bool {
        !occupied[usize::from(cell)] && !reach.has(cell) && self.area[usize::from(cell)] == NO_AREA
    }

    /// Numbers the free cells joined to `from` (out of reach) as area
    /// `id`, into `inside`, and gathers the boxes that touch them into
    /// `fence`.
    pub fn mark(&mut self, board: &Board, occupied: &[bool], from: Cell, id: u32) {
        self.fence.clear();
        self.inside.clear();
        self.area[usize::from(from)] = id;
        self.touched.push(from);
        self.stack.push(from);
        while let Some(c) = self.stack.pop() {
            self.inside.push(c);
            for dir in 0..4 {
                let n = board.next(c, dir);
                if n == NONE {
                    continue;
                }
                if occupied[usize::from(n)] {
                    if !self.fence.contains(&n) {
                        self.fence.push(n);
                    }
                } else if self.area[usize::from(n)] == NO_AREA {
                    self.area[usize::from(n)] = id;
                    self.touched.push(n);
                    self.stack.push(n);
                }
            }
        }
    }

    /// Whether `cell` lies in area `id`.
    pub fn holds(&self, id: u32, cell: Cell) -> bool {
        self.area[usize::from(cell)] == id
    }

    /// Forgets every area marked, for the next position.
    pub fn clear(&mut self) {
        for &c in &self.touched {
            self.area[usize::from(c)] = NO_AREA;
        }
        self.touched.clear();
    }
}

/// Buffers kept between positions.
pub struct Corrals {
    areas: CorralAreas,
    pushes: Vec<(Cell, usize)>,
    best: Vec<(Cell, usize)>,
}

impl Corrals {
    pub fn new(cells: usize) -> Self {
        Self {
            areas: CorralAreas::new(cells),
            pushes: Vec::new(),
            best: Vec::new(),
        }
    }

    /// The pushes of the PI-corral with the fewest pushes, or `None` when
    /// there is none and every push must be tried. `reach` marks where the
    /// player can walk.
    pub fn pi_pushes(
        &mut self,
        board: &Board,
        goals: &Targets,
        occupied: &[bool],
        reach: &Marks,
    ) -> Option<&[(Cell, usize)]> {
        self.best.clear();
        let mut found = false;
        let mut next_area = 0;
        for cell in 0..board.cells() as Cell {
            if !self.areas.starts_new(occupied, reach, cell) {
                continue;
            }
            self.areas.mark(board, occupied, cell, next_area);
            if self.check(board, goals, occupied, reach, next_area)
                && (!found || self.pushes.len() < self.best.len())
            {
                found = true;
                std::mem::swap(&mut self.best, &mut self.pushes);
            }
            next_area += 1;
        }
        self.areas.clear();
        found.then_some(self.best.as_slice())
    }

    /// Whether area `id` (just marked, its boxes in its fence) is a PI-corral
    /// worth pruning with; its pushes are left in `pushes`.
    fn check(
        &mut self,
        board: &Board,
        goals: &Targets,
        occupied: &[bool],
        reach: &Marks,
        id: u32,
    ) -> bool {
        self.pushes.clear();
        let fence = &self.areas.fence;
        if fence.iter().all(|&b| board.is_goal(b)) {
            return false;
        }
        for &b in fence {
            for dir in 0..4 {
                let target = board.next(b, dir);
                let player = board.next(b, opposite(dir));
                if target == NONE || player == NONE {
                    continue;
                }
                let from_here = self.areas.holds(id, player);
                if from_here {
                    // Only possible once the player is inside anyway.
                    continue;
                }
                let ours = |c: Cell| fence.contains(&c);
                if occupied[usize::from(target)] {
                    // Blocked for now; fine while the blocker is one of
                    // ours, since it too can only move into the corral.
                    if !ours(target) {
                        return false;
                    }
                    continue;
                }
                if goals.is_dead(target) {
                    continue;
                }
                if reach.has(player) {
                    if !self.areas.holds(id, target) {
                        // A push out of the corral: not an I-corral.
                        return false;
                    }
                    self.pushes.push((target, dir));
                } else if !(occupied[usize::from(player)] && ours(player)) {
                    // The player may get there later without touching
                    // this corral: not P.
                    return false;
                }
            }
        }
        !self.pushes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Mode;
    use crate::marks::flood;
    use schokoban_core::{Pos, parse_level};

    /// The PI-corral pushes of a level's starting position.
    fn pi_pushes(xsb: &str) -> Option<Vec<(Pos, usize)>> {
        let level = parse_level(xsb).expect("test level parses");
        let board = Board::new(&level).expect("small board");
        let goals = Targets::unlimited(&board, board.goals(), Mode::Push);
        let mut occupied = vec![false; board.cells()];
        for &p in level.boxes() {
            occupied[usize::from(board.cell(p).expect("box on floor"))] = true;
        }
        let mut reach = Marks::new(board.cells());
        reach.next();
        let player = board.cell(level.player()).expect("player on floor");
        flood(&board, &occupied, &mut reach, &mut Vec::new(), player);
        let mut corrals = Corrals::new(board.cells());
        let pushes = corrals.pi_pushes(&board, &goals, &occupied, &reach)?;
        Some(pushes.iter().map(|&(c, d)| (board.pos(c), d)).collect())
    }

    #[test]
    fn a_walled_off_room_limits_the_pushes_to_its_door() {
        // The top room is a corral: its door box can only go in, so the
        // push of the other box onto its goal can wait.
        let xsb = "#######\n#  .  #\n#     #\n###$###\n#.$@  #\n#     #\n#######\n";
        assert_eq!(pi_pushes(xsb), Some(vec![(Pos::new(3, 2), 1)]));
    }

    #[test]
    fn a_corral_with_a_push_the_player_cannot_make_yet_is_not_pi() {
        // The left door can be pushed in now, but the right one only once
        // the box under it has moved: pruning to the left push would lose
        // that line.
        let xsb = "#######\n#  .  #\n#    .#\n###$#$#\n#   @$#\n#.    #\n#######\n";
        assert_eq!(pi_pushes(xsb), None);
    }
}
