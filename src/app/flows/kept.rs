//! What a level keeps besides its leaderboard: solutions kept as they are
//! found, snapshots, the list of both, the clipboard, and moves pasted on
//! a level.

use std::rc::Rc;

use crate::app::App;
use crate::app::clipboard::osc52;
use crate::app::keymap::{Action, Scope};
use crate::app::message::{Message, Problem, plural};
use crate::app::origin::Opened;
use crate::app::screen::{Effect, Ended, News};
use crate::app::screens::kept::{KeptList, watch};
use crate::app::screens::play::Bests;
use crate::storage::{Finder, Snapshot, Solution, SolutionsRead, write_atomic};
use schokoban_core::{Game, Metrics, Step};

/// Where a copy goes when the terminal cannot take it: in the data folder.
const COPY_FILE: &str = "copied.txt";

impl App {
    /// Carries out what a level's kept things ask: snapshots, the list,
    /// copies, pasted moves and the optimizer's line.
    pub(super) fn apply_kept(&mut self, effect: Effect) {
        match effect {
            Effect::TakeSnapshot {
                opened,
                steps,
                helped,
            } => self.take_snapshot(&opened, steps, helped),
            Effect::ShowKept { opened, game } => self.show_kept(opened, game),
            Effect::Copy { text, what } => self.copy(&text, &what),
            Effect::Pasted { opened, steps } => self.pasted(&opened, &steps),
            Effect::KeepShorter { opened, steps } => self.keep_shorter(&opened, steps),
            _ => {}
        }
    }

    /// Keeps the solve of `ended` among the level's solutions, as helped
    /// when the game played pushes in it; says only when it could not
    /// (the header shows the bests the next time).
    pub(super) fn keep_solve(&mut self, ended: &Ended) -> Option<Message> {
        let records = ended.opened.records.as_ref()?;
        let took = self
            .level_started
            .map(|started| self.now().saturating_sub(started).as_secs());
        let steps = ended.game.history().to_vec();
        let by = if ended.helped_pushes > 0 {
            Finder::Helped
        } else {
            Finder::Player
        };
        let solution = Solution::new(steps, by, Some(self.wall_clock()), took);
        let error = records.keep_solution(solution).err()?;
        Some(Message::trouble(
            Some("Solution not kept"),
            Problem::Record(error),
        ))
    }

    /// K: keeps the line of play as a snapshot, with the pushes played
    /// for the player in it, which go on counting when it is brought back.
    pub(super) fn take_snapshot(&mut self, opened: &Opened, steps: Vec<Step>, helped: usize) {
        let Some(records) = opened.records.as_ref() else {
            self.set_message(Message::info(
                "This level keeps no records, so no snapshots",
            ));
            return;
        };
        let moves = plural(steps.len(), "move");
        let snapshot = Snapshot::new(steps, Some(self.wall_clock())).helped(helped);
        let message = match records.take_snapshot(snapshot) {
            Ok(taken) => {
                let dropped = if taken.dropped.is_some() {
                    " (the oldest made room)"
                } else {
                    ""
                };
                let list = self.keys.key_name(Scope::Play, Action::Kept);
                Message::info(format!(
                    "Snapshot kept at {moves}{dropped}; {list} lists them"
                ))
            }
            Err(error) => Message::trouble(Some("Snapshot not kept"), Problem::Record(error)),
        };
        self.set_message(message);
    }

    /// L: reads the level's solutions and snapshots and lists them.
    pub(super) fn show_kept(&mut self, opened: Rc<Opened>, game: Game) {
        let mut problems = Vec::new();
        let (solutions, snapshots) = match opened.records.as_ref() {
            Some(records) => {
                let solutions = records.read_solutions().unwrap_or_else(|error| {
                    problems.push(Message::trouble(None, Problem::Record(error)));
                    SolutionsRead::default()
                });
                let snapshots = records.read_snapshots().map_or_else(
                    |error| {
                        problems.push(Message::trouble(None, Problem::Record(error)));
                        Vec::new()
                    },
                    |read| read.snapshots,
                );
                (solutions.solutions, snapshots)
            }
            None => (Vec::new(), Vec::new()),
        };
        let kept = KeptList::new(
            opened,
            game,
            solutions,
            snapshots,
            problems.pop(),
            self.theme,
            Rc::clone(&self.keys),
        );
        self.push_level(kept);
    }

    /// Puts `text` on the clipboard by OSC 52 when the terminal takes it;
    /// else says why and writes it to a file in the data folder.
    pub(super) fn copy(&mut self, text: &str, what: &str) {
        let message = match self.terminal.clipboard() {
            Ok(()) => {
                self.to_terminal.push(osc52(text));
                Message::info(format!("Copied {what} to the clipboard"))
            }
            Err(why) => match self.library.data_dir().map(|dir| dir.join(COPY_FILE)) {
                Some(path) => match write_atomic(&path, format!("{text}\n").as_bytes()) {
                    Ok(()) => Message::info(format!(
                        "Cannot copy here ({why}); {what} written to {}",
                        path.display()
                    )),
                    Err(error) => Message::warning(format!(
                        "Cannot copy here ({why}), nor write {}: {error}",
                        path.display()
                    )),
                },
                None => Message::warning(format!("Cannot copy here: {why}")),
            },
        };
        self.set_message(message);
    }

    /// Moves pasted on a level: watched from the start, and kept among the
    /// level's solutions when they solve it.
    pub(super) fn pasted(&mut self, opened: &Opened, steps: &[Step]) {
        let mut game = Game::new(opened.level.clone());
        if let Err(error) = game.play_from_start(steps) {
            self.set_message(Message::warning(format!(
                "The pasted moves do not fit this level: {error}"
            )));
            return;
        }
        let metrics = Metrics::of(steps);
        let mut note = None;
        if game.is_solved()
            && let Some(records) = opened.records.as_ref()
        {
            let solution = Solution::new(
                steps.to_vec(),
                Finder::Pasted,
                Some(self.wall_clock()),
                None,
            );
            note = Some(match records.keep_solution(solution) {
                Ok(kept) if kept.kept => Message::info(format!(
                    "The pasted solution is kept: {}, {}",
                    plural(metrics.moves, "move"),
                    plural(metrics.pushes, "push")
                )),
                Ok(_) => Message::info("The pasted solution solves it; a kept one is as good"),
                Err(error) => Message::trouble(Some("Not kept"), Problem::Record(error)),
            });
        }
        if game.is_solved() {
            // The level's hints know it from now on, kept or not.
            self.top_mut().tell(News::Solves(steps.to_vec()));
        }
        let heading = if game.is_solved() {
            "Watching the pasted solution"
        } else {
            "Watching the pasted moves (they do not solve it)"
        };
        match watch(
            opened,
            heading.to_owned(),
            steps,
            self.theme,
            Rc::clone(&self.keys),
        ) {
            Ok(effect) => {
                self.apply(effect);
                if let Some(note) = note {
                    self.set_message(note);
                }
            }
            Err(error) => self.set_message(Message::warning(format!("Cannot watch them: {error}"))),
        }
    }
}

impl App {
    /// The optimizer's shorter line of the player's solve, kept as its own;
    /// only trouble is told.
    pub(super) fn keep_shorter(&mut self, opened: &Opened, steps: Vec<Step>) {
        let Some(records) = &opened.records else {
            return;
        };
        let solution = Solution::new(steps, Finder::Optimizer, Some(self.wall_clock()), None);
        if let Err(error) = records.keep_solution(solution) {
            self.set_message(Message::trouble(
                Some("The shorter line was not kept"),
                Problem::Record(error),
            ));
        }
    }
}

/// What a level's Play screen knows of its solutions: the player's bests
/// and the shortest published one for the header, and every solution from
/// the start (published, the player's, the optimizer's, pasted ones) for
/// its hints, which take up whichever the game stands on.
pub(super) fn known_solutions(opened: &Opened) -> (Bests, Vec<Vec<Step>>) {
    let published = opened
        .level
        .solutions()
        .iter()
        .map(|s| Metrics::of(&s.steps))
        .min_by_key(|m| (m.moves, m.pushes));
    let read = opened
        .records
        .as_ref()
        .and_then(|records| records.read_solutions().ok())
        .unwrap_or_default();
    let bests = Bests {
        by_moves: read.best_by_moves(&Finder::Player).map(|s| s.metrics),
        by_pushes: read.best_by_pushes(&Finder::Player).map(|s| s.metrics),
        published,
    };
    let solutions = (opened.level.solutions().iter())
        .map(|published| published.steps.clone())
        .chain(read.solutions.into_iter().map(|solution| solution.steps))
        .collect();
    (bests, solutions)
}
