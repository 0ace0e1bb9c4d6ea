//! PI-corral pruning. A corral is an area the player cannot reach. When
//! every push the player can make of the boxes around it goes into it
//! (I), and every such push is possible right now (P), and some box of the
//! corral is off a goal, then a solution has to make one of those pushes
//! sooner or later, and it may as well be now: the search expands only
//! those pushes and skips everything else in the position.

use super::board::{Board, Cell, NONE, Targets, opposite};
use super::marks::Marks;

const NO_AREA: u32 = u32::MAX;

/// The corrals of a position: areas of free floor the player cannot
/// reach, each numbered, with the boxes that touch it. Marked once a
/// position and read by both PI-corral pruning and the corral deadlock
/// proofs, so that neither marks them again.
pub struct CorralAreas {
    area: Vec<u32>,
    touched: Vec<Cell>,
    stack: Vec<Cell>,
    /// Where each area's fence and free cells end in `fences` and
    /// `insides`, by area number.
    ends: Vec<(usize, usize)>,
    fences: Vec<Cell>,
    insides: Vec<Cell>,
}

impl CorralAreas {
    pub fn new(cells: usize) -> Self {
        Self {
            area: vec![NO_AREA; cells],
            touched: Vec::new(),
            stack: Vec::new(),
            ends: Vec::new(),
            fences: Vec::new(),
            insides: Vec::new(),
        }
    }

    /// Marks every corral of the position with boxes on `occupied` and the
    /// player able to walk to `reach`, numbered in the order of their
    /// smallest cells.
    pub fn scan(&mut self, board: &Board, occupied: &[bool], reach: &Marks) {
        self.clear();
        for cell in 0..board.cells() as Cell {
            let c = usize::from(cell);
            if !occupied[c] && !reach.has(cell) && self.area[c] == NO_AREA {
                self.mark(board, occupied, cell);
            }
        }
    }

    /// Numbers the free cells joined to `from` as the next area and
    /// gathers the boxes that touch them into its fence.
    fn mark(&mut self, board: &Board, occupied: &[bool], from: Cell) {
        let id = self.ends.len() as u32;
        let fence_start = self.fences.len();
        self.area[usize::from(from)] = id;
        self.touched.push(from);
        self.stack.push(from);
        while let Some(c) = self.stack.pop() {
            self.insides.push(c);
            for dir in 0..4 {
                let n = board.next(c, dir);
                if n == NONE {
                    continue;
                }
                if occupied[usize::from(n)] {
                    if !self.fences[fence_start..].contains(&n) {
                        self.fences.push(n);
                    }
                } else if self.area[usize::from(n)] == NO_AREA {
                    self.area[usize::from(n)] = id;
                    self.touched.push(n);
                    self.stack.push(n);
                }
            }
        }
        self.ends.push((self.fences.len(), self.insides.len()));
    }

    /// The corrals marked.
    pub fn count(&self) -> usize {
        self.ends.len()
    }

    /// The boxes that touch area `id`, in the order found.
    pub fn fence(&self, id: usize) -> &[Cell] {
        let start = id.checked_sub(1).map_or(0, |before| self.ends[before].0);
        &self.fences[start..self.ends[id].0]
    }

    /// The free cells of area `id`.
    pub fn inside(&self, id: usize) -> &[Cell] {
        let start = id.checked_sub(1).map_or(0, |before| self.ends[before].1);
        &self.insides[start..self.ends[id].1]
    }

    /// The boxes that touch any area, each once per area it touches.
    pub fn all_fences(&self) -> &[Cell] {
        &self.fences
    }

    /// The free cells of every area.
    pub fn all_insides(&self) -> &[Cell] {
        &self.insides
    }

    /// Whether `cell` lies in any area.
    pub fn in_any(&self, cell: Cell) -> bool {
        self.area[usize::from(cell)] != NO_AREA
    }

    /// Whether `cell` lies in area `id`.
    pub fn holds(&self, id: usize, cell: Cell) -> bool {
        self.area[usize::from(cell)] == id as u32
    }

    /// Forgets every area marked.
    fn clear(&mut self) {
        for &c in &self.touched {
            self.area[usize::from(c)] = NO_AREA;
        }
        self.touched.clear();
        self.ends.clear();
        self.fences.clear();
        self.insides.clear();
    }
}

/// Buffers kept between positions.
#[derive(Default)]
pub struct Corrals {
    pushes: Vec<(Cell, usize)>,
    best: Vec<(Cell, usize)>,
}

impl Corrals {
    /// The pushes of the PI-corral with the fewest pushes, or `None` when
    /// there is none and every push must be tried. `reach` marks where the
    /// player can walk, and `areas` holds the position's corrals.
    pub fn pi_pushes(
        &mut self,
        board: &Board,
        goals: &Targets,
        (occupied, reach): (&[bool], &Marks),
        areas: &CorralAreas,
    ) -> Option<&[(Cell, usize)]> {
        self.best.clear();
        let mut found = false;
        for id in 0..areas.count() {
            if self.check(board, goals, (occupied, reach), (areas, id))
                && (!found || self.pushes.len() < self.best.len())
            {
                found = true;
                std::mem::swap(&mut self.best, &mut self.pushes);
            }
        }
        found.then_some(self.best.as_slice())
    }

    /// Whether area `id` of `areas` is a PI-corral worth pruning with; its
    /// pushes are left in `pushes`.
    fn check(
        &mut self,
        board: &Board,
        goals: &Targets,
        (occupied, reach): (&[bool], &Marks),
        (areas, id): (&CorralAreas, usize),
    ) -> bool {
        self.pushes.clear();
        let fence = areas.fence(id);
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
                let from_here = areas.holds(id, player);
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
                    if !areas.holds(id, target) {
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
        let mut areas = CorralAreas::new(board.cells());
        areas.scan(&board, &occupied, &reach);
        let mut corrals = Corrals::default();
        let pushes = corrals.pi_pushes(&board, &goals, (&occupied, &reach), &areas)?;
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
