//! Turning pushes back into the player's steps: before each push, the
//! shortest walk (breadth-first, LURD order, so always the same walk) to the
//! cell behind the box.

use std::collections::VecDeque;

use super::board::{Board, Cell, DIRECTIONS, NONE, opposite};
use schokoban_core::Step;

/// The steps that play `pushes` (box cell after the push, direction) from
/// `boxes` with the player on `player`.
pub fn steps(board: &Board, boxes: &[Cell], player: Cell, pushes: &[(Cell, usize)]) -> Vec<Step> {
    let mut occupied = vec![false; board.cells()];
    for &b in boxes {
        occupied[usize::from(b)] = true;
    }
    let mut player = player;
    let mut steps = Vec::new();
    for &(to, dir) in pushes {
        let from = board.next(to, opposite(dir));
        let behind = board.next(from, opposite(dir));
        walk(board, &occupied, player, behind, &mut steps);
        steps.push(Step::push(DIRECTIONS[dir]));
        occupied[usize::from(from)] = false;
        occupied[usize::from(to)] = true;
        player = from;
    }
    steps
}

/// Appends the shortest walk from `from` to `target` around the boxes.
pub fn walk(board: &Board, occupied: &[bool], from: Cell, target: Cell, steps: &mut Vec<Step>) {
    let mut came = vec![None; board.cells()];
    let mut queue = VecDeque::from([from]);
    came[usize::from(from)] = Some(usize::MAX);
    while let Some(c) = queue.pop_front() {
        if c == target {
            break;
        }
        for dir in 0..4 {
            let n = board.next(c, dir);
            if n != NONE && !occupied[usize::from(n)] && came[usize::from(n)].is_none() {
                came[usize::from(n)] = Some(dir);
                queue.push_back(n);
            }
        }
    }
    let mut path = Vec::new();
    let mut c = target;
    while c != from {
        let dir = came[usize::from(c)].expect("the search only pushes from reachable cells");
        path.push(Step::walk(DIRECTIONS[dir]));
        c = board.next(c, opposite(dir));
    }
    steps.extend(path.into_iter().rev());
}
