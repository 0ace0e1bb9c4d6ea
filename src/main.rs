use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser};
use schokoban::app::config::{self, Config};
use schokoban::printable::{Escaping, printable};

use cli::{BenchArgs, Cli, Command, DailyDate};

mod cli;

/// Runs `bench` with the options given.
fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    let options = schokoban::commands::bench::Options {
        seconds: args.timeout,
        from: args.from,
        to: args.to,
        jobs: args.jobs,
        strategy: args.strategy,
        nodes: args.nodes,
        hints_every: args.hints,
        optimize: !args.no_optimize,
    };
    schokoban::commands::bench::run(&args.files, options, &mut stdout())
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
                seed: seed.unwrap_or_else(|| {
                    let since_1970 = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .unwrap_or_default();
                    schokoban::library::fresh_seed(since_1970)
                }),
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
        Some(Command::Bench(args)) => bench(&args),
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
            schokoban::app::run(schokoban::app::Options {
                map: cli.map,
                data_dir: cli.data_dir,
                ascii: cli.ascii || config.ascii.unwrap_or(false),
                theme: cli.theme.or(config.theme).unwrap_or_default(),
                zoom: config.zoom,
                config_problem,
                keys: config.keys(),
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
