//! [`App::update`]: screen changes and the file IO behind them. Failures
//! become messages on screen; none of them ends the game.

mod completion;
mod ending;
mod opening;

pub use completion::{Completion, complete};
pub use opening::expand_path;

use super::message::Message;
use super::origin::{Mode, Origin};
use super::screens::collection_menu::{CollectionEntry, CollectionMenu};
use super::screens::continue_menu::ContinueMenu;
use super::screens::level_list::{LevelList, ListSource};
use super::screens::path_prompt::PathPrompt;
use super::{Action, App, Screen};
use crate::library::Collection;
use opening::level_row;

impl App {
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Quit => self.running = false,
            Action::Back => {
                if self.screens.len() > 1 {
                    self.screens.pop();
                } else {
                    self.running = false;
                }
            }
            Action::MainMenu => self.screens.truncate(1),
            Action::ChooseCollection(mode) => self.choose_collection(mode),
            Action::CollectionChosen { mode, collection } => match mode {
                Mode::Arcade => self.start_arcade(collection),
                Mode::FreePlay => self.free_play_list(collection),
            },
            Action::OpenCustomPrompt => {
                self.screens
                    .push(Screen::PathPrompt(PathPrompt::new(self.theme)));
            }
            Action::LoadCustom(typed) => self.load_custom(&typed),
            Action::CompletePath => self.complete_path(),
            Action::Open(origin) => self.open(&origin),
            Action::LoadSave => self.load_save(),
            Action::DeleteSave => self.delete_save(),
            Action::Leave => self.leave(),
            Action::Solved => self.solved(),
            Action::SwitchLevel(delta) => self.switch_level(delta),
            Action::AddScore(name) => self.add_score(&name),
        }
    }

    fn choose_collection(&mut self, mode: Mode) {
        let entries = Collection::ALL
            .iter()
            .map(|&collection| CollectionEntry {
                collection,
                name: collection.name().to_owned(),
                levels: collection.level_count(),
                solved: self.library.progress(collection).solved_count(),
            })
            .collect();
        self.screens.push(Screen::Collections(CollectionMenu {
            mode,
            entries,
            selected: 0,
            notice: None,
            theme: self.theme,
        }));
    }

    fn start_arcade(&mut self, collection: Collection) {
        let furthest = self
            .library
            .progress(collection)
            .reached()
            .min(collection.level_count());
        if furthest <= 1 {
            self.open(&Origin::Arcade {
                collection,
                number: 1,
            });
            return;
        }
        self.screens.push(Screen::Continue(ContinueMenu {
            collection,
            name: collection.name().to_owned(),
            furthest,
            selected: 0,
            notice: None,
            theme: self.theme,
        }));
    }

    fn free_play_list(&mut self, collection: Collection) {
        let progress = self.library.progress(collection);
        let rows = (1..=collection.level_count())
            .filter_map(|number| {
                let playable = self.library.level(collection, number).ok()?;
                Some(level_row(
                    &playable.level,
                    playable.records.as_ref(),
                    progress.is_solved(number),
                    &format!("{} {number}", collection.name()),
                ))
            })
            .collect();
        let heading = format!("Free play: {}", collection.name());
        self.screens.push(Screen::LevelList(LevelList::new(
            heading,
            ListSource::Collection(collection),
            rows,
            self.theme,
        )));
    }

    /// Puts a message on the screen on top, where it has somewhere to go.
    fn set_message(&mut self, message: Message) {
        match self.screen_mut() {
            Screen::Play(play) => play.message = Some(message),
            Screen::Finish(finish) => finish.messages.push(message),
            Screen::PathPrompt(prompt) => prompt.error = Some(message.text),
            Screen::MainMenu(menu) => menu.notice = Some(message.text),
            Screen::Collections(menu) => menu.notice = Some(message.text),
            Screen::Continue(menu) => menu.notice = Some(message.text),
            Screen::LevelList(list) => list.notice = Some(message.text),
            Screen::SavePrompt(prompt) => prompt.notice = Some(message.text),
        }
    }
}
