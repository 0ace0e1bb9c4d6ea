//! The winning moves of each leaderboard entry, in `NAME.xsb.runs` beside
//! the board, so that the best runs of a level can be watched later. The
//! spec fixes the `.dat` format, so the moves live in a file of their own:
//!
//! ```text
//! # Schokoban runs: score, winning moves (LURD, x = undo), nickname
//! 37 rRRdlUxU Ann Lee
//! ```
//!
//! A line belongs to the board entry with the same score and nickname (the
//! k-th such line to the k-th such entry, as both keep arrival order), so
//! the file stays right whatever happened to the board since: a line whose
//! entry has gone is ignored, and dropped at the next write. It is written
//! under the board's lock, before the board, atomically, so a crash between
//! the two leaves at worst a run whose entry never came; a damaged one is
//! moved aside like a damaged board, and never stops a score being added.

use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;

use super::atomic::write_atomic;
use super::keyed;
use super::map_file::{LoadError, LoadErrorKind, read_bytes};
use super::records::{MAX_SAVE_BYTES, RecordError, Records};
use super::setup::move_aside;
use crate::leaderboard::{Entry, Leaderboard, valid_nickname};
use schokoban_core::{LogEntry, format_log, parse_log};

const HEADER: &str = "# Schokoban runs: score, winning moves (LURD, x = undo), nickname\n";

/// One entry's winning moves as the file holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Run {
    score: usize,
    name: String,
    moves: Vec<LogEntry>,
}

/// What is wrong with a line of a runs file (lines count from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunsError {
    #[error("line {line}: does not start with a score")]
    BadScore { line: usize },
    #[error("line {line}: the moves are not a LURD log")]
    BadMoves { line: usize },
    #[error("line {line}: no valid nickname")]
    BadName { line: usize },
    #[error("line {line}: not text")]
    NotText { line: usize },
    #[error("{bytes} bytes is far too large for a runs file")]
    FileTooLarge { bytes: u64 },
}

/// Why the moves that won a score were not kept as asked (the score was).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunsProblem {
    /// The runs file was damaged; it was moved here and its readable runs kept.
    #[error("{path} was damaged; it was kept as {moved_to}")]
    MovedAside { path: PathBuf, moved_to: PathBuf },
    /// The runs file could not be read, so it was left alone.
    #[error("the winning moves were not kept: {path}: {kind}")]
    Unreadable { path: PathBuf, kind: LoadErrorKind },
    /// The runs file was damaged and could not be moved aside, so it was
    /// left alone.
    #[error(
        "the winning moves were not kept: {path} is damaged and could not be moved aside: {kind}"
    )]
    NotMovedAside { path: PathBuf, kind: io::ErrorKind },
    /// The runs file could not be written.
    #[error("the winning moves were not kept: {path}: {kind}")]
    NotWritten { path: PathBuf, kind: io::ErrorKind },
}

/// The board with the winning moves of each entry, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunsRead {
    pub board: Leaderboard,
    /// One per board entry, in board order; `None` where no moves were kept.
    pub runs: Vec<Option<Vec<LogEntry>>>,
    /// What was wrong with the runs file; its readable lines still count.
    pub problems: Vec<RunsError>,
}

impl Records {
    /// The board and every entry's winning moves. A damaged runs file gives
    /// what could be read; a missing one, no moves.
    pub fn read_runs(&self) -> Result<RunsRead, RecordError> {
        let board = self.read_leaderboard()?.board;
        let (runs, problems) = self.read_runs_file().map_err(RecordError::Read)?;
        let mut unused: Vec<Option<Run>> = runs.into_iter().map(Some).collect();
        let runs = board
            .entries()
            .iter()
            .map(|entry| take_run(&mut unused, entry))
            .collect();
        Ok(RunsRead {
            board,
            runs,
            problems,
        })
    }

    /// The winning moves of the entry at `place` (0 is best), if kept.
    pub fn read_run(&self, place: usize) -> Result<Option<Vec<LogEntry>>, RecordError> {
        Ok(self.read_runs()?.runs.into_iter().nth(place).flatten())
    }

    /// Rewrites the runs file for `board`, whose entry at `place` was just
    /// won by `run`. Called under the board's lock, before the board is
    /// written over `before`: the runs of entries `before` has and `board`
    /// no longer does (pushed off the end) stay until the next write, as
    /// `before` is the board on disk should the process die in between.
    pub(super) fn keep_run(
        &self,
        before: &Leaderboard,
        board: &Leaderboard,
        place: usize,
        run: &[LogEntry],
    ) -> Vec<RunsProblem> {
        let path = || self.runs.clone();
        let mut problems = Vec::new();
        let old = match self.read_runs_file() {
            Ok((runs, errors)) if errors.is_empty() => runs,
            Ok((runs, _)) => match move_aside(&self.runs) {
                Ok(moved_to) => {
                    problems.push(RunsProblem::MovedAside {
                        path: self.runs.clone(),
                        moved_to,
                    });
                    runs
                }
                Err(error) => {
                    let kind = error.kind();
                    return vec![RunsProblem::NotMovedAside { path: path(), kind }];
                }
            },
            Err(LoadError { kind, .. }) => {
                return vec![RunsProblem::Unreadable { path: path(), kind }];
            }
        };
        let mut unused: Vec<Option<Run>> = old.into_iter().map(Some).collect();
        let mut text = HEADER.to_owned();
        let mut push_line = |entry: &Entry, moves: Vec<LogEntry>| {
            let moves = format_log(&moves);
            let moves = keyed::moves_word(&moves);
            let _ = writeln!(text, "{} {moves} {}", entry.score, entry.name);
        };
        // The entries this write pushed off the board keep their runs for
        // one more write, so a kill between the two files loses no run.
        let mut pushed_off = before.entries().to_vec();
        for (index, entry) in board.entries().iter().enumerate() {
            if let Some(at) = pushed_off.iter().position(|e| e == entry) {
                pushed_off.remove(at);
            }
            let moves = if index == place {
                Some(run.to_vec())
            } else {
                take_run(&mut unused, entry)
            };
            if let Some(moves) = moves {
                push_line(entry, moves);
            }
        }
        for entry in &pushed_off {
            if let Some(moves) = take_run(&mut unused, entry) {
                push_line(entry, moves);
            }
        }
        if let Err(error) = write_atomic(&self.runs, text.as_bytes()) {
            let kind = error.kind();
            problems.push(RunsProblem::NotWritten { path: path(), kind });
        }
        problems
    }

    /// The runs file's readable lines and what was wrong with the others.
    fn read_runs_file(&self) -> Result<(Vec<Run>, Vec<RunsError>), LoadError> {
        match read_bytes(&self.runs, MAX_SAVE_BYTES) {
            Ok(bytes) => Ok(parse_runs(&bytes)),
            Err(LoadError {
                kind: LoadErrorKind::Missing,
                ..
            }) => Ok((Vec::new(), Vec::new())),
            Err(LoadError {
                kind: LoadErrorKind::TooLarge { bytes, .. },
                ..
            }) => Ok((Vec::new(), vec![RunsError::FileTooLarge { bytes }])),
            Err(error) => Err(error),
        }
    }
}

/// The first unused run with `entry`'s score and nickname, taken.
fn take_run(unused: &mut [Option<Run>], entry: &Entry) -> Option<Vec<LogEntry>> {
    let slot = unused.iter_mut().find(|slot| {
        slot.as_ref()
            .is_some_and(|run| run.score == entry.score && run.name == entry.name)
    })?;
    slot.take().map(|run| run.moves)
}

fn parse_runs(bytes: &[u8]) -> (Vec<Run>, Vec<RunsError>) {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let mut runs = Vec::new();
    let mut problems = Vec::new();
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let Ok(text) = std::str::from_utf8(raw) else {
            problems.push(RunsError::NotText { line });
            continue;
        };
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match parse_run(text, line) {
            Ok(run) => runs.push(run),
            Err(problem) => problems.push(problem),
        }
    }
    (runs, problems)
}

fn parse_run(text: &str, line: usize) -> Result<Run, RunsError> {
    let (score, rest) = text.split_once(' ').unwrap_or((text, ""));
    let score = score.parse().map_err(|_| RunsError::BadScore { line })?;
    let (moves, name) = rest.trim_start().split_once(' ').unwrap_or((rest, ""));
    let moves = parse_log(keyed::moves_of_word(moves)).map_err(|_| RunsError::BadMoves { line })?;
    let name = valid_nickname(name).ok_or(RunsError::BadName { line })?;
    Ok(Run {
        score,
        name: name.to_owned(),
        moves,
    })
}
