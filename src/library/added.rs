//! Collections the player adds: a file of levels, in any format the game
//! reads, copied into `DATA/collections/ID/` as one XSB file per level, so
//! that every level keeps its records and save beside it as a built-in one
//! does. `collection.txt` holds the name, `progress.txt` the Arcade
//! progress and solved levels.

use std::path::{Path, PathBuf};

use super::progress::Progress;
use super::{Library, LibraryError};
use crate::printable::unshowable;
use crate::storage::{
    LoadErrorKind, Records, create_folder_whole, is_present, list_folders, load_level_file,
    load_levels, lock_file, move_aside, read_text, remove_folder_whole, write_atomic,
};
use schokoban_core::Level;

/// The folder under the data folder that holds added collections.
pub const COLLECTIONS_FOLDER: &str = "collections";
pub(super) const ABOUT_FILE: &str = "collection.txt";
const PROGRESS_FILE: &str = "progress.txt";
const PROGRESS_HEADER: &str =
    "# Schokoban progress: furthest level reached in Arcade, solved levels.\n";
/// The longest collection name kept; longer ones are cut.
pub const MAX_NAME_CHARS: usize = 40;
/// The most levels one added collection may hold: one file each.
pub const MAX_ADDED_LEVELS: usize = 10_000;

/// A collection the player added, as found in the data folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddedCollection {
    /// Its folder's name: how commands and the progress file know it.
    pub id: String,
    /// The name shown to the player.
    pub name: String,
    pub level_count: usize,
    pub folder: PathBuf,
    /// Levels of the source that cannot be played and were not copied:
    /// known right after adding, 0 when read back from the data folder.
    pub left_out: usize,
}

impl AddedCollection {
    /// The key its level list's last choice is kept under in the
    /// settings, apart from the built-in collections' ids.
    pub fn list_key(&self) -> String {
        format!("added/{}", self.id)
    }
}

/// A level of an added collection, ready to play, with where its records go.
#[derive(Debug)]
pub struct AddedLevel {
    /// Counting from 1.
    pub number: usize,
    pub level: Level,
    pub path: PathBuf,
    pub records: Records,
}

impl Library {
    /// Copies every playable level of `source` into a new collection named
    /// `name` (else as its header names it, else after the file). The file
    /// is read as the game reads any map, with the same refusals; levels
    /// that cannot be played are left out, as Arcade could not play them.
    pub fn add_collection(
        &self,
        source: &Path,
        name: Option<&str>,
    ) -> Result<AddedCollection, LibraryError> {
        let root = self.writable_root()?;
        let contents = load_level_file(source).map_err(LibraryError::Load)?;
        let left_out = contents.bad().count();
        let own_name = contents.title.clone();
        let levels: Vec<Level> = contents.levels.into_iter().filter_map(Result::ok).collect();
        if levels.len() > MAX_ADDED_LEVELS {
            return Err(LibraryError::TooManyLevels {
                count: levels.len(),
            });
        }
        let stem = source.file_stem().map(|s| s.to_string_lossy().into_owned());
        let name = clean_name(
            name.or(own_name.as_deref())
                .or(stem.as_deref())
                .unwrap_or_default(),
        );
        let base = slug(&name);
        let folder_of = |id: &str| root.join(COLLECTIONS_FOLDER).join(id);
        let id = std::iter::once(base.clone())
            .chain((2..=MAX_ADDED_LEVELS).map(|n| format!("{base}-{n}")))
            .find(|id| !is_present(&folder_of(id)) && !is_builtin(id))
            .unwrap_or_else(|| base.clone());
        let folder = folder_of(&id);
        let files = level_files(&name, levels, &source.display().to_string());
        if let Some(same) = self.same_collection(&base, &files)? {
            return Err(LibraryError::AlreadyAdded {
                id: same.id,
                name: same.name,
            });
        }
        create_folder_whole(&folder, &files).map_err(|error| LibraryError::Io {
            path: folder.clone(),
            error,
        })?;
        Ok(AddedCollection {
            left_out,
            ..self.added_collection(&id)?
        })
    }

    /// The added collection that `files` would make again, if any: one of
    /// the ids `base` would get, with every level file the same (where it
    /// was added from aside).
    fn same_collection(
        &self,
        base: &str,
        files: &[(String, String)],
    ) -> Result<Option<AddedCollection>, LibraryError> {
        let levels = files.iter().filter(|(name, _)| name != ABOUT_FILE);
        let same_levels = |collection: &AddedCollection| {
            collection.level_count == files.len() - 1
                && levels.clone().all(|(name, text)| {
                    std::fs::read_to_string(collection.folder.join(name)).is_ok_and(|t| t == *text)
                })
        };
        let numbered = |id: &str| {
            id.strip_prefix(base).is_some_and(|n| {
                n.is_empty()
                    || n.strip_prefix('-')
                        .is_some_and(|n| n.parse::<usize>().is_ok())
            })
        };
        Ok(self
            .added_collections()?
            .into_iter()
            .find(|collection| numbered(&collection.id) && same_levels(collection)))
    }

    /// Every added collection, sorted by id. Folders that are no collection
    /// (no `collection.txt`) are left out.
    pub fn added_collections(&self) -> Result<Vec<AddedCollection>, LibraryError> {
        let Some(root) = self.data_dir() else {
            return Ok(Vec::new());
        };
        let folder = root.join(COLLECTIONS_FOLDER);
        let folders = list_folders(&folder).map_err(|error| LibraryError::Io {
            path: folder.clone(),
            error,
        })?;
        folders
            .iter()
            .filter(|folder| folder.join(ABOUT_FILE).is_file())
            .map(|folder| read_collection(folder))
            .collect()
    }

    /// The added collection `id`.
    pub fn added_collection(&self, id: &str) -> Result<AddedCollection, LibraryError> {
        let no_such = || LibraryError::NoSuchCollection { id: id.to_owned() };
        let root = self.data_dir().ok_or_else(no_such)?;
        let plain = !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        let folder = root.join(COLLECTIONS_FOLDER).join(id);
        if !plain || !folder.join(ABOUT_FILE).is_file() {
            return Err(no_such());
        }
        read_collection(&folder)
    }

    /// Removes an added collection with its records, saves and progress.
    pub fn remove_collection(&self, id: &str) -> Result<(), LibraryError> {
        let collection = self.added_collection(id)?;
        remove_folder_whole(&collection.folder).map_err(|error| LibraryError::Io {
            path: collection.folder,
            error,
        })
    }

    /// Level `number` (from 1) of an added collection.
    pub fn added_level(
        &self,
        collection: &AddedCollection,
        number: usize,
    ) -> Result<AddedLevel, LibraryError> {
        check_added_number(collection, number)?;
        let path = collection
            .folder
            .join(level_file_name(number, collection.level_count));
        let level = load_levels(&path)
            .map_err(LibraryError::Load)?
            .into_iter()
            .next()
            .ok_or(LibraryError::NoSuchCollection {
                id: collection.id.clone(),
            })?;
        let records = Records::beside(&path);
        Ok(AddedLevel {
            number,
            level,
            path,
            records,
        })
    }

    /// How far the player got in an added collection.
    pub fn added_progress(&self, collection: &AddedCollection) -> Progress {
        load_progress(collection, false)
    }

    /// [`Library::mark_reached`] for an added collection.
    pub fn mark_added_reached(
        &self,
        collection: &AddedCollection,
        number: usize,
    ) -> Result<(), LibraryError> {
        check_added_number(collection, number)?;
        update_progress(collection, |progress| progress.mark_reached(number))
    }

    /// [`Library::mark_solved`] for an added collection.
    pub fn mark_added_solved(
        &self,
        collection: &AddedCollection,
        number: usize,
    ) -> Result<(), LibraryError> {
        check_added_number(collection, number)?;
        update_progress(collection, |progress| progress.mark_solved(number))
    }

    fn writable_root(&self) -> Result<&Path, LibraryError> {
        self.data_dir().ok_or(LibraryError::DataFolderOff)
    }
}

fn check_added_number(collection: &AddedCollection, number: usize) -> Result<(), LibraryError> {
    if (1..=collection.level_count).contains(&number) {
        Ok(())
    } else {
        Err(LibraryError::NoSuchAddedLevel {
            name: collection.name.clone(),
            number,
            count: collection.level_count,
        })
    }
}

fn is_builtin(id: &str) -> bool {
    super::Collection::from_id(id).is_some()
}

/// `001.xsb`: as wide as the largest number, and at least three digits.
pub(super) fn level_file_name(number: usize, count: usize) -> String {
    let width = count.to_string().len().max(3);
    format!("{number:0width$}.xsb")
}

/// The folder's files: `collection.txt`, then one XSB file per level whose
/// title keeps any name the level had.
pub(super) fn level_files(name: &str, levels: Vec<Level>, source: &str) -> Vec<(String, String)> {
    let count = levels.len();
    let about =
        format!("# Schokoban collection, added from {source}\nName: {name}\nLevels: {count}\n");
    let mut files = vec![(ABOUT_FILE.to_owned(), about)];
    for (index, level) in levels.into_iter().enumerate() {
        let number = index + 1;
        let title = match level.title() {
            Some(title) => format!("{name} {number}: {title}"),
            None => format!("{name} {number}"),
        };
        let text = level.with_title(Some(title)).to_xsb();
        files.push((level_file_name(number, count), text));
    }
    files
}

fn read_collection(folder: &Path) -> Result<AddedCollection, LibraryError> {
    let id = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let about = read_text(&folder.join(ABOUT_FILE), 64 * 1024).map_err(LibraryError::Load)?;
    let field = |key: &str| {
        about
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .map(str::trim)
    };
    let name = field("Name:").map_or_else(|| id.clone(), clean_name);
    let level_count = field("Levels:")
        .and_then(|count| count.parse().ok())
        .unwrap_or(0)
        .min(MAX_ADDED_LEVELS);
    Ok(AddedCollection {
        id,
        name,
        level_count,
        folder: folder.to_path_buf(),
        left_out: 0,
    })
}

/// One line of printable text, at most [`MAX_NAME_CHARS`], never empty.
fn clean_name(name: &str) -> String {
    let spaced: String = name
        .chars()
        .map(|c| if unshowable(c) { ' ' } else { c })
        .collect();
    let cut: String = spaced.trim().chars().take(MAX_NAME_CHARS).collect();
    let cut = cut.trim();
    if cut.is_empty() {
        "Added levels".to_owned()
    } else {
        cut.to_owned()
    }
}

/// A folder name from a collection name: lower-case letters, digits and dashes.
fn slug(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "collection".to_owned()
    } else {
        slug.to_owned()
    }
}

/// The collection's progress; a damaged file is moved aside (when
/// `may_move`) and progress starts afresh, as for the built-ins.
fn load_progress(collection: &AddedCollection, may_move: bool) -> Progress {
    let path = collection.folder.join(PROGRESS_FILE);
    let parsed = match read_text(&path, 1024 * 1024) {
        Ok(text) => {
            let line = text
                .lines()
                .map(str::trim)
                .find(|line| !line.is_empty() && !line.starts_with('#'));
            let Some(line) = line else {
                return Progress::default();
            };
            Progress::from_fields(line.split_whitespace(), collection.level_count)
        }
        Err(error) if error.kind == LoadErrorKind::Missing => return Progress::default(),
        Err(_) => None,
    };
    if let Some(progress) = parsed {
        return progress;
    }
    if may_move {
        // If it cannot be moved, the next write replaces it; the progress
        // it held could not be read anyway.
        let _ = move_aside(&path);
    }
    Progress::default()
}

pub(super) fn update_progress(
    collection: &AddedCollection,
    change: impl FnOnce(&mut Progress) -> bool,
) -> Result<(), LibraryError> {
    // Two games marking progress at once must not lose each other's marks.
    let lock_path = collection.folder.join(super::PROGRESS_LOCK);
    let _lock = lock_file(&lock_path, true).map_err(|error| LibraryError::Io {
        path: lock_path,
        error,
    })?;
    let mut progress = load_progress(collection, true);
    if !change(&mut progress) {
        return Ok(());
    }
    let path = collection.folder.join(PROGRESS_FILE);
    let text = format!("{PROGRESS_HEADER}{}\n", progress.to_fields());
    write_atomic(&path, text.as_bytes()).map_err(|error| LibraryError::Io { path, error })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_plain_folder_names() {
        assert_eq!(slug("Pusher Maps (1998)"), "pusher-maps-1998");
        assert_eq!(slug("  ÄÖ!! "), "collection");
        assert_eq!(slug("Sokoban--Extra"), "sokoban-extra");
        assert_eq!(clean_name(" a\tb "), "a b");
        assert_eq!(clean_name("\u{7}"), "Added levels");
        assert_eq!(clean_name(&"x".repeat(99)).len(), MAX_NAME_CHARS);
    }

    #[test]
    fn level_files_are_numbered_to_the_widest() {
        assert_eq!(level_file_name(7, 60), "007.xsb");
        assert_eq!(level_file_name(7, 1200), "0007.xsb");
    }
}
