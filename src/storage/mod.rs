//! Everything that touches the file system: map files, records and saves,
//! the data folder's set-up, and folder listings.

mod atomic;
mod files;
mod folders;
mod helped;
mod keyed;
mod listing;
mod map_file;
mod other_saves;
mod records;
mod reverse;
mod runs;
mod setup;
mod snapshots;
mod solutions;
mod statistics;
mod when;

pub use crate::leaderboard::{
    Entry, LEADERBOARD_SIZE, Leaderboard, LeaderboardError, MAX_NICKNAME_CHARS, valid_nickname,
};
pub use atomic::{remove_if_present, remove_stale_temps, remove_stale_temps_below, write_atomic};
pub use files::{install_file, lock_file, probe_writable, survive_file_size_limit, write_new_file};
pub use folders::{create_folder_whole, list_folders, remove_folder_whole};
pub use keyed::EntryError;
pub use listing::{FolderEntry, Listing, folder_entries, modified};
pub use map_file::{
    LoadError, LoadErrorKind, MAX_FILE_BYTES, decode_text, load_level_file, load_levels,
    read_bytes, read_text,
};
pub use other_saves::take_other_save;
pub use records::{LeaderboardRead, RecordError, Records, SaveProblem, ScoreAdded, is_record_file};
pub use reverse::{ReverseLine, ReverseRead};
pub use runs::{RunsError, RunsProblem, RunsRead};
pub use setup::{ensure_folder, full_path, is_present, move_aside};
pub use snapshots::{MAX_SNAPSHOTS, Snapshot, SnapshotTaken, SnapshotsRead};
pub use solutions::{
    Finder, Solution, SolutionKept, SolutionsRead, is_solutions_text, parse_solutions,
};
pub use statistics::{
    PlayCount, StatisticsRead, add_statistics, day_of, format_day, read_statistics,
};
pub use when::{format_utc, parse_utc};
