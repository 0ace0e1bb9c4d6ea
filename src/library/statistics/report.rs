//! What the statistics screen shows, as plain data: the totals, each
//! collection's line, the chart of bests and the level asked about.

use super::LevelKey;
use crate::storage::Records;

/// The level the statistics were asked for, from its leaderboard.
#[derive(Clone, Debug)]
pub struct Focus {
    pub key: LevelKey,
    /// As its screens name it.
    pub name: String,
    pub records: Option<Records>,
    /// The moves of the shortest published solution.
    pub published: Option<usize>,
}

/// Everything the statistics screen shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Today, counted from 1970-01-01 (UTC).
    pub today: u64,
    /// Solves on each of the last [`DAYS_SHOWN`](super::DAYS_SHOWN) days,
    /// oldest first.
    pub solves_by_day: Vec<u64>,
    pub attempts: u64,
    /// Seconds.
    pub played: u64,
    pub solves: u64,
    /// Levels solved, in every collection and map.
    pub levels_solved: usize,
    /// The collections played or solved in, in the order the game lists them.
    pub collections: Vec<CollectionReport>,
    /// The levels of one collection, for the chart of bests: the focus's,
    /// else the one played last.
    pub chart: Vec<LevelReport>,
    /// The collection the chart's levels are in.
    pub chart_name: String,
    /// Where in the chart the focus, or else the level played last, is.
    pub chart_at: usize,
    /// The level asked about, from its leaderboard.
    pub focus: Option<LevelReport>,
    /// What was wrong with the statistics file, if anything.
    pub problems: Vec<String>,
}

/// One collection's line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CollectionReport {
    pub name: String,
    pub solved: usize,
    /// How many levels it has; `None` for maps and endless levels.
    pub levels: Option<usize>,
    pub attempts: u64,
    /// Seconds.
    pub played: u64,
    /// Moves the optimizer's lines save on the player's best solutions.
    pub saved: usize,
}

/// One level's statistics and bests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelReport {
    pub name: String,
    /// Its number in its collection or file.
    pub number: Option<usize>,
    pub attempts: u64,
    /// Seconds.
    pub played: u64,
    pub solves: u64,
    /// When first solved, in seconds since 1970 (UTC).
    pub first_solve: Option<u64>,
    /// The player's kept solution with the fewest moves.
    pub best: Option<BestSolve>,
    /// The leaderboard's best score.
    pub record: Option<usize>,
    /// The moves of the shortest published solution.
    pub published: Option<usize>,
}

/// The player's best solution of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BestSolve {
    pub moves: usize,
    pub pushes: usize,
    /// When found, in seconds since 1970 (UTC).
    pub found: Option<u64>,
}
