//! `schokoban verify`: replay a solution or a save and report the result.

use std::fmt;
use std::io::Read;
use std::path::Path;

use anyhow::Context;

use crate::storage::{MAX_FILE_BYTES, is_present, read_text};
use schokoban_core::Game;

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

/// What `verify MAP -` reads the moves from.
pub const STDIN: &str = "-";

/// Replays `moves` (a LURD string, the path of a file holding one, or `-`
/// for standard input) on level `level` of `map` (a map file, a folder of
/// them, or a built-in collection's name).
pub fn run(map: &Path, moves: &str, level: usize) -> anyhow::Result<Report> {
    let level = super::load_level(map, level)?;
    let from_file = moves != STDIN && looks_like_path(moves);
    let log = if moves == STDIN {
        read_stdin()?
    } else if from_file {
        read_text(Path::new(moves), MAX_FILE_BYTES)?
    } else {
        moves.to_owned()
    };
    let game = Game::replay(level, &log).with_context(|| {
        if from_file {
            format!("{moves}: the moves do not replay")
        } else {
            "the moves do not replay".to_owned()
        }
    })?;
    Ok(Report {
        moves: game.score(),
        pushes: game.pushes(),
        solved: game.is_solved(),
        board: game.to_xsb(),
    })
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
