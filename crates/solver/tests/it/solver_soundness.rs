//! Soundness: positions taken along known solutions always have a solution,
//! so the solver must never call one unsolvable, and whatever it finds must
//! replay through the game core. The known solutions are the solver's own
//! answers from the level's start, each checked by replay first.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use schokoban_core::{Game, Level, format_steps, parse_level};
use schokoban_solver::{Limits, Outcome, solve};

/// A level of the repository's own `levels/` folder, linked from `tests/levels/`.
fn repo_level(collection: &str, file: &str) -> Level {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(collection)
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_level(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Solves `level` expanding at most `positions` per search, with no clock.
fn run(level: &Level, positions: u64) -> Outcome {
    let limits = Limits {
        max_expansions: Some(positions),
        ..Limits::with_time(Duration::MAX)
    };
    solve(level, &limits, &AtomicBool::new(false))
}

/// Solves `level`, then re-solves the positions after every `stride`-th
/// push of that solution. Returns how many positions were checked.
fn check_along_solution(level: &Level, stride: usize) -> usize {
    let Outcome::Solved(steps) = run(level, 2_000_000) else {
        panic!("no solution from the start of\n{level}");
    };
    let mut game = Game::new(level.clone());
    let mut checked = 0;
    let mut pushes = 0;
    for step in &steps {
        let done = game
            .step(step.direction)
            .expect("the solution's steps are legal");
        if !done.push {
            continue;
        }
        pushes += 1;
        if pushes % stride != 0 || game.is_solved() {
            continue;
        }
        let position = game.current_position();
        match run(&position, 300_000) {
            Outcome::Solved(rest) => {
                let replayed =
                    Game::replay(position.clone(), &format_steps(&rest)).expect("replays");
                assert!(replayed.is_solved(), "wrong solution from\n{position}");
            }
            Outcome::Unsolvable => panic!("a solvable position called unsolvable:\n{position}"),
            // Giving up proves nothing either way; count only real checks.
            _ => continue,
        }
        checked += 1;
    }
    assert!(game.is_solved(), "the solution does not solve\n{level}");
    checked
}

#[test]
fn positions_along_microban_solutions_are_never_called_unsolvable() {
    let mut checked = 0;
    for number in [1, 7, 14, 22, 30, 45, 60, 78, 90, 100, 120, 133] {
        checked += check_along_solution(&repo_level("microban", &format!("{number:03}.xsb")), 2);
    }
    assert!(checked >= 100, "only {checked} positions checked");
}

#[test]
fn positions_along_xsokoban_solutions_are_never_called_unsolvable() {
    let mut checked = 0;
    for number in [1, 2] {
        checked += check_along_solution(&repo_level("xsokoban", &format!("{number:02}.xsb")), 16);
    }
    assert!(checked >= 10, "only {checked} positions checked");
}
