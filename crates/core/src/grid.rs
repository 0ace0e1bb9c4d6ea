//! A level being built in the editor: a grid of squares changed one at a
//! time, with the checks a playable level must pass. Unlike [`Level`] it
//! may be anything in between, so the editor can hold half-built levels.

use std::fmt;

use super::formats::parse_level;
use super::level::{Level, Pos, Tile};
use super::parse_error::ParseError;
use crate::parse_error::boxes_but_goals;

/// The smallest and largest grid the editor offers.
pub const MIN_GRID_SIDE: usize = 3;
/// The widest grid the editor makes.
pub const MAX_GRID_WIDTH: usize = 60;
/// The tallest grid the editor makes.
pub const MAX_GRID_HEIGHT: usize = 40;

/// What a square of the grid holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A wall.
    Wall,
    /// Empty floor.
    Floor,
    /// A goal.
    Goal,
    /// A box on floor.
    Box,
    /// A box on a goal.
    BoxOnGoal,
    /// The player on floor.
    Player,
    /// The player on a goal.
    PlayerOnGoal,
}

impl Piece {
    /// In the order of the editor's number keys, 1 to 7.
    pub const ALL: [Piece; 7] = [
        Piece::Wall,
        Piece::Floor,
        Piece::Goal,
        Piece::Box,
        Piece::BoxOnGoal,
        Piece::Player,
        Piece::PlayerOnGoal,
    ];

    /// The XSB character.
    pub fn symbol(self) -> char {
        match self {
            Piece::Wall => '#',
            Piece::Floor => ' ',
            Piece::Goal => '.',
            Piece::Box => '$',
            Piece::BoxOnGoal => '*',
            Piece::Player => '@',
            Piece::PlayerOnGoal => '+',
        }
    }

    /// What the editor calls the piece.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Wall => "wall",
            Piece::Floor => "floor",
            Piece::Goal => "goal",
            Piece::Box => "box",
            Piece::BoxOnGoal => "box on goal",
            Piece::Player => "player",
            Piece::PlayerOnGoal => "player on goal",
        }
    }

    fn is_player(self) -> bool {
        matches!(self, Piece::Player | Piece::PlayerOnGoal)
    }

    fn has_goal(self) -> bool {
        matches!(self, Piece::Goal | Piece::BoxOnGoal | Piece::PlayerOnGoal)
    }

    fn has_box(self) -> bool {
        matches!(self, Piece::Box | Piece::BoxOnGoal)
    }
}

/// Why a grid is not yet a playable level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridProblem {
    /// No player stands on the grid.
    NoPlayer,
    /// The grid holds no box.
    NoBoxes,
    /// Boxes and goals differ in number.
    BoxesAndGoals {
        /// How many boxes there are.
        boxes: usize,
        /// How many goals there are.
        goals: usize,
    },
    /// The player can walk off the edge of the grid.
    Open,
}

impl fmt::Display for GridProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridProblem::NoPlayer => write!(f, "no player"),
            GridProblem::NoBoxes => write!(f, "no boxes"),
            GridProblem::BoxesAndGoals { boxes, goals } => {
                write!(f, "{}", boxes_but_goals(*boxes, *goals))
            }
            GridProblem::Open => write!(f, "the player's area is not enclosed by walls"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A level being built: any piece on any square, checked only when it is
/// turned into a [`Level`](crate::Level).
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Piece>,
}

impl Grid {
    /// An empty room: walls around floor.
    pub fn room(width: usize, height: usize) -> Self {
        let width = width.clamp(MIN_GRID_SIDE, MAX_GRID_WIDTH);
        let height = height.clamp(MIN_GRID_SIDE, MAX_GRID_HEIGHT);
        let mut grid = Self {
            width,
            height,
            cells: vec![Piece::Floor; width * height],
        };
        for y in 0..height {
            for x in 0..width {
                if x == 0 || y == 0 || x + 1 == width || y + 1 == height {
                    grid.cells[y * width + x] = Piece::Wall;
                }
            }
        }
        grid
    }

    /// A copy of a level to edit, cut to the editor's largest grid.
    pub fn from_level(level: &Level) -> Self {
        let width = level.width().clamp(MIN_GRID_SIDE, MAX_GRID_WIDTH);
        let height = level.height().clamp(MIN_GRID_SIDE, MAX_GRID_HEIGHT);
        let mut cells = vec![Piece::Floor; width * height];
        for pos in level.positions() {
            if pos.x >= width || pos.y >= height {
                continue;
            }
            cells[pos.y * width + pos.x] = match level.tile(pos) {
                Tile::Wall => Piece::Wall,
                Tile::Goal => Piece::Goal,
                Tile::Floor => Piece::Floor,
            };
        }
        let mut grid = Self {
            width,
            height,
            cells,
        };
        for &pos in level.boxes() {
            grid.put(pos, true, false);
        }
        grid.put(level.player(), false, true);
        grid
    }

    /// Adds a box or the player to a square, keeping its goal.
    fn put(&mut self, pos: Pos, a_box: bool, player: bool) {
        let Some(index) = self.index(pos) else {
            return;
        };
        let goal = self.cells[index].has_goal();
        self.cells[index] = match (a_box, player, goal) {
            (true, _, true) => Piece::BoxOnGoal,
            (true, _, false) => Piece::Box,
            (_, true, true) => Piece::PlayerOnGoal,
            (_, true, false) => Piece::Player,
            _ => self.cells[index],
        };
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.x < self.width && pos.y < self.height).then(|| pos.y * self.width + pos.x)
    }

    /// The piece at `pos`, or `None` off the grid.
    pub fn piece(&self, pos: Pos) -> Option<Piece> {
        self.index(pos).map(|index| self.cells[index])
    }

    /// Puts `piece` on a square; a new player moves the old one off. Says
    /// whether anything changed.
    pub fn set(&mut self, pos: Pos, piece: Piece) -> bool {
        let Some(index) = self.index(pos) else {
            return false;
        };
        if self.cells[index] == piece {
            return false;
        }
        if piece.is_player() {
            for cell in &mut self.cells {
                if cell.is_player() {
                    *cell = if cell.has_goal() {
                        Piece::Goal
                    } else {
                        Piece::Floor
                    };
                }
            }
        }
        self.cells[index] = piece;
        true
    }

    /// Grows or shrinks the grid, keeping what is at the top left; new
    /// squares are floor.
    pub fn resize(&mut self, width: usize, height: usize) -> bool {
        let width = width.clamp(MIN_GRID_SIDE, MAX_GRID_WIDTH);
        let height = height.clamp(MIN_GRID_SIDE, MAX_GRID_HEIGHT);
        if (width, height) == (self.width, self.height) {
            return false;
        }
        let mut cells = vec![Piece::Floor; width * height];
        for y in 0..height.min(self.height) {
            for x in 0..width.min(self.width) {
                cells[y * width + x] = self.cells[y * self.width + x];
            }
        }
        *self = Self {
            width,
            height,
            cells,
        };
        true
    }

    /// Everything that keeps the grid from being a playable level.
    pub fn problems(&self) -> Vec<GridProblem> {
        let mut problems = Vec::new();
        let player = self.cells.iter().position(|c| c.is_player());
        if player.is_none() {
            problems.push(GridProblem::NoPlayer);
        }
        let boxes = self.cells.iter().filter(|c| c.has_box()).count();
        let goals = self.cells.iter().filter(|c| c.has_goal()).count();
        if boxes == 0 {
            problems.push(GridProblem::NoBoxes);
        } else if boxes != goals {
            problems.push(GridProblem::BoxesAndGoals { boxes, goals });
        }
        if player.is_some_and(|start| self.reaches_edge(start)) {
            problems.push(GridProblem::Open);
        }
        problems
    }

    /// Whether walking (through boxes too) from `start` reaches the edge.
    fn reaches_edge(&self, start: usize) -> bool {
        open_edge(self.width, self.height, start, |index| {
            self.cells[index] == Piece::Wall
        })
        .is_some()
    }

    /// The grid as XSB rows, trailing floor trimmed.
    pub fn to_xsb(&self) -> String {
        let mut text = String::new();
        for row in self.cells.chunks(self.width) {
            let line: String = row.iter().map(|c| c.symbol()).collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }

    /// The level, when the grid passes the checks the parser makes.
    pub fn to_level(&self) -> Result<Level, ParseError> {
        parse_level(&self.to_xsb())
    }
}

/// The first cell on the edge of a `width` x `height` board that a walk
/// from the cell at `start` (row by row from 0) reaches through every cell
/// but walls, if any: a gap in the outer wall, which the parser and the
/// editor both refuse.
pub(crate) fn open_edge(
    width: usize,
    height: usize,
    start: usize,
    wall: impl Fn(usize) -> bool,
) -> Option<usize> {
    let mut seen = vec![false; width * height];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(index) = stack.pop() {
        let (x, y) = (index % width, index / width);
        if x == 0 || y == 0 || x + 1 == width || y + 1 == height {
            return Some(index);
        }
        // Not on the edge, so all four neighbours are on the board.
        for next in [index - 1, index + 1, index - width, index + width] {
            if !seen[next] && !wall(next) {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_needs_a_player_boxes_and_goals() {
        let mut grid = Grid::room(6, 3);
        assert_eq!(grid.to_xsb(), "######\n#    #\n######\n");
        assert_eq!(
            grid.problems(),
            [GridProblem::NoPlayer, GridProblem::NoBoxes]
        );
        grid.set(Pos::new(1, 1), Piece::Player);
        grid.set(Pos::new(2, 1), Piece::Box);
        assert_eq!(
            grid.problems(),
            [GridProblem::BoxesAndGoals { boxes: 1, goals: 0 }]
        );
        grid.set(Pos::new(4, 1), Piece::Goal);
        assert!(grid.problems().is_empty());
        assert_eq!(grid.to_xsb(), "######\n#@$ .#\n######\n");
        assert_eq!(grid.to_level().expect("plays").boxes(), [Pos::new(2, 1)]);
    }

    #[test]
    fn a_second_player_moves_the_first_and_a_gap_opens_the_room() {
        let mut grid = Grid::room(5, 3);
        grid.set(Pos::new(1, 1), Piece::PlayerOnGoal);
        grid.set(Pos::new(3, 1), Piece::Player);
        assert_eq!(grid.to_xsb(), "#####\n#. @#\n#####\n");
        grid.set(Pos::new(4, 1), Piece::Floor);
        assert!(grid.problems().contains(&GridProblem::Open));
    }

    #[test]
    fn resizing_keeps_the_top_left_and_levels_copy_back() {
        let level = parse_level("#####\n#@$.#\n#####\n").expect("level");
        let mut grid = Grid::from_level(&level);
        assert_eq!(grid.to_xsb(), "#####\n#@$.#\n#####\n");
        assert!(grid.resize(3, 4));
        assert_eq!(grid.to_xsb(), "###\n#@$\n###\n\n");
        assert!(!grid.resize(3, 4));
        assert!(grid.resize(1, 1), "clamped to the smallest grid");
        assert_eq!((grid.width(), grid.height()), (3, 3));
    }
}
