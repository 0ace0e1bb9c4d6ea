//! The line format of the files that keep a level's solutions and
//! snapshots: one entry a line, `key=value` fields apart by spaces, the
//! moves last as `lurd=…`; `#` starts a comment line. A person can read
//! it, and a later version can add keys that this one keeps as they were.

use std::fs::File;
use std::path::{Path, PathBuf};

use super::atomic::write_atomic;
use super::map_file::{LoadError, LoadErrorKind, read_bytes};
use super::records::{MAX_SAVE_BYTES, RecordError, Records, move_aside};

/// An entry of a keyed file: read from its fields, written as one line.
pub(super) trait Entry: Sized {
    /// The comment lines the file starts with.
    const HEADER: &'static str;
    fn from_fields(line: usize, fields: Fields) -> Result<Self, EntryError>;
    fn to_line(&self) -> String;
}

/// What a locked change to a keyed file did.
pub(super) struct Changed<T, R> {
    pub entries: Vec<T>,
    /// What the change returned.
    pub outcome: R,
    /// Where a damaged file was moved before the new one was written.
    pub moved_aside: Option<PathBuf>,
}

/// One entry's fields in the order written.
pub(super) type Fields = Vec<(String, String)>;

/// A file's entries with their lines (from 1), and what was wrong with the
/// lines that did not read.
pub(super) type Entries = (Vec<(usize, Fields)>, Vec<EntryError>);

/// What is wrong with a line of a solutions or snapshots file (lines count
/// from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// A word that is no `key=value`, or a key given twice.
    #[error("line {line}: a word that is no key=value")]
    BadField { line: usize },
    /// A needed key is missing or its value does not read.
    #[error("line {line}: {key}= is missing or does not read")]
    BadValue { line: usize, key: &'static str },
    #[error("line {line}: not text")]
    NotText { line: usize },
    #[error("{bytes} bytes is far too large")]
    FileTooLarge { bytes: u64 },
}

/// The entries of the file at `path` with their line numbers, and what was
/// wrong with the lines that did not read. A missing file has none.
pub(super) fn read_entries(path: &Path) -> Result<Entries, LoadError> {
    let bytes = match read_bytes(path, MAX_SAVE_BYTES) {
        Ok(bytes) => bytes,
        Err(LoadError {
            kind: LoadErrorKind::Missing,
            ..
        }) => return Ok((Vec::new(), Vec::new())),
        Err(LoadError {
            kind: LoadErrorKind::TooLarge { bytes, .. },
            ..
        }) => return Ok((Vec::new(), vec![EntryError::FileTooLarge { bytes }])),
        Err(error) => return Err(error),
    };
    Ok(parse_entries(&bytes))
}

/// The entries of a file's bytes with their line numbers, and what was
/// wrong with the lines that did not read.
pub(super) fn parse_entries(bytes: &[u8]) -> Entries {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let Ok(text) = std::str::from_utf8(raw) else {
            problems.push(EntryError::NotText { line });
            continue;
        };
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match fields(text) {
            Some(fields) => entries.push((line, fields)),
            None => problems.push(EntryError::BadField { line }),
        }
    }
    (entries, problems)
}

/// The entries that read, in the order written, with their lines, and
/// what was wrong with the others.
pub(super) fn decode<T: Entry>(
    (entries, mut problems): Entries,
) -> (Vec<(usize, T)>, Vec<EntryError>) {
    let mut decoded = Vec::new();
    for (line, fields) in entries {
        match T::from_fields(line, fields) {
            Ok(entry) => decoded.push((line, entry)),
            Err(problem) => problems.push(problem),
        }
    }
    (decoded, problems)
}

/// The entries of the keyed file at `path`, and what was wrong with it.
pub(super) fn read<T: Entry>(path: &Path) -> Result<(Vec<T>, Vec<EntryError>), RecordError> {
    let (entries, problems) = decode(read_entries(path).map_err(RecordError::Read)?);
    Ok((
        entries.into_iter().map(|(_, entry)| entry).collect(),
        problems,
    ))
}

impl Records {
    /// Changes the keyed file at `path` under the map's lock: read again,
    /// moved aside first when damaged (its readable entries kept), changed,
    /// and written atomically when `change` says it changed anything or the
    /// file was moved aside.
    pub(super) fn change_keyed<T: Entry, R>(
        &self,
        path: &Path,
        change: impl FnOnce(&mut Vec<T>) -> (bool, R),
    ) -> Result<Changed<T, R>, RecordError> {
        change_locked(self.lock()?, path, change)
    }
}

/// Changes the keyed file at `path` while `lock` is held, as
/// [`Records::change_keyed`] does under the map's lock, for a file that
/// has a lock of its own.
pub(super) fn change_locked<T: Entry, R>(
    lock: File,
    path: &Path,
    change: impl FnOnce(&mut Vec<T>) -> (bool, R),
) -> Result<Changed<T, R>, RecordError> {
    let (mut entries, problems) = read::<T>(path)?;
    let moved_aside = if problems.is_empty() {
        None
    } else {
        Some(move_aside(path)?)
    };
    let (changed, outcome) = change(&mut entries);
    if changed || moved_aside.is_some() {
        let mut text = T::HEADER.to_owned();
        text.extend(entries.iter().map(T::to_line));
        write_atomic(path, text.as_bytes()).map_err(|error| RecordError::Io {
            path: path.to_path_buf(),
            error,
        })?;
    }
    drop(lock);
    Ok(Changed {
        entries,
        outcome,
        moved_aside,
    })
}

/// The `key=value` words of a line, or `None` when one is not, or a key
/// comes twice.
fn fields(text: &str) -> Option<Fields> {
    let mut fields: Fields = Vec::new();
    for word in text.split_whitespace() {
        let (key, value) = word.split_once('=')?;
        let good_key = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !good_key || fields.iter().any(|(k, _)| k == key) {
            return None;
        }
        fields.push((key.to_owned(), value.to_owned()));
    }
    Some(fields)
}

/// The value of `key`, taken out of `fields`.
pub(super) fn take(fields: &mut Fields, key: &str) -> Option<String> {
    let index = fields.iter().position(|(k, _)| k == key)?;
    Some(fields.remove(index).1)
}

/// The value of an optional `key`, read by `parse`: `None` when the line
/// has no such key, an error naming it when its value does not read.
pub(super) fn take_optional<T>(
    fields: &mut Fields,
    line: usize,
    key: &'static str,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>, EntryError> {
    take(fields, key)
        .map(|text| parse(&text).ok_or(EntryError::BadValue { line, key }))
        .transpose()
}

/// One entry as a line: `fields` in order, then the keys a later version
/// wrote, then the moves.
pub(super) fn line(fields: &[(&str, String)], extra: &Fields, lurd: &str) -> String {
    let mut extra = extra.clone();
    extra.push(("lurd".to_owned(), lurd.to_owned()));
    plain_line(fields, &extra)
}

/// One entry without moves as a line: `fields` in order, then the keys a
/// later version wrote.
pub(super) fn plain_line(fields: &[(&str, String)], extra: &Fields) -> String {
    let mut words: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    words.extend(extra.iter().map(|(k, v)| format!("{k}={v}")));
    let mut text = words.join(" ");
    text.push('\n');
    text
}

/// How a line of moves with none in it is written (a level that starts
/// solved, a snapshot of the start), so that the line keeps its fields.
const NO_MOVES: &str = "-";

/// `moves` as a line writes them: [`NO_MOVES`] for none.
pub(super) fn moves_word(moves: &str) -> &str {
    if moves.is_empty() { NO_MOVES } else { moves }
}

/// The moves a line's word stands for: none for [`NO_MOVES`].
pub(super) fn moves_of_word(word: &str) -> &str {
    if word == NO_MOVES { "" } else { word }
}

/// A value that holds no space and is not empty, as a field needs.
pub(super) fn word(text: &str) -> String {
    let word: String = text
        .chars()
        .map(|c| {
            if c.is_whitespace() || c == '=' {
                '-'
            } else {
                c
            }
        })
        .collect();
    if word.is_empty() {
        "-".to_owned()
    } else {
        word
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_optional_key_is_absent_read_or_named_as_damaged() {
        let mut fields: Fields = vec![
            ("took".to_owned(), "12s".to_owned()),
            ("found".to_owned(), "soon".to_owned()),
        ];
        let seconds = |text: &str| text.strip_suffix('s')?.parse::<u64>().ok();
        assert_eq!(take_optional(&mut fields, 4, "took", seconds), Ok(Some(12)));
        assert_eq!(
            take_optional(&mut fields, 4, "found", seconds),
            Err(EntryError::BadValue {
                line: 4,
                key: "found"
            })
        );
        assert_eq!(take_optional(&mut fields, 4, "taken", seconds), Ok(None));
        assert!(fields.is_empty(), "each key read is taken");
    }
}
