//! The backward search aimed at spreading the boxes out, as Festival's
//! packing search does before its "imagine" forward search: from the
//! solved position the boxes are pulled away from the goals, keeping the
//! player's floor in one piece and every box free to be pulled. The best
//! position it stores is a position the level can be solved from (its
//! line of pulls, undone, pushes every box home) that the forward search
//! then heads for; every position it stores is such a meeting point.

use std::cmp::Reverse;

use super::{Aim, Backward};
use crate::board::{Board, Cell, Mode, NONE, nearest_target};
use crate::budget::Budget;
use crate::fess::advisors::{ADVISORS, Scored, distinct, strongest};
use crate::fess::space::Features;
use crate::moves::MacroMove;
use crate::table::Lookup;
use crate::{Outcome, Setup};

/// How good a spread position is as a target: one area of floor first,
/// then fewest boxes that cannot be pulled, then what the target asks for,
/// then boxes furthest from the goals.
pub(super) type Rank = (Reverse<u32>, Reverse<u32>, u64, u64);

/// Which of the spread's positions the forward search heads for. The
/// forward search reaches different targets on different levels, so the
/// spread keeps the best of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The boxes furthest from the goals, as Festival's spread ranks.
    Furthest,
    /// The most boxes on start squares: less for the forward search to move.
    OnStarts,
    /// The boxes fewest pulls from start squares.
    NearStarts,
}

impl Target {
    const ALL: [Self; 3] = [Self::Furthest, Self::OnStarts, Self::NearStarts];
}

/// The best position of each kind of [`Target`], and how good it is.
pub(super) type Bests = [Option<(Rank, u32)>; Target::ALL.len()];

/// A spread search, which can be stopped and taken up again.
pub struct Spread<'a> {
    search: Backward<'a>,
}

impl<'a> Spread<'a> {
    /// The spread search of `setup` with `memory` bytes for its
    /// positions, its start stored; `None` when the board is past the
    /// backward search's caps or `budget` stops it first.
    pub fn new(setup: &'a Setup, memory: usize, budget: &'a Budget<'a>) -> Option<Self> {
        let mut search = Backward::new(setup, Aim::Spread, memory, budget)?;
        search.add_roots();
        Some(Self { search })
    }

    /// Spreads on until `budget` stops it or it has worked out
    /// `expansions` positions in all: `None` to go on from, or the outcome
    /// when it solved the level on the way (its pulls reached the start)
    /// or was cancelled.
    pub fn grow(&mut self, budget: &'a Budget<'a>, expansions: u64) -> Option<Outcome> {
        self.search.budget = budget;
        match self.search.go_on(expansions) {
            Outcome::GaveUp => None,
            outcome => Some(outcome),
        }
    }

    /// The boxes of the best position so far as `target`, sorted.
    pub fn best(&self, target: Target) -> Option<&[Cell]> {
        let (_, best) = self.search.best[target as usize]?;
        Some(self.search.table.boxes(best))
    }

    /// The positions worked out so far.
    pub fn expanded(&self) -> u64 {
        self.search.expanded
    }

    /// The stored position with `boxes` (sorted) and the player in the
    /// area whose smallest cell is `player`, if the search stored it.
    pub fn find(&self, boxes: &[Cell], player: Cell) -> Option<u32> {
        let hash = self.search.zobrist.hash(boxes, player);
        match self.search.table.lookup(hash, boxes, player) {
            Lookup::Seen(index) => Some(index),
            Lookup::New(_) => None,
        }
    }

    /// The pushes (box cell after the push, direction) from stored
    /// position `index` to the solved position.
    pub fn pushes_home(&self, index: u32) -> Option<Vec<(Cell, usize)>> {
        self.search.pushes_home(index)
    }

    /// The memory its tables hold.
    pub fn bytes(&self) -> usize {
        self.search.bytes()
    }
}

/// Per cell, the fewest moves of a box in `mode` from it to any of
/// `targets`, capped so that sums over the boxes stay small (a box is
/// never where no target can be reached).
pub(super) fn nearest(board: &Board, targets: &[Cell], mode: Mode) -> Vec<u32> {
    let no_walls = vec![false; board.cells()];
    let moves = nearest_target(board, targets, (mode, &no_walls));
    let capped = moves.into_iter().map(|m| m.clamp(0, 10_000));
    capped.map(|m| u32::try_from(m).unwrap_or(0)).collect()
}

impl Backward<'_> {
    /// How many of `boxes` are on start squares.
    fn on_starts(&self, boxes: &[Cell]) -> u64 {
        boxes
            .iter()
            .filter(|&&b| self.is_start[usize::from(b)])
            .count() as u64
    }

    /// How far `boxes` are from the start squares, summed.
    fn pulls_to_starts(&self, boxes: &[Cell]) -> u64 {
        boxes
            .iter()
            .map(|&b| u64::from(self.nearest_start[usize::from(b)]))
            .sum()
    }

    /// How far `boxes` are from the goals, summed.
    pub(super) fn reach(&self, boxes: &[Cell]) -> u64 {
        boxes
            .iter()
            .map(|&b| u64::from(self.nearest[usize::from(b)]))
            .sum()
    }

    /// The loaded boxes the player could not pull any way: on no side is
    /// there floor with free floor behind it.
    pub(super) fn stuck(&self) -> u32 {
        let free = |cell: Cell| cell != NONE && !self.occupied[usize::from(cell)];
        let pullable = |b: Cell| {
            (0..4).any(|dir| {
                let side = self.board.next(b, dir);
                side != NONE && free(self.board.next(side, dir))
            })
        };
        self.boxes.iter().filter(|&&b| !pullable(b)).count() as u32
    }

    /// The pulls nominated from a position with `features`: the one that
    /// joins most floor, the one that frees most boxes, and the one that
    /// takes the boxes furthest, each only where it gains and loses
    /// nothing the others count.
    pub(super) fn advise_spread(&self, features: Features) -> [Option<MacroMove>; ADVISORS] {
        let here = self.reach(&self.boxes);
        let keyed = (&self.scored[..], &self.reaches[..]);
        let joiner = nominate(
            keyed,
            |f, _| f.areas < features.areas,
            |f, reach| (Reverse(f.areas), Reverse(f.hotspots), reach),
        );
        let freer = nominate(
            keyed,
            |f, _| f.areas <= features.areas && f.hotspots < features.hotspots,
            |f, reach| (Reverse(f.hotspots), Reverse(f.areas), reach),
        );
        let further = nominate(
            keyed,
            |f, reach| f.areas <= features.areas && f.hotspots <= features.hotspots && reach > here,
            |f, reach| (reach, Reverse(f.areas), Reverse(f.hotspots)),
        );
        distinct([joiner, freer, further])
    }

    /// Keeps stored position `index` with `features` and `boxes` as the
    /// best of each kind of target it ranks above the best so far.
    pub(super) fn keep_if_best(&mut self, index: u32, features: Features, boxes: &[Cell]) {
        let (areas, hotspots) = (Reverse(features.areas), Reverse(features.hotspots));
        let reach = self.reach(boxes);
        let ranks = Target::ALL.map(|target| match target {
            Target::Furthest => (areas, hotspots, 0, reach),
            Target::OnStarts => (areas, hotspots, self.on_starts(boxes), reach),
            Target::NearStarts => (
                areas,
                hotspots,
                u64::MAX - self.pulls_to_starts(boxes),
                reach,
            ),
        });
        for (best, rank) in self.best.iter_mut().zip(ranks) {
            if best.is_none_or(|(best, _)| rank > best) {
                *best = Some((rank, index));
            }
        }
    }
}

/// The move of the highest ranked pull that `wants`, of the pulls with
/// their reaches beside them.
fn nominate<K: Ord>(
    (pulls, reaches): (&[Scored], &[u64]),
    wants: impl Fn(Features, u64) -> bool,
    rank: impl Fn(Features, u64) -> K,
) -> Option<MacroMove> {
    let keyed = pulls
        .iter()
        .zip(reaches)
        .map(|(s, &reach)| (s.features, reach, s.mv));
    let wanted = keyed.filter(|&(f, reach, _)| wants(f, reach));
    strongest(wanted.map(|(f, reach, mv)| (mv, rank(f, reach))))
}
