//! A child position: the checks it must pass, then its bound from the
//! parent's matching, then storing it and queueing it.

use std::cmp::Reverse;

use super::order::{HOME_PENALTY, priority};
use super::{REMEMBER_AFTER, Search, Status};
use crate::solver::board::{Cell, Mode, opposite};
use crate::solver::deadlock::freeze_deadlock;
use crate::solver::table::{Lookup, Node};

impl Search<'_> {
    /// Looks at the position after moving box `i` of `parent_boxes` to
    /// `to`; the occupancy already shows the move.
    pub(super) fn consider(
        &mut self,
        node: Node,
        index: u32,
        (parent_boxes, i): (&[Cell], usize),
        (to, dir, run): (Cell, usize, u16),
        player: Cell,
        other: &Search<'_>,
    ) -> Status {
        if self.mode == Mode::Push
            && freeze_deadlock(
                self.board,
                self.goals.dead(),
                &self.occupied,
                to,
                &mut self.frozen,
            )
        {
            return Status::Running;
        }
        if self.makes_dead_pair(parent_boxes, i, (to, player)) {
            return Status::Running;
        }
        let mut child = std::mem::take(&mut self.child);
        child.clear();
        child.extend_from_slice(parent_boxes);
        child[i] = to;
        child.sort_unstable();
        let status = self.add_child(
            node,
            index,
            (&child, parent_boxes, i),
            (to, dir, run),
            player,
            other,
        );
        self.child = child;
        status
    }

    /// Whether box `i` of `parent_boxes`, moved to `to`, makes a dead pair
    /// with another.
    fn makes_dead_pair(&self, parent_boxes: &[Cell], i: usize, (to, player): (Cell, Cell)) -> bool {
        self.pairs.as_ref().is_some_and(|pairs| {
            let mut others = parent_boxes.iter().enumerate().filter(|&(j, _)| j != i);
            others.any(|(_, &b)| pairs.is_dead([to, b], player))
        })
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
        (child, parent_boxes, i): (&[Cell], &[Cell], usize),
        (to, dir, run): (Cell, usize, u16),
        player: Cell,
        other: &Search<'_>,
    ) -> Status {
        let player = self.normalise(player);
        let away = self.home.is_some_and(|home| !self.child_marks.has(home));
        let hash = self.zobrist.hash(child, player);
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
            dir: dir as u8,
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
        if self.open.len() == self.open.capacity() {
            self.open.reserve_exact(self.open.len().max(64));
        }
        let key = priority(self.weight, pushes, bound, own);
        if self.kept.is_none_or(|(_, best, ..)| key < best) {
            self.assignment.keep();
            let place = child.binary_search(&to).unwrap_or(i);
            self.kept = Some((own, key, i, place));
        }
        self.open.push(Reverse(key));
        Status::Running
    }
}
