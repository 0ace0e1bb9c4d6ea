use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Sokoban for the terminal.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    /// An XSB map to play straight away, skipping the menu.
    map: Option<PathBuf>,
    /// Keep levels, records and saves here instead of the user data folder.
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Draw with XSB characters, for fonts without the game's symbols.
    #[arg(long)]
    ascii: bool,
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
        None => schokoban::app::run(schokoban::app::Options {
            map: cli.map,
            data_dir: cli.data_dir,
            ascii: cli.ascii,
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
