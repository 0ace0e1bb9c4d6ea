//! A level's game as leaving would keep it, and how each way out keeps
//! it: the save written (another game's kept aside), a solve kept for the
//! leaderboard offer, or a stale save deleted.

use crate::app::message::{Message, Problem, plural};
use crate::app::origin::Opened;
use crate::library::SolvedMark;
use crate::storage::Records;
use schokoban_core::{Game, LogEntry};

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
    pub(super) log: Vec<LogEntry>,
    /// Pushes the game played for the player (hints, moves watched):
    /// noted with the save, so the game finished later is not scored.
    pub(super) helped: usize,
    pub(super) solved: bool,
}

impl Kept {
    pub(super) fn of(
        game: &Game,
        opened: &Opened,
        loaded: Option<&[LogEntry]>,
        helped: usize,
    ) -> Self {
        Self {
            records: opened.records.clone(),
            mark: opened.solved_mark.clone(),
            loaded: loaded.map(<[LogEntry]>::to_vec),
            log: game.log().to_vec(),
            helped,
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
            helped: 0,
            solved: true,
        }
    }

    /// The save this game was loaded from, if it was.
    pub fn loaded(&self) -> Option<&[LogEntry]> {
        self.loaded.as_deref()
    }

    /// The records, score and winning moves of a kept solve.
    pub fn into_solve(self) -> Option<(Records, usize, Vec<LogEntry>)> {
        let records = self.records.filter(|_| self.solved)?;
        Some((records, self.log.len(), self.log))
    }

    /// Writes or deletes the save; says what happened, if anything did.
    pub(super) fn carry_out(&self) -> Option<Message> {
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
            (Some(records), 0) => self
                .loaded
                .as_deref()
                .and_then(|loaded| delete_stale(records, loaded)),
            (Some(records), _) => Some(self.write(records)),
        }
    }

    /// Notes the pushes played for the player in the game about to be
    /// saved; says only what went wrong. The save is written either way:
    /// losing it would cost the player more than an unnoted hint.
    fn note_helped(&self, records: &Records) -> Option<Message> {
        let error = (self.helped > 0)
            .then(|| records.note_helped(&self.log, self.helped).err())
            .flatten()?;
        let context = Some("Could not note the pushes played for you");
        Some(Message::trouble(context, Problem::Record(error)))
    }

    /// An unsolved game with moves: its save, another game's kept aside.
    fn write(&self, records: &Records) -> Message {
        let noted = self.note_helped(records);
        let saved = self.write_save(records);
        with_problem(saved, noted)
    }

    fn write_save(&self, records: &Records) -> Message {
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
        let noted = self
            .records
            .as_ref()
            .and_then(|records| self.note_helped(records));
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
        let told = match kept {
            Some(Err(error)) => {
                Message::trouble(Some("Could not keep the solve"), Problem::Record(error))
            }
            Some(Ok(None)) => Message::info(solved),
            Some(Ok(Some(aside))) => Message::info(format!(
                "{solved}; the save another game left there was kept as {}",
                aside.display()
            )),
            None => Message::info(format!("Solved in {}", plural(score, "move"))),
        };
        with_problem(told, noted)
    }
}

/// `message`, and `problem` after it when there is one.
fn with_problem(message: Message, problem: Option<Message>) -> Message {
    match problem {
        Some(problem) => message.and(&problem),
        None => message,
    }
}

/// A game resumed from its save, then reset (or undone to the start): the
/// save would bring back the game the player threw away. Only that save
/// goes; one another game wrote since stays.
fn delete_stale(records: &Records, loaded: &[LogEntry]) -> Option<Message> {
    match records.delete_save_of(&[loaded]) {
        Ok(true) => Some(Message::info(
            "Back at the start, so the old save was deleted",
        )),
        Ok(false) => None,
        Err(error) => Some(Message::trouble(
            Some("Could not delete the old save"),
            Problem::Record(error),
        )),
    }
}
