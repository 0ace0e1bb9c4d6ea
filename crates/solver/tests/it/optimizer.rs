//! The optimizer against the game core: every optimized solution replays
//! through `Game` to solved, and is never longer than the one found.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::shipped;
use schokoban_core::{Game, Level, format_steps};
use schokoban_solver::{Limits, Outcome, Strategy, optimize, solve};

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

/// The optimizer goes on while a round over the window sizes saves moves,
/// so what it returns is its own fixed point. On Microban II 25, plan's
/// solution of 60 moves comes to 42 after one round and to 34 after the
/// second: the lines the first round's windows put in leave detours that
/// its earlier windows had already passed.
#[test]
fn optimizing_an_optimized_solution_saves_nothing_more() {
    let level = shipped::level("microban-ii", 25);
    let limits = Limits {
        strategy: Strategy::Plan,
        ..within(20_000)
    };
    let Outcome::Solved(found) = solve(&level, &limits, &AtomicBool::new(false)) else {
        panic!("plan does not solve Microban II 25 within 20,000 positions");
    };
    let cancel = AtomicBool::new(false);
    let once = optimize(&level, &found, &within(200_000), &cancel);
    let twice = optimize(&level, &once.steps, &within(200_000), &cancel);
    let (found, once, twice) = (
        replayed(&level, &found),
        replayed(&level, &once.steps),
        replayed(&level, &twice.steps),
    );
    assert!(once.0 < found.0, "{found:?} -> {once:?}");
    assert_eq!(
        twice, once,
        "optimized {found:?} to {once:?}, then to {twice:?}"
    );
}
