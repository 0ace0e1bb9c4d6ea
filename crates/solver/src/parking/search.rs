//! The relaxed backward search behind a parking plan: from "all goals
//! full", boxes are pulled with macro pulls (the other boxes in the way) and
//! a box that reaches an unused start square leaves the board. Removals come
//! first: when any box can leave, only leaving moves are generated. Best
//! first on (boxes left, pulls so far), so the first line to clear the board
//! is the plan.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use crate::board::{Board, Cell, Mode, NONE, dead_squares};
use crate::budget::{Budget, Stop};
use crate::marks::{Marks, flood, solved_areas};
use crate::moves::{MacroMove, MacroMoves};

/// The work the search may do before it gives up without a plan: a unit
/// per box of each position searched, per pull found and per position
/// made, which is what its floods came to when each of those cost one.
/// Swept over the 1,133 shipped levels then (plan alone, 20,000
/// positions a level; docs/solver-log.md, "Sweeps", the plan search's floods):
/// 50,000, 500,000 and 2,000,000 solved 637, 639 and 636. Positions met in
/// the middle of a level need more than its start: on the hint positions
/// along `XSokoban` 39's solution, 8 pushes apart, plans took 128,000 to
/// 1,850,000 floods where the start's took 7,448, and the race at 10 s
/// left 13, 9 and 8 of 91 without a hint. Since the pulls read one search
/// of the floor (`moves::pulls`), the same cap covers the same positions
/// and finds the same plans in 0.4 of the time (docs/solver-log.md,
/// "macro pulls without floods"). The searches share the plan
/// (`SharedPlan`), so a level without one pays for the work once.
pub const MAX_WORK: usize = 500_000;
/// The memory the search may hold by its own count, under the 1 GiB
/// that each of the race's two threads gets by default. With 10 million
/// units of work ([`super::LATE_WORK`]) and no such cap, the search
/// reached 576 MB (the process's peak, late-plan alone) on Sasquatch XI
/// 35 (36 boxes) before giving up; with it, it gives up at 266 MB. With
/// 256 MiB instead, Sasquatch VI 30 (20 boxes, 274 MB) lost its plan, the
/// only one of the 54 found within 10 million units to do so.
pub const MAX_BYTES: usize = 384 << 20;
/// Larger boards are declined at once, as the backward search declines
/// them, and start squares are kept as a 64-bit set.
const MAX_CELLS: usize = 1_000;
const MAX_BOXES: usize = 64;

/// One backward move: the box on `from` pulled to `to`, and taken off the
/// board there when `to` is a start square it used up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackMove {
    pub from: Cell,
    pub to: Cell,
    pub removed: bool,
}

/// The backward line from "all goals full" to "every box gone or on a start
/// square that is a goal".
pub struct BackLine {
    pub moves: Vec<BackMove>,
    /// Boxes still on the board at the end: on goal starts when the line
    /// is complete, anywhere when it is not.
    pub kept: Vec<Cell>,
    /// Whether the line clears the board; when not, it is the line to the
    /// position with the fewest boxes left that the search reached first.
    pub complete: bool,
}

struct Node {
    boxes: Vec<Cell>,
    /// Start squares (by index in the non-goal starts) already used.
    used: u64,
    player: Cell,
    pulls: u32,
    parent: usize,
    last: Option<BackMove>,
}

struct Context<'a> {
    board: &'a Board,
    /// Index of each non-goal start square among them, per cell.
    start_index: Vec<Option<u8>>,
    goal_start: Vec<bool>,
    /// Cells from which no start square can be reached by pulling.
    dead: Vec<bool>,
    moves: MacroMoves,
    out: Vec<MacroMove>,
    marks: Marks,
    stack: Vec<Cell>,
    /// The work so far, counted as [`MAX_WORK`] counts it.
    work: usize,
    /// The work allowed.
    max_work: usize,
}

/// The backward line for `board`: complete when the search clears the
/// board within `max_work` units (see [`MAX_WORK`]) and `max_bytes` of
/// memory (see [`MAX_BYTES`]), else the line to the position with the
/// fewest boxes left; `Ok(None)` when the board is past the caps.
pub fn backward_line(
    board: &Board,
    starts: &[Cell],
    budget: &Budget,
    (max_work, max_bytes): (usize, usize),
) -> Result<Option<BackLine>, Stop> {
    if board.cells() > MAX_CELLS || starts.len() > MAX_BOXES || starts.len() != board.goals().len()
    {
        return Ok(None);
    }
    let mut start_index = vec![None; board.cells()];
    let mut goal_start = vec![false; board.cells()];
    let mut loose = 0;
    for &s in starts {
        if board.is_goal(s) {
            goal_start[usize::from(s)] = true;
        } else {
            start_index[usize::from(s)] = Some(loose);
            loose += 1;
        }
    }
    let mut context = Context {
        board,
        start_index,
        goal_start,
        dead: dead_squares(board, starts, Mode::Pull),
        moves: MacroMoves::new(board.cells()),
        out: Vec::new(),
        marks: Marks::new(board.cells()),
        stack: Vec::new(),
        work: 0,
        max_work,
    };
    let mut nodes = roots(board);
    if nodes.is_empty() {
        return Ok(None);
    }
    let mut seen: HashSet<(Vec<Cell>, u64, Cell)> = nodes
        .iter()
        .map(|n| (n.boxes.clone(), n.used, n.player))
        .collect();
    let mut open: BinaryHeap<Reverse<(usize, u32, usize)>> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| Reverse((n.boxes.len(), 0, i)))
        .collect();
    let mut children = Vec::new();
    // Each node's boxes are stored twice, in the node and in `seen`.
    let boxes_bytes = 2 * (std::mem::size_of_val(starts) + 16);
    // The position with the fewest boxes left reached first, for a line
    // that stops short.
    let mut best = 0;
    while let Some(Reverse((left, _, index))) = open.pop() {
        if let Some(stop) = budget.stop() {
            return Err(stop);
        }
        if left < nodes[best].boxes.len() {
            best = index;
        }
        let held = nodes.capacity() * std::mem::size_of::<Node>()
            + seen.capacity() * (std::mem::size_of::<(Vec<Cell>, u64, Cell)>() + 1)
            + open.capacity() * std::mem::size_of::<Reverse<(usize, u32, usize)>>()
            + nodes.len() * boxes_bytes;
        if held > max_bytes {
            return Ok(Some(line(&nodes, best, false)));
        }
        let node = &nodes[index];
        if node
            .boxes
            .iter()
            .all(|&b| context.goal_start[usize::from(b)])
        {
            return Ok(Some(line(&nodes, index, true)));
        }
        if !context.expand(node, index, budget, &mut children)? {
            return Ok(Some(line(&nodes, best, false)));
        }
        for child in children.drain(..) {
            if seen.insert((child.boxes.clone(), child.used, child.player)) {
                open.push(Reverse((child.boxes.len(), child.pulls, nodes.len())));
                nodes.push(child);
            }
        }
    }
    Ok(Some(line(&nodes, best, false)))
}

/// One root per area of free floor with every goal full.
fn roots(board: &Board) -> Vec<Node> {
    solved_areas(board)
        .into_iter()
        .map(|player| Node {
            boxes: board.goals().to_vec(),
            used: 0,
            player,
            pulls: 0,
            parent: usize::MAX,
            last: None,
        })
        .collect()
}

/// The moves from the root to `end`, and the boxes left there.
fn line(nodes: &[Node], end: usize, complete: bool) -> BackLine {
    let mut moves = Vec::new();
    let mut at = end;
    while let Some(last) = nodes[at].last {
        moves.push(last);
        at = nodes[at].parent;
    }
    moves.reverse();
    BackLine {
        moves,
        kept: nodes[end].boxes.clone(),
        complete,
    }
}

impl Context<'_> {
    /// The children of `node`: only removals when there are any. `false`
    /// when the work allowed has run out.
    fn expand(
        &mut self,
        node: &Node,
        index: usize,
        budget: &Budget,
        children: &mut Vec<Node>,
    ) -> Result<bool, Stop> {
        if let Some(stop) = budget.stop() {
            return Err(stop);
        }
        if self.work > self.max_work {
            return Ok(false);
        }
        let board = self.board;
        let mut occupied = vec![false; board.cells()];
        for &b in &node.boxes {
            occupied[usize::from(b)] = true;
        }
        let mut moves = std::mem::take(&mut self.out);
        self.moves
            .pulls(board, &self.dead, &occupied, node.player, &mut moves);
        // Counted as when each pull, each box and each child cost a flood,
        // so that the cap's sweep still holds (see `MAX_WORK`).
        self.work += node.boxes.len() + moves.len();
        let leaving = |mv: &MacroMove| {
            self.start_index[usize::from(mv.to)].is_some_and(|i| node.used & (1 << i) == 0)
        };
        let any_leaving = moves.iter().any(leaving);
        for mv in &moves {
            let removed = leaving(mv);
            if any_leaving && !removed {
                continue;
            }
            self.work += 1;
            let player = if removed || mv.player == NONE {
                // The area without the box, or one the generator could
                // not name at once.
                occupied[usize::from(mv.from)] = false;
                occupied[usize::from(mv.to)] = !removed;
                self.marks.next();
                let behind = board.next(mv.to, usize::from(mv.last));
                let player = flood(board, &occupied, &mut self.marks, &mut self.stack, behind);
                occupied[usize::from(mv.to)] = false;
                occupied[usize::from(mv.from)] = true;
                player
            } else {
                mv.player
            };
            let mut boxes: Vec<Cell> = node
                .boxes
                .iter()
                .copied()
                .filter(|&b| b != mv.from)
                .collect();
            let mut used = node.used;
            if removed {
                let start = self.start_index[usize::from(mv.to)].unwrap_or_default();
                used |= 1 << start;
            } else {
                boxes.push(mv.to);
                boxes.sort_unstable();
            }
            children.push(Node {
                boxes,
                used,
                player,
                pulls: node.pulls + mv.pushes,
                parent: index,
                last: Some(BackMove {
                    from: mv.from,
                    to: mv.to,
                    removed,
                }),
            });
        }
        self.out = moves;
        Ok(true)
    }
}
