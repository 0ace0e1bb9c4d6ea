//! Schokoban: Sokoban for the terminal, after the SCHOKOBAN specification.

pub mod app;
pub mod commands;
pub mod game;
pub mod library;
pub mod solver;
pub mod storage;
pub mod text;
