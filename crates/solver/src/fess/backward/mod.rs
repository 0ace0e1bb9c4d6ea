//! The feature-space search run backwards, as Festival runs one of its
//! searches: from the solved position the boxes are pulled, one box
//! anywhere the player can pull it in one move, until they stand on the
//! start squares with the start in the player's area. Its packing counts
//! the boxes on start squares in an order that can be completed (the fill
//! layers mirrored, `PackingOrder::backward`); its cells, lines, turns and
//! advisors are the forward search's.
//!
//! Dense levels, whose goal rooms are hard to fill forwards, are often
//! easy to empty backwards: at 20,000 positions a level it solves 578 of
//! the 1,133 shipped levels against plan's 630, but 68 that plan does not
//! (docs/solver-log.md, "the backward search" and "dead pairs in the
//! backward search").
//!
//! With another aim (`Spread`) it pulls the boxes away from the goals
//! instead, for the imagine search (`fess::imagine`).

mod expand;
mod spread;
mod steps;

pub use spread::{Spread, Target};

use super::advisors::Scored;
use super::expand::MAX_MATCHING_ROWS;
use super::space::{Cells, Features, Order, Space};
use super::{Done, Info};
use crate::board::{Board, Cell, Mode, Targets};
use crate::budget::Budget;
use crate::marks::{Marks, flood_anew, solved_areas};
use crate::matching::Matching;
use crate::moves::{MacroMove, MacroMoves, regions};
use crate::packing::PackingOrder;
use crate::pairs::{DeadPairs, box_row};
use crate::table::{Lookup, Node, Table, Zobrist};
use crate::{Outcome, Setup, Stats, stopped};

/// Larger boards are declined at once: every pull a position makes is
/// stored, up to boxes times cells of them a position.
const MAX_CELLS: usize = 1_000;

/// More boxes are declined too: the box-to-start matching recurses once
/// per box, as the forward search's does below this bound.
const MAX_BOXES: usize = MAX_MATCHING_ROWS;

/// What the search heads for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    /// The start: the search solves the level.
    Start,
    /// Boxes spread out over the board, as `Spread` says.
    Spread,
}

struct Backward<'a> {
    aim: Aim,
    board: &'a Board,
    setup: &'a Setup,
    budget: &'a Budget<'a>,
    is_start: Vec<bool>,
    /// In which order the start squares can be filled by pulls: the
    /// forward searches' fill layers, mirrored. Counting boxes on start
    /// squares in any order instead: backward alone at 20,000 positions
    /// over the 1,133 shipped levels 578 against 581, and 46 against 50
    /// at 4 s on the 316 of 13 boxes or more of Sasquatch II-XI
    /// (docs/solver-log.md, "start squares in order").
    order: PackingOrder,
    /// Pulls from each cell to each start square; a box on a cell none
    /// reaches is lost.
    starts: Targets,
    matching: Matching,
    /// Pairs of cells from which two boxes could not both be pulled back
    /// to start squares (the mirror table), built once the search has
    /// worked out `PAIRS_AFTER` positions, as the forward search's: alone
    /// at 20,000 positions, 562 -> 578 of the 1,133 shipped levels, none
    /// lost (docs/solver-log.md, "dead pairs in the backward search").
    pairs: Option<&'a DeadPairs>,
    /// The loaded boxes as bits, for `pairs`.
    box_row: Vec<u64>,
    pairs_tried: bool,
    moves: MacroMoves,
    table: Table,
    zobrist: Zobrist,
    info: Vec<Info>,
    space: Space,
    /// The node of each queued piece of work.
    work: Vec<u32>,
    occupied: Vec<bool>,
    marks: Marks,
    stack: Vec<Cell>,
    out: Vec<MacroMove>,
    scored: Vec<Scored>,
    boxes: Vec<Cell>,
    child: Vec<Cell>,
    expanded: u64,
    /// Per cell, the fewest pushes from it to a goal: how far a spread
    /// has taken a box.
    nearest: Vec<u32>,
    /// The spread's reach of each scored pull, beside `scored`.
    reaches: Vec<u64>,
    /// Per cell, the fewest pulls from it to a start square: how near a
    /// spread has brought a box to where the level starts.
    nearest_start: Vec<u32>,
    /// The best spread position of each kind of target stored so far.
    best: spread::Bests,
}

/// Runs the backward search on `setup` with `memory` bytes for its
/// positions and at most `expansions` positions worked out. Running out of
/// work proves nothing (pulls lost on dead cells are never made), so it
/// gives up.
pub fn solve(setup: &Setup, limits: (usize, u64), budget: &Budget) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    let Some(mut search) = Backward::new(setup, Aim::Start, limits.0, budget) else {
        return (stopped(budget), stats);
    };
    let outcome = search.run(limits.1);
    stats.expanded = search.expanded;
    stats.peak_bytes = search.bytes();
    (outcome, stats)
}

impl<'a> Backward<'a> {
    /// The search of `setup` aiming for `aim` with `memory` bytes for its
    /// positions; `None` when the board is past its caps or `budget` stops
    /// it first.
    fn new(setup: &'a Setup, aim: Aim, memory: usize, budget: &'a Budget<'a>) -> Option<Self> {
        let board = &setup.board;
        let boxes = setup.boxes.len();
        if board.cells() > MAX_CELLS || boxes > MAX_BOXES || boxes != board.goals().len() {
            return None;
        }
        let to_starts = Targets::new(board, &setup.boxes, Mode::Pull, budget)?;
        let order = PackingOrder::backward(board, &setup.boxes, budget)?;
        let mut is_start = vec![false; board.cells()];
        for &b in &setup.boxes {
            is_start[usize::from(b)] = true;
        }
        // Each position is stored once and queued once.
        let per_node = Table::bytes_per_node(setup.boxes.len())
            + size_of::<Info>()
            + Space::bytes_per_entry()
            + size_of::<u32>();
        let (nearest, nearest_start) = match aim {
            Aim::Start => (Vec::new(), Vec::new()),
            Aim::Spread => (
                spread::nearest(board, board.goals(), Mode::Push),
                spread::nearest(board, &setup.boxes, Mode::Pull),
            ),
        };
        Some(Backward {
            aim,
            board,
            setup,
            budget,
            is_start,
            order,
            starts: to_starts,
            matching: Matching::default(),
            pairs: None,
            box_row: Vec::new(),
            pairs_tried: false,
            moves: MacroMoves::new(board.cells()),
            table: Table::new(setup.boxes.len(), memory / per_node),
            zobrist: Zobrist::new(board.cells()),
            info: Vec::new(),
            space: Space::new(Cells::PackingAndAreas, Order::Oldest),
            work: Vec::new(),
            occupied: vec![false; board.cells()],
            marks: Marks::new(board.cells()),
            stack: Vec::new(),
            out: Vec::new(),
            scored: Vec::new(),
            boxes: Vec::new(),
            child: Vec::new(),
            expanded: 0,
            nearest,
            nearest_start,
            reaches: Vec::new(),
            best: spread::Bests::default(),
        })
    }

    fn bytes(&self) -> usize {
        self.table.bytes()
            + self.info.capacity() * size_of::<Info>()
            + self.work.capacity() * size_of::<u32>()
            + self.space.bytes()
            + self.pairs.map_or(0, DeadPairs::bytes)
    }

    fn run(&mut self, expansions: u64) -> Outcome {
        self.add_roots();
        self.go_on(expansions)
    }

    /// Searches on until the budget stops it, it has worked out
    /// `expansions` positions in all, or it ends.
    fn go_on(&mut self, expansions: u64) -> Outcome {
        loop {
            if self.budget.stop().is_some() {
                return stopped(self.budget);
            }
            if self.expanded >= expansions {
                return Outcome::GaveUp;
            }
            let Some((weight, work)) = self.space.pop() else {
                return Outcome::GaveUp;
            };
            match self.evaluate(self.work[work as usize], weight) {
                Done::Going => {}
                Done::Solved(end) => {
                    return self.solution(end).map_or(Outcome::GaveUp, Outcome::Solved);
                }
                Done::Ended(outcome) => return outcome,
            }
        }
    }

    /// Stores the solved position with the player in each of its areas.
    fn add_roots(&mut self) {
        let goals = self.board.goals().to_vec();
        for player in solved_areas(self.board) {
            self.load(&goals);
            let least = self.flood_from(player);
            let features = self.features();
            self.unload();
            let hash = self.zobrist.hash(&goals, least);
            if let Lookup::New(slot) = self.table.lookup(hash, &goals, least) {
                let index = self.table.insert(slot, hash, Node::root(least), &goals);
                self.info.push(Info::root(features));
                self.queue(index, 0);
            }
        }
    }

    /// Queues the evaluation of `node` in the cell of its line's best
    /// features.
    fn queue(&mut self, node: u32, weight: u32) {
        let info = self.info[node as usize];
        let cell = self.space.cell(info.best);
        let id = self.work.len() as u32;
        self.work.push(node);
        self.space
            .push((cell, info.line), weight, info.features, id);
    }

    fn load(&mut self, boxes: &[Cell]) {
        self.boxes.clear();
        self.boxes.extend_from_slice(boxes);
        for &b in boxes {
            self.occupied[usize::from(b)] = true;
        }
        box_row(&mut self.box_row, self.board.cells(), boxes);
    }

    fn unload(&mut self) {
        for &b in &self.boxes {
            self.occupied[usize::from(b)] = false;
        }
    }

    /// The features of the boxes on the board now: boxes on start squares
    /// in an order that can be completed, and areas of free floor.
    fn features(&mut self) -> Features {
        let areas = regions(self.board, &self.occupied, &mut self.marks, &mut self.stack);
        match self.aim {
            Aim::Start => Features::new(self.order.packed(&self.occupied), areas, 0),
            Aim::Spread => Features::new(0, areas, self.stuck()),
        }
    }

    /// Marks the player's area from `player` around the loaded boxes,
    /// and names it by its smallest cell.
    fn flood_from(&mut self, player: Cell) -> Cell {
        let Self {
            board,
            occupied,
            marks,
            stack,
            ..
        } = self;
        flood_anew(board, occupied, marks, stack, player)
    }

    /// Moves the loaded box on `from` to `to`.
    fn shift(&mut self, from: Cell, to: Cell) {
        self.occupied[usize::from(from)] = false;
        self.occupied[usize::from(to)] = true;
        if let Some(b) = self.boxes.iter_mut().find(|b| **b == from) {
            *b = to;
        }
    }
}
