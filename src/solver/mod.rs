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
mod deadlock;
mod hungarian;
mod path;
mod search;
mod table;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use deadlock::Deadlocks;

use crate::game::{Level, Step};
use board::Board;
use search::{Ended, Search};
use table::Table;

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
}

/// Searches for a solution of `level` from its boxes and player (so a game's
/// `current_position()` works). Checks `cancel` every few expansions, which
/// is well under a millisecond.
pub fn solve(level: &Level, limits: &Limits, cancel: &AtomicBool) -> Outcome {
    let deadline = Instant::now() + limits.time;
    let Ok(board) = Board::new(level) else {
        return Outcome::GaveUp;
    };
    let mut boxes: Vec<_> = level
        .boxes()
        .iter()
        .filter_map(|&p| board.cell(p))
        .collect();
    let player = board.cell(level.player());
    let Some(player) = player.filter(|_| boxes.len() == level.boxes().len()) else {
        return Outcome::Unsolvable;
    };
    if boxes.len() > board.goals().len() {
        return Outcome::Unsolvable;
    }
    boxes.sort_unstable();
    let max_nodes = limits.max_memory_bytes / Table::bytes_per_node(boxes.len());
    let mut search = Search::new(&board, boxes.len(), max_nodes);
    match search.run(&boxes, player, deadline, cancel) {
        Ended::Solved(pushes) => Outcome::Solved(path::steps(&board, &boxes, player, &pushes)),
        Ended::Exhausted => Outcome::Unsolvable,
        Ended::OutOfTime | Ended::OutOfMemory => Outcome::GaveUp,
        Ended::Cancelled => Outcome::Cancelled,
    }
}
