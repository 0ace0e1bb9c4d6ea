//! [`App::update`]: screen changes and the file IO behind them. Failures
//! become messages on screen; none of them ends the game.

use std::path::{Path, PathBuf};

use super::message::Message;
use super::origin::{Mode, Opened, Origin};
use super::screens::collection_menu::{CollectionEntry, CollectionMenu};
use super::screens::continue_menu::ContinueMenu;
use super::screens::finish::{Finish, NextChoice, Stage};
use super::screens::level_list::{LevelList, LevelRow, ListSource};
use super::screens::path_prompt::PathPrompt;
use super::screens::play::Play;
use super::screens::save_prompt::SavePrompt;
use super::widgets::text_input::TextInput;
use super::{Action, App, Screen};
use crate::game::{Game, Level};
use crate::library::Collection;
use crate::storage::{Leaderboard, Records, load_levels};

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

    fn load_custom(&mut self, typed: &str) {
        let path = expand_path(typed);
        match load_levels(&path) {
            Err(error) => self.show_custom_error(typed, error.to_string()),
            Ok(levels) if levels.len() == 1 => self.open(&Origin::Custom {
                path,
                number: 1,
                count: 1,
            }),
            Ok(levels) => {
                let count = levels.len();
                let rows = levels
                    .iter()
                    .enumerate()
                    .map(|(index, level)| {
                        let records = self.custom_records(&path, index + 1, count).0;
                        level_row(
                            level,
                            records.as_ref(),
                            false,
                            &format!("Level {}", index + 1),
                        )
                    })
                    .collect();
                let heading = format!("{}: choose a level", file_name(&path));
                self.screens.push(Screen::LevelList(LevelList::new(
                    heading,
                    ListSource::File(path),
                    rows,
                    self.theme,
                )));
            }
        }
    }

    /// Shows why a typed path did not open, keeping the text for editing.
    fn show_custom_error(&mut self, typed: &str, error: String) {
        if !matches!(self.screen(), Screen::PathPrompt(_)) {
            self.screens.push(Screen::PathPrompt(PathPrompt {
                input: TextInput::with_text(typed),
                error: None,
                theme: self.theme,
            }));
        }
        if let Screen::PathPrompt(prompt) = self.screen_mut() {
            prompt.error = Some(error);
        }
    }

    /// Where a custom level's records go, and a note if not beside the map.
    fn custom_records(
        &self,
        path: &Path,
        number: usize,
        count: usize,
    ) -> (Option<Records>, Option<String>) {
        let custom = self.library.records_for_custom(path);
        let records = custom
            .records
            .map(|r| if count > 1 { r.for_level(number) } else { r });
        (records, custom.note)
    }

    fn resolve(&self, origin: &Origin) -> Result<(Opened, Option<String>), String> {
        match origin {
            Origin::Arcade { collection, number } | Origin::FreePlay { collection, number } => {
                let playable = self
                    .library
                    .level(*collection, *number)
                    .map_err(|e| e.to_string())?;
                let title = playable
                    .level
                    .title()
                    .map_or_else(|| format!("Level {number}"), str::to_owned);
                Ok((
                    Opened {
                        origin: origin.clone(),
                        level: playable.level,
                        title,
                        records: playable.records,
                    },
                    None,
                ))
            }
            Origin::Custom {
                path,
                number,
                count,
            } => {
                let levels = load_levels(path).map_err(|e| e.to_string())?;
                let level = levels
                    .into_iter()
                    .nth(number - 1)
                    .ok_or_else(|| format!("{}: there is no level {number}", path.display()))?;
                let title = match level.title() {
                    Some(title) => title.to_owned(),
                    None if *count > 1 => format!("{} #{number}", file_name(path)),
                    None => file_name(path),
                };
                let (records, note) = self.custom_records(path, *number, *count);
                Ok((
                    Opened {
                        origin: origin.clone(),
                        level,
                        title,
                        records,
                    },
                    note,
                ))
            }
        }
    }

    fn open(&mut self, origin: &Origin) {
        let (opened, note) = match self.resolve(origin) {
            Ok(resolved) => resolved,
            Err(error) => {
                self.set_message(Message::warning(error));
                return;
            }
        };
        if let Origin::Arcade { collection, number } = *origin
            && let Err(error) = self.library.mark_reached(collection, number)
        {
            self.set_message(Message::warning(format!("Progress not saved: {error}")));
        }
        self.pop_level_screens();
        match opened.records.as_ref().map(Records::read_save) {
            Some(Ok(Some(_))) => {
                self.screens.push(Screen::SavePrompt(SavePrompt::new(
                    opened, None, self.theme,
                )));
            }
            Some(Err(error)) => {
                let reason = error.to_string();
                self.screens.push(Screen::SavePrompt(SavePrompt::new(
                    opened,
                    Some(reason),
                    self.theme,
                )));
            }
            Some(Ok(None)) | None => {
                let game = Game::new(opened.level.clone());
                self.start_play(opened, game);
                if let Some(note) = note {
                    self.set_message(Message::info(note));
                }
            }
        }
    }

    /// Screens of the level being left, replaced by the next one.
    fn pop_level_screens(&mut self) {
        while matches!(
            self.screen(),
            Screen::Play(_) | Screen::Finish(_) | Screen::SavePrompt(_)
        ) {
            self.screens.pop();
        }
    }

    fn start_play(&mut self, opened: Opened, game: Game) {
        let (board, problem) = read_board(opened.records.as_ref());
        let mut play = Play::new(opened, game, board.best(), self.theme);
        play.message = problem.map(Message::warning);
        self.screens.push(Screen::Play(Box::new(play)));
    }

    fn load_save(&mut self) {
        let Some(Screen::SavePrompt(prompt)) = self.screens.pop() else {
            return;
        };
        let log = prompt.opened.records.as_ref().map(Records::read_save);
        let replayed = match log {
            Some(Ok(Some(log))) => {
                let mut game = Game::new(prompt.opened.level.clone());
                game.apply_log(&log)
                    .map(|()| game)
                    .map_err(|e| e.to_string())
            }
            Some(Ok(None)) => Err("the saved game is gone".to_owned()),
            Some(Err(error)) => Err(error.to_string()),
            None => Err("records are off".to_owned()),
        };
        match replayed {
            Ok(game) => {
                self.start_play(prompt.opened, game);
                self.set_message(Message::info("Saved game loaded"));
            }
            Err(reason) => {
                let path = prompt
                    .opened
                    .records
                    .as_ref()
                    .map(|r| r.save_path().display().to_string());
                let reason = path.map_or(reason.clone(), |p| format!("{p}: {reason}"));
                self.screens.push(Screen::SavePrompt(SavePrompt::new(
                    prompt.opened,
                    Some(reason),
                    self.theme,
                )));
            }
        }
    }

    fn delete_save(&mut self) {
        let Some(Screen::SavePrompt(prompt)) = self.screens.pop() else {
            return;
        };
        let result = prompt.opened.records.as_ref().map(Records::delete_save);
        let game = Game::new(prompt.opened.level.clone());
        self.start_play(prompt.opened, game);
        if let Some(Err(error)) = result {
            self.set_message(Message::warning(format!(
                "Could not delete the save: {error}"
            )));
        }
    }

    /// Writes the save of an unsolved game with moves; says what happened.
    fn save_if_unsolved(play: &Play) -> Option<Message> {
        if play.game.is_solved() || play.game.score() == 0 {
            return None;
        }
        Some(match &play.opened.records {
            None => Message::warning("Records and saves are off: the game was not saved"),
            Some(records) => match records.write_save(play.game.log()) {
                Ok(()) => Message::info(format!("Game saved to {}", records.save_path().display())),
                Err(error) => Message::warning(format!("Could not save the game: {error}")),
            },
        })
    }

    fn leave(&mut self) {
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

    fn solved(&mut self) {
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

    fn add_score(&mut self, name: &str) {
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

    fn switch_level(&mut self, delta: isize) {
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

    fn next_choice(origin: &Origin) -> Option<NextChoice> {
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

    /// Puts a message on the screen on top, where it has somewhere to go.
    fn set_message(&mut self, message: Message) {
        match self.screen_mut() {
            Screen::Play(play) => play.message = Some(message),
            Screen::Finish(finish) => finish.messages.push(message),
            Screen::PathPrompt(prompt) => prompt.error = Some(message.text),
            Screen::MainMenu(menu) => menu.notice = Some(message.text),
            _ => {}
        }
    }
}

/// A map's leaderboard, and what was wrong with its file if anything.
fn read_board(records: Option<&Records>) -> (Leaderboard, Option<String>) {
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

fn level_row(level: &Level, records: Option<&Records>, solved: bool, fallback: &str) -> LevelRow {
    LevelRow {
        title: level.title().unwrap_or(fallback).to_owned(),
        record: records
            .and_then(|r| r.read_leaderboard().ok())
            .and_then(|read| read.board.best()),
        saved: records.is_some_and(Records::has_save),
        solved,
    }
}

/// Turns what the player typed into a path: trims it, drops quotes a
/// terminal adds when a file is dropped on it, and expands `~`.
pub fn expand_path(typed: &str) -> PathBuf {
    let trimmed = typed.trim();
    let unquoted = ['\'', '"']
        .iter()
        .find_map(|&q| trimmed.strip_prefix(q)?.strip_suffix(q))
        .unwrap_or(trimmed);
    let home = dirs::home_dir();
    match (unquoted.strip_prefix('~'), home) {
        (Some(""), Some(home)) => home,
        (Some(rest), Some(home)) if rest.starts_with(['/', std::path::MAIN_SEPARATOR]) => {
            home.join(&rest[1..])
        }
        _ => PathBuf::from(unquoted),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
