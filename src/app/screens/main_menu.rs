//! The first screen: the logo and the modes.

use std::rc::Rc;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use super::about::About;
use super::editor::Editor;
use super::endless_menu::EndlessMenu;
use super::path_prompt::PathPrompt;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::origin::Mode;
use crate::app::screen::{Command, Effect, News, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_click, menu_key};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{LogoRule, PageAreas, centered_column, page, page_areas};
use crate::text::width;
use schokoban_core::Direction;

/// What choosing a line of the menu does, with the look and the keys the
/// screen it opens takes.
type Choice = fn(Theme, Rc<KeyMap>) -> Effect;

/// The menu's lines, and what each opens.
const ITEMS: [(&str, Choice); 8] = [
    ("Arcade", |_, _| Effect::ChooseCollection(Mode::Arcade)),
    ("Free play", |_, _| Effect::ChooseCollection(Mode::FreePlay)),
    ("Custom map", |theme, keys| {
        Effect::Push(Box::new(PathPrompt::new(theme, keys)))
    }),
    ("Level editor", |theme, keys| {
        Effect::Push(Box::new(Editor::new(theme, keys)))
    }),
    ("Endless", |theme, keys| {
        Effect::PushChooser(Box::new(EndlessMenu::new(theme, keys)))
    }),
    ("Statistics", |_, _| Effect::ShowStatistics(None)),
    ("About", |theme, keys| {
        Effect::Push(Box::new(About::new(theme, keys)))
    }),
    ("Quit", |_, _| Effect::Quit),
];

#[derive(Debug)]
pub(crate) struct MainMenu {
    selected: usize,
    /// Something the player should know, such as records being off.
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
    /// The terminal's width, as last told: the footer names every key only
    /// where that fits on one line, which leaves the menu its rows.
    columns: u16,
    /// Esc or Backspace asked whether to quit: again, or Enter, quits.
    asking: bool,
}

impl MainMenu {
    pub fn new(theme: Theme, keys: Rc<KeyMap>, message: Option<Message>) -> Self {
        Self {
            selected: 0,
            message,
            theme,
            keys,
            columns: 80,
            asking: false,
        }
    }
}

impl MainMenu {
    fn choose(&mut self, chosen: Option<MenuKey>) -> Effect {
        match chosen {
            Some(MenuKey::Accept) => (ITEMS[self.selected].1)(self.theme, Rc::clone(&self.keys)),
            // Esc and Backspace ask first, above; Back comes no other way.
            Some(MenuKey::Back) | None => Effect::None,
        }
    }
}

/// The menu's keys: with `every` key (`↑↓ or W/S`), or the first of each.
fn menu_keys(keys: &KeyMap, every: bool) -> Vec<Command> {
    let up = Action::Move(Direction::Up);
    let down = Action::Move(Direction::Down);
    let accept = if every {
        keys.key_names(Scope::Menus, Action::Accept)
    } else {
        keys.key_name(Scope::Menus, Action::Accept)
    };
    vec![
        Command::new(keys.pair(Scope::Menus, up, down, every), "choose"),
        Command::new(accept, "accept"),
        Command::new(keys.key_name(Scope::MainMenu, Action::AskQuit), "quit"),
    ]
}

/// The page's content and the notice row below it: the menu says its
/// messages under its lines, so it may use that row for a line too.
fn menu_rows(areas: &PageAreas) -> Rect {
    let content = areas.content;
    let bottom = areas.notice.bottom().max(content.bottom());
    Rect::new(content.x, content.y, content.width, bottom - content.y)
}

/// Wide enough for the longest item and the marker.
const MENU_WIDTH: u16 = 16;

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for MainMenu {
    fn name(&self) -> &'static str {
        "main menu"
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn choices(&self) -> Vec<String> {
        ITEMS.iter().map(|(item, _)| (*item).to_owned()).collect()
    }
}

impl Screen for MainMenu {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // Esc and Backspace mean "back" everywhere, so one too many must
        // not end the session: they ask, and again (or Enter) quits; any
        // other key stays, and does what it does.
        let asked = std::mem::take(&mut self.asking);
        if asked {
            self.message = None;
        }
        match self.keys.action(&[Scope::MainMenu], key) {
            Some(Action::AskQuit) if asked => return Effect::Quit,
            Some(Action::AskQuit) => {
                self.asking = true;
                let again = self.keys.key_name(Scope::MainMenu, Action::AskQuit);
                let accept = self.keys.key_name(Scope::Menus, Action::Accept);
                self.message = Some(Message::warning(format!(
                    "{again} or {accept} quits; other keys stay"
                )));
                return Effect::None;
            }
            _ => {}
        }
        if asked && self.keys.action(&[Scope::Menus], key) == Some(Action::Accept) {
            return Effect::Quit;
        }
        let chosen = menu_key(&self.keys, key, &mut self.selected, ITEMS.len());
        self.choose(chosen)
    }

    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        let Some(areas) = page_areas(
            area,
            self.theme,
            &footer(&self.commands()),
            LogoRule::Always,
        ) else {
            return Effect::None;
        };
        let menu = centered_column(menu_rows(&areas), MENU_WIDTH);
        let chosen = menu_click(mouse, menu, &mut self.selected, ITEMS.len());
        self.choose(chosen)
    }

    /// Pasted levels open at once.
    fn handle_paste(&mut self, text: &str) -> Effect {
        Effect::OpenPasted(text.to_owned())
    }

    fn commands(&self) -> Vec<Command> {
        let every = menu_keys(&self.keys, true);
        if width(&footer(&every)) <= usize::from(self.columns) {
            every
        } else {
            menu_keys(&self.keys, false)
        }
    }

    fn tell(&mut self, news: News) {
        if let News::Resized(area) = news {
            self.columns = area.width;
        }
    }

    one_message!();

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            "Sokoban for the terminal",
            &footer(&self.commands()),
            LogoRule::Always,
        ) else {
            return;
        };
        let content = menu_rows(&areas);
        let items: Vec<String> = ITEMS.iter().map(|(item, _)| (*item).to_owned()).collect();
        let column = centered_column(content, MENU_WIDTH);
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(column, buf);
        if let Some(message) = &self.message {
            let items = ITEMS.len() as u16;
            if content.height <= items && !areas.logo.is_empty() {
                // No row under the menu (40x12): the message stands in for
                // the logo while it is up.
                let rows = Rect::new(area.x, areas.logo.y, area.width, areas.logo.height);
                Clear.render(rows, buf);
                MessageLines::single(message, self.theme, true).render(rows, buf);
                return;
            }
            // Notices name paths and can be long: wrap them under the menu,
            // down to the notice row above the footer; M shows the rest.
            let gap = u16::from(content.height > items + 1);
            let bottom = areas.notice.bottom().max(content.bottom());
            let y = (content.y + items + gap).min(bottom);
            let area = Rect::new(
                content.x + 2,
                y,
                content.width.saturating_sub(4),
                bottom - y,
            );
            MessageLines::single(message, self.theme, true).render(area, buf);
        }
    }
}
