//! A text of levels as read: the collection's own name and author, and
//! every board in order, each playable or with the reason it is not. One
//! bad board among good ones costs that board only.

use super::level::Level;
use super::parse_error::ParseError;

/// Every board of a text, in order, with what its header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelFile {
    /// The collection's own name (`Title:`, `Collection:` or `Set:` in the
    /// header above the first level).
    pub title: Option<String>,
    /// The collection's author (`Author:` in the header).
    pub author: Option<String>,
    /// Each board, level 1 first: numbers count bad boards too, so level 5
    /// is the fifth board of the file whatever the others are.
    pub levels: Vec<Result<Level, BadLevel>>,
}

/// A board that cannot be played, with the title it would have had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLevel {
    /// The level's title, for telling it in a list.
    pub title: Option<String>,
    /// Why it cannot be played, with its line.
    pub error: ParseError,
}

impl LevelFile {
    /// A file of levels that all read, without a header: what the formats
    /// without bad-level recovery (the pusher listings) give.
    pub(crate) fn all_good(levels: Vec<Level>) -> Self {
        Self {
            title: None,
            author: None,
            levels: levels.into_iter().map(Ok).collect(),
        }
    }

    /// How many boards the file holds, bad ones included.
    pub fn len(&self) -> usize {
        self.levels.len()
    }

    /// Whether the file holds no board at all.
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    /// Level `number` (from 1), or why it cannot be played; `None` past the last.
    pub fn get(&self, number: usize) -> Option<Result<&Level, &BadLevel>> {
        let index = number.checked_sub(1)?;
        self.levels.get(index).map(Result::as_ref)
    }

    /// The playable levels with their numbers (from 1), in order.
    pub fn playable(&self) -> impl Iterator<Item = (usize, &Level)> {
        self.levels
            .iter()
            .enumerate()
            .filter_map(|(index, level)| Some((index + 1, level.as_ref().ok()?)))
    }

    /// The bad boards with their numbers (from 1), in order.
    pub fn bad(&self) -> impl Iterator<Item = (usize, &BadLevel)> {
        self.levels
            .iter()
            .enumerate()
            .filter_map(|(index, level)| Some((index + 1, level.as_ref().err()?)))
    }

    /// The file with every level the player could walk off (a gap in
    /// its outer wall) made a bad one, as strict as the editor: what map
    /// files the player opens get. With no playable level left, the first
    /// reason.
    pub fn refusing_open(mut self) -> Result<Self, ParseError> {
        for entry in &mut self.levels {
            let Ok(level) = entry else {
                continue;
            };
            if let Some(edge) = level.open_edge() {
                *entry = Err(BadLevel {
                    title: level.title().map(str::to_owned),
                    error: ParseError::Open {
                        row: edge.y + 1,
                        column: edge.x + 1,
                    },
                });
            }
        }
        match self.levels.iter().find_map(|level| level.as_ref().err()) {
            Some(bad) if self.playable().next().is_none() => Err(bad.error.clone()),
            _ => Ok(self),
        }
    }

    /// Every level, or the first reason one is bad: for texts that must
    /// read whole, such as one level pasted or a built-in file.
    pub fn into_levels(self) -> Result<Vec<Level>, ParseError> {
        self.levels
            .into_iter()
            .map(|level| level.map_err(|bad| bad.error))
            .collect()
    }
}
