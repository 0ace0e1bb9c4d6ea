//! `schokoban bench`: run the solver over a collection with a time limit
//! per level, for the figures in the README.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::game::{Game, format_steps};
use crate::library::LevelSource;
use crate::solver::{self, Limits, Outcome};

/// Which levels to run and for how long.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub seconds: f64,
    /// First and last level, counting from 1, both included.
    pub from: usize,
    pub to: Option<usize>,
}

/// Runs the levels of `file` (a map file, a folder of them, or a built-in
/// collection's name), writing one line per level as it finishes and then the
/// solved count with the median and worst time over all levels run (a
/// level given up on counts with the time it took).
pub fn run(file: &Path, options: Options, out: &mut impl Write) -> anyhow::Result<()> {
    let limits = Limits::with_time(super::solve::timeout(options.seconds)?);
    let source = LevelSource::resolve(file)?;
    let levels = source.levels()?;
    let to = options.to.unwrap_or(levels.len()).min(levels.len());
    anyhow::ensure!(
        options.from >= 1 && options.from <= to,
        "{source}: no levels in {}..={to}",
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
        };
        writeln!(out, "level {}: {} ms, {verdict}", number + 1, millis(took))?;
    }
    times.sort_unstable();
    let worst = times[times.len() - 1];
    writeln!(out, "solved: {solved} of {}", times.len())?;
    writeln!(out, "median: {} ms", millis(median(&times)))?;
    writeln!(out, "worst: {} ms", millis(worst))?;
    Ok(())
}

/// The middle of sorted, non-empty times; for an even count, the mean of
/// the middle two.
fn median(sorted: &[Duration]) -> Duration {
    let middle = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2
    } else {
        sorted[middle]
    }
}

fn millis(time: Duration) -> String {
    format!("{:.1}", time.as_secs_f64() * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(values: &[u64]) -> Vec<Duration> {
        values.iter().map(|&v| Duration::from_millis(v)).collect()
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&ms(&[75, 2005])), Duration::from_millis(1040));
        assert_eq!(median(&ms(&[1, 2, 4, 100])), Duration::from_millis(3));
    }

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_one() {
        assert_eq!(median(&ms(&[7])), Duration::from_millis(7));
        assert_eq!(median(&ms(&[1, 5, 900])), Duration::from_millis(5));
    }
}
