//! Drawing pieces the screens share.

pub mod board;
pub mod help;
pub mod keycaps;
pub mod leaderboard;
pub mod logo;
pub mod menu;
pub mod messages;
pub mod overlay;
pub mod page;
pub mod text_input;
