use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Sokoban for the terminal.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    /// An XSB map to play straight away, skipping the menu.
    map: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Replay moves on a level and print the score, pushes, whether it is
    /// solved, and the final board.
    Verify {
        /// The XSB file.
        map: PathBuf,
        /// A LURD string (x is an undo), or the path of a .sav file.
        moves: String,
        /// Which level of the file, counting from 1.
        #[arg(long, default_value_t = 1)]
        level: usize,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Verify { map, moves, level }) => {
            schokoban::commands::verify::run(&map, &moves, level).map(|report| print!("{report}"))
        }
        None => Err(anyhow::anyhow!("the game screens are not built yet")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
