//! Endless levels in the data folder: each generated level is written to
//! `DATA/endless/<size>-<difficulty>-<seed>.xsb`, and its leaderboard and
//! save sit beside it, so the same seed brings back the same level with
//! its records (and the file opens as a custom map too).

use super::pasted::keep_text;
use super::{Library, LibraryError};
use crate::storage::Records;
use schokoban_generate::{Day, Generated};

/// The folder under the data folder that holds endless levels.
pub const ENDLESS_FOLDER: &str = "endless";

/// The file name an endless level is kept under: `medium-hard-48213.xsb`,
/// or `daily-2026-12-24.xsb` for a daily level, whose leaderboard is then
/// its own.
pub fn endless_file_name(made: &Generated) -> String {
    if let Some(day) = made.day {
        return format!("daily-{day}.xsb");
    }
    let request = &made.request;
    format!(
        "{}-{}-{}.xsb",
        request.size.name(),
        request.difficulty.name(),
        request.seed
    )
}

/// A seed for a new endless level: five digits from the clock, short
/// enough to read out and type again. The level depends on nothing but
/// the seed.
pub fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    u64::from(now.subsec_nanos() ^ now.as_secs() as u32) % 100_000
}

/// Today's date by the clock, in UTC: every player's daily level on one
/// date is the same wherever they are.
pub fn today() -> Day {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Day::from_unix_days(now.as_secs() / 86_400)
}

impl Library {
    /// Keeps `made` in the data folder (rewritten only when it differs)
    /// and gives the records beside it.
    pub fn keep_endless(&self, made: &Generated) -> Result<Records, LibraryError> {
        let root = self.data_dir().ok_or(LibraryError::DataFolderOff)?;
        let folder = root.join(ENDLESS_FOLDER);
        let path = folder.join(endless_file_name(made));
        keep_text(&folder, &path, &made.to_xsb())?;
        Ok(Records::beside(&path))
    }
}
