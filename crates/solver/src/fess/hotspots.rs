//! Hotspots: boxes that stand in other boxes' way to the goals. A box on
//! `s` hinders a box on `t` when, were `s` a wall, `t` would be further from
//! its nearest goal or cut off from every goal. Festival (Shoham) and
//! rkirov/sokoban-ai count such boxes and advise moves that lower the
//! count (rkirov measured 60 to 63 of `XSokoban`'s 90 with the advisor and
//! the tie-break).

use crate::bits::{has_bit, overlap, set_bit};
use crate::board::{Board, Cell, Mode, NONE, nearest_target};
use crate::budget::Budget;
use crate::hungarian::UNREACHABLE;

/// Building the table costs a search per cell over every cell: past this
/// many cells squared it is skipped (and nothing counts as a hotspot).
const MAX_WORK: usize = 60_000_000;

pub struct Hotspots {
    cells: usize,
    /// Row `s`, bit `t`: a box on `s` hinders a box on `t`.
    hinders: Vec<u64>,
    /// The same transposed: row `t`, bit `s`.
    hindered: Vec<u64>,
    words: usize,
}

impl Hotspots {
    /// The table for `board`; empty when too large to build, `None` when
    /// `budget` stops it.
    pub fn new(board: &Board, budget: &Budget) -> Option<Self> {
        let cells = board.cells();
        let words = cells.div_ceil(64);
        if cells.saturating_mul(cells) > MAX_WORK {
            return Some(Self {
                cells: 0,
                hinders: Vec::new(),
                hindered: Vec::new(),
                words: 0,
            });
        }
        let mut hinders = vec![0; cells * words];
        let mut hindered = vec![0; cells * words];
        let goals = board.goals();
        let mut walls = vec![false; cells];
        let free = nearest_target(board, goals, (Mode::Push, &walls));
        // A box on a goal is where it belongs: whom it hinders is for the
        // packing order to weigh.
        for s in (0..cells as Cell).filter(|&s| !board.is_goal(s)) {
            if budget.stop().is_some() {
                return None;
            }
            walls[usize::from(s)] = true;
            let blocked = nearest_target(board, goals, (Mode::Push, &walls));
            walls[usize::from(s)] = false;
            let s = usize::from(s);
            for t in (0..cells).filter(|&t| t != s) {
                if free[t] != UNREACHABLE && blocked[t] > free[t] {
                    set_bit(&mut hinders[s * words..][..words], t);
                    set_bit(&mut hindered[t * words..][..words], s);
                }
            }
        }
        Some(Self {
            cells,
            hinders,
            hindered,
            words,
        })
    }

    /// Whom a box on `s` hinders.
    fn row(&self, s: Cell) -> &[u64] {
        &self.hinders[usize::from(s) * self.words..][..self.words]
    }

    /// Who hinders a box on `t`.
    fn column(&self, t: Cell) -> &[u64] {
        &self.hindered[usize::from(t) * self.words..][..self.words]
    }

    /// Readies `counts` for the moves from the position with `boxes`.
    pub fn prepare(&self, boxes: &[Cell], counts: &mut Counts) {
        counts.bits.clear();
        counts.hits.clear();
        counts.from = NONE;
        if self.cells == 0 {
            return;
        }
        counts.bits.resize(self.words, 0);
        for &b in boxes {
            set_bit(&mut counts.bits, b.into());
        }
        let hits = boxes.iter().map(|&s| overlap(self.row(s), &counts.bits));
        counts.hits.extend(hits);
    }

    /// How many boxes hinder another once the box on `from` of the
    /// `boxes` that `counts` was prepared for moves to `to` (`NONE` for
    /// no move). The moves of one box share the work on the others, so
    /// each move costs a few words of bits rather than a pass over every
    /// box: a move's count was a sixth of the plan search's time on
    /// `XSokoban` 89, which has 34 boxes.
    pub fn count(&self, boxes: &[Cell], counts: &mut Counts, (from, to): (Cell, Cell)) -> u32 {
        if self.cells == 0 {
            return 0;
        }
        if from == NONE {
            return counts.hits.iter().filter(|&&hits| hits > 0).count() as u32;
        }
        if counts.from != from {
            self.split(boxes, counts, from);
        }
        let row = self.row(to);
        let moved_hits = overlap(row, &counts.bits) - u32::from(has_bit(row, from.into()));
        counts.still_hot + overlap(self.column(to), &counts.cool) + u32::from(moved_hits > 0)
    }

    /// Splits the boxes other than the one on `from` into those that
    /// hinder another box whatever it moves to, and the rest (`cool`),
    /// which hinder only where it goes.
    fn split(&self, boxes: &[Cell], counts: &mut Counts, from: Cell) {
        counts.from = from;
        counts.still_hot = 0;
        counts.cool.clear();
        counts.cool.resize(self.words, 0);
        for (&s, &hits) in boxes.iter().zip(&counts.hits) {
            if s == from {
                continue;
            }
            if hits > u32::from(has_bit(self.row(s), from.into())) {
                counts.still_hot += 1;
            } else {
                set_bit(&mut counts.cool, s.into());
            }
        }
    }
}

/// One position's boxes as bits and how many others each box hinders,
/// and for the box whose moves are being counted, the other boxes split
/// by whether they stay hot.
pub struct Counts {
    bits: Vec<u64>,
    hits: Vec<u32>,
    from: Cell,
    still_hot: u32,
    cool: Vec<u64>,
}

impl Default for Counts {
    fn default() -> Self {
        Self {
            bits: Vec::new(),
            hits: Vec::new(),
            from: NONE,
            still_hot: 0,
            cool: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Pos, parse_level};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    #[test]
    fn a_box_in_the_only_corridor_to_the_goal_is_a_hotspot() {
        let level = parse_level("##########\n#@ $ $ ..#\n##########\n").expect("parses");
        let board = Board::new(&level).expect("small");
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(5), &cancel);
        let hotspots = Hotspots::new(&board, &budget).expect("in time");
        let cell = |x| board.cell(Pos::new(x, 1)).expect("floor");
        // The box on 5 stands between the box on 3 and the goal.
        let mut counts = Counts::default();
        let boxes = [cell(3), cell(5)];
        hotspots.prepare(&boxes, &mut counts);
        assert_eq!(hotspots.count(&boxes, &mut counts, (NONE, NONE)), 1);
        // Moved past the goals' side of the other, it is in no one's way.
        assert_eq!(hotspots.count(&boxes, &mut counts, (cell(5), cell(7))), 0);
        // Moved behind it, each is in the other's way: the player must
        // stand on 2 to push the box on 3.
        assert_eq!(hotspots.count(&boxes, &mut counts, (cell(5), cell(2))), 2);
        hotspots.prepare(&boxes[1..], &mut counts);
        assert_eq!(hotspots.count(&boxes[1..], &mut counts, (NONE, NONE)), 0);
    }

    #[test]
    fn a_move_counts_as_the_position_it_leads_to() {
        let level =
            parse_level("#########\n#@ $  . #\n# #$# # #\n# $ $ ..#\n#  .#   #\n#########\n")
                .expect("parses");
        let board = Board::new(&level).expect("small");
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(5), &cancel);
        let hotspots = Hotspots::new(&board, &budget).expect("in time");
        let boxes: Vec<Cell> = level
            .boxes()
            .iter()
            .filter_map(|&p| board.cell(p))
            .collect();
        let (mut counts, mut after) = (Counts::default(), Counts::default());
        hotspots.prepare(&boxes, &mut counts);
        let mut checked = 0;
        for &from in &boxes {
            for to in (0..board.cells() as Cell).filter(|c| *c == from || !boxes.contains(c)) {
                let moved: Vec<Cell> = boxes
                    .iter()
                    .map(|&b| if b == from { to } else { b })
                    .collect();
                hotspots.prepare(&moved, &mut after);
                let counted = hotspots.count(&moved, &mut after, (NONE, NONE));
                assert_eq!(hotspots.count(&boxes, &mut counts, (from, to)), counted);
                checked += usize::from(counted > 0);
            }
        }
        assert!(checked > 10, "only {checked} moves left a hotspot");
    }
}
