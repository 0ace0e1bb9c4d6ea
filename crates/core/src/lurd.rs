//! The LURD move log: `l u r d` walk, `L U R D` push, `x` undo.

use std::fmt;

use super::level::Direction;

/// One step of the player, as the log records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Which way the player moves.
    pub direction: Direction,
    /// Whether the move pushes a box.
    pub push: bool,
}

impl Step {
    /// A move that pushes nothing.
    pub const fn walk(direction: Direction) -> Self {
        Self {
            direction,
            push: false,
        }
    }

    /// A move that pushes a box.
    pub const fn push(direction: Direction) -> Self {
        Self {
            direction,
            push: true,
        }
    }

    /// The LURD letter: lower case for a walk, upper case for a push.
    pub fn to_char(self) -> char {
        let c = match self.direction {
            Direction::Left => 'l',
            Direction::Up => 'u',
            Direction::Right => 'r',
            Direction::Down => 'd',
        };
        if self.push { c.to_ascii_uppercase() } else { c }
    }

    /// The step a LURD letter stands for.
    pub fn from_char(c: char) -> Option<Self> {
        let direction = match c.to_ascii_lowercase() {
            'l' => Direction::Left,
            'u' => Direction::Up,
            'r' => Direction::Right,
            'd' => Direction::Down,
            _ => return None,
        };
        Some(Self {
            direction,
            push: c.is_ascii_uppercase(),
        })
    }
}

/// An entry of the log: a step taken, or an undo of the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogEntry {
    /// A move.
    Step(Step),
    /// An undo of the move before it (`x`).
    Undo,
}

impl LogEntry {
    /// The LURD letter, `x` for an undo.
    pub fn to_char(self) -> char {
        match self {
            LogEntry::Step(step) => step.to_char(),
            LogEntry::Undo => 'x',
        }
    }
}

/// Why a log cannot be replayed. Positions count log entries from 1, so they
/// match the move number a player sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError {
    /// A character that is no LURD letter or `x`.
    UnknownChar {
        /// The log entry, from 1.
        position: usize,
        /// What stands there.
        found: char,
    },
    /// A move into a wall, or a push of a box that cannot move.
    Blocked {
        /// The log entry, from 1.
        position: usize,
        /// The move.
        step: Step,
    },
    /// An undo with nothing left to undo.
    NothingToUndo {
        /// The log entry, from 1.
        position: usize,
    },
    /// A walk (lower case) where a box stands: it would push.
    WalkIntoBox {
        /// The log entry, from 1.
        position: usize,
        /// The move.
        step: Step,
    },
    /// A push (upper case) with no box to push.
    PushWithoutBox {
        /// The log entry, from 1.
        position: usize,
        /// The move.
        step: Step,
    },
}

impl LogError {
    /// The log entry the error is about, from 1.
    pub fn position(&self) -> usize {
        match *self {
            LogError::UnknownChar { position, .. }
            | LogError::Blocked { position, .. }
            | LogError::NothingToUndo { position }
            | LogError::WalkIntoBox { position, .. }
            | LogError::PushWithoutBox { position, .. } => position,
        }
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LogError::UnknownChar { position, found } => {
                write!(f, "move {position}: {found:?} is not a LURD move")
            }
            LogError::Blocked { position, step } => write!(
                f,
                "move {position} ({}): blocked by a wall or a box that cannot move",
                step.to_char()
            ),
            LogError::NothingToUndo { position } => {
                write!(f, "move {position} (x): nothing to undo")
            }
            LogError::WalkIntoBox { position, step } => write!(
                f,
                "move {position} ({}): written as a walk but pushes a box",
                step.to_char()
            ),
            LogError::PushWithoutBox { position, step } => write!(
                f,
                "move {position} ({}): written as a push but there is no box to push",
                step.to_char()
            ),
        }
    }
}

impl std::error::Error for LogError {}

/// Reads a LURD log. White space is skipped, so solutions wrapped over
/// several lines read as one, and so is a leading byte-order mark, which
/// some editors add to any file they save.
pub fn parse_log(text: &str) -> Result<Vec<LogEntry>, LogError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.chars()
        .filter(|c| !c.is_whitespace())
        .enumerate()
        .map(|(index, c)| match c {
            'x' => Ok(LogEntry::Undo),
            _ => Step::from_char(c)
                .map(LogEntry::Step)
                .ok_or(LogError::UnknownChar {
                    position: index + 1,
                    found: c,
                }),
        })
        .collect()
}

/// Reads a solution as players write and paste it: LURD letters with no
/// undos, where a count repeats the letter after it (`3l2U` is `lllUU`, as
/// `YSokoban` packs them). White space is skipped.
pub fn parse_moves(text: &str) -> Result<Vec<Step>, LogError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut steps = Vec::new();
    let mut count: Option<usize> = None;
    let mut position = 0;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        position += 1;
        if let Some(digit) = c.to_digit(10) {
            let more = count
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(digit as usize);
            if more > MAX_RUN {
                return Err(LogError::UnknownChar { position, found: c });
            }
            count = Some(more);
            continue;
        }
        let step = Step::from_char(c).ok_or(LogError::UnknownChar { position, found: c })?;
        let times = count.take().unwrap_or(1);
        steps.extend(std::iter::repeat_n(step, times));
    }
    match count {
        Some(_) => Err(LogError::UnknownChar {
            position,
            found: text
                .chars()
                .rev()
                .find(|c| !c.is_whitespace())
                .unwrap_or('0'),
        }),
        None => Ok(steps),
    }
}

/// The longest run one count may ask for: no level needs more steps in a
/// row, and a pasted `99999999999l` must not fill the memory.
const MAX_RUN: usize = 10_000;

/// The LURD text of a log, `x` for each undo.
pub fn format_log(entries: &[LogEntry]) -> String {
    entries.iter().map(|e| e.to_char()).collect()
}

/// The LURD text of a line of moves.
pub fn format_steps(steps: &[Step]) -> String {
    steps.iter().map(|s| s.to_char()).collect()
}
