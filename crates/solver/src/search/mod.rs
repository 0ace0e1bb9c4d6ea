//! Best-first search over box moves, in either direction: pushing from the
//! start towards the goals, or pulling from the goals back towards the
//! start. A position is the sorted box cells plus the smallest cell the
//! player can reach; the order is moves so far plus a weighted matching
//! bound. Two searches, one each way, meet when one finds a position the
//! other has stored.

mod child;
mod floor;
mod open;
mod order;
mod path;

use super::board::{Board, Cell, Mode, Targets, opposite};
use super::budget::Budget;
use super::corral::{CorralAreas, Corrals};
use super::corral_deadlock::{CorralDeadlocks, Fences};
use super::hungarian::Assignment;
use super::macros::Macros;
use super::marks::{Marks, flood_anew};
use super::pairs::{DeadPairs, box_row};
use super::small::{self, SmallBoard};
use super::table::{Lookup, Node, Table, Zobrist};
use child::Child;
use open::Open;
use order::{PULL_WEIGHT, PUSH_WEIGHT, priority};

/// The most bytes a search spends remembering the matchings of positions
/// it expanded: enough for most positions to find their parent's matching,
/// and small beside the position store. On Microban 153, with 4 MiB a third
/// of the positions whose children need bounds still got a full solve;
/// with 16 MiB, a seventh. Swept by time on the 1,133 shipped levels
/// (push-pull alone, 100,000 positions a level; docs/solver-log.md, "The
/// remembered matchings' bound"), two builds side by side: 16 against 4
/// MiB took 551 against 654 s, 64 against 16 MiB 448 against 550 s; but
/// in the race, where a side gets half, 64 MiB gained no level and lost
/// `XSokoban` 41.
pub const RECENT_BYTES: usize = 16 << 20;
/// Positions expanded before matchings are remembered: a hint on a small
/// level is answered sooner, and would pay for the copies and gain little.
const REMEMBER_AFTER: u64 = 1_000;

/// How many boxes' moves are tried between readings of the clock.
const CLOCK_EVERY: u32 = 16;

/// Where a slice of search left off.
pub enum Status {
    Running,
    /// Every position reachable this way has been seen.
    Exhausted,
    /// The memory cap is reached; this side can only be met now.
    Full,
    /// The clock ran out or the search was cancelled, mid-way.
    Stopped,
    /// A forward position with every box on a goal.
    Solved(u32),
    /// This side's node equals the other side's node.
    Met {
        own: u32,
        other: u32,
    },
}

pub struct Search<'a> {
    board: &'a Board,
    /// The goals, for freeze checks.
    goals: &'a Targets,
    /// Where this search takes the boxes: goals, or the start.
    targets: &'a Targets,
    mode: Mode,
    zobrist: &'a Zobrist,
    budget: &'a Budget<'a>,
    table: Table,
    open: Open,
    /// Positions expanded so far.
    expanded: u64,
    /// Boxes whose moves were tried, to read the clock every so often.
    boxes_tried: u32,
    occupied: Vec<bool>,
    /// Where the player can walk in the position being expanded.
    reach: Marks,
    /// Scratch marks for normalising each child's player.
    child_marks: Marks,
    /// On boards of at most 256 cells: the board as bits, the floor free
    /// of boxes, and where the player of the last normalised child can
    /// walk; these then stand in for `child_marks`.
    small: Option<SmallBoard>,
    free: small::Cells,
    child_reach: small::Cells,
    /// Where the player of the position being expanded can walk, as bits.
    parent_reach: small::Cells,
    stack: Vec<Cell>,
    frozen: Vec<Cell>,
    assignment: Assignment,
    /// Whether `assignment` holds the solution for the expanded position.
    based: bool,
    /// The child of the last expansion most likely to be expanded next
    /// (the lowest key), whose matching the assignment kept, and where its
    /// moved box went in the sorted order: (node, key, from, to).
    kept: Option<(u32, u64, usize, usize)>,
    /// On small boards, where the player of `kept` can walk: its area was
    /// worked out when it was found, so expanding it needs no flood.
    kept_reach: small::Cells,
    /// `kept` when it is the node being expanded now.
    reuse: Option<(usize, usize)>,
    parent_boxes: Vec<Cell>,
    /// The children of the position being expanded that passed the
    /// checks, in the order found, and their boxes end to end.
    children: Vec<Child>,
    children_boxes: Vec<Cell>,
    /// Pushing: the corrals of the position being expanded.
    areas: CorralAreas,
    corrals: Corrals,
    /// Pushing: fences proved dead so far.
    corral_deadlocks: Option<CorralDeadlocks>,
    macros: Macros,
    /// When a PI-corral was found, the only pushes worth making.
    only: Option<Vec<(Cell, usize)>>,
    /// Pairs of boxes that can never both get to the targets, once the
    /// level has proved hard enough to be worth the table.
    pairs: Option<&'a DeadPairs>,
    /// The expanded position's boxes as bits, for `pairs`.
    box_row: Vec<u64>,
    /// When heading home: the player's start square, for the pulling side.
    home: Option<Cell>,
    /// How much the bound counts against moves made: (bound, moves).
    weight: (u64, u64),
}

impl<'a> Search<'a> {
    pub fn new(
        board: &'a Board,
        (goals, targets): (&'a Targets, &'a Targets),
        mode: Mode,
        (zobrist, budget): (&'a Zobrist, &'a Budget<'a>),
        (box_count, max_nodes, recent_bytes): (usize, usize, usize),
    ) -> Self {
        let cells = board.cells();
        let small = SmallBoard::new(board);
        let free = small.as_ref().map_or([0, 0], SmallBoard::floor);
        Self {
            board,
            goals,
            targets,
            mode,
            zobrist,
            budget,
            table: Table::new(box_count, max_nodes),
            open: Open::default(),
            expanded: 0,
            boxes_tried: 0,
            occupied: vec![false; cells],
            reach: Marks::new(cells),
            child_marks: Marks::new(cells),
            small,
            free,
            child_reach: [0, 0],
            parent_reach: [0, 0],
            stack: Vec::new(),
            frozen: Vec::new(),
            assignment: Assignment::with_deadline(budget.deadline())
                .remembering(recent_bytes, (box_count, goals.len())),
            based: false,
            kept: None,
            kept_reach: [0, 0],
            reuse: None,
            parent_boxes: Vec::new(),
            children: Vec::new(),
            children_boxes: Vec::new(),
            areas: CorralAreas::new(cells),
            corrals: Corrals::default(),
            corral_deadlocks: None,
            macros: Macros::new(board, box_count == goals.len()),
            only: None,
            pairs: None,
            box_row: Vec::new(),
            home: None,
            weight: match mode {
                Mode::Push => (PUSH_WEIGHT, 1),
                Mode::Pull => (PULL_WEIGHT, 1),
            },
        }
    }

    /// Adds a starting position (boxes sorted); `Solved` if it already is.
    pub fn add_root(&mut self, boxes: &[Cell], player: Cell) -> Status {
        self.set_boxes(boxes, true);
        let player = self.normalise(player);
        self.set_boxes(boxes, false);
        let Some(bound) = self.bound(boxes) else {
            return if self.assignment.stopped() {
                Status::Stopped
            } else {
                Status::Running
            };
        };
        let hash = self.zobrist.hash(boxes, player);
        let Lookup::New(slot) = self.table.lookup(hash, boxes, player) else {
            return Status::Running;
        };
        let index = self.table.insert(slot, hash, Node::root(player), boxes);
        if bound == 0 && self.mode == Mode::Push {
            return Status::Solved(index);
        }
        self.open.push(priority(self.weight, 0, bound, index));
        Status::Running
    }

    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Lets this side hold what `total` nodes leave once `other` has its
    /// room: the two directions draw on one allowance.
    pub fn share(&mut self, total: usize, other: &Search<'_>) {
        let left = total.saturating_sub(other.table.reserved_nodes());
        self.table.set_max_nodes(left);
    }

    /// Puts positions from which the player cannot walk to `start` behind
    /// the others, by [`HOME_PENALTY`](order::HOME_PENALTY): only an order,
    /// never a prune. For the pulling side, whose last pulls must leave the
    /// player where the level starts it. On Microban 153 the plain pulling
    /// search reached every box but one on its start square within 0.7
    /// million positions, with the player walled off from its start, and
    /// spent 2.9 million more on such near misses; heading home it solved
    /// the level in 0.76 million in all.
    pub fn head_home(&mut self, start: Cell) {
        self.home = Some(start);
    }

    /// Counts the bound `bound` times against `moves` times the moves made
    /// (see [`PUSH_WEIGHT`]), for a search that leads rather than follows.
    pub fn weigh(&mut self, (bound, moves): (u64, u64)) {
        self.weight = (bound, moves);
    }

    /// From now on, prunes positions holding a pair in `pairs`.
    pub fn set_pairs(&mut self, pairs: Option<&'a DeadPairs>) {
        self.pairs = pairs;
    }

    /// From now on, pushing, prunes positions with a corral proved dead
    /// (see [`CorralDeadlocks`]); pulling, does nothing.
    pub fn prove_corrals(&mut self) {
        if self.mode == Mode::Push {
            self.corral_deadlocks = Some(CorralDeadlocks::new(self.board, Fences::Touching));
        }
    }

    /// Bytes held by the position store, the open list, the pairs and the
    /// remembered matchings.
    pub fn bytes(&self) -> usize {
        let pairs = self.pairs.map_or(0, DeadPairs::bytes);
        let corrals = self
            .corral_deadlocks
            .as_ref()
            .map_or(0, CorralDeadlocks::bytes);
        self.table.bytes() + self.open.bytes() + pairs + corrals + self.assignment.recent_bytes()
    }

    /// Expands up to `count` positions.
    pub fn step(&mut self, other: &Search<'_>, count: u32) -> Status {
        for _ in 0..count {
            let Some(key) = self.open.pop() else {
                return Status::Exhausted;
            };
            self.expanded += 1;
            // The next position to expand is known now; its node and row
            // arrive while this one is worked on.
            if let Some(next) = self.open.peek() {
                self.table.prefetch(next as u32);
            }
            match self.expand(key as u32, other) {
                Status::Running => {}
                done => return done,
            }
        }
        Status::Running
    }

    fn expand(&mut self, index: u32, other: &Search<'_>) -> Status {
        let node = self.table.node(index);
        // Unless the matching kept from the last expansion serves, the
        // first child's bound starts from the parent's remembered one:
        // ask for it, and for the parent's boxes, before the flood.
        let kept_here = self.kept.is_some_and(|(kept, ..)| kept == index);
        if node.parent != u32::MAX && !kept_here {
            self.table.prefetch(node.parent);
            self.assignment.prefetch(node.parent);
        }
        let mut parent_boxes = std::mem::take(&mut self.parent_boxes);
        parent_boxes.clear();
        parent_boxes.extend_from_slice(self.table.boxes(index));
        self.set_boxes(&parent_boxes, true);
        if self.pairs.is_some() {
            box_row(&mut self.box_row, self.board.cells(), &parent_boxes);
        }
        // Pulling needs the player's area only as bits, where the board
        // has them; pushing also needs it as marks, for the corrals.
        if let Some(small) = &self.small {
            self.parent_reach = if kept_here {
                self.kept_reach
            } else {
                small.flood(self.free, node.player)
            };
            debug_assert_eq!(self.parent_reach, small.flood(self.free, node.player));
            if self.mode == Mode::Push {
                self.reach.mark_only(small::each(self.parent_reach));
            }
        } else {
            flood_anew(
                self.board,
                &self.occupied,
                &mut self.reach,
                &mut self.stack,
                node.player,
            );
        }
        self.only = None;
        if self.mode == Mode::Push {
            self.areas.scan(self.board, &self.occupied, &self.reach);
            if self.is_corral_dead(&parent_boxes, node.player) {
                self.set_boxes(&parent_boxes, false);
                self.parent_boxes = parent_boxes;
                return Status::Running;
            }
            let position = (&self.occupied[..], &self.reach);
            let pi = self
                .corrals
                .pi_pushes(self.board, self.goals, position, &self.areas);
            self.only = pi.map(<[_]>::to_vec);
        }
        self.based = false;
        // Best-first search mostly expands a child of the last expansion
        // next; then its matching is at hand, saving the full solve.
        self.reuse = self
            .kept
            .take()
            .filter(|&(node, ..)| node == index)
            .map(|(_, _, from, to)| (from, to));
        self.children.clear();
        self.children_boxes.clear();
        let mut result = Status::Running;
        for (i, &from) in parent_boxes.iter().enumerate() {
            // Each box's moves take milliseconds on a level with thousands
            // of boxes, but microseconds on most: reading the clock for
            // every box cost a tenth of the time on Microban 153.
            self.boxes_tried = self.boxes_tried.wrapping_add(1);
            if self.boxes_tried.is_multiple_of(CLOCK_EVERY) && self.budget.stop().is_some() {
                result = Status::Stopped;
                break;
            }
            for dir in 0..4 {
                let Some((to, player)) = self.move_of(from, dir) else {
                    continue;
                };
                if self
                    .only
                    .as_ref()
                    .is_some_and(|only| !only.contains(&(to, dir)))
                {
                    continue;
                }
                let (to, player, run) = if self.mode == Mode::Push {
                    let (to, extra) =
                        self.macros
                            .extend(self.board, self.goals, &self.occupied, to, dir);
                    (to, self.board.next(to, opposite(dir)), 1 + extra)
                } else {
                    (to, player, 1)
                };
                self.move_box(from, to);
                self.gather(&parent_boxes, i, (to, dir, run), player);
                self.move_box(to, from);
            }
        }
        if matches!(result, Status::Running) {
            result = self.add_children(node, index, &parent_boxes, other);
        }
        self.set_boxes(&parent_boxes, false);
        self.parent_boxes = parent_boxes;
        result
    }

    /// Whether, pushing, a corral of the position being expanded is dead
    /// (see [`CorralDeadlocks`]); its corrals are marked.
    fn is_corral_dead(&mut self, boxes: &[Cell], player: Cell) -> bool {
        let Some(corrals) = self.corral_deadlocks.as_mut() else {
            return false;
        };
        corrals.is_dead(self.board, self.goals.dead(), (boxes, player), &self.areas)
    }

    /// The matching bound: moves each box needs to a target of its own.
    fn bound(&mut self, boxes: &[Cell]) -> Option<u32> {
        let targets = self.targets;
        self.assignment
            .solve(boxes.len(), targets.len(), |r| targets.costs(boxes[r]))
    }
}
