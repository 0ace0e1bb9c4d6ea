//! `schokoban bench`: run the solver over a collection with a time limit
//! per level, for the figures in the README.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::library::LevelSource;
use schokoban_core::{Game, Level, format_steps};
use schokoban_solver::{Limits, Outcome, Stats, Strategy};

/// Which levels to run and for how long.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub seconds: f64,
    /// First and last level, counting from 1, both included.
    pub from: usize,
    pub to: Option<usize>,
    /// Levels run side by side: 1 for the official figures, more for quick
    /// checks (the levels then share the cores and memory).
    pub jobs: usize,
    pub strategy: Strategy,
    /// The most positions each search expands, if limited.
    pub nodes: Option<u64>,
}

/// One level's result.
struct Run {
    /// The level's number, from 0.
    index: usize,
    took: Duration,
    solved: bool,
    line: String,
}

/// Runs the levels of `file` (a map file, a folder of them, or a built-in
/// collection's name), writing one line per level as it finishes and then the
/// solved count with the median and worst time over all levels run (a
/// level given up on counts with the time it took).
pub fn run(file: &Path, options: Options, out: &mut impl Write) -> anyhow::Result<()> {
    let limits = Limits {
        max_expansions: options.nodes,
        strategy: options.strategy,
        ..Limits::with_time(super::solve::timeout(options.seconds)?)
    };
    let source = LevelSource::resolve(file)?;
    let levels = source.levels()?;
    let to = options.to.unwrap_or(levels.len()).min(levels.len());
    anyhow::ensure!(
        options.from >= 1 && options.from <= to,
        "{source}: no levels in {}..={to}",
        options.from
    );
    let mut chosen = Vec::new();
    // A bad level is said in its place, for that level alone.
    let mut bad_lines = std::collections::BTreeMap::new();
    for (index, board) in levels
        .into_iter()
        .enumerate()
        .take(to)
        .skip(options.from - 1)
    {
        match board {
            Ok(level) => chosen.push((index, level)),
            Err(bad) => {
                let line = format!("level {}: cannot be played: {}", index + 1, bad.error);
                bad_lines.insert(index, line);
            }
        }
    }
    let mut times = Vec::new();
    let mut solved = 0;
    if !chosen.is_empty() {
        side_by_side(&chosen, options.jobs, &limits, |run| {
            while let Some(bad) = bad_lines.first_entry().filter(|bad| *bad.key() < run.index) {
                writeln!(out, "{}", bad.remove())?;
            }
            times.push(run.took);
            solved += usize::from(run.solved);
            writeln!(out, "{}", run.line)?;
            Ok(())
        })?;
    }
    for line in bad_lines.into_values() {
        writeln!(out, "{line}")?;
    }
    if times.is_empty() {
        writeln!(out, "solved: 0 of 0")?;
        return Ok(());
    }
    times.sort_unstable();
    let worst = times[times.len() - 1];
    writeln!(out, "solved: {solved} of {}", times.len())?;
    writeln!(out, "median: {} ms", millis(median(&times)))?;
    writeln!(out, "worst: {} ms", millis(worst))?;
    Ok(())
}

/// Runs `levels` (numbered from 0) on `jobs` threads, handing each result
/// to `report` in level order as soon as the levels before it are done.
fn side_by_side(
    levels: &[(usize, Level)],
    jobs: usize,
    limits: &Limits,
    mut report: impl FnMut(Run) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let (sender, results) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, levels.len()) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((number, level)) = levels.get(index) else {
                        break;
                    };
                    // The receiver only goes when reporting failed.
                    if sender
                        .send((index, run_level(*number, level, limits)))
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (index, run) in results {
            waiting.insert(index, run);
            while let Some(run) = waiting.remove(&due) {
                report(run?)?;
                due += 1;
            }
        }
        Ok(())
    })
}

/// Solves one level, replays the solution, and writes its line: time,
/// nodes expanded, nodes per second and peak memory of the solver's
/// tables, then the verdict.
fn run_level(number: usize, level: &Level, limits: &Limits) -> anyhow::Result<Run> {
    let started = Instant::now();
    let (outcome, stats) =
        schokoban_solver::solve_with_stats(level, limits, &AtomicBool::new(false));
    let took = started.elapsed();
    let solved = matches!(outcome, Outcome::Solved(_));
    let verdict = match outcome {
        Outcome::Solved(steps) => {
            let lurd = format_steps(&steps);
            let game = Game::replay(level.clone(), &lurd)?;
            anyhow::ensure!(game.is_solved(), "level {}: wrong solution", number + 1);
            let by = stats.winner.map_or("", Strategy::name);
            format!(
                "solved by {by}, {} moves, {} pushes",
                steps.len(),
                game.pushes()
            )
        }
        Outcome::Unsolvable => "no solution exists".to_owned(),
        Outcome::GaveUp => "gave up".to_owned(),
        Outcome::Cancelled => "cancelled".to_owned(),
        Outcome::TooLarge(why) => why.to_string(),
    };
    let line = format!(
        "level {}: {} ms, {}, {verdict}",
        number + 1,
        millis(took),
        work(&stats, took)
    );
    Ok(Run {
        index: number,
        took,
        solved,
        line,
    })
}

/// Nodes expanded, their rate and the peak memory, as `bench` prints them.
fn work(stats: &Stats, took: Duration) -> String {
    let seconds = took.as_secs_f64().max(1e-6);
    format!(
        "{} nodes, {:.0} nodes/s, {:.1} MiB",
        stats.expanded,
        stats.expanded as f64 / seconds,
        stats.peak_bytes as f64 / f64::from(1 << 20)
    )
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
