//! Reverse play's games of a level, in `NAME.xsb.reverse` beside its
//! records: the snapshots taken in reverse play, and the reverse game the
//! player left, to play on from the next time.
//!
//! ```text
//! # Schokoban reverse games: ...
//! kind=snapshot taken=2026-12-01T21:40:07Z start=5,3 moves=4 pulls=1 lurd=llRr
//! kind=left taken=2026-12-01T21:42:10Z start=5,3 moves=6 pulls=1 lurd=lxllRr
//! ```
//!
//! A line starts on the solved board (every box on a goal) with the player
//! at `start` (column, row, from 0); upper case letters pull, `x` undoes.
//! Its own file, so a version that knows no reverse play never takes a
//! reverse line for a forward one. Written like the snapshots: under the
//! map's lock, read again and changed, atomically; a damaged file is moved
//! aside to `NAME.xsb.reverse.damaged` with its readable lines kept.

use std::path::PathBuf;

use super::keyed::{self, Entry, EntryError, Fields};
use super::records::{RecordError, Records};
use super::snapshots::MAX_SNAPSHOTS;
use super::when::{format_utc, parse_utc};
use schokoban_core::{LogEntry, Pos, format_log, parse_log};

const HEADER: &str = "# Schokoban reverse games of one level: snapshots, and the game left. \
Each starts with every box on a goal and the player at start=column,row (from 0);\n# \
upper case pulls, x undoes.\n";

/// A reverse game kept: a snapshot, or the game left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReverseLine {
    /// The game the player left, rather than a snapshot they took.
    pub left: bool,
    /// Where the player stood on the solved board.
    pub start: Pos,
    /// The moves from there: a snapshot's line of play, or the left
    /// game's whole log, undos included.
    pub log: Vec<LogEntry>,
    /// When it was kept, in seconds since 1970 (UTC).
    pub taken: Option<u64>,
    /// Fields a later version wrote, kept as they were.
    pub extra: Fields,
}

impl ReverseLine {
    pub fn new(left: bool, start: Pos, log: Vec<LogEntry>, taken: Option<u64>) -> Self {
        Self {
            left,
            start,
            log,
            taken,
            extra: Vec::new(),
        }
    }

    /// Pulls in the line, undos taken into account.
    fn pulls(&self) -> usize {
        let mut line: Vec<bool> = Vec::new();
        for entry in &self.log {
            match entry {
                LogEntry::Step(step) => line.push(step.push),
                LogEntry::Undo => {
                    line.pop();
                }
            }
        }
        line.into_iter().filter(|&pull| pull).count()
    }
}

impl Entry for ReverseLine {
    const HEADER: &'static str = HEADER;

    fn to_line(&self) -> String {
        let kind = if self.left { "left" } else { "snapshot" };
        let mut fields = vec![("kind", kind.to_owned())];
        if let Some(taken) = self.taken {
            fields.push(("taken", format_utc(taken)));
        }
        fields.push(("start", format!("{},{}", self.start.x, self.start.y)));
        fields.push(("moves", self.log.len().to_string()));
        fields.push(("pulls", self.pulls().to_string()));
        keyed::line(
            &fields,
            &self.extra,
            keyed::moves_word(&format_log(&self.log)),
        )
    }

    fn from_fields(line: usize, mut fields: Fields) -> Result<Self, EntryError> {
        let bad = |key| EntryError::BadValue { line, key };
        let log = keyed::take(&mut fields, "lurd")
            .and_then(|lurd| parse_log(keyed::moves_of_word(&lurd)).ok())
            .ok_or(bad("lurd"))?;
        let left = match keyed::take(&mut fields, "kind").as_deref() {
            Some("left") => true,
            Some("snapshot") => false,
            _ => return Err(bad("kind")),
        };
        let start = keyed::take(&mut fields, "start")
            .and_then(|text| {
                let (x, y) = text.split_once(',')?;
                Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
            })
            .ok_or(bad("start"))?;
        let taken = keyed::take_optional(&mut fields, line, "taken", parse_utc)?;
        // Written for a reader; the moves say it.
        keyed::take(&mut fields, "moves");
        keyed::take(&mut fields, "pulls");
        Ok(Self {
            left,
            start,
            log,
            taken,
            extra: fields,
        })
    }
}

/// The reverse file as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReverseRead {
    /// Snapshots, oldest first.
    pub snapshots: Vec<ReverseLine>,
    /// The game left, if any.
    pub left: Option<ReverseLine>,
    pub problems: Vec<EntryError>,
}

impl Records {
    /// The level's reverse games. A missing file has none; a damaged one
    /// gives what could be read.
    pub fn read_reverse(&self) -> Result<ReverseRead, RecordError> {
        let (lines, problems) = keyed::read::<ReverseLine>(&self.reverse)?;
        let (left, snapshots): (Vec<ReverseLine>, Vec<ReverseLine>) =
            lines.into_iter().partition(|line| line.left);
        Ok(ReverseRead {
            snapshots,
            left: left.into_iter().next_back(),
            problems,
        })
    }

    /// Adds a reverse snapshot as the newest, dropping the oldest past
    /// [`MAX_SNAPSHOTS`]; returns where a damaged file went, if it was.
    pub fn take_reverse_snapshot(
        &self,
        snapshot: ReverseLine,
    ) -> Result<Option<PathBuf>, RecordError> {
        let changed = self.change_keyed(&self.reverse, |lines: &mut Vec<ReverseLine>| {
            lines.push(ReverseLine {
                left: false,
                ..snapshot
            });
            if lines.iter().filter(|line| !line.left).count() > MAX_SNAPSHOTS
                && let Some(oldest) = lines.iter().position(|line| !line.left)
            {
                lines.remove(oldest);
            }
            (true, ())
        })?;
        Ok(changed.moved_aside)
    }

    /// Keeps `left` as the reverse game left, in place of the one before;
    /// `None` drops the one before (a game back at the start).
    pub fn keep_reverse_left(&self, left: Option<ReverseLine>) -> Result<(), RecordError> {
        self.change_keyed(&self.reverse, |lines: &mut Vec<ReverseLine>| {
            let before = lines.len();
            lines.retain(|line| !line.left);
            let changed = left.is_some() || lines.len() != before;
            lines.extend(left.map(|line| ReverseLine { left: true, ..line }));
            (changed, ())
        })?;
        Ok(())
    }
}
