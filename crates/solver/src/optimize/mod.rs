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
/// need one box moved out of another's way. Swept with `scripts/sweep`
/// (docs/solver-log.md, "The optimizer"): plan alone at 20,000 positions
/// on the six collections of the README's table came to 143,140 moves
/// with passes up to three boxes, 141,987 up to four and 141,723 up to
/// five; at 10 s a level on the 472 levels of Microban I-IV and Sasquatch
/// I that plan solves, four and five came to 94,916 and 93,964 moves.
/// Where the optimizer's budget binds (`XSokoban`) five boxes cost
/// nothing: 55,627 and 55,577 moves on the 75 levels the race solves.
const WINDOW_BOXES: [usize; 5] = [1, 2, 3, 4, 5];

/// The most pushes a window may hold. Swept on the 75 `XSokoban` levels
/// the race solves, where the optimizer's budget binds (plan alone,
/// `--nodes 2000000`; docs/solver-log.md, "The optimizer"): windows of 25,
/// 40 and 80 pushes came to 56,181, 55,797 and 55,808 moves.
const WINDOW_PUSHES: usize = 40;

/// The most positions one window's search expands before it is abandoned,
/// so that one hopeless window cannot take the whole budget. Swept on the
/// 75 `XSokoban` levels the race solves, where the optimizer uses its whole
/// share of the time, with 2,000,000 positions for the search and for the
/// optimizer (docs/solver-log.md, "The optimizer"): 5,000, 20,000, 100,000
/// and 300,000 came to 63,150, 62,708, 62,405 and 62,401 moves; plan alone
/// at 10 s on those levels to 55,968 with 20,000 and 55,702 with 100,000.
const WINDOW_EXPANSIONS: u64 = 100_000;

/// Levels of at most this many boxes (as many as a window can move) are
/// first searched whole: one window over the whole solution, a search of
/// the level optimal in moves, then pushes. It finds what windows of five
/// boxes and 40 pushes cannot: Microban IV 34 takes 48 moves, and windows
/// alone left it at 102. The race at 10 s on the 410 levels this small in
/// the README's six collections (docs/solver-log.md, "How far from the
/// fewest moves"): 85,811 moves with the whole search first against 86,075
/// with windows alone, 23 levels shorter and none longer, and the
/// optimizer's time in all 295 s instead of 529.
const WHOLE_BOXES: usize = window::MAX_BOXES;

/// The most positions the search over the whole solution expands before
/// the windows take over. Swept at 10 s on those 410 levels, two builds
/// side by side (docs/solver-log.md, "How far from the fewest moves"):
/// 100,000 and 400,000 came to 85,913 and 86,205 moves, 400,000 finishing
/// 20 more levels whole but leaving the windows too little time on 11.
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
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// use schokoban_core::{Direction, Step, parse_level};
/// use schokoban_solver::{Limits, optimize};
///
/// let level = parse_level("#######\n#     #\n#@$  .#\n#     #\n#######\n")?;
/// let [up, down] = [Step::walk(Direction::Up), Step::walk(Direction::Down)];
/// let push = Step::push(Direction::Right);
/// // A detour up and back down before the three pushes.
/// let roundabout = [up, down, push, push, push];
/// let limits = Limits::with_time(Duration::from_secs(1));
/// let shorter = optimize(&level, &roundabout, &limits, &AtomicBool::new(false));
/// assert_eq!(shorter.steps, [push, push, push]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    // (Microban II 130: 502 moves after one round of every pass, 334 so;
    // docs/solver-log.md, "The optimizer"), and the cheap passes should
    // have their turn before a dear one spends the budget.
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
        let at_start = &self.boxes[start];
        let after = &self.boxes[end];
        let cells = |boxes: &[u32]| -> Vec<u32> {
            let mut cells: Vec<u32> = moving.iter().map(|&id| boxes[id]).collect();
            cells.sort_unstable();
            cells
        };
        let fixed: Vec<u32> = (0..at_start.len())
            .filter(|id| !moving.contains(id))
            .map(|id| at_start[id])
            .collect();
        Window {
            first_step,
            end_step,
            fixed: grid.occupancy(&fixed),
            from: (cells(at_start), self.players[start]),
            to: cells(after),
            // After the last push nothing follows, so the player may end
            // anywhere.
            to_player: (end < self.pushes.len()).then(|| self.players[end]),
            cost: (end_step - first_step, end - start),
        }
    }
}
