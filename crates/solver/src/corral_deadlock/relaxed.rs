//! The search behind a corral proof: the fence boxes alone, every other
//! box taken away, pushed depth first until a line finishes or opens the
//! corral, or every line is seen.

use std::collections::HashSet;

use crate::board::{Board, Cell, NONE, opposite};
use crate::deadlock::freeze_deadlock;
use crate::marks::{Marks, flood, flood_anew};

pub enum Verdict {
    /// No line of pushes gets every box home or opens the corral.
    Dead,
    /// A line does, or the search ran out of positions first.
    Unknown,
}

/// Buffers kept between proofs.
pub struct Relaxed {
    occupied: Vec<bool>,
    reach: Marks,
    /// Where the player could walk in the first position.
    root: Marks,
    stack: Vec<Cell>,
    frozen: Vec<Cell>,
    /// Positions expanded: boxes sorted, then the player's smallest cell.
    seen: HashSet<Vec<Cell>>,
    /// Positions to expand: boxes sorted, then where the player stands.
    open: Vec<Vec<Cell>>,
}

impl Relaxed {
    pub fn new(cells: usize) -> Self {
        Self {
            occupied: vec![false; cells],
            reach: Marks::new(cells),
            root: Marks::new(cells),
            stack: Vec::new(),
            frozen: Vec::new(),
            seen: HashSet::new(),
            open: Vec::new(),
        }
    }

    /// Sets up the position of `fence` (sorted) alone with the player on
    /// `player`.
    pub fn start(&mut self, board: &Board, fence: &[Cell], player: Cell) {
        self.seen.clear();
        self.open.clear();
        set(&mut self.occupied, fence, true);
        self.root.next();
        let least = flood(
            board,
            &self.occupied,
            &mut self.root,
            &mut self.stack,
            player,
        );
        set(&mut self.occupied, fence, false);
        let mut position = fence.to_vec();
        position.push(least);
        self.open.push(position);
    }

    /// Whether the player could walk to `cell` in the first position.
    pub fn root_reaches(&self, cell: Cell) -> bool {
        self.root.has(cell)
    }

    /// Searches from the position `start` set up, at most `limit`
    /// positions; `inside` holds the corral's floor.
    pub fn search(
        &mut self,
        board: &Board,
        dead: &[bool],
        inside: &[Cell],
        limit: usize,
    ) -> Verdict {
        let mut expanded = 0;
        while let Some(position) = self.open.pop() {
            if expanded == limit {
                return Verdict::Unknown;
            }
            expanded += 1;
            let (boxes, player) = position.split_at(position.len() - 1);
            set(&mut self.occupied, boxes, true);
            let verdict = self.expand(board, dead, inside, boxes, player[0]);
            set(&mut self.occupied, boxes, false);
            if verdict.is_some() {
                return Verdict::Unknown;
            }
        }
        Verdict::Dead
    }

    /// Queues the children of one position; `Some` when it settles the
    /// search: every box home, or the player inside the corral.
    fn expand(
        &mut self,
        board: &Board,
        dead: &[bool],
        inside: &[Cell],
        boxes: &[Cell],
        player: Cell,
    ) -> Option<()> {
        if boxes.iter().all(|&b| board.is_goal(b)) {
            return Some(());
        }
        let least = flood_anew(
            board,
            &self.occupied,
            &mut self.reach,
            &mut self.stack,
            player,
        );
        if inside.iter().any(|&c| self.reach.has(c)) {
            return Some(());
        }
        // Children are queued with the player where the push leaves it;
        // the flood above names the position, so each is expanded once.
        let mut named = boxes.to_vec();
        named.push(least);
        if !self.seen.insert(named) {
            return None;
        }
        for (i, &from) in boxes.iter().enumerate() {
            for dir in 0..4 {
                let to = board.next(from, dir);
                let behind = board.next(from, opposite(dir));
                if to == NONE
                    || behind == NONE
                    || dead[usize::from(to)]
                    || self.occupied[usize::from(to)]
                    || !self.reach.has(behind)
                {
                    continue;
                }
                self.occupied[usize::from(from)] = false;
                self.occupied[usize::from(to)] = true;
                let frozen = freeze_deadlock(board, dead, &self.occupied, to, &mut self.frozen);
                if !frozen {
                    let mut child = boxes.to_vec();
                    child[i] = to;
                    child.sort_unstable();
                    child.push(from);
                    self.open.push(child);
                }
                self.occupied[usize::from(to)] = false;
                self.occupied[usize::from(from)] = true;
            }
        }
        None
    }
}

fn set(occupied: &mut [bool], cells: &[Cell], present: bool) {
    for &c in cells {
        occupied[usize::from(c)] = present;
    }
}
