//! The hint on the Play screen: answers, the hinted line kept, the way
//! back after a failed hint, and the hint whole at 40 columns.

use crate::library::Zoom;
use std::rc::Rc;

use super::*;
use crate::app::keymap::KeyMap;
use crate::app::origin::Opened;
use crate::app::theme::Theme;
use std::time::Duration;

use schokoban_core::{Direction, Game, Pos, parse_level};

/// The Play screen on a fresh game of `xsb`.
fn playing(xsb: &str) -> Play {
    titled(xsb, "test")
}

/// [`playing`], the level shown under `title`.
fn titled(xsb: &str, title: &str) -> Play {
    let level = parse_level(xsb).expect("level");
    let mut opened = Opened::test_play(level.clone());
    title.clone_into(&mut opened.title);
    let game = Game::new(level);
    Play::new(
        Rc::new(opened),
        game,
        None,
        None,
        false,
        Theme::default(),
        Rc::new(KeyMap::default()),
    )
    .zoomed(Zoom::Off)
}

/// Lets the hint's search answer, as the event loop would.
fn wait_for_hint(play: &mut Play) {
    while let HintState::Thinking(search) = &play.hint {
        search.wait();
        play.poll_hint(Duration::ZERO);
    }
}

/// Lets the optimizer answer and takes its answer in, as H would.
fn wait_for_shorter(play: &mut Play) {
    while let Some((search, ..)) = &play.shortening {
        search.wait();
        play.take_shorter();
    }
}

#[test]
fn a_failed_search_says_the_solver_failed_instead_of_no_hint() {
    let mut play = playing("#####\n#@$.#\n#####\n");
    play.hint = HintState::Thinking(Search::failing(&play.game));
    wait_for_hint(&mut play);
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
    wait_for_shorter(&mut play);
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
    wait_for_shorter(&mut play);
    // The rest, `RRdllluuRRR` (11 moves), shortened from here.
    let rest = &wasteful[2..];
    let limits = schokoban_solver::Limits::with_time(Duration::MAX);
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let best = schokoban_solver::optimize(&play.game.current_position(), rest, &limits, &cancel);
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
    play_by_hand(&mut play, "dRR");
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

/// A push off the hinted line: the hint's search knows the line, and
/// leads back onto it without the race (which has no time here at all).
#[test]
fn a_push_off_the_hinted_line_is_led_back_onto_it() {
    let mut play = planned();
    play_by_hand(&mut play, "R");
    assert_eq!(
        play.plan.as_ref().and_then(|plan| plan.rest(&play.game)),
        None
    );
    let known = play
        .plan
        .as_ref()
        .and_then(Line::known)
        .expect("the line, known");
    let no_time = schokoban_solver::Limits::with_time(Duration::ZERO);
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let position = play.game.current_position();
    let (outcome, _) = schokoban_solver::solve_knowing(&position, &no_time, &cancel, &known);
    assert!(matches!(outcome, Outcome::Solved(_)), "{outcome:?}");
    // The nearest way back: the box pushed back where the line has it.
    play.request_hint();
    wait_for_hint(&mut play);
    assert_eq!(play.marks.hint, Some((Pos::new(3, 1), Direction::Left)));
}

/// Lets `outcome` come in as the answer of a search from here.
fn answer(play: &mut Play, outcome: Outcome) -> String {
    play.hint = HintState::Thinking(Search::answering(&play.game, outcome));
    wait_for_hint(play);
    play.message.take().expect("a message").text
}

#[test]
fn no_hint_off_the_hinted_line_says_how_many_undos_lead_back_to_it() {
    let mut play = planned();
    play_by_hand(&mut play, "dRR");
    // Off the line: the player walks round instead of pushing on.
    play_by_hand(&mut play, "dl");
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
fn a_box_pushed_dead_says_how_many_undos_free_it_as_the_check_counts() {
    let mut play = planned();
    // The lower box down against the wall: one undo frees it.
    play_by_hand(&mut play, "dRRurD");
    play.check_deadlocks();
    let message = play.message.take().expect("a warning");
    assert_eq!(
        message.text,
        "A box can no longer reach a goal: undo 1 move (U) to free the box"
    );
    // A step away from it makes it two, whatever line a hint had.
    play_by_hand(&mut play, "l");
    play.check_deadlocks();
    let message = play.message.take().expect("a warning");
    assert_eq!(
        message.text,
        "A box can no longer reach a goal: undo 2 moves (U) to free the box"
    );
    play.plan = None;
    play.check_deadlocks();
    assert!(
        play.message
            .take()
            .expect("a warning")
            .text
            .contains("undo 2 moves")
    );
}

#[test]
fn a_level_stuck_from_the_start_says_it_cannot_be_solved() {
    // The box sits in a corner at the start: no undo or reset frees it.
    let mut play = playing("#####\n#$ .#\n#@  #\n#####\n");
    let text = play.message.take().expect("a warning").text;
    assert_eq!(
        text,
        "This level cannot be solved: a box here can never reach a goal"
    );
    play.game.step(Direction::Right).expect("a legal step");
    play.check_deadlocks();
    assert_eq!(play.message.take().expect("a warning").text, text);
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

#[test]
fn a_hint_at_40_columns_shows_whole() {
    // It was once one column too long for the block the board centred:
    // measured at the screen's width and cut to "… M shows all". The
    // block now stands at the left at 40 columns, the hint on one row.
    let microban_1 = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\
                      Title: Microban 1\nAuthor: David W. Skinner\n";
    let mut play = titled(microban_1, "Microban 1");
    let message = play.suggest(steps_of("dlUrrrdLullddrUluRuulDrddrruLdlUU"));
    play.message = Some(message);
    let area = ratatui::layout::Rect::new(0, 0, 40, 12);
    let mut buffer = ratatui::buffer::Buffer::empty(area);
    crate::app::screen::Screen::draw(&play, area, &mut buffer);
    let rows: Vec<String> = buffer
        .content()
        .chunks(40)
        .map(|row| {
            row.iter()
                .map(ratatui::buffer::Cell::symbol)
                .collect::<String>()
        })
        .map(|row| row.trim_end().to_owned())
        .collect();
    let expected = [
        "Puzzle: Microban 1 by David W. Skinner",
        "Record: N/A",
        "Moves: 0   Pushes: 0",
        "Hint: push the marked box up; H plays it",
        "    ████",
        "    █ ⨯█",
        "    █↑ ███",
        "    █◼☻  █",
        "    █··◼ █",
        "    █  ███",
        "    ████",
        " U undo · ? all keys · Esc leave",
    ];
    assert_eq!(rows, expected);
}

/// Plays `lurd` on `play`'s game, as keys would, without the screen.
fn play_by_hand(play: &mut Play, lurd: &str) {
    for step in steps_of(lurd) {
        play.game.step(step.direction).expect("a legal step");
    }
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
