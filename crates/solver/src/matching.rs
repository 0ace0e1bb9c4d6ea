//! Whether every box can have a goal of its own that it can reach: the
//! bipartite deadlock test without costs. The feature search only needs to
//! know that such an assignment exists, and augmenting paths (Kuhn's
//! algorithm) find one far sooner than the Hungarian method finds the
//! cheapest: most boxes take a free goal at once.

use super::hungarian::UNREACHABLE;

/// No row owns the column.
const FREE: usize = usize::MAX;

/// Buffers kept between positions.
#[derive(Debug, Default)]
pub struct Matching {
    /// The row that owns each column, or `FREE`.
    owner: Vec<usize>,
    /// Per column, the stamp of the augmenting search that visited it.
    visited: Vec<u32>,
    stamp: u32,
    /// Rows no free column took at once.
    waiting: Vec<usize>,
}

impl Matching {
    /// Whether each of `rows` can have a different one of `cols` columns
    /// with a cost below [`UNREACHABLE`]; `row(r)` holds row `r`'s costs.
    /// The searches recurse once per row on their path, so `rows` should
    /// stay in the hundreds.
    pub fn exists<'r>(
        &mut self,
        rows: usize,
        cols: usize,
        row: impl Fn(usize) -> &'r [i64],
    ) -> bool {
        if rows > cols {
            return false;
        }
        self.owner.clear();
        self.owner.resize(cols, FREE);
        self.visited.resize(cols, 0);
        self.waiting.clear();
        for r in 0..rows {
            let costs = row(r);
            let free = (0..cols).find(|&c| self.owner[c] == FREE && costs[c] < UNREACHABLE);
            match free {
                Some(c) => self.owner[c] = r,
                None => self.waiting.push(r),
            }
        }
        let waiting = std::mem::take(&mut self.waiting);
        let all = waiting.iter().all(|&r| {
            self.next_stamp();
            self.augment(r, cols, &row)
        });
        self.waiting = waiting;
        all
    }

    /// Finds `r` a column, moving owners along an augmenting path.
    fn augment<'r>(&mut self, r: usize, cols: usize, row: &impl Fn(usize) -> &'r [i64]) -> bool {
        for (c, &cost) in row(r).iter().enumerate().take(cols) {
            if cost >= UNREACHABLE || self.visited[c] == self.stamp {
                continue;
            }
            self.visited[c] = self.stamp;
            let owner = self.owner[c];
            if owner == FREE || self.augment(owner, cols, row) {
                self.owner[c] = r;
                return true;
            }
        }
        false
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.visited.fill(0);
            self.stamp = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hungarian::Assignment;

    const X: i64 = UNREACHABLE;

    fn exists(costs: &[&[i64]], cols: usize) -> bool {
        Matching::default().exists(costs.len(), cols, |r| costs[r])
    }

    #[test]
    fn two_boxes_that_reach_only_the_same_goal_have_no_matching() {
        assert!(!exists(&[&[1, X], &[2, X]], 2));
        assert!(exists(&[&[1, X], &[2, 3]], 2));
    }

    #[test]
    fn a_box_gives_up_its_goal_along_an_augmenting_path() {
        // Greedily row 0 takes column 0, which row 2 needs; rows 0 and 1
        // must both move over.
        assert!(exists(&[&[1, 1, X], &[X, 1, 1], &[1, X, X]], 3));
        assert!(!exists(&[&[1, X, X], &[X, 1, X], &[1, X, X]], 3));
    }

    #[test]
    fn it_agrees_with_the_hungarian_method_on_random_tables() {
        let mut seed = 0x2545_f491_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut matching = Matching::default();
        let mut hungarian = Assignment::default();
        for round in 0..2_000 {
            let rows = 1 + round % 7;
            let cols = rows + round % 3;
            let table: Vec<Vec<i64>> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| if next() % 3 == 0 { X } else { 1 })
                        .collect()
                })
                .collect();
            let expected = hungarian.solve(rows, cols, |r| &table[r]).is_some();
            assert_eq!(
                matching.exists(rows, cols, |r| &table[r]),
                expected,
                "{table:?}"
            );
        }
    }
}
