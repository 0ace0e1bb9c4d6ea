//! Working out a position: its moves, what each leads to, which the
//! advisors nominate; and making the positions the queued moves lead to.

use super::advisors::{ADVISORS, Scored, advise};
use super::{Done, Fess, Info, Work};
use crate::solver::board::{NONE, opposite};
use crate::solver::moves::MacroMove;
use crate::solver::table::{Lookup, Node};
use crate::solver::{Outcome, stopped};

impl Fess<'_> {
    /// Whether the loaded position has a box-to-goal matching, without
    /// which it is dead (`false` too when the clock ran out).
    fn has_matching(&mut self) -> bool {
        let goals = &self.setup.goals;
        let boxes = &self.boxes;
        self.assignment
            .solve(boxes.len(), goals.len(), |r| goals.costs(boxes[r]))
            .is_some()
    }

    /// The loaded position's moves into `generated`, only those into a
    /// PI-corral when there is one.
    fn generate(&mut self, node: u32) {
        self.generated.clear();
        let goals = &self.setup.goals;
        let first = self
            .corrals
            .pi_pushes(self.board, goals, &self.occupied, &self.reach);
        let player = self.table.node(node).player;
        self.moves.generate(
            self.board,
            goals.dead(),
            &self.occupied,
            player,
            first,
            &mut self.generated,
        );
    }

    pub(super) fn evaluate(&mut self, node: u32, weight: u32) -> Done {
        self.expanded += 1;
        self.load(node);
        if !self.has_matching() {
            if self.assignment.stopped() {
                return Done::Ended(stopped(self.budget));
            }
            return Done::Going;
        }
        self.generate(node);
        self.scored.clear();
        for i in 0..self.generated.len() {
            let mv = self.generated[i];
            self.shift(mv.from, mv.to);
            if !self.is_frozen(mv.to) {
                let features = self.features((mv.from, mv.to), Some(mv.regions));
                self.scored.push(Scored { mv, features });
            }
            self.shift(mv.to, mv.from);
        }
        let info = self.info[node as usize];
        let advised = advise(info.features, &self.scored);
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
        let nominated = advised.iter().flatten().count();
        if self.scored.len() > nominated {
            let work = Work::Rest { node, advised };
            self.queue((info.best, info.line), weight + 1, work, info.features);
        }
        Done::Going
    }

    pub(super) fn make_rest(
        &mut self,
        node: u32,
        advised: [Option<MacroMove>; ADVISORS],
        weight: u32,
    ) -> Done {
        self.load(node);
        self.generate(node);
        let generated = std::mem::take(&mut self.generated);
        let mut done = Done::Going;
        for &mv in generated.iter().filter(|&&mv| !advised.contains(&Some(mv))) {
            done = self.make_child(node, mv, weight);
            if !matches!(done, Done::Going) {
                break;
            }
        }
        self.generated = generated;
        done
    }

    /// Stores the position `mv` leads to from the loaded `node`, unless it
    /// is frozen or already seen, and queues its evaluation.
    pub(super) fn make_child(&mut self, node: u32, mv: MacroMove, weight: u32) -> Done {
        self.shift(mv.from, mv.to);
        let done = self.store_child(node, mv, weight);
        self.shift(mv.to, mv.from);
        done
    }

    fn store_child(&mut self, node: u32, mv: MacroMove, weight: u32) -> Done {
        if self.is_frozen(mv.to) {
            return Done::Going;
        }
        let mut child = std::mem::take(&mut self.child);
        child.clear();
        child.extend(
            self.boxes
                .iter()
                .map(|&b| if b == mv.from { mv.to } else { b }),
        );
        child.sort_unstable();
        let player = self.normalise(self.board.next(mv.to, opposite(usize::from(mv.last))));
        let hash = self.zobrist.hash(&child, player);
        let done = match self.table.lookup(hash, &child, player) {
            Lookup::Seen(_) => Done::Going,
            Lookup::New(_) if self.table.is_full() => Done::Ended(Outcome::GaveUp),
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
                let best = if features.better(parent.best) {
                    features
                } else {
                    parent.best
                };
                let line = if parent.from == NONE {
                    index
                } else {
                    parent.line
                };
                self.info.push(Info {
                    from: mv.from,
                    features,
                    best,
                    line,
                });
                if self.is_solved() {
                    Done::Solved(index)
                } else {
                    self.queue((best, line), weight, Work::Evaluate(index), features);
                    Done::Going
                }
            }
        };
        self.child = child;
        done
    }
}
