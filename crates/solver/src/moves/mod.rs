//! Macro moves: one box pushed any number of times while the player walks
//! freely between pushes, the unit of the feature-space search, so its depth
//! counts box moves rather than pushes.
//!
//! Per box: lift it and run a breadth-first search over (box cell, player
//! area), each push costing one. The areas a box on a cell splits the floor
//! into are read off one depth-first search of the position's free floor
//! (see [`floor`]), which serves every box: lifting one only joins the
//! areas around its cell (see [`lifting`]). So the whole position costs
//! O(cells + states), where a search per lifted box cost O(boxes x cells)
//! and was a third of the feature search's time on `XSokoban` 89. The same
//! keys count the areas of free floor after each move in O(1): the
//! position's areas, those around the lifted box joined into one, that one
//! split into those around the destination.

mod floor;
mod lifting;
mod pulls;

use super::board::{Board, Cell, Mode, NONE, opposite};
use super::marks::{Marks, areas};
use floor::{BLOCKED, Floor, PARENT_SIDE};

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
/// Scratch buffers, reused between positions so that generating allocates
/// nothing once they have grown.
pub struct MacroMoves {
    /// The position's free floor, searched once for all its boxes.
    floor: Floor,
    /// The box searched now.
    lifted: Cell,
    /// The tree of the player's area on `floor`.
    players: Cell,
    /// The lifted cell's free neighbours, the first `joiners.1`: the areas
    /// they lie in join through the lifted cell into the player's.
    joiners: ([Cell; 4], usize),
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
    /// Per cell, beside its keys when the position's floor serves: the key
    /// of the area the lifted cell joins and that area's smallest cell
    /// (`NONE` when that takes a flood).
    joined: Vec<(u32, Cell)>,
}

impl MacroMoves {
    pub fn new(cells: usize) -> Self {
        Self {
            floor: Floor::new(cells),
            lifted: NONE,
            players: NONE,
            joiners: ([NONE; 4], 0),
            joined: vec![(BLOCKED, NONE); cells],
            seen: vec![0; cells * 4],
            stamp: 0,
            depth: vec![0; cells * 4],
            came: vec![START; cells * 4],
            queue: Vec::new(),
            keyed: vec![0; cells],
            keys: vec![[BLOCKED; 4]; cells],
        }
    }

    /// Every macro move from the position: `occupied[c]` is true where a box
    /// stands, `player` is any cell the player stands on, `reach` marks
    /// where the player can walk and `pieces_now` is how many areas the free
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
        (player, reach, pieces_now): (Cell, &Marks, u32),
        first: Option<&[(Cell, usize)]>,
        out: &mut Vec<MacroMove>,
    ) {
        out.clear();
        if occupied[usize::from(player)] {
            return;
        }
        self.floor.search(board, occupied, player);
        let can_move = |_: &Self, from| can_push(board, dead, (occupied, reach), from);
        let position = (occupied, player, pieces_now);
        self.collect(board, dead, position, (Mode::Push, first), can_move, out);
    }

    /// The moves of every box `can_move` allows, for [`MacroMoves::generate`]
    /// and [`MacroMoves::pulls`], once `floor` holds the position's search.
    fn collect(
        &mut self,
        board: &Board,
        dead: &[bool],
        (occupied, player, pieces_now): (&[bool], Cell, u32),
        (mode, first): (Mode, Option<&[(Cell, usize)]>),
        can_move: impl Fn(&Self, Cell) -> bool,
        out: &mut Vec<MacroMove>,
    ) {
        for from in 0..board.cells() as Cell {
            if !occupied[usize::from(from)] || !can_move(self, from) {
                continue;
            }
            let lifted = (occupied, player, from);
            let Some(start) = self.search(board, dead, lifted, (mode, first)) else {
                continue;
            };
            // Lifting the box joins the areas around it into one; putting
            // it down elsewhere splits that one into the areas around `to`.
            let lifted = pieces_now - self.pieces(board, from) + 1;
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
                    player: self.least_after(board, to, player_side(mode, usize::from(last))),
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
        self.floor.search(board, occupied, player);
        let start = self.search(board, dead, (occupied, player, mv.from), (Mode::Push, None))?;
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

    /// Runs the breadth-first search of box `from`, pushed or pulled as
    /// `mode` says, leaving every state it reached in `queue` in the order
    /// found; returns the start state, or `None` when the player cannot get
    /// next to the box. `floor` must hold the position's search.
    fn search(
        &mut self,
        board: &Board,
        dead: &[bool],
        (occupied, player, from): (&[bool], Cell, Cell),
        (mode, first): (Mode, Option<&[(Cell, usize)]>),
    ) -> Option<u32> {
        if !self.lift(board, occupied, player, from) {
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
                // Pushing, the player stands on the opposite side and `to`
                // must be free; pulling, the player stands on `to` and
                // steps back onto the cell beyond it, which must be free.
                // Either way that side must be in the player's area.
                let stands = player_side(mode, dir);
                let free = match mode {
                    Mode::Push => to,
                    Mode::Pull if to == NONE => NONE,
                    Mode::Pull => board.next(to, dir),
                };
                if keys[stands] != side || to == NONE || free == NONE || !self.reached(free) {
                    continue;
                }
                if dead[usize::from(to)] {
                    continue;
                }
                if at == start && first.is_some_and(|allowed| !allowed.contains(&(to, dir))) {
                    continue;
                }
                let next = state(to, self.side(board, to, stands));
                if !self.is_seen(next) {
                    self.visit(next, self.depth[at as usize] + 1, at * 4 + dir as u32);
                }
            }
        }
        Some(start)
    }

    /// Starts a search of the box on `from`, lifted off the floor: `false`
    /// when the player cannot get next to it.
    fn lift(&mut self, board: &Board, occupied: &[bool], player: Cell, from: Cell) -> bool {
        self.queue.clear();
        self.next_stamp();
        let free = |n: Cell| n != NONE && !occupied[usize::from(n)];
        let mut joiners = ([NONE; 4], 0);
        for n in (0..4).map(|dir| board.next(from, dir)).filter(|&n| free(n)) {
            joiners.0[joiners.1] = n;
            joiners.1 += 1;
        }
        let players = self.floor.tree(player);
        if !joiners.0[..joiners.1]
            .iter()
            .any(|&n| self.floor.tree(n) == players)
        {
            return false;
        }
        self.players = players;
        self.lifted = from;
        self.joiners = joiners;
        true
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

/// The side of a box moved towards `dir` the player stands on: behind it
/// to push, ahead of it to pull.
fn player_side(mode: Mode, dir: usize) -> usize {
    match mode {
        Mode::Push => opposite(dir),
        Mode::Pull => dir,
    }
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
