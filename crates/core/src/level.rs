//! A level as its author drew it: the fixed grid plus the starting boxes and player.

use std::fmt;

use super::lurd::Step;

/// A cell on the grid, counted from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Column, from 0 at the left.
    pub x: usize,
    /// Row, from 0 at the top.
    pub y: usize,
}

impl Pos {
    /// The square at column `x`, row `y`.
    pub const fn new(x: usize, y: usize) -> Self {
        Self { x, y }
    }
}

/// The four ways the player can move, in LURD order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards column 0.
    Left,
    /// Towards row 0.
    Up,
    /// Away from column 0.
    Right,
    /// Away from row 0.
    Down,
}

impl Direction {
    /// The four directions, in LURD order.
    pub const ALL: [Direction; 4] = [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ];

    #[must_use]
    /// The direction back.
    pub const fn opposite(self) -> Self {
        match self {
            Direction::Left => Direction::Right,
            Direction::Up => Direction::Down,
            Direction::Right => Direction::Left,
            Direction::Down => Direction::Up,
        }
    }
}

/// What never moves: the floor plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Floor the player and boxes can stand on.
    Floor,
    /// Floor that is a goal.
    Goal,
    /// A wall, and everything outside the level.
    Wall,
}

/// An immutable level. Boxes and the player are only the starting position;
/// [`crate::Game`] tracks where they go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    title: Option<String>,
    author: Option<String>,
    width: usize,
    height: usize,
    tiles: Vec<Tile>,
    boxes: Vec<Pos>,
    player: Pos,
    /// Solutions published with the level (a `.sok` file's `Solution`
    /// sections), as written: they are checked when played.
    solutions: Vec<Published>,
}

/// A solution that came with a level, with the title it was written under
/// (`Solution (moves 97, pushes 30)`, or just `Solution`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    /// The line that names it, as written.
    pub title: String,
    /// The moves, with no undos.
    pub steps: Vec<Step>,
}

impl Level {
    /// Builds a level from parts the parser has already checked.
    pub(crate) fn from_parts(
        width: usize,
        height: usize,
        tiles: Vec<Tile>,
        boxes: Vec<Pos>,
        player: Pos,
    ) -> Self {
        debug_assert_eq!(tiles.len(), width * height);
        Self {
            title: None,
            author: None,
            width,
            height,
            tiles,
            boxes,
            player,
            solutions: Vec::new(),
        }
    }

    /// The same floor plan with boxes and player somewhere else: how a game
    /// in progress is handed to the solver. The published solutions solve
    /// the start, not this position, so they stay behind.
    #[must_use]
    pub(super) fn with_position(&self, boxes: Vec<Pos>, player: Pos) -> Self {
        Self {
            title: self.title.clone(),
            author: self.author.clone(),
            width: self.width,
            height: self.height,
            tiles: self.tiles.clone(),
            boxes,
            player,
            solutions: Vec::new(),
        }
    }

    /// The `Title:` the level was published with.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The `Author:` the level was published with.
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    #[must_use]
    /// The level with its title replaced.
    pub fn with_title(mut self, title: Option<String>) -> Self {
        self.title = title;
        self
    }

    #[must_use]
    /// The level with the solutions published with it replaced.
    pub fn with_solutions(mut self, solutions: Vec<Published>) -> Self {
        self.solutions = solutions;
        self
    }

    /// The solutions published with the level, in the order written.
    pub fn solutions(&self) -> &[Published] {
        &self.solutions
    }

    #[must_use]
    /// The level with its author replaced.
    pub fn with_author(mut self, author: Option<String>) -> Self {
        self.author = author;
        self
    }

    /// Columns, the widest row included.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The tile at `pos`; anything off the grid is a wall, so a level need
    /// not be closed by walls.
    pub fn tile(&self, pos: Pos) -> Tile {
        self.index(pos).map_or(Tile::Wall, |i| self.tiles[i])
    }

    /// Where the boxes start.
    pub fn boxes(&self) -> &[Pos] {
        &self.boxes
    }

    /// Where the player starts.
    pub fn player(&self) -> Pos {
        self.player
    }

    /// Every goal square.
    pub fn goals(&self) -> impl Iterator<Item = Pos> + '_ {
        self.positions().filter(|&p| self.tile(p) == Tile::Goal)
    }

    /// Every cell of the grid, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |y| (0..width).map(move |x| Pos::new(x, y)))
    }

    /// Row-major index of `pos`, or `None` off the grid.
    pub fn index(&self, pos: Pos) -> Option<usize> {
        (pos.x < self.width && pos.y < self.height).then(|| pos.y * self.width + pos.x)
    }

    /// The neighbouring cell, or `None` past the edge of the grid.
    pub fn neighbour(&self, pos: Pos, direction: Direction) -> Option<Pos> {
        let next = match direction {
            Direction::Left => Pos::new(pos.x.checked_sub(1)?, pos.y),
            Direction::Up => Pos::new(pos.x, pos.y.checked_sub(1)?),
            Direction::Right => Pos::new(pos.x + 1, pos.y),
            Direction::Down => Pos::new(pos.x, pos.y + 1),
        };
        self.index(next).map(|_| next)
    }

    /// The first cell on the grid's edge the player can reach from the
    /// start, walking through boxes too, if any: a gap in the outer wall,
    /// the check the editor makes before a level is saved.
    pub fn open_edge(&self) -> Option<Pos> {
        let start = self.player.y * self.width + self.player.x;
        crate::grid::open_edge(self.width, self.height, start, |index| {
            self.tiles[index] == Tile::Wall
        })
        .map(|index| Pos::new(index % self.width, index / self.width))
    }

    /// The starting position written back as XSB, with `Title:`/`Author:`
    /// lines and the published solutions under them, as `.sok` files keep them.
    pub fn to_xsb(&self) -> String {
        let mut text = xsb_board(self, |p| self.boxes.contains(&p), self.player);
        for (key, value) in [("Title", &self.title), ("Author", &self.author)] {
            if let Some(value) = value {
                text.push_str(key);
                text.push_str(": ");
                text.push_str(value);
                text.push('\n');
            }
        }
        for solution in &self.solutions {
            text.push_str(&solution.title);
            text.push('\n');
            text.extend(solution.steps.iter().map(|step| step.to_char()));
            text.push('\n');
        }
        text
    }
}

impl Level {
    /// The starting position on one line, as `YSokoban` and others paste
    /// levels: rows joined by `|`, floor as `-`, runs of one character
    /// counted (`3#` for `###`). The parser reads it back.
    pub fn to_rle(&self) -> String {
        let board = xsb_board(self, |p| self.boxes.contains(&p), self.player);
        let rows: Vec<String> = board
            .lines()
            .map(|row| run_length(&row.replace(' ', "-")))
            .collect();
        rows.join("|")
    }
}

/// `row` with each run of two or more of one character written as a count
/// and the character.
fn run_length(row: &str) -> String {
    let mut out = String::with_capacity(row.len());
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        let mut count = 1;
        while chars.next_if_eq(&c).is_some() {
            count += 1;
        }
        if count > 1 {
            out.push_str(&count.to_string());
        }
        out.push(c);
    }
    out
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&xsb_board(self, |p| self.boxes.contains(&p), self.player))
    }
}

/// Draws a board in XSB characters, one line per row, trailing floor trimmed.
pub(crate) fn xsb_board(level: &Level, has_box: impl Fn(Pos) -> bool, player: Pos) -> String {
    let mut text = String::with_capacity((level.width + 1) * level.height);
    for y in 0..level.height {
        let mut row = String::with_capacity(level.width);
        for x in 0..level.width {
            let pos = Pos::new(x, y);
            let goal = level.tile(pos) == Tile::Goal;
            row.push(match (level.tile(pos), pos == player, has_box(pos)) {
                (Tile::Wall, ..) => '#',
                (_, true, _) if goal => '+',
                (_, true, _) => '@',
                (_, _, true) if goal => '*',
                (_, _, true) => '$',
                (Tile::Goal, ..) => '.',
                (Tile::Floor, ..) => ' ',
            });
        }
        // A row of only floor is written as `-`, as a blank line would end the board.
        let row = row.trim_end();
        text.push_str(if row.is_empty() { "-" } else { row });
        text.push('\n');
    }
    text
}
