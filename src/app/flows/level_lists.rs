//! The lists of levels to choose from: the levels of a file of several,
//! free play's list of a built-in or added collection, and the Endless
//! levels the player made, each level a row with its record, its save,
//! whether it is solved and its rating.

use std::rc::Rc;

use crate::app::message::{Message, Problem};
use crate::app::origin::{CustomFile, Origin};
use crate::app::screens::level_list::{LevelList, LevelRow, ListSource};
use crate::app::{App, Kind};
use crate::library::{
    AddedCollection, Collection, KeptEndless, LevelRating, LibraryError, endless_file_name,
};
use crate::printable::printable;
use crate::storage::{Listing, Records};
use schokoban_core::{Level, parse_level};
use schokoban_generate::{Day, Entry, Rated};

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
                    Err(bad) => bad_row(
                        bad.title
                            .clone()
                            .unwrap_or_else(|| format!("{fallback}{number}")),
                        bad.error.to_string(),
                    ),
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
            Origin::Endless { made } => self.endless_list(Some(&endless_file_name(made))),
            _ => {}
        }
    }

    /// The Endless levels kept in the data folder, newest first, on the
    /// one kept as `on` if given: each rated as the generator measured it.
    pub(super) fn endless_list(&mut self, on: Option<&str>) {
        let kept = match self.library.endless_levels() {
            Ok(kept) => kept,
            Err(LibraryError::DataFolderOff) => {
                let off = "No levels made are kept: records are off";
                return self.set_message(Message::info(off));
            }
            Err(error) => {
                let context = Some("The levels made cannot be listed");
                return self.set_message(Message::trouble(context, Problem::Library(error)));
            }
        };
        // One folder holds them all: one listing for their records.
        let listing = kept
            .first()
            .map(|file| Listing::read(file.records.folder()));
        let (rows, entries): (Vec<_>, Vec<_>) = kept
            .iter()
            .map(|file| endless_row(file, listing.as_ref()))
            .unzip();
        let on = on.and_then(|name| kept.iter().position(|file| file.name == name));
        let list = LevelList::new(
            "Endless: your levels".to_owned(),
            ListSource::Endless(entries),
            rows,
            self.theme,
            Rc::clone(&self.keys),
        );
        self.push(
            list.when_empty("No levels made yet: each one you make is kept here")
                .on_level(on.map(|index| index + 1)),
        );
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

/// A made level's row, `Large expert 48213` or `Daily 2026-12-24`, solved
/// once the player kept a solution of it; or its file's, with why it
/// cannot be played.
fn endless_row(file: &KeptEndless, listing: Option<&Listing>) -> (LevelRow, Option<Rc<Entry>>) {
    let entry = match &file.entry {
        Ok(entry) => entry,
        Err(error) => {
            let title = printable(&file.name).into_owned();
            let problem = printable(&error.to_string()).into_owned();
            return (bad_row(title, problem), None);
        }
    };
    let title = entry.day.map_or_else(
        || {
            let size = entry.request.size.name();
            let (first, rest) = size.split_at(1);
            let (difficulty, seed) = (entry.request.difficulty.name(), entry.request.seed);
            format!("{}{rest} {difficulty} {seed}", first.to_uppercase())
        },
        Day::title,
    );
    let rating = LevelRating::from(Rated::Measured(entry.rating));
    let row = level_row(
        &entry.level,
        Some(rating),
        Some(&file.records),
        listing,
        false,
        0,
        "",
    );
    let row = LevelRow {
        title,
        solved: row.yours.is_some(),
        ..row
    };
    (row, Some(Rc::new(entry.clone())))
}

/// The row of a level that cannot be played, greyed, saying why.
fn bad_row(title: String, problem: String) -> LevelRow {
    LevelRow {
        title,
        record: None,
        yours: None,
        saved: false,
        solved: false,
        problem: Some(problem),
        level: None,
        rating: None,
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
