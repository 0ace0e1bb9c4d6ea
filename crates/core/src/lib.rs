#![deny(missing_docs)]
#![doc = include_str!("../README.md")]

// The pure game: no terminal, files or clock in here, so every rule is
// testable with XSB literals.

mod formats;
mod grid;
mod level;
mod level_file;
mod line;
mod lurd;
mod metrics;
mod parse;
mod parse_error;
mod paths;
mod pusher_packed;
mod pusher_plain;
mod r3forth;
mod reverse;
mod sok;
mod state;

pub use formats::{LevelFormat, detect_format, parse_level, parse_level_file, parse_levels};
pub use grid::{Grid, GridProblem, MAX_GRID_HEIGHT, MAX_GRID_WIDTH, Piece};
pub use level::{Direction, Level, Pos, Published, Tile};
pub use level_file::{BadLevel, LevelFile};
pub use lurd::{LogEntry, LogError, Step, format_log, format_steps, parse_log, parse_moves};
pub use metrics::Metrics;
pub use parse::{MAX_SIDE, MAX_TOTAL_CELLS};
pub use parse_error::ParseError;
pub use paths::{push_path, walk_path};
pub use reverse::{ReplayError, ReverseGame};
pub use state::{Game, MoveError};
