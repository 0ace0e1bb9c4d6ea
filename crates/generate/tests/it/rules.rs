//! Each rejection rule, on levels drawn by hand.

use schokoban_core::{Direction, Step, parse_level};
use schokoban_generate::rules::{self, Rejection, is_near_copy, is_straight, rejection};

fn steps(lurd: &str) -> Vec<Step> {
    lurd.chars()
        .map(|c| {
            let direction = match c.to_ascii_lowercase() {
                'l' => Direction::Left,
                'u' => Direction::Up,
                'r' => Direction::Right,
                _ => Direction::Down,
            };
            Step {
                direction,
                push: c.is_ascii_uppercase(),
            }
        })
        .collect()
}

/// A box that must be pushed right, then down twice: every floor square
/// is used by the solution `RurDD`.
const TURNING: &str = "#####\n##  #\n#@$ #\n### #\n  #.#\n  ###\n";

#[test]
fn boxes_pushed_straight_onto_goals_are_rejected() {
    let level = parse_level("######\n#@$ .#\n######\n").expect("parses");
    assert!(is_straight(&level));
    assert_eq!(rejection(&level, &steps("RR")), Some(Rejection::Straight));
}

#[test]
fn a_box_that_must_turn_is_not_straight() {
    // The box goes right, then down: no straight line reaches the goal.
    let level = parse_level(TURNING).expect("parses");
    assert!(!is_straight(&level));
    assert_eq!(rejection(&level, &steps("RurDD")), None);
}

#[test]
fn floor_no_step_touches_is_rejected() {
    // The turning level with one more floor square, top left.
    let level = parse_level(&TURNING.replacen("##  #", "#   #", 1)).expect("parses");
    assert_eq!(
        rejection(&level, &steps("RurDD")),
        Some(Rejection::UnusedFloor)
    );
}

#[test]
fn a_box_that_never_moves_is_rejected() {
    // The turning level with a second box, on its goal, that the
    // solution leaves there.
    let level = parse_level("######\n##  ##\n#@$ *#\n### ##\n  #.#\n  ###\n").expect("parses");
    assert!(!is_straight(&level));
    assert_eq!(rejection(&level, &steps("RurDD")), Some(Rejection::IdleBox));
}

#[test]
fn a_level_one_cell_from_another_is_a_near_copy() {
    let level = parse_level("#######\n#@$  .#\n#  #  #\n#     #\n#######\n").expect("parses");
    let moved_wall = parse_level("#######\n#@$  .#\n#     #\n#  #  #\n#######\n").expect("parses");
    let other = parse_level("#######\n#.  $@#\n# ### #\n#.$   #\n#######\n").expect("parses");
    assert!(is_near_copy(&level, &level));
    assert!(is_near_copy(&level, &moved_wall));
    assert!(!is_near_copy(&level, &other));
}

#[test]
fn straight_pushes_are_found_in_any_order_and_direction() {
    // The upper box can go right onto the goal the lower box needs, or
    // down onto the other goal: only down, then the lower box up, is all
    // straight. Trying the first straight push found would miss it.
    let level =
        parse_level("#######\n# @   #\n# $ . #\n#   $ #\n# .   #\n#######\n").expect("parses");
    assert!(is_straight(&level));
    // With the lower goal gone, only the right push is left, and the
    // lower box then has nowhere straight to go.
    let one_way =
        parse_level("#######\n# @   #\n# $ . #\n#   $ #\n#    .#\n#######\n").expect("parses");
    assert!(!is_straight(&one_way));
}

/// A box that must turn, reached through a corridor of `length` cells
/// walled above and below, where the player starts: the solution walks
/// it, then pushes `RurDD`.
fn behind_a_corridor(length: usize) -> (schokoban_core::Level, Vec<Step>) {
    let wall = |n: usize| "#".repeat(n);
    let gap = |n: usize| " ".repeat(n);
    let text = format!(
        "{}\n{}  ##\n#@{}$ ##\n{} ##\n{}#.#\n{}###\n",
        wall(length + 5),
        wall(length + 1),
        gap(length - 1),
        wall(length + 2),
        gap(length + 1),
        gap(length + 1),
    );
    let level = parse_level(&text).expect("parses");
    let steps_in = "r".repeat(length - 1);
    (level, steps(&format!("{steps_in}RurDD")))
}

#[test]
fn a_long_corridor_no_box_goes_through_is_rejected() {
    let (long, solution) = behind_a_corridor(rules::LONG_CORRIDOR);
    assert_eq!(rejection(&long, &solution), Some(Rejection::EmptyCorridor));
    let (short, solution) = behind_a_corridor(rules::LONG_CORRIDOR - 1);
    assert_eq!(rejection(&short, &solution), None);
}

#[test]
fn walls_and_goals_mirrored_are_near_symmetric() {
    let mirrored = parse_level("#########\n#.$ @ $.#\n#  # #  #\n#########\n").expect("parses");
    assert!(rules::is_near_symmetric(&mirrored));
    assert!(!rules::is_near_symmetric(
        &parse_level(TURNING).expect("parses")
    ));
}

/// Two boxes, each with its own goal to the right and a row apart.
const TWO_ROWS: &str = "#######\n#@$ . #\n#     #\n# $ . #\n#######\n";

#[test]
fn boxes_that_never_meet_are_counted_and_taking_turns_is_not() {
    let level = parse_level(TWO_ROWS).expect("parses");
    // One box all the way, then the other: neither ever meets the other.
    assert_eq!(rules::lone_boxes(&level, &steps("RRdlldRR")), 2);
    // A push of one, then the other, and again: they take turns.
    assert_eq!(rules::lone_boxes(&level, &steps("RdldRuuRdldR")), 0);
}
