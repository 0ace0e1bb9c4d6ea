//! Working out a position: its pulls, their features and which the
//! advisors nominate; and storing the positions they lead to.

use super::{Aim, Backward};
use crate::Outcome;
use crate::board::NONE;
use crate::fess::advisors::{Advice, Scored, advise};
use crate::fess::space::Features;
use crate::fess::{Done, Info, PAIRS_AFTER};
use crate::table::{Lookup, Node};

impl Backward<'_> {
    /// Works out `node`'s pulls and stores the positions they lead to,
    /// until one is the start (`Done::Solved`), or the clock or the memory
    /// ends the search.
    pub(super) fn evaluate(&mut self, node: u32, weight: u32) -> Done {
        self.expanded += 1;
        if !self.pairs_tried && self.expanded >= PAIRS_AFTER {
            self.pairs_tried = true;
            let start = (&self.setup.boxes[..], self.setup.player);
            self.pairs = self.setup.pairs.pulling(self.board, start, self.budget);
        }
        let boxes = self.table.boxes(node).to_vec();
        let starts = &self.starts;
        if !self
            .matching
            .exists(boxes.len(), boxes.len(), |r| starts.costs(boxes[r]))
        {
            return Done::Going;
        }
        let player = self.table.node(node).player;
        self.load(&boxes);
        self.scored.clear();
        self.reaches.clear();
        let mut out = std::mem::take(&mut self.out);
        let dead = self.starts.dead();
        self.moves
            .pulls(self.board, dead, &self.occupied, player, &mut out);
        for &mv in &out {
            let side = usize::from(mv.last);
            if self
                .pairs
                .is_some_and(|pairs| pairs.any_beside((mv.from, mv.to), &self.box_row, side))
            {
                continue;
            }
            self.shift(mv.from, mv.to);
            let features = match self.aim {
                Aim::Start => Features::new(self.order.packed(&self.occupied), mv.regions, 0),
                Aim::Spread => {
                    self.reaches.push(self.reach(&self.boxes));
                    Features::new(0, mv.regions, self.stuck())
                }
            };
            self.shift(mv.to, mv.from);
            self.scored.push(Scored { mv, features });
        }
        self.out = out;
        let features = self.info[node as usize].features;
        let advised = match self.aim {
            Aim::Start => advise(features, &self.scored, Advice::Plain),
            Aim::Spread => self.advise_spread(features),
        };
        let scored = std::mem::take(&mut self.scored);
        let hash = self.zobrist.hash(&boxes, player);
        let moves = scored.iter().map(|s| s.mv);
        self.table
            .prefetch_children(&self.zobrist, (hash, player), moves);
        let mut done = Done::Going;
        for s in &scored {
            let unadvised = u32::from(!advised.contains(&Some(s.mv)));
            done = self.store(node, s, weight + unadvised);
            if !matches!(done, Done::Going) {
                break;
            }
        }
        self.scored = scored;
        self.unload();
        done
    }

    /// Stores the position `s` leads to from the loaded `node` unless it
    /// was seen, and queues it; `Done::Solved` when it is the start, and
    /// `Done::Ended` when the table is full.
    fn store(&mut self, node: u32, s: &Scored, weight: u32) -> Done {
        let mv = s.mv;
        self.shift(mv.from, mv.to);
        // Floods only where the generator could not name the area at once,
        // and where every box is on a start square, to see whether the
        // player's start is in it.
        let on_starts = self.boxes.iter().all(|&b| self.is_start[usize::from(b)]);
        let (least, home) = if mv.player == NONE || on_starts {
            let least = self.flood_from(self.board.next(mv.to, usize::from(mv.last)));
            (least, on_starts && self.marks.has(self.setup.player))
        } else {
            (mv.player, false)
        };
        let mut child = std::mem::take(&mut self.child);
        child.clone_from(&self.boxes);
        child.sort_unstable();
        self.shift(mv.to, mv.from);
        let hash = self.zobrist.hash(&child, least);
        let mut done = Done::Going;
        if let Lookup::New(slot) = self.table.lookup(hash, &child, least) {
            if self.table.is_full() {
                self.child = child;
                return Done::Ended(Outcome::GaveUp);
            }
            let new = Node {
                parent: node,
                to: mv.to,
                dir: 0,
                run: 0,
                player: least,
                pushes: self.table.node(node).pushes.saturating_add(mv.pushes),
            };
            let index = self.table.insert(slot, hash, new, &child);
            if self.aim == Aim::Spread {
                self.keep_if_best(index, s.features, &child);
            }
            let parent = self.info[node as usize];
            let info = Info::after(parent, (mv.from, index), s.features, &self.space);
            self.info.push(info);
            if home {
                done = Done::Solved(index);
            } else {
                self.queue(index, weight);
            }
        }
        self.child = child;
        done
    }
}
