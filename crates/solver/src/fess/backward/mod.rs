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
//! (docs/solver.md, the log, "the backward search" and "dead pairs in the
//! backward search").

mod steps;

use super::advisors::{Advice, Scored, advise};
use super::expand::MAX_MATCHING_ROWS;
use super::space::{Cells, Features, Order, Space};
use super::{Done, Info, PAIRS_AFTER};
use crate::board::{Board, Cell, Mode, NONE, Targets};
use crate::budget::Budget;
use crate::marks::{Marks, flood_anew, solved_areas};
use crate::matching::Matching;
use crate::moves::{MacroMove, MacroMoves, regions};
use crate::packing::PackingOrder;
use crate::pairs::DeadPairs;
use crate::table::{Lookup, Node, Table, Zobrist};
use crate::{Outcome, Setup, Stats, stopped};

/// Larger boards are declined at once: every pull a position makes is
/// stored, up to boxes times cells of them a position.
const MAX_CELLS: usize = 1_000;

/// More boxes are declined too: the box-to-start matching recurses once
/// per box, as the forward search's does below this bound.
const MAX_BOXES: usize = MAX_MATCHING_ROWS;

struct Backward<'a> {
    board: &'a Board,
    setup: &'a Setup,
    budget: &'a Budget<'a>,
    is_start: Vec<bool>,
    /// In which order the start squares can be filled by pulls: the
    /// forward searches' fill layers, mirrored. Counting boxes on start
    /// squares in any order instead: backward alone at 20,000 positions
    /// over the 1,133 shipped levels 578 against 581, and 46 against 50
    /// at 4 s on the 316 of 13 boxes or more of Sasquatch II-XI
    /// (docs/solver.md, "start squares in order").
    order: PackingOrder,
    /// Pulls from each cell to each start square; a box on a cell none
    /// reaches is lost.
    starts: Targets,
    matching: Matching,
    /// Pairs of cells from which two boxes could not both be pulled back
    /// to start squares (the mirror table), built once the search has
    /// worked out `PAIRS_AFTER` positions, as the forward search's: alone
    /// at 20,000 positions, 562 -> 578 of the 1,133 shipped levels, none
    /// lost (docs/solver.md, "dead pairs in the backward search").
    pairs: Option<&'a DeadPairs>,
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
}

/// Runs the backward search on `setup` with `memory` bytes for its
/// positions and at most `expansions` positions worked out. Running out of
/// work proves nothing (pulls lost on dead cells are never made), so it
/// gives up.
pub fn solve(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    let board = &setup.board;
    let boxes = setup.boxes.len();
    if board.cells() > MAX_CELLS || boxes > MAX_BOXES || boxes != board.goals().len() {
        return (Outcome::GaveUp, stats);
    }
    let Some(to_starts) = Targets::new(board, &setup.boxes, Mode::Pull, budget) else {
        return (stopped(budget), stats);
    };
    let Some(order) = PackingOrder::backward(board, &setup.boxes, budget) else {
        return (stopped(budget), stats);
    };
    let mut is_start = vec![false; board.cells()];
    for &b in &setup.boxes {
        is_start[usize::from(b)] = true;
    }
    // Each position is stored once and queued once.
    let per_node = Table::bytes_per_node(setup.boxes.len())
        + size_of::<Info>()
        + Space::bytes_per_entry()
        + size_of::<u32>();
    let mut search = Backward {
        board,
        setup,
        budget,
        is_start,
        order,
        starts: to_starts,
        matching: Matching::default(),
        pairs: None,
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
    };
    let outcome = search.run(expansions);
    stats.expanded = search.expanded;
    stats.peak_bytes = search.bytes();
    (outcome, stats)
}

impl Backward<'_> {
    fn bytes(&self) -> usize {
        self.table.bytes()
            + self.info.capacity() * size_of::<Info>()
            + self.work.capacity() * size_of::<u32>()
            + self.space.bytes()
            + self.pairs.map_or(0, DeadPairs::bytes)
    }

    fn run(&mut self, expansions: u64) -> Outcome {
        self.add_roots();
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
    }

    fn unload(&mut self) {
        for &b in &self.boxes {
            self.occupied[usize::from(b)] = false;
        }
    }

    /// The features of the boxes on the board now: boxes on start squares
    /// in an order that can be completed, and areas of free floor.
    fn features(&mut self) -> Features {
        let packed = self.order.packed(&self.occupied);
        let areas = regions(self.board, &self.occupied, &mut self.marks, &mut self.stack);
        Features::new(packed, areas, 0)
    }

    /// Works out `node`'s pulls and stores the positions they lead to,
    /// until one is the start (`Done::Solved`), or the clock or the memory
    /// ends the search.
    fn evaluate(&mut self, node: u32, weight: u32) -> Done {
        self.expanded += 1;
        if !self.pairs_tried && self.expanded >= PAIRS_AFTER {
            self.pairs_tried = true;
            let start = (&self.setup.boxes[..], self.setup.player);
            self.pairs = self.setup.pairs.pulling(self.board, start, self.budget);
        }
        let boxes = self.table.boxes(node).to_vec();
        let starts = &self.starts;
        if !self
            .matching
            .exists(boxes.len(), boxes.len(), |r| starts.costs(boxes[r]))
        {
            return Done::Going;
        }
        let player = self.table.node(node).player;
        self.load(&boxes);
        self.scored.clear();
        let mut out = std::mem::take(&mut self.out);
        let dead = self.starts.dead();
        self.moves
            .pulls(self.board, dead, &self.occupied, player, &mut out);
        for &mv in &out {
            let others = boxes.iter().copied().filter(|&b| b != mv.from);
            let behind = self.board.next(mv.to, usize::from(mv.last));
            if self
                .pairs
                .is_some_and(|pairs| pairs.any_with(mv.to, others, behind))
            {
                continue;
            }
            self.shift(mv.from, mv.to);
            let packed = self.order.packed(&self.occupied);
            self.shift(mv.to, mv.from);
            let features = Features::new(packed, mv.regions, 0);
            self.scored.push(Scored { mv, features });
        }
        self.out = out;
        let advised = advise(
            self.info[node as usize].features,
            &self.scored,
            Advice::Plain,
        );
        let scored = std::mem::take(&mut self.scored);
        let mut done = Done::Going;
        for s in &scored {
            let unadvised = u32::from(!advised.contains(&Some(s.mv)));
            done = self.store(node, s, weight + unadvised);
            if !matches!(done, Done::Going) {
                break;
            }
        }
        self.scored = scored;
        self.unload();
        done
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

    /// Stores the position `s` leads to from the loaded `node` unless it
    /// was seen, and queues it; `Done::Solved` when it is the start, and
    /// `Done::Ended` when the table is full.
    fn store(&mut self, node: u32, s: &Scored, weight: u32) -> Done {
        let mv = s.mv;
        self.shift(mv.from, mv.to);
        // Floods only where the generator could not name the area at once,
        // and where every box is on a start square, to see whether the
        // player's start is in it.
        let on_starts = self.boxes.iter().all(|&b| self.is_start[usize::from(b)]);
        let (least, home) = if mv.player == NONE || on_starts {
            let least = self.flood_from(self.board.next(mv.to, usize::from(mv.last)));
            (least, on_starts && self.marks.has(self.setup.player))
        } else {
            (mv.player, false)
        };
        let mut child = std::mem::take(&mut self.child);
        child.clone_from(&self.boxes);
        child.sort_unstable();
        self.shift(mv.to, mv.from);
        let hash = self.zobrist.hash(&child, least);
        let mut done = Done::Going;
        if let Lookup::New(slot) = self.table.lookup(hash, &child, least) {
            if self.table.is_full() {
                self.child = child;
                return Done::Ended(Outcome::GaveUp);
            }
            let new = Node {
                parent: node,
                to: mv.to,
                dir: 0,
                run: 0,
                player: least,
                pushes: self.table.node(node).pushes.saturating_add(mv.pushes),
            };
            let index = self.table.insert(slot, hash, new, &child);
            let parent = self.info[node as usize];
            let info = Info::after(parent, (mv.from, index), s.features, &self.space);
            self.info.push(info);
            if home {
                done = Done::Solved(index);
            } else {
                self.queue(index, weight);
            }
        }
        self.child = child;
        done
    }
}
