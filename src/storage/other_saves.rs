//! Two games on one map: a save on disk that is not the one this game
//! loaded is another game's. It is kept aside as `NAME.sav.other`
//! (numbered as damaged files are) rather than written over, and the
//! Load offer lists it beside the save.

use std::path::{Path, PathBuf};

use super::records::{RecordError, Records, read_save_file};
use super::setup::{aside_name, move_aside_as};
use schokoban_core::LogEntry;

const OTHER: &str = "other";
/// The most saves of other games looked for beside one map.
const MAX_OTHER_SAVES: usize = 100;

impl Records {
    /// Writes this game's save. `loaded` is the save it was loaded from
    /// (`None`: it started afresh). A save on disk that is neither is
    /// another game's and moves aside first; returns where it went.
    ///
    /// The look at the save on disk and the write are one step under the
    /// map's lock: two games leaving at once (a logout signals every game
    /// in the same instant) would otherwise both find no save, and the
    /// second write would replace the first. A map that is gone or cannot
    /// be locked must not cost the save, so then it is written unlocked.
    pub fn write_save_keeping_other(
        &self,
        log: &[LogEntry],
        loaded: Option<&[LogEntry]>,
    ) -> Result<Option<PathBuf>, RecordError> {
        let lock = self.lock().ok();
        // A damaged save is no game anyone could load: written over.
        let aside = match self.read_save() {
            Ok(Some(on_disk)) if loaded != Some(on_disk.as_slice()) => {
                Some(self.move_save_aside(OTHER)?)
            }
            _ => None,
        };
        self.write_save(log)?;
        drop(lock);
        Ok(aside)
    }

    /// Deletes the save if it is one of `ours` (the save a game loaded, or
    /// its own moves kept there), and says whether it did. A save another
    /// game wrote since stays: the look and the delete are one step under
    /// the map's lock, as in [`Records::write_save_keeping_other`].
    pub fn delete_save_of(&self, ours: &[&[LogEntry]]) -> Result<bool, RecordError> {
        let lock = self.lock().ok();
        let deleted = match self.read_save() {
            Ok(Some(on_disk)) if ours.contains(&on_disk.as_slice()) => {
                self.delete_save()?;
                true
            }
            _ => false,
        };
        drop(lock);
        Ok(deleted)
    }

    /// The saves of other games kept beside this map, with their games.
    /// Damaged ones are left out: nothing could load them.
    pub fn other_saves(&self) -> Vec<(PathBuf, Vec<LogEntry>)> {
        (1..=MAX_OTHER_SAVES)
            .map(|number| aside_name(self.save_path(), OTHER, number))
            .filter_map(|path| match read_save_file(&path) {
                Ok(Some(log)) => Some((path, log)),
                _ => None,
            })
            .collect()
    }

    /// With no save of its own but another game's kept aside, that one
    /// becomes the save, so it is offered as any save is.
    pub fn promote_other_save(&self) -> Result<(), RecordError> {
        if self.save_path().exists() {
            return Ok(());
        }
        let Some((other, _)) = self.other_saves().into_iter().next() else {
            return Ok(());
        };
        rename(&other, self.save_path())
    }

    fn move_save_aside(&self, label: &str) -> Result<PathBuf, RecordError> {
        move_aside_as(self.save_path(), label).map_err(|error| RecordError::Io {
            path: self.save_path().to_path_buf(),
            error,
        })
    }
}

/// Removes another game's save once it is taken into play.
pub fn take_other_save(path: &Path) -> Result<(), RecordError> {
    super::remove_if_present(path).map_err(|error| RecordError::Io {
        path: path.to_path_buf(),
        error,
    })
}

fn rename(from: &Path, to: &Path) -> Result<(), RecordError> {
    std::fs::rename(from, to).map_err(|error| RecordError::Io {
        path: from.to_path_buf(),
        error,
    })
}
