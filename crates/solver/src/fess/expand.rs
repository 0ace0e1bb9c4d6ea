//! Working out a position: its moves, what each leads to, which the
//! advisors nominate; and making the positions the queued moves lead to.

use super::advisors::{Scored, advise};
use super::growth::{grow_within, needs_room};
use super::{Done, Fess, Info, Work};
use crate::board::{NONE, opposite};
use crate::moves::MacroMove;
use crate::table::{Lookup, Node};
use crate::{Outcome, stopped};

/// Above this many boxes off frozen goals, the matching is left to the
/// Hungarian method, which reads the clock as it goes; below, augmenting
/// paths answer in microseconds and recurse at most this deep.
pub(super) const MAX_MATCHING_ROWS: usize = 256;

/// Children made between readings of the clock.
const CHILDREN_PER_CLOCK_READ: u32 = 64;

impl Fess<'_> {
    /// Whether the loaded position has a box-to-goal matching, without
    /// which it is dead; `None` when the clock ran out first.
    /// Boxes frozen on goals count as walls: the others must match the
    /// goals left.
    fn has_matching(&mut self) -> Option<bool> {
        let plain = &self.setup.goals;
        let tables = (&self.occupied[..], &self.boxes[..]);
        self.frozen_goals
            .look(self.board, plain, tables, self.budget);
        let frozen = self.frozen_goals.frozen();
        let goals = self.frozen_goals.targets(plain);
        let free = &mut self.free_boxes;
        free.clear();
        free.extend(self.boxes.iter().filter(|b| !frozen.contains(b)));
        if free.len() <= MAX_MATCHING_ROWS {
            let matching = &mut self.matching;
            return Some(matching.exists(free.len(), goals.len(), |r| goals.costs(free[r])));
        }
        let assignment = &mut self.assignment;
        let cost = assignment.solve(free.len(), goals.len(), |r| goals.costs(free[r]));
        (cost.is_some() || !assignment.stopped()).then_some(cost.is_some())
    }

    /// Whether a corral of the loaded position is dead (see
    /// [`CorralDeadlocks`](crate::corral_deadlock::CorralDeadlocks)).
    fn is_corral_dead(&mut self, node: u32) -> bool {
        let player = self.table.node(node).player;
        let dead = self.setup.goals.dead();
        let position = (&self.boxes[..], player);
        self.corral_deadlocks
            .is_dead(self.board, dead, position, &self.areas)
    }

    /// The loaded position's moves into `generated`, only those into a
    /// PI-corral when there is one.
    fn generate(&mut self, node: u32) {
        self.generated.clear();
        let goals = &self.setup.goals;
        let position = (&self.occupied[..], &self.reach);
        let first = self
            .corrals
            .pi_pushes(self.board, goals, position, &self.areas);
        // The node's areas were counted exactly when it was made.
        let areas = self.info[node as usize].features.areas;
        let position = (self.table.node(node).player, &self.reach, areas);
        self.moves.generate(
            self.board,
            self.frozen_goals.targets(goals).dead(),
            &self.occupied,
            position,
            first,
            &mut self.generated,
        );
    }

    pub(super) fn evaluate(&mut self, node: u32, weight: u32) -> Done {
        self.expanded += 1;
        self.load(node);
        match self.has_matching() {
            Some(true) => {}
            Some(false) => return Done::Going,
            None => return Done::Ended(stopped(self.budget)),
        }
        self.areas.scan(self.board, &self.occupied, &self.reach);
        if self.is_corral_dead(node) || self.has_dead_diagonal(node) {
            return Done::Going;
        }
        self.generate(node);
        self.scored.clear();
        for i in 0..self.generated.len() {
            let mv = self.generated[i];
            self.shift(mv.from, mv.to);
            if !self.is_frozen(mv.to) && !self.makes_dead_pair(&mv) {
                let features = self.features((mv.from, mv.to), Some(mv.regions));
                self.scored.push(Scored { mv, features });
            }
            self.shift(mv.to, mv.from);
        }
        let info = self.info[node as usize];
        let advised = advise(info.features, &self.scored, self.advice);
        for mv in advised.into_iter().flatten() {
            if let Some(scored) = self.scored.iter().find(|s| s.mv == mv) {
                let rank = scored.features;
                self.queue(
                    (info.best, info.line),
                    weight,
                    Work::Advised { node, mv },
                    rank,
                );
            }
        }
        let start = self.passed_over.len();
        let passed_over = self.scored.iter().map(|s| s.mv);
        let passed_over = passed_over.filter(|mv| !advised.contains(&Some(*mv)));
        let spare = self.spare();
        if !self.passed_over.extend(passed_over, spare) {
            return Done::Ended(Outcome::GaveUp);
        }
        let count = self.passed_over.len() - start;
        if count > 0 {
            let work = Work::Rest {
                node,
                moves: (start as u32, count as u32),
            };
            self.queue((info.best, info.line), weight + 1, work, info.features);
        }
        Done::Going
    }

    /// Makes the positions of the `count` moves from `start` on in the
    /// moves passed over. A giant level's position can have thousands of
    /// such moves, each child a flood of the board: the clock is read
    /// every few.
    pub(super) fn make_rest(&mut self, node: u32, (start, count): (u32, u32), weight: u32) -> Done {
        self.place(node);
        let player = self.table.node(node).player;
        let hash = self.zobrist.hash(&self.boxes, player);
        let moves = (start..start + count).map(|i| self.passed_over.get(i as usize));
        self.table
            .prefetch_children(&self.zobrist, (hash, player), moves);
        for i in start..start + count {
            if (i - start).is_multiple_of(CHILDREN_PER_CLOCK_READ) && self.budget.stop().is_some() {
                return Done::Ended(stopped(self.budget));
            }
            let mv = self.passed_over.get(i as usize);
            let done = self.make_child(node, mv, weight);
            if !matches!(done, Done::Going) {
                return done;
            }
        }
        Done::Going
    }

    /// Stores the position `mv` leads to from the loaded `node`, unless it
    /// was already seen, and queues its evaluation.
    pub(super) fn make_child(&mut self, node: u32, mv: MacroMove, weight: u32) -> Done {
        self.shift(mv.from, mv.to);
        let done = self.store_child(node, mv, weight);
        self.shift(mv.to, mv.from);
        done
    }

    /// Whether one more position's `Info` fits in memory.
    fn room_for_info(&mut self) -> bool {
        if !needs_room(&self.info, 1) {
            return true;
        }
        let spare = self.spare();
        grow_within(&mut self.info, 1, spare)
    }

    /// Only moves `evaluate` scored come here, so none freezes a box.
    fn store_child(&mut self, node: u32, mv: MacroMove, weight: u32) -> Done {
        let mut child = std::mem::take(&mut self.child);
        child.clear();
        child.extend(
            self.boxes
                .iter()
                .map(|&b| if b == mv.from { mv.to } else { b }),
        );
        child.sort_unstable();
        let player = if mv.player == NONE {
            self.normalise(self.board.next(mv.to, opposite(usize::from(mv.last))))
        } else {
            mv.player
        };
        let hash = self.zobrist.hash(&child, player);
        let done = match self.table.lookup(hash, &child, player) {
            Lookup::Seen(_) => Done::Going,
            Lookup::New(_) if self.table.is_full() || !self.room_for_info() => {
                Done::Ended(Outcome::GaveUp)
            }
            Lookup::New(slot) => {
                let parent = self.table.node(node);
                let new = Node {
                    parent: node,
                    to: mv.to,
                    dir: mv.last,
                    run: 0,
                    player,
                    pushes: parent.pushes.saturating_add(mv.pushes),
                };
                let index = self.table.insert(slot, hash, new, &child);
                let features = self.features((mv.from, mv.to), Some(mv.regions));
                let parent = self.info[node as usize];
                let info = Info::after(parent, (mv.from, index), features, &self.space);
                self.info.push(info);
                let met = self.meet.and_then(|spread| spread.find(&child, player));
                if self.is_solved() {
                    Done::Solved(index)
                } else if met.is_some() {
                    self.met = met;
                    Done::Solved(index)
                } else {
                    let cell = (info.best, info.line);
                    self.queue(cell, weight, Work::Evaluate(index), features);
                    Done::Going
                }
            }
        };
        self.child = child;
        done
    }
}
