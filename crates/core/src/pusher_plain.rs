//! The plain listing that begoon's pusher.exe map extractor prints:
//!
//! ```text
//! *************************************
//! Maze: 1
//! File offset: 148C, DS:00FC, table offset: 0000
//! Size X: 22
//! Size Y: 11
//!
//!     XXXXX
//!     X*  X
//! ```
//!
//! `X` is a wall, `*` a box, `.` a goal, `&` a box on a goal and `@` the
//! player. pusher.exe never starts the player on a goal; `+` is read as
//! that, as in XSB, so every level of ours can be written this way.

use super::MAX_SIDE;
use super::formats::Budget;
use super::level::Level;
use super::parse::{Row, build_level};
use super::parse_error::ParseError;

/// Pusher board characters and the XSB characters they stand for.
const CELLS: [(char, char); 7] = [
    (' ', ' '),
    ('X', '#'),
    ('*', '$'),
    ('.', '.'),
    ('&', '*'),
    ('@', '@'),
    ('+', '+'),
];

/// Whether `line` (trimmed), followed by `next` (the next line that says
/// anything), can only start a plain listing: one of the headers that
/// size a maze, or a separator of stars with such a header after it. A
/// row of stars alone is also an XSB row of boxes on goals.
pub(super) fn starts_listing(line: &str, next: Option<&str>) -> bool {
    let sizes_a_maze = |line: &str| {
        header(line).is_some_and(|(key, _)| matches!(key, Key::Maze | Key::SizeX | Key::SizeY))
    };
    sizes_a_maze(line) || (is_separator(line) && next.is_some_and(sizes_a_maze))
}

/// A row of stars: what the extractor prints between mazes.
fn is_separator(line: &str) -> bool {
    line.len() >= 3 && line.chars().all(|c| c == '*')
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Key {
    Maze,
    SizeX,
    SizeY,
    /// `File offset`, `End`, `Length`: facts about the binary, not the maze.
    Other,
}

fn header(line: &str) -> Option<(Key, &str)> {
    let (key, value) = line.split_once(':')?;
    let key = key.trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ') {
        return None;
    }
    let key = match key.to_ascii_lowercase().as_str() {
        "maze" => Key::Maze,
        "size x" => Key::SizeX,
        "size y" => Key::SizeY,
        _ => Key::Other,
    };
    Some((key, value.trim()))
}

/// The headers read since the last board.
#[derive(Default)]
struct Headers {
    maze: Option<String>,
    width: Option<usize>,
    height: Option<usize>,
    /// How far the last header was indented: a listing quoted indented
    /// (as a blog shows it) has its rows indented as far, past `Size X`.
    indent: usize,
}

/// Reads every maze of a plain listing.
pub(super) fn parse(text: &str) -> Result<Vec<Level>, ParseError> {
    let mut levels = Vec::new();
    let mut budget = Budget::default();
    let mut headers = Headers::default();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end()));
    while let Some((line_no, line)) = lines.next() {
        let content = line.trim_start();
        if content.is_empty() || is_separator(content) {
            continue;
        }
        if let Some((key, value)) = header(content) {
            headers.indent = line.len() - content.len();
            let size = || size_value(value, line_no);
            match key {
                Key::Maze => headers.maze = Some(value.to_owned()).filter(|v| !v.is_empty()),
                Key::SizeX => headers.width = Some(size()?),
                Key::SizeY => headers.height = Some(size()?),
                Key::Other => {}
            }
            continue;
        }
        let sized = headers.width.is_some() && headers.height.is_some();
        if !sized && !content.chars().all(|c| to_xsb(c).is_some()) {
            return Err(ParseError::UnexpectedText { line: line_no });
        }
        let headers = std::mem::take(&mut headers);
        let missing = |header| ParseError::MissingHeader {
            line: line_no,
            header,
        };
        let width = headers.width.ok_or_else(|| missing("Size X"))?;
        let height = headers.height.ok_or_else(|| missing("Size Y"))?;
        let indent = headers.indent;
        let mut rows = vec![board_row(line_no, line, width, indent)?];
        while rows.len() < height {
            let short = ParseError::ShortBoard {
                line: line_no,
                expected: height,
                found: rows.len(),
            };
            match lines.next() {
                Some((_, next)) if is_separator(next.trim()) && next.trim().len() > width => {
                    return Err(short);
                }
                Some((next_no, next)) => rows.push(board_row(next_no, next, width, indent)?),
                None => return Err(short),
            }
        }
        let level = build_level(&rows)?.with_title(headers.maze.map(|n| format!("Maze {n}")));
        budget.admit(&level, line_no)?;
        levels.push(level);
    }
    if levels.is_empty() {
        return Err(ParseError::NoBoard);
    }
    Ok(levels)
}

fn size_value(value: &str, line: usize) -> Result<usize, ParseError> {
    value
        .parse()
        .ok()
        .filter(|size| (1..=MAX_SIDE).contains(size))
        .ok_or(ParseError::BadHeader { line })
}

/// One board row in XSB characters, each with the column it came from;
/// up to `indent` leading spaces are the listing's, not the board's.
fn board_row(line: usize, text: &str, width: usize, indent: usize) -> Result<Row, ParseError> {
    let skipped = text.len() - text.trim_start_matches(' ').len();
    let skipped = skipped.min(indent);
    let mut cells = Vec::with_capacity(width);
    for (index, found) in text.chars().skip(skipped).enumerate() {
        let column = skipped + index + 1;
        if index + 1 > width {
            return Err(ParseError::RowTooWide { line, width });
        }
        let xsb = to_xsb(found).ok_or(ParseError::UnknownChar {
            line,
            column,
            found,
        })?;
        cells.push((xsb, column));
    }
    Ok(Row { line, cells })
}

fn to_xsb(pusher: char) -> Option<char> {
    CELLS
        .iter()
        .find(|&&(from, _)| from == pusher)
        .map(|&(_, xsb)| xsb)
}
