#![deny(missing_docs)]
#![doc = include_str!("../README.md")]
//!
//! ## Inside
//!
//! The solver: finds a line of play from any position, within a time and
//! memory budget, and can be cancelled from another thread (the in-game hint
//! runs it in the background). Also the instant deadlock checks of
//! [`Deadlocks`].
//!
//! Searches race on the solver's own dense board (see `board`), each
//! deterministic on its own: `bidirectional`, a weighted best-first search
//! pushing and pulling, guided by the minimum-cost matching, in three
//! variants (pulling-led, pulling home, pushing-led); and `fess`, a
//! feature-space search over macro moves, in four variants, and run
//! backwards from the goals (`fess::backward`). Two threads
//! run them in turn, each for a share of the time, by the level's size
//! (see `race`). All prune with dead squares, freeze deadlocks, PI-corrals,
//! corral deadlocks (`corral_deadlock`) and an impossible box-to-goal
//! matching, and those that push with closed diagonals (`diagonal`). The
//! first answer wins.

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
mod table;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use budget::TooLarge;
pub use deadlock::Deadlocks;
pub use optimize::{Optimized, optimize};
pub use rooms::giant_room;

use bidirectional::Lead;
use board::{Board, Cell, Mode, Targets};
use budget::{Budget, Stop};
use fess::{Advice, Cells, Guide, Order, Variant};
use pairs::SharedPairs;
use parking::SharedPlan;
use schokoban_core::{Direction, Level, Pos, Step};

/// The share of the time left after a solution is found that optimizing
/// it may take, in percent. Most solutions are optimized long before: the
/// optimizer stops once no window gets shorter.
pub const OPTIMIZE_SHARE_PERCENT: u32 = 50;

/// The budget for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long the search may take in all.
    pub time: Duration,
    /// The most the search's own tables may take; past it the search gives
    /// up instead of exhausting the machine.
    pub max_memory_bytes: usize,
    /// The most positions each strategy expands, for runs that repeat
    /// exactly whatever the machine's load; `None` for no limit.
    pub max_expansions: Option<u64>,
    /// Which searches run.
    pub strategy: Strategy,
}

/// The feature searches, as [`Strategy`] names them.
const FEATURES: Variant = Variant {
    advice: Advice::Plain,
    guide: Guide::Layers,
    cells: Cells::PackingAndAreas,
    order: Order::Oldest,
};
const HOTSPOTS: Variant = Variant {
    advice: Advice::Hotspots,
    guide: Guide::Layers,
    cells: Cells::PackingAndAreas,
    order: Order::Oldest,
};
const HOT_CELLS: Variant = Variant {
    cells: Cells::WithHotspots,
    ..HOTSPOTS
};
const PLAN: Variant = Variant {
    advice: Advice::Plain,
    guide: Guide::Plan,
    cells: Cells::PackingAndAreas,
    order: Order::Oldest,
};
const PLAN_HOT_CELLS: Variant = Variant {
    guide: Guide::Plan,
    ..HOT_CELLS
};
const LATE_PLAN: Variant = Variant {
    guide: Guide::LatePlan,
    ..PLAN
};
const PARTIAL_PLAN: Variant = Variant {
    guide: Guide::PartialPlan,
    ..PLAN
};
const PARTIAL_PLAN_HOT_CELLS: Variant = Variant {
    guide: Guide::PartialPlan,
    ..HOT_CELLS
};

/// Which searches run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strategy {
    /// Searches in turn on two threads, each for a share of the time, by
    /// the level's size (see `race::schedules`). The first answer wins.
    #[default]
    Race,
    /// Only the bidirectional push-pull search.
    PushPull,
    /// Push-pull with its pulling side heading for the player's start
    /// square (see `Search::head_home`).
    Homeward,
    /// Push-pull led by its pushing side, greedier (see
    /// `bidirectional::Lead::Pushing`).
    Forward,
    /// Only the feature-space search, advised by packing and connectivity.
    Features,
    /// Only the feature-space search with a hotspot advisor besides.
    Hotspots,
    /// `Hotspots` taking work of equal weight and features in a shuffled
    /// order, started again with another shuffle every so many positions
    /// (see `fess::restarts`).
    HotspotsRestarts,
    /// `Hotspots` whose cells also count boxes in other boxes' way.
    HotCells,
    /// Only the feature-space search advised as `Features`, counting
    /// progress along the backward plan on every level.
    Plan,
    /// `HotCells` counting progress along the backward plan, as `Plan`
    /// does: on levels with a plan it solves some that neither solves
    /// (see `race`, the first thread on levels of 13 to 24 boxes).
    PlanHotCells,
    /// `Plan` on levels where the plan search finds no plan within its
    /// usual work but finds one with 20 times as much (see
    /// `SharedPlan::late`); elsewhere it gives up at once.
    LatePlan,
    /// `Plan` on levels where the plan search clears no board, counting
    /// progress along its line to the fewest boxes left (see
    /// `SharedPlan::partial`); elsewhere it gives up at once.
    PartialPlan,
    /// `HotCells` counting progress along the partial plan, as
    /// `PartialPlan` does; elsewhere it gives up at once.
    PartialPlanHotCells,
    /// Only the feature-space search run backwards, pulling from the
    /// solved position to the start.
    Backward,
    /// The backward search spreading the boxes out, then `Hotspots`
    /// heading for its best position (see `fess::imagine`).
    Imagine,
}

impl Strategy {
    const ALL: [Strategy; 15] = [
        Strategy::Race,
        Strategy::PushPull,
        Strategy::Homeward,
        Strategy::Forward,
        Strategy::Features,
        Strategy::Hotspots,
        Strategy::HotspotsRestarts,
        Strategy::HotCells,
        Strategy::Plan,
        Strategy::PlanHotCells,
        Strategy::LatePlan,
        Strategy::PartialPlan,
        Strategy::PartialPlanHotCells,
        Strategy::Backward,
        Strategy::Imagine,
    ];

    /// The name `bench --strategy` takes.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Race => "race",
            Strategy::PushPull => "push-pull",
            Strategy::Homeward => "homeward",
            Strategy::Forward => "forward",
            Strategy::Features => "features",
            Strategy::Hotspots => "hotspots",
            Strategy::HotspotsRestarts => "hotspots-restarts",
            Strategy::HotCells => "hot-cells",
            Strategy::Plan => "plan",
            Strategy::PlanHotCells => "plan-hot-cells",
            Strategy::LatePlan => "late-plan",
            Strategy::PartialPlan => "partial-plan",
            Strategy::PartialPlanHotCells => "partial-plan-hot-cells",
            Strategy::Backward => "backward",
            Strategy::Imagine => "imagine",
        }
    }
}

impl std::str::FromStr for Strategy {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                let [rest @ .., last] = Self::ALL.map(Strategy::name);
                format!("no strategy {name:?}: {} or {last}", rest.join(", "))
            })
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

    /// The limits for optimizing a solution that a search under these
    /// limits found after `spent`: [`OPTIMIZE_SHARE_PERCENT`] of the time
    /// left, and as many positions as each search may expand.
    #[must_use]
    pub fn for_optimizer(self, spent: Duration) -> Self {
        let left = self.time.saturating_sub(spent);
        Self {
            time: left / 100 * OPTIMIZE_SHARE_PERCENT,
            ..self
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
    /// A search panicked: a bug in the solver, not a hard level. Holds the
    /// panic's message.
    Failed(String),
}

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
    /// Built when a search first needs them.
    pairs: SharedPairs,
    /// The parking plan, worked out when a feature search first needs it.
    plan: SharedPlan,
}

/// [`solve`], also telling how much work and memory it took.
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
    let (outcome, stats) = match strategy {
        Strategy::Race => return race::race(setup, limits, budget),
        Strategy::PushPull => bidirectional::solve(setup, limits, budget, Lead::Pulling),
        Strategy::Homeward => bidirectional::solve(setup, limits, budget, Lead::PullingHome),
        Strategy::Forward => bidirectional::solve(setup, limits, budget, Lead::Pushing),
        Strategy::Features => fess::solve(setup, limits, budget, FEATURES),
        Strategy::Hotspots => fess::solve(setup, limits, budget, HOTSPOTS),
        Strategy::HotspotsRestarts => fess::restarts::solve(setup, limits, budget, HOTSPOTS),
        Strategy::HotCells => fess::solve(setup, limits, budget, HOT_CELLS),
        Strategy::Plan => fess::solve(setup, limits, budget, PLAN),
        Strategy::PlanHotCells => fess::solve(setup, limits, budget, PLAN_HOT_CELLS),
        Strategy::LatePlan => solve_if_planned(setup, limits, budget, LATE_PLAN),
        Strategy::PartialPlan => solve_if_planned(setup, limits, budget, PARTIAL_PLAN),
        Strategy::PartialPlanHotCells => {
            solve_if_planned(setup, limits, budget, PARTIAL_PLAN_HOT_CELLS)
        }
        Strategy::Backward => fess::backward::solve(setup, limits, budget),
        Strategy::Imagine => fess::imagine::solve(setup, limits, budget, HOTSPOTS),
    };
    let winner = outcome.is_decisive().then_some(strategy);
    (outcome, Stats { winner, ..stats })
}

/// The feature search `variant` where its guide has a plan to count
/// progress along; elsewhere it gives up at once, leaving the level to
/// the searches that count fill layers.
fn solve_if_planned(
    setup: &Setup,
    limits: (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    let level = (&setup.board, setup.boxes.as_slice());
    match variant.guide.plan(level, &setup.plan, budget) {
        Ok(Some(_)) => fess::solve(setup, limits, budget, variant),
        Ok(None) => (Outcome::GaveUp, Stats::default()),
        Err(_) => (stopped(budget), Stats::default()),
    }
}

/// Runs `search`, turning a panic into [`Outcome::Failed`] with the
/// panic's message, so that a solver bug is reported as one instead of
/// passing for a search that gave up.
fn guarded(search: impl FnOnce() -> (Outcome, Stats)) -> (Outcome, Stats) {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(search))
        .unwrap_or_else(|panic| (Outcome::Failed(panic_message(&*panic)), Stats::default()))
}

/// The text a panic was raised with, when it has one.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a search panicked".to_owned())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_search_is_a_failure_with_its_message() {
        let failed = guarded(|| panic!("a bug at {}", 7));
        assert_eq!(failed.0, Outcome::Failed("a bug at 7".to_owned()));
        let failed = guarded(|| std::panic::panic_any(3_u8));
        assert_eq!(failed.0, Outcome::Failed("a search panicked".to_owned()));
        let fine = guarded(|| (Outcome::Unsolvable, Stats::default()));
        assert_eq!(fine.0, Outcome::Unsolvable);
    }

    #[test]
    fn the_optimizer_gets_its_share_of_the_time_left_and_the_same_positions() {
        let limits = Limits {
            max_expansions: Some(500),
            ..Limits::with_time(Duration::from_secs(10))
        };
        let optimizing = limits.for_optimizer(Duration::from_secs(4));
        let share = Duration::from_secs(6) * OPTIMIZE_SHARE_PERCENT / 100;
        assert_eq!(optimizing.time, share);
        assert_eq!(optimizing.max_expansions, Some(500));
        let late = limits.for_optimizer(Duration::from_secs(11));
        assert_eq!(late.time, Duration::ZERO);
    }
}
