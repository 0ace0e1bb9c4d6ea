//! Ending a level: saving an unsolved game, the score and leaderboard, and
//! moving on to the next level.

use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::app::screens::finish::{Finish, NextChoice, Stage};
use crate::app::screens::play::Play;
use crate::app::shutdown::PendingSave;
use crate::app::{App, Screen};
use crate::storage::{Leaderboard, Records};

impl App {
    /// Writes the save of an unsolved game with moves, or deletes one a
    /// reset made stale; says what happened.
    fn save_if_unsolved(play: &Play) -> Option<Message> {
        PendingSave::of(play).as_ref().map(PendingSave::carry_out)
    }

    pub(super) fn leave(&mut self) {
        let Some(Screen::Play(play)) = self.screens.pop() else {
            return;
        };
        let saved = Self::save_if_unsolved(&play);
        let (board, problem) = read_board(play.opened.records.as_ref());
        let messages = saved
            .into_iter()
            .chain(problem.map(Message::warning))
            .collect();
        let next = Self::next_choice(&play.opened.origin);
        self.screens.push(Screen::Finish(Finish {
            heading: format!("Leaderboard: {}", play.opened.title),
            solved_score: None,
            board,
            new_place: None,
            stage: Stage::Board { selected: 0 },
            next,
            messages,
            records: play.opened.records.clone(),
            theme: self.theme,
        }));
    }

    pub(super) fn solved(&mut self) {
        let Some(Screen::Play(play)) = self.screens.pop() else {
            return;
        };
        let mut messages = Vec::new();
        let score = play.game.score();
        if let Some(Err(error)) = play.opened.records.as_ref().map(Records::delete_save) {
            messages.push(Message::warning(format!(
                "Could not delete the old save: {error}"
            )));
        }
        if let Origin::Arcade { collection, number } | Origin::FreePlay { collection, number } =
            play.opened.origin
            && let Err(error) = self.library.mark_solved(collection, number)
        {
            messages.push(Message::warning(format!("Progress not saved: {error}")));
        }
        let next = Self::next_choice(&play.opened.origin);
        if let Origin::Arcade { collection, number } = play.opened.origin {
            let reached = match &next {
                Some(_) => self.library.mark_reached(collection, number + 1),
                None => Ok(()),
            };
            if let Err(error) = reached {
                messages.push(Message::warning(format!("Progress not saved: {error}")));
            }
            if next.is_none() {
                let (name, total) = (collection.name(), collection.level_count());
                let solved = self.library.progress(collection).solved_count();
                messages.push(Message::info(if solved == total {
                    format!("Collection complete: you have solved all {total} levels of {name}!")
                } else {
                    format!("You have reached the end of {name}: {solved} of {total} levels solved")
                }));
            }
        }
        let (board, problem) = read_board(play.opened.records.as_ref());
        messages.extend(problem.map(Message::warning));
        let stage = match &play.opened.records {
            Some(_) if board.qualifies(score) => Stage::Qualify { yes: true },
            Some(_) => Stage::Board { selected: 0 },
            None => {
                messages.push(Message::warning(
                    "Records are off: the score cannot be kept",
                ));
                Stage::Board { selected: 0 }
            }
        };
        self.screens.push(Screen::Finish(Finish {
            heading: format!("Solved: {}", play.opened.title),
            solved_score: Some(score),
            board,
            new_place: None,
            stage,
            next,
            messages,
            records: play.opened.records.clone(),
            theme: self.theme,
        }));
    }

    pub(super) fn add_score(&mut self, name: &str) {
        let Screen::Finish(finish) = self.screen_mut() else {
            return;
        };
        let (Some(score), Some(records)) = (finish.solved_score, &finish.records) else {
            return;
        };
        match records.add_score(score, name) {
            Ok(added) => {
                finish.board = added.board;
                finish.new_place = added.place;
                if let Some(aside) = added.moved_aside {
                    finish.messages.push(Message::warning(format!(
                        "The old leaderboard was damaged; it was kept as {}",
                        aside.display()
                    )));
                }
            }
            Err(error) => finish.messages.push(Message::warning(format!(
                "Could not save the score: {error}"
            ))),
        }
        finish.stage = Stage::Board { selected: 0 };
    }

    pub(super) fn switch_level(&mut self, delta: isize) {
        let Screen::Play(play) = self.screen() else {
            return;
        };
        let target = play.opened.origin.step(delta);
        let Some(target) = target else {
            let edge = if delta > 0 { "last" } else { "first" };
            self.set_message(Message::info(format!("This is the {edge} level")));
            return;
        };
        let saved = Self::save_if_unsolved(play);
        self.open(&target);
        if let Some(message) = saved {
            self.set_message(message);
        }
    }

    pub(super) fn next_choice(origin: &Origin) -> Option<NextChoice> {
        match origin {
            Origin::Arcade { .. } => origin.step(1).map(|origin| NextChoice {
                label: "Next level",
                origin,
            }),
            _ => Some(NextChoice {
                label: "Play again",
                origin: origin.clone(),
            }),
        }
    }
}

/// A map's leaderboard, and what was wrong with its file if anything.
pub(super) fn read_board(records: Option<&Records>) -> (Leaderboard, Option<String>) {
    let Some(records) = records else {
        return (Leaderboard::default(), None);
    };
    match records.read_leaderboard() {
        Ok(read) if read.problems.is_empty() => (read.board, None),
        Ok(read) => {
            let problems: Vec<String> = read.problems.iter().map(ToString::to_string).collect();
            let text = format!(
                "{} is damaged ({}); it will be kept aside when a new score is added",
                records.leaderboard_path().display(),
                problems.join("; ")
            );
            (read.board, Some(text))
        }
        Err(error) => (Leaderboard::default(), Some(error.to_string())),
    }
}
