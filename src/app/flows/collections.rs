//! Collections the player adds: choosing one, adding a file of levels as
//! one, and removing one, each back in the collection chooser.

use std::rc::Rc;

use super::expand_path;
use crate::app::message::{Message, Problem, plural};
use crate::app::origin::{Mode, Origin};
use crate::app::screens::collection_menu::{CollectionMenu, Entry};
use crate::app::screens::continue_menu::ContinueMenu;
use crate::app::{App, Kind};
use crate::library::{AddedCollection, Collection, LibraryError};

impl App {
    pub(super) fn added_chosen(&mut self, mode: Mode, collection: AddedCollection) {
        if mode == Mode::FreePlay {
            self.added_free_play_list(collection);
            return;
        }
        let furthest = self
            .library
            .added_progress(&collection)
            .reached()
            .min(collection.level_count);
        let name = collection.name.clone();
        let start = Origin::Added {
            collection: Rc::new(collection),
            number: 1,
            mode,
        };
        if furthest <= 1 {
            self.open(&start);
        } else {
            self.push(ContinueMenu::at(
                name,
                start,
                furthest,
                self.theme,
                Rc::clone(&self.keys),
            ));
        }
    }

    /// Copies the file into the data folder as a collection; on success the
    /// chooser shows it, selected; on failure the prompt says why.
    pub(super) fn add_collection(&mut self, mode: Mode, typed: &str) {
        let path = expand_path(typed);
        match self.library.add_collection(&path, None) {
            Ok(added) => {
                self.pop();
                let left_out = match added.left_out {
                    0 => String::new(),
                    count => format!(
                        "; {} that cannot be played left out",
                        plural(count, "level")
                    ),
                };
                let text = format!(
                    "Added {}: {}{left_out}",
                    added.name,
                    plural(added.level_count, "level")
                );
                self.reopen_chooser(mode, Some(&added.id), Message::info(text));
            }
            Err(error) => {
                if let LibraryError::AlreadyAdded { id, .. } = &error {
                    // The chooser, with the one already there selected.
                    let id = id.clone();
                    self.pop();
                    self.reopen_chooser(mode, Some(&id), Message::info(error.to_string()));
                    return;
                }
                self.set_message(Message::trouble(None, Problem::Library(error)));
            }
        }
    }

    pub(super) fn remove_collection(&mut self, mode: Mode, id: &str) {
        let message = match self.library.remove_collection(id) {
            Ok(()) => Message::info("Removed the collection with its records"),
            Err(error) => Message::trouble(Some("Not removed"), Problem::Library(error)),
        };
        self.reopen_chooser(mode, None, message);
    }

    /// Replaces the chooser on top with a fresh one, so it lists what the
    /// data folder now holds.
    fn reopen_chooser(&mut self, mode: Mode, select: Option<&str>, message: Message) {
        self.pop();
        let mut menu = self.collection_menu(mode);
        if let Some(id) = select {
            menu.select_added(id);
        }
        self.push_layer(Box::new(menu), Kind::Chooser);
        self.set_message(message);
    }

    /// The chooser of collections: every built-in one, then the player's,
    /// with the progress in each.
    pub(super) fn collection_menu(&self, mode: Mode) -> CollectionMenu {
        let library = &self.library;
        let mut entries: Vec<Entry> = Collection::ALL
            .iter()
            .map(|&collection| Entry::Builtin {
                collection,
                levels: collection.level_count(),
                solved: library.progress(collection).solved_count(),
            })
            .collect();
        // A folder that cannot be listed shows no added collections; adding
        // one then says why.
        let added = library.added_collections().unwrap_or_default();
        entries.extend(added.into_iter().map(|collection| {
            let progress = library.added_progress(&collection);
            Entry::Added {
                solved: progress.solved_count(),
                reached: progress.reached().min(collection.level_count),
                collection,
            }
        }));
        CollectionMenu::new(mode, entries, self.theme, Rc::clone(&self.keys))
    }
}
