//! The player's config file, `schokoban/config.toml` in the platform's
//! config folder or `--config FILE`: the theme, ASCII drawing, the zoom a
//! session starts with, and the keys of play. A bad file is named with its
//! line in one message, and the game plays on with the defaults. Only a
//! regular file up to [`MAX_CONFIG_BYTES`] is read, in UTF-8 or UTF-16 (with
//! its byte-order mark): a FIFO would block the start, a device never end.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use super::keymap::{Action, Key, KeyMap, Scope, describe};
use super::theme::ThemeChoice;
use crate::storage::{LoadError, LoadErrorKind, decode_text, read_bytes};
use crossterm::event::KeyCode;
use schokoban_core::Direction;

/// What the file said; `None` where it said nothing.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub theme: Option<ThemeChoice>,
    pub ascii: Option<bool>,
    pub zoom: Option<bool>,
    keys: KeyMap,
}

/// A config has no reason to be bigger; past this it is not read.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Why a config file was not used, naming the file and the line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file as a whole could not be read: a folder, a FIFO or device,
    /// too large, not permitted.
    #[error("{}: {kind}", path.display())]
    Unreadable { path: PathBuf, kind: LoadErrorKind },
    /// What the file says is wrong at `line` (from 1).
    #[error("{}: line {line}: {problem}", path.display())]
    Bad {
        path: PathBuf,
        line: usize,
        problem: ConfigProblem,
    },
}

/// What is wrong with a line of a config file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigProblem {
    /// Not TOML, or not the settings this file has; TOML's own words.
    #[error("{0}")]
    Toml(String),
    #[error("theme {0:?}: not auto, dark, light or colorblind")]
    Theme(String),
    #[error("no action {0:?}; the actions are {names}", names = action_names())]
    NoSuchAction(String),
    #[error("{action}: {typed:?} is not a key")]
    NotAKey { action: &'static str, typed: String },
    /// A control character, a bidirectional mark or one that takes no
    /// column: no key sends it, and the help could not draw it.
    #[error("{action}: {typed:?} is no key that can be typed and shown")]
    Unshowable { action: &'static str, typed: String },
    #[error("{key} is bound to both {first} and {second}")]
    BoundTwice {
        key: String,
        first: &'static str,
        second: &'static str,
    },
    #[error("{key} is bound to both {given} and, by default, {default}: list {default}'s keys too")]
    BoundByDefault {
        key: String,
        given: &'static str,
        default: &'static str,
    },
    /// An empty list would leave the player no way to do it.
    #[error("{action} has no key: give it at least one")]
    NoKey { action: &'static str },
}

/// The file as written, before its names are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    theme: Option<Spanned<String>>,
    ascii: Option<bool>,
    zoom: Option<bool>,
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Spanned<Vec<String>>>,
}

/// The actions of play a config can bind, by the name the file gives them.
const ACTIONS: [(&str, Action); 15] = [
    ("up", Action::Move(Direction::Up)),
    ("down", Action::Move(Direction::Down)),
    ("left", Action::Move(Direction::Left)),
    ("right", Action::Move(Direction::Right)),
    ("undo", Action::Undo),
    ("redo", Action::Redo),
    ("reset", Action::Reset),
    ("hint", Action::Hint),
    ("zoom", Action::Zoom),
    ("next", Action::NextLevel),
    ("previous", Action::PreviousLevel),
    ("watch", Action::Watch),
    ("edit", Action::Edit),
    ("leave", Action::Leave),
    ("help", Action::Help),
];

/// The config folder's `schokoban/config.toml`, if the platform has one.
pub fn default_path() -> Option<PathBuf> {
    dirs::config_dir().map(|dir| dir.join("schokoban").join("config.toml"))
}

/// Reads `path` (a missing file is no config, not an error).
pub fn load(path: &Path) -> Result<Option<Config>, ConfigError> {
    let Some(text) = read(path)? else {
        return Ok(None);
    };
    parse(path, &text).map(Some)
}

/// The text of the config file at `path`, if there is one: a regular file
/// of at most [`MAX_CONFIG_BYTES`], in UTF-8 or UTF-16 with its mark.
pub fn read(path: &Path) -> Result<Option<String>, ConfigError> {
    match read_bytes(path, MAX_CONFIG_BYTES) {
        Ok(bytes) => Ok(Some(decode_text(&bytes))),
        Err(LoadError {
            kind: LoadErrorKind::Missing,
            ..
        }) => Ok(None),
        Err(LoadError { path, kind }) => Err(ConfigError::Unreadable { path, kind }),
    }
}

/// Checks and reads a config's `text`; `path` only names it in errors.
pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
    let error = |at: Option<std::ops::Range<usize>>, problem| ConfigError::Bad {
        path: path.to_path_buf(),
        line: at.map_or(1, |span| line_of(text, span.start)),
        problem,
    };
    let raw: RawConfig = toml::from_str(text)
        .map_err(|e| error(e.span(), ConfigProblem::Toml(e.message().to_owned())))?;
    let theme = match raw.theme {
        None => None,
        Some(theme) => Some(theme_named(theme.get_ref()).ok_or_else(|| {
            error(
                Some(theme.span()),
                ConfigProblem::Theme(theme.get_ref().clone()),
            )
        })?),
    };
    let mut keys = KeyMap::default();
    // Which action each key was given to, to refuse a key given twice.
    let mut taken: Vec<(Key, &str)> = Vec::new();
    let given: Vec<&str> = raw
        .keys
        .keys()
        .map(|name| name.get_ref().as_str())
        .collect();
    for (name, list) in &raw.keys {
        let Some(&(name, action)) = ACTIONS.iter().find(|(n, _)| n == name.get_ref()) else {
            return Err(error(
                Some(name.span()),
                ConfigProblem::NoSuchAction(name.get_ref().clone()),
            ));
        };
        let mut bound = Vec::new();
        for typed in list.get_ref() {
            let key = key_named(typed).map_err(|refused| {
                let typed = typed.clone();
                let problem = match refused {
                    NoKey::Unshowable => ConfigProblem::Unshowable {
                        action: name,
                        typed,
                    },
                    NoKey::Unknown => ConfigProblem::NotAKey {
                        action: name,
                        typed,
                    },
                };
                error(Some(list.span()), problem)
            })?;
            if let Some(&(_, other)) = taken.iter().find(|(k, _)| *k == key) {
                return Err(error(
                    Some(list.span()),
                    ConfigProblem::BoundTwice {
                        key: key.name(),
                        first: other,
                        second: name,
                    },
                ));
            }
            taken.push((key, name));
            bound.push(key);
        }
        if bound.is_empty() {
            return Err(error(
                Some(list.span()),
                ConfigProblem::NoKey { action: name },
            ));
        }
        keys.rebind(Scope::Play, action, bound);
    }
    // A key kept from the defaults must not clash with one given here.
    for &(name, action) in ACTIONS.iter().filter(|(n, _)| !given.contains(n)) {
        for key in keys.keys_of(Scope::Play, action) {
            if let Some(&(_, other)) = taken.iter().find(|(k, _)| *k == key) {
                let line = raw.keys.iter().find(|(n, _)| n.get_ref() == other);
                return Err(error(
                    line.map(|(n, _)| n.span()),
                    ConfigProblem::BoundByDefault {
                        key: key.name(),
                        given: other,
                        default: name,
                    },
                ));
            }
        }
    }
    Ok(Config {
        theme,
        ascii: raw.ascii,
        zoom: raw.zoom,
        keys,
    })
}

impl Config {
    /// This config's keys, for the app to play with: play, the `?`
    /// overlay and the legends then follow them.
    pub fn keys(&self) -> KeyMap {
        self.keys.clone()
    }
}

/// The file `schokoban config` prints when there is none: every setting
/// at its default, commented out.
pub fn template() -> String {
    let map = KeyMap::default();
    let mut text = String::from(
        "# Schokoban's config. Remove the # before a line to change it.\n\
         \n\
         # auto (light or dark as the terminal's background), dark, light,\n\
         # or colorblind (a box and you on a goal also change shape).\n\
         # theme = \"auto\"\n\
         \n\
         # Draw with XSB characters, for fonts without the game's symbols.\n\
         # ascii = false\n\
         \n\
         # Start every session zoomed in (square two-column cells) or not.\n\
         # zoom = true\n\
         \n\
         # The keys of play, each a list: letters, or Up, Down, Left, Right,\n\
         # Enter, Esc, Space, Backspace, Tab, Home, End, PgUp, PgDn, Del, F1-F12.\n\
         [keys]\n",
    );
    for (name, action) in ACTIONS {
        let keys: Vec<String> = map
            .keys_of(Scope::Play, action)
            .iter()
            .map(|key| format!("{:?}", key_word(*key)))
            .collect();
        let _ = writeln!(text, "# {name} = [{}]", keys.join(", "));
    }
    text
}

/// The line (from 1) that byte `at` of `text` is on.
fn line_of(text: &str, at: usize) -> usize {
    text.get(..at)
        .map_or(1, |before| before.matches('\n').count() + 1)
}

fn theme_named(name: &str) -> Option<ThemeChoice> {
    match name {
        "auto" => Some(ThemeChoice::Auto),
        "dark" => Some(ThemeChoice::Dark),
        "light" => Some(ThemeChoice::Light),
        "colorblind" => Some(ThemeChoice::Colorblind),
        _ => None,
    }
}

/// Named keys, as the file writes them and as [`key_named`] reads them.
const NAMED: [(&str, KeyCode); 12] = [
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Enter", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Backspace", KeyCode::Backspace),
    ("Tab", KeyCode::Tab),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PgUp", KeyCode::PageUp),
    ("PgDn", KeyCode::PageDown),
];

/// The names of the actions a config can bind, for the message that
/// names a wrong one.
fn action_names() -> String {
    ACTIONS.map(|(name, _)| name).join(", ")
}

/// Why a key list's word is no key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NoKey {
    /// One character no key sends and the help cannot draw (ESC, BEL,
    /// U+202E, a lone accent).
    Unshowable,
    /// A word that names no key at all.
    Unknown,
}

/// A key as the file writes it: `k`, `?`, `Up`, `F1`; letters in any case.
fn key_named(typed: &str) -> Result<Key, NoKey> {
    let mut chars = typed.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        let unshowable = c.is_control()
            || crate::printable::needs_escape(c)
            || (c.is_whitespace() && c != ' ')
            || crate::text::char_width(c) == 0;
        if unshowable {
            return Err(NoKey::Unshowable);
        }
        return Ok(if c.is_ascii_alphabetic() {
            Key::Letter(c.to_ascii_lowercase())
        } else {
            Key::Code(KeyCode::Char(c))
        });
    }
    key_by_name(typed).ok_or(NoKey::Unknown)
}

/// A key of more than one character: `Space`, `PgDn`, `F1`, in any case.
fn key_by_name(typed: &str) -> Option<Key> {
    let lower = typed.to_ascii_lowercase();
    match lower.as_str() {
        "space" => return Some(Key::Code(KeyCode::Char(' '))),
        "del" | "delete" => return Some(Key::Code(KeyCode::Delete)),
        "pageup" => return Some(Key::Code(KeyCode::PageUp)),
        "pagedown" => return Some(Key::Code(KeyCode::PageDown)),
        _ => {}
    }
    if let Some(number) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        return (1..=12)
            .contains(&number)
            .then_some(Key::Code(KeyCode::F(number)));
    }
    NAMED
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(typed))
        .map(|&(_, code)| Key::Code(code))
}

/// The file's word for `key`, which [`key_named`] reads back.
fn key_word(key: Key) -> String {
    match key {
        Key::Code(KeyCode::Char(' ')) => "Space".to_owned(),
        Key::Letter(c) | Key::Code(KeyCode::Char(c)) => c.to_string(),
        Key::Code(KeyCode::Delete) => "Del".to_owned(),
        Key::Code(KeyCode::F(n)) => format!("F{n}"),
        Key::Code(code) => NAMED
            .iter()
            .find(|(_, named)| *named == code)
            .map_or_else(|| describe(&[key]), |(name, _)| (*name).to_owned()),
    }
}
