//! Arcade and Free play start by choosing a collection.

use std::fmt::Write as _;
use std::rc::Rc;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::path_prompt::PathPrompt;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::origin::Mode;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{
    MenuKey, MenuList, menu_click, menu_commands, menu_key, menu_rows,
};
use crate::app::widgets::page::{
    LogoRule, centered_column, notice_extra_rows, notice_lines, page, page_content,
};
use crate::library::{AddedCollection, Collection};
use crate::text::width;

/// One line of the menu: a collection, its size and the player's progress,
/// or the line that adds one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Builtin {
        collection: Collection,
        levels: usize,
        solved: usize,
    },
    Added {
        collection: AddedCollection,
        solved: usize,
        /// The furthest level reached in Arcade.
        reached: usize,
    },
    AddNew,
}

const ADD_NEW: &str = "Add a collection";

#[derive(Debug)]
pub(crate) struct CollectionMenu {
    mode: Mode,
    entries: Vec<Entry>,
    selected: usize,
    /// The added collection whose removal waits for a yes.
    removing: Option<AddedCollection>,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl CollectionMenu {
    /// The collections listed, as the library has them, then the line to
    /// add one.
    pub fn new(mode: Mode, mut entries: Vec<Entry>, theme: Theme, keys: Rc<KeyMap>) -> Self {
        entries.push(Entry::AddNew);
        Self {
            mode,
            entries,
            selected: 0,
            removing: None,
            message: None,
            theme,
            keys,
        }
    }

    /// Selects row `row`, where the menu was left, if it is still there.
    pub fn select_row(&mut self, row: usize) {
        if row < self.entries.len() {
            self.selected = row;
        }
    }

    /// Selects the added collection `id`, if listed.
    pub fn select_added(&mut self, id: &str) {
        if let Some(index) = self
            .entries
            .iter()
            .position(|e| matches!(e, Entry::Added { collection, .. } if collection.id == id))
        {
            self.selected = index;
        }
    }

    /// The menu's lines as wide as `columns` allows: in full, or with the
    /// counts as `solved/levels` where the full lines would be cut.
    fn lines(&self, columns: u16) -> Vec<String> {
        let full = self.lines_in(false);
        let widest = full.iter().map(|l| width(l)).max().unwrap_or(0);
        if widest + 2 <= usize::from(columns) {
            full
        } else {
            self.lines_in(true)
        }
    }

    fn lines_in(&self, compact: bool) -> Vec<String> {
        let name = |entry: &Entry| match entry {
            Entry::Builtin { collection, .. } => collection.name().to_owned(),
            Entry::Added { collection, .. } => collection.name.clone(),
            Entry::AddNew => ADD_NEW.to_owned(),
        };
        let width = self
            .entries
            .iter()
            .filter(|e| **e != Entry::AddNew)
            .map(|e| name(e).chars().count())
            .max()
            .unwrap_or(0);
        self.entries
            .iter()
            .map(|entry| {
                let (levels, solved) = match entry {
                    Entry::Builtin { levels, solved, .. } => (*levels, *solved),
                    Entry::Added {
                        collection, solved, ..
                    } => (collection.level_count, *solved),
                    Entry::AddNew => return self.theme.text(ADD_NEW).into_owned(),
                };
                let noun = if levels == 1 { "level" } else { "levels" };
                let mut line = if compact {
                    format!("{:<width$}  {solved:>3}/{levels:<3} solved", name(entry))
                } else {
                    format!(
                        "{:<width$}  {levels:>3} {noun:<6}  {solved:>3} solved",
                        name(entry)
                    )
                };
                if let Entry::Added { reached, .. } = entry
                    && *reached > 1
                {
                    let at = if compact { "at" } else { "Arcade at" };
                    let _ = write!(line, "  {at} {reached}");
                }
                line
            })
            .collect()
    }

    /// The widest line and the marker.
    fn menu_width(&self, columns: u16) -> u16 {
        let lines = self.lines(columns);
        lines.iter().map(|l| width(l)).max().unwrap_or(0) as u16 + 3
    }

    fn choose(&mut self, chosen: Option<MenuKey>) -> Effect {
        match chosen {
            Some(MenuKey::Accept) => self.accept(),
            Some(MenuKey::Back) => Effect::Back,
            None => Effect::None,
        }
    }

    fn accept(&self) -> Effect {
        match &self.entries[self.selected] {
            Entry::Builtin { collection, .. } => Effect::CollectionChosen {
                mode: self.mode,
                collection: *collection,
                row: self.selected,
            },
            Entry::Added { collection, .. } => Effect::AddedChosen {
                mode: self.mode,
                collection: collection.clone(),
                row: self.selected,
            },
            Entry::AddNew => Effect::Push(Box::new(PathPrompt::for_collection(
                self.mode,
                self.theme,
                Rc::clone(&self.keys),
            ))),
        }
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for CollectionMenu {
    fn name(&self) -> &'static str {
        "collections"
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }
}

impl Screen for CollectionMenu {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        if let Some(collection) = self.removing.take() {
            if self.keys.action(&[Scope::Confirm], key) == Some(Action::Yes) {
                return Effect::RemoveCollection {
                    mode: self.mode,
                    id: collection.id,
                };
            }
            self.message = Some(Message::info("Kept"));
            return Effect::None;
        }
        if self.keys.action(&[Scope::Collections], key) == Some(Action::Remove) {
            if let Entry::Added { collection, .. } = &self.entries[self.selected] {
                self.message = Some(Message::warning(format!(
                    "Remove {} with its records and saves? {} removes, any other key keeps it",
                    collection.name,
                    self.keys.key_name(Scope::Confirm, Action::Yes)
                )));
                self.removing = Some(collection.clone());
            }
            return Effect::None;
        }
        let chosen = menu_key(&self.keys, key, &mut self.selected, self.entries.len());
        self.choose(chosen)
    }

    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        self.removing = None;
        let Some(content) = page_content(area, self.theme, &self.commands(), LogoRule::WhenRoomy)
        else {
            return Effect::None;
        };
        let menu = centered_column(content, self.menu_width(content.width));
        let chosen = menu_click(mouse, menu, &mut self.selected, self.entries.len());
        self.choose(chosen)
    }

    fn commands(&self) -> Vec<Command> {
        let mut commands = menu_commands(&self.keys, "play");
        if matches!(self.entries[self.selected], Entry::Added { .. }) {
            let remove = self.keys.key_name(Scope::Collections, Action::Remove);
            commands.insert(2, Command::new(remove, "remove"));
        }
        commands
    }

    one_message!();

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let heading = match self.mode {
            Mode::Arcade => "Arcade: choose a collection",
            Mode::FreePlay => "Free play: choose a collection",
        };
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            heading,
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        // A question with its keys shows whole: the menu scrolls in the
        // rows it leaves.
        let extra = notice_extra_rows(&areas, self.theme, self.message.as_ref());
        let content = Rect {
            height: areas.content.height.saturating_sub(extra),
            ..areas.content
        };
        MenuList {
            items: &self.lines(content.width),
            selected: self.selected,
            theme: self.theme,
        }
        .render(
            centered_column(content, self.menu_width(content.width)),
            buf,
        );
        let used = menu_rows(self.selected, self.entries.len(), content.height);
        notice_lines(&areas, used, buf, self.theme, self.message.as_ref());
    }
}
