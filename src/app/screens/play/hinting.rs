//! The Play screen's hint: a search in the background, its answer shown
//! as a marked box and arrow, and H again to play that push.

use super::{Play, play_steps};
use crate::app::hint::{HINT_TIME, HintState, Line, SOLVER_FAILED, Search, first_push};
use crate::app::keymap::{Action, Scope, key_name, undo_or_reset};
use crate::app::message::{Message, plural};
use schokoban_core::Direction;
use schokoban_core::Step;
use schokoban_solver::Outcome;
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
                    self.hint = HintState::Thinking(Search::start(&self.game));
                }
            }
            thinking @ HintState::Thinking(_) => self.hint = thinking,
            HintState::Ready(suggestion) => {
                self.act(|game| play_steps(game, &suggestion.steps));
            }
        }
    }

    /// What went wrong, then the way back to the last hint's line when the
    /// player left it some moves ago: a hard or lost position is often a
    /// push or two off a line that still holds. The words fit the two rows
    /// a message gets at 40 columns.
    fn way_back(&self, what: &str) -> Option<String> {
        let undos = self.plan.as_ref()?.undos_back(&self.game)?;
        let undo = key_name(Scope::Play, Action::Undo);
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
                let shortening = Search::shorten_for_hint(&self.game, solution.clone(), spent);
                self.shortening = Some((shortening, self.game.clone(), length));
                self.shorter = None;
                self.suggest(solution)
            }
            Outcome::Unsolvable => {
                Message::warning(self.way_back("Unsolvable now").unwrap_or_else(|| {
                    format!(
                        "This position cannot be solved any more: {}",
                        undo_or_reset()
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
        let wasteful = steps_of("dRRRdllluuRRR");
        let shortening = Search::shorten(&play.game, wasteful.clone(), Duration::ZERO);
        play.shortening = Some((shortening, play.game.clone(), wasteful.len()));
        play.plan = Line::new(&play.game, wasteful);
        while play.shortening.is_some() {
            std::thread::yield_now();
            play.take_shorter();
        }
        play.request_hint();
        // The upper box, not the lower one the found solution pushes first.
        assert_eq!(play.marks.hint, Some((Pos::new(2, 1), Direction::Right)));
        let rest = play.plan.as_ref().and_then(|plan| plan.rest(&play.game));
        assert_eq!(rest.map(<[Step]>::len), Some(10));
    }

    #[test]
    fn a_shorter_solution_that_comes_after_the_player_left_it_is_made_again_from_here() {
        // As above, but the player has played the first hint (`dR`, the
        // lower box) before the optimizer answers, so its line, which
        // pushes the upper box first, no longer holds the position.
        let room = "#######\n#@$  .#\n# $  .#\n#     #\n#######\n";
        let mut play = playing(room);
        let wasteful = steps_of("dRRRdllluuRRR");
        let start = play.game.clone();
        play.plan = Line::new(&play.game, wasteful.clone());
        for step in &wasteful[..2] {
            play.game.step(step.direction).expect("a legal step");
        }
        let shortening = Search::shorten(&start, wasteful.clone(), Duration::ZERO);
        play.shortening = Some((shortening, start, wasteful.len()));
        while play.shortening.is_some() {
            std::thread::yield_now();
            play.take_shorter();
        }
        // The rest, `RRdllluuRRR` (11 moves), shortened from here.
        let rest = &wasteful[2..];
        let limits = schokoban_solver::Limits::with_time(Duration::MAX);
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let best =
            schokoban_solver::optimize(&play.game.current_position(), rest, &limits, &cancel);
        assert!(best.steps.len() < rest.len());
        let followed = play.plan.as_ref().expect("a plan");
        assert_eq!(followed.rest(&play.game), Some(best.steps.as_slice()));
    }

    /// The room of the tests above, with the search's solution as the plan.
    fn planned() -> Play {
        let mut play = playing("#######\n#@$  .#\n# $  .#\n#     #\n#######\n");
        play.plan = Line::new(&play.game, steps_of("dRRRdllluuRRR"));
        assert!(play.plan.is_some(), "the solution plays");
        play
    }

    #[test]
    fn undoing_back_onto_the_hinted_line_gives_its_hint_at_once() {
        let mut play = planned();
        play.request_hint();
        let first = play.marks.hint;
        assert_eq!(first, Some((Pos::new(2, 2), Direction::Right)));
        play.request_hint(); // plays `dR`
        play.request_hint();
        assert_eq!(play.marks.hint, Some((Pos::new(3, 2), Direction::Right)));
        play.request_hint(); // plays `R`
        play.game.undo();
        play.game.undo();
        play.hint = HintState::Idle;
        play.request_hint();
        assert!(matches!(play.hint, HintState::Ready(_)), "no search");
        assert_eq!(play.marks.hint, first);
    }

    #[test]
    fn pushing_the_hinted_box_by_hand_gives_the_next_hint_at_once() {
        let mut play = planned();
        for step in steps_of("dRR") {
            play.game.step(step.direction).expect("a legal step");
        }
        play.request_hint();
        assert!(matches!(play.hint, HintState::Ready(_)), "no search");
        assert_eq!(play.marks.hint, Some((Pos::new(4, 2), Direction::Right)));
    }

    #[test]
    fn a_position_off_the_hinted_line_starts_a_search() {
        let mut play = planned();
        play.game.step(Direction::Down).expect("a legal step");
        play.game.step(Direction::Down).expect("a legal step");
        play.request_hint();
        assert!(matches!(play.hint, HintState::Thinking(_)));
    }

    /// Lets `outcome` come in as the answer of a search from here.
    fn answer(play: &mut Play, outcome: Outcome) -> String {
        play.hint = HintState::Thinking(Search::answering(&play.game, outcome));
        while matches!(play.hint, HintState::Thinking(_)) {
            std::thread::yield_now();
            play.poll_hint();
        }
        play.message.take().expect("a message").text
    }

    #[test]
    fn no_hint_off_the_hinted_line_says_how_many_undos_lead_back_to_it() {
        let mut play = planned();
        for step in steps_of("dRR") {
            play.game.step(step.direction).expect("a legal step");
        }
        // Off the line: the player walks round instead of pushing on.
        for step in steps_of("dl") {
            play.game.step(step.direction).expect("a legal step");
        }
        assert_eq!(
            answer(&mut play, Outcome::GaveUp),
            "No hint found in 10 s: undo 2 moves (U) to the last hint's line"
        );
        play.game.undo();
        assert_eq!(
            answer(&mut play, Outcome::Unsolvable),
            "Unsolvable now: undo 1 move (U) to the last hint's line"
        );
        play.game.undo();
        play.request_hint();
        assert!(
            matches!(play.hint, HintState::Ready(_)),
            "on the line: no search"
        );
    }

    #[test]
    fn no_hint_with_no_line_behind_says_undo_or_reset() {
        let mut play = playing("#######\n#@$  .#\n# $  .#\n#     #\n#######\n");
        play.game.step(Direction::Down).expect("a legal step");
        assert_eq!(
            answer(&mut play, Outcome::GaveUp),
            "No hint found in 10 s: this one is hard"
        );
        assert_eq!(
            answer(&mut play, Outcome::Unsolvable),
            "This position cannot be solved any more: undo (U) or reset (R)"
        );
        // A line the history never touched is no way back either.
        let elsewhere = "#######\n# $  .#\n# $  .#\n#  @  #\n#######\n";
        let elsewhere = Game::new(parse_level(elsewhere).expect("level"));
        play.plan = Line::new(&elsewhere, steps_of("l"));
        assert!(play.plan.is_some());
        assert_eq!(
            answer(&mut play, Outcome::GaveUp),
            "No hint found in 10 s: this one is hard"
        );
    }

    fn steps_of(lurd: &str) -> Vec<Step> {
        schokoban_core::parse_log(lurd)
            .expect("lurd")
            .into_iter()
            .filter_map(|entry| match entry {
                schokoban_core::LogEntry::Step(step) => Some(step),
                schokoban_core::LogEntry::Undo => None,
            })
            .collect()
    }
}
