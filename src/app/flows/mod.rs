//! [`App::apply`]: carrying out what a screen asked for, with the file IO
//! behind it. Failures become messages on screen; none of them ends the game.

mod collections;
mod editing;
mod ending;
mod kept;
mod level_lists;
mod opening;
mod reverse;
mod statistics;
mod typed;

pub use typed::expand_path;

use std::rc::Rc;

use super::completion::complete;
use super::message::{Message, Problem};
use super::origin::{Mode, Origin};
use super::screen::{Effect, News, Screen};
use super::screens::continue_menu::ContinueMenu;
use super::screens::finish::{NextChoice, NextTo};
use super::screens::generating::Generating;
use super::{App, Kind, Layer};
use crate::library::{Collection, LevelRating};
use schokoban_core::Level;
use schokoban_generate::{Day, Request};

impl App {
    pub(super) fn apply(&mut self, effect: Effect) {
        // The collection menu opens where it was left, this session.
        if let Effect::CollectionChosen { mode, row, .. } | Effect::AddedChosen { mode, row, .. } =
            &effect
        {
            self.collection_rows[usize::from(*mode == Mode::FreePlay)] = *row;
        }
        match effect {
            Effect::None => {}
            Effect::Quit => self.running = false,
            Effect::Back => {
                if !self.pop() {
                    self.running = false;
                }
            }
            Effect::MainMenu => {
                self.screens.truncate(1);
                let area = self.area;
                self.top_mut().tell(News::Resized(area));
            }
            Effect::LevelList(origin) => self.back_to_list(&origin),
            Effect::Push(screen) => {
                // A screen opened over a level belongs to it.
                let kind = match self.top_layer().kind {
                    Kind::Level => Kind::Level,
                    Kind::Page | Kind::Chooser | Kind::Overlay => Kind::Page,
                };
                self.push_layer(screen, kind);
            }
            Effect::PushChooser(screen) => self.push_layer(screen, Kind::Chooser),
            Effect::EndlessLevels => self.endless_list(None),
            Effect::PlayDaily => self.play_daily(),
            Effect::PlayEndless(request) => self.play_endless(request, None),
            Effect::Overlay(screen) => self.push_layer(screen, Kind::Overlay),
            Effect::Uncover(news) => {
                if self.pop() {
                    self.top_mut().tell(news);
                }
            }
            Effect::DeleteSave(opened) => self.delete_save(opened),
            Effect::TakeOtherSave { opened, path, game } => {
                self.take_other_save(opened, &path, game);
            }
            Effect::Complete(typed) => self.top_mut().tell(News::Completed(complete(&typed))),
            Effect::AddScore(name) => self.add_score(&name),
            Effect::DeclineScore => self.keep.set(None),
            Effect::ChooseCollection(mode) => {
                let mut menu = self.collection_menu(mode);
                menu.select_row(self.collection_rows[usize::from(mode == Mode::FreePlay)]);
                self.push_layer(Box::new(menu), Kind::Chooser);
            }
            Effect::CollectionChosen {
                mode, collection, ..
            } => match mode {
                Mode::Arcade => self.start_arcade(collection),
                Mode::FreePlay => self.free_play_list(collection),
            },
            Effect::AddedChosen {
                mode, collection, ..
            } => self.added_chosen(mode, collection),
            Effect::AddCollection { mode, typed } => self.add_collection(mode, &typed),
            Effect::RemoveCollection { mode, id } => self.remove_collection(mode, &id),
            Effect::SaveLevel { level, path } => self.save_level(&level, path.as_deref()),
            Effect::OpenPath(typed) => self.open_path(&typed),
            Effect::OpenPasted(text) => self.open_pasted(&text),
            Effect::Open(origin) => self.open(&origin),
            Effect::KeepRating { level, rating } => self.keep_rating(&level, rating),
            Effect::Play {
                opened,
                game,
                message,
                resumed,
            } => {
                self.pop();
                self.start_play(opened, game, message, resumed);
            }
            Effect::Leave(ended) => self.leave(&ended),
            Effect::Solved(ended) => self.solved(&ended),
            Effect::SwitchLevel { from, to, forward } => {
                let label = if forward {
                    "Next level"
                } else {
                    "Previous level"
                };
                let next = NextChoice {
                    label: label.to_owned(),
                    to: NextTo::Level(to),
                };
                self.leave_to(&from, vec![next]);
            }
            kept @ (Effect::TakeSnapshot { .. }
            | Effect::ShowKept { .. }
            | Effect::Copy { .. }
            | Effect::Pasted { .. }
            | Effect::KeepShorter { .. }) => self.apply_kept(kept),
            Effect::Reverse(reverse) => self.apply_reverse(reverse),
            Effect::SetZoom(zoom) => self.set_zoom(zoom),
            Effect::ShowStatistics(opened) => self.show_statistics(opened.as_deref()),
        }
    }

    /// Plays today's daily level, today by the app's clock.
    fn play_daily(&mut self) {
        let today = Day::from_unix_days(self.wall_clock() / 86_400);
        self.play_endless(today.request(), Some(today));
    }

    /// Plays the level kept for `request` (or `day`'s daily level) at
    /// once, or else makes it in the background, on a screen that opening
    /// the level replaces.
    fn play_endless(&mut self, request: Request, day: Option<Day>) {
        if let Some(kept) = self.library.kept_endless_level(&request, day) {
            self.open(&Origin::Endless {
                made: Rc::new(kept),
            });
            return;
        }
        let (theme, keys) = (self.theme, Rc::clone(&self.keys));
        let making = match day {
            Some(day) => Generating::daily(day, theme, keys),
            None => Generating::new(request, None, theme, keys),
        };
        self.push_layer(Box::new(making), Kind::Level);
    }

    /// Z: the zoom remembered for every level, or why it was not.
    fn set_zoom(&mut self, zoom: crate::library::Zoom) {
        if let Err(error) = self.library.set_zoom(zoom) {
            let message = Message::trouble(Some("Zoom not remembered"), Problem::Library(error));
            self.top_mut().show(message);
        }
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
        self.push(ContinueMenu::new(
            collection,
            furthest,
            self.theme,
            Rc::clone(&self.keys),
        ));
    }

    /// Keeps a level's rating measured in the background, or says why not.
    fn keep_rating(&mut self, level: &Level, rating: LevelRating) {
        if let Err(error) = self.library.keep_rating(level, rating) {
            let problem = Problem::Library(error);
            self.set_message(Message::trouble(Some("Rating not kept"), problem));
        }
    }

    /// Puts a message on the screen on top.
    fn set_message(&mut self, message: Message) {
        self.top_mut().show(message);
    }

    /// Screens of the level being left, replaced by the next one.
    fn pop_level_screens(&mut self) {
        while self.top_layer().kind == Kind::Level {
            self.pop();
        }
    }

    /// Takes the screen on top away, never the main menu, and tells the
    /// one it uncovers the terminal's size, which may have changed while
    /// that one was covered. Says whether there was one to take.
    pub(super) fn pop(&mut self) -> bool {
        if self.screens.len() <= 1 {
            return false;
        }
        self.screens.pop();
        let area = self.area;
        self.top_mut().tell(News::Resized(area));
        true
    }

    fn push(&mut self, screen: impl Screen + 'static) {
        self.push_layer(Box::new(screen), Kind::Page);
    }

    /// Shows a screen of the level being played on top.
    fn push_level(&mut self, screen: impl Screen + 'static) {
        self.push_layer(Box::new(screen), Kind::Level);
    }

    /// Shows a screen on top, told the terminal's size first.
    pub(super) fn push_layer(&mut self, mut screen: Box<dyn Screen>, kind: Kind) {
        screen.tell(News::Resized(self.area));
        self.screens.push(Layer { screen, kind });
    }
}
