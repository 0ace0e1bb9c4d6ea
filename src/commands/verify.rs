//! `schokoban verify`: replay a solution or a save and report the result.

use std::fmt;
use std::path::Path;

use anyhow::Context;

use crate::game::Game;
use crate::storage::{MAX_FILE_BYTES, is_present, read_text};

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

/// Replays `moves` (a LURD string, or the path of a file holding one) on
/// level `level` of `map`.
pub fn run(map: &Path, moves: &str, level: usize) -> anyhow::Result<Report> {
    let level = super::load_level(map, level)?;
    let from_file = looks_like_path(moves);
    let log = if from_file {
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

/// Whether MOVES names a file rather than spelling the moves out: it exists,
/// or has a folder or an extension in it. Anything else is read as moves, so
/// a typo such as `rrdX` is reported as a bad move 4, not as a missing file.
fn looks_like_path(text: &str) -> bool {
    let lurd = text
        .chars()
        .all(|c| "lurdLURDx".contains(c) || c.is_whitespace());
    !lurd && (is_present(Path::new(text)) || text.contains(['/', '\\', '.']))
}
