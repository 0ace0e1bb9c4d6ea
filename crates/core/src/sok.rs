//! Reading XSB text and the SOK format as sokobano.de documents it and
//! YASC writes it: a collection header with its own `Title:`/`Author:`,
//! boards with a title line or `Title:` above them, and notes below them
//! (`Title:`, `Author:`, `Game:`, `Comment:` … `Comment-End:` blocks,
//! solutions and snapshots), which are text and never boards.
//!
//! The text is read in two passes: each line is first told to be a board
//! row, a gap, text or part of a comment block; then each board gets the
//! text around it. A board that is bad costs that level only.

use super::formats::Budget;
use super::level::{Level, Published};
use super::level_file::{BadLevel, LevelFile};
use super::lurd::parse_moves;
use super::parse::{
    MAX_LEVELS, MAX_SIDE, Row, build_level, expand_line, is_board_row, metadata, unquote,
};
use super::parse_error::ParseError;

/// A title and its moves as a published solution, if the moves read.
fn published((title, moves): (String, String)) -> Option<Published> {
    let steps = parse_moves(&moves).ok()?;
    (!steps.is_empty()).then_some(Published { title, steps })
}

/// What a line is, once its neighbours are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Blank, a `;` comment or a `::` note for someone reading the raw file.
    Gap,
    Row,
    Text,
    /// Inside a `Comment:` … `Comment-End:` block: never a board or a title.
    Note,
    /// A `Solution` line, or a line of moves under one.
    Solution,
}

/// Reads every board of an XSB or SOK text. Fails only when the text holds
/// no board, no playable level (then with the first board's reason), or
/// more than any collection holds.
pub(super) fn parse_sok(text: &str) -> Result<LevelFile, ParseError> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let kinds = classify(&lines);
    let boards = boards(&kinds);
    if boards.len() > MAX_LEVELS {
        return Err(ParseError::CollectionTooLarge {
            line: boards[MAX_LEVELS].start + 1,
        });
    }
    let text = Text {
        lines: &lines,
        kinds: &kinds,
    };
    let blocks: Vec<usize> = boards
        .iter()
        .map(|board| text.title_block(board.start))
        .collect();
    let header = text.facts(0..blocks.first().copied().unwrap_or(lines.len()));
    let mut budget = Budget::default();
    let mut levels = Vec::with_capacity(boards.len());
    for (index, board) in boards.iter().enumerate() {
        let above = text.facts(blocks[index]..board.start);
        let notes_end = blocks.get(index + 1).copied().unwrap_or(lines.len());
        let below = text.facts(board.end..notes_end);
        let solutions = text.solutions(board.end..notes_end);
        let title = below.title.or(above.title).or_else(above.name);
        let author = below.author.or(above.author).value();
        let game = below.game.or(above.game).or_else(|| header.game.clone());
        let level = match game {
            Some(game) if !game.eq_ignore_ascii_case("sokoban") => Err(ParseError::OtherGame {
                line: board.start + 1,
                game,
            }),
            _ => text.build(board),
        };
        levels.push(match level {
            Ok(level) => {
                budget.admit(&level, board.start + 1)?;
                let author = author.or_else(|| header.author.clone().value());
                Ok(level
                    .with_title(title)
                    .with_author(author)
                    .with_solutions(solutions))
            }
            Err(error) => Err(BadLevel { title, error }),
        });
    }
    let file = LevelFile {
        title: header.collection.value(),
        author: header.author.value(),
        levels,
    };
    match file.levels.iter().find_map(|level| level.as_ref().err()) {
        None if file.is_empty() => Err(ParseError::NoBoard),
        Some(bad) if file.playable().next().is_none() => Err(bad.error.clone()),
        _ => Ok(file),
    }
}

/// Tells each line's kind: rows by their shape and by whether a board is
/// open, comment blocks by a `Comment:` line with nothing after it that a
/// later `Comment-End:` closes (an unclosed one is a line of text).
fn classify(lines: &[&str]) -> Vec<Kind> {
    let key_is = |line: &str, wanted: &str| {
        metadata(line.trim_start()).is_some_and(|(key, value)| key == wanted && value.is_empty())
    };
    let ends: Vec<usize> = (0..lines.len())
        .filter(|&i| key_is(lines[i], "comment-end"))
        .collect();
    let mut kinds = Vec::with_capacity(lines.len());
    let mut note_until = None;
    for (index, line) in lines.iter().enumerate() {
        let content = line.trim_start();
        let inside_board = kinds.last() == Some(&Kind::Row);
        let kind = if note_until.is_some_and(|end| index <= end) {
            Kind::Note
        } else if content.is_empty() || content.starts_with(';') || content.starts_with("::") {
            Kind::Gap
        } else if is_solution_title(content)
            || (matches!(kinds.last(), Some(Kind::Solution)) && is_moves_line(content))
        {
            Kind::Solution
        } else if is_board_row(content, inside_board) {
            Kind::Row
        } else if key_is(content, "comment")
            && let Some(&end) = ends.get(ends.partition_point(|&end| end <= index))
        {
            note_until = Some(end);
            Kind::Note
        } else {
            Kind::Text
        };
        kinds.push(kind);
    }
    // A lone row of one repeated character (`##########`, `*****`, `2#`)
    // is a rule drawn between levels, not a level.
    for index in 0..kinds.len() {
        let alone = (index == 0 || kinds[index - 1] != Kind::Row)
            && kinds.get(index + 1) != Some(&Kind::Row);
        if kinds[index] == Kind::Row && alone && is_rule_line(lines[index]) {
            kinds[index] = Kind::Gap;
        }
    }
    kinds
}

/// Whether a line names a solution under a board: `Solution`, as Festival
/// writes it, or `Solution (moves 97, pushes 30)`, `Solution/Moves`, as YASC
/// and others do.
fn is_solution_title(content: &str) -> bool {
    let Some(head) = content.get(..SOLUTION.len()) else {
        return false;
    };
    head.eq_ignore_ascii_case(SOLUTION)
        && content[SOLUTION.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric())
}

const SOLUTION: &str = "solution";

/// Whether a line holds nothing but LURD moves and run-length counts.
fn is_moves_line(content: &str) -> bool {
    content
        .chars()
        .all(|c| "lurdLURD0123456789".contains(c) || c.is_whitespace())
}

/// Whether a row draws nothing but one character over and over, and no player.
fn is_rule_line(line: &str) -> bool {
    let mut drawn = line
        .chars()
        .filter(|c| !c.is_ascii_digit() && !matches!(c, ' ' | '|'));
    let Some(first) = drawn.next() else {
        return false;
    };
    !"@+pPmM".contains(first) && drawn.all(|c| c == first)
}

/// A board's lines, `start..end`, counting from 0.
struct Board {
    start: usize,
    end: usize,
}

fn boards(kinds: &[Kind]) -> Vec<Board> {
    let mut boards = Vec::new();
    let mut index = 0;
    while index < kinds.len() {
        if kinds[index] == Kind::Row {
            let start = index;
            while index < kinds.len() && kinds[index] == Kind::Row {
                index += 1;
            }
            boards.push(Board { start, end: index });
        } else {
            index += 1;
        }
    }
    boards
}

/// How a stretch of text gives a key. One written empty still counts as
/// given, so a later one does not replace it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum Said {
    #[default]
    Not,
    Empty,
    Value(String),
}

impl Said {
    /// Keeps the first time a key is given.
    fn give(&mut self, value: Option<String>) {
        if *self == Said::Not {
            *self = value.map_or(Said::Empty, Said::Value);
        }
    }

    fn or(self, other: Said) -> Said {
        if self == Said::Not { other } else { self }
    }

    fn value(self) -> Option<String> {
        self.or_else(None)
    }

    /// The value, else `fallback` when the key was not given at all.
    fn or_else(self, fallback: Option<String>) -> Option<String> {
        match self {
            Said::Not => fallback,
            Said::Empty => None,
            Said::Value(value) => Some(value),
        }
    }
}

/// What a stretch of text says.
#[derive(Default)]
struct Facts {
    title: Said,
    author: Said,
    game: Option<String>,
    /// The collection's name: `Title:`, `Collection:` or `Set:`.
    collection: Said,
    /// The last line, when it is free text: a title line.
    name: Option<String>,
}

struct Text<'a> {
    lines: &'a [&'a str],
    kinds: &'a [Kind],
}

impl Text<'_> {
    /// Where the text that titles the board at `start` begins: the last run
    /// of text lines above it, if a gap or the file's start comes before
    /// the run (not a board: then it is that board's notes), and the run
    /// either ends in a free-text title line (blank lines may follow it)
    /// or sits right on the board (`Title:`, `Author:` written above it).
    /// Else `start`: the text above is the board before's notes, or the
    /// file's header.
    fn title_block(&self, start: usize) -> usize {
        let mut end = start;
        while end > 0 && self.kinds[end - 1] == Kind::Gap {
            end -= 1;
        }
        let mut begin = end;
        while begin > 0
            && matches!(
                self.kinds[begin - 1],
                Kind::Text | Kind::Note | Kind::Solution
            )
        {
            begin -= 1;
        }
        let glued_to_board_above = begin > 0 && self.kinds[begin - 1] == Kind::Row;
        if begin == end || glued_to_board_above {
            return start;
        }
        if end == start || self.facts(begin..end).name.is_some() {
            begin
        } else {
            start
        }
    }

    /// The keys of the text lines in `range`; the first of each counts.
    fn facts(&self, range: std::ops::Range<usize>) -> Facts {
        let mut facts = Facts::default();
        for index in range {
            if self.kinds[index] != Kind::Text {
                if matches!(self.kinds[index], Kind::Note | Kind::Solution) {
                    facts.name = None;
                }
                continue;
            }
            let content = self.lines[index].trim_start();
            let Some((key, value)) = metadata(content) else {
                facts.name = Some(unquote(content).to_owned());
                continue;
            };
            facts.name = None;
            let value = (!value.is_empty()).then(|| value.to_owned());
            match key.as_str() {
                "title" => {
                    facts.title.give(value.clone());
                    facts.collection.give(value);
                }
                "collection" | "set" => facts.collection.give(value),
                "author" => facts.author.give(value),
                "game" => {
                    if let Some(game) = value {
                        facts.game.get_or_insert(game);
                    }
                }
                _ => {}
            }
        }
        facts
    }

    /// The solutions written in `range`: each title with the moves under
    /// it. One whose moves do not read is left out; it is checked again
    /// when played, so a wrong one costs nothing but itself.
    fn solutions(&self, range: std::ops::Range<usize>) -> Vec<Published> {
        let mut solutions = Vec::new();
        let mut current: Option<(String, String)> = None;
        for index in range {
            let content = self.lines[index].trim();
            let solution_line = self.kinds[index] == Kind::Solution;
            if solution_line && is_solution_title(content) && !is_moves_line(content) {
                solutions.extend(current.take().and_then(published));
                // `Solution: rrDD` keeps its moves on the title's line.
                let (title, moves) = match content.split_once(':') {
                    Some((title, moves)) if is_moves_line(moves) => (title, moves),
                    _ => (content, ""),
                };
                current = Some((title.trim().to_owned(), moves.to_owned()));
            } else if solution_line && let Some((_, moves)) = current.as_mut() {
                moves.push_str(content);
            } else {
                solutions.extend(current.take().and_then(published));
            }
        }
        solutions.extend(current.and_then(published));
        solutions
    }

    /// The level a board's rows draw, or why they draw none.
    fn build(&self, board: &Board) -> Result<Level, ParseError> {
        let mut rows: Vec<Row> = Vec::new();
        for index in board.start..board.end {
            for row in expand_line(index + 1, self.lines[index])? {
                if rows.len() == MAX_SIDE {
                    return Err(ParseError::TooLarge { line: row.line });
                }
                rows.push(row);
            }
        }
        build_level(&rows)
    }
}
