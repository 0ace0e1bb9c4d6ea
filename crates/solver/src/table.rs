//! The store of every position seen: nodes in an arena, their boxes in one
//! flat array, and an open-addressing index by Zobrist hash. No std
//! `HashMap`, so nothing depends on a random seed and runs repeat exactly.

use super::board::{Cell, NONE};
use super::moves::MacroMove;
use super::prefetch::prefetch;

/// One position reached by a push.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// The position this one was pushed from; `u32::MAX` for the start.
    pub parent: u32,
    /// Where the pushed box went, and which way (index into `DIRECTIONS`).
    pub to: Cell,
    pub dir: u8,
    /// Pushes the move took: more than one for a tunnel macro.
    pub run: u16,
    /// The smallest cell the player can reach: positions that differ only
    /// in where the player stands inside one area are the same.
    pub player: Cell,
    /// Pushes from the start.
    pub pushes: u32,
}

impl Node {
    /// A starting position, with the player's normalised cell.
    pub fn root(player: Cell) -> Self {
        Self {
            parent: u32::MAX,
            to: NONE,
            dir: 0,
            run: 0,
            player,
            pushes: 0,
        }
    }
}

const EMPTY: u64 = u64::MAX;

#[derive(Debug)]
pub struct Table {
    box_count: usize,
    nodes: Vec<Node>,
    /// Each node's row: its boxes followed by its player, so that a
    /// look-up that finds a tag it must check reads one stretch of memory
    /// instead of two.
    rows: Vec<Cell>,
    /// `tag << 32 | node`, or `EMPTY`, where the tag is the top half of the
    /// hash; its low bits pick the slot, so growing needs no rehash.
    slots: Vec<u64>,
    max_nodes: usize,
}

/// Outcome of looking a position up.
pub enum Lookup {
    Seen(u32),
    /// Not stored yet; pass the slot to [`Table::insert`].
    New(usize),
}

impl Table {
    /// Bytes one node costs at worst: the node, its boxes, up to six table
    /// slots (the table is kept at most half full and, while doubling, old
    /// and new coexist) and one open-list entry.
    pub fn bytes_per_node(box_count: usize) -> usize {
        size_of::<Node>() + (box_count + 1) * size_of::<Cell>() + 7 * size_of::<u64>()
    }

    pub fn new(box_count: usize, max_nodes: usize) -> Self {
        Self {
            box_count,
            nodes: Vec::new(),
            rows: Vec::new(),
            slots: vec![EMPTY; 1024],
            max_nodes,
        }
    }

    /// Bytes held now: what was reserved, used or not.
    pub fn bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
            + self.rows.capacity() * size_of::<Cell>()
            + self.slots.len() * size_of::<u64>()
    }

    pub fn is_full(&self) -> bool {
        self.nodes.len() >= self.max_nodes
    }

    /// Nodes room has been taken for: what another table sharing one
    /// allowance with this one cannot have.
    pub fn reserved_nodes(&self) -> usize {
        self.nodes.capacity()
    }

    /// Caps the nodes at `max_nodes`, which is never below
    /// [`Table::reserved_nodes`] when tables share an allowance this way.
    pub fn set_max_nodes(&mut self, max_nodes: usize) {
        self.max_nodes = max_nodes;
    }

    pub fn node(&self, index: u32) -> Node {
        self.nodes[index as usize]
    }

    /// The nodes on the way from the start (left out) to `index`, the
    /// start's child first: the moves of a solution.
    pub fn line(&self, index: u32) -> Vec<u32> {
        let mut line = Vec::new();
        let mut at = index;
        while self.node(at).parent != u32::MAX {
            line.push(at);
            at = self.node(at).parent;
        }
        line.reverse();
        line
    }

    pub fn boxes(&self, index: u32) -> &[Cell] {
        &self.row(index)[..self.box_count]
    }

    /// The boxes of node `index` and then its player.
    fn row(&self, index: u32) -> &[Cell] {
        let start = index as usize * (self.box_count + 1);
        &self.rows[start..=start + self.box_count]
    }

    /// Starts loading node `index` and its row, to be read soon.
    pub fn prefetch(&self, index: u32) {
        let i = index as usize;
        prefetch(&self.nodes[i]);
        prefetch(&self.rows[i * (self.box_count + 1)]);
    }

    /// Starts loading the slot where a look-up of `hash` begins.
    pub fn prefetch_slot(&self, hash: u64) {
        let mask = self.slots.len() - 1;
        prefetch(&self.slots[((hash >> 32) as usize) & mask]);
    }

    /// Starts loading the slots of the positions `moves` lead to from the
    /// one hashed `hash` with the player's area named by `player`, so that
    /// their cache misses overlap before any is looked up. A move whose
    /// area needs a flood is left to its look-up.
    pub fn prefetch_children(
        &self,
        zobrist: &Zobrist,
        (hash, player): (u64, Cell),
        moves: impl IntoIterator<Item = MacroMove>,
    ) {
        for mv in moves.into_iter().filter(|mv| mv.player != NONE) {
            self.prefetch_slot(zobrist.after_move(hash, (mv.from, mv.to), (player, mv.player)));
        }
    }

    pub fn lookup(&self, hash: u64, boxes: &[Cell], player: Cell) -> Lookup {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut slot = (tag as usize) & mask;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY {
                return Lookup::New(slot);
            }
            if entry >> 32 == tag {
                let index = entry as u32;
                let row = self.row(index);
                if row[self.box_count] == player && row[..self.box_count] == *boxes {
                    return Lookup::Seen(index);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores a new node in the slot [`Table::lookup`] found. The caller
    /// checks [`Table::is_full`] first.
    pub fn insert(&mut self, slot: usize, hash: u64, node: Node, boxes: &[Cell]) -> u32 {
        let index = self.nodes.len();
        if index == self.nodes.capacity() {
            // Double, from 64 on, but never past the cap (which may be
            // under 64 when the memory is tight).
            let room = self.max_nodes.saturating_sub(index).max(1);
            let more = index.max(64).min(room);
            self.nodes.reserve_exact(more);
            self.rows.reserve_exact(more * (self.box_count + 1));
        }
        self.nodes.push(node);
        self.rows.extend_from_slice(boxes);
        self.rows.push(node.player);
        self.slots[slot] = (hash & !0xffff_ffff) | index as u64;
        if self.nodes.len() * 2 > self.slots.len() {
            self.grow();
        }
        index as u32
    }

    fn grow(&mut self) {
        let mut slots = vec![EMPTY; self.slots.len() * 2];
        let mask = slots.len() - 1;
        for &entry in self.slots.iter().filter(|&&e| e != EMPTY) {
            let mut slot = ((entry >> 32) as usize) & mask;
            while slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            slots[slot] = entry;
        }
        self.slots = slots;
    }
}

/// Random keys per cell for boxes and for the player, shared by both
/// directions so that equal positions hash equally.
pub struct Zobrist {
    boxes: Vec<u64>,
    player: Vec<u64>,
}

impl Zobrist {
    pub fn new(cells: usize) -> Self {
        // SplitMix64 from a fixed seed, so runs repeat exactly.
        let mut seed = 0x5EED_50C0_BA11_u64;
        let mut random = || {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Self {
            boxes: (0..cells).map(|_| random()).collect(),
            player: (0..cells).map(|_| random()).collect(),
        }
    }

    /// The hash of the position `hash` after moving a box from `from` to
    /// `to` and the player from the area of `player` to that of `moved`.
    pub fn after_move(
        &self,
        hash: u64,
        (from, to): (Cell, Cell),
        (player, moved): (Cell, Cell),
    ) -> u64 {
        let key = |keys: &[u64], cell: Cell| keys[usize::from(cell)];
        hash ^ key(&self.boxes, from)
            ^ key(&self.boxes, to)
            ^ key(&self.player, player)
            ^ key(&self.player, moved)
    }

    pub fn hash(&self, boxes: &[Cell], player: Cell) -> u64 {
        boxes
            .iter()
            .fold(self.player[usize::from(player)], |h, &b| {
                h ^ self.boxes[usize::from(b)]
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_after_a_move_is_the_moved_position_s_hash() {
        let zobrist = Zobrist::new(20);
        let before = zobrist.hash(&[2, 7, 11], 0);
        let after = zobrist.after_move(before, (7, 15), (0, 3));
        assert_eq!(after, zobrist.hash(&[2, 11, 15], 3));
        assert_ne!(after, zobrist.hash(&[2, 11, 15], 0));
    }

    #[test]
    fn a_table_capped_under_its_first_growth_still_takes_nodes() {
        let mut table = Table::new(1, 10);
        for cell in 0..10 {
            let Lookup::New(slot) = table.lookup(u64::from(cell) << 32, &[cell], 0) else {
                panic!("cell {cell} is new");
            };
            table.insert(slot, u64::from(cell) << 32, Node::root(0), &[cell]);
        }
        assert!(table.is_full());
        assert_eq!(table.boxes(9), [9]);
    }
}
