//! Minimum-cost assignment of boxes to goals (the Hungarian method with
//! potentials, O(n² m)). Each box needs its own goal, so the sum is a lower
//! bound on the pushes left that is far tighter than nearest-goal distances,
//! and an impossible assignment proves a deadlock.

/// Cost of a box that cannot reach a goal; larger than any real total.
pub const UNREACHABLE: i64 = 1 << 40;

/// Reusable buffers, so the search allocates nothing per node.
#[derive(Debug, Default)]
pub struct Assignment {
    u: Vec<i64>,
    v: Vec<i64>,
    owner: Vec<usize>,
    way: Vec<usize>,
    min_v: Vec<i64>,
    used: Vec<bool>,
    matched: Vec<bool>,
}

impl Assignment {
    /// The least total cost of giving each of `rows` a different column, or
    /// `None` when no assignment avoids an [`UNREACHABLE`] pair. `row(r)`
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
        for current in 1..=rows {
            if self.matched[current] {
                continue;
            }
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
    fn spare_columns_are_allowed() {
        let costs = [[7, 1, 9]];
        assert_eq!(Assignment::default().solve(1, 3, |r| &costs[r]), Some(1));
    }
}
