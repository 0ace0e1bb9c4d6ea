//! Schokoban: Sokoban for the terminal, after the SCHOKOBAN specification.

pub mod app;
pub mod commands;
pub mod leaderboard;
pub mod library;
pub mod machine;
pub mod printable;
pub mod storage;
pub mod text;
