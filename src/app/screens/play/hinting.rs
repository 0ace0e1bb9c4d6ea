//! The Play screen's hint: a search in the background, its answer shown
//! as a marked box and arrow, and H again to play that push.

use super::{Play, play_steps};
use crate::app::hint::{HintState, Plan, SOLVER_FAILED, Search, Shorter, first_push};
use crate::app::message::Message;
use schokoban_core::Direction;
use schokoban_core::Step;
use schokoban_solver::Outcome;

impl Play {
    /// H: start a search, or go on along the last hint's solution when the
    /// player has followed it; once there is an answer, H again plays the
    /// push.
    pub(super) fn request_hint(&mut self) {
        match std::mem::take(&mut self.hint) {
            HintState::Idle => {
                self.take_shorter();
                let plan = self.plan.take().filter(|plan| plan.fits(&self.game));
                if let Some(plan) = plan {
                    let message = self.suggest(plan.steps().to_vec());
                    self.message = Some(message);
                } else {
                    self.message = None;
                    self.hint = HintState::Thinking(Search::start(&self.game));
                }
            }
            thinking @ HintState::Thinking(_) => self.hint = thinking,
            HintState::Ready(suggestion) => {
                self.act(|game| play_steps(game, &suggestion.steps));
                if let Some(plan) = &mut self.plan {
                    plan.played(suggestion.steps.len(), &self.game);
                }
            }
        }
    }

    /// Shows the first push of `solution` from the position now and keeps
    /// the solution for the hints after it.
    fn suggest(&mut self, solution: Vec<Step>) -> Message {
        let Some(suggestion) = first_push(&self.game, &solution) else {
            return Message::info("Already solved");
        };
        let text = format!(
            "Hint: push the marked box {}; H plays it",
            direction_name(suggestion.direction)
        );
        self.marks.hint = Some((suggestion.box_at, suggestion.direction));
        self.marks.walk = suggestion.walk(&self.game);
        self.hint = HintState::Ready(suggestion);
        self.plan = Some(Plan::new(&self.game, solution));
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
                self.shorter = Shorter::new(start, steps);
            }
            self.shortening = None;
        }
        let Some(index) = self.shorter.as_ref().and_then(|s| s.index_of(&self.game)) else {
            return;
        };
        if let Some(shorter) = self.shorter.take() {
            self.plan = Some(Plan::new(&self.game, shorter.steps[index..].to_vec()));
        }
    }

    /// Takes in the search's answer, if it has one.
    pub(super) fn poll_hint(&mut self) {
        let HintState::Thinking(search) = &self.hint else {
            return;
        };
        let Some(outcome) = search.poll() else {
            return;
        };
        let spent = search.elapsed();
        self.hint = HintState::Idle;
        self.message = Some(match outcome {
            Outcome::Solved(solution) => {
                let length = solution.len();
                let shortening = Search::shorten(&self.game, solution.clone(), spent);
                self.shortening = Some((shortening, self.game.clone(), length));
                self.shorter = None;
                self.suggest(solution)
            }
            Outcome::Unsolvable => {
                Message::warning("This position cannot be solved any more: undo (U) or reset (R)")
            }
            Outcome::GaveUp => Message::warning(format!(
                "No hint found in {} s: this one is hard",
                crate::app::hint::HINT_TIME.as_secs()
            )),
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
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::app::origin::Opened;
    use crate::app::theme::Theme;
    use std::time::Duration;

    use schokoban_core::{Direction, Game, Pos, parse_level};

    /// The Play screen on a fresh game of `xsb`.
    fn playing(xsb: &str) -> Play {
        let level = parse_level(xsb).expect("level");
        let opened = Opened::test_play(level.clone());
        let game = Game::new(level);
        Play::new(
            Rc::new(opened),
            game,
            None,
            None,
            false,
            false,
            Theme::default(),
        )
    }

    #[test]
    fn a_failed_search_says_the_solver_failed_instead_of_no_hint() {
        let mut play = playing("#####\n#@$.#\n#####\n");
        play.hint = HintState::Thinking(Search::failing(&play.game));
        while matches!(play.hint, HintState::Thinking(_)) {
            std::thread::yield_now();
            play.poll_hint();
        }
        let message = play.message.expect("a message");
        assert_eq!(message.text, SOLVER_FAILED);
        assert!(!message.text.contains("No hint"));
    }

    #[test]
    fn hints_follow_the_optimizer_s_shorter_solution_once_it_has_one() {
        // Pushing the lower box first leaves a walk round it; the optimizer
        // pushes the upper box first (`RRRllldRRR`, 10 moves, not 13).
        let mut play = playing("#######\n#@$  .#\n# $  .#\n#     #\n#######\n");
        let wasteful: Vec<Step> = schokoban_core::parse_log("dRRRdllluuRRR")
            .expect("lurd")
            .into_iter()
            .filter_map(|entry| match entry {
                schokoban_core::LogEntry::Step(step) => Some(step),
                schokoban_core::LogEntry::Undo => None,
            })
            .collect();
        let shortening = Search::shorten(&play.game, wasteful.clone(), Duration::ZERO);
        play.shortening = Some((shortening, play.game.clone(), wasteful.len()));
        play.plan = Some(Plan::new(&play.game, wasteful));
        while play.shortening.is_some() {
            std::thread::yield_now();
            play.take_shorter();
        }
        play.request_hint();
        // The upper box, not the lower one the found solution pushes first.
        assert_eq!(play.marks.hint, Some((Pos::new(2, 1), Direction::Right)));
        assert_eq!(play.plan.as_ref().map(|plan| plan.steps().len()), Some(10));
    }
}
