//! The reverse search of Taylor and Parberry (2011): start with every box
//! on a goal and the player anywhere, pull boxes, and keep the position
//! farthest from solved. Theirs is breadth-first; ours pulls on the
//! farthest position first, which still goes deep with nine boxes. Pulls
//! played backwards are pushes, so the position it ends on is solvable by
//! construction (the solver then proves it again and measures it).

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use crate::room::Plan;

/// The most boxes a generated level has.
pub(crate) const MAX_BOXES: usize = 12;

/// No box: the last pulled box before any pull.
const NONE: u8 = u8::MAX;

/// One position the search reached.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Box cells, sorted; only the first `count` are used.
    boxes: [u8; MAX_BOXES],
    /// The lowest cell the player can reach: one per player area.
    player: u8,
    /// Pulls from the solved position.
    pulls: u16,
    /// How often the pulled box changed on the way here.
    changes: u16,
    /// Where the last pulled box stands.
    last: u8,
}

/// The position the reverse search chose, with how far it is from solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Farthest {
    /// Box cells.
    pub(crate) boxes: Vec<usize>,
    /// A cell the player starts on.
    pub(crate) player: usize,
    /// Pulls from the solved position along the search's path.
    pub(crate) pulls: usize,
    /// Box changes along that path.
    pub(crate) changes: usize,
    /// Positions the search reached in all.
    pub(crate) searched: usize,
}

/// How many boxes of `node` stand on goals.
fn on_goals(node: &Node, goals: &[usize], count: usize) -> usize {
    node.boxes[..count]
        .iter()
        .filter(|&&b| goals.contains(&usize::from(b)))
        .count()
}

/// How far a reached position is from solved, as the search ranks them:
/// pulls, box changes twice (a change of box is what makes a player
/// think, as Taylor and Parberry weigh it) and the boxes' steps to their
/// nearest goals twice, less eight per box still on a goal. The steps
/// keep the deep search from trading distance for shuffles near the goals
/// (docs/endless.md, "More boxes").
fn score(node: &Node, goals: &[usize], count: usize, distance: &[i64]) -> i64 {
    let displacement: i64 = node.boxes[..count]
        .iter()
        .map(|&b| distance[usize::from(b)])
        .sum();
    i64::from(node.pulls) + 2 * i64::from(node.changes) + 2 * displacement
        - 30 * on_goals(node, goals, count) as i64
}

/// How the search picks: positions with every goal cleared first (a box
/// left on its goal would never move), then by [`score`].
fn rank(node: &Node, goals: &[usize], count: usize, distance: &[i64]) -> (bool, i64) {
    (
        on_goals(node, goals, count) == 0,
        score(node, goals, count, distance),
    )
}

/// Each cell's steps to the nearest goal through the plan's floor.
fn goal_distances(plan: &Plan, goals: &[usize]) -> Vec<i64> {
    let mut distance = vec![i64::MAX; plan.wall.len()];
    let mut queue: std::collections::VecDeque<usize> = goals.iter().copied().collect();
    for &goal in goals {
        distance[goal] = 0;
    }
    while let Some(cell) = queue.pop_front() {
        for next in plan.neighbours(cell) {
            if !plan.wall[next] && distance[next] == i64::MAX {
                distance[next] = distance[cell] + 1;
                queue.push_back(next);
            }
        }
    }
    distance
}

/// Searches pulls from every box on `goals` for at most `max_positions`
/// positions, best first, and returns the first position found that is
/// at least `percent` of the farthest's score away (among positions with
/// every goal cleared, when there are any), or `None` when no box could
/// be pulled at all. At 100 it is the farthest, as Taylor and Parberry
/// choose; less makes easier levels. In a fixed order, so the same plan
/// always gives the same answer.
pub(crate) fn farthest(
    plan: &Plan,
    goals: &[usize],
    max_positions: usize,
    percent: i64,
) -> Option<Farthest> {
    let count = goals.len();
    let distance = goal_distances(plan, goals);
    debug_assert!(count <= MAX_BOXES && plan.wall.len() < usize::from(NONE));
    let mut start = [NONE; MAX_BOXES];
    for (slot, &goal) in start.iter_mut().zip(goals) {
        *slot = goal as u8;
    }
    start[..count].sort_unstable();
    let on_box = |boxes: &[u8; MAX_BOXES], cell: usize| boxes[..count].contains(&(cell as u8));
    let mut nodes: Vec<Node> = Vec::new();
    // Ordered, not hashed: std's hasher is seeded anew in every process,
    // and nothing the generator does may hang on it.
    let mut seen: BTreeSet<([u8; MAX_BOXES], u8)> = BTreeSet::new();
    // One start per area the player could stand in around the solved boxes.
    let mut claimed = vec![false; plan.wall.len()];
    for cell in 0..plan.wall.len() {
        if plan.wall[cell] || claimed[cell] || on_box(&start, cell) {
            continue;
        }
        let area = plan.flood(cell, |c| on_box(&start, c));
        for (c, &inside) in area.iter().enumerate() {
            claimed[c] |= inside;
        }
        nodes.push(Node {
            boxes: start,
            player: cell as u8,
            pulls: 0,
            changes: 0,
            last: NONE,
        });
        seen.insert((start, cell as u8));
    }
    let mut best: Option<usize> = None;
    // Best first: the open position farthest from solved is pulled on
    // next (the earliest found among equals), so the search goes deep
    // even when many boxes make it wide.
    let mut open: BinaryHeap<(i64, Reverse<usize>)> =
        (0..nodes.len()).map(|index| (0, Reverse(index))).collect();
    while nodes.len() < max_positions {
        let Some((_, Reverse(next))) = open.pop() else {
            break;
        };
        let node = nodes[next];
        let reach = plan.flood(usize::from(node.player), |c| on_box(&node.boxes, c));
        for index in 0..count {
            let cell = usize::from(node.boxes[index]);
            for (stand, away) in pulls_from(plan, cell) {
                if !reach[stand] || plan.wall[away] || on_box(&node.boxes, away) {
                    continue;
                }
                let mut boxes = node.boxes;
                boxes[index] = stand as u8;
                boxes[..count].sort_unstable();
                let area = plan.flood(away, |c| on_box(&boxes, c));
                let player = area.iter().position(|&a| a).unwrap_or(away) as u8;
                if !seen.insert((boxes, player)) {
                    continue;
                }
                let changed = node.last != NONE && usize::from(node.last) != cell;
                let child = Node {
                    boxes,
                    player,
                    pulls: node.pulls + 1,
                    changes: node.changes + u16::from(changed),
                    last: stand as u8,
                };
                let child_score = score(&child, goals, count, &distance);
                let child_rank = rank(&child, goals, count, &distance);
                if best.is_none_or(|b| child_rank > rank(&nodes[b], goals, count, &distance)) {
                    best = Some(nodes.len());
                }
                open.push((child_score, Reverse(nodes.len())));
                nodes.push(child);
            }
        }
    }
    let (cleared, far) = rank(&nodes[best?], goals, count, &distance);
    let node = nodes
        .iter()
        .find(|n| {
            let (n_cleared, n_score) = rank(n, goals, count, &distance);
            n.pulls > 0 && n_cleared == cleared && 100 * n_score >= percent * far
        })
        .copied()?;
    Some(Farthest {
        boxes: node.boxes[..count]
            .iter()
            .map(|&b| usize::from(b))
            .collect(),
        player: usize::from(node.player),
        pulls: usize::from(node.pulls),
        changes: usize::from(node.changes),
        searched: nodes.len(),
    })
}

/// Whether a box alone on `cell` could be pulled at all: a goal where it
/// could not would keep its box, which would never move.
pub(crate) fn can_pull(plan: &Plan, cell: usize) -> bool {
    pulls_from(plan, cell)
        .iter()
        .any(|&(stand, away)| !plan.wall[stand] && !plan.wall[away])
}

/// For a box on `cell`, each pull as (where the player stands, where the
/// player steps back to): the box moves onto the first.
fn pulls_from(plan: &Plan, cell: usize) -> [(usize, usize); 4] {
    let w = plan.width;
    [
        (cell - 1, cell - 2),
        (cell + 1, cell + 2),
        (cell - w, cell.saturating_sub(2 * w)),
        (cell + w, (cell + 2 * w).min(plan.wall.len() - 1)),
    ]
}

#[cfg(test)]
mod tests {
    use super::farthest;
    use crate::room::Plan;

    fn plan(rows: &[&str]) -> (Plan, Vec<usize>) {
        let width = rows[0].len();
        let cells: Vec<u8> = rows.iter().flat_map(|r| r.bytes()).collect();
        let goals = (0..cells.len()).filter(|&c| cells[c] == b'.').collect();
        let wall = cells.iter().map(|&c| c == b'#').collect();
        let plan = Plan {
            width,
            height: rows.len(),
            wall,
        };
        (plan, goals)
    }

    #[test]
    fn a_corridor_pulls_the_box_to_its_far_end() {
        let (plan, goals) = plan(&["#######", "#.    #", "#######"]);
        let far = farthest(&plan, &goals, 1000, 100).expect("a box can be pulled");
        // The box can be pulled from cell 8 to 11 (three pulls), leaving
        // the player at the corridor's end.
        assert_eq!(far.boxes, vec![11]);
        assert_eq!(far.pulls, 3);
    }

    #[test]
    fn a_box_walled_in_gives_nothing() {
        let (plan, goals) = plan(&["###", "#.#", "# #", "###"]);
        assert_eq!(farthest(&plan, &goals, 1000, 100), None);
    }
}
