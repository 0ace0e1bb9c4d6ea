//! Opening levels: typed paths, the saved-game question, and starting play.

use std::path::{Path, PathBuf};

use super::ending::read_board;
use crate::app::message::Message;
use crate::app::origin::{Opened, Origin};
use crate::app::screens::level_list::{LevelList, LevelRow, ListSource};
use crate::app::screens::path_prompt::PathPrompt;
use crate::app::screens::play::Play;
use crate::app::screens::save_prompt::SavePrompt;
use crate::app::widgets::text_input::TextInput;
use crate::app::{App, Screen};
use crate::game::{Game, Level};
use crate::storage::{Records, load_levels};

impl App {
    pub(super) fn load_custom(&mut self, typed: &str) {
        let path = expand_path(typed);
        match load_levels(&path) {
            Err(error) => self.show_custom_error(typed, error.to_string()),
            Ok(levels) if levels.len() == 1 => self.open(&Origin::Custom {
                path,
                number: 1,
                count: 1,
            }),
            Ok(levels) => {
                // One look at where this file's records go serves every row.
                let base = self.library.records_for_custom(&path).records;
                let rows = levels
                    .iter()
                    .enumerate()
                    .map(|(index, level)| {
                        let records = base.clone().map(|r| r.for_level(index + 1));
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
            let mut prompt = PathPrompt::new(self.theme);
            prompt.input = TextInput::with_text(typed);
            self.screens.push(Screen::PathPrompt(prompt));
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

    pub(super) fn open(&mut self, origin: &Origin) {
        let (opened, note) = match self.resolve(origin) {
            Ok(resolved) => resolved,
            Err(error) => {
                self.set_message(Message::warning(error));
                return;
            }
        };
        // Told once the level's own screen is up, so they are not lost with
        // the screen being left; the warning last, as it matters most.
        let mut messages: Vec<Message> = note.into_iter().map(Message::info).collect();
        if let Origin::Arcade { collection, number } = *origin
            && let Err(error) = self.library.mark_reached(collection, number)
        {
            messages.push(Message::warning(format!("Progress not saved: {error}")));
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
            }
        }
        for message in messages {
            self.set_message(message);
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

    pub(super) fn start_play(&mut self, opened: Opened, game: Game) {
        let (board, problem) = read_board(opened.records.as_ref());
        let mut play = Play::new(opened, game, board.best(), self.theme);
        if let Some(problem) = problem {
            play.message = Some(Message::warning(problem));
        }
        self.screens.push(Screen::Play(Box::new(play)));
    }

    pub(super) fn load_save(&mut self) {
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
                let solved = game.is_solved();
                self.start_play(prompt.opened, game);
                if let Screen::Play(play) = self.screen_mut() {
                    play.resumed = true;
                }
                // A save of a finished game keeps the solved notice instead.
                if !solved {
                    self.set_message(Message::info("Saved game loaded"));
                }
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

    pub(super) fn delete_save(&mut self) {
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
}

pub(super) fn level_row(
    level: &Level,
    records: Option<&Records>,
    solved: bool,
    fallback: &str,
) -> LevelRow {
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
