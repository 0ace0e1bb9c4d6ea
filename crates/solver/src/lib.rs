#![deny(missing_docs)]
#![doc = include_str!("../README.md")]
//!
//! ## Inside
//!
//! Searches race on the solver's own dense board (see `board`), each
//! deterministic on its own: `bidirectional`, a weighted best-first search
//! pushing and pulling, guided by the minimum-cost matching, in three
//! variants (push-pull, homeward, forward); and `fess`, a feature-space
//! search over macro moves, in nine pushing variants (features, hotspots,
//! hotspots-restarts, hot-cells, plan, plan-hot-cells, late-plan,
//! partial-plan, partial-plan-hot-cells), one pulling from the goals
//! (backward) and one that meets a pulling search's spread (imagine).
//! [`Strategy`] lists them, from one table (`strategy`). Two threads run
//! them in turn, each for a share of the time, by the level's size (see
//! `race`). All prune with dead squares, freeze deadlocks, PI-corrals,
//! corral deadlocks (`corral_deadlock`), dead pairs (`pairs`) and an
//! impossible box-to-goal matching, and those that push with closed
//! diagonals (`diagonal`). The first answer wins. [`solve_knowing`]
//! answers at once along solutions the caller knows ([`Known`]), and
//! [`optimize`] shortens a solution. The design: the game's
//! `docs/solver.md`.

mod bidirectional;
mod bits;
mod board;
mod budget;
mod corral;
mod corral_deadlock;
mod deadlock;
mod diagonal;
mod fess;
mod hungarian;
mod known;
mod limits;
mod macros;
mod marks;
mod matching;
mod moves;
mod optimize;
mod packing;
mod pairs;
mod parking;
mod path;
mod prefetch;
mod race;
mod rooms;
mod search;
#[cfg(test)]
mod shipped;
mod small;
mod strategy;
mod table;

use std::sync::atomic::AtomicBool;

pub use budget::TooLarge;
pub use deadlock::Deadlocks;
pub use known::{Known, NEAR_POSITIONS, solve_knowing};
pub use limits::{Limits, OPTIMIZE_SHARE_PERCENT};
pub use optimize::{Optimized, optimize};
pub use rooms::giant_room;
pub use strategy::{Strategy, UnknownStrategy};

use board::{Board, Cell, Mode, Targets};
use budget::{Budget, Stop};
use pairs::SharedPairs;
use parking::SharedPlan;
use schokoban_core::{Direction, Level, Pos, Step};

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
    /// A bug in the solver, not a hard level.
    Failed(Failure),
}

/// Why the solver failed: a bug, never a hard level, so that it is
/// reported rather than passed off as a search that gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A search panicked, with the panic's message.
    Panicked(String),
    /// The race could not start its second thread, with the system's
    /// reason.
    NoThread(std::io::ErrorKind),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Panicked(message) => f.write_str(message),
            Failure::NoThread(why) => write!(f, "cannot start a search thread: {why}"),
        }
    }
}

impl std::error::Error for Failure {}

impl Outcome {
    /// Whether this ends a race: a solution, a proof there is none, or a
    /// failure, which is reported rather than hidden behind another
    /// search's answer.
    fn is_decisive(&self) -> bool {
        matches!(
            self,
            Outcome::Solved(_) | Outcome::Unsolvable | Outcome::Failed(_)
        )
    }
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
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// use schokoban_core::parse_level;
/// use schokoban_solver::{Limits, Outcome, solve};
///
/// let cancel = AtomicBool::new(false);
/// let limits = Limits::with_time(Duration::from_secs(10));
/// let corner = parse_level("#####\n#. .#\n# $ #\n#$@ #\n#####\n")?;
/// assert_eq!(solve(&corner, &limits, &cancel), Outcome::Unsolvable);
/// let corridor = parse_level("######\n#@$ .#\n######\n")?;
/// assert!(matches!(solve(&corridor, &limits, &cancel), Outcome::Solved(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
pub(crate) struct Setup {
    board: Board,
    /// Sorted.
    boxes: Vec<Cell>,
    player: Cell,
    goals: Targets,
    /// Built when a search first needs them.
    pairs: SharedPairs,
    /// The parking plan, worked out when a feature search first needs it.
    plan: SharedPlan,
}

/// [`solve`], also telling how much work and memory it took.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// use schokoban_core::parse_level;
/// use schokoban_solver::{Limits, Outcome, Strategy, solve_with_stats};
///
/// let level = parse_level("######\n#@$ .#\n######\n")?;
/// // Push-pull alone, at most 1,000 positions: the same work on any machine.
/// let limits = Limits {
///     strategy: Strategy::PushPull,
///     max_expansions: Some(1_000),
///     ..Limits::with_time(Duration::from_secs(10))
/// };
/// let (outcome, stats) = solve_with_stats(&level, &limits, &AtomicBool::new(false));
/// assert!(matches!(outcome, Outcome::Solved(_)));
/// assert_eq!(stats.winner, Some(Strategy::PushPull));
/// assert!(stats.expanded <= 2_000, "each side at most 1,000");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_with_stats(level: &Level, limits: &Limits, cancel: &AtomicBool) -> (Outcome, Stats) {
    guarded(|| solve_unguarded(level, limits, cancel))
}

fn solve_unguarded(level: &Level, limits: &Limits, cancel: &AtomicBool) -> (Outcome, Stats) {
    let budget = Budget::new(limits.time, cancel);
    let (setup, reserved) = match prepare(level, limits, &budget) {
        Ok(ready) => ready,
        Err(outcome) => return (outcome, Stats::default()),
    };
    let memory = limits.max_memory_bytes - reserved;
    let expansions = limits.max_expansions.unwrap_or(u64::MAX);
    let strategy = limits.strategy;
    let limits = (memory, expansions);
    let (outcome, mut stats) = run(strategy, &setup, limits, &budget);
    // The pulling search counts its own table.
    stats.peak_bytes += Targets::bytes(setup.board.cells(), setup.goals.len());
    if !matches!(outcome, Outcome::Solved(_) | Outcome::Unsolvable) {
        stats.winner = None;
    }
    (outcome, stats)
}

/// The board and position of `level` with the goal distances built, and
/// the bytes kept for distance tables (the pulling search builds its own
/// later); or the outcome when the level is settled
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
        pairs: SharedPairs::default(),
        plan: SharedPlan::default(),
    };
    Ok((setup, tables))
}

/// The search `strategy` names, with its name as the winner when it has
/// the answer; the race names the winner of its own.
fn run(
    strategy: Strategy,
    setup: &Setup,
    limits: (usize, u64),
    budget: &Budget,
) -> (Outcome, Stats) {
    guarded(|| run_unguarded(strategy, setup, limits, budget))
}

fn run_unguarded(
    strategy: Strategy,
    setup: &Setup,
    limits: (usize, u64),
    budget: &Budget,
) -> (Outcome, Stats) {
    let (outcome, stats) = strategy.search(setup, limits, budget);
    if strategy.is_race() {
        return (outcome, stats);
    }
    let winner = outcome.is_decisive().then_some(strategy);
    (outcome, Stats { winner, ..stats })
}

/// Runs `search`, turning a panic into [`Outcome::Failed`] with the
/// panic's message, so that a solver bug is reported as one instead of
/// passing for a search that gave up.
fn guarded(search: impl FnOnce() -> (Outcome, Stats)) -> (Outcome, Stats) {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(search))
        .unwrap_or_else(|panic| (panicked(&*panic), Stats::default()))
}

/// The failure of a search that panicked, with the text the panic was
/// raised with, when it has one.
fn panicked(panic: &(dyn std::any::Any + Send)) -> Outcome {
    let message = panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a search panicked".to_owned());
    Outcome::Failed(Failure::Panicked(message))
}

/// The outcome of a search the budget stopped part-way.
fn stopped(budget: &Budget) -> Outcome {
    budget.stop().map_or(Outcome::GaveUp, Outcome::from)
}

/// The first push of `steps` played from `level`'s position: where that
/// box stands now and which way it goes. This is what a hint shows.
///
/// ```
/// use schokoban_core::{Direction, Pos, Step, parse_level};
/// use schokoban_solver::next_push;
///
/// let level = parse_level("######\n#    #\n#.$ @#\n#    #\n######\n")?;
/// let steps = [Step::walk(Direction::Left), Step::push(Direction::Left)];
/// assert_eq!(next_push(&level, &steps), Some((Pos::new(2, 2), Direction::Left)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_search_is_a_failure_with_its_message() {
        let failed = guarded(|| panic!("a bug at {}", 7));
        let panicked = |message: &str| Outcome::Failed(Failure::Panicked(message.to_owned()));
        assert_eq!(failed.0, panicked("a bug at 7"));
        let failed = guarded(|| std::panic::panic_any(3_u8));
        assert_eq!(failed.0, panicked("a search panicked"));
        let fine = guarded(|| (Outcome::Unsolvable, Stats::default()));
        assert_eq!(fine.0, Outcome::Unsolvable);
    }
}
