//! The solver: finds a line of play from any position, within a time and
//! memory budget, and can be cancelled from another thread (the in-game hint
//! runs it in the background). Also the instant deadlock checks of
//! [`Deadlocks`].
//!
//! The search is a weighted best-first search over pushes on its own dense
//! board (see `board`), pruned by dead squares, freeze deadlocks and an
//! impossible box-to-goal matching, and guided by the minimum-cost matching.
//! Everything is deterministic: the same position always gives the same
//! solution.

mod board;
mod budget;
mod corral;
mod deadlock;
mod hungarian;
mod macros;
mod marks;
mod parking;
mod path;
mod search;
mod table;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use budget::TooLarge;
pub use deadlock::Deadlocks;

use crate::game::{Direction, Level, Pos, Step};
use board::{Board, Cell, Mode, Targets};
use budget::{Budget, Stop};
use marks::{Marks, flood};
use search::{Search, Status};
use table::{Table, Zobrist};

/// Expansions each direction gets before the other takes a turn; the clock
/// and cancel flag are read after both: a few milliseconds at most, even on
/// large levels where one expansion takes tens of microseconds. Pulling
/// gets far more turns: it unpacks goal rooms, which is where levels are
/// hard, while the pushing side mostly needs to lay out positions for it to
/// meet. Measured with 10 s each, one push per 32 pulls instead of 32 each
/// solves `XSokoban` 1-20: 14 instead of 12, and Microban 153 in 8 s
/// instead of 23 s.
const PUSH_SLICE: u32 = 1;
const PULL_SLICE: u32 = 32;

/// The budget for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time: Duration,
    /// The most the search's own tables may take; past it the search gives
    /// up instead of exhausting the machine.
    pub max_memory_bytes: usize,
}

impl Limits {
    /// The memory cap used unless a caller asks otherwise: 1 GiB.
    pub const DEFAULT_MEMORY_BYTES: usize = 1 << 30;

    /// `time` with the default memory cap.
    pub fn with_time(time: Duration) -> Self {
        Self {
            time,
            max_memory_bytes: Self::DEFAULT_MEMORY_BYTES,
        }
    }
}

/// What a search ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every step (walks and pushes) from the given position to a solved one.
    Solved(Vec<Step>),
    /// Proven: no line of play solves the position.
    Unsolvable,
    /// The time or memory limit ran out first.
    GaveUp,
    /// The cancel flag was raised.
    Cancelled,
    /// The level's tables would not fit the memory cap: declined at once.
    TooLarge(TooLarge),
}

impl From<Stop> for Outcome {
    fn from(stop: Stop) -> Self {
        match stop {
            Stop::TimeUp => Outcome::GaveUp,
            Stop::Cancelled => Outcome::Cancelled,
        }
    }
}

/// Searches for a solution of `level` from its boxes and player (so a game's
/// `current_position()` works). Checks `cancel` every few milliseconds.
///
/// Two searches take turns: pushing from the position towards the goals,
/// and pulling from the goals back towards the position (which unpacks goal
/// rooms in an order that works). Either one finishing, or both meeting on
/// a common position, ends the search; either one running out of positions
/// proves there is no solution.
pub fn solve(level: &Level, limits: &Limits, cancel: &AtomicBool) -> Outcome {
    solve_with_stats(level, limits, cancel).0
}

/// What a search did, for `bench`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions expanded, both directions together.
    pub expanded: u64,
    /// The most the search's own tables held, in bytes.
    pub peak_bytes: usize,
}

/// [`solve`], also telling how much work and memory it took.
pub fn solve_with_stats(level: &Level, limits: &Limits, cancel: &AtomicBool) -> (Outcome, Stats) {
    let mut work = Stats::default();
    let budget = Budget::new(limits.time, cancel);
    let board = match Board::new(level) {
        Ok(board) => board,
        Err(too_large) => return (Outcome::TooLarge(too_large), work),
    };
    let mut boxes: Vec<_> = level
        .boxes()
        .iter()
        .filter_map(|&p| board.cell(p))
        .collect();
    let player = board.cell(level.player());
    let Some(player) = player.filter(|_| boxes.len() == level.boxes().len()) else {
        return (Outcome::Unsolvable, work);
    };
    if boxes.len() > board.goals().len() {
        return (Outcome::Unsolvable, work);
    }
    boxes.sort_unstable();
    // Pulling needs every goal filled, so only when boxes and goals match.
    let pulling = boxes.len() == board.goals().len();
    // The distance tables must leave at least half the cap to the search.
    let table = Targets::bytes(board.cells(), board.goals().len());
    let tables = if pulling { 2 * table } else { table };
    if tables > limits.max_memory_bytes / 2 {
        let too_large = TooLarge {
            cells: board.cells(),
            goals: board.goals().len(),
        };
        return (Outcome::TooLarge(too_large), work);
    }
    work.peak_bytes = tables;
    let Some(goals) = Targets::new(&board, board.goals(), Mode::Push, &budget) else {
        return (stopped(&budget), work);
    };
    let starts = if pulling {
        let Some(starts) = Targets::new(&board, &boxes, Mode::Pull, &budget) else {
            return (stopped(&budget), work);
        };
        starts
    } else {
        // The pulling side never runs; it only needs something to point at.
        goals.clone()
    };
    let zobrist = Zobrist::new(board.cells());
    // Each direction gets half of what the tables leave.
    let per_node = Table::bytes_per_node(boxes.len());
    let max_nodes = (limits.max_memory_bytes - tables) / per_node / 2;
    let sizes = (boxes.len(), max_nodes);
    let shared = (&zobrist, &budget);
    let mut forward = Search::new(&board, (&goals, &goals), Mode::Push, shared, sizes);
    let mut backward = Search::new(&board, (&goals, &starts), Mode::Pull, shared, sizes);
    let outcome = race(
        &board,
        (&mut forward, &mut backward),
        (&boxes, player),
        &budget,
    );
    work.expanded = forward.expanded() + backward.expanded();
    work.peak_bytes += forward.bytes() + backward.bytes();
    (outcome, work)
}

/// Runs the two searches in turns from the position `(boxes, player)`
/// until one finishes, they meet, or the budget runs out.
fn race(
    board: &Board,
    (forward, backward): (&mut Search, &mut Search),
    (boxes, player): (&[Cell], Cell),
    budget: &Budget,
) -> Outcome {
    match forward.add_root(boxes, player) {
        Status::Solved(_) => return Outcome::Solved(Vec::new()),
        Status::Stopped => return stopped(budget),
        _ => {}
    }
    let pulling = boxes.len() == board.goals().len();
    if pulling {
        for player in solved_player_areas(board) {
            if let Status::Stopped = backward.add_root(board.goals(), player) {
                return stopped(budget);
            }
        }
    }
    let mut running = [true, pulling];
    while running.iter().any(|&r| r) {
        if let Some(stop) = budget.stop() {
            return stop.into();
        }
        for (side, active) in running.iter_mut().enumerate() {
            if !*active {
                continue;
            }
            let status = if side == 0 {
                forward.step(backward, PUSH_SLICE)
            } else {
                backward.step(forward, PULL_SLICE)
            };
            let pushes = match status {
                Status::Running => continue,
                Status::Full => {
                    *active = false;
                    continue;
                }
                Status::Stopped => return stopped(budget),
                Status::Exhausted => return Outcome::Unsolvable,
                Status::Solved(index) => forward.pushes(index),
                Status::Met { own, other } => {
                    let (f, b) = if side == 0 {
                        (own, other)
                    } else {
                        (other, own)
                    };
                    let mut pushes = forward.pushes(f);
                    pushes.extend(backward.pushes(b));
                    pushes
                }
            };
            return Outcome::Solved(path::steps(board, boxes, player, &pushes));
        }
    }
    Outcome::GaveUp
}

/// The outcome of a search the budget stopped part-way.
fn stopped(budget: &Budget) -> Outcome {
    budget.stop().map_or(Outcome::GaveUp, Outcome::from)
}

/// The first push of `steps` played from `level`'s position: where that
/// box stands now and which way it goes. This is what a hint shows.
pub fn next_push(level: &Level, steps: &[Step]) -> Option<(Pos, Direction)> {
    let mut player = level.player();
    for step in steps {
        let next = level.neighbour(player, step.direction)?;
        if step.push {
            return Some((next, step.direction));
        }
        player = next;
    }
    None
}

/// One cell from each area the player could stand in once every goal holds
/// a box: the roots of the pulling search.
fn solved_player_areas(board: &Board) -> Vec<Cell> {
    let mut occupied = vec![false; board.cells()];
    for &g in board.goals() {
        occupied[usize::from(g)] = true;
    }
    let mut marks = Marks::new(board.cells());
    marks.next();
    let mut stack = Vec::new();
    let mut areas = Vec::new();
    for cell in 0..board.cells() as Cell {
        if !occupied[usize::from(cell)] && !marks.has(cell) {
            areas.push(flood(board, &occupied, &mut marks, &mut stack, cell));
        }
    }
    areas
}
