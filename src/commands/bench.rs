//! `schokoban bench`: run the solver over collections with a time limit
//! per level, for the figures in docs/solver.md.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::library::LevelSource;
use schokoban_core::{Game, Level, Step, format_steps};
use schokoban_solver::{Limits, Outcome, Stats, Strategy, optimize};

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
    nodes: u64,
    /// Moves and pushes of the solution as found and as optimized, when
    /// there is one.
    solution: Option<[(usize, usize); 2]>,
    /// The solver's message when it failed (a bug, not a hard level).
    failure: Option<String>,
    line: String,
}

/// The results of some levels, summed up.
#[derive(Default)]
struct Totals {
    times: Vec<Duration>,
    solved: usize,
    nodes: u64,
    /// Moves and pushes of the solutions as found and as optimized.
    found: (usize, usize),
    optimized: (usize, usize),
    /// Each solution's moves optimized over its moves found.
    ratios: Vec<f64>,
    /// The levels the solver failed on, as `FILE level N: why`.
    failures: Vec<String>,
}

impl Totals {
    fn add(&mut self, run: &Run) {
        self.times.push(run.took);
        self.nodes += run.nodes;
        if let Some([found, optimized]) = run.solution {
            self.solved += 1;
            self.found = (self.found.0 + found.0, self.found.1 + found.1);
            self.optimized = (
                self.optimized.0 + optimized.0,
                self.optimized.1 + optimized.1,
            );
            self.ratios.push(ratio(optimized.0, found.0));
        }
    }

    fn extend(&mut self, other: Totals) {
        self.times.extend(other.times);
        self.solved += other.solved;
        self.nodes += other.nodes;
        self.found = (self.found.0 + other.found.0, self.found.1 + other.found.1);
        self.optimized = (
            self.optimized.0 + other.optimized.0,
            self.optimized.1 + other.optimized.1,
        );
        self.ratios.extend(other.ratios);
        self.failures.extend(other.failures);
    }

    /// One line: solved count, nodes, the solutions' moves and pushes (as
    /// optimized, then as found with the median of the optimized moves
    /// over those found), and the median and worst time.
    fn line(&self) -> String {
        let mut times = self.times.clone();
        times.sort_unstable();
        let (median, worst) = times
            .last()
            .map_or((Duration::ZERO, Duration::ZERO), |&worst| {
                (median(&times), worst)
            });
        let mut ratios = self.ratios.clone();
        ratios.sort_unstable_by(f64::total_cmp);
        let middle = ratios.len() / 2;
        let ratio = match ratios.len() {
            0 => 1.0,
            n if n % 2 == 0 => f64::midpoint(ratios[middle - 1], ratios[middle]),
            _ => ratios[middle],
        };
        format!(
            "solved {} of {}, {} nodes, {} moves, {} pushes \
             (found: {} moves, {} pushes; moves x{ratio:.3} at the median), \
             median {} ms, worst {} ms",
            self.solved,
            self.times.len(),
            self.nodes,
            self.optimized.0,
            self.optimized.1,
            self.found.0,
            self.found.1,
            millis(median),
            millis(worst)
        )
    }
}

/// Runs the levels of each of `files` (a map file, a folder of them, or a
/// built-in collection's name) in turn, writing one line per level as it
/// finishes, a total line per file, and then the totals over every file:
/// the solved count, positions expanded, the solutions' moves and pushes,
/// and the median and worst time over all levels run (a level given up on
/// counts with the time it took). A level the solver failed on (a bug) is
/// printed as it comes, and makes the whole run an error at the end.
pub fn run(files: &[PathBuf], options: Options, out: &mut impl Write) -> anyhow::Result<()> {
    run_with(files, options, out, &schokoban_solver::solve_with_stats)
}

/// How `bench` solves a level; the solver's own in [`run`], a stand-in in
/// tests.
type Solver = dyn Fn(&Level, &Limits, &AtomicBool) -> (Outcome, Stats) + Sync;

/// [`run`] with `solver` in place of the solver.
fn run_with(
    files: &[PathBuf],
    options: Options,
    out: &mut impl Write,
    solver: &Solver,
) -> anyhow::Result<()> {
    let limits = Limits {
        max_expansions: options.nodes,
        strategy: options.strategy,
        ..Limits::with_time(super::solve::timeout(options.seconds)?)
    };
    let mut all = Totals::default();
    for file in files {
        let totals = run_file(file, options, (&limits, solver), out)?;
        writeln!(out, "{}: {}", file.display(), totals.line())?;
        all.extend(totals);
    }
    writeln!(out, "total: {}", all.line())?;
    anyhow::ensure!(
        all.failures.is_empty(),
        "the solver failed on {} level(s): {}",
        all.failures.len(),
        all.failures.join("; ")
    );
    Ok(())
}

/// Runs the chosen levels of one file, writing each level's line.
fn run_file(
    file: &Path,
    options: Options,
    solving: (&Limits, &Solver),
    out: &mut impl Write,
) -> anyhow::Result<Totals> {
    let source = LevelSource::resolve(file)?;
    let levels = source.levels()?;
    let to = options.to.unwrap_or(levels.len()).min(levels.len());
    anyhow::ensure!(
        options.from >= 1 && options.from <= to,
        "{source}: no levels in {}..={to}",
        options.from
    );
    let mut chosen = Vec::new();
    // A level that cannot be played is said in its place, for that level
    // alone; the others still run.
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
    let mut totals = Totals::default();
    if !chosen.is_empty() {
        side_by_side(&chosen, options.jobs, solving, |run| {
            while let Some(bad) = bad_lines.first_entry().filter(|bad| *bad.key() < run.index) {
                writeln!(out, "{}", bad.remove())?;
            }
            totals.add(&run);
            if let Some(why) = &run.failure {
                totals.failures.push(format!("{} {}", file.display(), why));
            }
            writeln!(out, "{}", run.line)?;
            Ok(())
        })?;
    }
    for line in bad_lines.into_values() {
        writeln!(out, "{line}")?;
    }
    Ok(totals)
}

/// Runs `levels` (numbered from 0) on `jobs` threads, handing each result
/// to `report` in level order as soon as the levels before it are done.
fn side_by_side(
    levels: &[(usize, Level)],
    jobs: usize,
    (limits, solver): (&Limits, &Solver),
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
                        .send((index, run_level(*number, level, limits, solver)))
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
fn run_level(
    number: usize,
    level: &Level,
    limits: &Limits,
    solver: &Solver,
) -> anyhow::Result<Run> {
    let started = Instant::now();
    let (outcome, stats) = solver(level, limits, &AtomicBool::new(false));
    let took = started.elapsed();
    let mut solution = None;
    let mut failure = None;
    let verdict = match outcome {
        Outcome::Solved(steps) => {
            let found = (steps.len(), replayed_pushes(number, level, &steps)?);
            let optimizing = Instant::now();
            let limits = limits.for_optimizer(took);
            let optimized = optimize(level, &steps, &limits, &AtomicBool::new(false));
            let optimized = (
                optimized.steps.len(),
                replayed_pushes(number, level, &optimized.steps)?,
            );
            let by = stats.winner.map_or("", Strategy::name);
            solution = Some([found, optimized]);
            format!(
                "solved by {by}, {} moves, {} pushes (found: {} moves, {} pushes; optimized in {} ms)",
                optimized.0,
                optimized.1,
                found.0,
                found.1,
                millis(optimizing.elapsed())
            )
        }
        Outcome::Unsolvable => "no solution exists".to_owned(),
        Outcome::GaveUp => "gave up".to_owned(),
        Outcome::Cancelled => "cancelled".to_owned(),
        Outcome::TooLarge(why) => why.to_string(),
        Outcome::Failed(why) => {
            failure = Some(format!("level {}: {why}", number + 1));
            format!("FAILED: {why}")
        }
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
        nodes: stats.expanded,
        solution,
        failure,
        line,
    })
}

/// The pushes of `steps`, checked by replay to solve level `number`.
fn replayed_pushes(number: usize, level: &Level, steps: &[Step]) -> anyhow::Result<usize> {
    let game = Game::replay(level.clone(), &format_steps(steps))?;
    anyhow::ensure!(game.is_solved(), "level {}: wrong solution", number + 1);
    Ok(game.pushes())
}

/// `part` over `whole`, 1 for nothing over nothing.
fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
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
    fn a_failed_level_is_printed_and_makes_the_run_an_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("two.xsb");
        let two = "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n";
        std::fs::write(&path, two).expect("write");
        // The stand-in solves the one-push level and fails on the other.
        let solver = |level: &Level, limits: &Limits, cancel: &AtomicBool| {
            if level.goals().any(|goal| goal.x == level.boxes()[0].x + 2) {
                (Outcome::Failed("a bug".to_owned()), Stats::default())
            } else {
                schokoban_solver::solve_with_stats(level, limits, cancel)
            }
        };
        let options = Options {
            seconds: 10.0,
            from: 1,
            to: None,
            jobs: 1,
            strategy: Strategy::Race,
            nodes: Some(100),
        };
        let mut out = Vec::new();
        let result = run_with(std::slice::from_ref(&path), options, &mut out, &solver);
        let text = String::from_utf8(out).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains(", 1 moves, 1 pushes (found: "), "{text}");
        assert!(lines[1].ends_with(", FAILED: a bug"), "{text}");
        assert!(lines[3].starts_with("total: solved 1 of 2, "), "{text}");
        let error = result.expect_err("a failure is an error").to_string();
        assert_eq!(
            error,
            format!(
                "the solver failed on 1 level(s): {} level 2: a bug",
                path.display()
            )
        );
    }

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_one() {
        assert_eq!(median(&ms(&[7])), Duration::from_millis(7));
        assert_eq!(median(&ms(&[1, 5, 900])), Duration::from_millis(5));
    }
}
