//! Ending a level: saving an unsolved game, the score and leaderboard, and
//! moving on to the next level.

use std::rc::Rc;

use super::opening::progress_not_saved;
use crate::app::App;
use crate::app::keep::Kept;
use crate::app::message::{Message, Problem, plural};
use crate::app::origin::{Mode, Origin};
use crate::app::screen::{Ended, News};
use crate::app::screens::finish::{
    BestRun, Finish, NextChoice, NextTo, Outcome, ScoreNews, Shorter,
};
use crate::library::AddedCollection;
use crate::storage::{Leaderboard, Records};
use schokoban_core::LogEntry;

impl App {
    pub(super) fn leave(&mut self, ended: &Ended) {
        let next = self.next_choices(&ended.opened.origin);
        self.leave_to(ended, next);
    }

    /// Leaves a level unsolved: carries out the keep (saves the game), then
    /// the spec's leaderboard first, with `next` offered before the main
    /// menu.
    pub(super) fn leave_to(&mut self, ended: &Ended, next: Vec<NextChoice>) {
        self.pop();
        if let Origin::TestPlay { .. } = ended.opened.origin {
            self.set_message(Message::info("Back to editing"));
            return;
        }
        let saved = self.keep.carry_out();
        let records = ended.opened.records.as_ref();
        let (board, problem) = read_board(records);
        let messages = saved.into_iter().chain(problem).collect();
        let outcome = Outcome {
            title: ended.opened.title.clone(),
            solved_score: None,
            board,
            keeps_scores: records.is_some(),
            next,
            messages,
            level: ended.opened.level.clone(),
            run: None,
            best_run: records.and_then(best_run),
            helped_pushes: 0,
        };
        let finish = Finish::new(outcome, self.theme, Rc::clone(&self.keys));
        self.push_level(finish.with_statistics(Rc::clone(&ended.opened)));
    }

    pub(super) fn solved(&mut self, ended: &Ended) {
        self.pop();
        if let Origin::TestPlay { .. } = ended.opened.origin {
            let moves = plural(ended.game.score(), "move");
            self.set_message(Message::info(format!("You solved it in {moves}")));
            return;
        }
        if ended.watched {
            self.watched_to_the_end(ended);
            return;
        }
        self.push_finish(ended, false);
    }

    /// A level the solver's moves solved, watched to the end: not the
    /// player's solve, so not marked solved and not scored. The board and
    /// the choices show as on leaving, and nothing is saved.
    fn watched_to_the_end(&mut self, ended: &Ended) {
        self.keep.set(None);
        let records = ended.opened.records.as_ref();
        let (board, problem) = read_board(records);
        let watched = Message::info("Watched to the end: not marked solved, and no score");
        let counted = self.keep.write_statistics();
        let outcome = Outcome {
            title: ended.opened.title.clone(),
            solved_score: None,
            board,
            keeps_scores: records.is_some(),
            next: self.next_choices(&ended.opened.origin),
            messages: std::iter::once(watched)
                .chain(problem)
                .chain(counted)
                .collect(),
            level: ended.opened.level.clone(),
            run: None,
            best_run: records.and_then(best_run),
            helped_pushes: 0,
        };
        let finish = Finish::new(outcome, self.theme, Rc::clone(&self.keys));
        self.push_level(finish.with_statistics(Rc::clone(&ended.opened)));
    }

    /// The end screen of a solved level: the save deleted, progress marked,
    /// and the leaderboard offered, the solve kept until the player answers.
    /// `later` when the level was solved before (the terminal closed on its
    /// solved board), so the offer says so.
    pub(super) fn push_finish(&mut self, ended: &Ended, later: bool) {
        let opened = &ended.opened;
        // The solved game is kept by the question below, if it is asked.
        let kept = self.keep.take();
        let mut messages = Vec::new();
        // Its save goes: the one it was loaded from, or its own moves kept
        // there when it was left solved. Another game's save stays.
        let ours = [kept.as_ref().and_then(Kept::loaded), Some(ended.game.log())];
        let ours: Vec<&[LogEntry]> = ours.into_iter().flatten().collect();
        if let Some(Err(error)) = opened.records.as_ref().map(|r| r.delete_save_of(&ours)) {
            let context = Some("Could not delete the old save");
            messages.push(Message::trouble(context, Problem::Record(error)));
        }
        messages.extend(self.keep_solve(ended));
        let has_next = opened.origin.step(1).is_some();
        messages.extend(self.record_progress(&opened.origin, has_next));
        // After the solve is kept: the statistics never cost one.
        messages.extend(self.keep.write_statistics());
        let next = self.next_choices(&opened.origin);
        let (board, problem) = read_board(opened.records.as_ref());
        messages.extend(problem);
        let records = opened.records.as_ref();
        let outcome = Outcome {
            title: opened.title.clone(),
            solved_score: Some(ended.game.score()),
            board,
            keeps_scores: records.is_some(),
            next,
            messages,
            level: opened.level.clone(),
            run: Some(ended.game.log().to_vec()),
            best_run: records.and_then(best_run),
            helped_pushes: ended.helped_pushes,
        };
        let mut finish = Finish::new(outcome, self.theme, Rc::clone(&self.keys))
            .with_statistics(Rc::clone(opened));
        if records.is_some() {
            let steps = ended.game.history().to_vec();
            finish = finish.shortening(Shorter::start(Rc::clone(opened), steps));
        }
        if let Some(records) = records.filter(|_| finish.asks()) {
            let solve = Kept::solve(records.clone(), ended.game.log().to_vec());
            self.keep.set(Some(solve));
        }
        self.push_level(if later {
            finish.offered_later()
        } else {
            finish
        });
    }

    /// Adds the kept solve to the leaderboard as `name`, with its winning
    /// moves, and tells the end screen what came of it.
    pub(super) fn add_score(&mut self, name: &str) {
        let Some((records, score, run)) = self.keep.take().and_then(Kept::into_solve) else {
            return;
        };
        let news = match records.add_score_with_run(score, name, &run) {
            Ok(added) => {
                let mut messages: Vec<Message> = (added.runs_problems.iter())
                    .map(|problem| Message::warning(problem.to_string()))
                    .collect();
                messages.extend(added.moved_aside.as_ref().map(|aside| {
                    Message::warning(format!(
                        "The old leaderboard was damaged; it was kept as {}",
                        aside.display()
                    ))
                }));
                ScoreNews {
                    board_moved_aside: added.moved_aside.is_some(),
                    added: Some((added.board, added.place)),
                    best_run: best_run(&records),
                    messages,
                }
            }
            Err(error) => ScoreNews {
                added: None,
                best_run: None,
                board_moved_aside: false,
                messages: vec![Message::trouble(
                    Some("Could not save the score"),
                    Problem::Record(error),
                )],
            },
        };
        self.top_mut().tell(News::Scored(news));
    }

    /// Marks a built-in level solved and, in Arcade, the next one reached;
    /// says what went wrong, and when a collection's end is reached.
    pub(super) fn record_progress(&mut self, origin: &Origin, has_next: bool) -> Vec<Message> {
        if let Origin::Added {
            collection,
            number,
            mode,
        } = origin
        {
            return self.record_added_progress(collection, *number, *mode, has_next);
        }
        let mut messages = Vec::new();
        if let Origin::Arcade { collection, number } | Origin::FreePlay { collection, number } =
            *origin
            && let Err(error) = self.library.mark_solved(collection, number)
        {
            messages.push(progress_not_saved(error));
        }
        let Origin::Arcade { collection, number } = *origin else {
            return messages;
        };
        if has_next {
            if let Err(error) = self.library.mark_reached(collection, number + 1) {
                messages.push(progress_not_saved(error));
            }
            return messages;
        }
        let solved = self.library.progress(collection).solved_count();
        messages.push(end_of_collection(
            collection.name(),
            solved,
            collection.level_count(),
        ));
        messages
    }

    /// [`Self::record_progress`] for a collection the player added.
    fn record_added_progress(
        &self,
        collection: &AddedCollection,
        number: usize,
        mode: Mode,
        has_next: bool,
    ) -> Vec<Message> {
        let mut messages = Vec::new();
        if let Err(error) = self.library.mark_added_solved(collection, number) {
            messages.push(progress_not_saved(error));
        }
        if mode != Mode::Arcade {
            return messages;
        }
        if has_next {
            if let Err(error) = self.library.mark_added_reached(collection, number + 1) {
                messages.push(progress_not_saved(error));
            }
        } else {
            let solved = self.library.added_progress(collection).solved_count();
            let total = collection.level_count;
            messages.push(end_of_collection(&collection.name, solved, total));
        }
        messages
    }

    /// Where the end screen offers to go on to: in Free play the next
    /// unsolved level first (one key away), the list on this level, and
    /// this level again; in Arcade the next level; in Endless the next
    /// seed's level and the list of those made; elsewhere this level
    /// again.
    fn next_choices(&self, origin: &Origin) -> Vec<NextChoice> {
        if let Origin::Endless { made } = origin {
            let next = NextChoice {
                label: "Next endless level".to_owned(),
                to: NextTo::EndlessAfter(Rc::clone(made)),
            };
            // Levels made are kept only in a data folder.
            let list = self.library.data_dir().is_some().then(|| NextChoice {
                label: "Level list".to_owned(),
                to: NextTo::List(origin.clone()),
            });
            return std::iter::once(next).chain(list).collect();
        }
        if origin.is_arcade() {
            // Arcade goes in order: on past a level only once it is solved.
            let next = origin.step(1).filter(|_| self.arcade_passed(origin));
            return vec![match next {
                Some(next) => NextChoice {
                    label: "Next level".to_owned(),
                    to: NextTo::Level(next),
                },
                None => NextChoice {
                    label: "Play again".to_owned(),
                    to: NextTo::Level(origin.clone()),
                },
            }];
        }
        let mut choices = Vec::new();
        if origin.list_place().is_some() {
            if let Some(unsolved) = self.next_unsolved(origin) {
                let number = unsolved.list_place().map_or(0, |(_, number)| number);
                choices.push(NextChoice {
                    label: format!("Next unsolved level ({number})"),
                    to: NextTo::Level(unsolved),
                });
            }
            choices.push(NextChoice {
                label: "Level list".to_owned(),
                to: NextTo::List(origin.clone()),
            });
        }
        choices.push(NextChoice {
            label: "Play again".to_owned(),
            to: NextTo::Level(origin.clone()),
        });
        choices
    }

    /// Whether Arcade has got past `origin`'s level: solved now or before,
    /// so the next one is reached.
    fn arcade_passed(&self, origin: &Origin) -> bool {
        match origin {
            Origin::Arcade { collection, number } => {
                self.library.progress(*collection).reached() > *number
            }
            Origin::Added {
                collection, number, ..
            } => self.library.added_progress(collection).reached() > *number,
            _ => false,
        }
    }

    /// The first unsolved level after `origin`'s in its collection, going
    /// round to the start; `None` when every other level is solved.
    fn next_unsolved(&self, origin: &Origin) -> Option<Origin> {
        let solved = |number: usize| match origin {
            Origin::FreePlay { collection, .. } => {
                self.library.progress(*collection).is_solved(number)
            }
            Origin::Added { collection, .. } => {
                self.library.added_progress(collection).is_solved(number)
            }
            _ => true,
        };
        let (count, number) = match origin {
            Origin::FreePlay { collection, number } => (collection.level_count(), *number),
            Origin::Added {
                collection, number, ..
            } => (collection.level_count, *number),
            _ => return None,
        };
        let next = (1..count)
            .map(|step| (number - 1 + step) % count + 1)
            .find(|&n| !solved(n))?;
        let delta = isize::try_from(next).ok()? - isize::try_from(number).ok()?;
        origin.step(delta)
    }
}

/// What Arcade says after a collection's last level.
fn end_of_collection(name: &str, solved: usize, total: usize) -> Message {
    Message::info(if solved == total {
        format!("Collection complete: you have solved all {total} levels of {name}!")
    } else {
        format!("You have reached the end of {name}: {solved} of {total} levels solved")
    })
}

/// A map's leaderboard, and what was wrong with its file if anything.
pub(super) fn read_board(records: Option<&Records>) -> (Leaderboard, Option<Message>) {
    let Some(records) = records else {
        return (Leaderboard::default(), None);
    };
    match records.read_leaderboard() {
        Ok(read) if read.problems.is_empty() => (read.board, None),
        Ok(read) => {
            let problem = Problem::DamagedBoard {
                path: records.leaderboard_path().to_owned(),
                problems: read.problems,
            };
            (read.board, Some(Message::trouble(None, problem)))
        }
        Err(error) => (
            Leaderboard::default(),
            Some(Message::trouble(None, Problem::Record(error))),
        ),
    }
}

/// The best entry's name and winning moves, when the runs file has them.
fn best_run(records: &Records) -> Option<BestRun> {
    let read = records.read_runs().ok()?;
    let name = read.board.entries().first()?.name.clone();
    let moves = read.runs.into_iter().next().flatten()?;
    Some((name, moves))
}
