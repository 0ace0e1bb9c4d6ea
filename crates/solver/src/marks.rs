//! Flood fills of the player's reach with marks that clear in O(1).

use super::board::{Board, Cell, NONE};

/// Cell marks cleared by moving to a new stamp.
pub struct Marks {
    stamp: u32,
    marks: Vec<u32>,
}

impl Marks {
    pub fn new(cells: usize) -> Self {
        Self {
            stamp: 0,
            marks: vec![0; cells],
        }
    }

    /// Forgets every mark.
    pub fn next(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
    }

    pub fn has(&self, cell: Cell) -> bool {
        self.marks[usize::from(cell)] == self.stamp
    }

    /// Forgets every mark and marks `cells`.
    pub fn mark_only(&mut self, cells: impl Iterator<Item = Cell>) {
        self.next();
        for cell in cells {
            self.set(cell);
        }
    }

    fn set(&mut self, cell: Cell) {
        self.marks[usize::from(cell)] = self.stamp;
    }
}

/// Marks every cell the player can walk to from `from` without crossing a
/// box, and returns the smallest.
pub fn flood(
    board: &Board,
    occupied: &[bool],
    marks: &mut Marks,
    stack: &mut Vec<Cell>,
    from: Cell,
) -> Cell {
    marks.set(from);
    stack.push(from);
    let mut least = from;
    while let Some(c) = stack.pop() {
        least = least.min(c);
        for dir in 0..4 {
            let n = board.next(c, dir);
            if n != NONE && !occupied[usize::from(n)] && !marks.has(n) {
                marks.set(n);
                stack.push(n);
            }
        }
    }
    least
}

/// [`flood`] after forgetting every earlier mark.
pub fn flood_anew(
    board: &Board,
    occupied: &[bool],
    marks: &mut Marks,
    stack: &mut Vec<Cell>,
    from: Cell,
) -> Cell {
    marks.next();
    flood(board, occupied, marks, stack, from)
}

/// The smallest cell of each area of floor free of boxes, in cell order.
pub fn areas(
    board: &Board,
    occupied: &[bool],
    marks: &mut Marks,
    stack: &mut Vec<Cell>,
) -> Vec<Cell> {
    marks.next();
    let mut areas = Vec::new();
    for cell in 0..board.cells() as Cell {
        if !occupied[usize::from(cell)] && !marks.has(cell) {
            areas.push(flood(board, occupied, marks, stack, cell));
        }
    }
    areas
}

/// One cell from each area the player could stand in once every goal
/// holds a box: where searches that pull from the solved position start.
pub fn solved_areas(board: &Board) -> Vec<Cell> {
    let mut occupied = vec![false; board.cells()];
    for &g in board.goals() {
        occupied[usize::from(g)] = true;
    }
    let mut marks = Marks::new(board.cells());
    areas(board, &occupied, &mut marks, &mut Vec::new())
}
