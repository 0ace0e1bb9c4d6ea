//! `schokoban solve`: search a level for a solution and print it as LURD.

use std::fmt;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::machine::solver_limits;
use schokoban_core::{Game, format_steps};
use schokoban_solver::{Outcome, TooLarge};

/// What the search ended with, ready to print.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    Solved {
        lurd: String,
        moves: usize,
        pushes: usize,
    },
    NoSolution,
    /// Time or memory ran out; holds the time limit as given.
    GaveUp {
        seconds: f64,
    },
    /// The level is declined before searching.
    TooLarge(TooLarge),
}

impl Report {
    /// Whether the command should exit with success.
    pub fn is_solved(&self) -> bool {
        matches!(self, Report::Solved { .. })
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Solved {
                lurd,
                moves,
                pushes,
            } => {
                writeln!(f, "solution: {lurd}")?;
                writeln!(f, "moves: {moves}")?;
                writeln!(f, "pushes: {pushes}")
            }
            Report::NoSolution => writeln!(f, "no solution exists"),
            Report::GaveUp { seconds } => writeln!(f, "no solution found in {seconds} s"),
            Report::TooLarge(why) => writeln!(f, "{why}"),
        }
    }
}

/// Room left on the clock beyond the timeout, so the deadline the search
/// sets a moment later still fits.
const CLOCK_MARGIN: Duration = Duration::from_secs(3600);

/// The shortest timeout: less gives the search no time at all.
const MIN_SECONDS: f64 = 0.001;
/// The longest timeout, some 31 years: more is no limit anyone means, and
/// the clock can always count this far.
const MAX_SECONDS: f64 = 1e9;

/// Checks a `--timeout` value: a number of seconds from
/// a thousandth of a second to some 31 years.
pub fn timeout(seconds: f64) -> anyhow::Result<Duration> {
    let shown = shown(seconds);
    anyhow::ensure!(
        seconds > 0.0,
        "--timeout {shown}: the timeout must be a positive number of seconds"
    );
    anyhow::ensure!(
        seconds >= MIN_SECONDS,
        "--timeout {shown}: too short; the least is {MIN_SECONDS} seconds"
    );
    anyhow::ensure!(
        seconds <= MAX_SECONDS,
        "--timeout {shown}: too long; the most is {MAX_SECONDS} seconds (about 31 years)"
    );
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|&limit| {
            limit
                .checked_add(CLOCK_MARGIN)
                .and_then(|later| Instant::now().checked_add(later))
                .is_some()
        })
        .ok_or_else(|| anyhow::anyhow!("--timeout {shown}: too long for the clock"))
}

/// A number of seconds as a refusal quotes it: `1e308`, not 309 digits.
fn shown(seconds: f64) -> String {
    let plain = seconds.to_string();
    if plain.len() <= 12 {
        plain
    } else {
        format!("{seconds:e}")
    }
}

/// Solves level `level` of `map` (a map file, a folder of them, or a
/// built-in collection's name) within `seconds`, then shortens the solution
/// in part of the time left.
pub fn run(map: &Path, level: usize, seconds: f64) -> anyhow::Result<Report> {
    let limit = timeout(seconds)?;
    let level = super::load_level(map, level)?;
    let started = Instant::now();
    let limits = solver_limits(limit);
    let cancel = AtomicBool::new(false);
    let outcome = schokoban_solver::solve(&level, &limits, &cancel);
    Ok(match outcome {
        Outcome::Solved(found) => {
            let limits = limits.for_optimizer(started.elapsed());
            let steps = schokoban_solver::optimize(&level, &found, &limits, &cancel).steps;
            let lurd = format_steps(&steps);
            let game = Game::replay(level, &lurd)?;
            anyhow::ensure!(
                game.is_solved(),
                "the solver's line does not solve the level"
            );
            Report::Solved {
                moves: steps.len(),
                pushes: game.pushes(),
                lurd,
            }
        }
        Outcome::Unsolvable => Report::NoSolution,
        Outcome::GaveUp | Outcome::Cancelled => Report::GaveUp { seconds },
        Outcome::TooLarge(why) => Report::TooLarge(why),
        Outcome::Failed(why) => anyhow::bail!("the solver failed: {why}"),
    })
}
