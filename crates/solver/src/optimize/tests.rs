use std::sync::atomic::AtomicBool;
use std::time::Duration;

use schokoban_core::{Game, LogEntry, parse_level, parse_log};

use super::*;

fn parse_steps(lurd: &str) -> Option<Vec<Step>> {
    parse_log(lurd)
        .ok()?
        .into_iter()
        .map(|entry| match entry {
            LogEntry::Step(step) => Some(step),
            LogEntry::Undo => None,
        })
        .collect()
}

fn optimized(xsb: &str, lurd: &str, positions: u64) -> (String, Optimized) {
    let level = parse_level(xsb).expect("level");
    let steps = parse_steps(lurd).expect("lurd");
    let limits = Limits {
        max_expansions: Some(positions),
        ..Limits::with_time(Duration::MAX)
    };
    let result = optimize(&level, &steps, &limits, &AtomicBool::new(false));
    let lurd = schokoban_core::format_steps(&result.steps);
    let game = Game::replay(level, &lurd).expect("replays");
    assert!(game.is_solved(), "{lurd} does not solve");
    (lurd, result)
}

#[test]
fn a_detour_in_one_box_s_walk_is_cut() {
    // Walks up and back before pushing, then pushes twice.
    let room = "######\n#    #\n#@$ .#\n#    #\n######\n";
    let (lurd, result) = optimized(room, "udRR", 1_000);
    assert_eq!(lurd, "RR");
    assert!(result.expanded > 0);
}

#[test]
fn two_boxes_pushed_in_a_roundabout_order_are_re_solved_together() {
    // Pushing the lower box first leaves a walk round it; the upper box
    // first leaves a straight walk back, which only a window over both
    // boxes finds.
    let room = "#######\n#@$  .#\n# $  .#\n#     #\n#######\n";
    let wasteful = "dRRRdllluuRRR";
    let level = parse_level(room).expect("level");
    let before = Game::replay(level, wasteful).expect("replays");
    assert!(before.is_solved());
    let (lurd, _) = optimized(room, wasteful, 10_000);
    assert_eq!(lurd, "RRRllldRRR");
}

#[test]
fn steps_that_do_not_solve_come_back_as_given() {
    let room = "######\n#@$ .#\n######\n";
    let level = parse_level(room).expect("level");
    let steps = parse_steps("R").expect("lurd");
    let limits = Limits::with_time(Duration::MAX);
    let result = optimize(&level, &steps, &limits, &AtomicBool::new(false));
    assert_eq!(result.steps, steps);
    assert_eq!(result.expanded, 0);
}

#[test]
fn no_positions_no_change() {
    let room = "######\n#    #\n#@$ .#\n#    #\n######\n";
    let (lurd, result) = optimized(room, "udRR", 0);
    assert_eq!(lurd, "udRR");
    assert_eq!(result.expanded, 0);
}
