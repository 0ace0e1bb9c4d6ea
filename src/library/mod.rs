//! The built-in collections on the player's machine: installed under the
//! data folder so leaderboards and saves can sit beside each level, as the
//! spec wants, plus how far the player got in each collection.
//!
//! Nothing here stops the game: when the data folder cannot be written the
//! levels are served from the binary and [`Library::notices`] says that
//! records, saves and progress are off.

mod added;
mod collection;
mod custom;
mod endless;
mod errors;
mod my_levels;
mod pasted;
mod progress;
mod ratings;
mod settings;
mod solved_mark;
mod source;
mod statistics;

use std::path::{Path, PathBuf};

/// A level's kept solutions and snapshots as the player sees them: plain
/// data that screens list, while the flows read and write their files
/// through storage.
pub use crate::storage::{Finder, ReverseLine, Snapshot, Solution, day_of, format_day, format_utc};
pub use added::{
    AddedCollection, AddedLevel, COLLECTIONS_FOLDER, MAX_ADDED_LEVELS, MAX_NAME_CHARS,
};
pub use collection::Collection;
pub use custom::{CustomRecords, Placement};
pub use endless::{
    ENDLESS_FOLDER, EndlessFileError, KeptEndless, endless_file_name, fresh_seed, today,
};
pub use errors::{LibraryError, Notice, ProgressProblem};
pub use my_levels::MY_LEVELS_ID;
pub use pasted::{PASTED_FOLDER, PastedLevels};
pub use progress::Progress;
pub use ratings::{LevelRating, RATINGS_FILE, RatingBook, level_key, rating_line, shipped_ratings};
use settings::Chosen;
pub use settings::{Settings, Zoom};
pub use solved_mark::SolvedMark;
pub use source::{Board, LevelSource, SourceError};
pub use statistics::{
    BestSolve, CollectionReport, DAYS_SHOWN, Focus, LevelKey, LevelReport, Report, STATISTICS_FILE,
    published,
};

use crate::storage::{
    Records, ensure_folder, install_file, lock_file, probe_writable, read_text, remove_stale_temps,
    remove_stale_temps_below, write_atomic,
};
use progress::ProgressBook;
use schokoban_core::{Level, parse_level};

/// The progress file, directly under the data folder.
const PROGRESS_FILE: &str = "progress.txt";
/// Locked around each read-merge-write of the progress file, which itself
/// is replaced on every write and so cannot hold the lock.
const PROGRESS_LOCK: &str = ".progress.lock";

/// The player's preferences, beside the progress file.
const SETTINGS_FILE: &str = "settings.txt";
/// Locked around each read-merge-write of the settings, as for progress.
const SETTINGS_LOCK: &str = ".settings.lock";

/// A settings file is a few lines; anything larger is not one.
const MAX_SETTINGS_BYTES: u64 = 64 * 1024;

/// The built-in levels and the player's progress through them.
#[derive(Debug)]
pub struct Library {
    /// The data folder, when records can be written there.
    root: Option<PathBuf>,
    /// The data folder as long as it is there, writable or not (read-only,
    /// a full disk): records already in it are still read and shown.
    readable_root: Option<PathBuf>,
    notices: Vec<Notice>,
    progress: ProgressBook,
    /// Where progress is saved; `None` when it cannot be, so it is kept in memory.
    progress_file: Option<PathBuf>,
    settings: Settings,
    /// What this session changed in the settings, laid over the file on
    /// each write so that another game's choices stay.
    chosen: Chosen,
    /// The player's levels rated so far (`ratings.txt`).
    ratings: RatingBook,
}

/// A level ready to play, with where its records go.
#[derive(Debug)]
pub struct PlayableLevel {
    pub collection: Collection,
    /// Counting from 1.
    pub number: usize,
    /// Title and author included.
    pub level: Level,
    /// The installed copy; `None` when records are off.
    pub path: Option<PathBuf>,
    /// The leaderboard and save beside the installed copy; `None` when off.
    pub records: Option<Records>,
}

impl Library {
    /// Opens the data folder (`data_dir`, else the system's, e.g.
    /// `~/.local/share/schokoban`) and makes a folder there for each
    /// built-in collection; a level's file is written when it is first
    /// played ([`Library::level`]), so a start writes no more than it needs.
    /// Never fails: problems become [`Library::notices`].
    pub fn open(data_dir: Option<PathBuf>) -> Library {
        let root = data_dir.or_else(|| dirs::data_dir().map(|dir| dir.join("schokoban")));
        let mut notices = Vec::new();
        let writable = match root.as_deref().map(install) {
            Some(Ok(())) => true,
            Some(Err(error)) => {
                notices.push(Notice::RecordsOff(error));
                false
            }
            None => {
                notices.push(Notice::RecordsOff(LibraryError::NoDataFolder));
                false
            }
        };
        let progress_path = root.as_deref().map(|root| root.join(PROGRESS_FILE));
        // A read-only folder still shows the progress made before. A damaged
        // file is moved aside under the lock another game saves under, so
        // that its save is not the file moved.
        let (progress, notice) = progress_path
            .as_deref()
            .map(|path| {
                let _lock = writable
                    .then(|| lock_file(&path.with_file_name(PROGRESS_LOCK), true).ok())
                    .flatten();
                progress::load(path, writable)
            })
            .unwrap_or_default();
        let mut progress_file = progress_path.filter(|_| writable);
        if let Some(notice) = notice.filter(|_| writable) {
            if let Notice::ProgressNotSaved { .. } = notice {
                progress_file = None;
            }
            notices.push(notice);
        }
        let settings = root.as_deref().map(read_settings).unwrap_or_default();
        let readable_root = root.clone().filter(|root| root.is_dir());
        let ratings = readable_root
            .as_deref()
            .map(ratings::read_kept)
            .unwrap_or_default();
        Library {
            readable_root,
            root: root.filter(|_| writable),
            notices,
            progress,
            progress_file,
            settings,
            chosen: Chosen::default(),
            ratings,
        }
    }

    /// What the player should be told on the first screen.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Whether leaderboards, saves and progress are being kept.
    pub fn records_on(&self) -> bool {
        self.root.is_some()
    }

    /// The data folder in use, when records are on.
    pub fn data_dir(&self) -> Option<&Path> {
        self.root.as_deref()
    }

    /// Level `number` (from 1) of `collection`, played from the copy in the
    /// binary so a damaged or edited file on disk cannot break it.
    pub fn level(
        &self,
        collection: Collection,
        number: usize,
    ) -> Result<PlayableLevel, LibraryError> {
        let no_such = LibraryError::NoSuchLevel { collection, number };
        let &(name, text) = number
            .checked_sub(1)
            .and_then(|index| collection.files().get(index))
            .ok_or(no_such)?;
        let level = parse_level(text).map_err(|error| LibraryError::BrokenBuiltin {
            collection,
            number,
            error,
        })?;
        // Written when first played, or again if deleted since: records lock
        // the map file. In a folder that cannot be written, a level played
        // before still shows its records and offers its save.
        let path = match (&self.root, &self.readable_root) {
            (Some(root), _) => Some(collection_folder(root, collection).join(name))
                .filter(|path| install_file(path, text.as_bytes()).is_ok()),
            (None, Some(root)) => {
                Some(collection_folder(root, collection).join(name)).filter(|path| path.is_file())
            }
            (None, None) => None,
        };
        let records = path.as_deref().map(Records::beside);
        Ok(PlayableLevel {
            collection,
            number,
            level,
            path,
            records,
        })
    }

    /// Where the records of every level of `collection` are, for a list;
    /// `None` without a data folder. Touches no file.
    pub fn collection_records(&self, collection: Collection) -> Option<Vec<Records>> {
        let root = self.root.as_deref().or(self.readable_root.as_deref())?;
        let folder = collection_folder(root, collection);
        Some(
            collection
                .files()
                .iter()
                .map(|(name, _)| Records::beside(&folder.join(name)))
                .collect(),
        )
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Starts this session at `zoom` (the config file's), without writing
    /// it: the zoom chosen with Z is still remembered as before.
    pub fn start_zoom(&mut self, zoom: Zoom) {
        self.settings.zoom = zoom;
    }

    /// Remembers the zoom for every level from now on, in the data folder
    /// when records are on (else for this session).
    pub fn set_zoom(&mut self, zoom: Zoom) -> Result<(), LibraryError> {
        if self.settings.zoom == zoom {
            return Ok(());
        }
        self.settings.zoom = zoom;
        self.chosen.zoom(zoom);
        self.write_settings()
    }

    /// The level (from 1) last chosen in the level list known by `key`.
    pub fn list_selection(&self, key: &str) -> Option<usize> {
        self.settings.lists.get(key).copied()
    }

    /// Remembers `number` as the level chosen in the list known by `key`,
    /// in the data folder when records are on (else for this session).
    pub fn remember_list_selection(
        &mut self,
        key: &str,
        number: usize,
    ) -> Result<(), LibraryError> {
        if self.settings.lists.insert(key.to_owned(), number) == Some(number) {
            return Ok(());
        }
        self.chosen.list(key, number);
        self.write_settings()
    }

    /// Reads the settings again under their lock and writes them with this
    /// session's choices over them: two games choosing at once keep both.
    fn write_settings(&mut self) -> Result<(), LibraryError> {
        let Some(root) = self.root.clone() else {
            return Ok(());
        };
        let lock_path = root.join(SETTINGS_LOCK);
        let _lock = lock_file(&lock_path, true).map_err(|error| LibraryError::Io {
            path: lock_path,
            error,
        })?;
        let path = root.join(SETTINGS_FILE);
        let merged = read_settings(&root).with(&self.chosen);
        // The session's zoom may be the config file's, which is not written.
        self.settings.lists.clone_from(&merged.lists);
        write_atomic(&path, merged.to_text().as_bytes())
            .map_err(|error| LibraryError::Io { path, error })
    }

    pub fn progress(&self, collection: Collection) -> &Progress {
        self.progress.get(collection)
    }

    /// Arcade calls this as it starts a level, and with the next number
    /// once one is solved, so that Continue resumes after it. Only the
    /// furthest level is kept.
    pub fn mark_reached(
        &mut self,
        collection: Collection,
        number: usize,
    ) -> Result<(), LibraryError> {
        check_number(collection, number)?;
        if self.progress.mark_reached(collection, number) {
            self.save_progress()?;
        }
        Ok(())
    }

    /// Any mode calls this when a built-in level is solved.
    pub fn mark_solved(
        &mut self,
        collection: Collection,
        number: usize,
    ) -> Result<(), LibraryError> {
        check_number(collection, number)?;
        if self.progress.mark_solved(collection, number) {
            self.save_progress()?;
        }
        Ok(())
    }

    /// Writes progress, first taking in what another running game may have
    /// saved since we read it. Without a progress file it stays in memory.
    fn save_progress(&mut self) -> Result<(), LibraryError> {
        let Some(path) = self.progress_file.clone() else {
            return Ok(());
        };
        let lock_path = path.with_file_name(PROGRESS_LOCK);
        let _lock = lock_file(&lock_path, true).map_err(|error| LibraryError::Io {
            path: lock_path,
            error,
        })?;
        let (on_disk, notice) = progress::load(&path, true);
        self.progress.merge(&on_disk);
        if let Some(notice) = notice {
            // A file we could not move aside is left alone, not destroyed.
            let stuck = matches!(notice, Notice::ProgressNotSaved { .. });
            self.notices.push(notice);
            if stuck {
                self.progress_file = None;
                return Ok(());
            }
        }
        write_atomic(&path, self.progress.to_text().as_bytes())
            .map_err(|error| LibraryError::Io { path, error })
    }
}

/// Unreadable settings are only preferences: the defaults do.
fn read_settings(root: &Path) -> Settings {
    read_text(&root.join(SETTINGS_FILE), MAX_SETTINGS_BYTES)
        .map(|text| Settings::parse(&text))
        .unwrap_or_default()
}

fn check_number(collection: Collection, number: usize) -> Result<(), LibraryError> {
    if (1..=collection.level_count()).contains(&number) {
        Ok(())
    } else {
        Err(LibraryError::NoSuchLevel { collection, number })
    }
}

fn collection_folder(root: &Path, collection: Collection) -> PathBuf {
    root.join("levels").join(collection.id())
}

/// Makes a folder under `root` for each built-in collection and checks that
/// each takes new files, and clears out what writers killed long ago left
/// there. The levels themselves are written one by one as they are played:
/// 1,133 files at every first start would cost a second on a slow disk.
fn install(root: &Path) -> Result<(), LibraryError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |error| LibraryError::Io { path, error }
    };
    for collection in Collection::ALL {
        let folder = collection_folder(root, collection);
        ensure_folder(&folder).map_err(io_error(&folder))?;
        probe_writable(&folder).map_err(io_error(&folder))?;
        remove_stale_temps(&folder);
    }
    probe_writable(root).map_err(io_error(root))?;
    remove_stale_temps(root);
    remove_stale_temps_below(&root.join("custom"));
    Ok(())
}
