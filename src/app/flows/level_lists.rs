//! The lists of levels to choose from: the levels of a file of several,
//! and free play's list of a built-in or added collection, each level a
//! row with its record, its save and whether it is solved.

use std::rc::Rc;

use crate::app::origin::{CustomFile, Origin};
use crate::app::screens::level_list::{LevelList, LevelRow, ListSource};
use crate::app::{App, Kind};
use crate::library::{AddedCollection, Collection, LevelRating};
use crate::storage::{Listing, Records};
use schokoban_core::{Level, parse_level};

impl App {
    /// Plays a file of one level; lists the levels of a file of several.
    pub(super) fn open_file(&mut self, file: CustomFile) {
        let file = Rc::new(file);
        if file.contents.len() == 1 {
            self.open(&Origin::Custom { file, number: 1 });
            return;
        }
        let listing = file
            .records
            .records
            .as_ref()
            .map(|r| Listing::read(r.folder()));
        // Named as the game names it once open: `multi.xsb #3`.
        let fallback = format!("{} #", file.name());
        let rows = file
            .contents
            .levels
            .iter()
            .enumerate()
            .map(|(index, board)| {
                let number = index + 1;
                match board {
                    Ok(level) => level_row(
                        level,
                        self.library.rating(level),
                        file.records(number).as_ref(),
                        listing.as_ref(),
                        false,
                        number,
                        &fallback,
                    ),
                    Err(bad) => LevelRow {
                        title: bad
                            .title
                            .clone()
                            .unwrap_or_else(|| format!("{fallback}{number}")),
                        record: None,
                        yours: None,
                        saved: false,
                        solved: false,
                        problem: Some(bad.error.to_string()),
                        level: None,
                        rating: None,
                    },
                }
            })
            .collect();
        let heading = match &file.contents.author {
            Some(author) if file.name.is_none() => {
                format!("{} by {author}: choose a level", file.name())
            }
            _ => format!("{}: choose a level", file.name()),
        };
        self.push(LevelList::new(
            heading,
            ListSource::File(file),
            rows,
            self.theme,
            Rc::clone(&self.keys),
        ));
    }

    /// Back from a level's end to the Free play list it is in, made anew
    /// so it shows the solve, on that level (as [`App::open`] remembered).
    pub(super) fn back_to_list(&mut self, origin: &Origin) {
        while self.screens.len() > 1 && self.top_layer().kind != Kind::Chooser {
            self.pop();
        }
        match origin {
            Origin::FreePlay { collection, .. } => self.free_play_list(*collection),
            Origin::Added { collection, .. } => self.added_free_play_list((**collection).clone()),
            _ => {}
        }
    }

    /// Free play's list: one folder listing, not a look per level.
    pub(super) fn free_play_list(&mut self, collection: Collection) {
        let progress = self.library.progress(collection);
        let records = self.library.collection_records(collection);
        let listing = records
            .as_ref()
            .and_then(|all| all.first())
            .map(|r| Listing::read(r.folder()));
        let rows = collection
            .files()
            .iter()
            .enumerate()
            .filter_map(|(index, (_, text))| {
                let number = index + 1;
                let level = parse_level(text).ok()?;
                let records = records.as_ref().and_then(|all| all.get(index));
                Some(level_row(
                    &level,
                    self.library.rating(&level),
                    records,
                    listing.as_ref(),
                    progress.is_solved(number),
                    number,
                    &format!("{} ", collection.name()),
                ))
            })
            .collect();
        let heading = format!("Free play: {}", collection.name());
        let list = LevelList::new(
            heading,
            ListSource::Collection(collection),
            rows,
            self.theme,
            Rc::clone(&self.keys),
        );
        let left_on = self.library.list_selection(collection.id());
        self.push(list.on_level(left_on));
    }

    /// Free play's list of an added collection: each level is read for
    /// its title, as the collection's files are the player's.
    pub(super) fn added_free_play_list(&mut self, collection: AddedCollection) {
        let progress = self.library.added_progress(&collection);
        let listing = Listing::read(&collection.folder);
        let rows = (1..=collection.level_count)
            .filter_map(|number| {
                let added = self.library.added_level(&collection, number).ok()?;
                Some(level_row(
                    &added.level,
                    self.library.rating(&added.level),
                    Some(&added.records),
                    Some(&listing),
                    progress.is_solved(number),
                    number,
                    &collection.name,
                ))
            })
            .collect();
        let heading = format!("Free play: {}", collection.name);
        let last = self.library.list_selection(&collection.list_key());
        let source = ListSource::Added(Rc::new(collection));
        self.push(
            LevelList::new(heading, source, rows, self.theme, Rc::clone(&self.keys)).on_level(last),
        );
    }
}

/// A line of a level list: `fallback` then the number name a level with
/// no title; `listing` is the records' folder, read once for the whole list.
fn level_row(
    level: &Level,
    rating: Option<LevelRating>,
    records: Option<&Records>,
    listing: Option<&Listing>,
    solved: bool,
    number: usize,
    fallback: &str,
) -> LevelRow {
    let (record, saved, yours) = match (records, listing) {
        (Some(records), Some(listing)) => {
            let (record, saved) = records.summary(listing);
            (record, saved, records.fewest_moves(listing))
        }
        _ => (None, false, None),
    };
    LevelRow {
        title: level
            .title()
            .map_or_else(|| format!("{fallback}{number}"), str::to_owned),
        record,
        yours,
        saved,
        solved,
        problem: None,
        level: Some(level.clone()),
        rating,
    }
}
