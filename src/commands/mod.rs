//! The command-line tools beside the game: each returns its report as text so
//! that `main` only prints, and tests need no process.

pub mod bench;
pub mod solve;
pub mod verify;

use std::path::Path;

use crate::game::Level;
use crate::storage::load_levels;

/// Loads level `number` (1-based) of a map file.
pub fn load_level(map: &Path, number: usize) -> anyhow::Result<Level> {
    let levels = load_levels(map)?;
    let count = levels.len();
    if number == 0 || number > count {
        let plural = if count == 1 { "level" } else { "levels" };
        anyhow::bail!(
            "{}: there is no level {number}; the file holds {count} {plural}",
            map.display()
        );
    }
    Ok(levels.into_iter().nth(number - 1).expect("checked above"))
}
