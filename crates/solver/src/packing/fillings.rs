//! Consistent fillings of a small goal cluster, after rkirov/sokoban-ai
//! (there worth one more `XSokoban` level and 30% less time): every set of
//! the cluster's goals that legal removals reach from "all full". A
//! filling counts the largest such set inside it, which credits boxes a
//! layer order would ignore, such as one back-row goal whose neighbour in
//! the front row is still empty.

use super::super::board::{Board, Cell};
use super::super::budget::Budget;
use super::leave::Leaver;

/// The most goals outside the core a cluster may have for its fillings to
/// be listed: 2^12 = 4,096 sets, rkirov's bound.
const MAX_LOOSE_GOALS: usize = 12;

/// The most sets x goals x cells the listings of one level may take
/// together: each set tries one pull search per goal in it, each linear in
/// the cells. Measured at 6-7 ns a unit in release, so at most about 0.2 s;
/// every `XSokoban` cluster with 12 loose goals or fewer fits.
pub const MAX_WORK: usize = 25_000_000;

/// Whether listing the fillings of `loose` goals outside the core, on a
/// board of `cells` squares, fits what is left of `allowance`; takes its
/// share when it does.
pub fn afford_listing(loose: usize, cells: usize, allowance: &mut usize) -> bool {
    let work = (1_usize << loose.min(MAX_LOOSE_GOALS))
        .saturating_mul(loose)
        .saturating_mul(cells);
    let affordable = loose <= MAX_LOOSE_GOALS && work <= *allowance;
    if affordable {
        *allowance -= work;
    }
    affordable
}

/// The consistent fillings of one cluster, as a table from each set of its
/// loose goals to the largest consistent set within it.
#[derive(Debug, Clone)]
pub struct Fillings {
    /// Goals no box ever leaves: always in, so counted first one by one.
    core: Vec<Cell>,
    /// The other goals; bit `i` of a set stands for `loose[i]`.
    loose: Vec<Cell>,
    /// For each set of loose goals, the size of the largest consistent set
    /// inside it.
    best: Vec<u8>,
}

impl Fillings {
    /// Enumerates the sets of `loose` reachable from all full with `core`
    /// always full, a box leaving when `leaver` can take it to `exits`.
    /// `occupied` comes in all false and is left so, unless `budget` stops
    /// it and it returns `None`.
    pub fn new(
        board: &Board,
        (core, loose): (&[Cell], &[Cell]),
        exits: &[bool],
        occupied: &mut [bool],
        (leaver, budget): (&mut Leaver, &Budget),
    ) -> Option<Self> {
        let full = (1_usize << loose.len()) - 1;
        let mut reached = vec![false; full + 1];
        reached[full] = true;
        let mut queue = vec![full];
        let mut head = 0;
        for &g in core {
            occupied[usize::from(g)] = true;
        }
        while let Some(&set) = queue.get(head) {
            head += 1;
            if budget.stop().is_some() {
                return None;
            }
            fill(occupied, loose, set, true);
            for (bit, &goal) in loose.iter().enumerate() {
                let without = set & !(1 << bit);
                if without == set || reached[without] {
                    continue;
                }
                if leaver.can_leave(board, occupied, goal, exits, budget)? {
                    reached[without] = true;
                    queue.push(without);
                }
            }
            fill(occupied, loose, set, false);
        }
        for &g in core {
            occupied[usize::from(g)] = false;
        }
        Some(Self {
            core: core.to_vec(),
            loose: loose.to_vec(),
            best: largest_within(&reached),
        })
    }

    /// Boxes on the core count one by one until it is full; then the
    /// largest consistent set inside the filling counts.
    pub fn packed(&self, occupied: &[bool]) -> u32 {
        let core = self.core.iter().filter(|&&g| occupied[usize::from(g)]);
        let core = core.count();
        if core < self.core.len() {
            return core as u32;
        }
        let set = (self.loose.iter().enumerate())
            .filter(|&(_, &g)| occupied[usize::from(g)])
            .fold(0, |set, (bit, _)| set | 1 << bit);
        (core + usize::from(self.best[set])) as u32
    }
}

/// Sets or clears `occupied` on the loose goals in `set`.
fn fill(occupied: &mut [bool], loose: &[Cell], set: usize, value: bool) {
    for (bit, &g) in loose.iter().enumerate() {
        if set & 1 << bit != 0 {
            occupied[usize::from(g)] = value;
        }
    }
}

/// For each set, the size of the largest reached set inside it: itself if
/// reached, else the best of the sets one goal smaller (the empty set is
/// always reached, since every loose goal can be emptied).
fn largest_within(reached: &[bool]) -> Vec<u8> {
    let mut best = vec![0_u8; reached.len()];
    for set in 1..reached.len() {
        best[set] = if reached[set] {
            set.count_ones() as u8
        } else {
            (0..usize::BITS)
                .filter(|&bit| set & 1 << bit != 0)
                .map(|bit| best[set & !(1 << bit)])
                .max()
                .unwrap_or(0)
        };
    }
    best
}
