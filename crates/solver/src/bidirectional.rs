//! The push-pull strategy: two weighted best-first searches take turns,
//! pushing from the position towards the goals and pulling from the goals
//! back towards the position (which unpacks goal rooms in an order that
//! works). Either one finishing, or both meeting on a common position, ends
//! the search; either one running out of positions proves there is no
//! solution.

use super::board::{Board, Cell, Mode, Targets};
use super::budget::Budget;
use super::marks::solved_areas;
use super::pairs::{DeadPairs, SharedPairs};
use super::search::{RECENT_BYTES, Search, Status};
use super::table::{Table, Zobrist};
use super::{Outcome, Setup, Stats, path, stopped};

/// Expansions each direction gets before the other takes a turn; the clock
/// and cancel flag are read after both: a few milliseconds at most, even on
/// large levels where one expansion takes tens of microseconds. Pulling
/// gets far more turns: it unpacks goal rooms, which is where levels are
/// hard, while the pushing side mostly needs to lay out positions for it to
/// meet. Swept on the 1,133 shipped levels (`scripts/sweep`, push-pull
/// alone, `--nodes 20000`; docs/solver-log.md, "Sweeps"): pull slices of
/// 8, 32 and 128 solved 668, 666 and 666, 8 gaining a level on four sets
/// and losing one on two, with as many positions.
const PUSH_SLICE: u32 = 1;
const PULL_SLICE: u32 = 32;

/// Which side leads, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// Pulling, which unpacks goal rooms (push-pull).
    Pulling,
    /// Pulling, heading for the player's start square (homeward; see
    /// [`Search::head_home`]).
    PullingHome,
    /// Pushing (forward): the slices the other way round, and the bound
    /// counted [`LEADING_PUSH_WEIGHT`] times against the pushes.
    Pushing,
}

/// The pushing side's weight when it leads, as (bound, pushes): 2.75.
/// Fitted to Microban II 131, which only forward solves; swept on the
/// 1,133 shipped levels (`scripts/sweep`, forward alone, `--nodes 20000`;
/// docs/solver-log.md, "Sweeps"): 2, 2.75 and 3 solved 556, 562 and 564,
/// 3 gaining five levels on Sasquatch IV and VI and losing three on
/// Microban, `XSokoban` and Sasquatch VII.
const LEADING_PUSH_WEIGHT: (u64, u64) = (11, 4);

/// Positions expanded before the dead-pair tables are built and corrals
/// are proved: most levels are solved sooner, and the tables take up to
/// 0.3 s on `XSokoban`'s largest levels, which would slow every hint there.
const PAIRS_AFTER: u64 = 20_000;

/// Runs the strategy on `setup` with `memory` bytes for its positions and
/// at most `expansions` positions expanded, `lead` saying which side leads.
pub fn solve(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
    lead: Lead,
) -> (Outcome, Stats) {
    let mut work = Stats::default();
    let board = &setup.board;
    let boxes = &setup.boxes;
    // Pulling needs every goal filled, so only when boxes and goals match.
    let pulling = boxes.len() == board.goals().len();
    let starts = if pulling {
        let Some(starts) = Targets::new(board, boxes, Mode::Pull, budget) else {
            return (stopped(budget), work);
        };
        work.peak_bytes = Targets::bytes(board.cells(), boxes.len());
        starts
    } else {
        // The pulling side never runs; it only needs something to point at.
        setup.goals.clone()
    };
    let goals = &setup.goals;
    let zobrist = Zobrist::new(board.cells());
    // The directions share one allowance: the pulling side makes most of
    // the positions, and a fixed half each left it full while the memory
    // of the pushing side lay unused (Microban 153 then went unsolved
    // inside the race at 30 s; alone, with twice the memory, it took 14 s).
    // Each side also remembers recent matchings, in a sliver of the cap.
    let recent = (memory / 16).min(RECENT_BYTES);
    let max_nodes = (memory - 2 * recent) / Table::bytes_per_node(boxes.len());
    let sizes = (boxes.len(), max_nodes, recent);
    let shared = (&zobrist, budget);
    let mut forward = Search::new(board, (goals, goals), Mode::Push, shared, sizes);
    let mut backward = Search::new(board, (goals, &starts), Mode::Pull, shared, sizes);
    let slices = match lead {
        Lead::Pulling => (PUSH_SLICE, PULL_SLICE),
        Lead::PullingHome => {
            backward.head_home(setup.player);
            (PUSH_SLICE, PULL_SLICE)
        }
        Lead::Pushing => {
            forward.weigh(LEADING_PUSH_WEIGHT);
            (PULL_SLICE, PUSH_SLICE)
        }
    };
    let outcome = alternate(
        (board, &setup.pairs),
        (&mut forward, &mut backward),
        (boxes, setup.player),
        (budget, (expansions, max_nodes), slices),
    );
    work.expanded = forward.expanded() + backward.expanded();
    work.peak_bytes += forward.bytes() + backward.bytes();
    (outcome, work)
}

/// Runs the two searches in turns from the position `(boxes, player)`
/// until one finishes, they meet, or the budget runs out; the two hold
/// `max_nodes` positions between them, and each turn expands `slices`
/// positions (pushing, pulling).
fn alternate<'a>(
    (board, pairs): (&Board, &'a SharedPairs),
    (forward, backward): (&mut Search<'a>, &mut Search<'a>),
    (boxes, player): (&[Cell], Cell),
    (budget, (expansions, max_nodes), (push_slice, pull_slice)): (
        &Budget,
        (u64, usize),
        (u32, u32),
    ),
) -> Outcome {
    match forward.add_root(boxes, player) {
        Status::Solved(_) => return Outcome::Solved(Vec::new()),
        Status::Stopped => return stopped(budget),
        _ => {}
    }
    let pulling = boxes.len() == board.goals().len();
    if pulling {
        for player in solved_areas(board) {
            if let Status::Stopped = backward.add_root(board.goals(), player) {
                return stopped(budget);
            }
        }
    }
    let mut running = [true, pulling];
    let mut max_nodes = max_nodes;
    let mut pairs_built = !pulling;
    while running.iter().any(|&r| r) {
        if let Some(stop) = budget.stop_between_turns(|| forward.bytes() + backward.bytes()) {
            return stop.into();
        }
        if !pairs_built && forward.expanded() + backward.expanded() >= PAIRS_AFTER {
            pairs_built = true;
            let push = pairs.pushing(board, budget);
            let pull = pairs.pulling(board, (boxes, player), budget);
            let bytes = [push, pull]
                .into_iter()
                .flatten()
                .map(DeadPairs::bytes)
                .sum::<usize>();
            forward.set_pairs(push);
            backward.set_pairs(pull);
            forward.prove_corrals();
            max_nodes = max_nodes.saturating_sub(bytes / Table::bytes_per_node(boxes.len()));
            continue;
        }
        if forward.expanded() + backward.expanded() >= expansions {
            return Outcome::GaveUp;
        }
        for (side, active) in running.iter_mut().enumerate() {
            if !*active {
                continue;
            }
            let status = if side == 0 {
                forward.share(max_nodes, backward);
                forward.step(backward, push_slice)
            } else {
                backward.share(max_nodes, forward);
                backward.step(forward, pull_slice)
            };
            let pushes = match status {
                Status::Running => continue,
                Status::Full => {
                    *active = false;
                    continue;
                }
                Status::Stopped => return stopped(budget),
                Status::Exhausted => return Outcome::Unsolvable,
                Status::Solved(index) => forward.pushes(index),
                Status::Met { own, other } => {
                    let (f, b) = if side == 0 {
                        (own, other)
                    } else {
                        (other, own)
                    };
                    let mut pushes = forward.pushes(f);
                    pushes.extend(backward.pushes(b));
                    pushes
                }
            };
            return Outcome::Solved(path::steps(board, boxes, player, &pushes));
        }
    }
    Outcome::GaveUp
}
