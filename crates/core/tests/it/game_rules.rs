//! The rules of play: moving, pushing, blocking, the score, undo, redo,
//! reset and the win check.

use crate::common::{game, play, position};
use schokoban_core::{Direction, LogEntry, MoveError, Pos, Step};

#[test]
fn a_move_walks_onto_free_floor() {
    let mut g = game("#######\n#@  $.#\n#######\n");
    assert_eq!(g.step(Direction::Right), Ok(Step::walk(Direction::Right)));
    assert_eq!(g.player(), Pos::new(2, 1));
    assert_eq!((g.score(), g.pushes()), (1, 0));
}

#[test]
fn walls_block_and_count_nothing() {
    let mut g = game("#####\n#@$.#\n#####\n");
    for d in [Direction::Left, Direction::Up, Direction::Down] {
        assert_eq!(g.step(d), Err(MoveError::Blocked), "{d:?}");
    }
    assert_eq!(g.player(), Pos::new(1, 1));
    assert_eq!(g.score(), 0);
    assert!(g.log().is_empty());
}

#[test]
fn a_push_moves_the_box_one_cell() {
    let mut g = game("######\n#@$ .#\n######\n");
    assert_eq!(g.step(Direction::Right), Ok(Step::push(Direction::Right)));
    assert_eq!(position(&g), (Pos::new(2, 1), vec![Pos::new(3, 1)]));
    assert_eq!((g.score(), g.pushes()), (1, 1));
}

#[test]
fn a_box_against_a_wall_blocks() {
    let mut g = game("#####\n#@$#\n#. #\n####\n");
    assert_eq!(g.step(Direction::Right), Err(MoveError::PushBlocked));
    assert_eq!(position(&g), (Pos::new(1, 1), vec![Pos::new(2, 1)]));
    assert_eq!((g.score(), g.pushes()), (0, 0));
}

#[test]
fn a_second_box_blocks() {
    let mut g = game("#######\n#@$$..#\n#######\n");
    assert_eq!(g.step(Direction::Right), Err(MoveError::PushBlocked));
    assert_eq!(
        position(&g),
        (Pos::new(1, 1), vec![Pos::new(2, 1), Pos::new(3, 1)])
    );
    assert_eq!(g.score(), 0);
}

#[test]
fn the_grid_edge_blocks_like_a_wall() {
    // Not closed by walls: row 0 has nothing above, column 0 nothing left.
    let mut g = game("@$.\n");
    assert_eq!(g.step(Direction::Left), Err(MoveError::Blocked));
    assert_eq!(g.step(Direction::Up), Err(MoveError::Blocked));
    assert_eq!(g.step(Direction::Down), Err(MoveError::Blocked));
    let mut edge = game(".@$\n");
    assert_eq!(
        edge.step(Direction::Right),
        Err(MoveError::PushBlocked),
        "a box cannot leave the grid"
    );
    assert_eq!(position(&edge), (Pos::new(1, 0), vec![Pos::new(2, 0)]));
    // Padding beyond a short row is floor, and the grid ends there.
    let mut short = game("#@\n#$.\n");
    assert_eq!(
        short.step(Direction::Right),
        Ok(Step::walk(Direction::Right))
    );
    assert_eq!(short.step(Direction::Right), Err(MoveError::Blocked));
    assert_eq!(short.step(Direction::Up), Err(MoveError::Blocked));
}

#[test]
fn would_push_gives_the_same_reason_as_the_step() {
    // Left a wall, right a box against a wall, down a box before a box, up a walk.
    let g = game("#####\n# ###\n#@*##\n#$ .#\n#$ .#\n#####\n");
    let cases = [
        (Direction::Left, Err(MoveError::Blocked)),
        (Direction::Right, Err(MoveError::PushBlocked)),
        (Direction::Down, Err(MoveError::PushBlocked)),
        (Direction::Up, Ok(false)),
    ];
    for (direction, expected) in cases {
        assert_eq!(g.would_push(direction), expected, "{direction:?}");
        let mut stepped = g.clone();
        let step = stepped.step(direction).map(|step| step.push);
        assert_eq!(step, expected, "{direction:?}");
    }
}

#[test]
fn a_refused_move_says_why_in_words() {
    assert_eq!(MoveError::Blocked.to_string(), "a wall is in the way");
    assert_eq!(
        MoveError::PushBlocked.to_string(),
        "the box is blocked by a wall or another box"
    );
}

#[test]
fn the_score_counts_moves_pushes_and_undos() {
    let mut g = game("#######\n#@ $ .#\n#######\n");
    play(&mut g, "rrx");
    assert_eq!((g.score(), g.pushes()), (3, 0), "walk, push, undo");
    play(&mut g, "rr");
    assert_eq!((g.score(), g.pushes()), (5, 2));
    assert!(g.is_solved());
}

#[test]
fn undo_with_nothing_to_undo_does_nothing() {
    let mut g = game("#####\n#@$.#\n#####\n");
    assert_eq!(g.undo(), None);
    assert_eq!(g.score(), 0);
    assert!(g.log().is_empty());
    assert!(!g.can_redo());
    play(&mut g, "rx");
    assert_eq!(g.undo(), None, "everything is already undone");
    assert_eq!(g.score(), 2);
}

#[test]
fn undo_takes_back_a_push() {
    let mut g = game("######\n#@$ .#\n######\n");
    let start = position(&g);
    play(&mut g, "r");
    assert_eq!(g.undo(), Some(Step::push(Direction::Right)));
    assert_eq!(position(&g), start);
    assert_eq!((g.score(), g.pushes()), (2, 0));
    assert!(!g.can_undo());
}

#[test]
fn undo_rolls_back_time_to_the_start() {
    let mut g = game("#######\n#     #\n# $ $.#\n#@  . #\n#######\n");
    let start = position(&g);
    play(&mut g, "uurrrdll");
    assert_eq!(g.pushes(), 2);
    let moves = g.history().len();
    for _ in 0..moves {
        assert!(g.undo().is_some());
    }
    assert_eq!(position(&g), start);
    assert_eq!(g.pushes(), 0);
    assert_eq!(g.score(), 2 * moves);
}

#[test]
fn reset_restores_the_start_and_clears_everything() {
    let mut g = game("#######\n#@ $ .#\n#######\n");
    let start = position(&g);
    play(&mut g, "rrx");
    g.reset();
    assert_eq!(position(&g), start);
    assert_eq!((g.score(), g.pushes()), (0, 0));
    assert!(g.log().is_empty() && g.history().is_empty());
    assert!(!g.can_undo() && !g.can_redo());
    assert_eq!(g.undo(), None);
}

#[test]
fn redo_replays_undone_steps_and_counts() {
    let mut g = game("#######\n#@ $ .#\n#######\n");
    play(&mut g, "rr");
    let after = position(&g);
    play(&mut g, "xx");
    assert_eq!(g.redo(), Some(Step::walk(Direction::Right)));
    assert_eq!(g.redo(), Some(Step::push(Direction::Right)));
    assert_eq!(g.redo(), None, "nothing more to redo");
    assert_eq!(position(&g), after);
    assert_eq!((g.score(), g.pushes()), (6, 1));
    let last: Vec<LogEntry> = g.log()[4..].to_vec();
    assert_eq!(
        last,
        [
            LogEntry::Step(Step::walk(Direction::Right)),
            LogEntry::Step(Step::push(Direction::Right))
        ],
        "a redo is logged as the step it replays"
    );
}

#[test]
fn a_new_move_clears_the_redo_list() {
    let mut g = game("#######\n#     #\n#@ $ .#\n#######\n");
    play(&mut g, "rx");
    assert!(g.can_redo());
    play(&mut g, "u");
    assert!(!g.can_redo());
    assert_eq!(g.redo(), None);
}

#[test]
fn solved_when_every_box_is_on_a_goal() {
    let mut g = game("######\n#@$. #\n# $. #\n######\n");
    play(&mut g, "r");
    assert!(!g.is_solved(), "one box still off its goal");
    play(&mut g, "ldr");
    assert!(g.is_solved());
    play(&mut g, "x");
    assert!(!g.is_solved(), "undo takes the win back");
    let mut pushed_off = game("#####\n#@* #\n#####\n");
    assert!(pushed_off.is_solved());
    play(&mut pushed_off, "r");
    assert!(!pushed_off.is_solved(), "a box pushed off its goal");
}

#[test]
fn a_box_already_on_goal_counts_at_the_start() {
    let g = game("####\n#@*#\n####\n");
    assert!(g.is_solved());
}

#[test]
fn the_board_prints_as_xsb() {
    let mut g = game("########\n#@$  . #\n########\n");
    play(&mut g, "rrr");
    assert_eq!(g.to_xsb(), "########\n#   @* #\n########\n");
    play(&mut g, "r");
    assert_eq!(g.to_xsb(), "########\n#    +$#\n########\n");
}

#[test]
fn undos_until_counts_back_to_the_first_position_wanted() {
    let mut g = game("#######\n#@ $ .#\n#######\n");
    play(&mut g, "rrr");
    let boxes_at =
        |x| move |g: &schokoban_core::Game| g.box_positions().any(|b| b == Pos::new(x, 1));
    assert_eq!(g.undos_until(boxes_at(5)), Some(0), "it holds now");
    assert_eq!(g.undos_until(boxes_at(4)), Some(1));
    assert_eq!(g.undos_until(boxes_at(3)), Some(2));
    assert_eq!(g.undos_until(|g| g.player() == Pos::new(1, 1)), Some(3));
    assert_eq!(g.undos_until(boxes_at(2)), None, "never there");
    assert_eq!(
        (g.score(), g.player()),
        (3, Pos::new(4, 1)),
        "the game is not changed"
    );
}
