//! `schokoban verify`: replay a solution or a save and report the result.

use std::fmt;
use std::io::Read;
use std::path::Path;

use anyhow::Context;

use crate::storage::{MAX_FILE_BYTES, is_present, is_solutions_text, parse_solutions, read_text};
use crate::text::plural;
use schokoban_core::{Game, Level, Metrics};

/// What a replay ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The spec's score: every move, push and undo.
    pub moves: usize,
    /// Pushes in the line of play that stands at the end.
    pub pushes: usize,
    pub solved: bool,
    pub board: String,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "moves: {}", self.moves)?;
        writeln!(f, "pushes: {}", self.pushes)?;
        writeln!(f, "solved: {}", if self.solved { "yes" } else { "no" })?;
        writeln!(f)?;
        write!(f, "{}", self.board)
    }
}

/// What replaying each solution of a solutions file ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionsReport {
    pub entries: Vec<ReplayedSolution>,
}

/// One entry of a solutions file, replayed from the level's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedSolution {
    /// The entry's line in the file, from 1.
    pub line: usize,
    /// Moves and pushes as the file gives them.
    pub metrics: Metrics,
    /// Who found it, as the file writes it.
    pub by: String,
    pub solved: bool,
}

impl SolutionsReport {
    /// Whether every entry replayed to solved.
    pub fn all_solved(&self) -> bool {
        self.entries.iter().all(|entry| entry.solved)
    }
}

impl fmt::Display for SolutionsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for entry in &self.entries {
            writeln!(
                f,
                "line {}: {}, {}, by {}: {}",
                entry.line,
                plural(entry.metrics.moves, "move"),
                plural(entry.metrics.pushes, "push"),
                entry.by,
                if entry.solved { "solved" } else { "NOT solved" }
            )?;
        }
        let solved = self.entries.iter().filter(|entry| entry.solved).count();
        writeln!(f, "solved: {solved} of {}", self.entries.len())
    }
}

/// What `verify` found: one line of moves replayed, or each entry of a
/// solutions file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    Moves(Report),
    Solutions(SolutionsReport),
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verified::Moves(report) => report.fmt(f),
            Verified::Solutions(report) => report.fmt(f),
        }
    }
}

/// What `verify MAP -` reads the moves from.
pub const STDIN: &str = "-";

/// Replays `moves` (a LURD string, the path of a file holding one, or `-`
/// for standard input) on level `level` of `map` (a map file, a folder of
/// them, or a built-in collection's name). A solutions file
/// (`NAME.xsb.solutions`) has each of its entries replayed.
pub fn run(map: &Path, moves: &str, level: usize) -> anyhow::Result<Verified> {
    let level = super::load_level(map, level)?;
    let from_file = moves != STDIN && looks_like_path(moves);
    let log = if moves == STDIN {
        read_stdin()?
    } else if from_file {
        read_text(Path::new(moves), MAX_FILE_BYTES)?
    } else {
        moves.to_owned()
    };
    if is_solutions_text(&log) {
        return replay_solutions(&level, &log).map(Verified::Solutions);
    }
    let game = Game::replay(level, &log).with_context(|| {
        if from_file {
            format!("{moves}: the moves do not replay")
        } else {
            "the moves do not replay".to_owned()
        }
    })?;
    Ok(Verified::Moves(Report {
        moves: game.score(),
        pushes: game.pushes(),
        solved: game.is_solved(),
        board: game.to_xsb(),
    }))
}

/// Replays every entry of a solutions file's text from the level's start.
/// A line that does not read is an error naming it: a solutions file the
/// game wrote has none.
fn replay_solutions(level: &Level, text: &str) -> anyhow::Result<SolutionsReport> {
    let (solutions, problems) = parse_solutions(text);
    if let Some(problem) = problems.first() {
        anyhow::bail!("the solutions file is damaged: {problem}");
    }
    let entries = solutions
        .into_iter()
        .map(|(line, solution)| {
            let mut game = Game::new(level.clone());
            let solved = game.play_from_start(&solution.steps).is_ok() && game.is_solved();
            ReplayedSolution {
                line,
                metrics: solution.metrics,
                by: solution.by.to_string(),
                solved,
            }
        })
        .collect();
    Ok(SolutionsReport { entries })
}

/// Standard input as text, refused past the size a moves file may have.
fn read_stdin() -> anyhow::Result<String> {
    let mut text = String::new();
    let limit = MAX_FILE_BYTES + 1;
    let read = std::io::stdin()
        .lock()
        .take(limit)
        .read_to_string(&mut text)
        .context("standard input: cannot read the moves as UTF-8 text")?;
    anyhow::ensure!(
        (read as u64) < limit,
        "standard input: more than {} MiB of moves",
        MAX_FILE_BYTES / 1024 / 1024
    );
    Ok(text)
}

/// Whether MOVES names a file rather than spelling the moves out: it exists,
/// or has a folder or an extension in it. Anything else is read as moves, so
/// a typo such as `rrdX` is reported as a bad move 4, not as a missing file.
fn looks_like_path(text: &str) -> bool {
    let lurd = text
        .chars()
        .all(|c| "lurdLURDx".contains(c) || c.is_whitespace());
    !lurd && (is_present(Path::new(text)) || text.contains(['/', '\\', '.']))
}
