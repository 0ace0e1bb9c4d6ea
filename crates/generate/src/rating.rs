//! How hard a level is, measured on the solver's solution and search:
//! one scale for generated levels, the shipped sets and a player's files.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use schokoban_core::{Level, Step};
use schokoban_solver::{Limits, Outcome, Strategy, optimize, solve_with_stats};

use crate::options::{Difficulty, Size};
use crate::rules::Walk;

/// A level's measured difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// Pushes in the solver's solution.
    pub pushes: usize,
    /// Moves (walks and pushes) in the solver's solution.
    pub moves: usize,
    /// How often the solution switches to another box.
    pub box_changes: usize,
    /// Positions the solver expanded to find it: its effort.
    pub positions: u64,
    /// The one figure bands are cut from: pushes, plus three per box
    /// change, plus four per doubling of the solver's effort.
    pub score: u32,
}

impl Rating {
    /// Measures `solution` of `level`, found after `positions` expansions.
    pub fn measure(level: &Level, solution: &[Step], positions: u64) -> Self {
        let pushes = solution.iter().filter(|s| s.push).count();
        let box_changes = Walk::replay(level, solution).box_changes;
        let effort = 4 * (u64::BITS - positions.leading_zeros());
        let score = pushes as u32 + 3 * box_changes as u32 + effort;
        Self {
            pushes,
            moves: solution.len(),
            box_changes,
            positions,
            score,
        }
    }
}

/// The most positions the rating's search expands. Past it a level is
/// rated [`Rated::Beyond`]: harder than the scale measures. Bounded by
/// positions, never time, so a level rates the same on every machine.
pub const RATE_POSITIONS: u64 = 200_000;

/// The most positions the optimizer spends shortening the solution
/// before it is measured: the solver's first answer can push a box far
/// out of its way, which is no difficulty of the level's.
pub const OPTIMIZE_POSITIONS: u64 = 20_000;

/// A level on the scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rated {
    /// Solved within [`RATE_POSITIONS`], and measured.
    Measured(Rating),
    /// Not solved within [`RATE_POSITIONS`]: above every measured score
    /// the search could give it.
    Beyond,
}

impl Rated {
    /// The score, `None` beyond the scale.
    pub fn score(self) -> Option<u32> {
        match self {
            Rated::Measured(rating) => Some(rating.score),
            Rated::Beyond => None,
        }
    }

    /// How it sorts among ratings: beyond the scale above every score.
    pub fn order(self) -> u32 {
        self.score().unwrap_or(u32::MAX)
    }
}

impl Difficulty {
    /// The difficulty a score reads as: the one whose large band lies
    /// nearest it (the easier on a tie), so that a level of any set can
    /// be told "about hard"; `None`, beyond the scale, is expert.
    pub fn of_score(score: Option<u32>) -> Difficulty {
        let Some(score) = score else {
            return Difficulty::Expert;
        };
        Difficulty::ALL
            .into_iter()
            .min_by_key(|&difficulty| Band::of(Size::Large, difficulty).distance(score))
            .unwrap_or_default()
    }
}

/// Why a level has no place on the scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateError {
    /// The cancel flag was raised.
    Cancelled,
}

/// Rates `level`: the solver's push-pull search alone (deterministic,
/// unlike the race) within [`RATE_POSITIONS`], its solution shortened
/// within [`OPTIMIZE_POSITIONS`], then [`Rating::measure`]d. Returns the
/// solution measured with the rating.
pub fn rate(level: &Level, cancel: &AtomicBool) -> Result<(Rated, Vec<Step>), RateError> {
    let limits = Limits {
        time: Duration::from_secs(24 * 3600),
        max_memory_bytes: 512 << 20,
        max_expansions: Some(RATE_POSITIONS),
        strategy: Strategy::PushPull,
    };
    let (outcome, stats) = solve_with_stats(level, &limits, cancel);
    let steps = match outcome {
        Outcome::Solved(steps) => steps,
        Outcome::Cancelled => return Err(RateError::Cancelled),
        _ => return Ok((Rated::Beyond, Vec::new())),
    };
    let shorten = Limits {
        max_expansions: Some(OPTIMIZE_POSITIONS),
        ..limits
    };
    let steps = optimize(level, &steps, &shorten, cancel).steps;
    if cancel.load(Ordering::Relaxed) {
        return Err(RateError::Cancelled);
    }
    let rating = Rating::measure(level, &steps, stats.expanded);
    Ok((Rated::Measured(rating), steps))
}

/// The score at each of `percents` among `rated` (nearest rank), `None`
/// where it falls beyond the scale; empty `rated` gives nothing.
pub fn percentiles(rated: &[Rated], percents: &[usize]) -> Vec<Option<u32>> {
    let mut order: Vec<u32> = rated.iter().map(|r| r.order()).collect();
    order.sort_unstable();
    if order.is_empty() {
        return Vec::new();
    }
    percents
        .iter()
        .map(|&p| {
            let rank = (p * order.len()).div_ceil(100).clamp(1, order.len());
            Some(order[rank - 1]).filter(|&s| s != u32::MAX)
        })
        .collect()
}

/// The scores a difficulty takes at a size: `low..high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    /// The least score in the band.
    pub low: u32,
    /// The first score above it.
    pub high: u32,
}

impl Band {
    /// Every score.
    pub const ANY: Band = Band {
        low: 0,
        high: u32::MAX,
    };

    /// The band of `difficulty` at `size`. Large boards are set against
    /// the shipped sets on the same scale (`schokoban rate`; the game's
    /// docs/endless.md has the table): easy about Microban's lower
    /// quartile (51), medium about its upper quartile (134), hard about
    /// Microban IV's median (141), expert as high as a few seconds of
    /// generation reach towards Sasquatch's. Smaller boards cannot reach
    /// those with their fewer boxes: their bands are cut from the sweep
    /// over them (`cargo run --release -p schokoban-generate --example
    /// sweep -- 12 any`), in the same order.
    pub fn of(size: Size, difficulty: Difficulty) -> Self {
        let edges: [(u32, u32); 4] = match size {
            Size::Small => [(0, 30), (30, 37), (37, 48), (48, u32::MAX)],
            Size::Medium => [(0, 58), (58, 78), (78, 94), (94, u32::MAX)],
            Size::Large => [(40, 60), (120, 140), (140, 170), (170, u32::MAX)],
        };
        let (low, high) = edges[Difficulty::ALL
            .iter()
            .position(|&d| d == difficulty)
            .unwrap_or(0)];
        Self { low, high }
    }

    /// Whether `score` lies in the band.
    pub fn contains(self, score: u32) -> bool {
        (self.low..self.high).contains(&score)
    }

    /// How far `score` lies outside the band; 0 inside.
    pub fn distance(self, score: u32) -> u32 {
        self.low.saturating_sub(score) + score.saturating_sub(self.high - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_reads_as_the_difficulty_of_the_nearest_large_band() {
        // Large bands: easy 40-59, medium 120-139, hard 140-169, expert 170 up.
        let read = |score| Difficulty::of_score(Some(score));
        assert_eq!(read(0), Difficulty::Easy);
        assert_eq!(read(59), Difficulty::Easy);
        // 89 lies 30 above easy and 31 below medium; 90 lies 31 and 30.
        assert_eq!(read(89), Difficulty::Easy);
        assert_eq!(read(90), Difficulty::Medium);
        assert_eq!(read(139), Difficulty::Medium);
        assert_eq!(read(140), Difficulty::Hard);
        assert_eq!(read(170), Difficulty::Expert);
        assert_eq!(read(900), Difficulty::Expert);
        assert_eq!(Difficulty::of_score(None), Difficulty::Expert);
    }
}
