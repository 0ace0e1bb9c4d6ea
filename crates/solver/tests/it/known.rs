//! Hints that know solutions: a position along a known solution is
//! answered without a search, one a few pushes off is led back onto it,
//! and every answer replays to a solved position.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::shipped;
use schokoban_core::{Direction, Game, Level, Step, format_steps, parse_level};
use schokoban_solver::{
    Known, Limits, NEAR_POSITIONS, Outcome, Stats, Strategy, solve, solve_knowing,
};

/// No clock, at most `positions` expanded by each search.
fn within(positions: u64) -> Limits {
    Limits {
        max_expansions: Some(positions),
        ..Limits::with_time(Duration::MAX)
    }
}

/// One search alone, so that the line the tests walk is the same in every
/// run: which thread of the race answers first can vary.
fn solution(level: &Level) -> Vec<Step> {
    let limits = Limits {
        strategy: Strategy::Homeward,
        ..within(2_000_000)
    };
    match solve(level, &limits, &AtomicBool::new(false)) {
        Outcome::Solved(steps) => steps,
        other => panic!("the level has a solution: {other:?}"),
    }
}

fn assert_replays(position: &Level, steps: &[Step]) {
    let game = Game::replay(position.clone(), &format_steps(steps)).expect("the answer plays");
    assert!(game.is_solved(), "the answer leaves\n{position}\nunsolved");
}

/// The position after each push of `steps` from `level`, and the start.
fn along(level: &Level, steps: &[Step]) -> Vec<Level> {
    let mut game = Game::new(level.clone());
    let mut positions = vec![game.current_position()];
    for step in steps {
        game.step(step.direction).expect("the solution plays");
        if step.push {
            positions.push(game.current_position());
        }
    }
    positions
}

#[test]
fn every_position_along_a_known_solution_is_answered_without_a_search() {
    for (collection, number) in [("xsokoban", 1), ("microban", 20), ("xsokoban", 3)] {
        let level = shipped::level(collection, number);
        let steps = solution(&level);
        let mut known = Known::new(&level).expect("fits");
        assert!(known.add(&level, &steps));
        // Not a single position to search: a search would give up at once.
        let no_search = within(0);
        for position in along(&level, &steps) {
            let (outcome, stats) =
                solve_knowing(&position, &no_search, &AtomicBool::new(false), &known);
            let Outcome::Solved(rest) = outcome else {
                panic!("{collection} {number}: no answer along the solution\n{position}");
            };
            assert_eq!(stats, Stats::default(), "{collection} {number}");
            assert_replays(&position, &rest);
        }
    }
}

#[test]
fn the_player_anywhere_in_the_same_area_is_on_the_line() {
    let level = parse_level("#######\n#     #\n#@$  .#\n#     #\n#######\n").expect("level");
    let mut known = Known::new(&level).expect("fits");
    assert!(known.add(&level, &[Step::push(Direction::Right); 3]));
    let mut game = Game::new(level);
    for direction in [Direction::Up, Direction::Right, Direction::Right] {
        game.step(direction).expect("a walk");
    }
    let position = game.current_position();
    let rest = known
        .rest(&position)
        .expect("the same boxes, the same area");
    assert_eq!(format_steps(&rest), "lldRRR");
    assert_replays(&position, &rest);
}

/// A solution that comes back to its start: the position is answered
/// with the shorter rest, from the second visit.
#[test]
fn a_solution_through_the_same_position_twice_answers_with_the_shorter_rest() {
    let level = parse_level("########\n#      #\n#@$   .#\n#      #\n########\n").expect("level");
    let walk = Step::walk;
    let push = Step::push;
    let (up, down) = (walk(Direction::Up), walk(Direction::Down));
    let (left, right) = (walk(Direction::Left), walk(Direction::Right));
    let mut steps = vec![push(Direction::Right), up, right, right, down];
    steps.extend([push(Direction::Left), up, left, left, down]);
    steps.extend([push(Direction::Right); 4]);
    let mut known = Known::new(&level).expect("fits");
    assert!(known.add(&level, &steps));
    let rest = known.rest(&level).expect("the start is on the line");
    assert_eq!(format_steps(&rest), "urrdulldRRRR");
    assert_replays(&level, &rest);
}

#[test]
fn a_position_a_push_off_the_line_is_led_back_within_the_near_positions() {
    let level = shipped::level("xsokoban", 1);
    let steps = solution(&level);
    let mut known = Known::new(&level).expect("fits");
    assert!(known.add(&level, &steps));
    let mut off_the_line = 0;
    for position in along(&level, &steps).iter().step_by(8) {
        // Each first push the position allows that leaves the line.
        for direction in Direction::ALL {
            let mut game = Game::new(position.clone());
            let pushed = game.step(direction).is_ok_and(|step| step.push)
                || game.step(direction).is_ok_and(|step| step.push);
            let moved = game.current_position();
            if !pushed || known.rest(&moved).is_some() || game.is_solved() {
                continue;
            }
            let (outcome, stats) =
                solve_knowing(&moved, &within(0), &AtomicBool::new(false), &known);
            if let Outcome::Solved(rest) = outcome {
                off_the_line += 1;
                assert!(stats.expanded <= NEAR_POSITIONS);
                assert_replays(&moved, &rest);
            }
        }
    }
    assert!(off_the_line > 0, "no position off the line was led back");
}

#[test]
fn a_position_off_every_known_line_is_searched_as_usual() {
    let level = shipped::level("microban", 20);
    let known = Known::new(&level).expect("fits");
    let (outcome, stats) = solve_knowing(&level, &within(20_000), &AtomicBool::new(false), &known);
    assert!(matches!(outcome, Outcome::Solved(_)));
    assert!(stats.expanded > 0);
    let other = shipped::level("xsokoban", 1);
    let mut known = Known::new(&level).expect("fits");
    assert!(
        !known.add(&other, &solution(&other)),
        "another level's solution"
    );
    assert_eq!(known.positions(), 0);
}

#[test]
fn a_solution_written_without_its_pushes_is_known_by_what_the_game_plays() {
    let level = shipped::level("microban", 20);
    let steps = solution(&level);
    let walked: Vec<Step> = steps
        .iter()
        .map(|step| Step {
            push: false,
            ..*step
        })
        .collect();
    let mut known = Known::new(&level).expect("fits");
    assert!(known.add(&level, &walked));
    for position in along(&level, &steps) {
        let (outcome, stats) =
            solve_knowing(&position, &within(0), &AtomicBool::new(false), &known);
        let Outcome::Solved(rest) = outcome else {
            panic!("no answer along the solution\n{position}");
        };
        assert_eq!(stats, Stats::default());
        // The pushes marked are the ones the game makes.
        let mut game = Game::new(position.clone());
        let played: Vec<Step> = rest
            .iter()
            .map(|step| game.step(step.direction).expect("the answer plays"))
            .collect();
        assert_eq!(rest, played);
    }
}
