//! Minimum-cost assignment of boxes to goals (the Hungarian method with
//! potentials, O(n² m)). Each box needs its own goal, so the sum is a lower
//! bound on the pushes left that is far tighter than nearest-goal distances,
//! and an impossible assignment proves a deadlock.

use std::time::Instant;

use super::prefetch::prefetch;

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
    /// The last solution worked out.
    now: Solution,
    way: Vec<usize>,
    min_v: Vec<i64>,
    used: Vec<bool>,
    matched: Vec<bool>,
    /// The solution [`Assignment::resolve`] starts from, and its total.
    base: Solution,
    base_total: i64,
    /// When the last solution is `base` with only one row's potential
    /// changed, (row, potential): [`Assignment::resolve`] then copies
    /// nothing (see [`Assignment::settle`]).
    pending: Option<(usize, i64)>,
    /// A solution put aside by [`Assignment::keep`].
    kept: Solution,
    /// Bases of recently expanded positions, by node modulo `slots` (see
    /// [`Assignment::remember`]), grown as nodes come so that a short
    /// search pays for no more than it uses: each slot's node, and its
    /// base's potentials and owners laid end to end in one flat array, so
    /// that taking one up reads one stretch of memory, not three.
    recent_nodes: Vec<u32>,
    recent: Vec<i64>,
    slots: usize,
    /// What one remembered base takes.
    slot_bytes: usize,
}

/// A solution: each row's and column's potential, and each column's row
/// (0 for none; rows count from 1).
#[derive(Clone, Debug, Default)]
struct Solution {
    u: Vec<i64>,
    v: Vec<i64>,
    owner: Vec<usize>,
}

impl Solution {
    /// How many numbers [`Solution::write_to`] writes.
    fn len(&self) -> usize {
        self.u.len() + self.v.len() + self.owner.len()
    }

    /// Lays the solution out end to end in `flat`, [`Solution::len`] long.
    fn write_to(&self, flat: &mut [i64]) {
        let (u, rest) = flat.split_at_mut(self.u.len());
        let (v, owner) = rest.split_at_mut(self.v.len());
        u.copy_from_slice(&self.u);
        v.copy_from_slice(&self.v);
        for (to, &from) in owner.iter_mut().zip(&self.owner) {
            *to = from as i64;
        }
    }

    /// Takes up a solution [`Solution::write_to`] laid out, for a problem
    /// of the same size as this one's.
    fn read_from(&mut self, flat: &[i64]) {
        let (u, rest) = flat.split_at(self.u.len());
        let (v, owner) = rest.split_at(self.v.len());
        self.u.copy_from_slice(u);
        self.v.copy_from_slice(v);
        for (to, &from) in self.owner.iter_mut().zip(owner) {
            *to = from as usize;
        }
    }

    /// The total cost of the assignment, read off the potentials: every
    /// assigned pair's cost is its row's and column's potentials added.
    fn total(&self) -> i64 {
        let rows: i64 = self.u[1..].iter().sum();
        let cols: i64 = self.v[1..]
            .iter()
            .zip(&self.owner[1..])
            .filter(|&(_, &owner)| owner != 0)
            .map(|(&v, _)| v)
            .sum();
        rows + cols
    }

    /// Becomes a copy of `other`, reusing the buffers.
    fn copy_from(&mut self, other: &Solution) {
        self.u.clone_from(&other.u);
        self.v.clone_from(&other.v);
        self.owner.clone_from(&other.owner);
    }
}

impl Assignment {
    /// Buffers for solves that stop at `deadline`.
    pub fn with_deadline(deadline: Option<Instant>) -> Self {
        Self {
            deadline,
            ..Self::default()
        }
    }

    /// These buffers, also remembering as many bases of `rows` by `cols`
    /// as fit in `bytes` (see [`Assignment::remember`]).
    #[must_use]
    pub fn remembering(self, bytes: usize, (rows, cols): (usize, usize)) -> Self {
        let slot_bytes = slot_bytes(rows, cols);
        Self {
            slots: bytes / slot_bytes,
            slot_bytes,
            ..self
        }
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
        self.pending = None;
        self.now.u.clear();
        self.now.u.resize(rows + 1, 0);
        // Where every column is taken, any column potentials give a start
        // (each row's potential is then its least reduced cost), and the
        // last solve's are the prices of the same goals seen from a
        // position much like this one: most rows find their column at
        // once. Where columns are left over, a free one's potential must
        // end at zero, so they start from zero.
        let warm = rows == cols && self.now.v.len() == cols + 1;
        if !warm {
            self.now.v.clear();
            self.now.v.resize(cols + 1, 0);
        }
        self.now.owner.clear();
        self.now.owner.resize(cols + 1, 0);
        self.way.clear();
        self.way.resize(cols + 1, 0);
        // Start from each row's cheapest column where it is still free:
        // with few conflicts most rows need no augmenting path at all.
        self.matched.clear();
        self.matched.resize(rows + 1, false);
        for r in 1..=rows {
            let costs = row(r - 1);
            let v = &self.now.v;
            let reduced = |c: usize| costs[c - 1] - v[c];
            let least = (1..=cols).map(reduced).min().unwrap_or(UNREACHABLE);
            self.now.u[r] = least;
            if let Some(c) = (1..=cols).find(|&c| self.now.owner[c] == 0 && reduced(c) == least) {
                self.now.owner[c] = r;
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
        match self.pending.take() {
            Some((row, potential)) => self.base.u[row] = potential,
            None => self.base.copy_from(&self.now),
        }
        self.base_total = self.base.total();
    }

    /// Puts the last solution aside, to be taken up again by
    /// [`Assignment::restore`].
    pub fn keep(&mut self) {
        match self.pending {
            Some((row, potential)) => {
                self.kept.copy_from(&self.base);
                self.kept.u[row] = potential;
            }
            None => self.kept.copy_from(&self.now),
        }
    }

    /// Makes `now` hold the last solution in full.
    fn settle(&mut self) {
        if let Some((row, potential)) = self.pending.take() {
            self.now.copy_from(&self.base);
            self.now.u[row] = potential;
        }
    }

    /// Puts the saved base aside for `node`, in the place of whichever
    /// node had its slot: the base a search resolved `node`'s children
    /// from is then at hand when one of them is expanded in turn.
    pub fn remember(&mut self, node: u32) {
        let Some(slot) = self.slot(node) else {
            return;
        };
        let stride = self.base.len();
        if slot >= self.recent_nodes.len() {
            self.recent_nodes.resize(slot + 1, u32::MAX);
            self.recent.resize((slot + 1) * stride, 0);
        }
        self.recent_nodes[slot] = node;
        self.base
            .write_to(&mut self.recent[slot * stride..(slot + 1) * stride]);
    }

    /// Starts loading the base remembered for `node`, if it is still
    /// there, for a [`Assignment::recall`] to come.
    pub fn prefetch(&self, node: u32) {
        if let Some(slot) = self.slot(node)
            && let Some(&remembered) = self.recent_nodes.get(slot)
            && remembered == node
        {
            let stride = self.base.len();
            prefetch(&self.recent[slot * stride]);
            prefetch(&self.recent[(slot + 1) * stride - 1]);
        }
    }

    /// Makes the base remembered for `node` the one [`Assignment::resolve`]
    /// starts from, if it is still there.
    pub fn recall(&mut self, node: u32) -> bool {
        let Some(slot) = self.slot(node) else {
            return false;
        };
        if self.recent_nodes.get(slot) != Some(&node) {
            return false;
        }
        let stride = self.base.len();
        self.base
            .read_from(&self.recent[slot * stride..(slot + 1) * stride]);
        self.base_total = self.base.total();
        // A pending change belonged to the base just replaced.
        self.pending = None;
        self.stopped = false;
        true
    }

    /// Bytes the remembered bases take.
    pub fn recent_bytes(&self) -> usize {
        self.recent_nodes.len() * self.slot_bytes
    }

    fn slot(&self, node: u32) -> Option<usize> {
        (self.slots > 0).then(|| node as usize % self.slots)
    }

    /// Takes up the kept solution, for the same rows with row `from` moved
    /// to place `to` (the others shifting to make room): as a position's
    /// boxes are re-sorted after one moves. An optimal solution of the same
    /// problem, so no augmenting path is needed.
    pub fn restore(&mut self, from: usize, to: usize) {
        self.pending = None;
        self.now.copy_from(&self.kept);
        self.reorder(from, to);
        self.stopped = false;
    }

    /// Moves row `from` of the last solution to place `to`, the rows
    /// between shifting to make room, as [`Assignment::restore`] does.
    pub fn reorder(&mut self, from: usize, to: usize) {
        self.settle();
        let new_row = |r: usize| match r {
            r if r == from => to,
            r if from < r && r <= to => r - 1,
            r if to <= r && r < from => r + 1,
            r => r,
        };
        let moved = self.now.u.remove(from + 1);
        self.now.u.insert(to + 1, moved);
        for owner in &mut self.now.owner {
            if *owner != 0 {
                *owner = new_row(*owner - 1) + 1;
            }
        }
    }

    /// Like [`Assignment::solve`] for the saved problem with only row
    /// `changed` given new costs: the rest of the saved solution stays
    /// optimal, so one augmenting path settles it. Most often the row's
    /// own column stays its cheapest, and the solution is the base with
    /// that row's potential changed: nothing is copied then.
    pub fn resolve<'r>(
        &mut self,
        cols: usize,
        changed: usize,
        row: impl Fn(usize) -> &'r [i64],
    ) -> Option<u32> {
        let rows = self.base.u.len() - 1;
        if rows < cols {
            // A column given up keeps its potential, which must be zero
            // for a free column when goals outnumber boxes: solve afresh.
            return self.solve(rows, cols, row);
        }
        let r = changed + 1;
        let costs = row(changed);
        // The largest potential that keeps every reduced cost of the row
        // non-negative, so the other rows' potentials stay valid.
        let potential = (1..=cols)
            .map(|c| costs[c - 1] - self.base.v[c])
            .min()
            .unwrap_or(UNREACHABLE);
        let own = (1..=cols).find(|&c| self.base.owner[c] == r);
        if let Some(c) = own
            && costs[c - 1] - self.base.v[c] == potential
        {
            let total = self.base_total - (self.base.u[r] + self.base.v[c]) + costs[c - 1];
            self.pending = Some((r, potential));
            return (total < UNREACHABLE).then_some(total as u32);
        }
        self.pending = None;
        self.now.copy_from(&self.base);
        if let Some(c) = own {
            self.now.owner[c] = 0;
        }
        self.now.u[r] = potential;
        self.augment(r, cols, &row);
        self.total(cols, &row)
    }

    /// Finds a shortest augmenting path from the unmatched row `current`,
    /// adjusting the potentials, and flips the matching along it.
    fn augment<'r>(&mut self, current: usize, cols: usize, row: &impl Fn(usize) -> &'r [i64]) {
        self.now.owner[0] = current;
        let mut prev_col = 0;
        self.min_v.resize(cols + 1, i64::MAX);
        self.min_v.fill(i64::MAX);
        self.used.resize(cols + 1, false);
        self.used.fill(false);
        loop {
            self.used[prev_col] = true;
            let r0 = self.now.owner[prev_col];
            let costs = row(r0 - 1);
            let mut delta = i64::MAX;
            let mut next_col = 0;
            for c in 1..=cols {
                if self.used[c] {
                    continue;
                }
                let cur = costs[c - 1] - self.now.u[r0] - self.now.v[c];
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
                    self.now.u[self.now.owner[c]] += delta;
                    self.now.v[c] -= delta;
                } else {
                    self.min_v[c] -= delta;
                }
            }
            prev_col = next_col;
            if self.now.owner[prev_col] == 0 {
                break;
            }
        }
        while prev_col != 0 {
            let next_col = self.way[prev_col];
            self.now.owner[prev_col] = self.now.owner[next_col];
            prev_col = next_col;
        }
    }

    fn total<'r>(&self, cols: usize, row: &impl Fn(usize) -> &'r [i64]) -> Option<u32> {
        let total: i64 = (1..=cols)
            .filter(|&c| self.now.owner[c] != 0)
            .map(|c| row(self.now.owner[c] - 1)[c - 1])
            .sum();
        (total < UNREACHABLE).then_some(total as u32)
    }
}

/// What remembering one base of `rows` by `cols` takes: a potential per
/// row and per column, and an owner per column, each with a spare 0th.
fn slot_bytes(rows: usize, cols: usize) -> usize {
    size_of::<u32>() + size_of::<i64>() * (rows + 1 + 2 * (cols + 1))
}

#[cfg(test)]
mod tests;
