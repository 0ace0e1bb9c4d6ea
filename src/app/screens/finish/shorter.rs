//! The player's run made shorter: once a level is solved, the optimizer
//! works on the run's line of play on a thread of its own while the end
//! screen waits for the player, and a shorter line is offered to watch
//! ("Your 99 moves: 33 found (watch)") and kept as the optimizer's, never
//! on the leaderboard as the player's.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use crate::storage::Records;
use schokoban_core::{Level, Step};
use schokoban_solver::Limits;

/// The name of the optimizer's thread, so a panic in it leaves the
/// terminal alone: the game goes on without a shorter line.
pub(crate) const THREAD_NAME: &str = "schokoban-optimizer";

/// The most the optimizer works on one run: enough for the levels a
/// player solves in one sitting (Microban 1 at three times its length
/// comes back in well under a second on the shared machine), and the
/// player never waits for it.
const OPTIMIZER_TIME: Duration = Duration::from_secs(10);

/// Where the search for a shorter line stands.
#[derive(Debug)]
pub(crate) enum Shorter {
    /// Nothing to shorten: not solved, or records are off.
    Off,
    Searching(Search),
    /// A line shorter than the player's: its steps, and the player's moves.
    Found {
        steps: Vec<Step>,
        moves: usize,
    },
    /// The optimizer found nothing shorter, or failed.
    Unimproved,
}

/// The optimizer at work on a thread; dropping it tells the thread to stop.
#[derive(Debug)]
pub(crate) struct Search {
    result: Receiver<Vec<Step>>,
    cancel: Arc<AtomicBool>,
    records: Records,
    moves: usize,
}

impl Drop for Search {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Shorter {
    /// Starts the optimizer on `steps`, the player's solution of `level`,
    /// kept in `records` when it finds a shorter one.
    pub(crate) fn start(level: &Level, steps: Vec<Step>, records: Records) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, result) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        let level = level.clone();
        let moves = steps.len();
        let started = std::thread::Builder::new()
            .name(THREAD_NAME.to_owned())
            .spawn(move || {
                let limits = Limits::with_time(OPTIMIZER_TIME);
                let found = schokoban_solver::optimize(&level, &steps, &limits, &flag).steps;
                // The end screen may be gone; then nobody wants it.
                let _ = sender.send(found);
            });
        match started {
            Ok(_) => Shorter::Searching(Search {
                result,
                cancel,
                records,
                moves,
            }),
            Err(_) => Shorter::Unimproved,
        }
    }

    pub(crate) fn is_searching(&self) -> bool {
        matches!(self, Shorter::Searching(_))
    }

    /// Takes in the optimizer's answer, if it has one: a shorter line is
    /// to be kept, in these records.
    pub(crate) fn poll(&mut self) -> Option<(Records, Vec<Step>)> {
        let Shorter::Searching(search) = self else {
            return None;
        };
        let steps = match search.result.try_recv() {
            Err(TryRecvError::Empty) => return None,
            // The thread died (a bug in the optimizer): no shorter line.
            Err(TryRecvError::Disconnected) => {
                *self = Shorter::Unimproved;
                return None;
            }
            Ok(steps) => steps,
        };
        let moves = search.moves;
        if steps.len() >= moves {
            *self = Shorter::Unimproved;
            return None;
        }
        let keep = (search.records.clone(), steps.clone());
        *self = Shorter::Found { steps, moves };
        Some(keep)
    }

    /// The menu's line for a shorter line found.
    pub(crate) fn label(&self) -> Option<String> {
        match self {
            Shorter::Found { steps, moves } => {
                Some(format!("Your {moves} moves: {} found (watch)", steps.len()))
            }
            _ => None,
        }
    }
}
