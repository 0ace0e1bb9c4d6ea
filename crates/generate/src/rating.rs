//! How hard a level is, measured on the solver's solution and search.

use schokoban_core::{Level, Step};

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

    /// The band of `difficulty` at `size`, cut from the sweep over
    /// generated levels (`cargo run --release -p schokoban-generate
    /// --example sweep`; the game's `docs/endless.md` has the figures).
    pub fn of(size: Size, difficulty: Difficulty) -> Self {
        let (easy_top, hard_bottom) = match size {
            Size::Small => (26, 40),
            Size::Medium => (48, 64),
            Size::Large => (60, 80),
        };
        let (low, high) = match difficulty {
            Difficulty::Easy => (0, easy_top),
            Difficulty::Medium => (easy_top, hard_bottom),
            Difficulty::Hard => (hard_bottom, u32::MAX),
        };
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
