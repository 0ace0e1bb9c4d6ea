//! The optimizer: shortens a solution the searches found, as YASS's and
//! Festival's optimizers do. It cuts the solution into windows, each a run
//! of consecutive pushes that moves only a few boxes, and re-solves each
//! window with a search that is optimal in moves, then pushes, over those
//! boxes alone, the others standing still. A shorter line replaces the
//! window; the rest of the solution plays on unchanged from where the
//! window ends, so the result is a solution whenever the input was.

mod bound;
mod grid;
#[cfg(test)]
mod tests;
mod walk;
mod window;

use std::sync::atomic::AtomicBool;

use schokoban_core::{Level, Step};

use crate::Limits;
use crate::budget::Budget;
use grid::{Grid, NONE};
use window::Window;

/// The most boxes a window may move, tried in this order: windows of few
/// boxes are cheap and most of the gain; more boxes find the detours that
/// need one box moved out of another's way. The pass of four boxes paid
/// once the bound of `bound.rs` let windows finish (`scripts/sweep`,
/// docs/solver.md, "The optimizer"): plan alone at 20,000 positions on
/// the six collections of the README's table, 143,140 moves with three
/// passes and 141,987 with four (98 of 530 shorter, 3 longer); on the 75
/// `XSokoban` levels the race solves at 2,000,000 positions, 55,797 and
/// 55,673. A fifth pass, of five boxes, pays where the optimizer has time
/// left over: plan alone at 10 s on the 472 levels of Microban I-IV and
/// Sasquatch I that it solves at 20,000 positions, 94,916 moves with four
/// passes and 93,964 with five (68 shorter, 3 longer); on the six
/// collections at 20,000 positions 141,987 and 141,723; on those 75
/// `XSokoban` levels at 10 s, where the budget binds, 55,627 and 55,649
/// (55,577 once a larger pass that saves sends the optimizer back to the
/// smallest, as `optimize` does).
const WINDOW_BOXES: [usize; 5] = [1, 2, 3, 4, 5];

/// The most pushes a window may hold. Kept by the sweep of 2026-11-25 over
/// the 1,133 shipped levels (`scripts/sweep`, plan alone, `--nodes 20000`;
/// docs/solver.md, "Sweeps"): plan's 584 solutions, 163,221 moves as
/// found, came to 149,935, 149,765 and 149,674 moves with windows of 20, 40
/// and 80 pushes; 80's 0.06% was not weighed against its optimizing time.
/// Again with the bound of `bound.rs`, where the optimizer's budget binds
/// (plan alone, the 75 `XSokoban` levels the race solves, `--nodes
/// 2000000`): 25, 40 and 80 pushes gave 56,181, 55,797 and 55,808 moves.
const WINDOW_PUSHES: usize = 40;

/// The most positions one window's search expands before it is abandoned,
/// so that one hopeless window cannot take the whole budget. Swept on the
/// 75 `XSokoban` levels the race solves, where the optimizer uses its whole
/// share of the time, with 2,000,000 positions for the search and for the
/// optimizer (docs/solver.md, "The optimizer"). With the bound of
/// `bound.rs`, from the same found solutions: 5,000, 20,000, 100,000 and
/// 300,000 came to 63,150, 62,708, 62,405 and 62,401 moves; from another
/// run's, 20,000 and 50,000 to 62,475 and 62,261. Plan alone at 10 s on
/// those levels: 55,968 moves with 20,000, 55,702 with 100,000.
const WINDOW_EXPANSIONS: u64 = 100_000;

/// Levels of at most this many boxes (as many as a window can move) are
/// first searched whole: one window over the whole solution, a search of
/// the level optimal in moves, then pushes. It finds what windows of five
/// boxes and 40 pushes cannot: Microban IV 34 came out at 102 moves, and
/// the fewest are 48. The race at 10 s on the 410 levels this small in the
/// README's six collections (docs/solver.md, "How far from the fewest
/// moves"): 86,075 moves before, 85,811 after, 23 levels shorter and none
/// longer, the optimizer taking 295 s in all instead of 529.
const WHOLE_BOXES: usize = window::MAX_BOXES;

/// The most positions the search over the whole solution expands before
/// the windows take over. Swept at 10 s on those 410 levels, two builds
/// side by side (docs/solver.md, "How far from the fewest moves"): 100,000
/// and 400,000 came to 85,913 and 86,205 moves, 400,000 finishing 20 more
/// levels whole but leaving the windows too little time on 11.
const WHOLE_EXPANSIONS: u64 = 100_000;

/// A solution after optimizing, and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimized {
    /// Never longer than the solution given, in moves, nor in pushes at
    /// the same moves.
    pub steps: Vec<Step>,
    /// Positions expanded by the window searches.
    pub expanded: u64,
}

/// Shortens `steps`, a solution of `level` from its boxes and player,
/// within `limits`' time and positions (`max_expansions`, in all); the
/// cancel flag stops it with what it has. Steps that do not solve the
/// level, or a level too large for the window searches, come back as given.
pub fn optimize(level: &Level, steps: &[Step], limits: &Limits, cancel: &AtomicBool) -> Optimized {
    let unchanged = Optimized {
        steps: steps.to_vec(),
        expanded: 0,
    };
    let Some(grid) = Grid::new(level) else {
        return unchanged;
    };
    let Some(mut trace) = Trace::new(&grid, level, steps) else {
        return unchanged;
    };
    if trace.pushes.is_empty() {
        // Solved from the start: no window to cut, and any walk is waste.
        return Optimized {
            steps: trace.steps,
            expanded: 0,
        };
    }
    let budget = Budget::new(limits.time, cancel);
    let mut left = limits.max_expansions.unwrap_or(u64::MAX);
    let mut expanded = 0;
    // A level of few boxes is first searched whole: when that search
    // finishes, its line has the fewest moves there are, and the windows
    // have nothing left to do.
    if trace.boxes[0].len() <= WHOLE_BOXES {
        let window = trace.window(&grid, 0, (WHOLE_BOXES, usize::MAX));
        let cap = left.min(WHOLE_EXPANSIONS);
        let (better, work) = window.solve(&grid, cap, &budget);
        expanded += work;
        left = left.saturating_sub(work);
        let finished = work < cap && budget.stop().is_none();
        let fewest = better.and_then(|line| Trace::new(&grid, level, &line));
        if fewest.is_some() || finished {
            let steps = fewest.map_or(trace.steps, |fewest| fewest.steps);
            return Optimized { steps, expanded };
        }
    }
    // Passes over the window sizes, smallest first. A pass of larger
    // windows that saves moves sends the optimizer back to the smallest:
    // the line it put in can leave a detour that a smaller window now cuts
    // (docs/solver.md, "The optimizer": rounds of every pass took plan's
    // solutions at 20,000 positions on the six collections the README's
    // table shows from 144,446 moves after one round to 143,911, Microban
    // II 130 from 502 to 334), and the cheap passes should have their turn
    // before a dear one spends the budget.
    let mut pass = 0;
    'passes: while pass < WINDOW_BOXES.len() {
        let moves_before = trace.steps.len();
        let mut start = 0;
        while start < trace.pushes.len() {
            if budget.stop().is_some() || left == 0 {
                break 'passes;
            }
            let window = trace.window(&grid, start, (WINDOW_BOXES[pass], WINDOW_PUSHES));
            let cap = left.min(WINDOW_EXPANSIONS);
            let (better, work) = window.solve(&grid, cap, &budget);
            expanded += work;
            left = left.saturating_sub(work);
            match better {
                Some(line) => {
                    let mut steps = trace.steps[..window.first_step].to_vec();
                    steps.extend(line);
                    steps.extend_from_slice(&trace.steps[window.end_step..]);
                    // The window's line ends where the old one did, so the
                    // new steps replay; a trace that does not is a bug, and
                    // the old solution stands.
                    if let Some(shorter) = Trace::new(&grid, level, &steps) {
                        trace = shorter;
                    } else {
                        debug_assert!(false, "an optimized window broke the solution");
                        start += 1;
                    }
                }
                None => start += 1,
            }
        }
        let saved = trace.steps.len() < moves_before;
        pass = if saved && pass > 0 { 0 } else { pass + 1 };
    }
    Optimized {
        steps: trace.steps,
        expanded,
    }
}

/// One push of a solution: its step, and which box it moves.
#[derive(Clone, Copy, Debug)]
struct Push {
    step: usize,
    box_id: usize,
}

/// A solution played through: each push, and the boxes and player before
/// each push, so that a window can start anywhere.
struct Trace {
    steps: Vec<Step>,
    pushes: Vec<Push>,
    /// `boxes[k]`: each box's cell before push `k`; the last entry is the
    /// solved position.
    boxes: Vec<Vec<u32>>,
    /// The player's cell before each push's walk begins, that is right
    /// after the push before; the last entry is after the last push.
    players: Vec<u32>,
}

impl Trace {
    /// Plays `steps` from `level`'s position; `None` when a step is not
    /// legal or the steps do not solve the level.
    fn new(grid: &Grid, level: &Level, steps: &[Step]) -> Option<Self> {
        let mut boxes: Vec<u32> = level
            .boxes()
            .iter()
            .map(|&pos| grid.cell(pos))
            .collect::<Option<_>>()?;
        let mut player = grid.cell(level.player())?;
        let mut trace = Self {
            steps: Vec::with_capacity(steps.len()),
            pushes: Vec::new(),
            boxes: vec![boxes.clone()],
            players: vec![player],
        };
        for (index, step) in steps.iter().enumerate() {
            let next = grid.next(player, step.direction);
            if next == NONE {
                return None;
            }
            let pushed = boxes.iter().position(|&b| b == next);
            if pushed.is_some() != step.push {
                return None;
            }
            if let Some(box_id) = pushed {
                let to = grid.next(next, step.direction);
                if to == NONE || boxes.contains(&to) {
                    return None;
                }
                boxes[box_id] = to;
                trace.pushes.push(Push {
                    step: index,
                    box_id,
                });
                trace.boxes.push(boxes.clone());
                trace.players.push(next);
            }
            player = next;
            trace.steps.push(*step);
        }
        // Walking after the last push adds moves and nothing else.
        let end = trace.pushes.last().map_or(0, |push| push.step + 1);
        trace.steps.truncate(end);
        let solved = boxes.iter().all(|&b| grid.is_goal(b));
        solved.then_some(trace)
    }

    /// The longest window from push `start` that moves at most `max_boxes`
    /// boxes in at most `max_pushes` pushes.
    fn window(&self, grid: &Grid, start: usize, (max_boxes, max_pushes): (usize, usize)) -> Window {
        let mut moving: Vec<usize> = Vec::new();
        let mut end = start;
        while end < self.pushes.len() && end - start < max_pushes {
            let id = self.pushes[end].box_id;
            if !moving.contains(&id) {
                if moving.len() == max_boxes {
                    break;
                }
                moving.push(id);
            }
            end += 1;
        }
        let first_step = if start == 0 {
            0
        } else {
            self.pushes[start - 1].step + 1
        };
        let end_step = self.pushes[end - 1].step + 1;
        let before = &self.boxes[start];
        let after = &self.boxes[end];
        let cells = |boxes: &[u32]| -> Vec<u32> {
            let mut cells: Vec<u32> = moving.iter().map(|&id| boxes[id]).collect();
            cells.sort_unstable();
            cells
        };
        let fixed: Vec<u32> = (0..before.len())
            .filter(|id| !moving.contains(id))
            .map(|id| before[id])
            .collect();
        Window {
            first_step,
            end_step,
            fixed: grid.occupancy(&fixed),
            from: (cells(before), self.players[start]),
            to: cells(after),
            // After the last push nothing follows, so the player may end
            // anywhere.
            to_player: (end < self.pushes.len()).then(|| self.players[end]),
            cost: (end_step - first_step, end - start),
        }
    }
}
