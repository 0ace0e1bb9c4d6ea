//! Which saved games had pushes played for the player (hints, moves
//! watched and taken over), in `NAME.xsb.helped` beside the level's
//! records:
//!
//! ```text
//! # Schokoban games with pushes played for the player: ...
//! pushes=2 lurd=rRRuU...
//! ```
//!
//! The spec fixes a save as bare LURD, so what the game played for the
//! player is kept apart, by the save's moves: a save resumed, or another
//! game's kept aside and taken up, is looked up by what it holds, so a
//! game finished after hints is never offered to the leaderboard. Written
//! before the save it speaks for, under the map's lock like every keyed
//! file: a crash between the two leaves an entry no save matches, never a
//! helped save without one.

use super::keyed::{self, Entry, EntryError, Fields};
use super::records::{RecordError, Records};
use schokoban_core::{LogEntry, format_log, parse_log};

const HEADER: &str = "# Schokoban games with pushes played for the player, newest last: \
the pushes played, then the game's moves (LURD, undos as the save has them).\n";

/// The most games a level's file keeps: as many as the saves one map can
/// have beside it (its own and the other games' kept aside), newest kept.
pub const MAX_HELPED_GAMES: usize = 101;

/// A game with pushes played for the player, as its save holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct HelpedGame {
    pushes: usize,
    log: Vec<LogEntry>,
    /// Fields a later version wrote, kept as they were.
    extra: Fields,
}

impl Entry for HelpedGame {
    const HEADER: &'static str = HEADER;

    fn to_line(&self) -> String {
        let fields = [("pushes", self.pushes.to_string())];
        let moves = format_log(&self.log);
        keyed::line(&fields, &self.extra, keyed::moves_word(&moves))
    }

    fn from_fields(line: usize, mut fields: Fields) -> Result<Self, EntryError> {
        let bad = |key| EntryError::BadValue { line, key };
        let log = keyed::take(&mut fields, "lurd")
            .and_then(|lurd| parse_log(keyed::moves_of_word(&lurd)).ok())
            .ok_or(bad("lurd"))?;
        let pushes = keyed::take(&mut fields, "pushes")
            .and_then(|pushes| pushes.parse().ok())
            .ok_or(bad("pushes"))?;
        Ok(Self {
            pushes,
            log,
            extra: fields,
        })
    }
}

impl Records {
    /// The pushes played for the player in the game `log` holds, as
    /// noted when it was saved: 0 for a game noted nowhere. A damaged
    /// file gives what could be read.
    pub fn helped_pushes(&self, log: &[LogEntry]) -> Result<usize, RecordError> {
        let (games, _) = keyed::read::<HelpedGame>(&self.helped)?;
        Ok(games
            .iter()
            .rev()
            .find(|game| game.log == log)
            .map_or(0, |game| game.pushes))
    }

    /// Notes that `pushes` of the game `log` holds were played for the
    /// player, before that game is saved; past the newest
    /// `MAX_HELPED_GAMES` games, the oldest note goes.
    pub fn note_helped(&self, log: &[LogEntry], pushes: usize) -> Result<(), RecordError> {
        self.change_keyed(&self.helped, |games: &mut Vec<HelpedGame>| {
            games.retain(|game| game.log != log);
            games.push(HelpedGame {
                pushes,
                log: log.to_vec(),
                extra: Vec::new(),
            });
            let over = games.len().saturating_sub(MAX_HELPED_GAMES);
            games.drain(..over);
            (true, ())
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(dir: &std::path::Path) -> Records {
        let map = dir.join("level.xsb");
        std::fs::write(&map, "#####\n#@$.#\n#####\n").expect("map written");
        Records::beside(&map)
    }

    fn log(lurd: &str) -> Vec<LogEntry> {
        parse_log(lurd).expect("a log")
    }

    #[test]
    fn a_noted_game_is_found_by_its_moves_alone() {
        let dir = tempfile::tempdir().expect("temp dir");
        let records = records(dir.path());
        assert_eq!(records.helped_pushes(&log("rR")).ok(), Some(0));
        records.note_helped(&log("rR"), 1).expect("noted");
        records.note_helped(&log("rRl"), 2).expect("noted");
        assert_eq!(records.helped_pushes(&log("rR")).ok(), Some(1));
        assert_eq!(records.helped_pushes(&log("rRl")).ok(), Some(2));
        assert_eq!(records.helped_pushes(&log("r")).ok(), Some(0));
        // Noted again, the game's entry is replaced, not added to.
        records.note_helped(&log("rR"), 3).expect("noted");
        assert_eq!(records.helped_pushes(&log("rR")).ok(), Some(3));
        let text = std::fs::read_to_string(dir.path().join("level.xsb.helped")).expect("file");
        assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 2);
    }

    #[test]
    fn past_the_most_games_the_oldest_note_goes() {
        let dir = tempfile::tempdir().expect("temp dir");
        let records = records(dir.path());
        let game = |n: usize| log(&"l".repeat(n + 1));
        for n in 0..=MAX_HELPED_GAMES {
            records.note_helped(&game(n), 1).expect("noted");
        }
        assert_eq!(records.helped_pushes(&game(0)).ok(), Some(0));
        assert_eq!(records.helped_pushes(&game(1)).ok(), Some(1));
        assert_eq!(records.helped_pushes(&game(MAX_HELPED_GAMES)).ok(), Some(1));
    }
}
