//! Positions the player saved inside a level, in `NAME.xsb.snapshots`
//! beside its records, so they outlive leaving the level and the game:
//!
//! ```text
//! # Schokoban snapshots: ...
//! taken=2026-12-01T21:40:07Z moves=12 pushes=3 lurd=rrRRdd...
//! taken=2026-12-01T21:44:51Z moves=20 pushes=5 helped=2 lurd=rrRRdd...
//! ```
//!
//! `helped` counts the pushes played for the player on the way, when any
//! were: a game finished from the snapshot is then not scored.
//!
//! A snapshot is the line of play from the start (no undos), which brings
//! the position back. Written like the board: under the map's lock, read
//! again and added to, atomically; a damaged file is moved aside to
//! `NAME.xsb.snapshots.damaged` with its readable lines kept.

use std::path::PathBuf;

use super::keyed::{self, Entry, EntryError, Fields};
use super::records::{RecordError, Records};
use super::when::{format_utc, parse_utc};
use schokoban_core::{Metrics, Step, format_steps, parse_moves};

const HEADER: &str = "# Schokoban snapshots of one level, oldest first: when taken (UTC), \
moves, pushes, those played for the player (when any), then the moves from the start \
(LURD).\n";

/// The most snapshots a level keeps; taking one more drops the oldest, and
/// says so.
pub const MAX_SNAPSHOTS: usize = 50;

/// One saved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The line of play from the level's start.
    pub steps: Vec<Step>,
    /// When it was taken, in seconds since 1970 (UTC).
    pub taken: Option<u64>,
    /// Pushes played for the player on the way (hints, moves watched):
    /// brought back with it, so that a game finished from it is not scored.
    pub helped: usize,
    /// Fields a later version wrote, kept as they were.
    pub extra: Fields,
}

impl Snapshot {
    pub fn new(steps: Vec<Step>, taken: Option<u64>) -> Self {
        Self {
            steps,
            taken,
            helped: 0,
            extra: Vec::new(),
        }
    }

    /// This snapshot, `pushes` of its line played for the player.
    #[must_use]
    pub fn helped(mut self, pushes: usize) -> Self {
        self.helped = pushes;
        self
    }

    pub fn metrics(&self) -> Metrics {
        Metrics::of(&self.steps)
    }
}

impl Entry for Snapshot {
    const HEADER: &'static str = HEADER;

    fn to_line(&self) -> String {
        let metrics = self.metrics();
        let mut fields = Vec::new();
        if let Some(taken) = self.taken {
            fields.push(("taken", format_utc(taken)));
        }
        fields.push(("moves", metrics.moves.to_string()));
        fields.push(("pushes", metrics.pushes.to_string()));
        if self.helped > 0 {
            fields.push(("helped", self.helped.to_string()));
        }
        keyed::line(
            &fields,
            &self.extra,
            keyed::moves_word(&format_steps(&self.steps)),
        )
    }

    fn from_fields(line: usize, mut fields: Fields) -> Result<Self, EntryError> {
        let bad = |key| EntryError::BadValue { line, key };
        let steps = keyed::take(&mut fields, "lurd")
            .and_then(|lurd| parse_moves(keyed::moves_of_word(&lurd)).ok())
            .ok_or(bad("lurd"))?;
        let taken = keyed::take_optional(&mut fields, line, "taken", parse_utc)?;
        let helped = keyed::take_optional(&mut fields, line, "helped", |n| n.parse().ok())?;
        // Written for a reader; the moves say it.
        keyed::take(&mut fields, "moves");
        keyed::take(&mut fields, "pushes");
        Ok(Self {
            steps,
            taken,
            helped: helped.unwrap_or(0),
            extra: fields,
        })
    }
}

/// The snapshots file as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SnapshotsRead {
    /// Oldest first.
    pub snapshots: Vec<Snapshot>,
    pub problems: Vec<EntryError>,
}

/// What taking a snapshot did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotTaken {
    pub snapshots: Vec<Snapshot>,
    /// The oldest, dropped to make room.
    pub dropped: Option<Snapshot>,
    pub moved_aside: Option<PathBuf>,
}

impl Records {
    /// The level's snapshots, oldest first. A missing file has none; a
    /// damaged one gives what could be read.
    pub fn read_snapshots(&self) -> Result<SnapshotsRead, RecordError> {
        let (snapshots, problems) = keyed::read::<Snapshot>(&self.snapshots)?;
        Ok(SnapshotsRead {
            snapshots,
            problems,
        })
    }

    /// Adds `snapshot` as the newest, under the map's lock; past
    /// [`MAX_SNAPSHOTS`] the oldest goes.
    pub fn take_snapshot(&self, snapshot: Snapshot) -> Result<SnapshotTaken, RecordError> {
        let changed = self.change_keyed(&self.snapshots, |snapshots| {
            snapshots.push(snapshot);
            let dropped = (snapshots.len() > MAX_SNAPSHOTS).then(|| snapshots.remove(0));
            (true, dropped)
        })?;
        Ok(SnapshotTaken {
            snapshots: changed.entries,
            dropped: changed.outcome,
            moved_aside: changed.moved_aside,
        })
    }
}
