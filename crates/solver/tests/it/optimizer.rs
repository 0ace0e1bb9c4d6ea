//! The optimizer against the game core: every optimized solution replays
//! through `Game` to solved, and is never longer than the one found.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::shipped;
use schokoban_core::{Game, Level, format_steps};
use schokoban_solver::{Limits, Outcome, optimize, solve};

/// No clock: at most `positions` per search, and as many for the optimizer.
fn within(positions: u64) -> Limits {
    Limits {
        max_expansions: Some(positions),
        ..Limits::with_time(Duration::MAX)
    }
}

/// Moves and pushes of `steps` replayed on `level`, which they must solve.
fn replayed(level: &Level, steps: &[schokoban_core::Step]) -> (usize, usize) {
    let game = Game::replay(level.clone(), &format_steps(steps)).expect("replays");
    assert!(game.is_solved(), "does not solve\n{level}");
    (game.score(), game.pushes())
}

#[test]
fn optimized_solutions_replay_to_solved_and_are_never_longer() {
    let mut shortened = 0;
    let sample = [
        ("microban", 1),
        ("microban", 7),
        ("microban", 30),
        ("microban", 60),
        ("microban", 100),
        ("microban-ii", 10),
        ("microban-ii", 50),
        ("xsokoban", 1),
        ("xsokoban", 2),
    ];
    for (collection, number) in sample {
        let level = shipped::level(collection, number);
        let limits = within(1_000_000);
        let Outcome::Solved(found) = solve(&level, &limits, &AtomicBool::new(false)) else {
            panic!("{collection} {number}: not solved");
        };
        let optimized = optimize(&level, &found, &within(200_000), &AtomicBool::new(false));
        let before = replayed(&level, &found);
        let after = replayed(&level, &optimized.steps);
        assert!(
            after <= before,
            "{collection} {number}: {before:?} -> {after:?}"
        );
        shortened += usize::from(after.0 < before.0);
    }
    // A check that the optimizer does something at all: most solutions
    // found by the searches have detours.
    assert!(shortened >= 5, "only {shortened} of 9 shortened");
}
