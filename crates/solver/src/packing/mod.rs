//! Packing order: in which order the goals of a goal room can be filled, so
//! that a search can count how many boxes stand on goals *in an order that
//! can be completed* (the "packing" feature of FESS).
//!
//! Retrograde layering, after rkirov/sokoban-ai (`packing.rs`, and its
//! README's measurements), as Festival and YASS also plan goal rooms
//! backwards: start with every goal of a cluster full, and round by round
//! take away every box that can be pulled out to a square where some box
//! starts. Taking boxes away only frees space, so a round never spoils a
//! later one and no search over orders is needed. The rounds reversed are
//! the fill layers; goals never emptied are filled first.
//!
//! Each cluster of 4-connected goals is planned on its own with the other
//! clusters empty: one global order put independent pockets in the last
//! layer, where they never counted (rkirov on `XSokoban` 10). This is a
//! relaxation for guidance only and must never prune.
//!
//! Clusters with few enough goals also list their consistent fillings
//! (see `fillings`), which count more of the positions a search meets.

mod blocks;
mod fillings;
mod leave;

use super::board::{Board, Cell, Mode, NONE};
use super::budget::Budget;
use fillings::{Fillings, afford_listing};
use leave::Leaver;

/// Above this many goal-by-cell pairs over the whole level, every cluster
/// becomes a single layer (packed = boxes on goals). Each removal round
/// runs one pull search per remaining box, each linear in the cells.
/// Measured in release: an open room of 3,600 squares with 300 goals (1.08
/// million pairs) takes about 0.17 s; `XSokoban` peaks at 5,504 pairs; the
/// tests' 250 x 250 room with 4,000 goals is 250 million.
const MAX_GOAL_CELLS: usize = 1_000_000;

/// The fill order of every goal cluster of a level.
#[derive(Debug, Clone)]
pub struct PackingOrder {
    clusters: Vec<Cluster>,
}

/// The plan of one goal cluster.
#[derive(Debug, Clone)]
struct Cluster {
    /// Its goals grouped by fill layer, layer 0 first.
    layers: Vec<Vec<Cell>>,
    /// Its consistent fillings, when it is small enough to list them.
    fillings: Option<Fillings>,
}

impl PackingOrder {
    /// The fill order of the goals, for the forward searches: `starts`
    /// are the cells where the level's boxes start. `None` when `budget`
    /// stops it.
    pub fn new(board: &Board, starts: &[Cell], budget: &Budget) -> Option<Self> {
        Self::of(board, (board.goals(), starts), Mode::Pull, budget)
    }

    /// The fill order of the start squares, for the backward search, which
    /// pulls boxes onto them: the same layering mirrored, boxes pushed off
    /// the start squares to the goals. `starts` are the cells where the
    /// level's boxes start. `None` when `budget` stops it.
    pub fn backward(board: &Board, starts: &[Cell], budget: &Budget) -> Option<Self> {
        Self::of(board, (starts, board.goals()), Mode::Push, budget)
    }

    /// The fill order of `targets`, a box leaving one when `mode`'s moves
    /// can take it to a cell of `exits`.
    fn of(
        board: &Board,
        (targets, exits): (&[Cell], &[Cell]),
        mode: Mode,
        budget: &Budget,
    ) -> Option<Self> {
        let plan = targets.len().saturating_mul(board.cells()) <= MAX_GOAL_CELLS;
        let mut leaver = Leaver::new(board.cells(), mode);
        let mut occupied = vec![false; board.cells()];
        let mut allowance = fillings::MAX_WORK;
        let mut clusters = Vec::new();
        for goals in clusters_of(board, targets) {
            clusters.push(if plan {
                let tools = (occupied.as_mut_slice(), &mut leaver, budget);
                plan_cluster(board, &goals, exits, tools, &mut allowance)?
            } else {
                Cluster {
                    layers: vec![goals],
                    fillings: None,
                }
            });
        }
        Some(Self { clusters })
    }

    /// How many boxes count as packed for the position whose boxes are
    /// `occupied[cell] == true`, summed over the clusters: see
    /// [`Fillings::packed`] for small clusters and [`layer_packed`] for the
    /// others. Equals the goal count when every goal is filled.
    pub fn packed(&self, occupied: &[bool]) -> u32 {
        let cluster = |c: &Cluster| match &c.fillings {
            Some(fillings) => fillings.packed(occupied),
            None => layer_packed(&c.layers, occupied),
        };
        self.clusters.iter().map(cluster).sum()
    }

    /// The fill layer of a goal within its cluster (0 = filled first), for
    /// tests; 0 for a cell that is not a goal.
    #[cfg(test)]
    pub fn layer(&self, goal: Cell) -> u32 {
        self.clusters
            .iter()
            .flat_map(|c| c.layers.iter().enumerate())
            .find(|(_, goals)| goals.contains(&goal))
            .map_or(0, |(index, _)| index as u32)
    }
}

/// Each complete layer in fill order counts in full and the first
/// incomplete one counts its filled goals; boxes on goals further on earn
/// nothing.
fn layer_packed(layers: &[Vec<Cell>], occupied: &[bool]) -> u32 {
    let mut packed = 0;
    for goals in layers {
        let filled = goals.iter().filter(|&&g| occupied[usize::from(g)]).count();
        packed += filled as u32;
        if filled < goals.len() {
            break;
        }
    }
    packed
}

/// `targets` in groups joined 4-connectedly, each in cell order.
fn clusters_of(board: &Board, targets: &[Cell]) -> Vec<Vec<Cell>> {
    let mut is_target = vec![false; board.cells()];
    for &t in targets {
        is_target[usize::from(t)] = true;
    }
    let mut seen = vec![false; board.cells()];
    let mut clusters = Vec::new();
    for &start in targets {
        if seen[usize::from(start)] {
            continue;
        }
        seen[usize::from(start)] = true;
        let mut cluster = vec![start];
        let mut next = 0;
        while let Some(&goal) = cluster.get(next) {
            next += 1;
            for dir in 0..4 {
                let n = board.next(goal, dir);
                if n != NONE && is_target[usize::from(n)] && !seen[usize::from(n)] {
                    seen[usize::from(n)] = true;
                    cluster.push(n);
                }
            }
        }
        cluster.sort_unstable();
        clusters.push(cluster);
    }
    clusters
}

/// Layers, and fillings when `allowance` affords them, of the cluster
/// `goals` (start squares, for the backward search's order).
/// `occupied` comes in all false and is left so, unless `budget` stops it
/// and it returns `None`.
fn plan_cluster(
    board: &Board,
    goals: &[Cell],
    leave_for: &[Cell],
    (occupied, leaver, budget): (&mut [bool], &mut Leaver, &Budget),
    allowance: &mut usize,
) -> Option<Cluster> {
    // A box has left once it stands where some box starts (some goal, for
    // the backward search's order): rkirov measured this against "any
    // square off the goals", which a niche reachable only through the goal
    // fools (XSokoban 44), at 51 solved instead of 47.
    let mut exits = vec![false; board.cells()];
    for &s in leave_for {
        exits[usize::from(s)] = true;
    }
    for &g in goals {
        exits[usize::from(g)] = false;
    }
    let (core, rounds) = peel(board, goals, &exits, occupied, (leaver, budget))?;
    let loose: Vec<Cell> = rounds.iter().flatten().copied().collect();
    let fillings = if afford_listing(loose.len(), board.cells(), allowance) {
        let tools = (&mut *leaver, budget);
        Some(Fillings::new(
            board,
            (&core, &loose),
            &exits,
            occupied,
            tools,
        )?)
    } else {
        None
    };
    let mut layers: Vec<Vec<Cell>> = rounds.into_iter().rev().collect();
    if !core.is_empty() {
        layers.insert(0, core);
    }
    Some(Cluster { layers, fillings })
}

/// From all of `goals` full, takes away round by round every box that can
/// leave for `exits`. Returns the goals never emptied and the rounds in the
/// order they were taken away.
fn peel(
    board: &Board,
    goals: &[Cell],
    exits: &[bool],
    occupied: &mut [bool],
    (leaver, budget): (&mut Leaver, &Budget),
) -> Option<(Vec<Cell>, Vec<Vec<Cell>>)> {
    for &g in goals {
        occupied[usize::from(g)] = true;
    }
    let mut remaining = goals.to_vec();
    let mut rounds = Vec::new();
    loop {
        let mut leaving = Vec::new();
        for &goal in &remaining {
            if leaver.can_leave(board, occupied, goal, exits, budget)? {
                leaving.push(goal);
            }
        }
        if leaving.is_empty() {
            break;
        }
        for &goal in &leaving {
            occupied[usize::from(goal)] = false;
        }
        remaining.retain(|&g| occupied[usize::from(g)]);
        rounds.push(leaving);
    }
    for &g in &remaining {
        occupied[usize::from(g)] = false;
    }
    Some((remaining, rounds))
}

#[cfg(test)]
mod tests;
