//! The finish screen's menu: the next level, watching the player's own
//! run or the best kept one, the level's statistics, and the main menu.

use std::rc::Rc;

use super::shorter::Shorter;
use super::{Finish, NextTo};
use crate::app::message::Message;
use crate::app::screen::Effect;
use crate::app::screens::generating::Generating;
use crate::app::screens::watch::Watch;
use schokoban_core::LogEntry;

/// A line of the menu under the leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// The next choice of this index.
    Next(usize),
    WatchRun,
    WatchBest,
    /// The optimizer's shorter line of the player's run.
    WatchShorter,
    Statistics,
    MainMenu,
}

impl Finish {
    pub(super) fn menu(&self) -> Vec<Choice> {
        let mut choices: Vec<Choice> = (0..self.next.len()).map(Choice::Next).collect();
        if self.run.is_some() {
            choices.push(Choice::WatchRun);
        }
        if self.best_run.is_some() {
            choices.push(Choice::WatchBest);
        }
        if self.statistics.is_some() {
            choices.push(Choice::Statistics);
        }
        choices.push(Choice::MainMenu);
        // Last, as it comes while the player is choosing.
        if self.shorter.label().is_some() {
            choices.push(Choice::WatchShorter);
        }
        choices
    }

    pub(super) fn label(&self, choice: Choice) -> String {
        match choice {
            Choice::Next(index) => self.next[index].label.clone(),
            Choice::WatchRun => "Watch your run".to_owned(),
            Choice::WatchBest => "Watch the best run".to_owned(),
            Choice::WatchShorter => self.shorter.label().unwrap_or_default(),
            Choice::Statistics => "Statistics".to_owned(),
            Choice::MainMenu => "Main menu".to_owned(),
        }
    }

    pub(super) fn pick(&mut self, choice: Choice) -> Effect {
        let (heading, moves) = match choice {
            Choice::Next(index) => {
                return match &self.next[index].to {
                    NextTo::Level(origin) => Effect::Open(origin.clone()),
                    NextTo::List(origin) => Effect::LevelList(origin.clone()),
                    NextTo::EndlessAfter(made) => Effect::Push(Box::new(Generating::after(
                        made,
                        self.theme,
                        Rc::clone(&self.keys),
                    ))),
                };
            }
            Choice::WatchRun => ("Watching your run".to_owned(), self.run.clone()),
            Choice::WatchBest => match &self.best_run {
                Some((name, moves)) => (
                    format!("Watching the best run, by {name}"),
                    Some(moves.clone()),
                ),
                None => return Effect::None,
            },
            Choice::WatchShorter => match &self.shorter {
                Shorter::Found { steps, .. } => (
                    "Watching the optimizer's line of your run".to_owned(),
                    Some(steps.iter().copied().map(LogEntry::Step).collect()),
                ),
                _ => return Effect::None,
            },
            Choice::Statistics => return Effect::ShowStatistics(self.statistics.clone()),
            Choice::MainMenu => return Effect::MainMenu,
        };
        let Some(moves) = moves else {
            return Effect::None;
        };
        let title = self
            .heading
            .split_once(": ")
            .map_or(self.heading.as_str(), |(_, t)| t);
        let keys = Rc::clone(&self.keys);
        match Watch::run(
            heading,
            title.to_owned(),
            &self.level,
            moves,
            self.theme,
            keys,
        ) {
            Ok(watch) => Effect::Push(Box::new(watch)),
            Err(error) => {
                self.messages.push(Message::warning(format!(
                    "The kept run does not fit this level: {error}"
                )));
                Effect::None
            }
        }
    }
}
