//! One way in for every level format the game reads, told apart by content
//! rather than by file name: XSB, the two listings of begoon's pusher.exe
//! maps (the plain one its extractor prints, and the compressed assembler
//! one), and the same compressed levels as the R3forth Sokoban keeps them.

use super::level::Level;
use super::level_file::LevelFile;
use super::parse::MAX_LEVELS;
use super::parse_error::ParseError;
use super::sok::parse_sok;
use super::{MAX_TOTAL_CELLS, pusher_packed, pusher_plain, r3forth};

/// The level formats the game reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelFormat {
    /// XSB (Sokoban standard) text, with run-length rows, comments and `Title:`/`Author:`.
    Xsb,
    /// `Maze: N`, `Size X: W`, `Size Y: H`, then rows of `X * . & @`.
    PusherPlain,
    /// `level_01 db 16h, 0Bh, ...`: the pusher.exe bit stream.
    PusherCompressed,
    /// `#lvl1z ( 22 11 162 ... )`: the same bytes in R3forth.
    R3forth,
}

/// Tells the format from the first line that says anything (comments,
/// `;` or `|`, skipped): a pusher header (or a separator of stars with one
/// after it), an assembler `db` line, an R3forth `#NAME (` block, or else
/// XSB.
pub fn detect_format(text: &str) -> LevelFormat {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut saying = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with([';', '|']));
    let first = saying.next();
    match first {
        Some(line) if pusher_plain::starts_listing(line, saying.next()) => LevelFormat::PusherPlain,
        Some(line) if pusher_packed::is_db_line(line) => LevelFormat::PusherCompressed,
        Some(line) if r3forth::is_block_line(line) => LevelFormat::R3forth,
        _ => LevelFormat::Xsb,
    }
}

/// Reads every board of a text in any format the game reads, in order, each
/// playable or with its reason: one bad level among good ones costs that
/// level only. A text with no playable level is refused with the first
/// reason, so nothing is opened that cannot be played.
/// Line ends may be Unix's `\n`, Windows' `\r\n` or, in files from the
/// classic Mac OS, a lone `\r`.
pub fn parse_level_file(text: &str) -> Result<LevelFile, ParseError> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let unix;
    let body = if body.contains('\r') {
        unix = body.replace("\r\n", "\n").replace('\r', "\n");
        unix.as_str()
    } else {
        body
    };
    match detect_format(body) {
        LevelFormat::Xsb => parse_sok(body),
        LevelFormat::PusherPlain => pusher_plain::parse(body).map(LevelFile::all_good),
        LevelFormat::PusherCompressed => pusher_packed::parse(body).map(LevelFile::all_good),
        LevelFormat::R3forth => r3forth::parse(body).map(LevelFile::all_good),
    }
}

/// Parses every level of a text that must read whole, in order: any bad
/// level fails it, with the first reason.
pub fn parse_levels(text: &str) -> Result<Vec<Level>, ParseError> {
    parse_level_file(text)?.into_levels()
}

/// Parses the first level of `text`: what a single-level file holds.
pub fn parse_level(text: &str) -> Result<Level, ParseError> {
    parse_levels(text)?
        .into_iter()
        .next()
        .ok_or(ParseError::NoBoard)
}

/// What the levels of one text have used of the limits every format shares.
#[derive(Default)]
pub(super) struct Budget {
    levels: usize,
    cells: usize,
}

impl Budget {
    /// Counts `level`, which starts at `line`, refusing the text once it
    /// holds more levels or cells than any real collection.
    pub(super) fn admit(&mut self, level: &Level, line: usize) -> Result<(), ParseError> {
        self.levels += 1;
        self.cells += level.width() * level.height();
        if self.levels > MAX_LEVELS || self.cells > MAX_TOTAL_CELLS {
            return Err(ParseError::CollectionTooLarge { line });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_apart_by_their_first_line() {
        let cases = [
            ("#####\n#@$.#\n#####\n", LevelFormat::Xsb),
            ("; Maze: 1\n#####\n#@$.#\n#####\n", LevelFormat::Xsb),
            ("Title: x\n", LevelFormat::Xsb),
            ("", LevelFormat::Xsb),
            ("*****\nMaze: 1\n", LevelFormat::PusherPlain),
            ("\u{feff}\nMaze: 1\nSize X: 3\n", LevelFormat::PusherPlain),
            ("Size Y: 1\n", LevelFormat::PusherPlain),
            ("level_01 db 16h, 0Bh\n", LevelFormat::PusherCompressed),
            ("; maps\nL1: DB 3\n", LevelFormat::PusherCompressed),
            ("  db 3, 4\n", LevelFormat::PusherCompressed),
            ("| MC 2020\n#lvlaz ( 8 3 246 )\n", LevelFormat::R3forth),
            ("#lvl1z (\n", LevelFormat::R3forth),
            ("|#####|#@$.#|#####\n", LevelFormat::Xsb),
            // A top row of boxes on goals is no pusher separator.
            ("***\n@##\n###\n", LevelFormat::Xsb),
            ("*****\n\nMaze: 1\n", LevelFormat::PusherPlain),
        ];
        for (text, format) in cases {
            assert_eq!(detect_format(text), format, "{text:?}");
        }
    }
}
