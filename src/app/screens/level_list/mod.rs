//! Picking a level: Free play's collection, a custom file with several,
//! or the Endless levels the player made, each level with its record and
//! its rating, and the selected one drawn beside the list where there is
//! room.

mod columns;
mod rater;

use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::origin::{CustomFile, Mode, Origin};
use crate::app::screen::{Command, Effect, News, ReverseEffect, Screen, Tick, footer, one_message};
use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::menu::Row;
use crate::app::widgets::number_entry::NumberEntry;
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page, page_content};
use crate::app::widgets::preview::{LevelPreview, PreviewRating};
use crate::app::worker::Wake;
use crate::library::{AddedCollection, Collection, LevelRating};
use columns::header_text;
use rater::Rater;
use schokoban_core::{Direction, Level};
use schokoban_generate::Entry;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LevelRow {
    pub title: String,
    pub record: Option<usize>,
    /// The fewest moves of the player's kept solutions.
    pub yours: Option<usize>,
    pub saved: bool,
    pub solved: bool,
    /// Why the level cannot be played (`line 214: a level of Hexoban...`):
    /// it is listed greyed, in its place, and not opened.
    pub problem: Option<String>,
    /// The level itself, drawn beside the list; `None` for one that cannot
    /// be played.
    pub level: Option<Level>,
    /// Its place on the difficulty scale; `None` until it is rated.
    pub rating: Option<LevelRating>,
}

/// A list runs as long as the terminal: on a tall one, a band in the
/// middle would show a collection of 155 levels nineteen at a time over
/// rows of nothing.
const LIST_PAGE: LogoRule = LogoRule::EveryRow;

/// Which levels the list holds, so a choice becomes an [`Origin`].
#[derive(Clone, Debug)]
pub(crate) enum ListSource {
    Collection(Collection),
    File(Rc<CustomFile>),
    Added(Rc<AddedCollection>),
    /// The Endless levels kept in the data folder, a row each: `None`
    /// for a file that is no level.
    Endless(Vec<Option<Rc<Entry>>>),
}

#[derive(Debug)]
pub(crate) struct LevelList {
    heading: String,
    source: ListSource,
    rows: Vec<LevelRow>,
    selected: usize,
    /// Why the last choice could not be carried out.
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
    /// Rows that fit on the terminal: how far Page Up/Down jump.
    page: usize,
    /// The level number being typed.
    typed: NumberEntry,
    /// Rates the levels that have no rating yet.
    rater: Rater,
    /// What the list says when it holds no level.
    empty: &'static str,
}

impl LevelList {
    pub fn new(
        heading: String,
        source: ListSource,
        rows: Vec<LevelRow>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        Self {
            heading,
            source,
            rows,
            selected: 0,
            message: None,
            theme,
            keys,
            page: 10,
            typed: NumberEntry::default(),
            rater: Rater::default(),
            empty: "No levels",
        }
    }

    /// The list saying `note` where its rows would be, when it has none.
    #[must_use]
    pub fn when_empty(mut self, note: &'static str) -> Self {
        self.empty = note;
        self
    }

    /// The list opened on level `number` (from 1), where it was left.
    #[must_use]
    pub fn on_level(mut self, number: Option<usize>) -> Self {
        if let Some(number) = number.filter(|&n| (1..=self.rows.len()).contains(&n)) {
            self.selected = number - 1;
        }
        self
    }

    /// Goes to the level numbered by the digits typed so far and
    /// `digit` (see [`NumberEntry`]).
    fn type_digit(&mut self, digit: u8) {
        if let Some(number) = self.typed.type_digit(digit, self.rows.len()) {
            self.selected = number - 1;
            // Shown, since the next digit goes on with this number.
            let accept = self.keys.key_name(Scope::Menus, Action::Accept);
            self.message = Some(Message::info(format!("Level {number}: {accept} plays it")));
        }
    }

    fn origin(&self, number: usize) -> Option<Origin> {
        Some(match &self.source {
            ListSource::Collection(collection) => Origin::FreePlay {
                collection: *collection,
                number,
            },
            ListSource::File(file) => Origin::Custom {
                file: Rc::clone(file),
                number,
            },
            ListSource::Added(collection) => Origin::Added {
                collection: Rc::clone(collection),
                number,
                mode: Mode::FreePlay,
            },
            ListSource::Endless(entries) => Origin::Endless {
                made: Rc::clone(entries.get(number - 1)?.as_ref()?),
            },
        })
    }

    /// Plays the level of row `index` (in reverse with `reverse`), or says
    /// why it cannot be played.
    fn choose(&mut self, index: usize, reverse: bool) -> Effect {
        if let Some(problem) = &self.rows[index].problem {
            self.message = Some(Message::warning(format!(
                "Level {} cannot be played: {problem}",
                index + 1
            )));
            return Effect::None;
        }
        let Some(origin) = self.origin(index + 1) else {
            return Effect::None;
        };
        self.rater.pause();
        if reverse {
            Effect::Reverse(ReverseEffect::Open(origin))
        } else {
            Effect::Open(origin)
        }
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for LevelList {
    fn name(&self) -> &'static str {
        "level list"
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }
}

impl Screen for LevelList {
    /// A number being typed ends once the typing pauses; levels without
    /// a rating are rated in the background.
    fn tick(&mut self, now: Duration) -> Tick {
        let typing = self.typed.tick(now);
        let (effect, rating) = self.rater.tick(now, &mut self.rows, self.selected);
        let wake = match (typing, rating) {
            (Wake::At(one), Wake::At(other)) => Wake::At(one.min(other)),
            (Wake::Report(waiter), _) | (_, Wake::Report(waiter)) => Wake::Report(waiter),
            (Wake::At(at), Wake::Idle) | (Wake::Idle, Wake::At(at)) => Wake::At(at),
            (Wake::Idle, Wake::Idle) => Wake::Idle,
        };
        Tick { effect, wake }
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message answers the last key; the next one dismisses it.
        self.message = None;
        let last = self.rows.len().saturating_sub(1);
        let page = self.page.max(1);
        let Some(action) = self.keys.action(&[Scope::Lists, Scope::Menus], key) else {
            return Effect::None;
        };
        if let Action::Digit(digit) = action {
            self.type_digit(digit);
            return Effect::None;
        }
        // Any other key ends the number being typed.
        self.typed.end();
        match action {
            // Up and Down wrap around, as in every menu.
            Action::Move(Direction::Up) if self.selected == 0 => self.selected = last,
            Action::Move(Direction::Up) => self.selected -= 1,
            Action::Move(Direction::Down) if self.selected == last => self.selected = 0,
            Action::Move(Direction::Down) => self.selected += 1,
            // At either end a jump there says so rather than do nothing.
            Action::PageUp | Action::First if self.selected == 0 => {
                self.message = Some(Message::info("This is the first level"));
            }
            Action::PageDown | Action::Last if self.selected == last => {
                self.message = Some(Message::info("This is the last level"));
            }
            Action::PageUp => self.selected = self.selected.saturating_sub(page),
            Action::PageDown => self.selected = (self.selected + page).min(last),
            Action::First => self.selected = 0,
            Action::Last => self.selected = last,
            Action::Accept if !self.rows.is_empty() => return self.choose(self.selected, false),
            Action::Reverse if !self.rows.is_empty() => return self.choose(self.selected, true),
            Action::Back => return Effect::Back,
            _ => {}
        }
        Effect::None
    }

    /// A click selects a level; a click on the selected one plays it.
    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        // A click ends the number being typed, as any other key does.
        self.typed.end();
        let Some(content) = page_content(area, self.theme, &self.commands(), LIST_PAGE) else {
            return Effect::None;
        };
        let (_, _, rows, window) = self.layout(self.split(content).0);
        if !rows.contains(Position::new(mouse.column, mouse.row)) || self.rows.is_empty() {
            return Effect::None;
        }
        let last = self.rows.len() - 1;
        match mouse.kind {
            MouseEventKind::ScrollUp => self.selected = self.selected.saturating_sub(1),
            MouseEventKind::ScrollDown => self.selected = (self.selected + 1).min(last),
            MouseEventKind::Down(MouseButton::Left) => {
                match window.at_row((mouse.row - rows.y) as usize) {
                    Some(Row::Above) => self.selected = window.first - 1,
                    Some(Row::Below) => self.selected = window.first + window.shown,
                    Some(Row::Item(index)) if index == self.selected => {
                        return self.choose(index, false);
                    }
                    Some(Row::Item(index)) => self.selected = index,
                    None => {}
                }
            }
            _ => {}
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        let back = Command::new(self.keys.key_name(Scope::Menus, Action::Back), "back");
        if self.rows.is_empty() {
            return vec![back];
        }
        let mut commands = vec![
            Command::new(self.keys.up_down(), "choose"),
            Command::new(jump_keys(&self.keys), "jump"),
        ];
        // Worth its room in the footer once numbers take two digits.
        if self.rows.len() >= 10 {
            let digits = self.keys.label(Scope::Lists, Action::Digit(0));
            commands.push(Command::new(digits, "number"));
        }
        commands.extend([
            Command::new(self.keys.key_name(Scope::Menus, Action::Accept), "play"),
            back,
        ]);
        commands
    }

    one_message!();

    fn tell(&mut self, news: News) {
        if let News::Resized(area) = news
            && let Some(content) = page_content(area, self.theme, &self.commands(), LIST_PAGE)
        {
            self.page = content.height.saturating_sub(1) as usize;
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            &self.heading,
            &footer(&self.commands()),
            LIST_PAGE,
        ) else {
            return;
        };
        notice_line(&areas, buf, self.theme, self.message.as_ref());
        if self.rows.is_empty() {
            let column = centered_column(areas.content, areas.content.width.saturating_sub(2));
            Paragraph::new(Span::styled(self.empty, self.theme.dim()))
                .centered()
                .wrap(Wrap { trim: true })
                .render(column, buf);
            return;
        }
        let (list, preview) = self.split(areas.content);
        if let (Some(area), Some(level)) = (
            preview,
            self.rows
                .get(self.selected)
                .and_then(|row| row.level.as_ref()),
        ) {
            let row = &self.rows[self.selected];
            LevelPreview {
                level,
                heading: match self.source {
                    ListSource::Endless(_) => Some(&row.title),
                    _ => level.title(),
                },
                rating: match row.rating {
                    Some(rating) => PreviewRating::Rated(rating),
                    None if self.rater.waits(self.selected, row) => PreviewRating::Waiting,
                    None => PreviewRating::Unrated,
                },
                theme: self.theme,
            }
            .render(area, buf);
        }
        let (widths, header, rows, window) = self.layout(list);
        Line::from(vec![
            Span::raw("  "),
            Span::styled(header_text(widths), self.theme.dim()),
        ])
        .render(header, buf);
        let mark = |text: String| {
            let text = format!("  {}", self.theme.text(&text));
            Line::from(Span::styled(text, self.theme.dim()))
        };
        let shown = window.first..window.first + window.shown;
        let items = shown.map(|index| {
            let line = self.line(index, widths);
            let greyed = self.rows[index].problem.is_some();
            if index == self.selected {
                let pointer = self.theme.chrome(Chrome::Pointer);
                let text = format!("{pointer} {line}").trim_end().to_owned();
                Line::from(Span::styled(text, self.theme.selected()))
            } else if greyed {
                Line::from(Span::styled(
                    format!("  {line}").trim_end().to_owned(),
                    self.theme.dim(),
                ))
            } else {
                Line::raw(format!("  {line}").trim_end().to_owned())
            }
        });
        let above = window
            .above()
            .then(|| mark(format!("↑ {} more", window.first)));
        let below = window.below(self.rows.len());
        let below = (below > 0).then(|| mark(format!("↓ {below} more")));
        let lines = above.into_iter().chain(items).chain(below);
        for (y, line) in (rows.y..rows.bottom()).zip(lines) {
            line.render(
                Rect {
                    y,
                    height: 1,
                    ..rows
                },
                buf,
            );
        }
    }
}

/// The keys that jump through a long list: `PgUp/PgDn/Home/End`.
fn jump_keys(keys: &KeyMap) -> String {
    [
        Action::PageUp,
        Action::PageDown,
        Action::First,
        Action::Last,
    ]
    .map(|action| keys.key_name(Scope::Lists, action))
    .join("/")
}
