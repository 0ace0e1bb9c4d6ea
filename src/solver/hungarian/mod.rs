//! Minimum-cost assignment of boxes to goals (the Hungarian method with
//! potentials, O(n² m)). Each box needs its own goal, so the sum is a lower
//! bound on the pushes left that is far tighter than nearest-goal distances,
//! and an impossible assignment proves a deadlock.

use std::time::Instant;

/// Problems with at least this many rows read the clock every this many
/// rows.
const LARGE_ROWS: usize = 64;

/// Cost of a box that cannot reach a goal; larger than any real total.
pub const UNREACHABLE: i64 = 1 << 40;

/// Reusable buffers, so the search allocates nothing per node.
#[derive(Debug, Default)]
pub struct Assignment {
    /// When a full solve must stop; [`Assignment::solve`] on thousands of
    /// boxes takes seconds.
    deadline: Option<Instant>,
    /// Whether the last solve stopped at the deadline: its `None` then
    /// proves nothing.
    stopped: bool,
    u: Vec<i64>,
    v: Vec<i64>,
    owner: Vec<usize>,
    way: Vec<usize>,
    min_v: Vec<i64>,
    used: Vec<bool>,
    matched: Vec<bool>,
    /// The solution [`Assignment::resolve`] starts from.
    base_u: Vec<i64>,
    base_v: Vec<i64>,
    base_owner: Vec<usize>,
    /// A solution put aside by [`Assignment::keep`].
    kept_u: Vec<i64>,
    kept_v: Vec<i64>,
    kept_owner: Vec<usize>,
    /// Saved bases of recently expanded positions, by node modulo
    /// `slots` (see [`Assignment::remember`]), grown as nodes come so
    /// that a short search pays for no more than it uses.
    recent: Vec<Saved>,
    slots: usize,
}

/// A base put aside for one node.
#[derive(Clone, Debug, Default)]
struct Saved {
    node: u32,
    u: Vec<i64>,
    v: Vec<i64>,
    owner: Vec<usize>,
}

impl Assignment {
    /// Buffers for solves that stop at `deadline`.
    pub fn with_deadline(deadline: Option<Instant>) -> Self {
        Self {
            deadline,
            ..Self::default()
        }
    }

    /// These buffers, also remembering the bases of the last `slots`
    /// positions or so (see [`Assignment::remember`]).
    #[must_use]
    pub fn remembering(self, slots: usize) -> Self {
        Self { slots, ..self }
    }

    /// Whether the last [`Assignment::solve`] ran out of time.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The least total cost of giving each of `rows` a different column, or
    /// `None` when no assignment avoids an [`UNREACHABLE`] pair or the
    /// deadline passed (see [`Assignment::stopped`]). `row(r)`
    /// holds the costs of row `r`, one per column. Needs `rows <= cols`.
    pub fn solve<'r>(
        &mut self,
        rows: usize,
        cols: usize,
        row: impl Fn(usize) -> &'r [i64],
    ) -> Option<u32> {
        debug_assert!(rows <= cols);
        self.u.clear();
        self.u.resize(rows + 1, 0);
        self.v.clear();
        self.v.resize(cols + 1, 0);
        self.owner.clear();
        self.owner.resize(cols + 1, 0);
        self.way.clear();
        self.way.resize(cols + 1, 0);
        // Start from each row's cheapest column where it is still free:
        // with few conflicts most rows need no augmenting path at all.
        self.matched.clear();
        self.matched.resize(rows + 1, false);
        for r in 1..=rows {
            let costs = row(r - 1);
            let least = costs.iter().copied().min().unwrap_or(UNREACHABLE);
            self.u[r] = least;
            if let Some(c) = (1..=cols).find(|&c| self.owner[c] == 0 && costs[c - 1] == least) {
                self.owner[c] = r;
                self.matched[r] = true;
            }
        }
        self.stopped = false;
        for current in 1..=rows {
            if !self.matched[current] {
                // Only a large problem takes long enough to need the clock.
                let large = rows >= LARGE_ROWS && current % LARGE_ROWS == 0;
                if large && self.deadline.is_some_and(|d| Instant::now() >= d) {
                    self.stopped = true;
                    return None;
                }
                self.augment(current, cols, &row);
            }
        }
        self.total(cols, &row)
    }

    /// Keeps the last solution as the base that [`Assignment::resolve`]
    /// starts from.
    pub fn save(&mut self) {
        self.base_u.clone_from(&self.u);
        self.base_v.clone_from(&self.v);
        self.base_owner.clone_from(&self.owner);
    }

    /// Puts the last solution aside, to be taken up again by
    /// [`Assignment::restore`].
    pub fn keep(&mut self) {
        self.kept_u.clone_from(&self.u);
        self.kept_v.clone_from(&self.v);
        self.kept_owner.clone_from(&self.owner);
    }

    /// Puts the saved base aside for `node`, in the place of whichever
    /// node had its slot: the base a search resolved `node`'s children
    /// from is then at hand when one of them is expanded in turn.
    pub fn remember(&mut self, node: u32) {
        let Some(slot) = self.slot(node) else {
            return;
        };
        if slot >= self.recent.len() {
            let unused = Saved {
                node: u32::MAX,
                ..Saved::default()
            };
            self.recent.resize(slot + 1, unused);
        }
        let saved = &mut self.recent[slot];
        saved.node = node;
        saved.u.clone_from(&self.base_u);
        saved.v.clone_from(&self.base_v);
        saved.owner.clone_from(&self.base_owner);
    }

    /// Makes the base remembered for `node` the one [`Assignment::resolve`]
    /// starts from, if it is still there.
    pub fn recall(&mut self, node: u32) -> bool {
        let Some(saved) = self.slot(node).and_then(|slot| self.recent.get(slot)) else {
            return false;
        };
        if saved.node != node {
            return false;
        }
        self.base_u.clone_from(&saved.u);
        self.base_v.clone_from(&saved.v);
        self.base_owner.clone_from(&saved.owner);
        self.stopped = false;
        true
    }

    /// Bytes the remembered bases take: each holds a base's potentials and
    /// owners.
    pub fn recent_bytes(&self) -> usize {
        let words = self.base_u.len() + self.base_v.len() + self.base_owner.len();
        self.recent.len() * (size_of::<Saved>() + 8 * words)
    }

    fn slot(&self, node: u32) -> Option<usize> {
        (self.slots > 0).then(|| node as usize % self.slots)
    }

    /// Takes up the kept solution, for the same rows with row `from` moved
    /// to place `to` (the others shifting to make room): as a position's
    /// boxes are re-sorted after one moves. An optimal solution of the same
    /// problem, so no augmenting path is needed.
    pub fn restore(&mut self, from: usize, to: usize) {
        self.u.clone_from(&self.kept_u);
        self.v.clone_from(&self.kept_v);
        self.owner.clone_from(&self.kept_owner);
        self.reorder(from, to);
        self.stopped = false;
    }

    /// Moves row `from` of the last solution to place `to`, the rows
    /// between shifting to make room, as [`Assignment::restore`] does.
    pub fn reorder(&mut self, from: usize, to: usize) {
        let new_row = |r: usize| match r {
            r if r == from => to,
            r if from < r && r <= to => r - 1,
            r if to <= r && r < from => r + 1,
            r => r,
        };
        let moved = self.u.remove(from + 1);
        self.u.insert(to + 1, moved);
        for owner in &mut self.owner {
            if *owner != 0 {
                *owner = new_row(*owner - 1) + 1;
            }
        }
    }

    /// Like [`Assignment::solve`] for the saved problem with only row
    /// `changed` given new costs: the rest of the saved solution stays
    /// optimal, so one augmenting path settles it.
    pub fn resolve<'r>(
        &mut self,
        cols: usize,
        changed: usize,
        row: impl Fn(usize) -> &'r [i64],
    ) -> Option<u32> {
        self.u.clone_from(&self.base_u);
        self.v.clone_from(&self.base_v);
        self.owner.clone_from(&self.base_owner);
        let r = changed + 1;
        if let Some(c) = (1..=cols).find(|&c| self.owner[c] == r) {
            self.owner[c] = 0;
        }
        // The largest potential that keeps every reduced cost of the row
        // non-negative, so the other rows' potentials stay valid.
        let costs = row(changed);
        self.u[r] = (1..=cols)
            .map(|c| costs[c - 1] - self.v[c])
            .min()
            .unwrap_or(UNREACHABLE);
        self.augment(r, cols, &row);
        self.total(cols, &row)
    }

    /// Finds a shortest augmenting path from the unmatched row `current`,
    /// adjusting the potentials, and flips the matching along it.
    fn augment<'r>(&mut self, current: usize, cols: usize, row: &impl Fn(usize) -> &'r [i64]) {
        self.owner[0] = current;
        let mut prev_col = 0;
        self.min_v.clear();
        self.min_v.resize(cols + 1, i64::MAX);
        self.used.clear();
        self.used.resize(cols + 1, false);
        loop {
            self.used[prev_col] = true;
            let r0 = self.owner[prev_col];
            let costs = row(r0 - 1);
            let mut delta = i64::MAX;
            let mut next_col = 0;
            for c in 1..=cols {
                if self.used[c] {
                    continue;
                }
                let cur = costs[c - 1] - self.u[r0] - self.v[c];
                if cur < self.min_v[c] {
                    self.min_v[c] = cur;
                    self.way[c] = prev_col;
                }
                if self.min_v[c] < delta {
                    delta = self.min_v[c];
                    next_col = c;
                }
            }
            for c in 0..=cols {
                if self.used[c] {
                    self.u[self.owner[c]] += delta;
                    self.v[c] -= delta;
                } else {
                    self.min_v[c] -= delta;
                }
            }
            prev_col = next_col;
            if self.owner[prev_col] == 0 {
                break;
            }
        }
        while prev_col != 0 {
            let next_col = self.way[prev_col];
            self.owner[prev_col] = self.owner[next_col];
            prev_col = next_col;
        }
    }

    fn total<'r>(&self, cols: usize, row: &impl Fn(usize) -> &'r [i64]) -> Option<u32> {
        let total: i64 = (1..=cols)
            .filter(|&c| self.owner[c] != 0)
            .map(|c| row(self.owner[c] - 1)[c - 1])
            .sum();
        (total < UNREACHABLE).then_some(total as u32)
    }
}

#[cfg(test)]
mod tests;
