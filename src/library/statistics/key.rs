//! Which level a line of the statistics file is about, as one word of the
//! file, and the groups the statistics sum levels by.

use std::fmt::Write as _;
use std::path::Path;

use crate::library::Collection;

/// Which level a line of the statistics file is about.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LevelKey {
    Builtin {
        collection: Collection,
        number: usize,
    },
    Added {
        id: String,
        number: usize,
    },
    /// Level `number` of a map file opened by its path (pasted levels too).
    Map {
        path: String,
        number: usize,
    },
    /// An endless level, by the name of its file without `.xsb`.
    Endless {
        name: String,
    },
}

/// What the statistics are summed by: a collection, or the kind of level.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Group {
    Builtin(Collection),
    Added(String),
    Maps,
    Endless,
}

impl LevelKey {
    /// The key as the file writes it: `microban/3`, `added/ID/3`,
    /// `map/PATH/3` (the path with `%`, `/`, blanks and `=` escaped as
    /// `%XX`), `endless/NAME`.
    pub fn word(&self) -> String {
        match self {
            LevelKey::Builtin { collection, number } => format!("{}/{number}", collection.id()),
            LevelKey::Added { id, number } => format!("added/{id}/{number}"),
            LevelKey::Map { path, number } => format!("map/{}/{number}", escape(path)),
            LevelKey::Endless { name } => format!("endless/{}", escape(name)),
        }
    }

    /// The key a [`Self::word`] wrote, or `None` for one this version does
    /// not know.
    pub fn parse(word: &str) -> Option<Self> {
        let parts: Vec<&str> = word.split('/').collect();
        let number = |text: &str| text.parse::<usize>().ok().filter(|&n| n > 0);
        match parts.as_slice() {
            ["added", id, n] => Some(LevelKey::Added {
                id: (*id).to_owned(),
                number: number(n)?,
            }),
            ["map", path, n] => Some(LevelKey::Map {
                path: unescape(path)?,
                number: number(n)?,
            }),
            ["endless", name] => Some(LevelKey::Endless {
                name: unescape(name)?,
            }),
            [id, n] => Some(LevelKey::Builtin {
                collection: Collection::from_id(id)?,
                number: number(n)?,
            }),
            _ => None,
        }
    }

    /// Level `number` of a map file at `path`.
    pub fn map(path: &Path, number: usize) -> Self {
        LevelKey::Map {
            path: path.to_string_lossy().into_owned(),
            number,
        }
    }

    pub(super) fn group(&self) -> Group {
        match self {
            LevelKey::Builtin { collection, .. } => Group::Builtin(*collection),
            LevelKey::Added { id, .. } => Group::Added(id.clone()),
            LevelKey::Map { .. } => Group::Maps,
            LevelKey::Endless { .. } => Group::Endless,
        }
    }

    pub(super) fn number(&self) -> Option<usize> {
        match self {
            LevelKey::Builtin { number, .. }
            | LevelKey::Added { number, .. }
            | LevelKey::Map { number, .. } => Some(*number),
            LevelKey::Endless { .. } => None,
        }
    }
}

/// `%`, `/`, `=` and every blank or control character as `%XX`, so the
/// text is one word of the file and one part of a key.
fn escape(text: &str) -> String {
    let mut escaped = String::new();
    for c in text.chars() {
        if c == '%' || c == '/' || c == '=' || c.is_whitespace() || c.is_control() {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                let _ = write!(escaped, "%{byte:02X}");
            }
        } else {
            escaped.push(c);
        }
    }
    escaped
}

fn unescape(text: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&byte, after)) = rest.split_first() {
        if byte == b'%' {
            let hex = std::str::from_utf8(after.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &after[2..];
        } else {
            bytes.push(byte);
            rest = after;
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_written_as_one_word_and_read_back() {
        let keys = [
            LevelKey::Builtin {
                collection: Collection::ALL[0],
                number: 3,
            },
            LevelKey::Added {
                id: "three-rooms".to_owned(),
                number: 2,
            },
            LevelKey::map(Path::new("/home/me/my maps/a=b%.xsb"), 1),
            LevelKey::Endless {
                name: "medium-hard-48213".to_owned(),
            },
        ];
        for key in keys {
            let word = key.word();
            assert!(!word.contains([' ', '=']), "{word}");
            assert_eq!(LevelKey::parse(&word), Some(key), "{word}");
        }
        assert_eq!(LevelKey::parse("no-such-collection/3"), None);
        assert_eq!(LevelKey::parse("map/%4/1"), None);
    }
}
