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
}

impl Assignment {
    /// Buffers for solves that stop at `deadline`.
    pub fn with_deadline(deadline: Option<Instant>) -> Self {
        Self {
            deadline,
            ..Self::default()
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

    /// Takes up the kept solution, for the same rows with row `from` moved
    /// to place `to` (the others shifting to make room): as a position's
    /// boxes are re-sorted after one moves. An optimal solution of the same
    /// problem, so no augmenting path is needed.
    pub fn restore(&mut self, from: usize, to: usize) {
        let new_row = |r: usize| match r {
            r if r == from => to,
            r if from < r && r <= to => r - 1,
            r if to <= r && r < from => r + 1,
            r => r,
        };
        self.u.clone_from(&self.kept_u);
        let moved = self.u.remove(from + 1);
        self.u.insert(to + 1, moved);
        self.v.clone_from(&self.kept_v);
        self.owner.clear();
        self.owner.extend(
            self.kept_owner
                .iter()
                .map(|&r| if r == 0 { 0 } else { new_row(r - 1) + 1 }),
        );
        self.stopped = false;
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
mod tests {
    use super::*;

    #[test]
    fn finds_the_cheapest_assignment_not_the_greedy_one() {
        // Also a conflict the cheapest-column start cannot settle alone.
        // Greedy takes row 0 -> col 0 (1) and then row 1 -> col 1 (10) = 11;
        // the best is 2 + 3 = 5.
        let costs = [[1, 2], [3, 10]];
        let total = Assignment::default().solve(2, 2, |r| &costs[r]);
        assert_eq!(total, Some(5));
    }

    #[test]
    fn two_boxes_that_only_reach_one_goal_have_no_assignment() {
        let costs = [[1, UNREACHABLE], [4, UNREACHABLE]];
        assert_eq!(Assignment::default().solve(2, 2, |r| &costs[r]), None);
    }

    #[test]
    fn resolving_one_changed_row_matches_a_full_solve() {
        let before = [[1, 2, 6], [3, 10, 4], [5, 1, 2]];
        let after = [[1, 2, 6], [9, 1, 8], [5, 1, 2]];
        let mut assignment = Assignment::default();
        assert_eq!(assignment.solve(3, 3, |r| &before[r]), Some(6));
        assignment.save();
        let full = Assignment::default().solve(3, 3, |r| &after[r]);
        assert_eq!(full, Some(4));
        assert_eq!(assignment.resolve(3, 1, |r| &after[r]), full);
        // The saved base still serves a different change.
        let other = [[7, 2, 6], [3, 10, 4], [5, 1, 2]];
        let full = Assignment::default().solve(3, 3, |r| &other[r]);
        assert_eq!(assignment.resolve(3, 0, |r| &other[r]), full);
    }

    #[test]
    fn a_solve_past_its_deadline_stops_and_says_so() {
        // Every row prefers column 0, so all but one need a path.
        let n = 2 * LARGE_ROWS;
        let costs: Vec<Vec<i64>> = (0..n).map(|_| (0..n as i64).collect()).collect();
        let mut assignment = Assignment::with_deadline(Some(Instant::now()));
        assert_eq!(assignment.solve(n, n, |r| &costs[r]), None);
        assert!(assignment.stopped());
        let mut unhurried = Assignment::with_deadline(None);
        let all_columns = (n * (n - 1) / 2) as u32;
        assert_eq!(unhurried.solve(n, n, |r| &costs[r]), Some(all_columns));
        assert!(!unhurried.stopped());
    }

    #[test]
    fn a_kept_solution_serves_the_same_rows_reordered() {
        let rows = [[4, 1, 3], [2, 0, 5], [3, 2, 2]];
        let mut assignment = Assignment::default();
        assert_eq!(assignment.solve(3, 3, |r| &rows[r]), Some(5));
        assignment.keep();
        // Row 0 moves to the end, as a box re-sorted after its push.
        let reordered = [rows[1], rows[2], rows[0]];
        assignment.restore(0, 2);
        assert_eq!(assignment.total(3, &|r| &reordered[r][..]), Some(5));
        // The restored solution is a valid base for one changed row.
        assignment.save();
        let changed = [reordered[0], [9, 9, 0], reordered[2]];
        let full = Assignment::default().solve(3, 3, |r| &changed[r]);
        assert_eq!(assignment.resolve(3, 1, |r| &changed[r]), full);
    }

    #[test]
    fn spare_columns_are_allowed() {
        let costs = [[7, 1, 9]];
        assert_eq!(Assignment::default().solve(1, 3, |r| &costs[r]), Some(1));
    }
}
