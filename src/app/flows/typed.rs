//! Levels the player names by typing a path or pasting them.

use std::path::PathBuf;
use std::rc::Rc;

use crate::app::App;
use crate::app::message::{Message, Problem};
use crate::app::origin::CustomFile;
use crate::app::screens::path_prompt::PathPrompt;
use crate::library::{CustomRecords, LibraryError, Placement};
use crate::storage::load_level_file;
use schokoban_core::{LevelFile, parse_levels};

impl App {
    /// Opens a typed path: one level plays, several are listed. The file
    /// is read once here and shared by every level of it that is opened.
    pub(super) fn open_path(&mut self, typed: &str) {
        let path = expand_path(typed);
        let contents = match load_level_file(&path) {
            Ok(contents) => contents,
            Err(error) => {
                if self.top().input().is_none() {
                    self.push(PathPrompt::with_text(
                        typed,
                        self.theme,
                        Rc::clone(&self.keys),
                    ));
                }
                self.set_message(Message::trouble(None, Problem::Map(error)));
                return;
            }
        };
        let records = self.library.records_for_custom(&path);
        self.open_file(CustomFile {
            name: None,
            path,
            contents,
            records,
        });
    }

    /// Opens pasted levels: kept in the data folder first, so they keep
    /// records like a file. A paste that is no levels is refused as a file
    /// would be; with the data folder off they still play, without records.
    pub(super) fn open_pasted(&mut self, text: &str) {
        let (path, levels, records) = match self.library.store_pasted(text) {
            Ok(pasted) => {
                let records = self.library.records_for_custom(&pasted.path);
                (pasted.path, pasted.levels, records)
            }
            Err(LibraryError::DataFolderOff) => match parse_levels(&text.replace('\r', "\n")) {
                // The start notice has told that records are off.
                Ok(levels) => {
                    let records = CustomRecords {
                        records: None,
                        placement: Placement::Beside,
                    };
                    (PathBuf::from("pasted"), levels, records)
                }
                Err(error) => return self.refuse_paste(LibraryError::Pasted(error)),
            },
            Err(error) => return self.refuse_paste(error),
        };
        let name = if levels.len() == 1 {
            "Pasted level"
        } else {
            "Pasted levels"
        };
        self.open_file(CustomFile {
            name: Some(name.to_owned()),
            path,
            contents: LevelFile {
                title: None,
                author: None,
                levels: levels.into_iter().map(Ok).collect(),
            },
            records,
        });
    }

    fn refuse_paste(&mut self, error: LibraryError) {
        self.set_message(Message::trouble(None, Problem::Library(error)));
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
