//! A child position: the checks it must pass, then its bound from the
//! parent's matching, then storing it and queueing it. An expansion first
//! gathers every child that passes the checks and asks for its table slot
//! ([`Search::gather`]), and only then looks them up and stores them
//! ([`Search::add_child`]), in the same order: the slots' cache misses
//! then overlap instead of each waiting its turn.

use super::order::{HOME_PENALTY, priority};
use super::{REMEMBER_AFTER, Search, Status};
use crate::board::{Cell, Mode, opposite};
use crate::deadlock::freeze_deadlock;
use crate::diagonal::closes_dead_diagonal;
use crate::small;
use crate::table::{Lookup, Node};

/// A child that passed the checks, waiting for its look-up.
pub(super) struct Child {
    /// Which of the parent's boxes moved.
    i: usize,
    to: Cell,
    dir: u8,
    run: u16,
    player: Cell,
    away: bool,
    hash: u64,
    /// On small boards, where the player can walk.
    reach: small::Cells,
}

impl Search<'_> {
    /// Looks at the position after moving box `i` of `parent_boxes` to
    /// `to`, the occupancy already showing the move, and keeps it for
    /// [`Search::add_child`] if it passes the checks, with its boxes in
    /// `children_boxes`.
    pub(super) fn gather(
        &mut self,
        parent_boxes: &[Cell],
        i: usize,
        (to, dir, run): (Cell, usize, u16),
        player: Cell,
    ) {
        if self.mode == Mode::Push
            && (freeze_deadlock(
                self.board,
                self.goals.dead(),
                &self.occupied,
                to,
                &mut self.frozen,
            ) || closes_dead_diagonal(self.board, &self.occupied, to, player))
        {
            return;
        }
        let side = match self.mode {
            Mode::Push => opposite(dir),
            Mode::Pull => dir,
        };
        if self.makes_dead_pair(parent_boxes, i, (to, side)) {
            return;
        }
        let start = self.children_boxes.len();
        self.children_boxes.extend_from_slice(parent_boxes);
        let child = &mut self.children_boxes[start..];
        child[i] = to;
        child.sort_unstable();
        let player = self.normalise_child(parent_boxes[i], to, player);
        let away = self.home.is_some_and(|home| !self.child_reaches(home));
        let hash = self.zobrist.hash(&self.children_boxes[start..], player);
        self.table.prefetch_slot(hash);
        self.children.push(Child {
            i,
            to,
            dir: dir as u8,
            run,
            player,
            away,
            hash,
            reach: self.child_reach,
        });
    }

    /// Looks up and stores the children [`Search::gather`] kept, in the
    /// order found, until one ends the search.
    pub(super) fn add_children(
        &mut self,
        node: Node,
        index: u32,
        parent_boxes: &[Cell],
        other: &Search<'_>,
    ) -> Status {
        let children = std::mem::take(&mut self.children);
        let boxes = std::mem::take(&mut self.children_boxes);
        let mut result = Status::Running;
        for (child, child_boxes) in children.iter().zip(boxes.chunks(parent_boxes.len().max(1))) {
            result = self.add_child(node, index, parent_boxes, child, child_boxes, other);
            if !matches!(result, Status::Running) {
                break;
            }
        }
        self.children = children;
        self.children_boxes = boxes;
        result
    }

    /// Whether box `i` of `parent_boxes`, moved to `to` with the player
    /// beside it on `side`, makes a dead pair with another.
    fn makes_dead_pair(&self, parent_boxes: &[Cell], i: usize, (to, side): (Cell, usize)) -> bool {
        self.pairs
            .is_some_and(|pairs| pairs.any_beside((parent_boxes[i], to), &self.box_row, side))
    }

    /// Settles the matching of the position being expanded, `node` with
    /// `boxes`, from the one its parent's children were resolved from, when
    /// that is still remembered: one augmenting path instead of a full
    /// solve. The search order is the same either way. On Microban 153 the
    /// full solves were a quarter of the push-pull search's time; with
    /// this a seventh of the positions whose children need bounds get one,
    /// and the search ran 3-13% faster in three pairs of runs side by side.
    fn recall_parent(&mut self, node: Node, boxes: &[Cell]) -> bool {
        if node.parent == u32::MAX || !self.assignment.recall(node.parent) {
            return false;
        }
        let back = opposite(usize::from(node.dir));
        let from = (0..node.run).fold(node.to, |cell, _| self.board.next(cell, back));
        let parent = self.table.boxes(node.parent);
        let (Ok(i), Ok(place)) = (parent.binary_search(&from), boxes.binary_search(&node.to))
        else {
            return false;
        };
        let targets = self.targets;
        let settled = self
            .assignment
            .resolve(targets.len(), i, |r| {
                targets.costs(if r == i { node.to } else { parent[r] })
            })
            .is_some();
        if settled {
            self.assignment.reorder(i, place);
        }
        settled
    }

    fn add_child(
        &mut self,
        node: Node,
        index: u32,
        parent_boxes: &[Cell],
        &Child {
            i,
            to,
            dir,
            run,
            player,
            away,
            hash,
            reach,
        }: &Child,
        child: &[Cell],
        other: &Search<'_>,
    ) -> Status {
        let Lookup::New(slot) = self.table.lookup(hash, child, player) else {
            return Status::Running;
        };
        // Children move one box each: their bounds start from the parent's,
        // worked out once the first child needs it.
        if !self.based {
            self.based = true;
            if let Some((from, to)) = self.reuse {
                self.assignment.restore(from, to);
            } else if !self.recall_parent(node, parent_boxes) {
                let _ = self.bound(parent_boxes);
            }
            if self.assignment.stopped() {
                return Status::Stopped;
            }
            self.assignment.save();
            if self.expanded >= REMEMBER_AFTER {
                self.assignment.remember(index);
            }
        }
        let targets = self.targets;
        let bound = self.assignment.resolve(targets.len(), i, |r| {
            targets.costs(if r == i { to } else { parent_boxes[r] })
        });
        let Some(bound) = bound else {
            return Status::Running;
        };
        let bound = if away { bound + HOME_PENALTY } else { bound };
        if self.table.is_full() {
            return Status::Full;
        }
        let pushes = node.pushes + u32::from(run);
        let new = Node {
            parent: index,
            to,
            dir,
            run,
            player,
            pushes,
        };
        let own = self.table.insert(slot, hash, new, child);
        if bound == 0 && self.mode == Mode::Push {
            return Status::Solved(own);
        }
        if let Lookup::Seen(other) = other.table.lookup(hash, child, player) {
            return Status::Met { own, other };
        }
        let key = priority(self.weight, pushes, bound, own);
        if self.kept.is_none_or(|(_, best, ..)| key < best) {
            self.assignment.keep();
            let place = child.binary_search(&to).unwrap_or(i);
            self.kept = Some((own, key, i, place));
            self.kept_reach = reach;
        }
        self.open.push(key);
        Status::Running
    }
}
