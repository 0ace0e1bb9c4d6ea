//! Turning the line of pulls that found the start back into forward steps.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use super::Backward;
use crate::board::{Cell, NONE, opposite};
use crate::marks::{Marks, flood, flood_anew};
use crate::path;
use schokoban_core::Step;

/// A box's cell and the smallest cell of the player's area.
type State = (Cell, Cell);

impl Backward<'_> {
    /// The steps from the start to the solved position: the pulls from a
    /// root to `end`, each undone as a push, last first.
    pub(super) fn solution(&self, end: u32) -> Option<Vec<Step>> {
        let pushes = self.pushes_home(end)?;
        let setup = self.setup;
        Some(path::steps(self.board, &setup.boxes, setup.player, &pushes))
    }

    /// The pushes (box cell after the push, direction) that take the
    /// position of `end` to the solved position: the pulls from a root to
    /// `end`, each undone, last first.
    pub(super) fn pushes_home(&self, end: u32) -> Option<Vec<(Cell, usize)>> {
        let mut pushes = Vec::new();
        for child in self.table.line(end) {
            let node = self.table.node(child);
            let parent = self.table.node(node.parent);
            let boxes = self.table.boxes(node.parent).to_vec();
            let from = self.info[child as usize].from;
            let undone =
                self.single_pulls(&boxes, (from, parent.player), (node.to, node.player))?;
            pushes.extend(undone);
        }
        pushes.reverse();
        Some(pushes)
    }

    /// The single pulls that take the box on `start.0`, the player in the
    /// area of `start.1`, to `end.0` with the player in the area of
    /// `end.1`, the fewest first; each as the push that undoes it (box cell
    /// after the push, direction), in pulling order.
    fn single_pulls(&self, boxes: &[Cell], start: State, end: State) -> Option<Vec<(Cell, usize)>> {
        let board = self.board;
        let (mut marks, mut stack) = (Marks::new(board.cells()), Vec::new());
        let mut occupied = vec![false; board.cells()];
        for &b in boxes.iter().filter(|&&b| b != start.0) {
            occupied[usize::from(b)] = true;
        }
        let mut came: HashMap<State, (State, usize)> = HashMap::from([(start, ((NONE, NONE), 0))]);
        let mut queue = VecDeque::from([start]);
        while let Some(state @ (cell, player)) = queue.pop_front() {
            if state == end {
                return Some(undo(&came, start, end));
            }
            occupied[usize::from(cell)] = true;
            marks.next();
            flood(board, &occupied, &mut marks, &mut stack, player);
            let sides: Vec<usize> = (0..4)
                .filter(|&dir| {
                    let side = board.next(cell, dir);
                    if side == NONE || !marks.has(side) {
                        return false;
                    }
                    let behind = board.next(side, dir);
                    behind != NONE && !occupied[usize::from(behind)]
                })
                .collect();
            occupied[usize::from(cell)] = false;
            for dir in sides {
                let side = board.next(cell, dir);
                occupied[usize::from(side)] = true;
                let behind = board.next(side, dir);
                let least = flood_anew(board, &occupied, &mut marks, &mut stack, behind);
                occupied[usize::from(side)] = false;
                if let Entry::Vacant(entry) = came.entry((side, least)) {
                    entry.insert((state, dir));
                    queue.push_back((side, least));
                }
            }
        }
        None
    }
}

/// The pulls from `start` to `end` as the pushes that undo them: pulled
/// from `b` one way, the box is pushed back onto `b` the other.
fn undo(came: &HashMap<State, (State, usize)>, start: State, end: State) -> Vec<(Cell, usize)> {
    let mut pushes = Vec::new();
    let mut at = end;
    while at != start {
        let (before, dir) = came[&at];
        pushes.push((before.0, opposite(dir)));
        at = before;
    }
    pushes.reverse();
    pushes
}
