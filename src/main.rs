use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::builder::TypedValueParser;
use clap::{CommandFactory, Parser, Subcommand};
use schokoban::app::config::{self, Config};
use schokoban::printable::{Escaping, printable};

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
struct Cli {
    /// A map to play straight away, skipping the menu: XSB, a pusher.exe
    /// listing or R3forth levels.
    map: Option<PathBuf>,
    /// Keep levels, records and saves here instead of the user data folder.
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Draw with XSB characters, for fonts without the game's symbols.
    #[arg(long)]
    ascii: bool,
    /// Colours: auto (light or dark as the terminal's background), dark,
    /// light, or colorblind (a box and you on a goal also change shape).
    /// Overrides the config file's.
    #[arg(long, value_enum)]
    theme: Option<schokoban::app::theme::ThemeChoice>,
    /// Read settings and keys from FILE instead of the config folder's
    /// schokoban/config.toml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
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
struct BenchArgs {
    /// Level files (XSB, a pusher.exe listing or R3forth levels),
    /// folders of .xsb files, or built-in collections: microban …
    /// microban-iv, xsokoban, sasquatch … sasquatch-xi.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Seconds allowed per level.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// First level of each file to run, counting from 1.
    #[arg(long, default_value_t = 1)]
    from: usize,
    /// Last level of each file to run (default: its last).
    #[arg(long)]
    to: Option<usize>,
    /// Levels to run side by side, for quick checks; the official
    /// figures run one at a time.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Which searches run: the race, or one search alone.
    #[arg(long, default_value = "race", value_parser = strategies())]
    strategy: schokoban_solver::Strategy,
    /// Stop each search after expanding this many positions, for
    /// comparisons that repeat exactly whatever the machine's load.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time the game's hint as well: from the start of each solved level
    /// and after every this many pushes along its solution, with the same
    /// limits, knowing the solutions found (positions along them are
    /// answered without a search).
    #[arg(long, value_name = "PUSHES", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    hints: Option<usize>,
    /// Leave out the optimizer, which can take as long as the search:
    /// each solution as the search found it, for quicker runs.
    #[arg(long)]
    no_optimize: bool,
}

/// The strategies' names, each with its help, from the solver's table.
fn strategies() -> impl TypedValueParser<Value = schokoban_solver::Strategy> {
    let names = schokoban_solver::Strategy::ALL
        .iter()
        .map(|strategy| clap::builder::PossibleValue::new(strategy.name()).help(strategy.help()));
    clap::builder::PossibleValuesParser::new(names).try_map(|name| name.parse())
}

impl BenchArgs {
    /// Runs `bench` with these options.
    fn run(self) -> anyhow::Result<()> {
        let options = schokoban::commands::bench::Options {
            seconds: self.timeout,
            from: self.from,
            to: self.to,
            jobs: self.jobs,
            strategy: self.strategy,
            nodes: self.nodes,
            hints_every: self.hints,
            optimize: !self.no_optimize,
        };
        schokoban::commands::bench::run(&self.files, options, &mut stdout())
    }
}

/// Standard output, escaped: whatever a command prints goes through here.
fn stdout() -> Escaping<std::io::StdoutLock<'static>> {
    Escaping::new(std::io::stdout().lock())
}

/// Parses the command line. A mistake in it echoes what was typed (a file
/// name from a glob, say), so the message is escaped as all output is;
/// help and the version are clap's own words, shown as clap shows them.
fn parse_command_line() -> Cli {
    use clap::error::ErrorKind;
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error)
            if matches!(
                error.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            error.exit()
        }
        Err(error) => {
            let _ = write!(std::io::stderr(), "{}", printable(&error.to_string()));
            std::process::exit(error.exit_code());
        }
    }
}

/// The date `--daily` names; `today` (also what `--daily` alone means) is
/// the clock's, in UTC.
#[derive(Clone, Copy, Debug)]
enum DailyDate {
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

/// `generate`: the daily level of a date (today's by the clock when
/// `--daily` names none), or `count` levels from a seed.
fn generate(
    seed: Option<u64>,
    size: schokoban_generate::Size,
    difficulty: schokoban_generate::Difficulty,
    count: usize,
    daily: Option<DailyDate>,
) -> anyhow::Result<()> {
    let out = &mut stdout();
    match daily {
        Some(DailyDate::Today) => {
            schokoban::commands::generate::run_daily(schokoban::library::today(), out)
        }
        Some(DailyDate::On(day)) => schokoban::commands::generate::run_daily(day, out),
        None => {
            let options = schokoban::commands::generate::Options {
                seed: seed.unwrap_or_else(schokoban::library::fresh_seed),
                size,
                difficulty,
                count,
            };
            schokoban::commands::generate::run(options, out)
        }
    }
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    if cli.map.is_some() && cli.command.is_some() {
        // A map plays in the game; the subcommands name their own.
        Cli::command()
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                "a map to play cannot be given with a subcommand",
            )
            .exit();
    }
    let mut solved = true;
    let result = match cli.command {
        Some(Command::Verify { map, moves, level }) => {
            schokoban::commands::verify::run(&map, &moves, level).and_then(|report| {
                // A solutions file fails the run when an entry does not
                // solve; plain moves report `solved: no` and succeed.
                if let schokoban::commands::verify::Verified::Solutions(entries) = &report {
                    solved = entries.all_solved();
                }
                print(&report)
            })
        }
        Some(Command::Solve {
            map,
            level,
            timeout,
        }) => schokoban::commands::solve::run(&map, level, timeout).and_then(|report| {
            solved = report.is_solved();
            print(&report)
        }),
        Some(Command::Bench(bench)) => bench.run(),
        Some(Command::Rate {
            files,
            jobs,
            summary,
        }) => schokoban::commands::rate::run(
            &files,
            schokoban::commands::rate::Options { jobs, summary },
            &mut stdout(),
        ),
        Some(Command::Completions { shell }) => {
            // Made whole first: clap_complete panics on a failed write.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "schokoban", &mut script);
            print_bytes(&script)
        }
        Some(Command::Man { dir: None }) => {
            let mut page = Vec::new();
            schokoban::app::manual::render(&Cli::command(), &mut page)
                .map_err(anyhow::Error::from)
                .and_then(|()| print_bytes(&page))
        }
        Some(Command::Man { dir: Some(dir) }) => {
            schokoban::app::manual::write_pages(&Cli::command(), &dir)
                .with_context(|| dir.display().to_string())
        }
        Some(Command::Generate {
            seed,
            size,
            difficulty,
            count,
            daily,
        }) => generate(seed, size, difficulty, count, daily),
        Some(Command::Config { default: true, .. }) => print(&config::template()),
        Some(Command::Config {
            default: false,
            config,
        }) => print_config(config.or(cli.config).as_deref()),
        None => {
            let (config, config_problem) = match config_path(cli.config.as_deref()) {
                Some(path) => match config::load(&path) {
                    Ok(config) => (config.unwrap_or_default(), None),
                    Err(error) => (Config::default(), Some(error)),
                },
                None => (Config::default(), None),
            };
            config.install_keys();
            schokoban::app::run(schokoban::app::Options {
                map: cli.map,
                data_dir: cli.data_dir,
                ascii: cli.ascii || config.ascii.unwrap_or(false),
                theme: cli.theme.or(config.theme).unwrap_or_default(),
                zoom: config.zoom,
                config_problem,
            })
        }
    };
    match result {
        Ok(()) if solved => ExitCode::SUCCESS,
        Ok(()) => ExitCode::FAILURE,
        // Whoever reads our output has all they wanted (`| head`): as
        // ripgrep does, end quietly rather than complain or panic.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            // Standard error may be a terminal that is gone; the exit code
            // still says it failed.
            let _ = writeln!(
                std::io::stderr(),
                "error: {}",
                printable(&format!("{error:#}"))
            );
            ExitCode::FAILURE
        }
    }
}

/// Writes a report to standard output; `print!` would panic on a closed
/// pipe, and a full disk is only told by the flush.
fn print(report: &impl std::fmt::Display) -> anyhow::Result<()> {
    print_bytes(report.to_string().as_bytes())
}

/// [`print`] for output made whole beforehand.
fn print_bytes(bytes: &[u8]) -> anyhow::Result<()> {
    let mut out = stdout();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The config file named with `--config`, else the config folder's.
fn config_path(given: Option<&Path>) -> Option<PathBuf> {
    given.map(Path::to_path_buf).or_else(config::default_path)
}

/// `schokoban config`: the file in force, checked, or the defaults.
fn print_config(given: Option<&Path>) -> anyhow::Result<()> {
    let Some(path) = config_path(given) else {
        return print(&format!(
            "# No config folder here: use --config FILE.\n{}",
            config::template()
        ));
    };
    match config::read(&path)? {
        Some(text) => {
            // Checked first: a file the game would refuse is not shown as in force.
            config::parse(&path, &text)?;
            print(&format!("# {}\n{text}", path.display()))
        }
        None => print(&format!(
            "# {} does not exist; these are the defaults.\n{}",
            path.display(),
            config::template()
        )),
    }
}
