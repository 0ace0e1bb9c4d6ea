//! Tunnel and goal-corridor macros: pushes that leave no real choice are
//! made in one go, so the positions in between are never stored.
//!
//! - A box pushed along a tunnel (walls on both sides, across the push)
//!   from one tunnel cell into the next off a goal blocks the tunnel
//!   wherever it stands in it, so it may as well keep going.
//! - A box pushed into a dead-end corridor of goals must go to its far end:
//!   anything short of that walls the deeper goals off for good. (Only when
//!   there are as many boxes as goals, so every goal must be filled.)

use super::board::{Board, Cell, NONE, Targets};

pub struct Macros {
    /// Per cell and direction: the cells from here on that way are all goals
    /// in a 1-wide corridor that ends in a wall.
    goal_dead_end: Vec<[bool; 4]>,
}

/// Walls on both sides of `cell` across direction `dir`.
fn is_tunnel(board: &Board, cell: Cell, dir: usize) -> bool {
    board.next(cell, (dir + 1) % 4) == NONE && board.next(cell, (dir + 3) % 4) == NONE
}

impl Macros {
    pub fn new(board: &Board, every_goal_filled: bool) -> Self {
        let goal_dead_end = (0..board.cells() as Cell)
            .map(|start| {
                std::array::from_fn(|dir| {
                    let mut cell = start;
                    loop {
                        if !every_goal_filled
                            || !board.is_goal(cell)
                            || !is_tunnel(board, cell, dir)
                        {
                            return false;
                        }
                        cell = board.next(cell, dir);
                        if cell == NONE {
                            return true;
                        }
                    }
                })
            })
            .collect();
        Self { goal_dead_end }
    }

    /// Where a box just pushed onto `to` in direction `dir` ends after the
    /// forced pushes that follow, and how many pushes were added.
    pub fn extend(
        &self,
        board: &Board,
        goals: &Targets,
        occupied: &[bool],
        mut to: Cell,
        dir: usize,
    ) -> (Cell, u16) {
        let mut extra = 0;
        loop {
            let next = board.next(to, dir);
            if next == NONE || occupied[usize::from(next)] || goals.is_dead(next) {
                break;
            }
            let tunnel =
                !board.is_goal(to) && is_tunnel(board, to, dir) && is_tunnel(board, next, dir);
            if !tunnel && !self.goal_dead_end[usize::from(to)][dir] {
                break;
            }
            to = next;
            extra += 1;
        }
        (to, extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Mode;
    use schokoban_core::{Pos, parse_level};

    /// Pushes the box of `xsb` left onto `to` and returns where it ends.
    fn push_left(xsb: &str, to: Pos) -> (Pos, u16) {
        const LEFT: usize = 0;
        let level = parse_level(xsb).expect("test level parses");
        let board = Board::new(&level).expect("small board");
        let goals = Targets::unlimited(&board, board.goals(), Mode::Push);
        let mut occupied = vec![false; board.cells()];
        let to = board.cell(to).expect("floor");
        occupied[usize::from(to)] = true;
        let every_goal_filled = level.boxes().len() == board.goals().len();
        let macros = Macros::new(&board, every_goal_filled);
        let (end, extra) = macros.extend(&board, &goals, &occupied, to, LEFT);
        (board.pos(end), extra)
    }

    #[test]
    fn a_box_in_a_tunnel_is_pushed_through_in_one_move() {
        let (end, extra) = push_left("#########\n#.   $ @#\n#########\n", Pos::new(4, 1));
        assert_eq!((end, extra), (Pos::new(1, 1), 3));
    }

    #[test]
    fn a_box_entering_a_dead_end_corridor_of_goals_goes_to_its_end() {
        let xsb = "#########\n###...$@#\n#  ######\n#$    $ #\n#########\n";
        let (end, extra) = push_left(xsb, Pos::new(5, 1));
        assert_eq!((end, extra), (Pos::new(3, 1), 2));
    }

    #[test]
    fn a_box_leaving_a_tunnel_stops_at_its_mouth() {
        // Pushed out into the room, the box would have choices again.
        let xsb = "########\n#.  ####\n#   $ @#\n#   ####\n########\n";
        let (end, extra) = push_left(xsb, Pos::new(4, 2));
        assert_eq!((end, extra), (Pos::new(4, 2), 0));
    }
}
