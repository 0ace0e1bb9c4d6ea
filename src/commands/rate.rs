//! `schokoban rate`: every level of some collections on the one difficulty
//! scale Endless uses (`schokoban_generate::rate`), with each file's
//! percentiles side by side, for the table in docs/endless.md.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use anyhow::Context;
use schokoban_core::Level;
use schokoban_generate::{Rated, percentiles, rate};

use crate::library::LevelSource;

/// The percentiles each file's summary gives.
pub const PERCENTS: [usize; 5] = [10, 25, 50, 75, 90];

/// How to rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Levels rated side by side (the ratings do not depend on it).
    pub jobs: usize,
    /// Only the summary table, not each level's line.
    pub summary: bool,
}

/// Rates every level of each of `files` (a level file, a folder of them or
/// a built-in collection), writing each level's rating, then a table of
/// each file's percentiles.
pub fn run(files: &[PathBuf], options: Options, out: &mut impl Write) -> anyhow::Result<()> {
    let mut table = Vec::new();
    for file in files {
        let source = LevelSource::resolve(file)?;
        let name = source.to_string();
        let levels: Vec<Option<Level>> = source
            .levels()
            .with_context(|| format!("reading {}", file.display()))?
            .into_iter()
            .map(Result::ok)
            .collect();
        let rated = rate_all(&levels, options.jobs)?;
        if !options.summary {
            writeln!(out, "{name}")?;
            for (index, rated) in rated.iter().enumerate() {
                writeln!(out, "level {}: {}", index + 1, describe(*rated))?;
            }
        }
        let rated: Vec<Rated> = rated.into_iter().flatten().collect();
        table.push((name, rated));
    }
    write_table(&table, out)
}

/// One level's line: its score and what it is made of.
pub fn describe(rated: Option<Rated>) -> String {
    match rated {
        None => "cannot be played".to_owned(),
        Some(Rated::Beyond) => format!(
            "beyond the scale (not solved within {} positions)",
            schokoban_generate::RATE_POSITIONS
        ),
        Some(Rated::Measured(r)) => format!(
            "{} ({} pushes, {} box changes, {} positions searched)",
            r.score, r.pushes, r.box_changes, r.positions
        ),
    }
}

/// Each file's count, levels beyond the scale and percentiles, one line
/// each under a heading.
fn write_table(table: &[(String, Vec<Rated>)], out: &mut impl Write) -> anyhow::Result<()> {
    let width = table
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    write!(out, "{:width$}  levels  beyond", "set")?;
    for p in PERCENTS {
        write!(out, "  {:>6}", format!("p{p}"))?;
    }
    writeln!(out)?;
    for (name, rated) in table {
        let beyond = rated.iter().filter(|r| **r == Rated::Beyond).count();
        write!(out, "{name:width$}  {:6}  {beyond:6}", rated.len())?;
        for score in percentiles(rated, &PERCENTS) {
            let shown = score.map_or_else(|| "beyond".to_owned(), |s| s.to_string());
            write!(out, "  {shown:>6}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Rates `levels` on `jobs` threads; `None` for a level that cannot be
/// played.
pub fn rate_all(levels: &[Option<Level>], jobs: usize) -> anyhow::Result<Vec<Option<Rated>>> {
    let cancel = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; levels.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = levels.get(index) else {
                        break;
                    };
                    let rated = slot
                        .as_ref()
                        .and_then(|level| rate(level, &cancel).ok().map(|(r, _)| r));
                    if let Ok(mut results) = results.lock() {
                        results[index] = rated;
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a rating thread panicked"))
}
