//! Reading XSB text: one level or a whole collection, as found in the wild.
//!
//! Accepts CRLF, a byte-order mark, trailing spaces, indented boards,
//! run-length rows (`5#|#@$.#|5#`), `;` comments, `Title:`/`Author:` lines
//! after a board and free-text names (`'Lockdown'`) before one.

use std::fmt;

use super::level::{Level, Pos, Tile};
use crate::text::plural;

/// The widest or tallest board accepted; anything larger is a damaged file
/// rather than a puzzle, and would only exhaust memory.
pub const MAX_SIDE: usize = 1024;

/// The most cells all the boards of one text may hold together. Short rows
/// are padded to the widest, so a few kilobytes of text can describe a
/// million cells; without a total, a 16 MiB file could ask for gigabytes.
/// Real collections hold well under a million.
pub const MAX_TOTAL_CELLS: usize = 32 * 1024 * 1024;

/// Why a text is not a playable level. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    NoBoard,
    NoPlayer {
        line: usize,
    },
    TwoPlayers {
        line: usize,
        column: usize,
    },
    NoBoxes {
        line: usize,
    },
    BoxGoalMismatch {
        line: usize,
        boxes: usize,
        goals: usize,
    },
    UnknownChar {
        line: usize,
        column: usize,
        found: char,
    },
    BadRunLength {
        line: usize,
        column: usize,
    },
    TooLarge {
        line: usize,
    },
    /// More levels or cells in one text than any real collection holds; the
    /// line is where the board that went over starts.
    CollectionTooLarge {
        line: usize,
    },
}

impl ParseError {
    /// The line the error is about, if it is about one.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseError::NoBoard => None,
            ParseError::NoPlayer { line }
            | ParseError::TwoPlayers { line, .. }
            | ParseError::NoBoxes { line }
            | ParseError::BoxGoalMismatch { line, .. }
            | ParseError::UnknownChar { line, .. }
            | ParseError::BadRunLength { line, .. }
            | ParseError::TooLarge { line }
            | ParseError::CollectionTooLarge { line } => Some(line),
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
                "line {line}: the level has {} but {}",
                plural(boxes, "box"),
                plural(goals, "goal")
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
        }
    }
}

impl std::error::Error for ParseError {}

/// Parses the first level of `text`: what a single-level XSB file holds.
pub fn parse_level(text: &str) -> Result<Level, ParseError> {
    parse_levels(text)?
        .into_iter()
        .next()
        .ok_or(ParseError::NoBoard)
}

/// Parses every level of a collection, in order. Any broken level fails the
/// whole text, so a player never plays a silently truncated collection.
pub fn parse_levels(text: &str) -> Result<Vec<Level>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    for (index, raw) in text.lines().enumerate() {
        reader.line(index + 1, raw.trim_end())?;
    }
    reader.finish_board()?;
    if reader.levels.is_empty() {
        return Err(ParseError::NoBoard);
    }
    Ok(reader.levels)
}

/// One board row as read, each cell with the column it came from.
struct Row {
    line: usize,
    cells: Vec<(char, usize)>,
}

#[derive(Default)]
struct Reader {
    levels: Vec<Level>,
    rows: Vec<Row>,
    /// A free-text line seen since the last board, used as the next level's title.
    pending_name: Option<String>,
    /// Whether a blank or comment line separates us from the last finished board:
    /// text right after a board describes it, text after a gap names the next one.
    gap_since_board: bool,
    /// Which metadata the last finished board already got.
    has_title: bool,
    has_author: bool,
    /// Cells in all the boards read so far.
    cells: usize,
}

impl Reader {
    fn line(&mut self, line_no: usize, line: &str) -> Result<(), ParseError> {
        let content = line.trim_start();
        if content.is_empty() || content.starts_with(';') {
            self.finish_board()?;
            self.gap_since_board = true;
            return Ok(());
        }
        if is_board_row(content, !self.rows.is_empty()) {
            if self.rows.is_empty() && self.levels.len() == MAX_LEVELS {
                return Err(ParseError::CollectionTooLarge { line: line_no });
            }
            return self.board_line(line_no, line);
        }
        self.finish_board()?;
        if let Some((key, value)) = metadata(content) {
            self.attach(&key, value);
        } else if self.levels.is_empty() || self.gap_since_board {
            self.pending_name = Some(unquote(content).to_owned());
        }
        Ok(())
    }

    fn attach(&mut self, key: &str, value: &str) {
        let Some(level) = self.levels.pop() else {
            return;
        };
        let value = (!value.is_empty()).then(|| value.to_owned());
        let level = match key {
            "title" if !self.has_title => {
                self.has_title = true;
                level.with_title(value)
            }
            "author" if !self.has_author => {
                self.has_author = true;
                level.with_author(value)
            }
            _ => level,
        };
        self.levels.push(level);
    }

    /// Expands run-length encoding and `|` row breaks into board rows.
    fn board_line(&mut self, line_no: usize, line: &str) -> Result<(), ParseError> {
        let mut row = Vec::new();
        let mut count: Option<usize> = None;
        let mut count_column = 0;
        for (index, ch) in line.chars().enumerate() {
            let column = index + 1;
            match ch {
                '0'..='9' => {
                    let digit = ch as usize - '0' as usize;
                    if count.is_none() {
                        count_column = column;
                    }
                    let value = count.unwrap_or(0) * 10 + digit;
                    if value > MAX_SIDE {
                        return Err(ParseError::BadRunLength {
                            line: line_no,
                            column: count_column,
                        });
                    }
                    count = Some(value);
                }
                '|' => {
                    if count.is_some() {
                        return Err(ParseError::BadRunLength {
                            line: line_no,
                            column: count_column,
                        });
                    }
                    self.push_row(line_no, std::mem::take(&mut row))?;
                }
                _ => {
                    let repeat = count.take().unwrap_or(1);
                    row.extend(std::iter::repeat_n((ch, column), repeat));
                    if row.len() > MAX_SIDE {
                        return Err(ParseError::TooLarge { line: line_no });
                    }
                }
            }
        }
        if count.is_some() {
            return Err(ParseError::BadRunLength {
                line: line_no,
                column: count_column,
            });
        }
        self.push_row(line_no, row)
    }

    fn push_row(&mut self, line: usize, cells: Vec<(char, usize)>) -> Result<(), ParseError> {
        if self.rows.len() == MAX_SIDE {
            return Err(ParseError::TooLarge { line });
        }
        self.rows.push(Row { line, cells });
        Ok(())
    }

    fn finish_board(&mut self) -> Result<(), ParseError> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let rows = std::mem::take(&mut self.rows);
        let level = build_level(&rows)?.with_title(self.pending_name.take());
        self.cells += level.width() * level.height();
        if self.cells > MAX_TOTAL_CELLS {
            return Err(ParseError::CollectionTooLarge { line: rows[0].line });
        }
        self.levels.push(level);
        self.gap_since_board = false;
        self.has_title = false;
        self.has_author = false;
        Ok(())
    }
}

/// More levels than any real collection holds; a guard against junk input.
const MAX_LEVELS: usize = 100_000;

const BOARD_CHARS: &str = "#@+$*.-_ ";

/// Whether a line (leading spaces removed) is part of a board. A line that
/// starts with a wall always is, so a stray character inside a board is
/// reported rather than mistaken for text.
fn is_board_row(content: &str, inside_board: bool) -> bool {
    if content.starts_with('#') {
        return true;
    }
    let board_like = content
        .chars()
        .all(|c| BOARD_CHARS.contains(c) || c.is_ascii_digit() || c == '|');
    board_like && (inside_board || content.contains(['#', '@', '+', '$', '*', '.']))
}

/// Splits `Key: value` lines; keys are matched without regard to case.
fn metadata(content: &str) -> Option<(String, &str)> {
    let (key, value) = content.split_once(':')?;
    let key = key.trim();
    let is_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_');
    is_key.then(|| (key.to_ascii_lowercase(), value.trim()))
}

fn unquote(text: &str) -> &str {
    ['\'', '"']
        .iter()
        .find_map(|&q| text.strip_prefix(q)?.strip_suffix(q))
        .filter(|inner| !inner.is_empty())
        .unwrap_or(text)
}

fn build_level(rows: &[Row]) -> Result<Level, ParseError> {
    let first_line = rows[0].line;
    let indent = rows
        .iter()
        .filter_map(|row| row.cells.iter().position(|&(c, _)| c != ' '))
        .min()
        .unwrap_or(0);
    let width = rows
        .iter()
        .map(|row| row.cells.len().saturating_sub(indent))
        .max()
        .unwrap_or(0);
    let height = rows.len();
    let mut tiles = vec![Tile::Floor; width * height];
    let mut boxes = Vec::new();
    let mut player = None;
    let mut goals = 0;
    for (y, row) in rows.iter().enumerate() {
        for (x, &(ch, column)) in row.cells.iter().skip(indent).enumerate() {
            let pos = Pos::new(x, y);
            let (tile, has_box, has_player) = match ch {
                '#' => (Tile::Wall, false, false),
                ' ' | '-' | '_' => (Tile::Floor, false, false),
                '.' => (Tile::Goal, false, false),
                '$' => (Tile::Floor, true, false),
                '*' => (Tile::Goal, true, false),
                '@' => (Tile::Floor, false, true),
                '+' => (Tile::Goal, false, true),
                found => {
                    return Err(ParseError::UnknownChar {
                        line: row.line,
                        column,
                        found,
                    });
                }
            };
            tiles[y * width + x] = tile;
            goals += usize::from(tile == Tile::Goal);
            if has_box {
                boxes.push(pos);
            }
            if has_player {
                if player.is_some() {
                    return Err(ParseError::TwoPlayers {
                        line: row.line,
                        column,
                    });
                }
                player = Some(pos);
            }
        }
    }
    let player = player.ok_or(ParseError::NoPlayer { line: first_line })?;
    if boxes.is_empty() {
        return Err(ParseError::NoBoxes { line: first_line });
    }
    if boxes.len() != goals {
        return Err(ParseError::BoxGoalMismatch {
            line: first_line,
            boxes: boxes.len(),
            goals,
        });
    }
    Ok(Level::from_parts(width, height, tiles, boxes, player))
}
