//! Board rows of XSB text: telling them from text, expanding run-length
//! rows (`5#|#@$.#|5#`) and turning them into a level. How the rows and
//! the text around them make a collection is in [`super::sok`].

use super::level::{Level, Pos, Tile};
use super::parse_error::ParseError;

/// The widest or tallest board accepted; anything larger is a damaged file
/// rather than a puzzle, and would only exhaust memory.
pub const MAX_SIDE: usize = 1024;

/// The most cells all the boards of one text may hold together. Short rows
/// are padded to the widest, so a few kilobytes of text can describe a
/// million cells; without a total, a 16 MiB file could ask for gigabytes.
/// Real collections hold well under a million.
pub const MAX_TOTAL_CELLS: usize = 32 * 1024 * 1024;

/// One board row as read, each cell with the column it came from.
pub(super) struct Row {
    pub(super) line: usize,
    pub(super) cells: Vec<(char, usize)>,
}

/// More levels than any real collection holds; a guard against junk input.
pub const MAX_LEVELS: usize = 100_000;

/// Every character a board row may hold: XSB's, YASC's alternatives
/// (`p`/`m` player, `P`/`M` player on goal, `b` box, `B` box on goal, `o`
/// goal), floor as `-` or `_`, run-length counts and `|` row breaks.
const BOARD_CHARS: &str = "#@+$*.-_ pPmMbBo0123456789|";

/// Whether a line (leading spaces removed) is a board row, by its shape.
/// Inside a board, any line of board characters (not YASC's letters
/// alone, which make a word) continues it, and so does
/// one that starts with a wall, so a stray character is reported rather
/// than mistaken for text. A board starts with a line of board characters
/// that holds a wall, box or player (a date such as `18.09.05` holds only
/// goals) whose run-length counts each repeat something, or with a line
/// that starts with a wall.
pub(super) fn is_board_row(content: &str, inside_board: bool) -> bool {
    // YASC's letters alone (`Bob`, `mom`) make a word, not a row.
    let board_chars = content.chars().all(|c| BOARD_CHARS.contains(c))
        && !content.chars().all(|c| "pPmMbBo".contains(c));
    if inside_board {
        return board_chars || content.starts_with('#');
    }
    board_chars
        && (content.starts_with('#')
            || (counts_repeat_something(content) && content.contains(['#', '@', '+', '$', '*'])))
}

/// Whether every run-length count in a row is followed by what it repeats.
fn counts_repeat_something(content: &str) -> bool {
    let mut counting = false;
    for ch in content.chars() {
        match ch {
            '0'..='9' => counting = true,
            '|' if counting => return false,
            _ => counting = false,
        }
    }
    !counting
}

/// Expands run-length encoding and `|` row breaks of one line into rows.
pub(super) fn expand_line(line_no: usize, line: &str) -> Result<Vec<Row>, ParseError> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut count: Option<usize> = None;
    let mut count_column = 0;
    let bad_count = |column| ParseError::BadRunLength {
        line: line_no,
        column,
    };
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
                    return Err(bad_count(count_column));
                }
                count = Some(value);
            }
            '|' => {
                if count.is_some() {
                    return Err(bad_count(count_column));
                }
                rows.push(Row {
                    line: line_no,
                    cells: std::mem::take(&mut row),
                });
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
        return Err(bad_count(count_column));
    }
    rows.push(Row {
        line: line_no,
        cells: row,
    });
    Ok(rows)
}

/// Splits `Key: value` lines; keys are matched without regard to case.
pub(super) fn metadata(content: &str) -> Option<(String, &str)> {
    let (key, value) = content.split_once(':')?;
    let key = key.trim();
    let is_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_');
    is_key.then(|| (key.to_ascii_lowercase(), value.trim()))
}

/// A free-text name without the quotes some files put around it.
pub(super) fn unquote(text: &str) -> &str {
    ['\'', '"']
        .iter()
        .find_map(|&q| text.strip_prefix(q)?.strip_suffix(q))
        .filter(|inner| !inner.is_empty())
        .unwrap_or(text)
}

/// Turns XSB rows into a level: drops the indent all rows share, pads short
/// rows with floor and checks the player, boxes and goals. Other formats
/// translate their rows to XSB characters and come through here too.
pub(super) fn build_level(rows: &[Row]) -> Result<Level, ParseError> {
    // Rows of nothing but floor above or below the level (a pusher grid can
    // have them) are dropped, as the indent is.
    let floor_only = |row: &&Row| row.cells.iter().all(|&(c, _)| matches!(c, ' ' | '-' | '_'));
    let start = rows.iter().position(|row| !floor_only(&row)).unwrap_or(0);
    let end = rows
        .iter()
        .rposition(|row| !floor_only(&row))
        .map_or(rows.len(), |last| last + 1);
    let rows = &rows[start..end];
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
                '.' | 'o' => (Tile::Goal, false, false),
                '$' | 'b' => (Tile::Floor, true, false),
                '*' | 'B' => (Tile::Goal, true, false),
                '@' | 'p' | 'm' => (Tile::Floor, false, true),
                '+' | 'P' | 'M' => (Tile::Goal, false, true),
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
