//! Feature space: every distinct feature vector reached is a cell, and the
//! search takes turns over the cells instead of following one heuristic,
//! so each kind of progress gets effort even while another looks bad
//! (Shoham and Schaeffer, "The FESS algorithm", Conference on Games 2020).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// What a position has achieved: boxes packed in an order that can be
/// completed (more is better), separate areas of free floor and boxes in
/// other boxes' way (fewer is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub packed: u32,
    pub areas: u32,
    /// Boxes in other boxes' way; in the backward search's spread, boxes
    /// that cannot be pulled any way.
    pub hotspots: u32,
}

/// What names a cell: packing, then areas, then hotspots where they count
/// (zero where they do not).
type CellKey = (u32, Reverse<u32>, Reverse<u32>);

/// Which features tell the cells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Packing and areas; hotspots only guide advice and order, as in
    /// Festival.
    PackingAndAreas,
    /// Hotspots as well. Weaker on most levels (plan alone at 100,000
    /// positions: `XSokoban` 65 down to 58, Sasquatch I 21 to 20), but
    /// with the hotspot advisor it solves `XSokoban` 23 and 40 within
    /// 53,000 positions, which nothing else solves in 30 s: a box in
    /// another's way then opens a cell of its own instead of sharing the
    /// turns of a crowded one.
    WithHotspots,
}

impl Features {
    pub fn new(packed: u32, areas: u32, hotspots: u32) -> Self {
        Self {
            packed,
            areas,
            hotspots,
        }
    }

    fn cell_key(self, cells: Cells) -> CellKey {
        let hotspots = match cells {
            Cells::PackingAndAreas => 0,
            Cells::WithHotspots => self.hotspots,
        };
        (self.packed, Reverse(self.areas), Reverse(hotspots))
    }

    /// Sorts ahead of worse features among equal weights.
    fn rank(self) -> (u32, u32, u32) {
        (u32::MAX - self.packed, self.areas, self.hotspots)
    }
}

/// A queued piece of work: its accumulated weight (the unadvised moves on
/// its line), then better features first, then first come first served.
/// The newest first gained plan 9 levels at 20,000 positions a level over
/// the broad set, but lost `XSokoban` 32 and 89 and Microban IV 59 in the
/// 10 s race (docs/solver-log.md, "Sweeps", the tie-break).
type Key = (u32, (u32, u32, u32), u32);

/// Which of two pieces of work equal in weight and features goes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The oldest: a line goes round every sibling of a position before it
    /// goes on from any of them.
    Oldest,
    /// A shuffle of the work's numbers, one for each seed, so that a
    /// second run of a search goes its own way instead of repeating the
    /// first.
    Shuffled(u32),
}

impl Order {
    /// The tie-break a piece of work numbered `work` queues with.
    fn tie(self, work: u32) -> u32 {
        match self {
            Order::Oldest => work,
            Order::Shuffled(seed) => shuffle(work ^ seed),
        }
    }

    /// The work numbered by a queued tie-break.
    fn work(self, tie: u32) -> u32 {
        match self {
            Order::Oldest => tie,
            Order::Shuffled(seed) => unshuffle(tie) ^ seed,
        }
    }
}

const MIX_1: u32 = 0x85eb_ca6b;
const MIX_2: u32 = 0xc2b2_ae35;

/// A bijection of the numbers that scatters neighbours (`MurmurHash3`'s
/// finalizer, with the steps that are their own inverse).
fn shuffle(x: u32) -> u32 {
    let x = x.wrapping_mul(MIX_1);
    let x = (x ^ (x >> 16)).wrapping_mul(MIX_2);
    x ^ (x >> 16)
}

fn unshuffle(y: u32) -> u32 {
    let y = (y ^ (y >> 16)).wrapping_mul(inverse(MIX_2));
    (y ^ (y >> 16)).wrapping_mul(inverse(MIX_1))
}

/// The inverse of an odd number modulo 2^32, by Newton's iteration: each
/// step doubles the bits that are right.
const fn inverse(odd: u32) -> u32 {
    let mut inv = odd;
    let mut step = 0;
    while step < 5 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(odd.wrapping_mul(inv)));
        step += 1;
    }
    inv
}

/// Every this many turns go to the best cell that has work, the rest
/// take turns over all cells. Festival serves the best cell every other
/// turn; rkirov/sokoban-ai measured that neutral on `XSokoban`. Here, plan
/// alone at 100,000 positions a level on Sasquatch I and `XSokoban`
/// solved 86 with plain turns, 87 with every 2nd and 3rd turn the best
/// cell's and 90 with every 4th (Sasquatch 44, `XSokoban` 32, 35 and 87
/// gained, none lost); swept on the broad set (docs/solver-log.md, "Sweeps",
/// the best cell's turns).
const BEST_CELL_EVERY: u32 = 4;

/// The cells, each with its queues of work, and the turn order over them.
pub struct Space {
    kind: Cells,
    order: Order,
    ids: BTreeMap<CellKey, u32>,
    cells: Vec<FeatureCell>,
    /// Where the next turn starts.
    cursor: usize,
    /// Turns taken, to give every [`BEST_CELL_EVERY`]th to the best cell.
    turns: u32,
}

/// One cell's work, queued per line (the move from the start that a
/// position descends from), the lines taking turns: without that, lines
/// that pack fast starve one whose first moves pack nothing yet
/// (rkirov/sokoban-ai measured 66 to 69 of `XSokoban`'s 90 with it).
#[derive(Default)]
struct FeatureCell {
    slots: BTreeMap<u32, usize>,
    queues: Vec<BinaryHeap<Reverse<Key>>>,
    cursor: usize,
}

impl FeatureCell {
    fn pop(&mut self) -> Option<Key> {
        let count = self.queues.len();
        for offset in 0..count {
            let slot = (self.cursor + offset) % count;
            if let Some(Reverse(key)) = self.queues[slot].pop() {
                self.cursor = (slot + 1) % count;
                return Some(key);
            }
        }
        None
    }
}

impl Space {
    pub fn new(kind: Cells, order: Order) -> Self {
        Self {
            kind,
            order,
            ids: BTreeMap::new(),
            cells: Vec::new(),
            cursor: 0,
            turns: 0,
        }
    }

    /// Whether `features` fall in a better cell than `other`.
    pub fn better(&self, features: Features, other: Features) -> bool {
        features.cell_key(self.kind) > other.cell_key(self.kind)
    }

    /// The cell of `features`, made if new; a new cell takes the next turn.
    pub fn cell(&mut self, features: Features) -> u32 {
        let key = features.cell_key(self.kind);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.cells.len() as u32;
        self.ids.insert(key, id);
        self.cells.push(FeatureCell::default());
        self.cursor = id as usize;
        id
    }

    /// Queues work number `work` of `line` in `cell`.
    pub fn push(&mut self, (cell, line): (u32, u32), weight: u32, features: Features, work: u32) {
        let cell = &mut self.cells[cell as usize];
        let slot = *cell.slots.entry(line).or_insert_with(|| {
            cell.queues.push(BinaryHeap::new());
            cell.queues.len() - 1
        });
        cell.queues[slot].push(Reverse((weight, features.rank(), self.order.tie(work))));
    }

    /// The lightest work of the next line in turn of the next cell in turn
    /// that has any, or on every [`BEST_CELL_EVERY`]th turn of the best
    /// cell that has any, with its weight; `None` when no cell has work
    /// left.
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        self.turns = self.turns.wrapping_add(1);
        let order = self.order;
        if self.turns.is_multiple_of(BEST_CELL_EVERY) {
            let best_first = self.ids.values().rev();
            let mut work = best_first.filter_map(|&id| self.cells[id as usize].pop());
            return work
                .next()
                .map(|(weight, _, tie)| (weight, order.work(tie)));
        }
        let count = self.cells.len();
        for offset in 0..count {
            let cell = (self.cursor + offset) % count;
            if let Some((weight, _, tie)) = self.cells[cell].pop() {
                self.cursor = (cell + 1) % count;
                return Some((weight, order.work(tie)));
            }
        }
        None
    }

    /// Queued entries over all cells, for the memory estimate.
    pub fn bytes_per_entry() -> usize {
        size_of::<Reverse<Key>>()
    }

    pub fn bytes(&self) -> usize {
        let queued = |q: &BinaryHeap<_>| q.capacity() * Self::bytes_per_entry();
        self.cells.iter().flat_map(|c| &c.queues).map(queued).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_packed_is_better_then_fewer_areas() {
        let space = Space::new(Cells::PackingAndAreas, Order::Oldest);
        let better = |a, b| space.better(a, b);
        assert!(better(Features::new(3, 5, 0), Features::new(2, 1, 0)));
        assert!(better(Features::new(3, 1, 0), Features::new(3, 2, 0)));
        assert!(!better(Features::new(3, 1, 0), Features::new(3, 1, 7)));
        assert!(!better(Features::new(3, 1, 7), Features::new(3, 1, 0)));
    }

    #[test]
    fn hotspots_tell_cells_apart_only_where_they_count() {
        let (calm, crowded) = (Features::new(3, 1, 0), Features::new(3, 1, 2));
        let mut plain = Space::new(Cells::PackingAndAreas, Order::Oldest);
        assert_eq!(plain.cell(calm), plain.cell(crowded));
        let mut hot = Space::new(Cells::WithHotspots, Order::Oldest);
        assert_ne!(hot.cell(calm), hot.cell(crowded));
        assert!(hot.better(calm, crowded));
        assert!(hot.better(Features::new(4, 2, 9), calm));
    }

    #[test]
    fn cells_take_turns_and_a_new_cell_goes_next() {
        let mut space = Space::new(Cells::PackingAndAreas, Order::Oldest);
        let a = space.cell(Features::new(0, 1, 0));
        space.push((a, 0), 0, Features::new(0, 1, 0), 10);
        space.push((a, 0), 0, Features::new(0, 1, 0), 11);
        let b = space.cell(Features::new(1, 1, 0));
        space.push((b, 0), 5, Features::new(1, 1, 0), 20);
        space.push((b, 0), 6, Features::new(1, 1, 0), 21);
        // The new cell first, then turns, each cell's lightest work first.
        assert_eq!(space.pop(), Some((5, 20)));
        assert_eq!(space.pop(), Some((0, 10)));
        assert_eq!(space.pop(), Some((6, 21)));
        assert_eq!(space.pop(), Some((0, 11)));
        assert_eq!(space.pop(), None);
        assert_eq!(space.cell(Features::new(0, 1, 0)), a);
    }

    #[test]
    fn every_fourth_turn_goes_to_the_best_cell_with_work() {
        let mut space = Space::new(Cells::PackingAndAreas, Order::Oldest);
        let best = Features::new(2, 1, 0);
        let cells = [Features::new(0, 1, 0), Features::new(1, 1, 0), best];
        for (i, features) in cells.into_iter().enumerate() {
            let id = space.cell(features);
            for work in 0..3 {
                space.push((id, 0), work, features, 10 * i as u32 + work);
            }
        }
        // The newest cell (the best) goes first, then turns in order of
        // making; the 4th and 8th turns are the best cell's, until it has
        // no work left and the next best serves.
        let order: Vec<_> = std::iter::from_fn(|| space.pop().map(|(_, w)| w)).collect();
        assert_eq!(order, [20, 0, 10, 21, 22, 1, 11, 12, 2]);
    }

    #[test]
    fn lines_take_turns_inside_a_cell() {
        let mut space = Space::new(Cells::PackingAndAreas, Order::Oldest);
        let a = space.cell(Features::new(0, 1, 0));
        space.push((a, 7), 0, Features::new(0, 1, 0), 1);
        space.push((a, 7), 0, Features::new(0, 1, 0), 2);
        space.push((a, 3), 4, Features::new(0, 1, 0), 3);
        let order: Vec<_> = std::iter::from_fn(|| space.pop().map(|(_, w)| w)).collect();
        assert_eq!(order, [1, 3, 2]);
    }

    #[test]
    fn among_equal_weights_better_features_go_first() {
        let mut space = Space::new(Cells::PackingAndAreas, Order::Oldest);
        let a = space.cell(Features::new(0, 1, 0));
        space.push((a, 0), 1, Features::new(0, 3, 0), 1);
        space.push((a, 0), 1, Features::new(2, 3, 0), 2);
        space.push((a, 0), 1, Features::new(2, 1, 0), 3);
        space.push((a, 0), 0, Features::new(0, 9, 0), 4);
        let order: Vec<_> = std::iter::from_fn(|| space.pop().map(|(_, w)| w)).collect();
        assert_eq!(order, [4, 3, 2, 1]);
    }

    #[test]
    fn shuffled_ties_return_every_work_in_another_order() {
        for work in [0, 1, 2, 12_345, u32::MAX] {
            assert_eq!(unshuffle(shuffle(work)), work);
        }
        let queue = |order| {
            let mut space = Space::new(Cells::PackingAndAreas, order);
            let a = space.cell(Features::new(0, 1, 0));
            for work in 0..8 {
                space.push((a, 0), 1, Features::new(0, 1, 0), work);
            }
            space.push((a, 0), 0, Features::new(0, 1, 0), 8);
            std::iter::from_fn(|| space.pop().map(|(_, w)| w)).collect::<Vec<_>>()
        };
        assert_eq!(queue(Order::Oldest), [8, 0, 1, 2, 3, 4, 5, 6, 7]);
        let shuffled = queue(Order::Shuffled(1));
        // The lighter work still goes first; the equal ones all come back.
        assert_eq!(shuffled[0], 8);
        let mut sorted = shuffled.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_ne!(shuffled, queue(Order::Oldest));
        assert_ne!(shuffled, queue(Order::Shuffled(2)));
    }
}
