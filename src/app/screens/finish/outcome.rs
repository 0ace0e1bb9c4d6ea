//! What the flows hand the end screen, and what they tell it back: the
//! level's outcome, where the player can go next, and what came of
//! keeping the score.

use std::rc::Rc;

use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::leaderboard::Leaderboard;
use schokoban_core::{Level, LogEntry};
use schokoban_generate::Entry;

/// Where the player can go from here, besides the main menu.
#[derive(Clone, Debug)]
pub(crate) struct NextChoice {
    pub label: String,
    pub to: NextTo,
}

/// What the next choice opens.
#[derive(Clone, Debug)]
pub(crate) enum NextTo {
    Level(Origin),
    /// The list the level is in (Free play's, or the Endless levels
    /// made), on that level.
    List(Origin),
    /// A new endless level after this one, made on the spot.
    EndlessAfter(Rc<Entry>),
}

/// What the end screen shows: the level's title, the score if solved, and
/// the leaderboard as read.
pub(crate) struct Outcome {
    pub title: String,
    /// `None` when the player left without solving.
    pub solved_score: Option<usize>,
    pub board: Leaderboard,
    /// Whether the score can be kept: `false` when records are off.
    pub keeps_scores: bool,
    pub next: Vec<NextChoice>,
    pub messages: Vec<Message>,
    pub level: Level,
    /// The winning moves, undos included, when solved.
    pub run: Option<Vec<LogEntry>>,
    pub best_run: Option<BestRun>,
    /// Pushes the game played for the player (hints, moves watched): a
    /// solve with any is not offered to the leaderboard.
    pub helped_pushes: usize,
}

/// The best leaderboard entry's name and winning moves.
pub(crate) type BestRun = (String, Vec<LogEntry>);

/// What came of adding the score to the leaderboard, as the flows wrote it.
#[derive(Debug)]
pub(crate) struct ScoreNews {
    /// The board as written and the new entry's place on it; `None` when
    /// the score could not be written.
    pub added: Option<(Leaderboard, Option<usize>)>,
    pub best_run: Option<BestRun>,
    /// The damaged board the warning said would be kept aside was: the
    /// warning is out of date.
    pub board_moved_aside: bool,
    pub messages: Vec<Message>,
}
