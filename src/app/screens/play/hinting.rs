//! The Play screen's hint: a search in the background, its answer shown
//! as a marked box and arrow, and H again to play that push.

use super::Play;
use super::mouse::play_steps;
use crate::app::hint::{HINT_TIME, HintState, Line, SOLVER_FAILED, Search, first_push};
use crate::app::keymap::{Action, Scope};
use crate::app::message::{Message, plural};
use schokoban_core::Direction;
use schokoban_core::Step;
use schokoban_solver::{Known, Outcome};
use std::time::Duration;

impl Play {
    /// H: start a search, or go on along the last hint's solution when the
    /// player has followed it; once there is an answer, H again plays the
    /// push.
    pub(super) fn request_hint(&mut self) {
        match std::mem::take(&mut self.hint) {
            HintState::Idle => {
                self.take_shorter();
                let rest = self.plan.as_ref().and_then(|plan| plan.rest(&self.game));
                if let Some(rest) = rest.map(<[Step]>::to_vec) {
                    let message = self.show(&rest);
                    self.message = Some(message);
                } else {
                    self.message = None;
                    let known = self.known();
                    self.hint = HintState::Thinking(Search::start_knowing(&self.game, known));
                }
            }
            thinking @ HintState::Thinking(_) => self.hint = thinking,
            HintState::Ready(suggestion) => {
                let pushes = self.game.pushes();
                self.act(|game| play_steps(game, &suggestion.steps));
                self.helped_pushes += self.game.pushes().saturating_sub(pushes);
                self.keep_up();
            }
        }
    }

    /// Every solution the game knows, and the last hint's line, as the
    /// solver takes them: a position along one has its hint at once, and
    /// one a push or two off is led back onto one. `None` for a level too
    /// large for the solver.
    fn known(&self) -> Option<Known> {
        let mut known = match self.plan.as_ref().and_then(Line::known) {
            Some(known) => known,
            None => Known::new(&self.opened.level).ok()?,
        };
        for solution in &self.solutions {
            // One that does not solve the level is left out by `add`.
            known.add(&self.opened.level, solution);
        }
        Some(known)
    }

    /// What went wrong, then the way back to the last hint's line when the
    /// player left it some moves ago: a hard or lost position is often a
    /// push or two off a line that still holds. The words fit the two rows
    /// a message gets at 40 columns.
    pub(super) fn way_back(&self, what: &str) -> Option<String> {
        let undos = self.plan.as_ref()?.undos_back(&self.game)?;
        let undo = self.keys.key_name(Scope::Play, Action::Undo);
        let moves = plural(undos, "move");
        (undos > 0).then(|| format!("{what}: undo {moves} ({undo}) to the last hint's line"))
    }

    /// Shows the first push of `solution` from the position now and keeps
    /// the solution for the hints after it.
    fn suggest(&mut self, solution: Vec<Step>) -> Message {
        let message = self.show(&solution);
        self.plan = Line::new(&self.game, solution);
        message
    }

    /// Shows the first push of `solution` from the position now.
    fn show(&mut self, solution: &[Step]) -> Message {
        let Some(suggestion) = first_push(&self.game, solution) else {
            return Message::info("Already solved");
        };
        let text = format!(
            "Hint: push the marked box {}; H plays it",
            direction_name(suggestion.direction)
        );
        self.marks.hint = Some((suggestion.box_at, suggestion.direction));
        self.marks.walk = suggestion.walk(&self.game);
        self.hint = HintState::Ready(suggestion);
        Message::info(text)
    }

    /// Takes in the optimizer's shorter solution once it has one, and
    /// follows it from here on once the game stands on it: at once when
    /// the optimizer changed only what is still to play, else once play is
    /// past the last part it changed. A hint already on screen stays.
    fn take_shorter(&mut self) {
        if let Some((search, start, length)) = &self.shortening
            && let Some(outcome) = search.poll()
        {
            if let Outcome::Solved(steps) = outcome
                && steps.len() < *length
            {
                self.shorter = Line::new(start, steps);
            }
            self.shortening = None;
            self.shorten_the_rest_if_passed();
        }
        if let Some(shorter) = self.shorter.take_if(|s| s.index_of(&self.game).is_some()) {
            self.plan = Some(shorter);
        }
    }

    /// A shorter solution that came after the player, following the
    /// hints, left the line where it leaves the old one would only be
    /// taken up where the two meet again, with its gains behind: instead
    /// the rest of the old line is shortened again, from here. On
    /// Microban II 27 (the optimizer's best 71 moves, in 5 s), pressing H
    /// every 0.25 s solved it in the search's 163 moves without this, in
    /// 123 with it, and in 103 once the hints' optimizer answered within
    /// [`crate::app::hint::HINT_SHORTEN_TIME`]. Every 0.8 s it took 117
    /// moves with the line shortened again in 5 s; every 0.5 s, 85 in 1 s.
    fn shorten_the_rest_if_passed(&mut self) {
        let passed = self
            .shorter
            .as_ref()
            .is_some_and(|shorter| shorter.index_of(&self.game).is_none());
        if !passed {
            return;
        }
        let Some(rest) = self.plan.as_ref().and_then(|plan| plan.rest(&self.game)) else {
            return;
        };
        let rest = rest.to_vec();
        let length = rest.len();
        let shortening = Search::shorten_for_hint(&self.game, rest, Duration::ZERO);
        self.shortening = Some((shortening, self.game.clone(), length));
        self.shorter = None;
    }

    /// Takes in the search's answer, if it has one; `now` is the time on
    /// the app's clock.
    pub(super) fn poll_hint(&mut self, now: Duration) {
        let HintState::Thinking(search) = &mut self.hint else {
            return;
        };
        search.see_time(now);
        let Some(outcome) = search.poll() else {
            return;
        };
        let spent = search.elapsed();
        self.hint = HintState::Idle;
        self.message = Some(match outcome {
            Outcome::Solved(solution) => {
                let length = solution.len();
                let shortening = Search::shorten_for_hint(&self.game, solution.clone(), spent);
                self.shortening = Some((shortening, self.game.clone(), length));
                self.shorter = None;
                self.suggest(solution)
            }
            Outcome::Unsolvable => {
                Message::warning(self.way_back("Unsolvable now").unwrap_or_else(|| {
                    format!(
                        "This position cannot be solved any more: {}",
                        self.keys.undo_or_reset()
                    )
                }))
            }
            Outcome::GaveUp => {
                let what = format!("No hint found in {} s", HINT_TIME.as_secs());
                let way_back = self.way_back(&what);
                Message::warning(way_back.unwrap_or_else(|| format!("{what}: this one is hard")))
            }
            Outcome::Cancelled => return,
            Outcome::TooLarge(why) => Message::warning(format!("No hint: this level is {why}")),
            Outcome::Failed(_) => Message::warning(SOLVER_FAILED),
        });
    }
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Left => "left",
        Direction::Up => "up",
        Direction::Right => "right",
        Direction::Down => "down",
    }
}

#[cfg(test)]
mod tests;
