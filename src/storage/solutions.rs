//! Every solution of a level worth keeping, in `NAME.xsb.solutions` beside
//! its records: one line each, that a person and `schokoban verify` read.
//!
//! ```text
//! # Schokoban solutions: ...
//! moves=3 pushes=2 box-changes=1 sessions=1 found=2026-12-01T21:40:07Z took=12s by=player lurd=rRR
//! moves=2 pushes=1 box-changes=1 sessions=1 found=2026-12-01T21:52:30Z by=player play=reverse lurd=lL
//! ```
//!
//! `play=reverse` marks a solution found in reverse play (pulls read
//! backwards); a line without it was played forward.
//!
//! A solution is kept unless another by the same finder beats it on both
//! moves and pushes (fewer moves and no more pushes, or fewer pushes and
//! no more moves), so the best by moves and the best by pushes both stay;
//! on a tie the first found stays. The player's own solutions and the
//! optimizer's are weighed apart, so a shorter line the optimizer found
//! never costs the player theirs. Keys this version does not know are kept
//! as written, for the versions after it. It is written like the board:
//! under the map's lock, read again and merged, atomically; a damaged one
//! is moved aside to `NAME.xsb.solutions.damaged` with its readable lines
//! kept.

use std::fmt;
use std::path::PathBuf;

use super::keyed::{self, Entry, EntryError, Fields};
use super::listing::Listing;
use super::records::{RecordError, Records};
use super::when::{format_utc, parse_utc};
use schokoban_core::{Metrics, Step, format_steps, parse_moves};

const HEADER: &str = "# Schokoban solutions of one level: each line one that no other by the same \
finder beats on both moves and pushes.\n# moves, pushes, box changes, pushing sessions, when found \
(UTC), how long it took, who found it, then the moves (LURD).\n";

/// Who found a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finder {
    /// The player, playing.
    Player,
    /// The player, with pushes the game played for them (hints, moves
    /// watched and taken over): kept like any solve, but not counted as
    /// the player's own best or first solve.
    Helped,
    /// The optimizer, shortening one of the player's.
    Optimizer,
    /// Pasted in, then checked to solve the level.
    Pasted,
    /// A finder a later version writes, kept as written.
    Other(String),
}

impl Finder {
    fn word(&self) -> &str {
        match self {
            Finder::Player => "player",
            Finder::Helped => "helped",
            Finder::Optimizer => "optimizer",
            Finder::Pasted => "pasted",
            Finder::Other(word) => word,
        }
    }

    fn from_word(word: &str) -> Self {
        match word {
            "player" => Finder::Player,
            "helped" => Finder::Helped,
            "optimizer" => Finder::Optimizer,
            "pasted" => Finder::Pasted,
            other => Finder::Other(other.to_owned()),
        }
    }
}

impl fmt::Display for Finder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One kept solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub steps: Vec<Step>,
    pub metrics: Metrics,
    /// When it was found, in seconds since 1970 (UTC).
    pub found: Option<u64>,
    /// How long it took, in seconds.
    pub took: Option<u64>,
    pub by: Finder,
    /// Found in reverse play: the pulls, read backwards.
    pub in_reverse: bool,
    /// Fields a later version wrote, kept as they were.
    pub extra: Fields,
}

impl Solution {
    /// A solution found now, counted from its steps.
    pub fn new(steps: Vec<Step>, by: Finder, found: Option<u64>, took: Option<u64>) -> Self {
        Self {
            metrics: Metrics::of(&steps),
            steps,
            found,
            took,
            by,
            in_reverse: false,
            extra: Vec::new(),
        }
    }

    /// The same solution, marked as found in reverse play.
    #[must_use]
    pub fn found_in_reverse(self) -> Self {
        Self {
            in_reverse: true,
            ..self
        }
    }

    /// The moves as LURD.
    pub fn lurd(&self) -> String {
        format_steps(&self.steps)
    }

    /// Whether `self` makes `other` not worth keeping: the same finder,
    /// and better on one of moves and pushes and no worse on the other, or
    /// the same on both (the first found stays).
    fn outdoes(&self, other: &Solution) -> bool {
        self.by == other.by
            && (self.metrics.beats(&other.metrics)
                || (self.metrics.moves, self.metrics.pushes)
                    == (other.metrics.moves, other.metrics.pushes))
    }
}

impl Entry for Solution {
    const HEADER: &'static str = HEADER;

    fn to_line(&self) -> String {
        let m = &self.metrics;
        let mut fields = vec![
            ("moves", m.moves.to_string()),
            ("pushes", m.pushes.to_string()),
            ("box-changes", m.box_changes.to_string()),
            ("sessions", m.pushing_sessions.to_string()),
        ];
        if let Some(found) = self.found {
            fields.push(("found", format_utc(found)));
        }
        if let Some(took) = self.took {
            fields.push(("took", format!("{took}s")));
        }
        fields.push(("by", keyed::word(self.by.word())));
        if self.in_reverse {
            fields.push(("play", "reverse".to_owned()));
        }
        keyed::line(&fields, &self.extra, keyed::moves_word(&self.lurd()))
    }

    fn from_fields(line: usize, mut fields: Fields) -> Result<Self, EntryError> {
        let bad = |key| EntryError::BadValue { line, key };
        let steps = keyed::take(&mut fields, "lurd")
            .and_then(|lurd| parse_moves(keyed::moves_of_word(&lurd)).ok())
            .ok_or(bad("lurd"))?;
        let metrics = Metrics::of(&steps);
        let counts = [
            ("moves", metrics.moves),
            ("pushes", metrics.pushes),
            ("box-changes", metrics.box_changes),
            ("sessions", metrics.pushing_sessions),
        ];
        for (key, count) in counts {
            // The counts are written for a reader; the moves are what count,
            // and a count that disagrees with them is a damaged line.
            match keyed::take(&mut fields, key) {
                Some(value) if value.parse() != Ok(count) => return Err(bad(key)),
                _ => {}
            }
        }
        let found = keyed::take_optional(&mut fields, line, "found", parse_utc)?;
        let took = keyed::take_optional(&mut fields, line, "took", |text| {
            text.strip_suffix('s')?.parse().ok()
        })?;
        let by = Finder::from_word(&keyed::take(&mut fields, "by").ok_or(bad("by"))?);
        let in_reverse = match keyed::take(&mut fields, "play") {
            Some(play) if play == "reverse" => true,
            // A way of play a later version writes, kept as written.
            Some(play) => {
                fields.push(("play".to_owned(), play));
                false
            }
            None => false,
        };
        Ok(Self {
            steps,
            metrics,
            found,
            took,
            by,
            in_reverse,
            extra: fields,
        })
    }
}

/// The solutions file as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolutionsRead {
    /// Fewest moves first, then fewest pushes.
    pub solutions: Vec<Solution>,
    /// What was wrong with the file; its readable lines still count.
    pub problems: Vec<EntryError>,
}

impl SolutionsRead {
    /// The finder's solution with the fewest moves (then pushes).
    pub fn best_by_moves(&self, by: &Finder) -> Option<&Solution> {
        self.solutions
            .iter()
            .filter(|s| &s.by == by)
            .min_by_key(|s| (s.metrics.moves, s.metrics.pushes))
    }

    /// The finder's solution with the fewest pushes (then moves).
    pub fn best_by_pushes(&self, by: &Finder) -> Option<&Solution> {
        self.solutions
            .iter()
            .filter(|s| &s.by == by)
            .min_by_key(|s| (s.metrics.pushes, s.metrics.moves))
    }
}

/// What keeping a solution did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionKept {
    /// Every solution now kept.
    pub solutions: Vec<Solution>,
    /// Whether the new one is among them: none by its finder beat it.
    pub kept: bool,
    /// Where a damaged file was moved before the new one was written.
    pub moved_aside: Option<PathBuf>,
}

/// Each solution of a solutions file's text with its line (from 1), in
/// the order written, and what was wrong with the lines that did not read:
/// what `schokoban verify` replays.
pub fn parse_solutions(text: &str) -> (Vec<(usize, Solution)>, Vec<EntryError>) {
    keyed::decode(keyed::parse_entries(text.as_bytes()))
}

/// Whether a text is a solutions file rather than moves: a line of it
/// holds `lurd=`.
pub fn is_solutions_text(text: &str) -> bool {
    text.lines()
        .any(|line| !line.starts_with('#') && line.contains("lurd="))
}

impl Records {
    /// The level's kept solutions. A missing file has none; a damaged one
    /// gives what could be read.
    pub fn read_solutions(&self) -> Result<SolutionsRead, RecordError> {
        let (mut solutions, problems) = keyed::read::<Solution>(&self.solutions)?;
        sort(&mut solutions);
        Ok(SolutionsRead {
            solutions,
            problems,
        })
    }

    /// The fewest moves of the player's kept solutions, for a list of
    /// levels: `listing` is the records' folder, so only a file that
    /// exists is read.
    pub fn fewest_moves(&self, listing: &Listing) -> Option<usize> {
        if !listing.has(&self.solutions) {
            return None;
        }
        let read = self.read_solutions().ok()?;
        Some(read.best_by_moves(&Finder::Player)?.metrics.moves)
    }

    /// Keeps `solution` unless one by its finder outdoes it, dropping those
    /// it outdoes. Under the map's lock, the file read again first, so two
    /// games solving at once both count; a damaged file is moved aside.
    pub fn keep_solution(&self, solution: Solution) -> Result<SolutionKept, RecordError> {
        let changed = self.change_keyed(&self.solutions, |solutions: &mut Vec<Solution>| {
            sort(solutions);
            let kept = !solutions.iter().any(|old| old.outdoes(&solution));
            if kept {
                solutions.retain(|old| !solution.outdoes(old));
                solutions.push(solution);
                sort(solutions);
            }
            (kept, kept)
        })?;
        Ok(SolutionKept {
            solutions: changed.entries,
            kept: changed.outcome,
            moved_aside: changed.moved_aside,
        })
    }
}

fn sort(solutions: &mut [Solution]) {
    solutions.sort_by_key(|s| (s.metrics.moves, s.metrics.pushes));
}
