//! The line of play that forward and reverse games both keep: the steps
//! taken, the steps undone, every entry since the last reset (the score),
//! and the games resets threw away. A game moves its own pieces and tells
//! its line what it did; `P` is what a game keeps of its pieces when a
//! reset throws them away.

use super::lurd::{LogEntry, Step};

#[derive(Clone, Debug)]
pub(crate) struct Line<P> {
    /// The current line of play: what undo walks back through.
    history: Vec<Step>,
    /// Steps undone since the last new move, most recent last.
    redo: Vec<Step>,
    /// Everything since the last reset, undos included. Its length is the
    /// score.
    log: Vec<LogEntry>,
    /// The games that resets threw away, latest last: an undo with no
    /// step left to take back brings the last one back.
    before_resets: Vec<Thrown<P>>,
}

/// A game's line of play and pieces as a reset found them.
#[derive(Clone, Debug)]
struct Thrown<P> {
    pieces: P,
    history: Vec<Step>,
    redo: Vec<Step>,
    log: Vec<LogEntry>,
}

impl<P> Line<P> {
    pub fn new() -> Self {
        Self {
            history: Vec::new(),
            redo: Vec::new(),
            log: Vec::new(),
            before_resets: Vec::new(),
        }
    }

    /// Every move and undo since the last reset: its length is the score.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The current line of play, without the undone steps.
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether an undo now would take back a reset: no step is left to
    /// take back, and a reset threw a game with moves away.
    pub fn can_undo_reset(&self) -> bool {
        self.history.is_empty() && !self.before_resets.is_empty()
    }

    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Room for `more` log entries, before a log is replayed.
    pub fn reserve(&mut self, more: usize) {
        self.log.reserve(more);
    }

    /// A new step was taken: the steps undone can no longer be redone.
    pub fn took(&mut self, step: Step) {
        self.history.push(step);
        self.redo.clear();
        self.log.push(LogEntry::Step(step));
    }

    /// Takes the last step off the line for the game to take back; the
    /// undo counts as a move.
    pub fn undo(&mut self) -> Option<Step> {
        let step = self.history.pop()?;
        self.redo.push(step);
        self.log.push(LogEntry::Undo);
        Some(step)
    }

    /// The step a redo would play again.
    pub fn next_redo(&self) -> Option<Step> {
        self.redo.last().copied()
    }

    /// The step [`Self::next_redo`] named was played again; it counts as a
    /// move.
    pub fn redone(&mut self, step: Step) {
        self.redo.pop();
        self.history.push(step);
        self.log.push(LogEntry::Step(step));
    }

    /// Clears the line for a reset. The game thrown away, with the
    /// `pieces` it had, is kept for [`Self::undo_reset`] when it had moves.
    pub fn reset(&mut self, pieces: impl FnOnce() -> P) {
        if !self.log.is_empty() || !self.history.is_empty() {
            self.before_resets.push(Thrown {
                pieces: pieces(),
                history: std::mem::take(&mut self.history),
                redo: std::mem::take(&mut self.redo),
                log: std::mem::take(&mut self.log),
            });
        }
        self.history.clear();
        self.redo.clear();
        self.log.clear();
    }

    /// Takes back the last reset when there is no step left to undo: the
    /// line is as it was before it, and the pieces it had come back for
    /// the game to put in place.
    pub fn undo_reset(&mut self) -> Option<P> {
        if !self.can_undo_reset() {
            return None;
        }
        let thrown = self.before_resets.pop()?;
        self.history = thrown.history;
        self.redo = thrown.redo;
        self.log = thrown.log;
        Some(thrown.pieces)
    }

    /// Forgets the games resets threw away: nothing came before this one.
    pub fn forget_resets(&mut self) {
        self.before_resets.clear();
    }
}

/// What both games answer from their `line` field, the same way: the
/// score, the log, the line of play and what undo and redo can do.
macro_rules! line_getters {
    () => {
        /// The spec's score: every move (a push or a pull too) and undo
        /// since the last reset.
        pub fn score(&self) -> usize {
            self.line.log().len()
        }

        /// Every move and undo since the last reset, in order, upper case
        /// for a push (a pull in reverse play): what a save holds.
        pub fn log(&self) -> &[LogEntry] {
            self.line.log()
        }

        /// The current line of play, without the undone steps.
        pub fn history(&self) -> &[Step] {
            self.line.history()
        }

        /// Whether there is a move to undo.
        pub fn can_undo(&self) -> bool {
            self.line.can_undo()
        }

        /// Whether an undo now would take back a reset (or, in reverse
        /// play, a jump): no step is left to take back, and a reset threw
        /// a game with moves away.
        pub fn can_undo_reset(&self) -> bool {
            self.line.can_undo_reset()
        }

        /// Whether there is an undone move to redo.
        pub fn can_redo(&self) -> bool {
            self.line.can_redo()
        }
    };
}

pub(crate) use line_getters;
