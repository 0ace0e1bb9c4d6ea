//! Opening levels: resolving where one is, the saved-game question, and
//! starting play.

use std::path::Path;
use std::rc::Rc;

use super::ending::read_board;
use crate::app::App;
use crate::app::message::{Message, Problem};
use crate::app::origin::{Mode, Opened, Origin};
use crate::app::screen::Ended;
use crate::app::screens::play::Play;
use crate::app::screens::save_prompt::{Offered, SavePrompt};
use crate::app::widgets::rating::bar_and_score;
use crate::library::{LevelRating, LibraryError, Placement, SolvedMark};
use crate::storage::{LoadError, LoadErrorKind, RecordError, Records, take_other_save};
use schokoban_core::{Game, Level, LogEntry, LogError};
use schokoban_generate::{Entry, Rated};

impl App {
    /// An endless level, kept in the data folder for its records: the one
    /// kept there for its seed, if any, else the one just made.
    fn resolve_endless(&self, made: &Rc<Entry>) -> (Opened, Option<Message>) {
        let (played, records, note) = match self.library.keep_endless(made) {
            Ok((kept, records)) => (Rc::new(kept), Some(records), None),
            // The start notice has told that records are off.
            Err(LibraryError::DataFolderOff) => (Rc::clone(made), None, None),
            Err(error) => (
                Rc::clone(made),
                None,
                Some(Message::trouble(
                    Some("This level's records are off"),
                    Problem::Library(error),
                )),
            ),
        };
        let opened = Opened {
            level: played.level.clone(),
            title: (played.level.title()).map_or_else(|| played.request.title(), str::to_owned),
            origin: Origin::Endless { made: played },
            records,
            solved_mark: None,
        };
        (opened, note)
    }

    pub(super) fn resolve(&self, origin: &Origin) -> Result<(Opened, Option<Message>), Problem> {
        match origin {
            Origin::Arcade { collection, number } | Origin::FreePlay { collection, number } => {
                let playable = self
                    .library
                    .level(*collection, *number)
                    .map_err(Problem::Library)?;
                let title = playable
                    .level
                    .title()
                    .map_or_else(|| format!("Level {number}"), str::to_owned);
                let arcade = matches!(origin, Origin::Arcade { .. });
                let opened = Opened {
                    origin: origin.clone(),
                    level: playable.level,
                    title,
                    records: playable.records,
                    solved_mark: self.library.solved_mark(*collection, *number, arcade),
                };
                Ok((opened, None))
            }
            Origin::Added {
                collection,
                number,
                mode,
            } => {
                let added = self
                    .library
                    .added_level(collection, *number)
                    .map_err(Problem::Library)?;
                let title = added
                    .level
                    .title()
                    .map_or_else(|| format!("{} {number}", collection.name), str::to_owned);
                let opened = Opened {
                    origin: origin.clone(),
                    level: added.level,
                    title,
                    records: Some(added.records),
                    solved_mark: Some(SolvedMark::added(
                        collection,
                        *number,
                        *mode == Mode::Arcade,
                    )),
                };
                Ok((opened, None))
            }
            Origin::Endless { made } => Ok(self.resolve_endless(made)),
            Origin::TestPlay { level } => {
                let opened = Opened {
                    origin: origin.clone(),
                    level: Level::clone(level),
                    title: "Test play".to_owned(),
                    records: None,
                    solved_mark: None,
                };
                Ok((opened, None))
            }
            Origin::Custom { file, number } => {
                let level = match file.contents.get(*number) {
                    Some(Ok(level)) => level.clone(),
                    Some(Err(bad)) => {
                        return Err(Problem::Map(LoadError {
                            path: file.path.clone(),
                            kind: LoadErrorKind::Parse(bad.error.clone()),
                        }));
                    }
                    None => {
                        return Err(Problem::NoSuchLevel {
                            path: file.path.clone(),
                            number: *number,
                        });
                    }
                };
                let title = match level.title() {
                    Some(title) => title.to_owned(),
                    None if file.contents.len() > 1 => format!("{} #{number}", file.name()),
                    None => file.name(),
                };
                let opened = Opened {
                    origin: origin.clone(),
                    level,
                    title,
                    records: file.records(*number),
                    solved_mark: None,
                };
                Ok((opened, placement_note(&file.records.placement)))
            }
        }
    }

    pub(super) fn open(&mut self, origin: &Origin) {
        let (opened, note) = match self.resolve(origin) {
            Ok(resolved) => resolved,
            Err(problem) => {
                self.set_message(Message::trouble(None, problem));
                return;
            }
        };
        let opened = Rc::new(opened);
        // What was opened: an endless level kept for its seed stands in
        // for the one just made.
        let origin = &opened.origin.clone();
        // Told once the level's own screen is up, so they are not lost with
        // the screen being left; the warning last, as it matters most.
        let mut messages: Vec<Message> = note.into_iter().collect();
        if let Origin::Arcade { collection, number } = *origin
            && let Err(error) = self.library.mark_reached(collection, number)
        {
            messages.push(progress_not_saved(error));
        }
        // Rated as it was made: kept, so any list holding it shows it, and
        // told, as a level just made was never seen in a list.
        if let Origin::Endless { made } = origin {
            let rating = LevelRating::from(Rated::Measured(made.rating));
            let mark = bar_and_score(rating, self.theme, 0);
            messages.insert(0, Message::info(format!("Rating {mark}")));
            if let Err(error) = self.library.keep_rating(&made.level, rating) {
                messages.push(Message::trouble(
                    Some("Rating not kept"),
                    Problem::Library(error),
                ));
            }
        }
        // Its list opens on it next time, in this session and the next.
        if let Some((list, number)) = origin.list_place()
            && let Err(error) = self.library.remember_list_selection(&list, number)
        {
            messages.push(progress_not_saved(error));
        }
        if let Origin::Added {
            collection,
            number,
            mode: Mode::Arcade,
        } = origin
            && let Err(error) = self.library.mark_added_reached(collection, *number)
        {
            messages.push(progress_not_saved(error));
        }
        // A test play goes over the editor, which stays.
        if !matches!(origin, Origin::TestPlay { .. }) {
            self.pop_level_screens();
        }
        if let Some(Err(error)) = opened.records.as_ref().map(Records::promote_other_save) {
            let context = Some("Could not offer another game's save");
            messages.push(Message::trouble(context, Problem::Record(error)));
        }
        // The save is read once, here; the question holds what was read.
        let save = opened.records.as_ref().map(Records::read_save);
        if let Some(Ok(Some(log))) = &save
            && let Some(game) = solved_by(&opened.level, log)
        {
            // Kept when the terminal closed on the solved board.
            let (helped_pushes, problem) = helped_in(opened.records.as_ref(), log);
            messages.extend(problem);
            let ended = Ended {
                opened,
                game,
                watched: false,
                helped_pushes,
            };
            self.push_finish(&ended, true);
        } else {
            self.offer_save_or_play(opened, save);
        }
        for message in messages {
            self.set_message(message);
        }
    }

    /// Asks about the save read, if any, else starts playing. A save whose
    /// moves do not replay on the level is damaged too, and saves other
    /// games on this map left are offered beside it.
    fn offer_save_or_play(
        &mut self,
        opened: Rc<Opened>,
        save: Option<Result<Option<Vec<LogEntry>>, RecordError>>,
    ) {
        // A count that cannot be read is told when the game is taken up.
        let records = opened.records.as_ref();
        let offered = |game: Game| Offered {
            helped: helped_in(records, game.log()).0,
            game,
        };
        let save = match save {
            Some(Ok(Some(log))) => {
                (replay(&opened.level, &log).map(offered)).map_err(|error| Problem::Replay {
                    save: records.map(|r| r.save_path().to_owned()),
                    error,
                })
            }
            Some(Err(error)) => Err(Problem::Record(error)),
            Some(Ok(None)) | None => {
                let game = Game::new(opened.level.clone());
                return self.start_play(opened, game, None, false);
            }
        };
        let others = (records.map(Records::other_saves))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(path, log)| Some((path, offered(replay(&opened.level, &log).ok()?))))
            .collect();
        self.push_level(SavePrompt::new(
            opened,
            save,
            others,
            self.theme,
            Rc::clone(&self.keys),
        ));
    }

    /// Deletes the save asked about and starts the level afresh.
    pub(super) fn delete_save(&mut self, opened: Rc<Opened>) {
        let message = match opened.records.as_ref().map(Records::delete_save) {
            Some(Err(error)) => Some(Message::trouble(
                Some("Could not delete the save"),
                Problem::Record(error),
            )),
            _ => None,
        };
        self.pop();
        let game = Game::new(opened.level.clone());
        self.start_play(opened, game, message, false);
    }

    /// Takes another game's save from beside the map and plays on from it;
    /// the save of this map, if any, then moves aside in turn on leaving.
    pub(super) fn take_other_save(&mut self, opened: Rc<Opened>, path: &Path, game: Game) {
        if let Err(error) = take_other_save(path) {
            let context = Some("Could not take the other save");
            return self.set_message(Message::trouble(context, Problem::Record(error)));
        }
        self.pop();
        let message = Some(Message::info("The other game loaded"));
        self.start_play(opened, game, message, true);
    }

    /// Pushes the Play screen, with the record from the leaderboard.
    /// `resumed` when the game was loaded from the level's save.
    pub(super) fn start_play(
        &mut self,
        opened: Rc<Opened>,
        game: Game,
        message: Option<Message>,
        resumed: bool,
    ) {
        let (board, problem) = read_board(opened.records.as_ref());
        // A damaged leaderboard matters more than news such as "loaded".
        let message = problem.or(message);
        let record = board.best();
        let zoom = self.library.settings().zoom;
        // A test play has nothing to keep: the game it was made from, if
        // any, stays kept.
        let test_play = matches!(opened.origin, Origin::TestPlay { .. });
        let (bests, solutions) = super::kept::known_solutions(&opened);
        let (helped, helped_problem) = if resumed {
            helped_in(opened.records.as_ref(), game.log())
        } else {
            (0, None)
        };
        let message = helped_problem.or(message);
        self.level_started = Some(self.now());
        let keys = Rc::clone(&self.keys);
        let play = Play::new(opened, game, record, message, resumed, self.theme, keys)
            .helped_before(helped)
            .zoomed(zoom)
            .with_bests(bests)
            .knowing(solutions);
        self.push_level(if test_play {
            play
        } else {
            play.keeping(self.keep.clone())
        });
    }
}

/// The pushes played for the player in the saved game `log`, and what
/// went wrong reading that: then none are counted, and the player told.
fn helped_in(records: Option<&Records>, log: &[LogEntry]) -> (usize, Option<Message>) {
    match records.map(|records| records.helped_pushes(log)) {
        Some(Ok(pushes)) => (pushes, None),
        Some(Err(error)) => {
            let context = Some("Could not read which pushes were played for you");
            (0, Some(Message::trouble(context, Problem::Record(error))))
        }
        None => (0, None),
    }
}

/// The game `log` plays on `level`, if it ends solved.
fn solved_by(level: &Level, log: &[LogEntry]) -> Option<Game> {
    replay(level, log).ok().filter(Game::is_solved)
}

/// The game `log` plays on `level`, or why it does not replay.
fn replay(level: &Level, log: &[LogEntry]) -> Result<Game, LogError> {
    let mut game = Game::new(level.clone());
    game.apply_log(log).map(|()| game)
}

/// A progress file that could not be written.
pub(super) fn progress_not_saved(error: LibraryError) -> Message {
    Message::trouble(Some("Progress not saved"), Problem::Library(error))
}

/// What to tell the player when a map's records are not beside it.
fn placement_note(placement: &Placement) -> Option<Message> {
    match placement {
        Placement::Beside => None,
        Placement::Fallback {
            folder,
            error,
            fallback,
        } => Some(Message::info(format!(
            "{} cannot be written ({error}), so this map's records and saves are kept in {}",
            folder.display(),
            fallback.display()
        ))),
        Placement::Off {
            folder,
            error,
            fallback: None,
        } => Some(Message::info(format!(
            "Records and saves are off: {} cannot be written ({error})",
            folder.display()
        ))),
        Placement::Off {
            folder,
            error,
            fallback: Some((fallback, fallback_error)),
        } => Some(Message::info(format!(
            "Records and saves are off: {} cannot be written ({error}), nor can {} ({fallback_error})",
            folder.display(),
            fallback.display()
        ))),
    }
}
