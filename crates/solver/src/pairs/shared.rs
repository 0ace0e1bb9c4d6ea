//! The dead-pair tables of one solve, shared between searches.

use std::sync::OnceLock;

use super::DeadPairs;
use crate::board::{Board, Cell, Mode};
use crate::budget::Budget;

/// The dead-pair tables of one solve, each built by the first search that
/// asks for it and then shared by every search on either thread: a table
/// takes up to 0.3 s on the largest levels, and the race runs up to five
/// searches that use them.
#[derive(Default)]
pub struct SharedPairs {
    pushing: OnceLock<DeadPairs>,
    pulling: OnceLock<DeadPairs>,
}

impl SharedPairs {
    /// The table for pushing boxes onto the goals; `None` when the level
    /// is too large or `budget` ran out while building it (a later search
    /// then tries again).
    pub fn pushing(&self, board: &Board, budget: &Budget) -> Option<&DeadPairs> {
        built(&self.pushing, || {
            DeadPairs::new(board, board.goals(), (Mode::Push, None), budget)
        })
    }

    /// The mirror table, for pulling boxes back to `starts` with the
    /// player ending on `player`.
    pub fn pulling(
        &self,
        board: &Board,
        (starts, player): (&[Cell], Cell),
        budget: &Budget,
    ) -> Option<&DeadPairs> {
        built(&self.pulling, || {
            DeadPairs::new(board, starts, (Mode::Pull, Some(player)), budget)
        })
    }
}

/// The table in `lock`, built now if no search has built it yet. Two
/// threads may build it at once; the first to finish is kept.
fn built(
    lock: &OnceLock<DeadPairs>,
    build: impl FnOnce() -> Option<DeadPairs>,
) -> Option<&DeadPairs> {
    if let Some(table) = lock.get() {
        return Some(table);
    }
    let table = build()?;
    Some(lock.get_or_init(|| table))
}
