//! What is being played and where it came from, so the end-of-level choices
//! and records know where to go.

use std::path::PathBuf;
use std::rc::Rc;

use crate::library::{
    AddedCollection, Collection, CustomRecords, LevelKey, SolvedMark, endless_file_name,
};
use crate::storage::Records;
use schokoban_core::{Level, LevelFile};
use schokoban_generate::Entry;

/// Arcade and Free play pick a collection first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Arcade,
    FreePlay,
}

#[derive(Clone, Debug)]
pub(crate) enum Origin {
    Arcade {
        collection: Collection,
        number: usize,
    },
    FreePlay {
        collection: Collection,
        number: usize,
    },
    /// Level `number` of a file the player typed.
    Custom { file: Rc<CustomFile>, number: usize },
    /// The level editor's level, tried out; leaving goes back to the editor.
    TestPlay { level: Rc<Level> },
    /// Level `number` of a collection the player added, in either mode.
    Added {
        collection: Rc<AddedCollection>,
        number: usize,
        mode: Mode,
    },
    /// A level made on the spot from its seed, or kept from before; kept
    /// in the data folder.
    Endless { made: Rc<Entry> },
}

/// A map file the player opened: read and parsed once, and shared by every
/// level of it that is played, N and P included.
#[derive(Debug)]
pub(crate) struct CustomFile {
    /// What to call it instead of its own name or the file's (pasted levels).
    pub name: Option<String>,
    pub path: PathBuf,
    /// Every board, bad ones in their places, so numbers are the file's.
    pub contents: LevelFile,
    /// Where the file's records go; each level of several has its own.
    pub records: CustomRecords,
}

impl CustomFile {
    /// The records of level `number`.
    pub fn records(&self, number: usize) -> Option<Records> {
        let records = self.records.records.clone()?;
        Some(if self.contents.len() > 1 {
            records.for_level(number)
        } else {
            records
        })
    }

    /// What to call the file in titles: the name given, else the
    /// collection's own name from its header, else the file's name.
    pub fn name(&self) -> String {
        if let Some(name) = self.name.as_ref().or(self.contents.title.as_ref()) {
            return name.clone();
        }
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The playable level `delta` steps on from `number`, skipping bad ones.
    fn step(&self, number: usize, delta: isize) -> Option<usize> {
        let mut next = number;
        loop {
            next = next
                .checked_add_signed(delta)
                .filter(|n| (1..=self.contents.len()).contains(n))?;
            if let Some(Ok(_)) = self.contents.get(next) {
                return Some(next);
            }
            if delta == 0 {
                return None;
            }
        }
    }
}

impl Origin {
    /// The key of the level list this level is chosen from in Free play,
    /// with its number there: the list remembers it.
    pub fn list_place(&self) -> Option<(String, usize)> {
        match self {
            Origin::FreePlay { collection, number } => Some((collection.id().to_owned(), *number)),
            Origin::Added {
                collection,
                number,
                mode: Mode::FreePlay,
            } => Some((collection.list_key(), *number)),
            _ => None,
        }
    }

    /// The same kind of origin, `delta` levels on; `None` past either end.
    pub fn step(&self, delta: isize) -> Option<Origin> {
        let moved = |number: usize, count: usize| {
            number
                .checked_add_signed(delta)
                .filter(|n| (1..=count).contains(n))
        };
        match *self {
            Origin::Arcade { collection, number } => moved(number, collection.level_count())
                .map(|number| Origin::Arcade { collection, number }),
            Origin::FreePlay { collection, number } => moved(number, collection.level_count())
                .map(|number| Origin::FreePlay { collection, number }),
            Origin::Custom { ref file, number } => {
                file.step(number, delta).map(|number| Origin::Custom {
                    file: Rc::clone(file),
                    number,
                })
            }
            Origin::TestPlay { .. } | Origin::Endless { .. } => None,
            Origin::Added {
                ref collection,
                number,
                mode,
            } => moved(number, collection.level_count).map(|number| Origin::Added {
                collection: Rc::clone(collection),
                number,
                mode,
            }),
        }
    }

    /// The level as the statistics count it; `None` for the editor's
    /// level, tried out.
    pub fn statistics_key(&self) -> Option<LevelKey> {
        Some(match self {
            Origin::Arcade { collection, number } | Origin::FreePlay { collection, number } => {
                LevelKey::Builtin {
                    collection: *collection,
                    number: *number,
                }
            }
            Origin::Custom { file, number } => LevelKey::map(&file.path, *number),
            Origin::Added {
                collection, number, ..
            } => LevelKey::Added {
                id: collection.id.clone(),
                number: *number,
            },
            Origin::Endless { made } => {
                let file = endless_file_name(made);
                LevelKey::Endless {
                    name: file.strip_suffix(".xsb").unwrap_or(&file).to_owned(),
                }
            }
            Origin::TestPlay { .. } => return None,
        })
    }

    /// Whether this level is played in Arcade, where solving moves on.
    pub fn is_arcade(&self) -> bool {
        matches!(
            self,
            Origin::Arcade { .. }
                | Origin::Added {
                    mode: Mode::Arcade,
                    ..
                }
        )
    }
}

/// A level ready to play, with where its records live (`None`: records off).
#[derive(Clone, Debug)]
pub(crate) struct Opened {
    pub origin: Origin,
    pub level: Level,
    /// The title shown: the level's own, or its file name.
    pub title: String,
    pub records: Option<Records>,
    /// How to mark the level solved should the game end on its solved
    /// board (the terminal gone before Enter); `None` without progress.
    pub solved_mark: Option<SolvedMark>,
}

impl Opened {
    /// Where this level's game is saved, when records are on.
    #[cfg(feature = "queries")]
    pub fn save_path(&self) -> Option<&std::path::Path> {
        self.records.as_ref().map(Records::save_path)
    }

    /// `level` opened from the editor, for tests of one screen.
    #[cfg(test)]
    pub fn test_play(level: Level) -> Self {
        Self {
            origin: Origin::TestPlay {
                level: Rc::new(level.clone()),
            },
            level,
            title: "test".to_owned(),
            records: None,
            solved_mark: None,
        }
    }

    /// `TITLE by AUTHOR`, or the title alone. Without a title of its own the
    /// level is named by its file, and the spec says: "without an author".
    pub fn heading(&self) -> String {
        match (self.level.title(), self.level.author()) {
            (Some(_), Some(author)) => format!("{} by {author}", self.title),
            _ => self.title.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::parse_level;

    fn opened(xsb: &str, title: &str) -> Opened {
        Opened {
            origin: Origin::FreePlay {
                collection: Collection::ALL[0],
                number: 1,
            },
            level: parse_level(xsb).expect("level"),
            title: title.to_owned(),
            records: None,
            solved_mark: None,
        }
    }

    #[test]
    fn a_level_without_a_title_shows_its_file_name_and_no_author() {
        let board = "#####\n#@$.#\n#####\n";
        assert_eq!(
            opened(&format!("{board}Author: Someone\n"), "map.xsb").heading(),
            "map.xsb"
        );
        assert_eq!(
            opened(&format!("{board}Title: Named\nAuthor: Someone\n"), "Named").heading(),
            "Named by Someone"
        );
        assert_eq!(
            opened(&format!("{board}Title: Named\n"), "Named").heading(),
            "Named"
        );
    }
}
