//! The game's integration tests, in one binary (as ripgrep keeps them), so
//! that `cargo test` links the crate once. Each module is one subject.

mod common;
mod ui;

mod add_collection;
mod added_collections;
mod app_damage;
mod app_flow;
mod app_leaving;
mod ascii_chrome;
mod cli_edges;
mod corpus;
mod data_folder_safety;
mod e2e_pty;
mod editor;
mod endless;
mod features;
mod fuzz;
mod generate_cli;
mod hints;
mod install_cli;
mod leaderboard;
mod levels;
mod library;
mod map_files;
mod monkey;
mod paste;
mod paste_level;
mod pasted_levels;
mod progress_concurrent;
mod properties;
mod pusher_maps;
mod readme_picture;
mod records_concurrent;
mod records_crash;
mod records_files;
mod render;
mod runs_file;
mod save_files;
mod small_screens;
mod sok_files;
mod solve_cli;
mod tour;
mod verify_cli;
mod watch;
mod wide_text;
