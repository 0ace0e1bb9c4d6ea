//! The player's preferences, kept in a small text file in the data folder so
//! they outlast a level and a session:
//!
//! ```text
//! # Schokoban settings
//! zoom fill
//! list microban 12
//! ```
//!
//! A line this version does not know is kept as it is, for the version that
//! wrote it; a file that cannot be read gives the defaults.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How big a board's cells are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zoom {
    /// One column a cell: the most map on a small screen.
    Off,
    /// Square cells, two columns each.
    #[default]
    Square,
    /// Square cells as big as the screen has room for: a small map on a
    /// large terminal grows to fill it.
    Fill,
}

impl Zoom {
    /// The zoom Z turns to: off first, as it always did, then fill.
    #[must_use]
    pub fn next(self) -> Self {
        match self {
            Zoom::Square => Zoom::Off,
            Zoom::Off => Zoom::Fill,
            Zoom::Fill => Zoom::Square,
        }
    }

    /// The config file's `zoom = true` or `false`.
    pub fn square(on: bool) -> Self {
        if on { Zoom::Square } else { Zoom::Off }
    }
}

/// Preferences and their defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub zoom: Zoom,
    /// The level last chosen in each level list, by the list's key (a
    /// collection's id): the list opens on it.
    pub lists: BTreeMap<String, usize>,
    foreign: Vec<String>,
}

/// What this session chose, to lay over the file another game may have
/// written since it was read, so that neither game's choices are lost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chosen {
    zoom: Option<Zoom>,
    lists: BTreeMap<String, usize>,
}

impl Chosen {
    pub fn zoom(&mut self, zoom: Zoom) {
        self.zoom = Some(zoom);
    }

    pub fn list(&mut self, key: &str, number: usize) {
        self.lists.insert(key.to_owned(), number);
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            zoom: Zoom::Square,
            lists: BTreeMap::new(),
            foreign: Vec::new(),
        }
    }
}

const HEADER: &str = "# Schokoban settings\n";

impl Settings {
    pub fn parse(text: &str) -> Self {
        let mut settings = Settings::default();
        for line in text.lines().map(str::trim) {
            match line.split_whitespace().collect::<Vec<_>>()[..] {
                [] => {}
                [comment, ..] if comment.starts_with('#') => {}
                ["zoom", "on"] => settings.zoom = Zoom::Square,
                ["zoom", "off"] => settings.zoom = Zoom::Off,
                ["zoom", "fill"] => settings.zoom = Zoom::Fill,
                ["list", key, number] if number.parse::<usize>().is_ok_and(|n| n > 0) => {
                    let number = number.parse().unwrap_or(1);
                    settings.lists.insert(key.to_owned(), number);
                }
                _ => settings.foreign.push(line.to_owned()),
            }
        }
        settings
    }

    /// `self` (as on disk) with this session's choices over it.
    #[must_use]
    pub fn with(mut self, chosen: &Chosen) -> Self {
        if let Some(zoom) = chosen.zoom {
            self.zoom = zoom;
        }
        self.lists.extend(
            chosen
                .lists
                .iter()
                .map(|(key, number)| (key.clone(), *number)),
        );
        self
    }

    pub fn to_text(&self) -> String {
        let zoom = match self.zoom {
            Zoom::Off => "off",
            Zoom::Square => "on",
            Zoom::Fill => "fill",
        };
        let mut text = format!("{HEADER}zoom {zoom}\n");
        for (key, number) in &self.lists {
            // A key with spaces would not read back: kept for the session.
            if !key.contains(char::is_whitespace) {
                let _ = writeln!(text, "list {key} {number}");
            }
        }
        for line in &self.foreign {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_keep_lines_from_other_versions() {
        let settings = Settings::parse("# Schokoban settings\nzoom off\ntheme dark\n");
        assert_eq!(settings.zoom, Zoom::Off);
        assert_eq!(
            settings.to_text(),
            "# Schokoban settings\nzoom off\ntheme dark\n"
        );
        assert_eq!(Settings::parse(&settings.to_text()), settings);
    }

    #[test]
    fn the_level_each_list_was_on_reads_back() {
        let text = "# Schokoban settings\nzoom on\nlist added/x 3\nlist microban 12\n";
        let settings = Settings::parse(text);
        assert_eq!(settings.lists.get("microban"), Some(&12));
        assert_eq!(settings.to_text(), text);
        assert!(Settings::parse("list microban 0\n").lists.is_empty());
    }

    #[test]
    fn a_sessions_choices_lie_over_what_another_game_wrote() {
        let on_disk = Settings::parse("zoom on\nlist microban 4\nlist sasquatch 2\ntheme dark\n");
        let mut chosen = Chosen::default();
        chosen.zoom(Zoom::Off);
        chosen.list("microban", 9);
        let merged = on_disk.with(&chosen);
        assert_eq!(merged.zoom, Zoom::Off);
        assert_eq!(merged.lists.get("microban"), Some(&9));
        assert_eq!(
            merged.lists.get("sasquatch"),
            Some(&2),
            "the other game's choice stays"
        );
        assert!(merged.to_text().contains("theme dark\n"));
    }

    #[test]
    fn anything_unreadable_gives_the_defaults() {
        assert_eq!(Settings::parse(""), Settings::default());
        assert_eq!(
            Settings::parse("zoom maybe\n").zoom,
            Zoom::Square,
            "zoom is on by default"
        );
        assert_eq!(Settings::parse("zoom fill\n").zoom, Zoom::Fill);
    }
}
