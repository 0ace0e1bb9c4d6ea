//! The solver's answers coming in from the background: its solution, which
//! the watch then plays, and the optimizer's shorter one, which takes over
//! once the position shown is on it.

use std::time::Duration;

use super::{SHORTENED, Watch, Watched};
use crate::app::hint::{HINT_TIME, Line, SOLVER_FAILED, Search};
use crate::app::message::Message;
use schokoban_core::LogEntry;
use schokoban_solver::Outcome;

impl Watch {
    /// Takes in the solver's answer, if it has one, and starts playing it;
    /// `now` is the time on the app's clock.
    pub(super) fn poll_search(&mut self, now: Duration) {
        let Watched::Solution { search, .. } = &mut self.watched else {
            return;
        };
        let Some(running) = search else {
            return;
        };
        running.see_time(now);
        let spent = running.elapsed();
        let Some(outcome) = running.poll() else {
            return;
        };
        *search = None;
        match outcome {
            Outcome::Solved(steps) => {
                if let Watched::Solution { shortening, .. } = &mut self.watched {
                    *shortening = Some(Search::shorten(&self.start, steps.clone(), spent));
                }
                self.moves = steps.into_iter().map(LogEntry::Step).collect();
                self.playing = true;
                self.due = None;
                if self.moves.is_empty() {
                    self.message = Some(Message::info("Already solved"));
                }
            }
            Outcome::Unsolvable => {
                self.message = Some(Message::warning(format!(
                    "No solution exists from here: Esc, then {}",
                    self.keys.undo_or_reset()
                )));
            }
            Outcome::TooLarge(why) => {
                self.message = Some(Message::warning(format!(
                    "No solution to watch: this level is {why}"
                )));
            }
            Outcome::Failed(_) => self.message = Some(Message::warning(SOLVER_FAILED)),
            Outcome::GaveUp | Outcome::Cancelled => {
                self.message = Some(Message::warning(format!(
                    "No solution found in {} s: this one is hard",
                    HINT_TIME.as_secs()
                )));
            }
        }
    }

    /// Takes in the optimizer's shorter solution, if it has one.
    pub(super) fn poll_shortening(&mut self) {
        let Watched::Solution {
            shortening,
            shorter,
            ..
        } = &mut self.watched
        else {
            return;
        };
        let Some(outcome) = shortening.as_ref().and_then(Search::poll) else {
            return;
        };
        *shortening = None;
        // A failed optimizer leaves the solution as it was.
        if let Outcome::Solved(steps) = outcome
            && steps.len() < self.moves.len()
        {
            *shorter = Line::new(&self.start, steps);
        }
    }

    /// Plays on along the shorter solution once the position shown is on
    /// it: at once when the optimizer changed only moves not yet shown,
    /// else once the moves shown are past the last part it changed (or at
    /// the end). The counters then count the shorter line's moves.
    pub(super) fn adopt_shorter(&mut self) {
        let Watched::Solution { shorter, .. } = &mut self.watched else {
            return;
        };
        // Both lines end solved, though perhaps with the player elsewhere.
        let at_end = self.shown == self.moves.len();
        let index = shorter.as_ref().and_then(|line| {
            let end = at_end.then_some(line.steps.len());
            line.index_of(&self.game).or(end)
        });
        let Some(index) = index else {
            return;
        };
        let Some(line) = shorter.take() else {
            return;
        };
        let mut game = self.start.clone();
        let moves: Vec<LogEntry> = line.steps.into_iter().map(LogEntry::Step).collect();
        if game.apply_log(&moves[..index]).is_err() {
            return;
        }
        let text = format!(
            "{SHORTENED} {} moves from {}",
            moves.len(),
            self.moves.len()
        );
        self.moves = moves;
        self.shown = index;
        self.game = game;
        self.message = Some(Message::info(text));
    }
}
