//! Saving what the level editor built: as an XSB file at a path the player
//! types, never over a file already there, or into `My levels`.

use super::expand_path;
use crate::app::App;
use crate::app::message::{Message, Problem};
use crate::app::screen::News;
use crate::storage::write_new_file;
use schokoban_core::Level;

impl App {
    pub(super) fn save_level(&mut self, level: &Level, typed: Option<&str>) {
        let saved = match typed {
            Some(typed) => {
                let path = expand_path(typed);
                write_new_file(&path, level.to_xsb().as_bytes())
                    .map(|()| format!("Saved to {}", path.display()))
                    .map_err(|error| {
                        Message::warning(format!("Not saved: {}: {error}", path.display()))
                    })
            }
            None => self
                .library
                .add_my_level(level.clone())
                .map(|(collection, number)| {
                    format!("Saved as level {number} of {}", collection.name)
                })
                .map_err(|error| Message::trouble(Some("Not saved"), Problem::Library(error))),
        };
        match saved {
            Ok(text) => {
                self.pop();
                self.top_mut().tell(News::Saved(level.clone()));
                self.set_message(Message::info(text));
            }
            Err(message) => self.set_message(message),
        }
    }
}
