use super::*;

type Costs = [[i64; 3]; 3];

/// Re-solves row `changed` of `costs` from the saved base, checks it
/// against a full solve of `costs`, and returns the total.
fn resolves_as_a_full_solve(
    assignment: &mut Assignment,
    changed: usize,
    costs: &Costs,
) -> Option<u32> {
    let full = Assignment::default().solve(3, 3, |r| &costs[r]);
    assert_eq!(assignment.resolve(3, changed, |r| &costs[r]), full);
    full
}

/// Solves `costs`, saves the solution as the base and remembers it for
/// `node`.
fn remember_solved(assignment: &mut Assignment, costs: &Costs, node: u32) {
    assignment.solve(3, 3, |r| &costs[r]);
    assignment.save();
    assignment.remember(node);
}

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
    assert_eq!(
        resolves_as_a_full_solve(&mut assignment, 1, &after),
        Some(4)
    );
    // The saved base still serves a different change.
    let other = [[7, 2, 6], [3, 10, 4], [5, 1, 2]];
    resolves_as_a_full_solve(&mut assignment, 0, &other);
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
    resolves_as_a_full_solve(&mut assignment, 1, &changed);
}

#[test]
fn a_remembered_base_settles_a_child_as_a_full_solve_would() {
    let parent = [[4, 1, 3], [2, 0, 5], [3, 2, 2]];
    let mut assignment = Assignment::default().remembering(4 * slot_bytes(3, 3), (3, 3));
    assert_eq!(assignment.solve(3, 3, |r| &parent[r]), Some(5));
    assignment.save();
    assignment.remember(6);
    // Another node takes slot 2 of 4, which node 6 had.
    let other = [[0, 9, 9], [9, 0, 9], [9, 9, 0]];
    remember_solved(&mut assignment, &other, 2);
    assert!(!assignment.recall(6));
    assert!(assignment.recall(2));
    // Node 5 sits in its own slot until recalled, whatever came after.
    remember_solved(&mut assignment, &parent, 5);
    assignment.solve(3, 3, |r| &other[r]);
    assignment.save();
    assert!(assignment.recall(5));
    // The child moves row 0's box, which then sorts last.
    let moved = [7, 3, 0];
    let changed = |r: usize| if r == 0 { &moved[..] } else { &parent[r][..] };
    let full = Assignment::default().solve(3, 3, changed);
    assert_eq!(full, Some(3));
    assert_eq!(assignment.resolve(3, 0, changed), full);
    assignment.reorder(0, 2);
    let child = [parent[1], parent[2], moved];
    let full = Assignment::default().solve(3, 3, |r| &child[r]);
    assert_eq!(assignment.total(3, &|r| &child[r][..]), full);
    // The reordered solution serves the child's own children.
    assignment.save();
    let grandchild = [child[0], [1, 9, 9], child[2]];
    resolves_as_a_full_solve(&mut assignment, 1, &grandchild);
}

#[test]
fn without_slots_nothing_is_remembered() {
    let costs = [[1]];
    let mut assignment = Assignment::default();
    assignment.solve(1, 1, |r| &costs[r]);
    assignment.save();
    assignment.remember(0);
    assert!(!assignment.recall(0));
    assert_eq!(assignment.recent_bytes(), 0);
}

#[test]
fn spare_columns_are_allowed() {
    let costs = [[7, 1, 9]];
    assert_eq!(Assignment::default().solve(1, 3, |r| &costs[r]), Some(1));
}

/// Numbers below the bound asked for, the same from the same `seed`
/// (xorshift).
fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |below| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % below
    }
}

#[test]
fn a_chain_of_one_row_changes_agrees_with_full_solves() {
    chain_agrees_with_full_solves(4);
}

#[test]
fn with_goals_to_spare_one_row_changes_still_agree_with_full_solves() {
    chain_agrees_with_full_solves(5);
}

/// Re-solves children as a search does, on four rows and `cols` columns:
/// each child changes one row of its parent's costs, by a step (the row's
/// own column mostly stays its cheapest, and nothing is copied) or by a
/// jump (an augmenting path is needed); a child kept aside or saved
/// becomes a base in turn.
fn chain_agrees_with_full_solves(cols: usize) {
    let mut random = numbers(0x9e37_79b9);
    let mut costs: Vec<Vec<i64>> = (0..4)
        .map(|_| (0..cols).map(|_| random(20) as i64).collect())
        .collect();
    let mut assignment = Assignment::default();
    assignment.solve(4, cols, |r| &costs[r]);
    assignment.save();
    let (mut steps, mut jumps) = (0, 0);
    for round in 0..2_000 {
        let changed = random(4) as usize;
        let mut child = costs.clone();
        if random(3) == 0 {
            jumps += 1;
            child[changed] = (0..cols).map(|_| random(20) as i64).collect();
        } else {
            steps += 1;
            for cost in &mut child[changed] {
                *cost = (*cost + random(3) as i64 - 1).max(0);
            }
        }
        let full = Assignment::default().solve(4, cols, |r| &child[r]);
        assert_eq!(
            assignment.resolve(cols, changed, |r| &child[r]),
            full,
            "round {round}"
        );
        match random(3) {
            0 => {
                assignment.keep();
                assignment.restore(changed, changed);
                assignment.save();
                costs = child;
            }
            1 => {
                assignment.save();
                costs = child;
            }
            _ => {}
        }
    }
    assert!(steps > 1_000 && jumps > 500, "{steps} steps, {jumps} jumps");
}

/// The least total of giving each row its own column, by trying every
/// way; `None` when each way takes an unreachable pair.
fn brute_force(costs: &[Vec<i64>], cols: usize) -> Option<u32> {
    fn best(costs: &[Vec<i64>], taken: &mut Vec<bool>) -> i64 {
        let Some((row, rest)) = costs.split_first() else {
            return 0;
        };
        let mut least = i64::MAX;
        for c in 0..taken.len() {
            if !taken[c] && row[c] < UNREACHABLE {
                taken[c] = true;
                let total = best(rest, taken);
                taken[c] = false;
                least = least.min(total.saturating_add(row[c]));
            }
        }
        least
    }
    let least = best(costs, &mut vec![false; cols]);
    (least < UNREACHABLE).then(|| u32::try_from(least).expect("a small total"))
}

#[test]
fn full_solves_in_turn_start_from_the_last_one_and_still_find_the_least_total() {
    let mut random = numbers(0x2545_f491);
    let mut assignment = Assignment::default();
    let mut unreachable = 0;
    for round in 0..1_500 {
        // Mostly square, as boxes and goals are on most levels, sometimes
        // with a column to spare, and now and then a new size.
        let cols = 5 + usize::from(random(10) == 0);
        let rows = if random(8) == 0 {
            1 + random(5) as usize
        } else {
            cols
        };
        let costs: Vec<Vec<i64>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| match random(3) {
                        0 => UNREACHABLE,
                        _ => random(30) as i64,
                    })
                    .collect()
            })
            .collect();
        let expected = brute_force(&costs, cols);
        unreachable += usize::from(expected.is_none());
        assert_eq!(
            assignment.solve(rows, cols, |r| &costs[r]),
            expected,
            "round {round}: {costs:?}"
        );
    }
    assert!(unreachable > 10, "{unreachable} without an assignment");
}
