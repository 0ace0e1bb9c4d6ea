//! `schokoban bench`: run the solver over a collection with a time limit
//! per level, for the figures in the README.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::game::{Game, format_steps};
use crate::solver::{self, Limits, Outcome};
use crate::storage::load_levels;

/// Which levels to run and for how long.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub seconds: f64,
    /// First and last level, counting from 1, both included.
    pub from: usize,
    pub to: Option<usize>,
}

/// Runs the levels, writing one line per level as it finishes and then the
/// solved count with the median and worst time over all levels run (a
/// level given up on counts with the time it took).
pub fn run(file: &Path, options: Options, out: &mut impl Write) -> anyhow::Result<()> {
    let limits = Limits::with_time(super::solve::timeout(options.seconds)?);
    let levels = load_levels(file)?;
    let to = options.to.unwrap_or(levels.len()).min(levels.len());
    anyhow::ensure!(
        options.from >= 1 && options.from <= to,
        "{}: no levels in {}..={to}",
        file.display(),
        options.from
    );
    let mut times = Vec::new();
    let mut solved = 0;
    for (number, level) in levels
        .into_iter()
        .enumerate()
        .take(to)
        .skip(options.from - 1)
    {
        let started = Instant::now();
        let outcome = solver::solve(&level, &limits, &AtomicBool::new(false));
        let took = started.elapsed();
        times.push(took);
        let verdict = match outcome {
            Outcome::Solved(steps) => {
                let lurd = format_steps(&steps);
                let game = Game::replay(level, &lurd)?;
                anyhow::ensure!(game.is_solved(), "level {}: wrong solution", number + 1);
                solved += 1;
                format!("solved, {} moves, {} pushes", steps.len(), game.pushes())
            }
            Outcome::Unsolvable => "no solution exists".to_owned(),
            Outcome::GaveUp => "gave up".to_owned(),
            Outcome::Cancelled => "cancelled".to_owned(),
            Outcome::TooLarge(why) => why.to_string(),
        };
        writeln!(out, "level {}: {} ms, {verdict}", number + 1, millis(took))?;
    }
    times.sort_unstable();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    writeln!(out, "solved: {solved} of {}", times.len())?;
    writeln!(out, "median: {} ms", millis(median))?;
    writeln!(out, "worst: {} ms", millis(worst))?;
    Ok(())
}

fn millis(time: Duration) -> String {
    format!("{:.1}", time.as_secs_f64() * 1000.0)
}
