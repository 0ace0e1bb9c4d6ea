//! The command-line tools beside the game: each returns its report as text so
//! that `main` only prints, and tests need no process.

pub mod bench;
pub mod generate;
pub mod rate;
pub mod solve;
pub mod verify;

use std::path::Path;

use crate::library::{LevelSource, SourceError};
use schokoban_core::Level;

/// Loads level `number` (1-based) of a map file, a folder of them, or a
/// built-in collection named by its id.
pub fn load_level(map: &Path, number: usize) -> Result<Level, SourceError> {
    LevelSource::resolve(map)?.level(number)
}
