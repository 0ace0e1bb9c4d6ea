//! `bench --hints EVERY`: how long the game's hint takes. A hint is the
//! solver's first answer from where the player stands, shown before any
//! optimizing, so its time is the search's from positions along a
//! solution, which is what a player following the hints passes through.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::Solver;
use super::totals::{median, millis};
use crate::text::plural;
use schokoban_core::{Game, Level, Step};
use schokoban_solver::{Limits, Outcome};

/// The hint searches of one level, or summed over many.
#[derive(Debug, Default)]
pub(super) struct HintTimes {
    times: Vec<Duration>,
    /// Positions the search gave up on; each lies on a solution, so every
    /// one is a hint the player would not get.
    unanswered: usize,
}

impl HintTimes {
    /// Times `solver` under `limits` from the start of `level` and then
    /// after every `every` pushes of `steps`, a solution, up to its end.
    /// `Err` with the solver's message when it failed from a position (a
    /// bug, not a hard position), or when `steps` do not play.
    pub fn along(
        level: &Level,
        steps: &[Step],
        every: usize,
        (limits, solver): (&Limits, &Solver),
    ) -> Result<Self, String> {
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
            let (outcome, _) = solver(position, limits, &AtomicBool::new(false));
            hints.times.push(started.elapsed());
            match outcome {
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
    }

    /// `; hints from N positions: median X ms, slowest Y ms`, with the
    /// unanswered ones when there are any; nothing when none were timed.
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
            "; hints from {positions}: median {} ms, slowest {} ms{unanswered}",
            millis(median(&times)),
            millis(slowest)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Direction, format_steps, parse_level};
    use schokoban_solver::Stats;

    /// A corridor whose solution pushes one box four times.
    fn corridor() -> (Level, Vec<Step>) {
        let level = parse_level("########\n#@$   .#\n########\n").expect("parses");
        let push_right = Step {
            direction: Direction::Right,
            push: true,
        };
        (level, vec![push_right; 4])
    }

    #[test]
    fn hints_are_timed_from_the_start_and_every_few_pushes_before_the_end() {
        let (level, steps) = corridor();
        assert_eq!(format_steps(&steps), "RRRR");
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let players = std::sync::Arc::clone(&seen);
        let solver = move |position: &Level, limits: &Limits, cancel: &AtomicBool| {
            players.lock().expect("lock").push(position.player().x);
            schokoban_solver::solve_with_stats(position, limits, cancel)
        };
        let limits = Limits::with_time(Duration::from_secs(5));
        let hints = HintTimes::along(&level, &steps, 2, (&limits, &solver)).expect("plays");
        // The start, then after pushes 2; after 4 the level is solved.
        assert_eq!(*seen.lock().expect("lock"), [1, 3]);
        assert!(
            hints
                .summary()
                .starts_with("; hints from 2 positions: median ")
        );
        assert!(!hints.summary().contains("unanswered"));
    }

    #[test]
    fn a_position_given_up_on_is_counted_and_a_failure_is_an_error() {
        let (level, steps) = corridor();
        let limits = Limits::with_time(Duration::from_secs(5));
        let giving_up = |_: &Level, _: &Limits, _: &AtomicBool| (Outcome::GaveUp, Stats::default());
        let hints = HintTimes::along(&level, &steps, 1, (&limits, &giving_up)).expect("plays");
        assert!(
            hints.summary().ends_with(" ms, 4 unanswered"),
            "{}",
            hints.summary()
        );
        let failing = |_: &Level, _: &Limits, _: &AtomicBool| {
            (Outcome::Failed("a bug".to_owned()), Stats::default())
        };
        let error = HintTimes::along(&level, &steps, 3, (&limits, &failing)).expect_err("a bug");
        assert_eq!(error, "hint after 0 pushes: a bug");
    }

    #[test]
    fn one_position_is_said_in_the_singular() {
        let (level, steps) = corridor();
        let limits = Limits::with_time(Duration::from_secs(5));
        let solver = |position: &Level, limits: &Limits, cancel: &AtomicBool| {
            schokoban_solver::solve_with_stats(position, limits, cancel)
        };
        let hints = HintTimes::along(&level, &steps, 4, (&limits, &solver)).expect("plays");
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
