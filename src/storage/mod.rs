//! Everything that touches the file system: map files, records and saves,
//! the data folder's set-up, and folder listings.

mod atomic;
mod folders;
mod leaderboard;
mod listing;
mod map_file;
mod records;

pub use atomic::{remove_if_present, write_atomic};
pub use folders::{ensure_folder, full_path, move_aside, probe_writable, write_unless_present};
pub use leaderboard::{
    Entry, LEADERBOARD_SIZE, Leaderboard, LeaderboardError, MAX_NICKNAME_CHARS, valid_nickname,
};
pub use listing::{FolderEntry, Listing, folder_entries};
pub use map_file::{LoadError, LoadErrorKind, MAX_FILE_BYTES, load_levels, read_bytes, read_text};
pub use records::{LeaderboardRead, RecordError, Records, SaveProblem, ScoreAdded};
