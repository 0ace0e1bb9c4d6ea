//! Flood fills for boards of at most 256 cells, on two 128-bit words:
//! each cell's open neighbours are a mask, so a cell is taken in a few bit
//! operations instead of a test and a branch per side. Most hand-made
//! levels are this small (all of Microban, and Microban III 58's 149
//! cells, where the cell-by-cell fill was a third of push-pull's time);
//! boards of at most 128 cells use the first word alone.

use super::board::{Board, Cell, NONE};

/// The most cells a [`SmallBoard`] takes.
const MAX_CELLS: usize = 256;

/// Cells a word holds.
const WORD: usize = 128;

/// A set of cells of a small board.
pub type Cells = [u128; 2];

/// The cells of a board as bits.
pub struct SmallBoard {
    neighbours: Neighbours,
    /// Each cell's eight neighbours clockwise from its left one, [`NONE`]
    /// for a wall: the sides at even places, and after each side the
    /// corner between it and the next.
    rings: Vec<[Cell; 8]>,
    /// Every cell.
    floor: Cells,
}

/// Each cell's neighbours that are not walls: on one word when the board
/// fits it, so the commoner small boards keep the cheaper loop.
enum Neighbours {
    Narrow(Vec<u128>),
    Wide(Vec<Cells>),
}

impl SmallBoard {
    /// `None` when `board` has more than [`MAX_CELLS`] cells.
    pub fn new(board: &Board) -> Option<Self> {
        let cells = board.cells();
        if cells > MAX_CELLS {
            return None;
        }
        let neighbours = (0..cells as Cell).map(|cell| {
            (0..4)
                .map(|dir| board.next(cell, dir))
                .filter(|&n| n != NONE)
                .fold([0, 0], |mask, n| union(mask, bit(n)))
        });
        let neighbours = if cells <= WORD {
            Neighbours::Narrow(neighbours.map(|[low, _]| low).collect())
        } else {
            Neighbours::Wide(neighbours.collect())
        };
        let rings = (0..cells as Cell).map(|cell| ring(board, cell)).collect();
        let floor = (0..cells as Cell).fold([0, 0], |all, cell| union(all, bit(cell)));
        Some(Self {
            neighbours,
            rings,
            floor,
        })
    }

    /// Every cell, as a set.
    pub fn floor(&self) -> Cells {
        self.floor
    }

    /// The cells the player can walk to from `from`, with boxes on the
    /// cells not in `free`.
    pub fn flood(&self, free: Cells, from: Cell) -> Cells {
        match &self.neighbours {
            Neighbours::Narrow(neighbours) => [flood_narrow(neighbours, free[0], from), 0],
            Neighbours::Wide(neighbours) => flood_wide(neighbours, free, from),
        }
    }

    /// Whether `cell`, taken out of the cells `free`, leaves the free
    /// cells beside it joined by a way around it through its eight
    /// neighbours. Then no area of `free` and `cell` splits without it, so
    /// a box put there parts nobody.
    pub fn is_bypassed(&self, free: Cells, cell: Cell) -> bool {
        let ring = self.rings[usize::from(cell)].map(|c| c != NONE && has(free, c));
        // Count the free sides that the side before them (clockwise from
        // the left) does not reach through their shared corner.
        let unjoined = (0..4)
            .filter(|&side| {
                let before = (side + 3) % 4;
                ring[2 * side] && !(ring[2 * before] && ring[2 * before + 1])
            })
            .count();
        unjoined <= 1
    }
}

/// The eight neighbours of `cell`, as [`SmallBoard`] keeps them. A corner
/// is reached through either side; where both are walls it is left out,
/// since it then joins no two free sides.
fn ring(board: &Board, cell: Cell) -> [Cell; 8] {
    let mut ring = [NONE; 8];
    for side in 0..4 {
        let next = (side + 1) % 4;
        ring[2 * side] = board.next(cell, side);
        let via = |first: usize, then: usize| {
            let beside = board.next(cell, first);
            if beside == NONE {
                NONE
            } else {
                board.next(beside, then)
            }
        };
        let corner = via(side, next);
        ring[2 * side + 1] = if corner == NONE {
            via(next, side)
        } else {
            corner
        };
    }
    ring
}

/// Floods in waves: the neighbours of every cell of the frontier are
/// gathered before any is added, so the look-ups of one wave are
/// independent and overlap, where one cell at a time each would wait for
/// the last to update the frontier.
fn flood_wide(neighbours: &[Cells], free: Cells, from: Cell) -> Cells {
    let mut reach = bit(from);
    let mut frontier = reach;
    while frontier != [0, 0] {
        let next = each(frontier).fold([0, 0], |next, cell| {
            union(next, neighbours[usize::from(cell)])
        });
        frontier = [next[0] & free[0] & !reach[0], next[1] & free[1] & !reach[1]];
        reach = union(reach, frontier);
    }
    reach
}

/// [`flood_wide`] on one word.
fn flood_narrow(neighbours: &[u128], free: u128, from: Cell) -> u128 {
    let mut reach: u128 = 1 << from;
    let mut frontier = reach;
    while frontier != 0 {
        let mut next = 0;
        let mut bits = frontier;
        while bits != 0 {
            next |= neighbours[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        frontier = next & free & !reach;
        reach |= frontier;
    }
    reach
}

/// The set of `cell` alone.
pub fn bit(cell: Cell) -> Cells {
    let cell = usize::from(cell);
    let one = 1 << (cell % WORD);
    if cell < WORD { [one, 0] } else { [0, one] }
}

pub fn union(a: Cells, b: Cells) -> Cells {
    [a[0] | b[0], a[1] | b[1]]
}

/// `a` without the cells of `b`.
pub fn without(a: Cells, b: Cells) -> Cells {
    [a[0] & !b[0], a[1] & !b[1]]
}

/// The cells in one of `a` and `b`, not both.
pub fn either(a: Cells, b: Cells) -> Cells {
    [a[0] ^ b[0], a[1] ^ b[1]]
}

pub fn has(cells: Cells, cell: Cell) -> bool {
    let cell = usize::from(cell);
    cells[cell / WORD] & (1 << (cell % WORD)) != 0
}

/// The cells of a set, smallest first.
pub fn each(cells: Cells) -> impl Iterator<Item = Cell> {
    cells.into_iter().enumerate().flat_map(|(word, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let cell = bits.trailing_zeros() as usize + word * WORD;
                bits &= bits - 1;
                cell as Cell
            })
        })
    })
}

/// The smallest cell of a non-empty set.
pub fn least(cells: Cells) -> Cell {
    if cells[0] != 0 {
        cells[0].trailing_zeros() as Cell
    } else {
        (cells[1].trailing_zeros() as usize + WORD) as Cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marks::{Marks, flood_anew};
    use schokoban_core::parse_level;

    /// Floods from every free cell of `xsb` both ways and compares.
    fn floods_as_the_cell_by_cell_fill_does(xsb: &str) {
        let level = parse_level(xsb).expect("test level parses");
        let board = Board::new(&level).expect("a board");
        let small = SmallBoard::new(&board).expect("at most 256 cells");
        let mut occupied = vec![false; board.cells()];
        let mut free = small.floor();
        for &pos in level.boxes() {
            let cell = board.cell(pos).expect("floor");
            occupied[usize::from(cell)] = true;
            free = without(free, bit(cell));
        }
        let mut marks = Marks::new(board.cells());
        let mut areas = 0;
        for start in (0..board.cells() as Cell).filter(|&c| !occupied[usize::from(c)]) {
            let expected = flood_anew(&board, &occupied, &mut marks, &mut Vec::new(), start);
            let reach = small.flood(free, start);
            assert_eq!(least(reach), expected, "from {start}");
            for cell in 0..board.cells() as Cell {
                assert_eq!(has(reach, cell), marks.has(cell), "{cell} from {start}");
            }
            areas += usize::from(least(reach) == start);
        }
        assert!(areas > 1, "the boxes split the floor");
    }

    #[test]
    fn it_floods_as_the_cell_by_cell_fill_does() {
        let xsb = "#########\n#  *  # #\n# *#*   #\n#  * @* #\n# ## #* #\n#   *   #\n#########\n";
        floods_as_the_cell_by_cell_fill_does(xsb);
    }

    #[test]
    fn a_board_of_more_than_128_cells_floods_across_both_words() {
        // 10 rows of 20 cells, a wall of boxes across the middle with one
        // gap, and a room closed off in the second word's cells.
        let mut rows = vec!["#".repeat(22)];
        for y in 0..10 {
            let row: String = (0..20)
                .map(|x| match (x, y) {
                    (2, 1) => '@',
                    (_, 5) if x != 7 => '*',
                    (15..=17, 8) | (15 | 17, 9) => '*',
                    _ => ' ',
                })
                .collect();
            rows.push(format!("#{row}#"));
        }
        rows.push("#".repeat(22));
        let xsb = rows.join("\n");
        let level = parse_level(&xsb).expect("test level parses");
        let board = Board::new(&level).expect("a board");
        assert!(board.cells() > WORD, "{} cells", board.cells());
        floods_as_the_cell_by_cell_fill_does(&xsb);
    }

    #[test]
    fn a_box_is_bypassed_where_the_cells_around_it_join_without_it() {
        // A room with a pillar, a box in its corner, and a corridor out
        // of it to a dead end. Columns and rows count from 0.
        let xsb = "########\n#@     #\n# #    #\n#$     #\n#### ###\n   #.#\n   ###\n";
        let level = parse_level(xsb).expect("test level parses");
        let board = Board::new(&level).expect("a board");
        let small = SmallBoard::new(&board).expect("at most 256 cells");
        let mut free = small.floor();
        for &pos in level.boxes() {
            free = without(free, bit(board.cell(pos).expect("floor")));
        }
        let at = |x, y| board.cell(schokoban_core::Pos { x, y }).expect("floor");
        let cases = [
            // Open floor: every side reaches the next through a corner.
            ((4, 2), true),
            // Above the pillar: the sides left and right of it meet
            // through no corner.
            ((2, 1), false),
            // In the room's corner beside the box: one free side.
            ((1, 2), true),
            // In the corridor: free above and below, walls either side.
            ((4, 4), false),
            // The dead end: one free side.
            ((4, 5), true),
        ];
        for ((x, y), bypassed) in cases {
            assert_eq!(small.is_bypassed(free, at(x, y)), bypassed, "({x}, {y})");
        }
    }

    #[test]
    fn a_board_of_more_than_256_cells_is_not_small() {
        let row = format!("#{}#\n", " ".repeat(258));
        let wall = "#".repeat(260);
        let xsb = format!(
            "{wall}\n{}{wall}\n",
            row.replacen(' ', "@", 1)
                .replacen(' ', "$", 1)
                .replacen(' ', ".", 1)
        );
        let level = parse_level(&xsb).expect("test level parses");
        let board = Board::new(&level).expect("board");
        assert!(SmallBoard::new(&board).is_none());
    }
}
