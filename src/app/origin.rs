//! What is being played and where it came from, so the end-of-level choices
//! and records know where to go.

use std::path::PathBuf;

use crate::game::Level;
use crate::library::Collection;
use crate::storage::Records;

/// Arcade and Free play pick a collection first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Arcade,
    FreePlay,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Arcade {
        collection: Collection,
        number: usize,
    },
    FreePlay {
        collection: Collection,
        number: usize,
    },
    /// Level `number` of `count` in a file the player typed.
    Custom {
        path: PathBuf,
        number: usize,
        count: usize,
    },
}

impl Origin {
    /// The same kind of origin, `delta` levels on; `None` past either end.
    pub fn step(&self, delta: isize) -> Option<Origin> {
        let moved = |number: usize, count: usize| {
            number
                .checked_add_signed(delta)
                .filter(|n| (1..=count).contains(n))
        };
        match *self {
            Origin::Arcade { collection, number } => moved(number, collection.level_count())
                .map(|number| Origin::Arcade { collection, number }),
            Origin::FreePlay { collection, number } => moved(number, collection.level_count())
                .map(|number| Origin::FreePlay { collection, number }),
            Origin::Custom {
                ref path,
                number,
                count,
            } => moved(number, count).map(|number| Origin::Custom {
                path: path.clone(),
                number,
                count,
            }),
        }
    }
}

/// A level ready to play, with where its records live (`None`: records off).
#[derive(Clone, Debug)]
pub struct Opened {
    pub origin: Origin,
    pub level: Level,
    /// The title shown: the level's own, or its file name.
    pub title: String,
    pub records: Option<Records>,
}

impl Opened {
    /// `TITLE by AUTHOR`, or the title alone. Without a title of its own the
    /// level is named by its file, and the spec says: "without an author".
    pub fn heading(&self) -> String {
        match (self.level.title(), self.level.author()) {
            (Some(_), Some(author)) => format!("{} by {author}", self.title),
            _ => self.title.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::parse_level;

    fn opened(xsb: &str, title: &str) -> Opened {
        Opened {
            origin: Origin::Custom {
                path: PathBuf::from("map.xsb"),
                number: 1,
                count: 1,
            },
            level: parse_level(xsb).expect("level"),
            title: title.to_owned(),
            records: None,
        }
    }

    #[test]
    fn a_level_without_a_title_shows_its_file_name_and_no_author() {
        let board = "#####\n#@$.#\n#####\n";
        assert_eq!(
            opened(&format!("{board}Author: Someone\n"), "map.xsb").heading(),
            "map.xsb"
        );
        assert_eq!(
            opened(&format!("{board}Title: Named\nAuthor: Someone\n"), "Named").heading(),
            "Named by Someone"
        );
        assert_eq!(
            opened(&format!("{board}Title: Named\n"), "Named").heading(),
            "Named"
        );
    }
}
