//! Arcade remembers how far the player got in each collection.

use std::rc::Rc;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::keymap::KeyMap;
use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_click, menu_commands, menu_key};
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page, page_content};
use crate::library::Collection;

#[derive(Debug)]
pub(crate) struct ContinueMenu {
    name: String,
    /// Level 1 of the collection, in Arcade.
    start: Origin,
    /// The furthest level reached, where `Continue` starts.
    furthest: usize,
    selected: usize,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl ContinueMenu {
    pub fn new(collection: Collection, furthest: usize, theme: Theme, keys: Rc<KeyMap>) -> Self {
        let start = Origin::Arcade {
            collection,
            number: 1,
        };
        Self::at(collection.name().to_owned(), start, furthest, theme, keys)
    }

    /// The question for any collection: `start` is its first level.
    pub fn at(
        name: String,
        start: Origin,
        furthest: usize,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        Self {
            name,
            start,
            furthest,
            selected: 0,
            message: None,
            theme,
            keys,
        }
    }

    fn choose(&mut self, chosen: Option<MenuKey>) -> Effect {
        match chosen {
            Some(MenuKey::Accept) if self.selected == 0 => {
                let delta = self.furthest.saturating_sub(1).cast_signed();
                Effect::Open(self.start.step(delta).unwrap_or_else(|| self.start.clone()))
            }
            Some(MenuKey::Accept) => Effect::Open(self.start.clone()),
            Some(MenuKey::Back) => Effect::Back,
            None => Effect::None,
        }
    }
}

impl ContinueMenu {
    fn items(&self) -> [String; 2] {
        [
            format!("Continue at level {}", self.furthest),
            "Start from level 1".to_owned(),
        ]
    }
}

/// Wide enough for `Continue at level NNN` and the marker.
const MENU_WIDTH: u16 = 26;

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for ContinueMenu {
    fn name(&self) -> &'static str {
        "continue"
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn choices(&self) -> Vec<String> {
        self.items().to_vec()
    }
}

impl Screen for ContinueMenu {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        let chosen = menu_key(&self.keys, key, &mut self.selected, 2);
        self.choose(chosen)
    }

    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        let Some(content) = page_content(area, self.theme, &self.commands(), LogoRule::WhenRoomy)
        else {
            return Effect::None;
        };
        let menu = centered_column(content, MENU_WIDTH);
        let chosen = menu_click(mouse, menu, &mut self.selected, 2);
        self.choose(chosen)
    }

    fn commands(&self) -> Vec<Command> {
        menu_commands(&self.keys, "play")
    }

    one_message!();

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let heading = format!("Arcade: {}", self.name);
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
        let items = self.items();
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(centered_column(content, MENU_WIDTH), buf);
    }
}
