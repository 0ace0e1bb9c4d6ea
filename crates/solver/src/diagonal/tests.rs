//! Closed diagonals on XSB literals, along known solutions, and against a
//! brute-force search of random dense positions.

use super::*;
use crate::corral_deadlock::tests::solvable;
use crate::pairs::tests::known_solutions;
use schokoban_core::{Game, Level, Step, parse_level};

/// The board, box occupancy, boxes and player of `xsb`.
fn position(xsb: &str) -> (Board, Vec<bool>, Vec<Cell>, Cell) {
    let level = parse_level(xsb).expect("valid level");
    let board = Board::new(&level).expect("small");
    let (boxes, player) = cells(&board, &level);
    let mut occupied = vec![false; board.cells()];
    for &b in &boxes {
        occupied[usize::from(b)] = true;
    }
    (board, occupied, boxes, player)
}

fn cells(board: &Board, level: &Level) -> (Vec<Cell>, Cell) {
    let boxes = level
        .boxes()
        .iter()
        .filter_map(|&p| board.cell(p))
        .collect();
    (boxes, board.cell(level.player()).expect("player on floor"))
}

/// How many boxes of `xsb` the check finds closing a dead diagonal.
fn dead_boxes(xsb: &str) -> usize {
    let (board, occupied, boxes, player) = position(xsb);
    boxes
        .iter()
        .filter(|&&b| closes_dead_diagonal(&board, &occupied, b, player))
        .count()
}

/// Two runs of two empty squares, one each way, boxed in by boxes off
/// their goals and closed by boxes at both ends.
const CLOSED: [&str; 2] = [
    "#########\n#@      #\n# $$    #\n# $ $   #\n#  $ $  #\n#   $$  #\n# ....  #\n# ....  #\n#########",
    "#########\n#@      #\n#    $$ #\n#   $ $ #\n#  $ $  #\n#  $$   #\n# ....  #\n# ....  #\n#########",
];

#[test]
fn a_closed_diagonal_with_a_box_off_its_goal_is_dead() {
    for xsb in CLOSED {
        let boxes = xsb.matches('$').count();
        assert_eq!(dead_boxes(xsb), boxes, "every box closes it\n{xsb}");
    }
}

#[test]
fn a_diagonal_open_at_one_end_is_not_dead() {
    let open = "#########\n#@      #\n# $$    #\n# $ $   #\n#  $ $  #\n#   $   #\n# ....  #\n# ...   #\n#########";
    assert_eq!(dead_boxes(open), 0);
}

#[test]
fn a_diagonal_closed_by_two_walls_at_its_end_is_dead() {
    let walled = "#######\n#@... #\n# $$  #\n# $ ###\n#  ##\n#####";
    let (board, _, boxes, player) = position(walled);
    assert!(!solvable(&board, &boxes, player));
    assert_eq!(dead_boxes(walled), 3);
}

#[test]
fn a_diagonal_on_goals_or_around_a_goal_is_not_dead() {
    let packed =
        "#########\n#@      #\n# **    #\n# * *   #\n#  * *  #\n#   **  #\n#       #\n#########";
    assert_eq!(dead_boxes(packed), 0);
    let goal_inside = "#########\n#@      #\n# $$    #\n# $.$   #\n#  $ $  #\n#   $$  #\n# ....  #\n# ...   #\n#########";
    assert_eq!(dead_boxes(goal_inside), 0);
}

#[test]
fn no_position_along_known_solutions_is_called_dead() {
    let mut checked = 0;
    for (xsb, solution) in known_solutions() {
        let level = parse_level(xsb).expect("valid level");
        let board = Board::new(&level).expect("small");
        let mut game = Game::new(level);
        for (step, letter) in solution.chars().enumerate() {
            let direction = Step::from_char(letter).expect("a LURD letter").direction;
            game.step(direction).expect("legal step");
            let (boxes, player) = cells(&board, &game.current_position());
            let mut occupied = vec![false; board.cells()];
            for &b in &boxes {
                occupied[usize::from(b)] = true;
            }
            for &b in &boxes {
                assert!(
                    !closes_dead_diagonal(&board, &occupied, b, player),
                    "step {step}\n{xsb}"
                );
                checked += 1;
            }
        }
        assert!(game.is_solved());
    }
    assert!(checked > 10_000, "only {checked} checked");
}

/// Random dense positions in a small room: every one called dead must be
/// unsolvable, and some must be called dead.
#[test]
fn every_position_called_dead_is_unsolvable() {
    let (board, ..) = position("######\n#....#\n# $$ #\n# $$ #\n#   @#\n######");
    let cells = board.cells() as u64;
    let (mut seed, mut called_dead) = (0x9e37_79b9_u64, 0);
    let mut next = |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        Cell::try_from(seed % bound).expect("a cell")
    };
    for _ in 0..4000 {
        let mut boxes = Vec::new();
        while boxes.len() < 4 {
            let cell = next(cells);
            if !boxes.contains(&cell) {
                boxes.push(cell);
            }
        }
        let player = next(cells);
        if boxes.contains(&player) {
            continue;
        }
        let mut occupied = vec![false; board.cells()];
        for &b in &boxes {
            occupied[usize::from(b)] = true;
        }
        if boxes
            .iter()
            .any(|&b| closes_dead_diagonal(&board, &occupied, b, player))
        {
            boxes.sort_unstable();
            assert!(
                !solvable(&board, &boxes, player),
                "{boxes:?}, player {player}"
            );
            called_dead += 1;
        }
    }
    assert!(called_dead > 20, "only {called_dead} called dead");
}

/// A box moving away can close a run that does not touch it: it leaves the
/// run shorter, and the new end walled in. So a search checks every box,
/// not only the one its move left.
#[test]
fn a_box_moving_away_can_close_a_run_it_does_not_touch() {
    let open_run = "#######\n####$ #\n### $ #\n## #  #\n# $  @#\n#  ...#\n#######";
    assert_eq!(dead_boxes(open_run), 0);
    let after = "#######\n####$ #\n### $ #\n## #  #\n# @$  #\n#  ...#\n#######";
    let (board, occupied, _, player) = position(after);
    let dead = |x, y| {
        let cell = board.cell(schokoban_core::Pos::new(x, y)).expect("a box");
        closes_dead_diagonal(&board, &occupied, cell, player)
    };
    assert!(!dead(3, 4), "the box that moved");
    assert!(dead(4, 1) && dead(4, 2), "the two boxes around the pocket");
}
