//! Flood fills for boards of at most 128 cells, on one 128-bit word: each
//! cell's open neighbours are a mask, so a cell is taken in a few bit
//! operations instead of a test and a branch per side. Most hand-made
//! levels are this small (all of Microban); larger ones use `marks`.

use super::board::{Board, Cell, NONE};

/// The most cells a [`SmallBoard`] takes.
const MAX_CELLS: usize = 128;

/// The cells of a board as bits.
pub struct SmallBoard {
    /// Each cell's neighbours that are not walls.
    neighbours: Vec<u128>,
    /// Every cell.
    floor: u128,
}

impl SmallBoard {
    /// `None` when `board` has more than [`MAX_CELLS`] cells.
    pub fn new(board: &Board) -> Option<Self> {
        if board.cells() > MAX_CELLS {
            return None;
        }
        let neighbours = (0..board.cells() as Cell)
            .map(|cell| {
                (0..4)
                    .map(|dir| board.next(cell, dir))
                    .filter(|&n| n != NONE)
                    .fold(0, |mask, n| mask | bit(n))
            })
            .collect();
        let floor = (0..board.cells() as Cell).fold(0, |all, cell| all | bit(cell));
        Some(Self { neighbours, floor })
    }

    /// Every cell, as a set.
    pub fn floor(&self) -> u128 {
        self.floor
    }

    /// The cells the player can walk to from `from`, with boxes on the
    /// cells not in `free`.
    pub fn flood(&self, free: u128, from: Cell) -> u128 {
        let mut reach = bit(from);
        let mut frontier = reach;
        while frontier != 0 {
            let cell = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.neighbours[cell] & free & !reach;
            reach |= new;
            frontier |= new;
        }
        reach
    }
}

/// The bit of `cell`.
pub fn bit(cell: Cell) -> u128 {
    1 << cell
}

/// The smallest cell of a non-empty set.
pub fn least(cells: u128) -> Cell {
    cells.trailing_zeros() as Cell
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marks::{Marks, flood_anew};
    use schokoban_core::parse_level;

    #[test]
    fn it_floods_as_the_cell_by_cell_fill_does() {
        let xsb = "#########\n#  *  # #\n# *#*   #\n#  * @* #\n# ## #* #\n#   *   #\n#########\n";
        let level = parse_level(xsb).expect("test level parses");
        let board = Board::new(&level).expect("small board");
        let small = SmallBoard::new(&board).expect("under 128 cells");
        let mut occupied = vec![false; board.cells()];
        let mut free = small.floor();
        for &pos in level.boxes() {
            let cell = board.cell(pos).expect("floor");
            occupied[usize::from(cell)] = true;
            free &= !bit(cell);
        }
        let mut marks = Marks::new(board.cells());
        let mut areas = 0;
        for start in (0..board.cells() as Cell).filter(|&c| !occupied[usize::from(c)]) {
            let expected = flood_anew(&board, &occupied, &mut marks, &mut Vec::new(), start);
            let reach = small.flood(free, start);
            assert_eq!(least(reach), expected, "from {start}");
            for cell in 0..board.cells() as Cell {
                assert_eq!(
                    reach & bit(cell) != 0,
                    marks.has(cell),
                    "{cell} from {start}"
                );
            }
            areas += usize::from(least(reach) == start);
        }
        assert!(areas > 1, "the boxes split the floor");
    }

    #[test]
    fn a_board_of_more_than_128_cells_is_not_small() {
        let row = format!("#{}#\n", " ".repeat(130));
        let wall = "#".repeat(132);
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
