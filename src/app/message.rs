//! One-line messages: what just happened, or what went wrong and why,
//! with the typed cause kept for code (and tests) that act on it.

use std::error::Error;
use std::fmt;
use std::path::PathBuf;
use std::rc::Rc;

use crate::library::LibraryError;
use crate::storage::{LeaderboardError, LoadError, RecordError};
pub use crate::text::plural;
use schokoban_core::LogError;

/// A line on screen: what just happened, or what went wrong.
#[derive(Clone, Debug)]
pub struct Message {
    pub text: String,
    pub kind: MessageKind,
    cause: Option<Rc<Problem>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    Info,
    Warning,
}

impl Message {
    pub fn info(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            kind: MessageKind::Info,
            cause: None,
        }
    }

    pub fn warning(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            kind: MessageKind::Warning,
            cause: None,
        }
    }

    /// A warning about `problem`, worded by the screen that shows it:
    /// `context` goes first (`Could not save the game`), then the cause.
    pub(crate) fn trouble(context: Option<&str>, problem: Problem) -> Self {
        let text = match context {
            Some(context) => format!("{context}: {problem}"),
            None => problem.to_string(),
        };
        Self {
            text,
            kind: MessageKind::Warning,
            cause: Some(Rc::new(problem)),
        }
    }

    /// This message, then `other`'s text after it: a warning if either is,
    /// with this one's cause.
    #[must_use]
    pub(crate) fn and(mut self, other: &Message) -> Self {
        self.text = format!("{}; {}", self.text, other.text);
        if other.kind == MessageKind::Warning {
            self.kind = MessageKind::Warning;
        }
        self
    }

    /// What went wrong, when this message is about a failure.
    pub fn cause(&self) -> Option<&Problem> {
        self.cause.as_deref()
    }
}

/// Why something the player asked for failed, as storage and the library
/// reported it.
#[derive(Debug)]
pub enum Problem {
    /// A map file could not be read as levels.
    Map(LoadError),
    /// A file of several levels has no level `number`.
    NoSuchLevel { path: PathBuf, number: usize },
    /// A leaderboard or save could not be read or written.
    Record(RecordError),
    /// A leaderboard with damaged lines; the readable entries still count.
    DamagedBoard {
        path: PathBuf,
        problems: Vec<LeaderboardError>,
    },
    /// A saved game does not replay on its level.
    Replay {
        save: Option<PathBuf>,
        error: LogError,
    },
    /// The built-in levels, or progress through them.
    Library(LibraryError),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Map(error) => write!(f, "{error}"),
            Problem::NoSuchLevel { path, number } => {
                write!(f, "{}: there is no level {number}", path.display())
            }
            Problem::Record(error) => write!(f, "{error}"),
            Problem::DamagedBoard { path, problems } => {
                let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "{} is damaged ({}); it will be kept aside when a new score is added",
                    path.display(),
                    problems.join("; ")
                )
            }
            Problem::Replay {
                save: Some(path),
                error,
            } => write!(f, "{}: {error}", path.display()),
            Problem::Replay { save: None, error } => write!(f, "{error}"),
            Problem::Library(error) => write!(f, "{error}"),
        }
    }
}

/// By hand, as a damaged board's source is the first of its problems.
impl Error for Problem {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            Problem::Map(error) => Some(error),
            Problem::Record(error) => Some(error),
            Problem::Replay { error, .. } => Some(error),
            Problem::Library(error) => Some(error),
            Problem::DamagedBoard { problems, .. } => {
                problems.first().map(|e| e as &(dyn Error + 'static))
            }
            Problem::NoSuchLevel { .. } => None,
        }
    }
}

/// Where a line of play stands, forward or reverse, for the words of its
/// undo, redo and reset keys.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineState {
    /// A step, or a reset, to take back.
    pub can_undo: bool,
    pub can_redo: bool,
    /// Nothing counted since the start or the last reset.
    pub at_start: bool,
}

impl LineState {
    /// What `action` says when it can do nothing, said where the eye is
    /// rather than nothing at all; `None` when it has work to do.
    pub(crate) fn nothing_to_do(self, action: crate::app::keymap::Action) -> Option<Message> {
        use crate::app::keymap::Action;
        let text = match action {
            Action::Undo if !self.can_undo => "Nothing to undo yet",
            Action::Redo if !self.can_redo => "Nothing to redo",
            Action::Reset if self.at_start => "Already at the start",
            _ => return None,
        };
        Some(Message::info(text))
    }
}

/// What undoing a reset says: the count it goes back to.
pub(crate) fn reset_undone(score: usize) -> Message {
    Message::info(format!("Reset undone: back to {}", plural(score, "move")))
}
