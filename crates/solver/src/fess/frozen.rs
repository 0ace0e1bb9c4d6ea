//! Boxes frozen on goals never move again: from then on they are walls.
//! Around them some squares become dead and some distances grow, which
//! the plain tables cannot see, such as the last goal of a room sealed by
//! its packed neighbours (rkirov/sokoban-ai measured one more `XSokoban`
//! level and a 40% faster search with it). The tables around each frozen
//! set are built once and kept.

use std::collections::BTreeMap;

use crate::board::{Board, Cell, Mode, Targets};
use crate::budget::Budget;
use crate::deadlock::is_frozen;

/// Past this many bytes of tables, new frozen sets use the plain tables.
const MAX_BYTES: usize = 64 << 20;

pub struct FrozenGoals {
    known: BTreeMap<Vec<Cell>, usize>,
    tables: Vec<Targets>,
    bytes: usize,
    /// The frozen boxes of the position last looked at, sorted, and the
    /// tables around them (`None`: the plain ones).
    frozen: Vec<Cell>,
    current: Option<usize>,
    walls: Vec<bool>,
    scratch: Vec<Cell>,
}

impl FrozenGoals {
    pub fn new(cells: usize) -> Self {
        Self {
            known: BTreeMap::new(),
            tables: Vec::new(),
            bytes: 0,
            frozen: Vec::new(),
            current: None,
            walls: vec![false; cells],
            scratch: Vec::new(),
        }
    }

    /// Finds which of `boxes` (on `occupied`) stand frozen on goals, and
    /// the tables around them.
    pub fn look(
        &mut self,
        board: &Board,
        plain: &Targets,
        (occupied, boxes): (&[bool], &[Cell]),
        budget: &Budget,
    ) {
        self.frozen.clear();
        self.current = None;
        for &b in boxes.iter().filter(|&&b| board.is_goal(b)) {
            self.scratch.clear();
            if is_frozen(board, plain.dead(), occupied, b, &mut self.scratch) {
                self.frozen.push(b);
            }
        }
        if self.frozen.is_empty() {
            return;
        }
        if let Some(&index) = self.known.get(&self.frozen) {
            self.current = Some(index);
            return;
        }
        let bytes = Targets::bytes(board.cells(), board.goals().len());
        if self.bytes + bytes > MAX_BYTES {
            return;
        }
        for &f in &self.frozen {
            self.walls[usize::from(f)] = true;
        }
        let open: Vec<Cell> = (board.goals().iter().copied())
            .filter(|&g| !self.walls[usize::from(g)])
            .collect();
        let around = Targets::around(board, &open, (Mode::Push, &self.walls), budget);
        for &f in &self.frozen {
            self.walls[usize::from(f)] = false;
        }
        if let Some(targets) = around {
            self.bytes += bytes;
            self.known.insert(self.frozen.clone(), self.tables.len());
            self.current = Some(self.tables.len());
            self.tables.push(targets);
        }
    }

    /// The boxes found frozen on goals by the last look; when
    /// [`FrozenGoals::targets`] are the plain tables, none count.
    pub fn frozen(&self) -> &[Cell] {
        if self.current.is_some() {
            &self.frozen
        } else {
            &[]
        }
    }

    /// The distances to the goals still open, around the frozen boxes.
    pub fn targets<'t>(&'t self, plain: &'t Targets) -> &'t Targets {
        self.current.map_or(plain, |index| &self.tables[index])
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Pos, parse_level};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    #[test]
    fn a_box_frozen_on_a_goal_walls_off_the_push_to_the_other_goal() {
        // The box on the goal at the end of the top row can never move; a
        // box on (2, 1) can only reach the other goal pushed from there.
        let level = parse_level("#####\n#. *#\n## ##\n#  @#\n# $ #\n#####\n").expect("parses");
        let board = Board::new(&level).expect("small");
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(5), &cancel);
        let plain = Targets::new(&board, board.goals(), Mode::Push, &budget).expect("in time");
        let cell = |x, y| board.cell(Pos::new(x, y)).expect("floor");
        let boxes = [cell(3, 1), cell(2, 4)];
        let mut occupied = vec![false; board.cells()];
        for b in boxes {
            occupied[usize::from(b)] = true;
        }
        let mut frozen = FrozenGoals::new(board.cells());
        frozen.look(&board, &plain, (&occupied, &boxes), &budget);
        assert_eq!(frozen.frozen(), [cell(3, 1)]);
        let around = frozen.targets(&plain);
        assert_eq!(around.len(), 1);
        assert!(!plain.is_dead(cell(2, 1)));
        assert!(around.is_dead(cell(2, 1)));
        occupied[usize::from(cell(3, 1))] = false;
        frozen.look(&board, &plain, (&occupied, &[cell(2, 4)]), &budget);
        assert!(frozen.frozen().is_empty());
        assert!(!frozen.targets(&plain).is_dead(cell(2, 1)));
    }
}
