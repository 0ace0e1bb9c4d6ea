//! What leaving now would keep, whatever the way out: Esc, Ctrl+C, a
//! signal, or the terminal hanging up. Every one of them carries out the
//! same [`Keep`], so they cannot keep different things.
//!
//! The Play screen updates the keep as its game changes, copying only the
//! moves added since; the end flow keeps a solve in it until its score is
//! on the leaderboard or the player has said no. The threads that leave on
//! a signal or a hang-up hold a handle to the same keep.
//!
//! Reverse play keeps its game beside the level's: the reverse screen
//! updates its own slot, and leaving writes it as the reverse game left,
//! which reverse play goes on from the next time. A solution found in
//! reverse is kept the moment it is found, so no way out can lose it.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::message::{Message, MessageKind, Problem, plural};
use super::origin::Opened;
use crate::library::SolvedMark;
use crate::storage::{Records, ReverseLine};
use schokoban_core::{Game, LogEntry, ReverseGame};

/// A level's game as leaving would keep it.
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    /// `None` when records and saves are off.
    records: Option<Records>,
    /// Marked solved when a solve is kept: a built-in or added level.
    mark: Option<SolvedMark>,
    /// The save the game was loaded from: any other save on disk is
    /// another game's, kept aside rather than written over; and a game
    /// back at the start makes it stale.
    loaded: Option<Vec<LogEntry>>,
    /// The moves played, undos included.
    log: Vec<LogEntry>,
    solved: bool,
}

impl Kept {
    fn of(game: &Game, opened: &Opened, loaded: Option<&[LogEntry]>) -> Self {
        Self {
            records: opened.records.clone(),
            mark: opened.solved_mark.clone(),
            loaded: loaded.map(<[LogEntry]>::to_vec),
            log: game.log().to_vec(),
            solved: game.is_solved(),
        }
    }

    /// A solve the end flow keeps until its score is on the leaderboard
    /// or the player has said no; progress is already marked.
    pub fn solve(records: Records, log: Vec<LogEntry>) -> Self {
        Self {
            records: Some(records),
            mark: None,
            loaded: None,
            log,
            solved: true,
        }
    }

    /// The records, score and winning moves of a kept solve.
    pub fn into_solve(self) -> Option<(Records, usize, Vec<LogEntry>)> {
        let records = self.records.filter(|_| self.solved)?;
        Some((records, self.log.len(), self.log))
    }

    /// Writes or deletes the save; says what happened, if anything did.
    fn carry_out(&self) -> Option<Message> {
        let score = self.log.len();
        if self.solved {
            return (score > 0 && (self.records.is_some() || self.mark.is_some()))
                .then(|| self.keep_solve(score));
        }
        match (&self.records, score) {
            (None, 0) => None,
            (None, _) => Some(Message::warning(
                "Records and saves are off: the game was not saved",
            )),
            (Some(records), 0) => self.loaded.is_some().then(|| delete_stale(records)),
            (Some(records), _) => Some(self.write(records)),
        }
    }

    /// An unsolved game with moves: its save, another game's kept aside.
    fn write(&self, records: &Records) -> Message {
        match records.write_save_keeping_other(&self.log, self.loaded.as_deref()) {
            Ok(None) => Message::info(format!("Game saved to {}", records.save_path().display())),
            Ok(Some(aside)) => Message::info(format!(
                "Game saved to {}; the save another game left there was kept as {}",
                records.save_path().display(),
                aside.display()
            )),
            Err(error) => Message::trouble(Some("Could not save the game"), Problem::Record(error)),
        }
    }

    /// A solve left before its score was added or refused (the terminal
    /// gone, say): the level is marked solved and the winning moves kept
    /// as its save, for the leaderboard offer the next time it is opened.
    fn keep_solve(&self, score: usize) -> Message {
        if let Some(Err(error)) = self.mark.as_ref().map(SolvedMark::record) {
            return Message::trouble(Some("Progress not saved"), Problem::Library(error));
        }
        // Under the map's lock, like an unsolved game's save: a game of
        // the same level leaving at the same moment keeps its save aside.
        let kept = self
            .records
            .as_ref()
            .map(|records| records.write_save_keeping_other(&self.log, self.loaded.as_deref()));
        let solved = format!(
            "Solved in {}: the leaderboard is offered the next time you open the level",
            plural(score, "move")
        );
        match kept {
            Some(Err(error)) => {
                Message::trouble(Some("Could not keep the solve"), Problem::Record(error))
            }
            Some(Ok(None)) => Message::info(solved),
            Some(Ok(Some(aside))) => Message::info(format!(
                "{solved}; the save another game left there was kept as {}",
                aside.display()
            )),
            None => Message::info(format!("Solved in {}", plural(score, "move"))),
        }
    }
}

/// A game resumed from its save, then reset (or undone to the start): the
/// save would bring back the game the player threw away.
fn delete_stale(records: &Records) -> Message {
    match records.delete_save() {
        Ok(()) => Message::info("Back at the start, so the old save was deleted"),
        Err(error) => Message::trouble(
            Some("Could not delete the old save"),
            Problem::Record(error),
        ),
    }
}

/// A reverse game as leaving would keep it: its start and its moves.
#[derive(Clone, Debug)]
pub(crate) struct ReverseKept {
    records: Records,
    line: ReverseLine,
    /// Back where the level starts: its solution is kept already, and the
    /// next reverse game starts afresh.
    done: bool,
}

impl ReverseKept {
    /// Writes the game as the reverse game left, or drops the one before
    /// when the game is back at the start or done; says so only when it
    /// kept one or failed.
    fn carry_out(self) -> Option<Message> {
        let moves = if self.done { 0 } else { self.line.log.len() };
        let left = (moves > 0).then_some(self.line);
        match self.records.keep_reverse_left(left) {
            Ok(()) => (moves > 0).then(|| {
                Message::info(format!(
                    "Reverse game kept at {}: reverse play goes on from it",
                    plural(moves, "move")
                ))
            }),
            Err(error) => Some(Message::trouble(
                Some("Could not keep the reverse game"),
                Problem::Record(error),
            )),
        }
    }
}

/// What leaving now would keep; cloning gives another handle to the same.
#[derive(Clone, Debug, Default)]
pub struct Keep(Arc<Mutex<Option<Kept>>>, Arc<Mutex<Option<ReverseKept>>>);

impl Keep {
    fn lock(&self) -> MutexGuard<'_, Option<Kept>> {
        // A panic elsewhere does not make what is kept wrong.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lock_reverse(&self) -> MutexGuard<'_, Option<ReverseKept>> {
        self.1.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps up with a reverse game of the level `opened`, in place of the
    /// one kept before: called after every change to it. A level without
    /// records keeps nothing.
    pub(crate) fn follow_reverse(&self, game: &ReverseGame, opened: &Opened) {
        let mut kept = self.lock_reverse();
        let Some(records) = opened.records.clone() else {
            *kept = None;
            return;
        };
        let done = game.is_done();
        match kept.as_mut() {
            Some(kept)
                if kept.line.start == game.start() && game.log().starts_with(&kept.line.log) =>
            {
                let known = kept.line.log.len();
                kept.line.log.extend_from_slice(&game.log()[known..]);
                kept.done = done;
            }
            _ => {
                *kept = Some(ReverseKept {
                    records,
                    line: ReverseLine::new(true, game.start(), game.log().to_vec(), None),
                    done,
                });
            }
        }
    }

    /// Carries out the reverse game kept, if any, and empties its slot:
    /// leaving reverse play for the level's screen below.
    pub(crate) fn carry_out_reverse(&self) -> Option<Message> {
        let kept = self.lock_reverse().take();
        kept.and_then(ReverseKept::carry_out)
    }

    pub(crate) fn set(&self, kept: Option<Kept>) {
        *self.lock() = kept;
    }

    pub(crate) fn take(&self) -> Option<Kept> {
        self.lock().take()
    }

    /// Carries out what is kept and empties the keep: the one step every
    /// way out takes. Says what it did, if anything.
    pub fn carry_out(&self) -> Option<Message> {
        let reverse = self.carry_out_reverse();
        let level = self.take().as_ref().and_then(Kept::carry_out);
        match (level, reverse) {
            (Some(mut level), Some(reverse)) => {
                level.text = format!("{}. {}", level.text, reverse.text);
                if reverse.kind == MessageKind::Warning {
                    level.kind = MessageKind::Warning;
                }
                Some(level)
            }
            (level, reverse) => level.or(reverse),
        }
    }

    /// Keeps `game`, played on `opened` after being loaded from `loaded`
    /// if it was, in place of whatever was kept.
    pub(crate) fn start(&self, game: &Game, opened: &Opened, loaded: Option<&[LogEntry]>) {
        self.set(Some(Kept::of(game, opened, loaded)));
    }

    /// Keeps up with `game`, as [`Keep::start`] began. Called after every
    /// change to the game, so only the moves added since the last call are
    /// copied. The log mostly grows, but a reset empties it and taking a
    /// reset back puts an older log in its place, which can be longer than
    /// the one kept: only a log that still starts with what is kept is
    /// extended, anything else is kept anew.
    pub(crate) fn follow(&self, game: &Game, opened: &Opened, loaded: Option<&[LogEntry]>) {
        let log = game.log();
        let mut kept = self.lock();
        match kept.as_mut() {
            Some(kept) if log.starts_with(&kept.log) => {
                kept.log.extend_from_slice(&log[kept.log.len()..]);
                kept.solved = game.is_solved();
            }
            _ => *kept = Some(Kept::of(game, opened, loaded)),
        }
    }
}
