//! Reading XSB text: one level or a whole collection, as found in the wild.
//!
//! Accepts CRLF, a byte-order mark, trailing spaces, indented boards,
//! run-length rows (`5#|#@$.#|5#`), `;` comments, `Title:`/`Author:` lines
//! after a board and free-text names (`'Lockdown'`) before one.

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

/// Parses every level of an XSB collection, in order. Any broken level fails
/// the whole text, so a player never plays a silently truncated collection.
pub(super) fn parse_xsb(text: &str) -> Result<Vec<Level>, ParseError> {
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
pub(super) struct Row {
    pub(super) line: usize,
    pub(super) cells: Vec<(char, usize)>,
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
pub const MAX_LEVELS: usize = 100_000;

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
