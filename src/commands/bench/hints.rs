//! `bench --hints EVERY`: how long the game's hint takes. A hint is the
//! solver's first answer from where the player stands, shown before any
//! optimizing, so its time is the search's from positions along a
//! solution, which is what a player following the hints passes through.
//! As in the game, the hint knows the solutions found for the level (the
//! search's and the optimizer's), so positions along them are answered
//! without a search.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::totals::{median, millis};
use crate::text::plural;
use schokoban_core::{Game, Level, Step};
use schokoban_solver::{Known, Limits, Outcome, Stats};

/// How a hint is searched for: `schokoban_solver::solve_knowing` in
/// `bench`, a stand-in in tests.
pub(super) type HintSolver =
    dyn Fn(&Level, &Limits, &AtomicBool, &Known) -> (Outcome, Stats) + Sync;

/// The hint searches of one level, or summed over many.
#[derive(Debug, Default)]
pub(super) struct HintTimes {
    times: Vec<Duration>,
    /// Positions the search gave up on; each lies on a solution, so every
    /// one is a hint the player would not get.
    unanswered: usize,
    /// Positions answered without a search, from a known solution.
    known: usize,
}

impl HintTimes {
    /// Times `solver` under `limits`, knowing the solutions `known`, from
    /// the start of `level` and then after every `every` pushes of
    /// `steps`, a solution, up to its end. `Err` with the solver's message
    /// when it failed from a position (a bug, not a hard position), or
    /// when `steps` or a known solution do not play.
    pub fn along(
        level: &Level,
        (steps, known): (&[Step], &[&[Step]]),
        every: usize,
        (limits, solver): (&Limits, &HintSolver),
    ) -> Result<Self, String> {
        let mut knowing = Known::new(level).map_err(|why| why.to_string())?;
        if !known.iter().all(|solution| knowing.add(level, solution)) {
            return Err("a known solution does not solve the level".to_owned());
        }
        let mut game = Game::new(level.clone());
        let mut positions = vec![game.current_position()];
        for step in steps {
            game.step(step.direction)
                .map_err(|why| format!("the solution does not play: {why}"))?;
            if step.push && game.pushes().is_multiple_of(every) && !game.is_solved() {
                positions.push(game.current_position());
            }
        }
        let mut hints = Self::default();
        for (number, position) in positions.iter().enumerate() {
            let started = Instant::now();
            let (outcome, stats) = solver(position, limits, &AtomicBool::new(false), &knowing);
            hints.times.push(started.elapsed());
            match outcome {
                Outcome::Solved(_) if stats.expanded == 0 => hints.known += 1,
                Outcome::Solved(_) => {}
                Outcome::Failed(why) => {
                    return Err(format!("hint after {} pushes: {why}", number * every));
                }
                _ => hints.unanswered += 1,
            }
        }
        Ok(hints)
    }

    pub fn extend(&mut self, other: &Self) {
        self.times.extend_from_slice(&other.times);
        self.unanswered += other.unanswered;
        self.known += other.known;
    }

    /// `; hints from N positions: median X ms, slowest Y ms, K without a
    /// search`, with the unanswered ones when there are any; nothing when
    /// none were timed.
    pub fn summary(&self) -> String {
        let mut times = self.times.clone();
        times.sort_unstable();
        let Some(&slowest) = times.last() else {
            return String::new();
        };
        let unanswered = match self.unanswered {
            0 => String::new(),
            n => format!(", {n} unanswered"),
        };
        let positions = plural(times.len(), "position");
        format!(
            "; hints from {positions}: median {} ms, slowest {} ms, {} without a search{unanswered}",
            millis(median(&times)),
            millis(slowest),
            self.known
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Direction, format_steps, parse_level};
    use schokoban_solver::{Failure, solve_knowing};

    /// A corridor whose solution pushes one box four times.
    fn corridor() -> (Level, Vec<Step>) {
        let level = parse_level("########\n#@$   .#\n########\n").expect("parses");
        (level, vec![Step::push(Direction::Right); 4])
    }

    fn limits() -> Limits {
        Limits::with_time(Duration::from_secs(5))
    }

    #[test]
    fn hints_are_timed_from_the_start_and_every_few_pushes_before_the_end() {
        let (level, steps) = corridor();
        assert_eq!(format_steps(&steps), "RRRR");
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let players = std::sync::Arc::clone(&seen);
        let solver =
            move |position: &Level, limits: &Limits, cancel: &AtomicBool, known: &Known| {
                players.lock().expect("lock").push(position.player().x);
                solve_knowing(position, limits, cancel, known)
            };
        let hints =
            HintTimes::along(&level, (&steps, &[]), 2, (&limits(), &solver)).expect("plays");
        // The start, then after pushes 2; after 4 the level is solved.
        assert_eq!(*seen.lock().expect("lock"), [1, 3]);
        assert!(
            hints
                .summary()
                .starts_with("; hints from 2 positions: median "),
            "{}",
            hints.summary()
        );
        assert!(!hints.summary().contains("unanswered"));
    }

    /// Every position along a known solution is answered without a
    /// search, so none is left unanswered, however hard.
    #[test]
    fn positions_along_a_known_solution_are_answered_without_a_search() {
        let (level, steps) = corridor();
        let solver = |position: &Level, _: &Limits, cancel: &AtomicBool, known: &Known| {
            // No time at all: only a known answer comes back.
            solve_knowing(position, &Limits::with_time(Duration::ZERO), cancel, known)
        };
        let hints =
            HintTimes::along(&level, (&steps, &[&steps]), 1, (&limits(), &solver)).expect("plays");
        assert!(
            hints.summary().ends_with(" ms, 4 without a search"),
            "{}",
            hints.summary()
        );
        let unknown =
            HintTimes::along(&level, (&steps, &[]), 1, (&limits(), &solver)).expect("plays");
        assert!(
            unknown.summary().ends_with(", 4 unanswered"),
            "{}",
            unknown.summary()
        );
        let wrong = [Step::push(Direction::Left)];
        let error = HintTimes::along(&level, (&steps, &[&wrong]), 1, (&limits(), &solver));
        assert_eq!(
            error.expect_err("does not play"),
            "a known solution does not solve the level"
        );
    }

    #[test]
    fn a_position_given_up_on_is_counted_and_a_failure_is_an_error() {
        let (level, steps) = corridor();
        let giving_up =
            |_: &Level, _: &Limits, _: &AtomicBool, _: &Known| (Outcome::GaveUp, Stats::default());
        let hints =
            HintTimes::along(&level, (&steps, &[]), 1, (&limits(), &giving_up)).expect("plays");
        assert!(
            hints
                .summary()
                .ends_with(" ms, 0 without a search, 4 unanswered"),
            "{}",
            hints.summary()
        );
        let failing = |_: &Level, _: &Limits, _: &AtomicBool, _: &Known| {
            (
                Outcome::Failed(Failure::Panicked("a bug".to_owned())),
                Stats::default(),
            )
        };
        let error =
            HintTimes::along(&level, (&steps, &[]), 3, (&limits(), &failing)).expect_err("a bug");
        assert_eq!(error, "hint after 0 pushes: a bug");
    }

    #[test]
    fn one_position_is_said_in_the_singular() {
        let (level, steps) = corridor();
        let hints =
            HintTimes::along(&level, (&steps, &[]), 4, (&limits(), &solve_knowing)).expect("plays");
        assert!(
            hints
                .summary()
                .starts_with("; hints from 1 position: median "),
            "{}",
            hints.summary()
        );
    }

    #[test]
    fn nothing_is_said_when_nothing_was_timed() {
        assert_eq!(HintTimes::default().summary(), "");
    }
}
