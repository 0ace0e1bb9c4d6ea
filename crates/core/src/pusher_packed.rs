//! The compressed pusher.exe maps as an assembler listing:
//!
//! ```text
//! level_01        db 16h, 0Bh, 0A2h, 0DFh, 38h, 32h, 1Fh, 38h, 2Ah, 3, 0E6h
//!                 db 12h, 0C0h, ...
//! ```
//!
//! A label starts a level; its bytes are the width, the height, a bit
//! stream of `width * height` cells, and the player's x and y. The stream,
//! most significant bit first, is (counter, code) pairs: counter `0` is one
//! cell, `1abc` is `2 + abc` cells (2 to 9); code `00` is floor, `01` a
//! wall, `10` a box, `110` a goal and `111` a box on a goal. The player's
//! position starts at the next whole byte. A run may carry on into the next
//! row, and any cells it has past the end of the map are ignored, as
//! pusher.exe's own decoder does.

use std::iter::repeat_n;

use super::formats::Budget;
use super::level::Level;
use super::parse::{Row, build_level};
use super::parse_error::ParseError;

/// Whether `line` (trimmed, comment included) is a `db` line, with or
/// without a label.
pub(super) fn is_db_line(line: &str) -> bool {
    split_db(line).is_some()
}

/// One level's bytes as listed.
pub(super) struct Packed {
    /// Where its first byte is listed.
    pub(super) line: usize,
    pub(super) label: Option<String>,
    pub(super) bytes: Vec<u8>,
}

/// Reads every level of an assembler listing.
pub(super) fn parse(text: &str) -> Result<Vec<Level>, ParseError> {
    let mut levels = Vec::new();
    let mut budget = Budget::default();
    let mut current: Option<Packed> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let code = raw.split(';').next().unwrap_or_default().trim_end();
        if code.trim_start().is_empty() {
            continue;
        }
        let (label, operands) =
            split_db(code).ok_or(ParseError::UnexpectedText { line: line_no })?;
        if label.is_some()
            && let Some(done) = current.take()
        {
            levels.push(decode_counted(&done, &mut budget)?);
        }
        let packed = current.get_or_insert_with(|| Packed {
            line: line_no,
            label: label.map(str::to_owned),
            bytes: Vec::new(),
        });
        read_operands(code, operands, line_no, &mut packed.bytes)?;
    }
    if let Some(done) = current {
        levels.push(decode_counted(&done, &mut budget)?);
    }
    if levels.is_empty() {
        return Err(ParseError::NoBoard);
    }
    Ok(levels)
}

pub(super) fn decode_counted(packed: &Packed, budget: &mut Budget) -> Result<Level, ParseError> {
    let level = decode(packed)?;
    budget.admit(&level, packed.line)?;
    Ok(level)
}

/// Splits `[label[:]] db operands` into the label and the byte offset where
/// the operands start; `None` if the line is not a `db` line.
fn split_db(code: &str) -> Option<(Option<&str>, usize)> {
    let (first, after_first) = word(code, 0)?;
    if first.eq_ignore_ascii_case("db") {
        return Some((None, after_first));
    }
    let label = first.strip_suffix(':').unwrap_or(first);
    let valid = !label.is_empty()
        && label
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.$@?".contains(c));
    let (second, after_second) = word(code, after_first)?;
    (valid && second.eq_ignore_ascii_case("db")).then_some((Some(label), after_second))
}

/// The whitespace-separated word at or after byte `from`, and where it ends.
fn word(text: &str, from: usize) -> Option<(&str, usize)> {
    let rest = &text[from..];
    let start = from + (rest.len() - rest.trim_start().len());
    let len = text[start..]
        .find(char::is_whitespace)
        .unwrap_or(text.len() - start);
    (len > 0).then(|| (&text[start..start + len], start + len))
}

/// Appends the comma-separated bytes of `code[from..]`.
fn read_operands(
    code: &str,
    from: usize,
    line: usize,
    bytes: &mut Vec<u8>,
) -> Result<(), ParseError> {
    let mut offset = from;
    for token in code[from..].split(',') {
        let trimmed = token.trim();
        let value = byte_value(trimmed).ok_or_else(|| {
            let lead = if trimmed.is_empty() {
                0
            } else {
                token.len() - token.trim_start().len()
            };
            ParseError::BadByte {
                line,
                column: code[..offset + lead].chars().count() + 1,
            }
        })?;
        bytes.push(value);
        offset += token.len() + 1;
    }
    Ok(())
}

/// `0A2h` (assembler hex), `0xA2` or `162`.
fn byte_value(token: &str) -> Option<u8> {
    let lower = token.to_ascii_lowercase();
    let (digits, radix) = if let Some(hex) = lower.strip_suffix('h') {
        (hex, 16)
    } else if let Some(hex) = lower.strip_prefix("0x") {
        (hex, 16)
    } else {
        (lower.as_str(), 10)
    };
    byte_in(digits, radix)
}

/// `digits` as a byte, digits only (no sign, no spaces).
pub(super) fn byte_in(digits: &str, radix: u32) -> Option<u8> {
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u8::from_str_radix(digits, radix).ok()
}

/// Reads bits most significant first, as pusher.exe does.
struct Bits<'a> {
    bytes: &'a [u8],
    bit: usize,
}

impl Bits<'_> {
    fn read(&mut self, count: usize) -> Option<usize> {
        let mut value = 0;
        for _ in 0..count {
            let byte = self.bytes.get(self.bit / 8)?;
            value = value << 1 | usize::from(byte >> (7 - self.bit % 8) & 1);
            self.bit += 1;
        }
        Some(value)
    }

    fn byte(&mut self) -> Option<usize> {
        self.bit = self.bit.next_multiple_of(8);
        self.read(8)
    }

    fn bytes_left(&self) -> usize {
        self.bytes.len().saturating_sub(self.bit.div_ceil(8))
    }
}

fn decode(packed: &Packed) -> Result<Level, ParseError> {
    let line = packed.line;
    let truncated = ParseError::Truncated { line };
    let mut bits = Bits {
        bytes: &packed.bytes,
        bit: 0,
    };
    let width = bits.byte().ok_or(truncated.clone())?;
    let height = bits.byte().ok_or(truncated.clone())?;
    if width == 0 || height == 0 {
        return Err(ParseError::EmptyBoard { line });
    }
    let cells = width * height;
    let mut grid = Vec::with_capacity(cells);
    while grid.len() < cells {
        let count = match bits.read(1) {
            Some(1) => bits.read(3).map(|n| n + 2),
            other => other.map(|_| 1),
        };
        let cell = match bits.read(2) {
            Some(0b00) => Some(' '),
            Some(0b01) => Some('#'),
            Some(0b10) => Some('$'),
            Some(_) => bits.read(1).map(|b| if b == 1 { '*' } else { '.' }),
            None => None,
        };
        let (Some(count), Some(cell)) = (count, cell) else {
            return Err(truncated);
        };
        grid.extend(repeat_n(cell, count.min(cells - grid.len())));
    }
    let x = bits.byte().ok_or(truncated.clone())?;
    let y = bits.byte().ok_or(truncated)?;
    let count = bits.bytes_left();
    if count > 0 {
        return Err(ParseError::TrailingBytes { line, count });
    }
    let start = (x < width && y < height).then(|| y * width + x);
    let player = match start.map(|i| (i, grid[i])) {
        Some((i, ' ')) => (i, '@'),
        Some((i, '.')) => (i, '+'),
        _ => return Err(ParseError::PlayerNotOnFloor { line, x, y }),
    };
    grid[player.0] = player.1;
    let rows: Vec<Row> = grid
        .chunks(width)
        .map(|row| Row {
            line,
            cells: row.iter().map(|&c| (c, 1)).collect(),
        })
        .collect();
    Ok(build_level(&rows)?.with_title(packed.label.clone()))
}
