//! A solve recorded without the library at hand: when the terminal goes
//! away on a solved board, the thread that leaves marks the level solved
//! (and, in Arcade, the next one reached) straight in the progress file,
//! as another running game would.

use std::path::PathBuf;

use super::added::update_progress;
use super::progress;
use super::{AddedCollection, Collection, Library, LibraryError, Notice, PROGRESS_LOCK};
use crate::storage::{lock_file, write_atomic};

/// Which level to mark solved, and where its progress is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolvedMark {
    Builtin {
        progress_file: PathBuf,
        collection: Collection,
        number: usize,
        /// Arcade with a level after this one: it is reached too.
        reach_next: bool,
    },
    Added {
        collection: AddedCollection,
        number: usize,
        reach_next: bool,
    },
}

impl Library {
    /// How to mark level `number` of `collection` solved later; `None`
    /// when progress is not saved.
    pub fn solved_mark(
        &self,
        collection: Collection,
        number: usize,
        arcade: bool,
    ) -> Option<SolvedMark> {
        Some(SolvedMark::Builtin {
            progress_file: self.progress_file.clone()?,
            collection,
            number,
            reach_next: arcade && number < collection.level_count(),
        })
    }
}

impl SolvedMark {
    /// [`SolvedMark`] for a level of a collection the player added.
    pub fn added(collection: &AddedCollection, number: usize, arcade: bool) -> Self {
        SolvedMark::Added {
            collection: collection.clone(),
            number,
            reach_next: arcade && number < collection.level_count,
        }
    }

    /// Marks the level solved in its progress file, taking in what is there.
    pub fn record(&self) -> Result<(), LibraryError> {
        match self {
            SolvedMark::Builtin {
                progress_file,
                collection,
                number,
                reach_next,
            } => {
                let lock_path = progress_file.with_file_name(PROGRESS_LOCK);
                let _lock = lock_file(&lock_path, true).map_err(|error| LibraryError::Io {
                    path: lock_path,
                    error,
                })?;
                let (mut book, notice) = progress::load(progress_file, true);
                // A file that could not be moved aside is left alone.
                if matches!(notice, Some(Notice::ProgressNotSaved { .. })) {
                    return Ok(());
                }
                let solved = book.mark_solved(*collection, *number);
                let reached = *reach_next && book.mark_reached(*collection, number + 1);
                if !(solved || reached) {
                    return Ok(());
                }
                write_atomic(progress_file, book.to_text().as_bytes()).map_err(|error| {
                    LibraryError::Io {
                        path: progress_file.clone(),
                        error,
                    }
                })
            }
            SolvedMark::Added {
                collection,
                number,
                reach_next,
            } => update_progress(collection, |progress| {
                let solved = progress.mark_solved(*number);
                let reached = *reach_next && progress.mark_reached(number + 1);
                solved || reached
            }),
        }
    }
}
