//! The free floor as depth-first searches see it (Tarjan's articulation
//! points), one tree per area, the player's first: each cell's discovery
//! time, low-link and the last discovery time in its subtree. With a box on
//! any cell `c`, two free neighbours of `c` share an area of the floor minus
//! `c` exactly when they lie in the same child subtree of `c` that no back
//! edge leaves, or both on the side of `c`'s parent: a look-up instead of
//! a flood.

use crate::board::{Board, Cell, NONE};

/// The area key of the side of a cell its parent in the depth-first tree is on.
pub const PARENT_SIDE: u32 = u32::MAX;
/// The area key of a neighbour that is a wall, a box, or out of reach.
pub const BLOCKED: u32 = u32::MAX - 1;

/// A cell in the depth-first search.
#[derive(Clone, Copy, Default)]
struct Visit {
    /// Discovery time; the cell was reached by the current search when it
    /// is above `Floor::base`.
    disc: u32,
    low: u32,
    /// The last discovery time in the cell's subtree: the subtree holds
    /// exactly the cells discovered in `disc..=last`.
    last: u32,
    parent: Cell,
    /// The smallest cell in the subtree.
    least: Cell,
    /// The root of the cell's tree, which names its area.
    tree: Cell,
}

/// What a box on a cell splits its area into, whichever box is lifted:
/// the cell's children in the depth-first tree that become areas of their
/// own, and the key of each neighbour.
#[derive(Clone, Copy, Default)]
struct Split {
    /// The search this was worked out for (see `Floor::search_id`).
    search: u32,
    /// (key, first, last discovery time) of each child of the cell.
    children: [(u32, u32, u32); 4],
    count: u8,
    keys: [u32; 4],
}

/// Depth-first searches of every area of free floor, reused from position
/// to position so that they allocate nothing once grown.
pub struct Floor {
    visits: Vec<Visit>,
    /// Per cell, its split in the current search: each box's moves ask
    /// again for the cells the others' asked for.
    splits: Vec<Split>,
    /// Discovery times run on across searches, so old ones never count.
    clock: u32,
    base: u32,
    stack: Vec<(Cell, u8)>,
    /// How many areas the last search found: one tree each.
    areas: u32,
}

impl Floor {
    pub fn new(cells: usize) -> Self {
        Self {
            visits: vec![Visit::default(); cells],
            splits: vec![Split::default(); cells],
            clock: 0,
            base: 0,
            stack: Vec::new(),
            areas: 0,
        }
    }

    /// Searches the floor free of boxes, from `player` first and then from
    /// each cell no search reached yet, without recursion (boards have up
    /// to 65k cells).
    pub fn search(&mut self, board: &Board, occupied: &[bool], player: Cell) {
        if self.clock > u32::MAX - board.cells() as u32 - 1 {
            self.visits.fill(Visit::default());
            self.splits.fill(Split::default());
            self.clock = 0;
        }
        self.base = self.clock;
        self.search_from(board, occupied, player);
        self.areas = 1;
        for cell in 0..board.cells() as Cell {
            if !occupied[usize::from(cell)] && !self.reached(cell) {
                self.search_from(board, occupied, cell);
                self.areas += 1;
            }
        }
    }

    /// How many areas the free floor falls into, as
    /// [`regions`](super::regions) counts them.
    pub fn areas(&self) -> u32 {
        self.areas
    }

    fn search_from(&mut self, board: &Board, occupied: &[bool], root: Cell) {
        let free = |n: Cell| n != NONE && !occupied[usize::from(n)];
        self.discover(root, NONE, root);
        self.stack.push((root, 0));
        // Each frame resumes its scan of directions where it left off, so
        // a cell is popped once, when its scan ends.
        while let Some(&(cell, from_dir)) = self.stack.last() {
            let c = usize::from(cell);
            let mut child = None;
            for dir in from_dir..4 {
                let n = board.next(cell, usize::from(dir));
                if !free(n) {
                    continue;
                }
                if !self.reached(n) {
                    child = Some((n, dir));
                    break;
                }
                if n != self.visits[c].parent {
                    self.visits[c].low = self.visits[c].low.min(self.visits[usize::from(n)].disc);
                }
            }
            if let Some((n, dir)) = child {
                let top = self.stack.len() - 1;
                self.stack[top].1 = dir + 1;
                self.discover(n, cell, root);
                self.stack.push((n, 0));
                continue;
            }
            self.stack.pop();
            self.visits[c].last = self.clock;
            let up = self.visits[c].parent;
            if up != NONE {
                let u = usize::from(up);
                self.visits[u].low = self.visits[u].low.min(self.visits[c].low);
                self.visits[u].least = self.visits[u].least.min(self.visits[c].least);
            }
        }
    }

    fn discover(&mut self, cell: Cell, parent: Cell, tree: Cell) {
        self.clock += 1;
        self.visits[usize::from(cell)] = Visit {
            disc: self.clock,
            low: self.clock,
            last: self.clock,
            parent,
            least: cell,
            tree,
        };
    }

    /// Whether `cell` is free floor: the last search reached it.
    pub fn reached(&self, cell: Cell) -> bool {
        self.visits[usize::from(cell)].disc > self.base
    }

    /// The root of free `cell`'s tree, the same for every cell of its area.
    pub fn tree(&self, cell: Cell) -> Cell {
        self.visits[usize::from(cell)].tree
    }

    /// For a box on free `cell`, a key per neighbour naming the area of the
    /// floor minus `cell` it lies in: `PARENT_SIDE`, the child of `cell`
    /// whose subtree holds it, or `BLOCKED`; and the key of each of
    /// `others`, free cells that need not touch `cell`: one in another
    /// area is keyed by its tree's root (`BLOCKED` for `cell`).
    pub fn split(&mut self, board: &Board, cell: Cell, others: &[Cell]) -> ([u32; 4], [u32; 4]) {
        let at = self.visits[usize::from(cell)];
        if self.splits[usize::from(cell)].search != self.search_id() {
            self.splits[usize::from(cell)] = self.work_out_split(board, cell);
        }
        let split = self.splits[usize::from(cell)];
        let children = &split.children[..usize::from(split.count)];
        let area = |disc: u32| area_of(at, children, disc);
        let mut other_keys = [BLOCKED; 4];
        for (key, &other) in other_keys.iter_mut().zip(others) {
            let visit = self.visits[usize::from(other)];
            if visit.tree != at.tree {
                *key = u32::from(visit.tree);
            } else if other != cell {
                *key = area(visit.disc);
            }
        }
        (split.keys, other_keys)
    }

    /// The current search's number: its `base` plus one, so that no search
    /// is numbered 0 like a split never worked out.
    fn search_id(&self) -> u32 {
        self.base + 1
    }

    /// [`Split`] of `cell` in the current search.
    fn work_out_split(&self, board: &Board, cell: Cell) -> Split {
        let at = self.visits[usize::from(cell)];
        let neighbours: [Cell; 4] = std::array::from_fn(|dir| board.next(cell, dir));
        let mut children = [(BLOCKED, 0, 0); 4];
        let mut count = 0;
        for &u in &neighbours {
            if u == NONE || !self.reached(u) {
                continue;
            }
            let visit = self.visits[usize::from(u)];
            if visit.parent == cell {
                let separate = at.parent == NONE || visit.low >= at.disc;
                let key = if separate { u32::from(u) } else { PARENT_SIDE };
                children[count] = (key, visit.disc, visit.last);
                count += 1;
            }
        }
        let keys = neighbours.map(|n| {
            if n == NONE || !self.reached(n) {
                BLOCKED
            } else {
                area_of(at, &children[..count], self.visits[usize::from(n)].disc)
            }
        });
        Split {
            search: self.search_id(),
            children,
            count: count as u8,
            keys,
        }
    }

    /// Whether the cell discovered at time `disc` lies in `cell`'s subtree.
    fn in_subtree(&self, cell: Cell, disc: u32) -> bool {
        let visit = self.visits[usize::from(cell)];
        (visit.disc..=visit.last).contains(&disc)
    }

    /// The smallest cell of area `key` (as [`Floor::split`] names them) of
    /// the floor minus `cell`, or `NONE` when that takes a flood. Areas
    /// cut off by the box are subtrees, whose smallest cells the search
    /// keeps, and so are whole areas; the parent's side holds the smallest
    /// cell of `cell`'s tree unless that lies under `cell`.
    pub fn least(&self, cell: Cell, key: u32) -> Cell {
        match key {
            BLOCKED => NONE,
            PARENT_SIDE => {
                let least = self.visits[usize::from(self.tree(cell))].least;
                if self.in_subtree(cell, self.visits[usize::from(least)].disc) {
                    NONE
                } else {
                    least
                }
            }
            subtree => self.visits[subtree as usize].least,
        }
    }

    /// The smallest cell of the area whose tree is `tree`.
    pub fn least_in_area(&self, tree: Cell) -> Cell {
        self.visits[usize::from(tree)].least
    }
}

/// The key of the area the cell discovered at `disc` lies in once a box
/// stands on the cell visited as `at`, with `children` its children.
fn area_of(at: Visit, children: &[(u32, u32, u32)], disc: u32) -> u32 {
    if !(at.disc..=at.last).contains(&disc) {
        return PARENT_SIDE;
    }
    children
        .iter()
        .find(|&&(_, first, last)| (first..=last).contains(&disc))
        .map_or(PARENT_SIDE, |&(key, _, _)| key)
}
