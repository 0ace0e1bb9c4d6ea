//! Corral deadlocks, proved by a small search and remembered as patterns.
//!
//! A corral is floor the player cannot reach. Keep only the boxes that
//! fence one in, take every other box away, and search the pushes of the
//! fence alone: taking boxes away only frees the floor, so when no line of
//! pushes either gets every fence box onto a goal or lets the player into
//! the corral, the whole position is dead. Each proof is kept as a pattern
//! (the fence boxes and the floor the player may stand on) that prunes
//! every later position holding it: the learned deadlocks of YASS and
//! Sokolution (the sokobano.de wiki's "corral deadlocks"). A fence that
//! proves nothing is tried again with the boxes that hold it in place
//! (see `widen`).

mod relaxed;
#[cfg(test)]
pub(crate) mod tests;

use std::collections::HashSet;

use super::bits::{has_bit, set_bit};
use super::board::{Board, Cell, NONE};
use super::corral::CorralAreas;
use relaxed::{Relaxed, Verdict};

/// Positions one proof may search: a bound for giant fences. A line that
/// lets the player into the corral ends a proof at once, so few near it:
/// swept over the 1,133 shipped levels (plan alone, 20,000 positions a
/// level; docs/solver-log.md, "Sweeps"), 100, 400 and 1,600 solved the same
/// 625 levels within 40 positions of each other. Demanding every fence
/// box home instead of stopping there found up to 5 times the proofs on
/// Sasquatch I 7, 12, 35 and 50, but ran 3 to 6 times slower in all.
const PROOF_NODES: usize = 400;

/// Fences of more boxes are not searched: each position of their proof
/// pushes every box every way, and such proofs seldom succeed. Swept over
/// the 1,133 shipped levels (plan alone, 20,000 positions a level;
/// docs/solver-log.md, "Sweeps"): no bound and 16 solved the same 625, 8
/// solved 623; forward alone on Microban II 131 (44 boxes) took 2.8 s
/// with 16 against 4.1 s with no bound (1.8 s without corral proofs).
const MAX_FENCE_BOXES: usize = 16;

/// The most bytes the patterns take; past it, no more are learned. A
/// bound on memory like the remembered matchings' 16 MiB, not a tuned
/// value.
const MAX_PATTERN_BYTES: usize = 16 << 20;

/// Fences searched without a proof, remembered so that they are not
/// searched again; forgotten all at once when there are this many (2 MiB
/// of hashes: a bound on memory, not a tuned value).
const MAX_UNPROVED: usize = 1 << 18;

/// Which boxes a corral's proof keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fences {
    /// The boxes that touch the corral.
    Touching,
    /// The touching boxes first; when they prove nothing, again with the
    /// boxes that hold them in place (see `widen`). The feature searches
    /// use these. Push-pull's pushing side keeps [`Fences::Touching`]: it
    /// checks every position it expands, many more a second, and forward
    /// took 1.34 times as long on Microban II 131 (44 boxes) with the
    /// wider ones, where nothing else answers.
    Widened,
}

/// The corral deadlocks of one search.
pub struct CorralDeadlocks {
    fences: Fences,
    /// Words of a cell bit set.
    words: usize,
    /// Each pattern's fence boxes then its player floor, `2 * words` words.
    patterns: Vec<u64>,
    /// Patterns by the lowest cell of their fence, each with the
    /// [`signature`] of its fence.
    by_first: Vec<Vec<(u64, u32)>>,
    /// Hashes of fences (with the player's cell) searched without a proof.
    unproved: HashSet<u64>,
    /// The boxes of the position being checked, as bits.
    current: Vec<u64>,
    /// The [`signature`] of those boxes.
    current_signature: u64,
    /// The fence being proved, sorted.
    fence: Vec<Cell>,
    relaxed: Relaxed,
    /// Proofs found, and fences searched.
    proofs: u64,
    searches: u64,
}

impl CorralDeadlocks {
    pub fn new(board: &Board, fences: Fences) -> Self {
        let cells = board.cells();
        Self {
            fences,
            words: cells.div_ceil(64),
            patterns: Vec::new(),
            by_first: vec![Vec::new(); cells],
            unproved: HashSet::new(),
            current: vec![0; cells.div_ceil(64)],
            current_signature: 0,
            fence: Vec::new(),
            relaxed: Relaxed::new(cells),
            proofs: 0,
            searches: 0,
        }
    }

    /// Bytes held by the patterns and the fences remembered.
    pub fn bytes(&self) -> usize {
        self.patterns.capacity() * size_of::<u64>()
            + self.unproved.capacity() * size_of::<u64>()
            + self.by_first.len() * size_of::<Vec<(u64, u32)>>()
            + self.patterns.len() / (2 * self.words) * size_of::<(u64, u32)>()
    }

    /// (proofs, fences searched) so far.
    #[cfg(test)]
    pub fn counts(&self) -> (u64, u64) {
        (self.proofs, self.searches)
    }

    /// Whether the position of `boxes`, with the player on `player` and
    /// `areas` holding its corrals, is dead: it holds a pattern learned
    /// before, or one of its corrals is proved dead now. `dead` marks the
    /// squares from which no box reaches a goal.
    pub fn is_dead(
        &mut self,
        board: &Board,
        dead: &[bool],
        (boxes, player): (&[Cell], Cell),
        areas: &CorralAreas,
    ) -> bool {
        self.current.fill(0);
        for &b in boxes {
            set_bit(&mut self.current, usize::from(b));
        }
        self.current_signature = signature(boxes);
        if self.matches(boxes, player) {
            return true;
        }
        for id in 0..areas.count() {
            self.fence.clear();
            self.fence.extend_from_slice(areas.fence(id));
            if self.prove(board, dead, player, areas.inside(id)) {
                return true;
            }
            if self.fences == Fences::Widened
                && self.widen(board, areas)
                && self.prove(board, dead, player, areas.inside(id))
            {
                return true;
            }
        }
        // No corral is dead alone: all of them together may be, as one
        // fence that must open somewhere.
        if areas.count() > 1 {
            self.fence.clear();
            self.fence.extend_from_slice(areas.all_fences());
            return self.prove(board, dead, player, areas.all_insides());
        }
        false
    }

    /// Adds to the fence every box joined to it through boxes side by
    /// side that the player cannot touch; whether that added any within
    /// [`MAX_FENCE_BOXES`]. A row of boxes between the player and the
    /// corral holds it shut, though only its last box touches the corral:
    /// with the row taken away the fence box moves and proves nothing.
    /// Boxes beside the player's floor stay out, as the player could push
    /// them. Swept over the 1,133 shipped levels (plan alone, 20,000
    /// positions a level; docs/solver-log.md, "wider corral
    /// fences"): 639 solved before, 646 so, and 644 with those boxes in
    /// as well, slower.
    fn widen(&mut self, board: &Board, areas: &CorralAreas) -> bool {
        let before = self.fence.len();
        if before >= MAX_FENCE_BOXES {
            return false;
        }
        let current = &self.current;
        let touches_player = |cell: Cell| {
            (0..4).any(|dir| {
                let next = board.next(cell, dir);
                next != NONE && !has_bit(current, usize::from(next)) && !areas.in_any(next)
            })
        };
        let mut i = 0;
        while i < self.fence.len() {
            let fence_box = self.fence[i];
            i += 1;
            for dir in 0..4 {
                let next = board.next(fence_box, dir);
                if next != NONE
                    && has_bit(current, usize::from(next))
                    && !self.fence.contains(&next)
                    && !touches_player(next)
                {
                    if self.fence.len() == MAX_FENCE_BOXES {
                        return false;
                    }
                    self.fence.push(next);
                }
            }
        }
        self.fence.len() > before
    }

    /// Whether a learned pattern lies in the current boxes with the
    /// player on its floor.
    fn matches(&self, boxes: &[Cell], player: Cell) -> bool {
        let stride = 2 * self.words;
        boxes.iter().any(|&b| {
            self.by_first[usize::from(b)]
                .iter()
                .any(|&(fence_signature, p)| {
                    if fence_signature & !self.current_signature != 0 {
                        return false;
                    }
                    let start = p as usize * stride;
                    let (fence, floor) = self.patterns[start..start + stride].split_at(self.words);
                    has_bit(floor, usize::from(player))
                        && fence.iter().zip(&self.current).all(|(f, c)| f & !c == 0)
                })
        })
    }

    /// Searches `fence` alone, around the corral floor `inside`; learns a
    /// pattern and says yes when no line of its pushes opens the corral or
    /// finishes it. Fences all on goals are not searched.
    fn prove(&mut self, board: &Board, dead: &[bool], player: Cell, inside: &[Cell]) -> bool {
        self.fence.sort_unstable();
        self.fence.dedup();
        if self.fence.len() > MAX_FENCE_BOXES || self.fence.iter().all(|&b| board.is_goal(b)) {
            return false;
        }
        let key = fence_key(&self.fence, player);
        if self.unproved.contains(&key) {
            return false;
        }
        self.relaxed.start(board, &self.fence, player);
        self.searches += 1;
        match self.relaxed.search(board, dead, inside, PROOF_NODES) {
            Verdict::Dead => {
                self.proofs += 1;
                self.learn(board);
                true
            }
            Verdict::Unknown => {
                if self.unproved.len() >= MAX_UNPROVED {
                    self.unproved.clear();
                }
                self.unproved.insert(key);
                false
            }
        }
    }

    /// Keeps the fence just proved dead, with the floor its player had.
    fn learn(&mut self, board: &Board) {
        let stride = 2 * self.words;
        if (self.patterns.len() + stride) * size_of::<u64>() > MAX_PATTERN_BYTES {
            return;
        }
        let index = (self.patterns.len() / stride) as u32;
        let start = self.patterns.len();
        self.patterns.resize(start + stride, 0);
        let (fence, floor) = self.patterns[start..].split_at_mut(self.words);
        for &b in &self.fence {
            set_bit(fence, usize::from(b));
        }
        for cell in 0..board.cells() as Cell {
            if self.relaxed.root_reaches(cell) {
                set_bit(floor, usize::from(cell));
            }
        }
        let fence_signature = signature(&self.fence);
        self.by_first[usize::from(self.fence[0])].push((fence_signature, index));
    }
}

/// One bit for each cell of `cells`, the cell's number modulo 64: a fence
/// whose bits are not all among a position's is not in it. On `XSokoban`
/// 29, hotspots tried 3,300 patterns a position, of which 0.006% lay in
/// it, and reading each one's memory was a third of the search's time.
fn signature(cells: &[Cell]) -> u64 {
    cells.iter().fold(0, |bits, &c| bits | 1 << (c % 64))
}

/// A hash of `fence` with the player on `player`, where the position
/// searched has it (its smallest cell). The fence alone may let the player
/// walk further, so two positions can share a proof search under
/// different keys; working out the fence's own area to merge them took a
/// flood a check, 17% of forward's time on Sasquatch 19.
fn fence_key(fence: &[Cell], player: Cell) -> u64 {
    let cells = fence.iter().chain(std::iter::once(&player));
    cells.fold(0xcbf2_9ce4_8422_2325_u64, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
    })
}
