//! `My levels`: the added collection the level editor saves into, made on
//! the first save and grown by one level file at each one after.

use super::added::{ABOUT_FILE, level_file_name, level_files};
use super::{AddedCollection, COLLECTIONS_FOLDER, Library, LibraryError};
use crate::storage::{create_folder_whole, write_atomic, write_new_file};
use schokoban_core::Level;

/// The folder (and id) of the collection the editor saves into.
pub const MY_LEVELS_ID: &str = "my-levels";
const MY_LEVELS_NAME: &str = "My levels";
/// Level files are named with three digits; more would rename them all.
const MAX_MY_LEVELS: usize = 999;

impl Library {
    /// Adds `level` to `My levels` and gives the collection and the level's
    /// number in it.
    pub fn add_my_level(&self, level: Level) -> Result<(AddedCollection, usize), LibraryError> {
        let root = self.data_dir().ok_or(LibraryError::DataFolderOff)?;
        let folder = root.join(COLLECTIONS_FOLDER).join(MY_LEVELS_ID);
        let io_error = |path: &std::path::Path| {
            let path = path.to_path_buf();
            move |error| LibraryError::Io { path, error }
        };
        let Ok(collection) = self.added_collection(MY_LEVELS_ID) else {
            let files = level_files(MY_LEVELS_NAME, vec![level], "the level editor");
            create_folder_whole(&folder, &files).map_err(io_error(&folder))?;
            return Ok((self.added_collection(MY_LEVELS_ID)?, 1));
        };
        let number = collection.level_count + 1;
        if number > MAX_MY_LEVELS {
            return Err(LibraryError::TooManyLevels { count: number });
        }
        // Named as `level_files` names a collection's levels.
        let mut files = level_files(MY_LEVELS_NAME, vec![level], "the level editor");
        let text = files.pop().map(|(_, text)| text).unwrap_or_default();
        let text = text.replacen(
            &format!("Title: {MY_LEVELS_NAME} 1"),
            &format!("Title: {MY_LEVELS_NAME} {number}"),
            1,
        );
        let path = folder.join(level_file_name(number, number));
        write_new_file(&path, text.as_bytes()).map_err(io_error(&path))?;
        let about = format!(
            "# Schokoban collection, made in the level editor\nName: {MY_LEVELS_NAME}\nLevels: {number}\n"
        );
        let about_path = folder.join(ABOUT_FILE);
        write_atomic(&about_path, about.as_bytes()).map_err(io_error(&about_path))?;
        Ok((self.added_collection(MY_LEVELS_ID)?, number))
    }
}
