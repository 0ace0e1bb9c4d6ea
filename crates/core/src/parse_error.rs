//! Why a text is not a playable level, whatever format it is in.

use std::fmt;

use super::parse::{MAX_LEVELS, MAX_SIDE, MAX_TOTAL_CELLS};

/// Why a text is not a playable level. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The text holds no board at all.
    NoBoard,
    /// A board with no player (`@` or `+`).
    NoPlayer {
        /// The line, from 1.
        line: usize,
    },
    /// A board with a second player.
    TwoPlayers {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// A board with no box.
    NoBoxes {
        /// The line, from 1.
        line: usize,
    },
    /// A board whose boxes and goals differ in number.
    BoxGoalMismatch {
        /// The line, from 1.
        line: usize,
        /// How many boxes.
        boxes: usize,
        /// How many goals.
        goals: usize,
    },
    /// A character that is no board piece.
    UnknownChar {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What stands there.
        found: char,
    },
    /// A run-length count with nothing to repeat, or one too large.
    BadRunLength {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// A board wider or taller than the game plays.
    TooLarge {
        /// The line, from 1.
        line: usize,
    },
    /// More levels or cells in one text than any real collection holds; the
    /// line is where the board that went over starts.
    CollectionTooLarge {
        /// The line, from 1.
        line: usize,
    },
    /// A pusher listing's board comes before the header that sizes it.
    MissingHeader {
        /// The line, from 1.
        line: usize,
        /// The header that is missing.
        header: &'static str,
    },
    /// A pusher `Size X`/`Size Y`/`Maze` header whose value is not a size.
    BadHeader {
        /// The line, from 1.
        line: usize,
    },
    /// A pusher plain row wider than its `Size X`.
    RowTooWide {
        /// The line, from 1.
        line: usize,
        /// The row's width.
        width: usize,
    },
    /// A pusher plain board cut off before its `Size Y` rows.
    ShortBoard {
        /// The line, from 1.
        line: usize,
        /// Rows the header promised.
        expected: usize,
        /// What stands there.
        found: usize,
    },
    /// A line of a pusher listing that is no header, board row or comment.
    UnexpectedText {
        /// The line, from 1.
        line: usize,
    },
    /// Not a byte (0 to 255) in an assembler listing.
    BadByte {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// A compressed level whose width or height is zero.
    EmptyBoard {
        /// The line, from 1.
        line: usize,
    },
    /// A compressed level's bytes end before its map and player do.
    Truncated {
        /// The line, from 1.
        line: usize,
    },
    /// Bytes left over after a compressed level's player position.
    TrailingBytes {
        /// The line, from 1.
        line: usize,
        /// How many bytes are left over.
        count: usize,
    },
    /// A compressed level's player starts off the map, on a wall or on a box.
    PlayerNotOnFloor {
        /// The line, from 1.
        line: usize,
        /// The player's column, from 0.
        x: usize,
        /// The player's row, from 0.
        y: usize,
    },
    /// The player can walk off the board: a gap in the outer wall, as the
    /// editor refuses too. Where on the board, as levels keep no lines.
    Open {
        /// The board's row of the edge cell the player reaches, from 1.
        row: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// A level of another game (`Game: Hexoban`, Trioban, Multiban...),
    /// whose board means something else than a Sokoban one.
    OtherGame {
        /// Where the board starts, from 1.
        line: usize,
        /// The game as the file names it.
        game: String,
    },
}

impl ParseError {
    /// The line the error is about, if it is about one.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseError::NoBoard | ParseError::Open { .. } => None,
            ParseError::NoPlayer { line }
            | ParseError::TwoPlayers { line, .. }
            | ParseError::NoBoxes { line }
            | ParseError::BoxGoalMismatch { line, .. }
            | ParseError::UnknownChar { line, .. }
            | ParseError::BadRunLength { line, .. }
            | ParseError::TooLarge { line }
            | ParseError::CollectionTooLarge { line }
            | ParseError::MissingHeader { line, .. }
            | ParseError::BadHeader { line }
            | ParseError::RowTooWide { line, .. }
            | ParseError::ShortBoard { line, .. }
            | ParseError::UnexpectedText { line }
            | ParseError::BadByte { line, .. }
            | ParseError::EmptyBoard { line }
            | ParseError::Truncated { line }
            | ParseError::TrailingBytes { line, .. }
            | ParseError::PlayerNotOnFloor { line, .. }
            | ParseError::OtherGame { line, .. } => Some(line),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::NoBoard => write!(f, "no level board found"),
            ParseError::NoPlayer { line } => {
                write!(f, "line {line}: the level has no player (@ or +)")
            }
            ParseError::TwoPlayers { line, column } => {
                write!(f, "line {line}, column {column}: a second player")
            }
            ParseError::NoBoxes { line } => write!(f, "line {line}: the level has no boxes"),
            ParseError::BoxGoalMismatch { line, boxes, goals } => write!(
                f,
                "line {line}: the level has {}",
                boxes_but_goals(boxes, goals)
            ),
            ParseError::UnknownChar {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unknown character {found:?} in the board"
            ),
            ParseError::BadRunLength { line, column } => write!(
                f,
                "line {line}, column {column}: a run-length count with nothing to repeat, or too long"
            ),
            ParseError::CollectionTooLarge { line } => write!(
                f,
                "line {line}: more levels or cells than any collection holds (at most {MAX_LEVELS} levels, {MAX_TOTAL_CELLS} cells)"
            ),
            ParseError::TooLarge { line } => write!(
                f,
                "line {line}: the board is larger than {MAX_SIDE}x{MAX_SIDE} cells"
            ),
            ParseError::MissingHeader { line, header } => {
                write!(f, "line {line}: a board before its {header:?} header")
            }
            ParseError::BadHeader { line } => write!(
                f,
                "line {line}: the header's value is not a number from 1 to {MAX_SIDE}"
            ),
            ParseError::RowTooWide { line, width } => {
                write!(f, "line {line}: the row is wider than Size X ({width})")
            }
            ParseError::ShortBoard {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: the board has {found} rows but Size Y says {expected}"
            ),
            ParseError::UnexpectedText { line } => write!(
                f,
                "line {line}: neither a header, a board row nor a comment"
            ),
            ParseError::BadByte { line, column } => write!(
                f,
                "line {line}, column {column}: not a byte (0 to 255, such as 0A2h or 17)"
            ),
            ParseError::EmptyBoard { line } => {
                write!(f, "line {line}: the level is 0 cells wide or high")
            }
            ParseError::Truncated { line } => write!(
                f,
                "line {line}: the level's bytes end before its map and player position"
            ),
            ParseError::TrailingBytes { line, count } => write!(
                f,
                "line {line}: {count} bytes left over after the player's position"
            ),
            ParseError::PlayerNotOnFloor { line, x, y } => write!(
                f,
                "line {line}: the player's start ({x}, {y}) is off the map or not on floor"
            ),
            ParseError::Open { row, column } => write!(
                f,
                "a gap in the outer wall: the player can walk off the board at row {row}, column {column}"
            ),
            ParseError::OtherGame { line, ref game } => {
                write!(f, "line {line}: a level of {game}, not of Sokoban")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// `2 boxes but 1 goal`, as the errors of a level that cannot be won say it.
pub(crate) fn boxes_but_goals(boxes: usize, goals: usize) -> String {
    let box_word = if boxes == 1 { "box" } else { "boxes" };
    let goal_word = if goals == 1 { "goal" } else { "goals" };
    format!("{boxes} {box_word} but {goals} {goal_word}")
}
