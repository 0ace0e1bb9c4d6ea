//! The same compressed levels as the R3forth Sokoban keeps them
//! (`sokoban.levels.r3`): decimal bytes in a named block, one level each.
//!
//! ```text
//! | Levels from: https://github.com/begoon/sokoban-maps
//! #lvl1z ( 22 11 162 223 56 50 ... 12 8 )
//! #levels 'lvl1z 'lvl2z
//! ```
//!
//! `|` starts a comment; a `#NAME` not followed by `(` (the table of
//! levels) is skipped. The bytes are pusher.exe's, decoded as such.

use super::formats::Budget;
use super::level::Level;
use super::parse_error::ParseError;
use super::pusher_packed::{Packed, byte_in, decode_counted};

/// Whether `line` (trimmed) opens a block of level bytes: `#NAME (`.
pub(super) fn is_block_line(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next().is_some_and(is_name) && words.next() == Some("(")
}

fn is_name(word: &str) -> bool {
    word.strip_prefix('#').is_some_and(|name| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Reads every level block of an R3forth source.
pub(super) fn parse(text: &str) -> Result<Vec<Level>, ParseError> {
    let mut levels = Vec::new();
    let mut budget = Budget::default();
    let mut open: Option<Packed> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let code = raw.split('|').next().unwrap_or_default();
        let mut words = words(code).peekable();
        while let Some((column, word)) = words.next() {
            if let Some(packed) = open.as_mut() {
                if word == ")" {
                    if let Some(done) = open.take() {
                        levels.push(decode_counted(&done, &mut budget)?);
                    }
                } else {
                    let byte = byte_value(word).ok_or(ParseError::BadByte {
                        line: line_no,
                        column,
                    })?;
                    packed.bytes.push(byte);
                }
            } else if is_name(word) && words.peek().is_some_and(|&(_, next)| next == "(") {
                words.next();
                open = Some(Packed {
                    line: line_no,
                    label: Some(word[1..].to_owned()),
                    bytes: Vec::new(),
                });
            } else if is_name(word) {
                // The table of levels, or another definition: not levels.
                break;
            } else {
                return Err(ParseError::UnexpectedText { line: line_no });
            }
        }
    }
    if let Some(unclosed) = open {
        return Err(ParseError::Truncated {
            line: unclosed.line,
        });
    }
    if levels.is_empty() {
        return Err(ParseError::NoBoard);
    }
    Ok(levels)
}

/// The words of `line` with the columns (from 1) they start at.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut column = 1;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if len == 0 {
            return None;
        }
        let (word, after) = rest.split_at(len);
        let start = column;
        column += word.chars().count();
        rest = after;
        Some((start, word))
    })
}

/// `162`, or `$A2` in hexadecimal as R3forth writes it.
fn byte_value(word: &str) -> Option<u8> {
    let (digits, radix) = match word.strip_prefix('$') {
        Some(hex) => (hex, 16),
        None => (word, 10),
    };
    byte_in(digits, radix)
}
