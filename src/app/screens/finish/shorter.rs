//! The player's run made shorter: once a level is solved, the optimizer
//! works on the run's line of play on the worker while the end
//! screen waits for the player, and a shorter line is offered to watch
//! ("Your 99 moves: 33 found (watch)") and kept as the optimizer's, never
//! on the leaderboard as the player's.

use std::rc::Rc;
use std::time::Duration;

use crate::app::origin::Opened;
use crate::app::worker::{Report, Wake, Worker};
use schokoban_core::{Level, Step};
use schokoban_solver::Limits;

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

/// The optimizer at work on the worker; dropping it stops the job.
#[derive(Debug)]
pub(crate) struct Search {
    worker: Worker<(), Vec<Step>>,
    /// The level solved, whose records keep a shorter line.
    opened: Rc<Opened>,
    moves: usize,
}

impl Shorter {
    /// Starts the optimizer on `steps`, the player's solution of the
    /// level `opened`, whose records keep a shorter line when it finds one.
    pub(crate) fn start(opened: Rc<Opened>, steps: Vec<Step>) -> Self {
        let level: Level = opened.level.clone();
        let moves = steps.len();
        let worker = Worker::spawn("optimizer", move |job| {
            let limits = Limits::with_time(OPTIMIZER_TIME);
            schokoban_solver::optimize(&level, &steps, &limits, job.cancelled()).steps
        });
        Shorter::Searching(Search {
            worker,
            opened,
            moves,
        })
    }

    /// For the event loop: wake when the optimizer has news.
    pub(crate) fn wake(&self) -> Wake {
        match self {
            Shorter::Searching(search) => search.worker.wake(),
            _ => Wake::Idle,
        }
    }

    /// Takes in the optimizer's answer, if it has one: a shorter line is
    /// to be kept, in the records of this level.
    pub(crate) fn poll(&mut self) -> Option<(Rc<Opened>, Vec<Step>)> {
        let Shorter::Searching(search) = self else {
            return None;
        };
        let steps = match search.worker.poll()? {
            Report::Progress(()) => return None,
            Report::Done(steps) => steps,
            // A bug in the optimizer: no shorter line, and the game goes on.
            Report::Failed(_) => {
                *self = Shorter::Unimproved;
                return None;
            }
        };
        let moves = search.moves;
        if steps.len() >= moves {
            *self = Shorter::Unimproved;
            return None;
        }
        let keep = (Rc::clone(&search.opened), steps.clone());
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
