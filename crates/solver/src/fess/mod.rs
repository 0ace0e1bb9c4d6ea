//! The feature-space search (Shoham and Schaeffer, "The FESS algorithm",
//! Conference on Games 2020), over macro moves: one box pushed as far as it goes in
//! one move. Every position maps to its features (boxes packed in an order
//! that can be completed, areas of free floor); each distinct vector is a
//! cell of the feature space, and the search takes turns over the cells.
//! Inside a cell the lightest work goes first, where a line's weight
//! counts the moves on it that no advisor nominated.
//!
//! A position enters the cell of the best features on its line, so a move
//! that makes things worse stays in its parent's cell instead of opening
//! ever worse cells that would steal turns. Each position is worked out
//! lazily: its moves and their features only when its turn comes.

mod advisors;
pub mod backward;
mod expand;
mod frozen;
mod growth;
mod hotspots;
pub mod imagine;
mod info;
mod kept;
mod position;
mod progress;
pub mod restarts;
mod space;
mod steps;

pub use advisors::Advice;
use advisors::{ADVISORS, Scored};
use frozen::FrozenGoals;
use growth::{grow_within, needs_room};
use hotspots::{Counts, Hotspots};
use info::Info;
use kept::Kept;
use position::set;
pub use progress::Guide;
use progress::Packing;
pub use space::{Cells, Order};
use space::{Features, Space};

use super::board::{Board, Cell, NONE};
use super::budget::Budget;
use super::corral::{CorralAreas, Corrals};
use super::corral_deadlock::{CorralDeadlocks, Fences};
use super::hungarian::Assignment;
use super::marks::Marks;
use super::matching::Matching;
use super::moves::{MacroMove, MacroMoves};
use super::pairs::DeadPairs;
use super::parking::Near;
use super::table::{Lookup, Node, Table, Zobrist};
use super::{Outcome, Setup, Stats, stopped};

/// One position's macro moves can number boxes times cells, all made at
/// once: past this the search declines and leaves the level to the
/// push-pull search. `XSokoban`'s largest is 34 boxes on under 400 cells;
/// a 250 x 250 room with 250 boxes would make millions of moves a position.
const MAX_BOX_CELLS: usize = 200_000;

/// Pieces of work between totals of the memory held: a few megabytes'
/// growth at most.
const MEMORY_EVERY: u32 = 1024;

/// Positions worked out before the dead-pair table is built (see
/// `pairs`): most levels are solved sooner, and the table takes up to
/// 0.3 s on `XSokoban`'s largest, which would slow every hint there. This
/// search works out a position about six times slower than push-pull
/// (a median of 38,000 a second against 228,000 on Sasquatch I's 20
/// hardest levels, each alone for 10 s), so this comes at about the time
/// push-pull's own threshold of 20,000 does. The backward search, slower
/// still per position, waits as long for its mirror table.
pub(super) const PAIRS_AFTER: u64 = 2_000;

/// One feature search: its advisors and what it counts as packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub advice: Advice,
    pub guide: Guide,
    pub cells: Cells,
    pub order: Order,
}

/// Runs the search of `variant` on `setup` with `memory` bytes for its
/// positions and at most `expansions` positions worked out. Running out of
/// work proves nothing here (the race leaves proofs to the push-pull
/// search), so it gives up.
pub fn solve(
    setup: &Setup,
    limits: (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    solve_in_orders(setup, limits, budget, (variant, u64::MAX), [variant.order])
}

/// [`solve`] run once in each of `orders` (which replace `variant`'s),
/// each run working out at most `share` of the `expansions` in all, until
/// one answers, the budget or `expansions` is spent, or a run ends short
/// of its share: out of work or out of memory, which another order would
/// not change. The runs share the level's packing and hotspot tables.
fn solve_in_orders(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    (variant, share): (Variant, u64),
    orders: impl IntoIterator<Item = Order>,
) -> (Outcome, Stats) {
    let mut stats = Stats::default();
    if setup.boxes.len().saturating_mul(setup.board.cells()) > MAX_BOX_CELLS {
        return (Outcome::GaveUp, stats);
    }
    let level = (&setup.board, setup.boxes.as_slice());
    let Some(packing) = Packing::new(level, variant.guide, &setup.plan, budget) else {
        return (stopped(budget), stats);
    };
    let Some(hotspots) = Hotspots::new(&setup.board, budget) else {
        return (stopped(budget), stats);
    };
    for order in orders {
        let run = share.min(expansions - stats.expanded);
        let variant = Variant { order, ..variant };
        let mut search = Fess::new(setup, (&packing, &hotspots, variant), memory, budget);
        let outcome = search.run(run);
        stats.expanded += search.expanded;
        stats.peak_bytes = stats.peak_bytes.max(search.bytes());
        let spent = stats.expanded >= expansions || search.expanded < run;
        if outcome.is_decisive() || budget.stop().is_some() || spent {
            return (outcome, stats);
        }
    }
    (Outcome::GaveUp, stats)
}

/// A queued piece of work.
#[derive(Clone, Copy, Debug)]
enum Work {
    /// Work out a position's moves and which of them the advisors pick.
    Evaluate(u32),
    /// Make the position one nominated move leads to.
    Advised { node: u32, mv: MacroMove },
    /// Make every position the advisors passed over: `moves` (start,
    /// count) in `Fess::passed_over`.
    Rest { node: u32, moves: (u32, u32) },
}

/// How a piece of work ended.
enum Done {
    Going,
    Solved(u32),
    /// Out of memory or time: the search ends.
    Ended(Outcome),
}

struct Fess<'a> {
    board: &'a Board,
    setup: &'a Setup,
    budget: &'a Budget<'a>,
    packing: &'a Packing,
    hotspots: &'a Hotspots,
    advice: Advice,
    /// Pieces of work done.
    turns: u32,
    moves: MacroMoves,
    zobrist: Zobrist,
    table: Table,
    /// The bytes the search may hold.
    memory: usize,
    /// Set when a list could not grow within `memory`.
    out_of_memory: bool,
    info: Vec<Info>,
    space: Space,
    work: Vec<Work>,
    expanded: u64,
    occupied: Vec<bool>,
    reach: Marks,
    marks: Marks,
    stack: Vec<Cell>,
    frozen: Vec<Cell>,
    /// The corrals of the position worked out.
    areas: CorralAreas,
    corrals: Corrals,
    assignment: Assignment,
    matching: Matching,
    boxes: Vec<Cell>,
    /// The loaded boxes not frozen on goals.
    free_boxes: Vec<Cell>,
    frozen_goals: FrozenGoals,
    child: Vec<Cell>,
    generated: Vec<MacroMove>,
    scored: Vec<Scored>,
    /// The moves no advisor nominated, of every position worked out.
    passed_over: Kept,
    /// The hotspot counts of the boxes loaded.
    hot: Counts,
    /// The parking plan's prefixes within a move of the boxes loaded.
    near: Near,
    /// Two boxes that can never both reach goals, once built.
    pairs: Option<&'a DeadPairs>,
    /// The placed boxes as bits, for `pairs`.
    box_row: Vec<u64>,
    /// Whether building `pairs` was tried.
    pairs_tried: bool,
    /// Fences proved dead so far, and the proofs' buffers.
    corral_deadlocks: CorralDeadlocks,
    /// The positions of a backward search this one may meet: from each,
    /// its line leads home.
    meet: Option<&'a backward::Spread<'a>>,
    /// The backward position the solved node met, if it met one.
    met: Option<u32>,
}

impl<'a> Fess<'a> {
    fn new(
        setup: &'a Setup,
        (packing, hotspots, variant): (&'a Packing, &'a Hotspots, Variant),
        memory: usize,
        budget: &'a Budget<'a>,
    ) -> Self {
        let board = &setup.board;
        let cells = board.cells();
        let boxes = setup.boxes.len();
        // Each position queues at most an evaluation, the advised moves
        // and the rest.
        let entries = 2 + ADVISORS;
        let per_node = Table::bytes_per_node(boxes)
            + size_of::<Info>()
            + entries * (Space::bytes_per_entry() + size_of::<Work>());
        Self {
            board,
            setup,
            budget,
            packing,
            hotspots,
            advice: variant.advice,
            turns: 0,
            moves: MacroMoves::new(cells),
            zobrist: Zobrist::new(cells),
            table: Table::new(boxes, memory / per_node),
            memory,
            out_of_memory: false,
            info: Vec::new(),
            space: Space::new(variant.cells, variant.order),
            work: Vec::new(),
            expanded: 0,
            occupied: vec![false; cells],
            reach: Marks::new(cells),
            marks: Marks::new(cells),
            stack: Vec::new(),
            frozen: Vec::new(),
            areas: CorralAreas::new(cells),
            corrals: Corrals::default(),
            assignment: Assignment::with_deadline(budget.deadline()),
            matching: Matching::default(),
            boxes: Vec::new(),
            free_boxes: Vec::new(),
            frozen_goals: FrozenGoals::new(cells),
            child: Vec::new(),
            generated: Vec::new(),
            scored: Vec::new(),
            passed_over: Kept::default(),
            hot: Counts::default(),
            near: Near::default(),
            pairs: None,
            box_row: Vec::new(),
            pairs_tried: false,
            corral_deadlocks: CorralDeadlocks::new(board, Fences::Widened),
            meet: None,
            met: None,
        }
    }

    /// The bytes left under the cap.
    fn spare(&self) -> usize {
        self.memory.saturating_sub(self.bytes())
    }

    fn bytes(&self) -> usize {
        self.table.bytes()
            + self.info.capacity() * size_of::<Info>()
            + self.work.capacity() * size_of::<Work>()
            + self.passed_over.bytes()
            + self.frozen_goals.bytes()
            + self.space.bytes()
            + self.pairs.map_or(0, DeadPairs::bytes)
            + self.corral_deadlocks.bytes()
            + self.meet.map_or(0, backward::Spread::bytes)
    }

    /// Stores the start; `Some` when the search ends there.
    fn start(&mut self) -> Option<Outcome> {
        match self.add_root() {
            Done::Going => None,
            Done::Solved(_) => Some(Outcome::Solved(Vec::new())),
            Done::Ended(outcome) => Some(outcome),
        }
    }

    /// Stores the start and works until the search ends, after at most
    /// `expansions` positions worked out.
    fn run(&mut self, expansions: u64) -> Outcome {
        let mut ended = self.start();
        while ended.is_none() {
            ended = self.turn(expansions);
        }
        ended.unwrap_or(Outcome::GaveUp)
    }

    /// Does the next piece of work; `Some` when the search ends.
    fn turn(&mut self, expansions: u64) -> Option<Outcome> {
        self.turns = self.turns.wrapping_add(1);
        // A piece of work takes microseconds at least (milliseconds on
        // giant levels), so reading the clock each time costs little.
        if self.budget.stop().is_some() {
            return Some(stopped(self.budget));
        }
        let full = self.turns.is_multiple_of(MEMORY_EVERY) && self.bytes() > self.memory;
        if full || self.out_of_memory || self.expanded >= expansions {
            return Some(Outcome::GaveUp);
        }
        if !self.pairs_tried && self.expanded >= PAIRS_AFTER {
            self.pairs_tried = true;
            self.pairs = self.setup.pairs.pushing(self.board, self.budget);
        }
        let Some((weight, work)) = self.space.pop() else {
            return Some(Outcome::GaveUp);
        };
        let done = match self.work[work as usize] {
            Work::Evaluate(node) => self.evaluate(node, weight),
            Work::Advised { node, mv } => {
                self.place(node);
                self.make_child(node, mv, weight)
            }
            Work::Rest { node, moves } => self.make_rest(node, moves, weight),
        };
        match done {
            Done::Going => None,
            Done::Solved(node) => {
                Some(self.solution(node).map_or(Outcome::GaveUp, Outcome::Solved))
            }
            Done::Ended(outcome) => Some(outcome),
        }
    }

    fn add_root(&mut self) -> Done {
        let boxes = &self.setup.boxes;
        self.boxes.clone_from(boxes);
        set(&mut self.occupied, boxes, true);
        self.share_counts();
        let player = self.normalise(self.setup.player);
        let features = self.features((NONE, NONE), None);
        let solved = self.is_solved();
        set(&mut self.occupied, boxes, false);
        let hash = self.zobrist.hash(boxes, player);
        let Lookup::New(slot) = self.table.lookup(hash, boxes, player) else {
            return Done::Going;
        };
        let index = self.table.insert(slot, hash, Node::root(player), boxes);
        if solved {
            return Done::Solved(index);
        }
        let info = Info::root(features);
        self.info.push(info);
        self.queue((features, info.line), 0, Work::Evaluate(index), features);
        Done::Going
    }

    /// Queues `work` of `line` in the cell of `best` features, ranked by
    /// `rank`.
    /// Work that does not fit in memory is dropped, and the search ends at
    /// its next turn.
    fn queue(&mut self, (best, line): (Features, u32), weight: u32, work: Work, rank: Features) {
        if needs_room(&self.work, 1) {
            let spare = self.spare();
            if !grow_within(&mut self.work, 1, spare) {
                self.out_of_memory = true;
                return;
            }
        }
        let cell = self.space.cell(best);
        let id = self.work.len() as u32;
        self.work.push(work);
        self.space.push((cell, line), weight, rank, id);
    }
}
