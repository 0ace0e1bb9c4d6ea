//! Schokoban: Sokoban for the terminal, after the SCHOKOBAN specification.

pub mod commands;
pub mod game;
pub mod solver;
pub mod storage;
