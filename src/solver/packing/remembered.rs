//! Consistent fillings of goal clusters too big to list: the same count as
//! [`Fillings`](super::fillings::Fillings), the largest set inside a filling
//! that legal removals reach from all full, but worked out only for the
//! fillings a search meets, and remembered. Listing every set stops at 12
//! loose goals, which left 55 of `XSokoban`'s 90 levels on plain layers,
//! where a box on a later layer's goal earns nothing until every earlier
//! layer is full.
//!
//! Removals only free space, so whether a filling is consistent needs no
//! search over orders: take away every empty goal's box that can leave,
//! over and over, and see whether all of them went. When some cannot go,
//! the filling gives up one of its own boxes that can leave and tries
//! again; the count is then a consistent set inside the filling, though not
//! always the largest.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::super::board::{Board, Cell};
use super::super::budget::Budget;
use super::pull::Puller;

/// The most loose goals: a filling is a bit set in a `u64`.
pub const MAX_LOOSE: usize = 64;

/// The most loose goals x cells: working out one filling takes up to
/// loose² pull searches, each linear in the cells, so at most about ten
/// million steps. `XSokoban`'s largest is 20 goals on under 400 cells.
pub const MAX_LOOSE_CELLS: usize = 40_000;

/// Fillings remembered before the memory is cleared: at most some tens of
/// megabytes.
const MAX_REMEMBERED: usize = 1 << 20;

/// The pull searches never stop on the clock: each is short, and the
/// search asking for a count reads its own clock between positions.
static NEVER_CANCELLED: AtomicBool = AtomicBool::new(false);

pub struct Remembered {
    /// Goals no box ever leaves: always in, so counted first one by one.
    core: Vec<Cell>,
    /// The other goals; bit `i` of a filling stands for `loose[i]`.
    loose: Vec<Cell>,
    exits: Vec<bool>,
    work: RefCell<Work>,
}

/// What working out a filling needs, kept between fillings.
struct Work {
    known: HashMap<u64, u8>,
    puller: Puller,
    /// All false between fillings.
    occupied: Vec<bool>,
}

impl Remembered {
    /// Whether a cluster of `loose` goals on a board of `cells` squares
    /// fits the limits above.
    pub fn fits(loose: usize, cells: usize) -> bool {
        loose <= MAX_LOOSE && loose.saturating_mul(cells) <= MAX_LOOSE_CELLS
    }

    pub fn new(board: &Board, (core, loose): (&[Cell], &[Cell]), exits: &[bool]) -> Self {
        Self {
            core: core.to_vec(),
            loose: loose.to_vec(),
            exits: exits.to_vec(),
            work: RefCell::new(Work {
                known: HashMap::new(),
                puller: Puller::new(board.cells()),
                occupied: vec![false; board.cells()],
            }),
        }
    }

    /// Boxes on the core count one by one until it is full; then the
    /// consistent set found inside the filling counts.
    pub fn packed(&self, board: &Board, occupied: &[bool]) -> u32 {
        let core = self.core.iter().filter(|&&g| occupied[usize::from(g)]);
        let core = core.count();
        if core < self.core.len() {
            return core as u32;
        }
        let set = (self.loose.iter().enumerate())
            .filter(|&(_, &g)| occupied[usize::from(g)])
            .fold(0_u64, |set, (bit, _)| set | 1 << bit);
        let mut work = self.work.borrow_mut();
        let consistent = if let Some(&count) = work.known.get(&set) {
            count
        } else {
            let count = work.consistent_within(board, self, set);
            if work.known.len() >= MAX_REMEMBERED {
                work.known.clear();
            }
            work.known.insert(set, count);
            count
        };
        (core + usize::from(consistent)) as u32
    }
}

impl Work {
    /// The size of a consistent set inside the filling `set`.
    fn consistent_within(&mut self, board: &Board, plan: &Remembered, set: u64) -> u8 {
        let budget = Budget::new(Duration::MAX, &NEVER_CANCELLED);
        for &g in plan.core.iter().chain(&plan.loose) {
            self.occupied[usize::from(g)] = true;
        }
        let mut full = if plan.loose.len() == 64 {
            u64::MAX
        } else {
            (1 << plan.loose.len()) - 1
        };
        let mut keep = set;
        loop {
            // Empty goals first, for as long as any of them can go.
            let mut moved = true;
            while moved {
                moved = false;
                for bit in bits(full & !keep) {
                    if self.leaves(board, plan, bit, &budget) {
                        full &= !(1 << bit);
                        moved = true;
                    }
                }
            }
            if full & !keep == 0 {
                break;
            }
            // Stuck: one box of the filling makes way. Some always can,
            // since the layers empty every loose goal from all full.
            let Some(bit) = bits(full & keep).find(|&bit| self.leaves(board, plan, bit, &budget))
            else {
                keep = 0;
                break;
            };
            full &= !(1 << bit);
            keep &= !(1 << bit);
        }
        for &g in plan.core.iter().chain(&plan.loose) {
            self.occupied[usize::from(g)] = false;
        }
        (keep & full).count_ones() as u8
    }

    /// Takes the box off loose goal `bit` when it can leave.
    fn leaves(&mut self, board: &Board, plan: &Remembered, bit: u32, budget: &Budget) -> bool {
        let goal = plan.loose[bit as usize];
        let occupied = &mut self.occupied;
        let leaves = self
            .puller
            .can_leave(board, occupied, goal, &plan.exits, budget);
        if leaves == Some(true) {
            occupied[usize::from(goal)] = false;
            return true;
        }
        false
    }
}

/// The set bits of `set`, lowest first.
fn bits(set: u64) -> impl Iterator<Item = u32> {
    (0..u64::BITS).filter(move |&bit| set & 1 << bit != 0)
}

impl fmt::Debug for Remembered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Remembered")
            .field("core", &self.core)
            .field("loose", &self.loose)
            .finish_non_exhaustive()
    }
}
