//! Deadlocks that need no search: boxes on dead squares, boxes frozen
//! against walls and other boxes off a goal, and closed diagonals. The
//! search prunes with them, and the game asks [`Deadlocks`] after every
//! push to warn at once.

use super::board::{Board, Cell, Mode, NONE, dead_squares};
use super::diagonal::boxes_in_dead_diagonals;
use schokoban_core::{Level, Pos};

/// Whether the box on `cell` can never move again, given box occupancy
/// `boxes`. Boxes found frozen along with it are appended to `frozen`
/// (including `cell` itself when the answer is yes).
pub fn is_frozen(
    board: &Board,
    dead: &[bool],
    boxes: &[bool],
    cell: Cell,
    frozen: &mut Vec<Cell>,
) -> bool {
    let mut walls = Vec::new();
    let start = frozen.len();
    let result = frozen_rec(board, dead, boxes, cell, &mut walls, frozen);
    if !result {
        frozen.truncate(start);
    }
    result
}

/// A box is frozen when it is blocked along both axes. Boxes already being
/// examined count as walls, which settles cycles such as a 2x2 square.
fn frozen_rec(
    board: &Board,
    dead: &[bool],
    boxes: &[bool],
    cell: Cell,
    walls: &mut Vec<Cell>,
    frozen: &mut Vec<Cell>,
) -> bool {
    walls.push(cell);
    let mark = frozen.len();
    let blocked = [0, 1]
        .into_iter()
        .all(|axis| axis_blocked(board, dead, boxes, cell, axis, walls, frozen));
    if blocked {
        frozen.push(cell);
    } else {
        frozen.truncate(mark);
    }
    blocked
}

/// Blocked along an axis (0: left-right, 1: up-down): a wall on either side,
/// dead squares on both sides, or a frozen box on either side.
fn axis_blocked(
    board: &Board,
    dead: &[bool],
    boxes: &[bool],
    cell: Cell,
    axis: usize,
    walls: &mut Vec<Cell>,
    frozen: &mut Vec<Cell>,
) -> bool {
    let (a, b) = (board.next(cell, axis), board.next(cell, axis + 2));
    let is_wall = |c: Cell| c == NONE || walls.contains(&c);
    if is_wall(a) || is_wall(b) {
        return true;
    }
    if dead[usize::from(a)] && dead[usize::from(b)] {
        return true;
    }
    [a, b]
        .into_iter()
        .any(|side| boxes[usize::from(side)] && frozen_rec(board, dead, boxes, side, walls, frozen))
}

/// Whether the box just moved to `cell` leaves the position unsolvable
/// because it, or a box frozen with it, is stuck off a goal.
pub fn freeze_deadlock(
    board: &Board,
    dead: &[bool],
    boxes: &[bool],
    cell: Cell,
    scratch: &mut Vec<Cell>,
) -> bool {
    scratch.clear();
    is_frozen(board, dead, boxes, cell, scratch) && scratch.iter().any(|&c| !board.is_goal(c))
}

/// Instant deadlock warnings for the game: built once per level, asked after
/// every push.
///
/// ```
/// use schokoban_core::{Pos, parse_level};
/// use schokoban_solver::Deadlocks;
///
/// let level = parse_level("#####\n#. .#\n# $ #\n#$@ #\n#####\n")?;
/// let deadlocks = Deadlocks::new(&level);
/// // The corner square (1, 3) holds no goal: a box there never leaves.
/// assert!(deadlocks.is_dead_square(Pos::new(1, 3)));
/// assert!(!deadlocks.is_dead_square(Pos::new(2, 2)));
/// let stuck = deadlocks.stuck_boxes(level.boxes(), level.player());
/// assert_eq!(stuck, [Pos::new(1, 3)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Deadlocks {
    /// The solver's board and its dead squares; `None` for a level too
    /// large to number, which then gets no warnings.
    board: Option<(Board, Vec<bool>)>,
}

impl Deadlocks {
    /// Precomputes the dead squares of `level` (pulling boxes back from all
    /// goals at once, so linear in the level's size however many goals it
    /// has). Boxes and player of `level` only choose which floor counts.
    pub fn new(level: &Level) -> Self {
        Self {
            board: Board::new(level).ok().map(|board| {
                let dead = dead_squares(&board, board.goals(), Mode::Push);
                (board, dead)
            }),
        }
    }

    /// Whether a box on `pos` could never reach any goal.
    pub fn is_dead_square(&self, pos: Pos) -> bool {
        self.board
            .as_ref()
            .and_then(|(b, dead)| b.cell(pos).map(|c| dead[usize::from(c)]))
            .unwrap_or(false)
    }

    /// The boxes that can no longer reach a goal: on a dead square, frozen
    /// (with walls and other frozen boxes) where some frozen box is off a
    /// goal, or off a goal around a dead closed diagonal (the player on
    /// `player` can never step inside one). Empty means no deadlock is
    /// visible without search. Returned in the order given.
    pub fn stuck_boxes(&self, boxes: &[Pos], player: Pos) -> Vec<Pos> {
        let Some((board, dead)) = &self.board else {
            return Vec::new();
        };
        let cells: Vec<Option<Cell>> = boxes.iter().map(|&p| board.cell(p)).collect();
        let mut occupied = vec![false; board.cells()];
        for &c in cells.iter().flatten() {
            occupied[usize::from(c)] = true;
        }
        let mut stuck = vec![false; board.cells()];
        let mut frozen = Vec::new();
        for &c in cells.iter().flatten() {
            if dead[usize::from(c)] {
                stuck[usize::from(c)] = true;
            } else if !stuck[usize::from(c)] && !board.is_goal(c) {
                frozen.clear();
                if is_frozen(board, dead, &occupied, c, &mut frozen) {
                    for &f in &frozen {
                        stuck[usize::from(f)] |= !board.is_goal(f);
                    }
                }
            }
        }
        if let Some(player) = board.cell(player) {
            for c in boxes_in_dead_diagonals(board, &occupied, player) {
                stuck[usize::from(c)] = true;
            }
        }
        boxes
            .iter()
            .zip(&cells)
            .filter(|(_, c)| c.is_some_and(|c| stuck[usize::from(c)]))
            .map(|(&p, _)| p)
            .collect()
    }
}
