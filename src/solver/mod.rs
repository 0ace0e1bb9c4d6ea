//! The solver: finds a line of play from any position, within a time and
//! memory budget, and can be cancelled from another thread (the in-game hint
//! runs it in the background). Also the instant deadlock checks of
//! [`Deadlocks`].
//!
//! Two strategies race on two threads, each on the solver's own dense board
//! (see `board`) and each deterministic on its own: `bidirectional`, a
//! weighted best-first search pushing and pulling, guided by the
//! minimum-cost matching; and `fess`, a feature-space search over macro
//! moves. Both prune with dead squares, freeze deadlocks, PI-corrals and an
//! impossible box-to-goal matching. The first to finish wins.

mod bidirectional;
mod board;
mod budget;
mod corral;
mod deadlock;
mod fess;
mod hungarian;
mod macros;
mod marks;
mod moves;
mod packing;
mod parking;
mod path;
mod search;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use budget::TooLarge;
pub use deadlock::Deadlocks;

use crate::game::{Direction, Level, Pos, Step};
use board::{Board, Cell, Mode, Targets};
use budget::{Budget, Stop};

/// The budget for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time: Duration,
    /// The most the search's own tables may take; past it the search gives
    /// up instead of exhausting the machine.
    pub max_memory_bytes: usize,
    /// The most positions each strategy expands, for runs that repeat
    /// exactly whatever the machine's load; `None` for no limit.
    pub max_expansions: Option<u64>,
    pub strategy: Strategy,
}

/// Which searches run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strategy {
    /// Both below on two threads; the first answer wins.
    #[default]
    Race,
    /// Only the bidirectional push-pull search.
    PushPull,
    /// Only the feature-space search.
    Features,
}

impl Strategy {
    const ALL: [Strategy; 3] = [Strategy::Race, Strategy::PushPull, Strategy::Features];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Race => "race",
            Strategy::PushPull => "push-pull",
            Strategy::Features => "features",
        }
    }
}

impl std::str::FromStr for Strategy {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| format!("no strategy {name:?}: race, push-pull or features"))
    }
}

impl Limits {
    /// The memory cap used unless a caller asks otherwise: 1 GiB.
    pub const DEFAULT_MEMORY_BYTES: usize = 1 << 30;

    /// `time` with the default memory cap.
    pub fn with_time(time: Duration) -> Self {
        Self {
            time,
            max_memory_bytes: Self::DEFAULT_MEMORY_BYTES,
            max_expansions: None,
            strategy: Strategy::Race,
        }
    }

    /// These limits with `bytes` of memory instead.
    #[must_use]
    pub fn with_memory(self, bytes: usize) -> Self {
        Self {
            max_memory_bytes: bytes,
            ..self
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
pub fn solve(level: &Level, limits: &Limits, cancel: &AtomicBool) -> Outcome {
    solve_with_stats(level, limits, cancel).0
}

/// What a search did, for `bench`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions expanded, every strategy together.
    pub expanded: u64,
    /// The most the search's own tables held, in bytes.
    pub peak_bytes: usize,
    /// The strategy whose answer it is, once there is one.
    pub winner: Option<Strategy>,
}

/// What every strategy starts from: the board, the position on it, and each
/// cell's distance to each goal.
pub struct Setup {
    board: Board,
    /// Sorted.
    boxes: Vec<Cell>,
    player: Cell,
    goals: Targets,
}

/// [`solve`], also telling how much work and memory it took.
pub fn solve_with_stats(level: &Level, limits: &Limits, cancel: &AtomicBool) -> (Outcome, Stats) {
    let budget = Budget::new(limits.time, cancel);
    let (setup, tables) = match prepare(level, limits, &budget) {
        Ok(ready) => ready,
        Err(outcome) => return (outcome, Stats::default()),
    };
    let memory = limits.max_memory_bytes - tables;
    let expansions = limits.max_expansions.unwrap_or(u64::MAX);
    let (outcome, mut stats) = match limits.strategy {
        Strategy::PushPull => {
            let (outcome, stats) = bidirectional::solve(&setup, (memory, expansions), &budget);
            (outcome, with_winner(stats, Strategy::PushPull))
        }
        Strategy::Features => {
            let (outcome, stats) = fess::solve(&setup, (memory, expansions), &budget);
            (outcome, with_winner(stats, Strategy::Features))
        }
        Strategy::Race => race(&setup, (memory / 2, expansions), &budget),
    };
    stats.peak_bytes += tables;
    if !matches!(outcome, Outcome::Solved(_) | Outcome::Unsolvable) {
        stats.winner = None;
    }
    (outcome, stats)
}

fn with_winner(stats: Stats, strategy: Strategy) -> Stats {
    Stats {
        winner: Some(strategy),
        ..stats
    }
}

/// The board and position of `level` with the goal distances built, and
/// the bytes those tables take; or the outcome when the level is settled
/// or declined before any search.
fn prepare(level: &Level, limits: &Limits, budget: &Budget) -> Result<(Setup, usize), Outcome> {
    let board = Board::new(level).map_err(Outcome::TooLarge)?;
    let mut boxes: Vec<_> = level
        .boxes()
        .iter()
        .filter_map(|&p| board.cell(p))
        .collect();
    let player = board.cell(level.player());
    let Some(player) = player.filter(|_| boxes.len() == level.boxes().len()) else {
        return Err(Outcome::Unsolvable);
    };
    if boxes.len() > board.goals().len() {
        return Err(Outcome::Unsolvable);
    }
    boxes.sort_unstable();
    // Pulling needs every goal filled, so only when boxes and goals match;
    // then it has a table of its own.
    let pulling = boxes.len() == board.goals().len();
    let table = Targets::bytes(board.cells(), board.goals().len());
    let tables = if pulling { 2 * table } else { table };
    // The distance tables must leave at least half the cap to the search.
    if tables > limits.max_memory_bytes / 2 {
        return Err(Outcome::TooLarge(TooLarge {
            cells: board.cells(),
            goals: board.goals().len(),
        }));
    }
    let goals = Targets::new(&board, board.goals(), Mode::Push, budget).ok_or(stopped(budget))?;
    let setup = Setup {
        board,
        boxes,
        player,
        goals,
    };
    Ok((setup, table))
}

/// Runs both strategies on two threads, each with `memory` bytes, until one
/// has an answer (a solution, or the push-pull search's proof that there is
/// none) or the budget runs out. The feature search running out of moves
/// proves nothing here: it only ends its own thread.
fn race(setup: &Setup, (memory, expansions): (usize, u64), budget: &Budget) -> (Outcome, Stats) {
    let over = AtomicBool::new(false);
    let budget = budget.racing(&over);
    let ((pushed, push_stats), (featured, feature_stats)) = std::thread::scope(|scope| {
        let features = scope.spawn(|| {
            let result = fess::solve(setup, (memory, expansions), &budget);
            if matches!(result.0, Outcome::Solved(_)) {
                over.store(true, Ordering::Relaxed);
            }
            result
        });
        let result = bidirectional::solve(setup, (memory, expansions), &budget);
        if matches!(result.0, Outcome::Solved(_) | Outcome::Unsolvable) {
            over.store(true, Ordering::Relaxed);
        }
        // A panic in the feature search leaves the push-pull answer.
        let other = features
            .join()
            .unwrap_or((Outcome::GaveUp, Stats::default()));
        (result, other)
    });
    let stats = Stats {
        expanded: push_stats.expanded + feature_stats.expanded,
        peak_bytes: push_stats.peak_bytes + feature_stats.peak_bytes,
        winner: None,
    };
    // Both may finish at once; the push-pull answer then goes first.
    let (outcome, winner) = match (pushed, featured) {
        (outcome @ (Outcome::Solved(_) | Outcome::Unsolvable), _) => (outcome, Strategy::PushPull),
        (_, outcome @ Outcome::Solved(_)) => (outcome, Strategy::Features),
        (outcome, _) => (outcome, Strategy::PushPull),
    };
    (outcome, with_winner(stats, winner))
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
