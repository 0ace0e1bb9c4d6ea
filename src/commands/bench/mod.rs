//! `schokoban bench`: run the solver over collections with a time limit
//! per level, for the figures in docs/solver.md.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod hints;
mod totals;

use crate::library::LevelSource;
use crate::machine::solver_limits;
use hints::{HintSolver, HintTimes};
use schokoban_core::{Game, Level, Step, format_steps};
use schokoban_solver::{Limits, Outcome, Stats, Strategy, optimize};
use totals::{Totals, millis};

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
    /// Time hints as well, from the start and every this many pushes along
    /// each solution (see `hints`).
    pub hints_every: Option<usize>,
    /// Shorten each solution with the optimizer, which can take as long
    /// as the search; off for quicker checks of the searches alone.
    pub optimize: bool,
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
    hints: HintTimes,
    line: String,
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

/// How each level is run: by which solver, within which limits, and
/// whether hints are timed along its solution.
#[derive(Clone, Copy)]
struct Solving<'a> {
    limits: &'a Limits,
    solver: &'a Solver,
    hint_solver: &'a HintSolver,
    hints_every: Option<usize>,
    optimize: bool,
}

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
        ..solver_limits(super::solve::timeout(options.seconds)?)
    };
    let solving = Solving {
        limits: &limits,
        solver,
        hint_solver: &schokoban_solver::solve_knowing,
        hints_every: options.hints_every,
        optimize: options.optimize,
    };
    let mut all = Totals::default();
    for file in files {
        let totals = run_file(file, options, solving, out)?;
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
    solving: Solving,
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
    solving: Solving,
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
                        .send((index, run_level(*number, level, solving)))
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
fn run_level(number: usize, level: &Level, solving: Solving) -> anyhow::Result<Run> {
    let started = Instant::now();
    let (outcome, stats) = (solving.solver)(level, solving.limits, &AtomicBool::new(false));
    let took = started.elapsed();
    let mut solution = None;
    let mut failure = None;
    let mut hints = HintTimes::default();
    let verdict = match outcome {
        Outcome::Solved(steps) => {
            let found = (steps.len(), replayed_pushes(number, level, &steps)?);
            let optimized = solving.optimize.then(|| {
                let optimizing = Instant::now();
                let limits = solving.limits.for_optimizer(took);
                let shorter = optimize(level, &steps, &limits, &AtomicBool::new(false));
                (shorter.steps, optimizing.elapsed())
            });
            let shortened = optimized.as_ref().map_or(&steps, |(shorter, _)| shorter);
            let mut hint_failed = String::new();
            if let Some(every) = solving.hints_every {
                let timing = (solving.limits, solving.hint_solver);
                let known: [&[Step]; 2] = [&steps, shortened];
                match HintTimes::along(level, (shortened, &known), every, timing) {
                    Ok(times) => hints = times,
                    Err(why) => {
                        hint_failed = format!(", FAILED: {why}");
                        failure = Some(format!("level {}: {why}", number + 1));
                    }
                }
            }
            let by = stats.winner.map_or("", Strategy::name);
            let (result, how) = match &optimized {
                Some((shorter, optimized_in)) => {
                    let result = (shorter.len(), replayed_pushes(number, level, shorter)?);
                    let how = format!(
                        "found: {} moves, {} pushes; optimized in {} ms",
                        found.0,
                        found.1,
                        millis(*optimized_in)
                    );
                    (result, how)
                }
                None => (found, "not optimized".to_owned()),
            };
            solution = Some([found, result]);
            let (moves, pushes) = result;
            format!("solved by {by}, {moves} moves, {pushes} pushes ({how}){hint_failed}")
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
        "level {}: {} ms, {}, {verdict}{}",
        number + 1,
        millis(took),
        work(&stats, took),
        hints.summary()
    );
    Ok(Run {
        index: number,
        took,
        nodes: stats.expanded,
        solution,
        failure,
        hints,
        line,
    })
}

/// The pushes of `steps`, checked by replay to solve level `number`.
fn replayed_pushes(number: usize, level: &Level, steps: &[Step]) -> anyhow::Result<usize> {
    let game = Game::replay(level.clone(), &format_steps(steps))?;
    anyhow::ensure!(game.is_solved(), "level {}: wrong solution", number + 1);
    Ok(game.pushes())
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

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_solver::Failure;

    #[test]
    fn a_failed_level_is_printed_and_makes_the_run_an_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("two.xsb");
        let two = "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n";
        std::fs::write(&path, two).expect("write");
        // The stand-in solves the one-push level and fails on the other.
        let solver = |level: &Level, limits: &Limits, cancel: &AtomicBool| {
            if level.goals().any(|goal| goal.x == level.boxes()[0].x + 2) {
                (
                    Outcome::Failed(Failure::Panicked("a bug".to_owned())),
                    Stats::default(),
                )
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
            hints_every: None,
            optimize: true,
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
}
