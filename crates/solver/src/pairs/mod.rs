//! Dead pairs: two boxes that could never both reach their targets even if
//! every other box vanished, found by a retrograde search over the states
//! of two boxes and the player's area (rkirov/sokoban-ai's dead-set
//! tables; the sokobano.de wiki's "deadlock tables"). Taking boxes away
//! only frees the floor, so a dead pair kills any position holding it.
//!
//! Pushing, the search starts from every two goals with the player in any
//! area and pulls; a pair state it never reaches cannot be pushed home.
//! Pulling, it starts from every two start squares with the player in the
//! area of the real start and pushes: the mirror table, for the search that
//! pulls boxes back to where they began.

use std::collections::VecDeque;

use super::bits::{has_bit, set_bit};
use super::board::{Board, Cell, Mode, NONE, opposite};
use super::budget::Budget;
use super::marks::{Marks, areas, flood_anew};

/// Levels whose table would have more states are left without one: its
/// states grow with the cells to the power of the boxes plus one. This
/// lets pairs cover every `XSokoban` level (under 400 cells); triples
/// (tried: fewer positions, but slower on levels with many boxes) would
/// fit only levels of under 90 cells.
const MAX_STATES: usize = 400 * 400 * 400;

/// States worked out between readings of the clock.
const CLOCK_EVERY: u32 = 256;

/// What a set of cells holding boxes means for the search.
const ALIVE: u32 = 0;
const DEAD: u32 = 1;
/// Rows of `DeadSets::lost` are numbered from here.
const FIRST_ROW: u32 = 2;

pub type DeadPairs = DeadSets<2>;

mod shared;
pub use shared::SharedPairs;

impl DeadPairs {
    /// Whether the box moved from `from` to `to`, the player then beside
    /// it on the side `side` (a direction from `to`), makes a dead pair
    /// with another of the boxes in `boxes`, a row of one bit per cell
    /// ([`box_row`]) showing them before the move.
    pub fn any_beside(&self, (from, to): (Cell, Cell), boxes: &[u64], side: usize) -> bool {
        let words = self.row_words();
        let dead = &self.beside[(usize::from(to) * 4 + side) * words..][..words];
        // A `from` of `NONE` (no box left) has its word past every row.
        let (from_word, from_bit) = (usize::from(from) / 64, 1u64 << (from % 64));
        dead.iter()
            .zip(boxes)
            .enumerate()
            .any(|(word, (&dead, &boxes))| {
                let both = dead & boxes;
                if word == from_word {
                    both & !from_bit != 0
                } else {
                    both != 0
                }
            })
    }
}

/// `row` made the row of one bit per cell of a board of `cells` cells that
/// [`DeadPairs::any_beside`] takes, with the bits of `boxes` set.
pub fn box_row(row: &mut Vec<u64>, cells: usize, boxes: &[Cell]) {
    row.clear();
    row.resize(cells.div_ceil(64), 0);
    for &b in boxes {
        set_bit(row, usize::from(b));
    }
}

/// Which sets of `K` cells cannot hold boxes in a position that has a
/// solution, for a search moving boxes in one direction.
pub struct DeadSets<const K: usize> {
    cells: usize,
    /// For each sorted set: [`ALIVE`], [`DEAD`] wherever the player
    /// stands, or, when its boxes split the floor into areas only some of
    /// which are lost, [`FIRST_ROW`] plus its row in `lost`.
    verdicts: Vec<u32>,
    /// Rows of one bit per cell: a player standing there is lost.
    lost: Vec<u64>,
    /// For pairs, a row of one bit per cell for each cell and each of its
    /// four sides: set where a box there is dead with a box on the cell,
    /// the player beside it on that side. A moved box is then checked by
    /// a few words' AND with the boxes: looking its pairs up one by one
    /// took a sixth of plan's time on Sasquatch 46.
    beside: Vec<u64>,
}

impl<const K: usize> DeadSets<K> {
    /// The table for a search moving boxes in `mode` towards `targets`;
    /// `player` is where the player must end up (pulling back to the
    /// start), or `None` when anywhere will do. `None` when the level is
    /// too large or `budget` runs out first.
    pub fn new(
        board: &Board,
        targets: &[Cell],
        (mode, player): (Mode, Option<Cell>),
        budget: &Budget,
    ) -> Option<Self> {
        let cells = board.cells();
        let states = cells.checked_pow(K as u32 + 1);
        if states.is_none_or(|s| s > MAX_STATES) || targets.len() < K {
            return None;
        }
        let reached = Retrograde::<K>::new(board, mode).run(targets, player, budget)?;
        Self::from_reached(board, &reached, budget)
    }

    /// Whether boxes on `set` with the player on `player` (on none of
    /// them) can never all be brought home.
    pub fn is_dead(&self, mut set: [Cell; K], player: Cell) -> bool {
        set.sort_unstable();
        match self.verdicts[index(self.cells, set)] {
            ALIVE => false,
            DEAD => true,
            row => {
                let bit = (row - FIRST_ROW) as usize * self.row_words() * 64 + usize::from(player);
                has_bit(&self.lost, bit)
            }
        }
    }

    pub fn bytes(&self) -> usize {
        self.verdicts.len() * size_of::<u32>()
            + (self.lost.len() + self.beside.len()) * size_of::<u64>()
    }

    /// Fills [`DeadSets::beside`] from the verdicts on pairs.
    fn note_beside(&mut self, board: &Board) {
        let words = self.row_words();
        let mut beside = vec![0; self.cells * 4 * words];
        for to in 0..self.cells as Cell {
            for side in 0..4 {
                let player = board.next(to, side);
                if player == NONE {
                    continue;
                }
                let row = (usize::from(to) * 4 + side) * words * 64;
                for other in (0..self.cells as Cell).filter(|&o| o != to && o != player) {
                    let mut set = [to; K];
                    set[K - 1] = other;
                    if self.is_dead(set, player) {
                        set_bit(&mut beside, row + usize::from(other));
                    }
                }
            }
        }
        self.beside = beside;
    }

    fn row_words(&self) -> usize {
        self.cells.div_ceil(64)
    }

    /// Sorts every set of cells by the areas its boxes leave and which of
    /// those the retrograde search reached.
    fn from_reached(board: &Board, reached: &Reached, budget: &Budget) -> Option<Self> {
        let cells = board.cells();
        let mut table = Self {
            cells,
            verdicts: vec![ALIVE; cells.pow(K as u32)],
            lost: Vec::new(),
            beside: Vec::new(),
        };
        let mut occupied = vec![false; cells];
        let mut marks = Marks::new(cells);
        let mut stack = Vec::new();
        let mut set = [0; K];
        let mut counted = 0u32;
        while next_set(&mut set, cells) {
            counted = counted.wrapping_add(1);
            if counted.is_multiple_of(CLOCK_EVERY) && budget.stop().is_some() {
                return None;
            }
            place(&mut occupied, &set, true);
            let reps = areas(board, &occupied, &mut marks, &mut stack);
            let lost: Vec<Cell> = reps.into_iter().filter(|&r| !reached.has(set, r)).collect();
            let verdict = table.verdict(board, (&occupied, &lost), (&mut marks, &mut stack));
            table.verdicts[index(cells, set)] = verdict;
            place(&mut occupied, &set, false);
        }
        if K == 2 {
            table.note_beside(board);
        }
        Some(table)
    }

    /// The verdict on a set that leaves `lost` of its areas (each named by
    /// its smallest cell) lost, adding a row when it depends on where the
    /// player stands.
    fn verdict(
        &mut self,
        board: &Board,
        (occupied, lost): (&[bool], &[Cell]),
        (marks, stack): (&mut Marks, &mut Vec<Cell>),
    ) -> u32 {
        if lost.is_empty() {
            return ALIVE;
        }
        let free = occupied.iter().filter(|&&o| !o).count();
        let mut row = vec![0u64; self.row_words()];
        let mut lost_cells = 0;
        for &rep in lost {
            flood_anew(board, occupied, marks, stack, rep);
            for cell in (0..self.cells as Cell).filter(|&c| marks.has(c)) {
                set_bit(&mut row, usize::from(cell));
                lost_cells += 1;
            }
        }
        if lost_cells == free {
            return DEAD;
        }
        let number = FIRST_ROW + (self.lost.len() / self.row_words()) as u32;
        self.lost.extend(row);
        number
    }
}

/// The place of a sorted set among all sets of `cells` cells.
fn index<const K: usize>(cells: usize, set: [Cell; K]) -> usize {
    set.iter().fold(0, |i, &c| i * cells + usize::from(c))
}

/// Steps `set` to the next strictly increasing set of cells below
/// `cells`, starting from all zeros; false once there is none.
fn next_set<const K: usize>(set: &mut [Cell; K], cells: usize) -> bool {
    if set.iter().all(|&c| c == 0) {
        *set = std::array::from_fn(|i| i as Cell);
        return K <= cells;
    }
    for i in (0..K).rev() {
        let room = cells - (K - i);
        if usize::from(set[i]) < room {
            set[i] += 1;
            for j in i + 1..K {
                set[j] = set[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

fn place(occupied: &mut [bool], set: &[Cell], present: bool) {
    for &c in set {
        occupied[usize::from(c)] = present;
    }
}

/// The states a retrograde search reached: the sorted box cells and the
/// smallest cell of the player's area, one bit each.
struct Reached {
    cells: usize,
    bits: Vec<u64>,
}

impl Reached {
    fn has<const K: usize>(&self, set: [Cell; K], rep: Cell) -> bool {
        let i = index(self.cells, set) * self.cells + usize::from(rep);
        has_bit(&self.bits, i)
    }

    /// Marks a state; false if it already was.
    fn insert<const K: usize>(&mut self, set: [Cell; K], rep: Cell) -> bool {
        let i = index(self.cells, set) * self.cells + usize::from(rep);
        let fresh = !has_bit(&self.bits, i);
        set_bit(&mut self.bits, i);
        fresh
    }
}

/// Breadth-first search over the states of `K` boxes, moving them against
/// `mode`.
struct Retrograde<'a, const K: usize> {
    board: &'a Board,
    mode: Mode,
    occupied: Vec<bool>,
    reach: Marks,
    marks: Marks,
    stack: Vec<Cell>,
}

impl<'a, const K: usize> Retrograde<'a, K> {
    fn new(board: &'a Board, mode: Mode) -> Self {
        let cells = board.cells();
        Self {
            board,
            mode,
            occupied: vec![false; cells],
            reach: Marks::new(cells),
            marks: Marks::new(cells),
            stack: Vec::new(),
        }
    }

    fn run(mut self, targets: &[Cell], player: Option<Cell>, budget: &Budget) -> Option<Reached> {
        let cells = self.board.cells();
        let mut reached = Reached {
            cells,
            bits: vec![0; cells.pow(K as u32 + 1).div_ceil(64)],
        };
        let mut queue = VecDeque::new();
        let mut chosen = [0; K];
        while next_set(&mut chosen, targets.len()) {
            let mut set: [Cell; K] = chosen.map(|i| targets[usize::from(i)]);
            set.sort_unstable();
            place(&mut self.occupied, &set, true);
            let reps = match player {
                Some(p) if !set.contains(&p) => vec![self.area_of(p)],
                Some(_) => Vec::new(),
                None => areas(self.board, &self.occupied, &mut self.marks, &mut self.stack),
            };
            place(&mut self.occupied, &set, false);
            for rep in reps {
                if reached.insert(set, rep) {
                    queue.push_back((set, rep));
                }
            }
        }
        let mut popped = 0u32;
        while let Some((set, rep)) = queue.pop_front() {
            popped = popped.wrapping_add(1);
            if popped.is_multiple_of(CLOCK_EVERY) && budget.stop().is_some() {
                return None;
            }
            place(&mut self.occupied, &set, true);
            flood_anew(
                self.board,
                &self.occupied,
                &mut self.reach,
                &mut self.stack,
                rep,
            );
            for moving in 0..K {
                for dir in 0..4 {
                    let from = set[moving];
                    let Some((to, player)) = self.step_back(from, dir) else {
                        continue;
                    };
                    self.occupied[usize::from(from)] = false;
                    self.occupied[usize::from(to)] = true;
                    let rep = self.area_of(player);
                    self.occupied[usize::from(to)] = false;
                    self.occupied[usize::from(from)] = true;
                    let mut next = set;
                    next[moving] = to;
                    next.sort_unstable();
                    if reached.insert(next, rep) {
                        queue.push_back((next, rep));
                    }
                }
            }
            place(&mut self.occupied, &set, false);
        }
        Some(reached)
    }

    /// Where the box on `from` goes, and the player, when moved in `dir`
    /// the opposite way to `mode`: pulled for a pushing table, pushed for
    /// a pulling one.
    fn step_back(&self, from: Cell, dir: usize) -> Option<(Cell, Cell)> {
        let board = self.board;
        let free = |c: Cell| c != NONE && !self.occupied[usize::from(c)];
        match self.mode {
            Mode::Push => {
                let to = board.next(from, dir);
                let beyond = if to == NONE {
                    NONE
                } else {
                    board.next(to, dir)
                };
                (to != NONE && self.reach.has(to) && free(beyond)).then_some((to, beyond))
            }
            Mode::Pull => {
                let to = board.next(from, dir);
                let behind = board.next(from, opposite(dir));
                (behind != NONE && self.reach.has(behind) && free(to)).then_some((to, from))
            }
        }
    }

    fn area_of(&mut self, player: Cell) -> Cell {
        flood_anew(
            self.board,
            &self.occupied,
            &mut self.marks,
            &mut self.stack,
            player,
        )
    }
}

#[cfg(test)]
pub(crate) mod tests;
