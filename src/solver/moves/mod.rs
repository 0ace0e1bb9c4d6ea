//! Macro moves: one box pushed any number of times while the player walks
//! freely between pushes, the unit of the feature-space search, so its depth
//! counts box moves rather than pushes.
//!
//! Per box: lift it, run one depth-first search from the player over the
//! free floor, and keep each cell's discovery time, low-link and the last
//! discovery time in its subtree (Tarjan's articulation points). With the box
//! back on any cell `c`, two free neighbours of `c` share an area of the
//! floor minus `c` exactly when they lie in the same child subtree of `c`
//! that no back edge leaves, or both on the side of `c`'s parent: a look-up
//! of at most four neighbours instead of a flood per state. A breadth-first
//! search over (box cell, player area) then finds every place the box can go,
//! each push costing one, so the whole position costs O(boxes x cells). The
//! same keys count the areas of free floor after each move in O(1): the
//! position's areas, those around the lifted box joined into one, that one
//! split into those around the destination.

use super::board::{Board, Cell, NONE, opposite};
use super::marks::{Marks, areas};

/// One box pushed from `from` to `to`, the player walking between pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MacroMove {
    pub from: Cell,
    pub to: Cell,
    /// Direction of the last push: the player ends on `board.next(to, opposite(last))`.
    pub last: u8,
    /// The fewest pushes that make this move.
    pub pushes: u32,
    /// How many separate areas the floor free of boxes falls into after the
    /// move, as [`regions`] counts them.
    pub regions: u32,
    /// The smallest cell of the player's area after the move, which names
    /// the position in a search's table; `NONE` where the search of the
    /// box could not tell it at once, and a flood must.
    pub player: Cell,
}

/// No predecessor: the state the search starts from.
const START: u32 = u32::MAX;
/// The area key of the side of a cell its parent in the depth-first tree is on.
const PARENT_SIDE: u32 = u32::MAX;
/// The area key of a neighbour that is a wall, a box, or out of reach.
const BLOCKED: u32 = u32::MAX - 1;

/// A cell in the depth-first search of the player's floor.
#[derive(Clone, Copy, Default)]
struct Visit {
    /// Discovery time; the cell was reached by the current search when it
    /// is above `MacroMoves::base`.
    disc: u32,
    low: u32,
    /// The last discovery time in the cell's subtree: the subtree holds
    /// exactly the cells discovered in `disc..=last`.
    last: u32,
    parent: Cell,
    /// The smallest cell in the subtree.
    least: Cell,
}

/// Scratch buffers, reused between positions so that generating allocates
/// nothing once they have grown.
pub struct MacroMoves {
    /// Per cell, what the current depth-first search knows of it, kept
    /// together because the searches read them together.
    dfs: Vec<Visit>,
    /// Discovery times run on across searches, so old ones never count.
    clock: u32,
    base: u32,
    /// The search's root, where the player stands; it has no parent side.
    root: Cell,
    /// Per state `cell * 4 + side`: the stamp of the search that reached it.
    seen: Vec<u32>,
    stamp: u32,
    depth: Vec<u32>,
    /// Per state: the state it was reached from and the push, `from * 4 + dir`.
    came: Vec<u32>,
    queue: Vec<u32>,
    /// Per cell: the stamp of the search whose keys `keys` holds for it.
    keyed: Vec<u32>,
    keys: Vec<[u32; 4]>,
    stack: Vec<(Cell, u8)>,
}

impl MacroMoves {
    pub fn new(cells: usize) -> Self {
        Self {
            dfs: vec![Visit::default(); cells],
            clock: 0,
            base: 0,
            root: NONE,
            seen: vec![0; cells * 4],
            stamp: 0,
            depth: vec![0; cells * 4],
            came: vec![START; cells * 4],
            queue: Vec::new(),
            keyed: vec![0; cells],
            keys: vec![[BLOCKED; 4]; cells],
            stack: Vec::new(),
        }
    }

    /// Every macro move from the position: `occupied[c]` is true where a box
    /// stands, `player` is any cell the player stands on, `reach` marks
    /// where the player can walk and `before` is how many areas the free
    /// floor falls into (as [`regions`] counts them): the caller has both
    /// already. One move per (box, destination, player area after the
    /// move), with the fewest pushes; of equally short lines the first
    /// found wins, boxes taken in cell order and pushes tried in
    /// `DIRECTIONS` order, so runs repeat exactly. Moves come
    /// out box by box, each box's by the pushes they take. A box never passes
    /// through or stops on a `dead` cell. Staying put (`to == from` with the
    /// player in its old area) is not a move. `first`, when given, lists the
    /// only first pushes allowed, as `(box cell after the push, dir)`; a line
    /// that comes back through the starting position counts as opening with
    /// the push it makes from there.
    pub fn generate(
        &mut self,
        board: &Board,
        dead: &[bool],
        occupied: &[bool],
        (player, reach, before): (Cell, &Marks, u32),
        first: Option<&[(Cell, usize)]>,
        out: &mut Vec<MacroMove>,
    ) {
        out.clear();
        if occupied[usize::from(player)] {
            return;
        }
        for from in 0..board.cells() as Cell {
            if !occupied[usize::from(from)] || !can_push(board, dead, (occupied, reach), from) {
                continue;
            }
            let Some(start) = self.search(board, dead, occupied, player, from, first) else {
                continue;
            };
            // Lifting the box joins the areas around it into one; putting
            // it down elsewhere splits that one into the areas around `to`.
            let lifted = before - self.pieces(board, from) + 1;
            for i in 0..self.queue.len() {
                let state = self.queue[i];
                if state == start {
                    continue;
                }
                let came = self.came[state as usize];
                let to = (state / 4) as Cell;
                let last = (came % 4) as u8;
                out.push(MacroMove {
                    from,
                    to,
                    last,
                    pushes: self.depth[state as usize],
                    regions: lifted - 1 + self.pieces(board, to),
                    player: self.least_after(board, to, opposite(usize::from(last))),
                });
            }
        }
    }

    /// The shortest line of pushes that makes `mv` from that position, in
    /// order, as `(box cell after the push, dir)` for `path::steps`; `None`
    /// when no line makes it. It may end with a different last push than
    /// `mv.last` (the player in the same area), and it ignores any `first`
    /// the move was generated with, so it can open differently and be shorter.
    pub fn pushes(
        &mut self,
        board: &Board,
        dead: &[bool],
        occupied: &[bool],
        player: Cell,
        mv: MacroMove,
    ) -> Option<Vec<(Cell, usize)>> {
        let valid = |c: Cell| usize::from(c) < board.cells();
        if !valid(mv.from) || !valid(mv.to) || !valid(player) || mv.last >= 4 {
            return None;
        }
        if occupied[usize::from(player)] || !occupied[usize::from(mv.from)] {
            return None;
        }
        let start = self.search(board, dead, occupied, player, mv.from, None)?;
        let behind = board.next(mv.to, opposite(usize::from(mv.last)));
        if behind == NONE || !self.reached(behind) {
            return None;
        }
        let target = state(
            mv.to,
            self.side(board, mv.to, opposite(usize::from(mv.last))),
        );
        if target == start || !self.is_seen(target) {
            return None;
        }
        let mut line = Vec::new();
        let mut at = target;
        while at != start {
            let came = self.came[at as usize];
            line.push(((at / 4) as Cell, (came % 4) as usize));
            at = came / 4;
        }
        line.reverse();
        Some(line)
    }

    /// Runs the breadth-first search of box `from`, leaving every state it
    /// reached in `queue` in the order found; returns the start state, or
    /// `None` when the player cannot get next to the box.
    fn search(
        &mut self,
        board: &Board,
        dead: &[bool],
        occupied: &[bool],
        player: Cell,
        from: Cell,
        first: Option<&[(Cell, usize)]>,
    ) -> Option<u32> {
        self.queue.clear();
        self.next_stamp();
        self.articulate(board, occupied, player, from);
        if !self.reached(from) {
            return None;
        }
        let start = state(from, first_with(&self.keys(board, from), PARENT_SIDE));
        self.visit(start, 0, START);
        let mut head = 0;
        while let Some(&at) = self.queue.get(head) {
            head += 1;
            let cell = (at / 4) as Cell;
            let keys = self.keys(board, cell);
            let side = keys[(at % 4) as usize];
            for dir in 0..4 {
                let to = board.next(cell, dir);
                // The player pushes from the opposite side, which must be
                // free and in the player's area.
                if keys[opposite(dir)] != side || to == NONE || !self.reached(to) {
                    continue;
                }
                if dead[usize::from(to)] {
                    continue;
                }
                if at == start && first.is_some_and(|allowed| !allowed.contains(&(to, dir))) {
                    continue;
                }
                let next = state(to, self.side(board, to, opposite(dir)));
                if !self.is_seen(next) {
                    self.visit(next, self.depth[at as usize] + 1, at * 4 + dir as u32);
                }
            }
        }
        Some(start)
    }

    fn visit(&mut self, state: u32, depth: u32, came: u32) {
        let s = state as usize;
        self.seen[s] = self.stamp;
        self.depth[s] = depth;
        self.came[s] = came;
        self.queue.push(state);
    }

    fn is_seen(&self, state: u32) -> bool {
        self.seen[state as usize] == self.stamp
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.keyed.fill(0);
            self.stamp = 1;
        }
    }

    /// Whether the player can stand on `cell` with the lifted box gone.
    fn reached(&self, cell: Cell) -> bool {
        self.dfs[usize::from(cell)].disc > self.base
    }

    /// The player's side of a box on `cell` when standing on its neighbour
    /// towards `dir`: the first direction whose neighbour shares that area.
    fn side(&mut self, board: &Board, cell: Cell, dir: usize) -> usize {
        let keys = self.keys(board, cell);
        first_with(&keys, keys[dir])
    }

    /// The smallest cell of the area the player is in when standing next
    /// to a box on `cell` towards `dir`, or `NONE` when that takes a flood.
    /// Areas cut off by the box are subtrees of the depth-first search,
    /// whose smallest cells it keeps; the area on the parent's side holds
    /// the smallest cell of all unless that lies under `cell`.
    fn least_after(&mut self, board: &Board, cell: Cell, dir: usize) -> Cell {
        match self.keys(board, cell)[dir] {
            BLOCKED => NONE,
            PARENT_SIDE => {
                let least = self.dfs[usize::from(self.root)].least;
                if self.in_subtree(cell, self.dfs[usize::from(least)].disc) {
                    NONE
                } else {
                    least
                }
            }
            child => self.dfs[child as usize].least,
        }
    }

    /// Into how many areas a box on `cell` splits the lifted box's area:
    /// every one of them touches `cell`, so it is its neighbours' distinct keys.
    fn pieces(&mut self, board: &Board, cell: Cell) -> u32 {
        let keys = self.keys(board, cell);
        let firsts =
            (0..4).filter(|&dir| keys[dir] != BLOCKED && !keys[..dir].contains(&keys[dir]));
        firsts.count() as u32
    }

    /// For a box on `cell`, a key per neighbour naming the area of the floor
    /// minus `cell` it lies in: `PARENT_SIDE`, the child of `cell` whose
    /// subtree holds it, or `BLOCKED`. Kept per cell for the current
    /// search: the breadth-first search asks for each cell's keys again and
    /// again, once per side and per push into it.
    fn keys(&mut self, board: &Board, cell: Cell) -> [u32; 4] {
        let c = usize::from(cell);
        if self.keyed[c] == self.stamp {
            return self.keys[c];
        }
        let keys = self.compute_keys(board, cell);
        self.keyed[c] = self.stamp;
        self.keys[c] = keys;
        keys
    }

    fn compute_keys(&self, board: &Board, cell: Cell) -> [u32; 4] {
        let c = usize::from(cell);
        let neighbours: [Cell; 4] = std::array::from_fn(|dir| board.next(cell, dir));
        neighbours.map(|n| {
            if n == NONE || !self.reached(n) {
                return BLOCKED;
            }
            let d = self.dfs[usize::from(n)].disc;
            if d < self.dfs[c].disc {
                return PARENT_SIDE;
            }
            let child = neighbours
                .into_iter()
                .filter(|&u| {
                    u != NONE && self.reached(u) && self.dfs[usize::from(u)].parent == cell
                })
                .find(|&u| self.in_subtree(u, d));
            match child {
                Some(u)
                    if cell == self.root || self.dfs[usize::from(u)].low >= self.dfs[c].disc =>
                {
                    u32::from(u)
                }
                _ => PARENT_SIDE,
            }
        })
    }

    /// Whether the cell discovered at time `disc` lies in `cell`'s subtree.
    fn in_subtree(&self, cell: Cell, disc: u32) -> bool {
        let visit = self.dfs[usize::from(cell)];
        (visit.disc..=visit.last).contains(&disc)
    }

    /// The depth-first search from `player` over the floor free of every box
    /// but `lifted`, without recursion (boards have up to 65k cells).
    fn articulate(&mut self, board: &Board, occupied: &[bool], player: Cell, lifted: Cell) {
        if self.clock > u32::MAX - board.cells() as u32 - 1 {
            self.dfs.fill(Visit::default());
            self.clock = 0;
        }
        self.base = self.clock;
        self.root = player;
        let free = |n: Cell| n != NONE && (n == lifted || !occupied[usize::from(n)]);
        self.discover(player, NONE);
        self.stack.push((player, 0));
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
                if n != self.dfs[c].parent {
                    self.dfs[c].low = self.dfs[c].low.min(self.dfs[usize::from(n)].disc);
                }
            }
            if let Some((n, dir)) = child {
                let top = self.stack.len() - 1;
                self.stack[top].1 = dir + 1;
                self.discover(n, cell);
                self.stack.push((n, 0));
                continue;
            }
            self.stack.pop();
            self.dfs[c].last = self.clock;
            let up = self.dfs[c].parent;
            if up != NONE {
                let u = usize::from(up);
                self.dfs[u].low = self.dfs[u].low.min(self.dfs[c].low);
                self.dfs[u].least = self.dfs[u].least.min(self.dfs[c].least);
            }
        }
    }

    fn discover(&mut self, cell: Cell, parent: Cell) {
        self.clock += 1;
        self.dfs[usize::from(cell)] = Visit {
            disc: self.clock,
            low: self.clock,
            last: self.clock,
            parent,
            least: cell,
        };
    }
}

/// Whether the player, walking over `reach` with every box in place, can
/// push the box on `cell` once: without that first push its search finds
/// nothing.
fn can_push(
    board: &Board,
    dead: &[bool],
    (occupied, reach): (&[bool], &Marks),
    cell: Cell,
) -> bool {
    (0..4).any(|dir| {
        let behind = board.next(cell, opposite(dir));
        let to = board.next(cell, dir);
        behind != NONE
            && reach.has(behind)
            && to != NONE
            && !occupied[usize::from(to)]
            && !dead[usize::from(to)]
    })
}

/// The first direction whose neighbour has area `key`.
fn first_with(keys: &[u32; 4], key: u32) -> usize {
    keys.iter().position(|&k| k == key).unwrap_or(0)
}

/// The search state of a box on `cell` with the player on side `side`.
fn state(cell: Cell, side: usize) -> u32 {
    u32::from(cell) * 4 + side as u32
}

/// How many separate areas the floor free of boxes falls into (FESS's
/// connectivity feature; lower is better).
pub fn regions(board: &Board, occupied: &[bool], marks: &mut Marks, stack: &mut Vec<Cell>) -> u32 {
    areas(board, occupied, marks, stack).len() as u32
}

#[cfg(test)]
mod tests;
