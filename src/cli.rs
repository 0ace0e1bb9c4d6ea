//! The command line: the game's options and its subcommands, as clap
//! reads them. `main.rs` hands each on.

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};

/// Every subcommand's example, shown under the top-level `--help`.
const EXAMPLES: &str = "\
Examples:
  schokoban                                 play, starting at the menu
  schokoban verify xsokoban moves.sav --level 1
  schokoban solve sasquatch-xi --level 1
  schokoban bench microban-iv --to 10 --timeout 5
  schokoban generate --seed 7 --size small --difficulty easy

verify, solve and bench also take a built-in collection's name for MAP:
microban, microban-ii, microban-iii, microban-iv, xsokoban, sasquatch,
sasquatch-ii, ... sasquatch-xi.";

/// Sokoban for the terminal.
#[derive(Parser)]
#[command(version, about, after_help = EXAMPLES)]
pub(crate) struct Cli {
    /// A map to play straight away, skipping the menu: XSB, a pusher.exe
    /// listing or R3forth levels.
    pub(crate) map: Option<PathBuf>,
    /// Keep levels, records and saves here instead of the user data folder.
    #[arg(long, value_name = "DIR")]
    pub(crate) data_dir: Option<PathBuf>,
    /// Draw with XSB characters, for fonts without the game's symbols.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// Colours: auto (light or dark as the terminal's background), dark,
    /// light, or colorblind (a box and you on a goal also change shape).
    /// Overrides the config file's.
    #[arg(long, value_enum)]
    pub(crate) theme: Option<schokoban::app::theme::ThemeChoice>,
    /// Read settings and keys from FILE instead of the config folder's
    /// schokoban/config.toml.
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Replay moves on a level and print the score, pushes, whether it is
    /// solved, and the final board.
    #[command(after_help = "Example:\n  schokoban verify xsokoban moves.sav --level 1")]
    Verify {
        /// A level file (XSB, a pusher.exe listing or R3forth levels), or a
        /// built-in collection: microban … microban-iv, xsokoban, sasquatch …
        /// sasquatch-xi.
        map: PathBuf,
        /// A LURD string (x is an undo), the path of a .sav file, or - to
        /// read them from standard input. A .solutions file has each of
        /// its entries replayed.
        moves: String,
        /// Which level of the file, counting from 1.
        #[arg(long, default_value_t = 1)]
        level: usize,
    },
    /// Search a level for a solution and print it as LURD.
    #[command(after_help = "Example:\n  schokoban solve microban --level 1")]
    Solve {
        /// A level file (XSB, a pusher.exe listing or R3forth levels), or a
        /// built-in collection: microban … microban-iv, xsokoban, sasquatch …
        /// sasquatch-xi.
        map: PathBuf,
        /// Which level of the file, counting from 1.
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// Give up after this many seconds.
        #[arg(long, default_value_t = 10.0)]
        timeout: f64,
    },
    /// Run the solver on every level of some collections and print the
    /// times, a total per collection and the grand total.
    #[command(
        after_help = "Example:\n  schokoban bench microban --to 20 --timeout 5\n  schokoban bench microban microban-ii more/*.xsb --nodes 200000"
    )]
    Bench(BenchArgs),
    /// Print a shell's completion script for schokoban.
    #[command(after_help = "Examples:
  schokoban completions bash > ~/.local/share/bash-completion/completions/schokoban
  schokoban completions zsh > ~/.zfunc/_schokoban
  schokoban completions fish > ~/.config/fish/completions/schokoban.fish
  schokoban completions powershell >> $PROFILE")]
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
    /// Print the config file in force, or, when there is none or with
    /// --default, every setting at its default, with comments.
    #[command(after_help = "Example:
  mkdir -p ~/.config/schokoban
  schokoban config --default > ~/.config/schokoban/config.toml")]
    Config {
        /// The config file to print instead of the config folder's
        /// schokoban/config.toml.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Print every setting at its default, whatever file is in force:
        /// a config to start one from.
        #[arg(long)]
        default: bool,
    },
    /// Print the manual page (roff), for `man`, or write a page for each
    /// subcommand too.
    #[command(after_help = "Examples:
  schokoban man > ~/.local/share/man/man1/schokoban.1
  schokoban man --dir ~/.local/share/man/man1")]
    Man {
        /// Write schokoban.1, schokoban-solve.1 and the rest into this
        /// folder, made if it is missing.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Make new levels from a seed, each proven solvable and rated, and
    /// print them as an XSB collection.
    #[command(
        after_help = "Example:\n  schokoban generate --seed 7 --size small --difficulty easy\n  schokoban generate --count 20 > endless.xsb\n  schokoban generate --daily 2026-12-24"
    )]
    Generate {
        /// The seed: the same seed, size and difficulty give the same
        /// level (default: one from the clock, printed in the title).
        #[arg(long)]
        seed: Option<u64>,
        /// small (7x7 to 9x9), medium (up to 12x12) or large (up to 16x14).
        #[arg(long, default_value = "small")]
        size: schokoban_generate::Size,
        /// easy, medium, hard or expert.
        #[arg(long, default_value = "easy")]
        difficulty: schokoban_generate::Difficulty,
        /// How many levels, from the seed on.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The daily level of DATE (YYYY-MM-DD; today, in UTC, without
        /// one): the same for every player on that date.
        #[arg(long, value_name = "DATE", num_args = 0..=1, default_missing_value = "today",
              conflicts_with_all = ["seed", "size", "difficulty", "count"])]
        daily: Option<DailyDate>,
    },
    /// Rate every level of some collections on Endless's difficulty scale
    /// and print each level's rating and each collection's percentiles.
    #[command(
        after_help = "Example:\n  schokoban rate microban microban-iv sasquatch --summary --jobs 2"
    )]
    Rate {
        /// Level files, folders of .xsb files, or built-in collections.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Levels to rate side by side (the ratings do not change).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Print only the table of percentiles.
        #[arg(long)]
        summary: bool,
    },
}

/// `bench`'s arguments.
#[derive(clap::Args, Debug)]
pub(crate) struct BenchArgs {
    /// Level files (XSB, a pusher.exe listing or R3forth levels),
    /// folders of .xsb files, or built-in collections: microban …
    /// microban-iv, xsokoban, sasquatch … sasquatch-xi.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
    /// Seconds allowed per level.
    #[arg(long, default_value_t = 10.0)]
    pub(crate) timeout: f64,
    /// First level of each file to run, counting from 1.
    #[arg(long, default_value_t = 1)]
    pub(crate) from: usize,
    /// Last level of each file to run (default: its last).
    #[arg(long)]
    pub(crate) to: Option<usize>,
    /// Levels to run side by side, for quick checks; the official
    /// figures run one at a time.
    #[arg(long, default_value_t = 1)]
    pub(crate) jobs: usize,
    /// Which searches run: the race, or one search alone.
    #[arg(long, default_value = "race", value_parser = strategies())]
    pub(crate) strategy: schokoban_solver::Strategy,
    /// Stop each search after expanding this many positions, for
    /// comparisons that repeat exactly whatever the machine's load.
    #[arg(long)]
    pub(crate) nodes: Option<u64>,
    /// Time the game's hint as well: from the start of each solved level
    /// and after every this many pushes along its solution, with the same
    /// limits, knowing the solutions found (positions along them are
    /// answered without a search).
    #[arg(long, value_name = "PUSHES", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub(crate) hints: Option<usize>,
    /// Leave out the optimizer, which can take as long as the search:
    /// each solution as the search found it, for quicker runs.
    #[arg(long)]
    pub(crate) no_optimize: bool,
}

/// The strategies' names, each with its help, from the solver's table.
fn strategies() -> impl TypedValueParser<Value = schokoban_solver::Strategy> {
    let names = schokoban_solver::Strategy::ALL
        .iter()
        .map(|strategy| clap::builder::PossibleValue::new(strategy.name()).help(strategy.help()));
    clap::builder::PossibleValuesParser::new(names).try_map(|name| name.parse())
}

/// The date `--daily` names; `today` (also what `--daily` alone means) is
/// the clock's, in UTC.
#[derive(Clone, Copy, Debug)]
pub(crate) enum DailyDate {
    Today,
    On(schokoban_generate::Day),
}

impl std::str::FromStr for DailyDate {
    type Err = schokoban_generate::BadDate;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "today" {
            return Ok(DailyDate::Today);
        }
        text.parse().map(DailyDate::On)
    }
}
