//! The in-game hint: the solver runs in the background (on a
//! [`Worker`]) from the current position while the game stays playable.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::machine::solver_limits;
use schokoban_core::{Direction, Game, Level, Pos, Step};
use schokoban_solver::{Known, Limits, Outcome};

#[cfg(feature = "queries")]
use super::worker::CancelWatch;
use super::worker::{Failure, Report, Wake, Worker};

/// How long a hint may think before it gives up.
pub const HINT_TIME: Duration = Duration::from_secs(10);
/// The longest a hint's optimizer runs before it answers. Players follow
/// hints a push a second or faster, and a shorter line that comes after
/// they have left it is made again from where they stand
/// (`Play::shorten_the_rest_if_passed`), so an early answer is worth more
/// than the last moves a long run finds.
pub const HINT_SHORTEN_TIME: Duration = Duration::from_secs(1);
/// What the game says when the solver fails (a bug), so that a failure
/// never passes for a hard level.
pub const SOLVER_FAILED: &str = "The solver failed: this is a bug, not a hard level";

/// The next push a hint suggests, and the steps that get there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// Where the box to push stands now.
    pub box_at: Pos,
    pub direction: Direction,
    /// The walk to the box and the push itself.
    pub steps: Vec<Direction>,
}

impl Suggestion {
    /// The cells the walk crosses on its way to the push, from the player's
    /// next cell to where the push starts, for drawing the way faintly.
    pub fn walk(&self, game: &Game) -> Vec<Pos> {
        let level = game.level();
        let walking = &self.steps[..self.steps.len().saturating_sub(1)];
        walking
            .iter()
            .scan(game.player(), |at, &direction| {
                *at = level.neighbour(*at, direction)?;
                Some(*at)
            })
            .collect()
    }
}

/// A search under way. Dropping it cancels the search.
#[derive(Debug)]
pub struct Search {
    worker: Worker<Infallible, Outcome>,
    /// When it was first told the time, on the app's clock: it started
    /// then, give or take a tick.
    started: Option<Duration>,
    /// When it was last told the time.
    seen: Duration,
}

impl Search {
    pub fn start(game: &Game) -> Self {
        Self::start_knowing(game, None)
    }

    /// [`Search::start`] knowing the solutions in `known`: a position a
    /// push or two off them is led back onto one before the race starts
    /// afresh.
    pub fn start_knowing(game: &Game, known: Option<Known>) -> Self {
        // The same memory cap as `schokoban solve`, so that a hint answers
        // wherever the README's figures say the solver does. The game
        // needs a few MiB.
        let limits = solver_limits(HINT_TIME);
        Self::start_with(game, move |position, cancel| match &known {
            Some(known) => schokoban_solver::solve_knowing(position, &limits, cancel, known).0,
            None => schokoban_solver::solve(position, &limits, cancel),
        })
    }

    /// Shortens `steps`, a solution from `game`'s position that a search
    /// found in `spent`, with the optimizer's share of the hint's time
    /// left; answers with the shorter solution, or the same one.
    pub fn shorten(game: &Game, steps: Vec<Step>, spent: Duration) -> Self {
        Self::shorten_within(game, steps, optimizer_share(spent))
    }

    /// [`Search::shorten`] for the hints, which answers within
    /// [`HINT_SHORTEN_TIME`].
    pub fn shorten_for_hint(game: &Game, steps: Vec<Step>, spent: Duration) -> Self {
        Self::shorten_within(game, steps, optimizer_share(spent).min(HINT_SHORTEN_TIME))
    }

    fn shorten_within(game: &Game, steps: Vec<Step>, time: Duration) -> Self {
        let limits = solver_limits(time);
        Self::start_with(game, move |position, cancel| {
            Outcome::Solved(schokoban_solver::optimize(position, &steps, &limits, cancel).steps)
        })
    }

    /// A search of `game`'s position by `solver`, in the background.
    fn start_with(
        game: &Game,
        solver: impl FnOnce(&Level, &AtomicBool) -> Outcome + Send + 'static,
    ) -> Self {
        let position = game.current_position();
        Self {
            worker: Worker::spawn("hint", move |job| solver(&position, job.cancelled())),
            started: None,
            seen: Duration::ZERO,
        }
    }

    /// A search that fails as a solver bug would, for tests of what the
    /// player is told.
    #[cfg(test)]
    pub fn failing(game: &Game) -> Self {
        Self::start_with(game, |_, _| panic!("a solver bug, on purpose"))
    }

    /// A search that answers `outcome` at once, for tests.
    #[cfg(test)]
    pub fn answering(game: &Game, outcome: Outcome) -> Self {
        Self::start_with(game, move |_, _| outcome)
    }

    /// Blocks until the search has an answer, for tests.
    #[cfg(test)]
    pub fn wait(&self) {
        if let Wake::Report(waiter) = self.wake() {
            waiter.wait();
        }
    }

    /// Whether this search has been told to stop, readable after it is
    /// gone: how tests see that a move or leaving the level cancelled it.
    #[cfg(feature = "queries")]
    pub fn cancel_watch(&self) -> CancelWatch {
        self.worker.cancel_watch()
    }

    /// For the event loop: wake when the search answers.
    pub fn wake(&self) -> Wake {
        self.worker.wake()
    }

    /// Tells the search the time on the app's clock, for [`Search::elapsed`].
    pub fn see_time(&mut self, now: Duration) {
        self.started.get_or_insert(now);
        self.seen = now;
    }

    /// How long it has been searching, as last told the time.
    pub fn elapsed(&self) -> Duration {
        self.seen.saturating_sub(self.started.unwrap_or(self.seen))
    }

    /// The outcome, once the search has one; a search that panicked has
    /// failed.
    pub fn poll(&self) -> Option<Outcome> {
        match self.worker.poll()? {
            Report::Done(outcome) => Some(outcome),
            Report::Failed(failure) => Some(Outcome::Failed(match failure {
                Failure::Panicked(message) => schokoban_solver::Failure::Panicked(message),
                Failure::NoThread(why) => schokoban_solver::Failure::NoThread(why),
            })),
            Report::Progress(never) => match never {},
        }
    }
}

/// The optimizer's share of the hint's time left after a search that
/// took `spent`.
fn optimizer_share(spent: Duration) -> Duration {
    Limits::with_time(HINT_TIME).for_optimizer(spent).time
}

/// The first push of a solution, with the walk before it.
pub fn first_push(game: &Game, solution: &[Step]) -> Option<Suggestion> {
    let (box_at, direction) = schokoban_solver::next_push(&game.current_position(), solution)?;
    let push_index = solution.iter().position(|step| step.push)?;
    Some(Suggestion {
        box_at,
        direction,
        steps: solution[..=push_index]
            .iter()
            .map(|s| s.direction)
            .collect(),
    })
}

/// A solution with every position it passes, so that a hint, a watch or
/// the optimizer's shorter line can take it up wherever the game stands on
/// it.
///
/// The hints keep the line their last answer came from. A player who
/// follows them gets the next push of the same solution at once: a fresh
/// search from each position may answer with another solution each time,
/// and following one push of each can go round in circles (Microban II
/// 110 did, for over a thousand moves). A player who pushes the hinted box
/// by hand, or undoes back onto the line, gets it at once too: a fresh
/// search from a position along a solution can take far longer than the
/// first (on `XSokoban` 39, 13 of 92 such positions found no hint in 10 s;
/// `bench --hints`).
#[derive(Debug)]
pub struct Line {
    pub steps: Vec<Step>,
    /// The line for the solver, which leads a position a push or two off
    /// it back onto it; `None` for a level too large for the solver.
    known: Option<Box<Known>>,
    /// Each position the steps pass, with how many of them reach it last:
    /// the rest from a position the line passes twice skips the loop, so
    /// hints that follow it cannot go round it for ever.
    reached: HashMap<(Vec<Pos>, Pos), usize>,
}

impl Line {
    /// `None` when the steps do not play from `start`.
    pub fn new(start: &Game, steps: Vec<Step>) -> Option<Self> {
        let mut game = start.clone();
        let mut reached = HashMap::from([(position(&game), 0)]);
        for (index, step) in steps.iter().enumerate() {
            game.step(step.direction).ok()?;
            reached.insert(position(&game), index + 1);
        }
        let from = start.current_position();
        let known = Known::new(&from)
            .ok()
            .and_then(|mut known| known.add(&from, &steps).then(|| Box::new(known)));
        Some(Self {
            steps,
            known,
            reached,
        })
    }

    /// The line as the solver takes it.
    pub fn known(&self) -> Option<Known> {
        self.known.as_deref().cloned()
    }

    /// How many of its moves reach `game`'s position, if any do.
    pub fn index_of(&self, game: &Game) -> Option<usize> {
        self.reached.get(&position(game)).copied()
    }

    /// How many undos take `game` back to a position on the line: none
    /// when it stands on it, `None` when nothing in its history is.
    pub fn undos_back(&self, game: &Game) -> Option<usize> {
        game.undos_until(|back| self.index_of(back).is_some())
    }

    /// The rest of the line from `game`'s position, when it is on it.
    pub fn rest(&self, game: &Game) -> Option<&[Step]> {
        Some(&self.steps[self.index_of(game)?..])
    }
}

fn position(game: &Game) -> (Vec<Pos>, Pos) {
    let mut boxes: Vec<Pos> = game.box_positions().collect();
    boxes.sort_unstable();
    (boxes, game.player())
}

/// Where a hint stands for the current position.
#[derive(Debug, Default)]
pub enum HintState {
    #[default]
    Idle,
    Thinking(Search),
    Ready(Suggestion),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_from_a_position_passed_twice_skips_the_loop() {
        let game =
            Game::new(schokoban_core::parse_level("#######\n#@ $ .#\n#######\n").expect("level"));
        let entries = schokoban_core::parse_log("rlrRR").expect("lurd");
        let steps: Vec<Step> = entries
            .into_iter()
            .filter_map(|entry| match entry {
                schokoban_core::LogEntry::Step(step) => Some(step),
                schokoban_core::LogEntry::Undo => None,
            })
            .collect();
        let line = Line::new(&game, steps.clone()).expect("plays");
        assert_eq!(line.index_of(&game), Some(2), "the start, passed again");
        assert_eq!(line.rest(&game), Some(&steps[2..]));
        let off =
            Game::new(schokoban_core::parse_level("#######\n# @$ .#\n#######\n").expect("level"));
        assert_eq!(line.index_of(&off), Some(3));
        let mut wrong = steps;
        wrong.insert(0, Step::walk(schokoban_core::Direction::Left));
        assert!(Line::new(&game, wrong).is_none(), "into the wall");
    }

    #[test]
    fn a_search_thread_that_dies_is_a_failure() {
        let game = Game::new(schokoban_core::parse_level("#####\n#@$.#\n#####\n").expect("level"));
        let search = Search::failing(&game);
        search.wait();
        let outcome = search.poll().expect("the search ended");
        assert!(matches!(outcome, Outcome::Failed(_)), "{outcome:?}");
    }
}
