//! A level with a saved game asks whether to load or delete it; saves
//! another game on the same map left are offered beside it.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::keymap::KeyMap;
use crate::app::message::{Message, Problem, plural};
use crate::app::origin::Opened;
use crate::app::screen::{Command, Effect, Screen, footer};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_click, menu_commands, menu_key};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page, page_content};
use crate::text::width;
use schokoban_core::Game;

/// A game offered to load, with the pushes played for the player in it:
/// such a game, finished, is not scored, and the player should know
/// before choosing it.
#[derive(Debug)]
pub(crate) struct Offered {
    pub game: Game,
    pub helped: usize,
}

#[derive(Debug)]
pub(crate) struct SavePrompt {
    opened: Rc<Opened>,
    /// The saved game, replayed once as the level was opened, or why it
    /// cannot be loaded: then only Delete is offered. Holding the game
    /// rather than its moves leaves Load nothing that could fail.
    save: Result<Offered, Problem>,
    /// What is wrong with a damaged save, told with the offer.
    damage: Vec<Message>,
    /// Saves other games on this map left (see `Records::other_saves`),
    /// each with its game, listed after the save. One stays offered until
    /// it is taken into play: taking it may fail.
    others: Vec<(PathBuf, Offered)>,
    selected: usize,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl SavePrompt {
    /// `save` holds the game the save replays to on the level, or why
    /// there is none to load: the player is told the reason before being
    /// offered anything. `others` are other games' saves, each with its
    /// game.
    pub fn new(
        opened: Rc<Opened>,
        save: Result<Offered, Problem>,
        others: Vec<(PathBuf, Offered)>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let damage = match &save {
            Ok(_) => Vec::new(),
            Err(reason) => vec![
                Message::warning("The saved game is damaged and cannot be loaded:"),
                Message::warning(reason.to_string()),
            ],
        };
        Self {
            opened,
            save,
            damage,
            others,
            selected: 0,
            message: None,
            theme,
            keys,
        }
    }

    fn choose(&self, chosen: Option<MenuKey>) -> Effect {
        match (chosen, self.highlighted()) {
            (Some(MenuKey::Accept), Row::Save(save)) => self.load(&save.game),
            (Some(MenuKey::Accept), Row::Other(path, other)) => self.load_other(path, &other.game),
            (Some(MenuKey::Accept), Row::Delete) => Effect::DeleteSave(Rc::clone(&self.opened)),
            (Some(MenuKey::Back), _) => Effect::Back,
            (None, _) => Effect::None,
        }
    }

    /// What the highlighted row offers: the save's row comes first when
    /// it loads, then the other games', then Delete.
    fn highlighted(&self) -> Row<'_> {
        let first_other = usize::from(self.save.is_ok());
        match (self.selected.checked_sub(first_other), &self.save) {
            (None, Ok(save)) => Row::Save(save),
            (Some(i), _) => self
                .others
                .get(i)
                .map_or(Row::Delete, |(path, other)| Row::Other(path, other)),
            (None, Err(_)) => Row::Delete,
        }
    }

    /// Why the save cannot be loaded, wrapped: it names a path.
    fn reason(&self) -> Option<MessageLines<'_>> {
        (!self.damage.is_empty()).then(|| MessageLines {
            messages: &self.damage,
            theme: self.theme,
            info_style: self.theme.error(),
            centered: true,
            more_key: "M",
        })
    }

    /// The menu under the reason, if any, and a blank row.
    fn menu_area(&self, content: Rect) -> Rect {
        let reason_rows = self.reason().map_or(0, |reason| {
            reason.height(content.width).min(MAX_REASON_ROWS) + 1
        });
        let top = (content.y + reason_rows).min(content.bottom());
        centered_column(
            Rect::new(content.x, top, content.width, content.bottom() - top),
            MENU_WIDTH.max(
                self.items()
                    .iter()
                    .map(|item| width(item))
                    .max()
                    .unwrap_or(0) as u16
                    + 2,
            ),
        )
    }

    fn items(&self) -> Vec<String> {
        let others = self.others.iter().map(|(_, Offered { game, .. })| {
            format!(
                "Load the other game ({})",
                progress(game.score(), game.pushes())
            )
        });
        if self.save.is_err() {
            others.chain(["Delete it and play".to_owned()]).collect()
        } else {
            let load = self.save.as_ref().map_or_else(
                |_| "Load".to_owned(),
                |Offered { game, .. }| format!("Load ({})", progress(game.score(), game.pushes())),
            );
            std::iter::once(load)
                .chain(others)
                .chain(["Delete".to_owned()])
                .collect()
        }
    }

    /// Under the menu: that the highlighted game had pushes played for
    /// the player.
    fn helped_note(&self) -> Option<String> {
        let pushes = match self.highlighted() {
            Row::Save(offered) | Row::Other(_, offered) => offered.helped,
            Row::Delete => 0,
        };
        (pushes > 0).then(|| {
            format!(
                "{} played for you in this game: not for the leaderboard",
                plural(pushes, "push")
            )
        })
    }

    /// Plays on from another game's save, taken from beside the map: the
    /// save of this map, if any, then moves aside in turn on leaving. The
    /// game stays on offer here: this screen goes only once it is taken.
    fn load_other(&self, path: &Path, game: &Game) -> Effect {
        Effect::TakeOtherSave {
            opened: Rc::clone(&self.opened),
            path: path.to_path_buf(),
            game: game.clone(),
        }
    }

    /// Plays on from the save.
    fn load(&self, game: &Game) -> Effect {
        Effect::Play {
            opened: Rc::clone(&self.opened),
            // A save of a finished game keeps the solved notice instead.
            message: (!game.is_solved()).then(|| Message::info("Saved game loaded")),
            game: game.clone(),
            resumed: true,
        }
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for SavePrompt {
    fn name(&self) -> &'static str {
        "save prompt"
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn problem(&self) -> Option<&Problem> {
        self.save.as_ref().err()
    }

    fn choices(&self) -> Vec<String> {
        self.items()
    }
}

impl Screen for SavePrompt {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        let len = self.items().len();
        let chosen = menu_key(&self.keys, key, &mut self.selected, len);
        self.choose(chosen)
    }

    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        let Some(content) = page_content(area, self.theme, &self.commands(), LogoRule::WhenRoomy)
        else {
            return Effect::None;
        };
        let len = self.items().len();
        let chosen = menu_click(mouse, self.menu_area(content), &mut self.selected, len);
        self.choose(chosen)
    }

    fn commands(&self) -> Vec<Command> {
        menu_commands(&self.keys, "accept")
    }

    fn show(&mut self, message: Message) {
        self.message = Some(message);
    }

    /// The latest message, else what is wrong with the save, for `M`.
    fn messages(&self) -> &[Message] {
        if self.message.is_some() {
            self.message.as_slice()
        } else {
            &self.damage
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        // The shorter wording where the longer would cut the title.
        let title = &self.opened.title;
        let long = format!("A saved game exists for {title}");
        let heading = if width(&long) <= usize::from(area.width) {
            long
        } else {
            format!("Saved game: {title}")
        };
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            &heading,
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        let content = areas.content;
        notice_line(&areas, buf, self.theme, self.message.as_ref());
        if let Some(reason) = self.reason() {
            let rows = reason.height(content.width).min(MAX_REASON_ROWS);
            reason.render(Rect::new(content.x, content.y, content.width, rows), buf);
        }
        let items = self.items();
        let menu = self.menu_area(content);
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(menu, buf);
        if let Some(note) = self.helped_note() {
            let top = (menu.y + items.len() as u16 + 1).min(content.bottom());
            Paragraph::new(note)
                .style(self.theme.dim())
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .render(
                    Rect::new(content.x, top, content.width, content.bottom() - top),
                    buf,
                );
        }
    }
}

/// A row of the menu.
enum Row<'a> {
    Save(&'a Offered),
    Other(&'a Path, &'a Offered),
    Delete,
}

/// How far a saved game got: `40 moves, 12 pushes`.
fn progress(moves: usize, pushes: usize) -> String {
    format!("{}, {}", plural(moves, "move"), plural(pushes, "push"))
}

/// Wide enough for `Delete it and play` and the marker.
const MENU_WIDTH: u16 = 22;
/// The reason takes at most this many rows; `M` shows it whole.
const MAX_REASON_ROWS: u16 = 4;
