//! Drawing pieces the screens share. The leaderboard is public so it can
//! be drawn and tested on its own.

pub(crate) mod board;
pub(crate) mod help;
pub(crate) mod keycaps;
pub mod leaderboard;
pub(crate) mod level_layout;
pub(crate) mod logo;
pub(crate) mod menu;
pub mod message_lines;
pub(crate) mod miniature;
pub(crate) mod number_entry;
pub mod overlay;
pub(crate) mod page;
pub(crate) mod preview;
pub(crate) mod rating;
pub(crate) mod text_input;
