//! What leaving now would keep, whatever the way out: Esc, Ctrl+C, a
//! signal, or the terminal hanging up. Every one of them carries out the
//! same [`Keep`], so they cannot keep different things.
//!
//! The Play screen updates the keep as its game changes, copying only the
//! moves added since; the end flow keeps a solve in it until its score is
//! on the leaderboard or the player has said no. The threads that leave on
//! a signal or a hang-up hold a handle to the same keep.
//!
//! The keep also holds the play not yet counted in the statistics file
//! (attempts, time played, solves; see [`super::tally`]), which every way
//! out writes too.
//!
//! Reverse play keeps its game beside the level's: the reverse screen
//! updates its own slot, and leaving writes it as the reverse game left,
//! which reverse play goes on from the next time. A solution found in
//! reverse is kept the moment it is found, so no way out can lose it.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::clock::Clock;
use super::message::{Message, Problem, plural};
use super::origin::Opened;
use super::tally::Tally;
use crate::storage::{Records, ReverseLine};
use schokoban_core::{Game, LogEntry, ReverseGame};

mod kept;
pub(crate) use kept::Kept;

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
/// It holds the app's clock, so that what it keeps is stamped with the
/// time the screens see.
#[derive(Clone, Debug, Default)]
pub struct Keep {
    kept: Arc<Mutex<Option<Kept>>>,
    /// A reverse game in progress, beside the level's.
    reverse: Arc<Mutex<Option<ReverseKept>>>,
    /// Play not yet in the statistics file.
    tally: Arc<Mutex<Tally>>,
    clock: Clock,
}

impl Keep {
    fn lock(&self) -> MutexGuard<'_, Option<Kept>> {
        // A panic elsewhere does not make what is kept wrong.
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn tally(&self) -> MutexGuard<'_, Tally> {
        self.tally.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The app's clock.
    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Where play is counted from now on; `None` when records are off.
    pub(crate) fn count_into(&self, file: Option<PathBuf>) {
        self.tally().set_file(file);
    }

    /// The player acted on `opened`'s level: the time since the last
    /// action counts as played, unless it was a pause; before an attempt
    /// is `under_way` it counts only once one begins.
    pub(crate) fn acted(&self, opened: &Opened, under_way: bool) {
        if let Some(level) = statistics_word(opened) {
            let (now, wall) = (self.clock.now(), self.clock.wall());
            self.tally().acted(&level, now, wall, under_way);
        }
    }

    /// `opened`'s level is on screen from now, in a game [`Keep::start`]
    /// does not keep (reverse play).
    pub(crate) fn shown(&self, opened: &Opened) {
        if let Some(level) = statistics_word(opened) {
            self.tally().shown(&level, self.clock.now());
        }
    }

    /// A play of `opened`'s level began with its first move.
    pub(crate) fn attempt_begun(&self, opened: &Opened) {
        if let Some(level) = statistics_word(opened) {
            self.tally().attempt(&level, self.clock.wall());
        }
    }

    /// `opened`'s level was solved just now.
    pub(crate) fn solved(&self, opened: &Opened) {
        if let Some(level) = statistics_word(opened) {
            self.tally().solve(&level, self.clock.wall());
        }
    }

    /// Adds the play counted so far to the statistics file; says only
    /// what went wrong.
    pub(crate) fn write_statistics(&self) -> Option<Message> {
        self.tally().write()
    }

    fn lock_reverse(&self) -> MutexGuard<'_, Option<ReverseKept>> {
        self.reverse.lock().unwrap_or_else(PoisonError::into_inner)
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
        let kept = self.take().as_ref().and_then(Kept::carry_out);
        let counted = self.write_statistics();
        [reverse, counted]
            .into_iter()
            .flatten()
            .fold(kept, |all, more| match all {
                Some(all) => Some(all.and(&more)),
                None => Some(more),
            })
    }

    /// Keeps `game`, played on `opened` after being loaded from `loaded`
    /// if it was, in place of whatever was kept; its level is on screen
    /// from now.
    pub(crate) fn start(
        &self,
        game: &Game,
        opened: &Opened,
        loaded: Option<&[LogEntry]>,
        helped: usize,
    ) {
        self.set(Some(Kept::of(game, opened, loaded, helped)));
        self.shown(opened);
    }

    /// Keeps up with `game`, as [`Keep::start`] began. Called after every
    /// change to the game, so only the moves added since the last call are
    /// copied. The log mostly grows, but a reset empties it and taking a
    /// reset back puts an older log in its place, which can be longer than
    /// the one kept: only a log that still starts with what is kept is
    /// extended, anything else is kept anew. `helped` is the pushes played
    /// for the player in it so far.
    pub(crate) fn follow(
        &self,
        game: &Game,
        opened: &Opened,
        loaded: Option<&[LogEntry]>,
        helped: usize,
    ) {
        let log = game.log();
        let mut kept = self.lock();
        match kept.as_mut() {
            Some(kept) if log.starts_with(&kept.log) => {
                kept.log.extend_from_slice(&log[kept.log.len()..]);
                kept.solved = game.is_solved();
                kept.helped = helped;
            }
            _ => *kept = Some(Kept::of(game, opened, loaded, helped)),
        }
    }
}

/// The level as the statistics file names it; `None` for a level that is
/// not counted (one tried out from the editor).
fn statistics_word(opened: &Opened) -> Option<String> {
    opened.origin.statistics_key().map(|key| key.word())
}
