//! Reverse play's files: the reverse game left and the snapshots read when
//! it opens, snapshots kept, the game and its play's statistics kept on
//! leaving, and a solution found in reverse kept like any other and
//! counted as a solve.

use std::rc::Rc;

use super::opening::progress_not_saved;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::{Message, Problem, plural};
use crate::app::origin::{Opened, Origin};
use crate::app::screen::{News, ReverseEffect};
use crate::app::screens::reverse::Reverse;
use crate::app::{App, Kind};
use crate::storage::{Finder, Records, ReverseLine, ReverseRead, Solution};
use schokoban_core::{Level, Metrics, ReverseGame, Step};

impl App {
    /// Carries out what reverse play asks.
    pub(super) fn apply_reverse(&mut self, effect: ReverseEffect) {
        match effect {
            ReverseEffect::Start(opened) => self.start_reverse(&opened),
            ReverseEffect::Open(origin) => self.open_reverse(&origin),
            ReverseEffect::Solved { opened, steps } => self.reverse_solved(&opened, steps),
            ReverseEffect::Snapshot { opened, line } => self.reverse_snapshot(&opened, line),
            ReverseEffect::Leave(opened) => self.leave_reverse(&opened),
        }
    }

    /// A level chosen in a list, played in reverse straight away; leaving
    /// goes back to the list.
    fn open_reverse(&mut self, origin: &Origin) {
        let (opened, note) = match self.resolve(origin) {
            Ok(resolved) => resolved,
            Err(problem) => return self.set_message(Message::trouble(None, problem)),
        };
        // The list opens on it next time, as on a level played forward.
        let remembered = origin
            .list_place()
            .map(|(list, number)| self.library.remember_list_selection(&list, number));
        self.start_reverse(&Rc::new(opened));
        if let Some(Err(error)) = remembered {
            self.set_message(progress_not_saved(error));
        }
        if let Some(note) = note {
            self.set_message(note);
        }
    }

    /// Reverse play of `opened` over the screen on top: the reverse game
    /// left last time goes on, if there is one.
    fn start_reverse(&mut self, opened: &Rc<Opened>) {
        let (read, problem) = match opened.records.as_ref().map(Records::read_reverse) {
            Some(Ok(read)) => (read, None),
            Some(Err(error)) => (
                ReverseRead::default(),
                Some(Message::trouble(
                    Some("Reverse games not read"),
                    Problem::Record(error),
                )),
            ),
            None => (ReverseRead::default(), None),
        };
        let (game, message) = resumed(&self.keys, &opened.level, read.left);
        let zoom = self.library.settings().zoom;
        let reverse = Reverse::new(
            Rc::clone(opened),
            game,
            read.snapshots,
            Some(problem.unwrap_or(message)),
            zoom,
            self.theme,
            Rc::clone(&self.keys),
        );
        let test_play = matches!(opened.origin, Origin::TestPlay { .. });
        self.push_level(if test_play {
            reverse
        } else {
            reverse.keeping(self.keep.clone())
        });
    }

    /// The forward solution reverse play found: kept among the level's
    /// solutions, marked as found in reverse, and the level marked solved.
    /// The leaderboard is for games played forward, so it is not offered.
    fn reverse_solved(&mut self, opened: &Opened, steps: Vec<Step>) {
        let metrics = Metrics::of(&steps);
        let counts = format!(
            "{}, {}",
            plural(metrics.moves, "move"),
            plural(metrics.pushes, "push")
        );
        let watch = self.keys.key_name(Scope::Menus, Action::Accept);
        let mut messages = Vec::new();
        messages.push(match opened.records.as_ref() {
            Some(records) => {
                let solution = Solution::new(steps, Finder::Player, Some(self.wall_clock()), None)
                    .found_in_reverse();
                match records.keep_solution(solution) {
                    Ok(kept) if kept.kept => Message::info(format!(
                        "Solved in reverse! Kept as a solution of {counts}; {watch} watches it"
                    )),
                    Ok(_) => Message::info(format!(
                        "Solved in reverse ({counts}); a solution of yours as good is kept already"
                    )),
                    Err(error) => Message::trouble(
                        Some("Solved in reverse, but the solution was not kept"),
                        Problem::Record(error),
                    ),
                }
            }
            None => Message::info(format!(
                "Solved in reverse ({counts}); this level keeps no records"
            )),
        });
        let has_next = opened.origin.step(1).is_some();
        messages.extend(self.record_progress(&opened.origin, has_next));
        // A solve in the statistics too, as a forward one counts.
        self.keep.solved(opened);
        for message in messages {
            self.set_message(message);
        }
    }

    /// K in reverse play: the line kept among the level's reverse snapshots.
    fn reverse_snapshot(&mut self, opened: &Opened, line: ReverseLine) {
        let Some(records) = opened.records.as_ref() else {
            self.set_message(Message::info(
                "This level keeps no records: the snapshot lasts until you leave",
            ));
            return;
        };
        let moves = plural(line.log.len(), "move");
        let line = ReverseLine {
            taken: Some(self.wall_clock()),
            ..line
        };
        let message = match records.take_reverse_snapshot(line) {
            Ok(_) => {
                let back = self.keys.key_name(Scope::Play, Action::Kept);
                Message::info(format!(
                    "Reverse snapshot kept at {moves}; {back} brings it back"
                ))
            }
            Err(error) => Message::trouble(Some("Snapshot not kept"), Problem::Record(error)),
        };
        self.set_message(message);
    }

    /// Esc in reverse play: the reverse game kept and the play counted,
    /// back to the screen below; the level's screen learns of a solution
    /// found meanwhile, and a level list is read again, as a solve may
    /// have marked it.
    fn leave_reverse(&mut self, opened: &Opened) {
        let kept = self.keep.carry_out_reverse();
        let counted = self.keep.write_statistics();
        self.pop();
        if self.top_layer().kind == Kind::Level {
            let (bests, solutions) = super::kept::known_solutions(opened);
            self.top_mut().tell(News::Known(bests, solutions));
        } else if opened.origin.list_place().is_some() {
            self.back_to_list(&opened.origin);
        }
        for message in kept.into_iter().chain(counted) {
            self.set_message(message);
        }
    }
}

/// The reverse game left last time, if there is one that fits, else a
/// fresh one; and what to say about it.
fn resumed(keys: &KeyMap, level: &Level, left: Option<ReverseLine>) -> (ReverseGame, Message) {
    let fresh = ReverseGame::new(level.clone());
    let Some(left) = left else {
        let message = start_message(keys, &fresh);
        return (fresh, message);
    };
    match ReverseGame::replay(level.clone(), left.start, &left.log) {
        Ok(game) => {
            let reset = keys.key_name(Scope::Play, Action::Reset);
            let words = format!(
                "Your reverse game goes on at {} ({reset} starts afresh)",
                plural(game.score(), "move")
            );
            (game, Message::info(words))
        }
        Err(error) => (
            fresh,
            Message::warning(format!("The reverse game left does not fit: {error}")),
        ),
    }
}

/// What reverse play says first: where the player may start.
fn start_message(keys: &KeyMap, game: &ReverseGame) -> Message {
    let rooms = game.rooms().len();
    let jump = keys.key_name(Scope::Reverse, Action::Jump);
    if rooms > 1 {
        Message::info(format!(
            "{rooms} rooms to start in: {jump} or a click changes room"
        ))
    } else {
        let toggle = keys.key_name(Scope::Reverse, Action::PullOrWalk);
        Message::info(format!(
            "Move away from a box to pull it ({toggle}: walk away instead)"
        ))
    }
}
