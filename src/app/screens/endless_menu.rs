//! Endless: the player picks a size, a difficulty and a seed (a fresh one
//! is offered; typing one brings back the level it names), then a level is
//! made on the spot; or the daily level, or one of the levels made before.

use std::rc::Rc;
use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Widget;

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::screen::{Command, Effect, Screen, Tick, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_commands, menu_key};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};
use crate::library::fresh_seed;
use schokoban_generate::{Difficulty, Request, Size};

/// The sizes as the menu shows them, then the daily level and the list of
/// the levels made.
const SIZES: [&str; 5] = [
    "Small   7x7 to 9x9",
    "Medium  up to 12x12",
    "Large   up to 16x14",
    "Daily   today's level, one for all",
    "Yours   the levels made so far",
];

/// The first stage's line for the daily level.
const DAILY_LINE: usize = Size::ALL.len();
/// The first stage's line for the levels made.
const MADE_LINE: usize = DAILY_LINE + 1;

/// The difficulties as the menu shows them.
const DIFFICULTIES: [&str; Difficulty::ALL.len()] = [
    "Easy    a few pushes",
    "Medium  boxes in each other's way",
    "Hard    long, switching boxes often",
    "Expert  the most boxes, the longest",
];

/// The most digits a seed has (`u64::MAX` has 20).
const MAX_SEED_CHARS: usize = 20;

#[derive(Debug)]
enum Stage {
    Size,
    Difficulty,
    Seed(TextInput),
}

#[derive(Debug)]
pub(crate) struct EndlessMenu {
    stage: Stage,
    size: usize,
    difficulty: usize,
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
    /// The app's clock when it last told the screen, which the fresh seed
    /// is read from: time reaches a screen only so, and tests that stop
    /// the clock are offered the same seed each run.
    now: Duration,
}

impl EndlessMenu {
    pub fn new(theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self {
            stage: Stage::Size,
            size: 0,
            difficulty: 0,
            message: None,
            theme,
            keys,
            now: Duration::ZERO,
        }
    }

    fn size(&self) -> Size {
        Size::ALL.get(self.size).copied().unwrap_or_default()
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::ALL[self.difficulty]
    }

    /// The level the typed seed names, or why the seed is not one.
    fn request(&self, typed: &str) -> Result<Request, Message> {
        let seed = typed.trim().parse().map_err(|_| {
            Message::warning(format!("A seed is a whole number from 0 to {}", u64::MAX))
        })?;
        Ok(Request {
            seed,
            size: self.size(),
            difficulty: self.difficulty(),
        })
    }

    /// The list shown now and its selection, in the size or difficulty
    /// stage.
    fn list(&self) -> Option<(&'static [&'static str], usize)> {
        match self.stage {
            Stage::Size => Some((&SIZES, self.size)),
            Stage::Difficulty => Some((&DIFFICULTIES, self.difficulty)),
            Stage::Seed(_) => None,
        }
    }

    fn question(&self) -> String {
        match self.stage {
            Stage::Size => "How big a level?".to_owned(),
            Stage::Difficulty => format!("A {} level: how hard?", self.size().name()),
            Stage::Seed(_) => format!(
                "A {}, {} level from seed:",
                self.size().name(),
                self.difficulty().name()
            ),
        }
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for EndlessMenu {
    fn name(&self) -> &'static str {
        "endless menu"
    }

    fn selected(&self) -> Option<usize> {
        self.list().map(|(_, selected)| selected)
    }
}

impl Screen for EndlessMenu {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // A message under a list answers the last key; the seed's field
        // clears its own.
        if !matches!(self.stage, Stage::Seed(_)) {
            self.message = None;
        }
        match &mut self.stage {
            Stage::Size => match menu_key(&self.keys, key, &mut self.size, SIZES.len()) {
                Some(MenuKey::Accept) if self.size == DAILY_LINE => {
                    return Effect::PlayDaily;
                }
                Some(MenuKey::Accept) if self.size == MADE_LINE => {
                    return Effect::EndlessLevels;
                }
                Some(MenuKey::Accept) => self.stage = Stage::Difficulty,
                Some(MenuKey::Back) => return Effect::Back,
                None => {}
            },
            Stage::Difficulty => {
                match menu_key(&self.keys, key, &mut self.difficulty, DIFFICULTIES.len()) {
                    Some(MenuKey::Accept) => {
                        let seed = fresh_seed(self.now).to_string();
                        self.stage =
                            Stage::Seed(TextInput::with_text(&seed).limited(MAX_SEED_CHARS));
                    }
                    Some(MenuKey::Back) => self.stage = Stage::Size,
                    None => {}
                }
            }
            Stage::Seed(input) => match input.handle_key(&self.keys, key) {
                InputEvent::Submit => {
                    let typed = input.text().to_owned();
                    match self.request(&typed) {
                        Ok(request) => {
                            self.message = None;
                            return Effect::PlayEndless(request);
                        }
                        Err(message) => self.message = Some(message),
                    }
                }
                InputEvent::Cancel => {
                    self.message = None;
                    self.stage = Stage::Difficulty;
                }
                InputEvent::Edited => self.message = None,
                InputEvent::Ignored => {}
            },
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        match self.stage {
            Stage::Size | Stage::Difficulty => menu_commands(&self.keys, "accept"),
            Stage::Seed(_) => vec![
                Command::new("type", "a seed"),
                Command::new(self.keys.key_name(Scope::TextField, Action::Accept), "play"),
                Command::new(self.keys.key_name(Scope::TextField, Action::Back), "back"),
            ],
        }
    }

    fn tick(&mut self, now: Duration) -> Tick {
        self.now = now;
        Tick::default()
    }

    one_message!();

    fn input(&self) -> Option<&str> {
        match &self.stage {
            Stage::Seed(input) => Some(input.text()),
            _ => None,
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            "Endless",
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        let content = areas.content;
        let column = centered_column(content, 44.min(content.width.saturating_sub(2)));
        let [question, _, rest] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(column);
        Span::raw(self.question()).render(question, buf);
        match (&self.stage, self.list()) {
            (Stage::Seed(input), _) => {
                let [line, _, note] = Layout::vertical([
                    Constraint::Length(1),
                    Constraint::Length(1),
                    Constraint::Fill(1),
                ])
                .areas(rest);
                let [prompt, field] =
                    Layout::horizontal([Constraint::Length(2), Constraint::Fill(1)]).areas(line);
                Span::styled("> ", self.theme.accent()).render(prompt, buf);
                input.render(field, buf, Style::new());
                // Why a seed was refused goes under the field, where the
                // eye is, in place of the note.
                match &self.message {
                    Some(message) => MessageLines::single(message, self.theme, false).render(
                        Rect {
                            height: note.height.min(2),
                            ..note
                        },
                        buf,
                    ),
                    None => Span::styled("The same seed makes the same level.", self.theme.dim())
                        .render(note, buf),
                }
                return;
            }
            (_, Some((items, selected))) => {
                let items: Vec<String> = items.iter().map(|&i| i.to_owned()).collect();
                MenuList {
                    items: &items,
                    selected,
                    theme: self.theme,
                }
                .render(rest, buf);
            }
            _ => {}
        }
        notice_line(&areas, buf, self.theme, self.message.as_ref());
    }
}
