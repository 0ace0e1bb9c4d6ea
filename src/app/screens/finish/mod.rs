//! The end of a level: the score, the leaderboard question and nickname,
//! then the leaderboard and what to do next.

mod draw;
mod outcome;
mod shorter;
mod watching;

pub(crate) use outcome::{BestRun, NextChoice, NextTo, Outcome, ScoreNews};
pub(crate) use shorter::Shorter;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use std::rc::Rc;
use std::time::Duration;

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::{Message, Problem, plural};
use crate::app::origin::Opened;
use crate::app::screen::{Command, Effect, News, Screen, Tick, footer};
use crate::app::screens::messages_view::MessagesView;
use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::leaderboard::LEADERBOARD_WIDTH;
use crate::app::widgets::menu::{MenuKey, menu_click, menu_key};
use crate::app::widgets::page::{LogoRule, centered_column, page};
use crate::app::widgets::text_input::{InputEvent, TextInput};
use crate::app::worker::Wake;
use crate::leaderboard::{Leaderboard, MAX_NICKNAME_CHARS, valid_nickname};
use schokoban_core::{Direction, Level, LogEntry};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Whether to add the score; `Yes` comes first.
    Qualify {
        yes: bool,
    },
    Nickname {
        input: TextInput,
        error: Option<String>,
    },
    Board {
        selected: usize,
    },
}

#[derive(Debug)]
pub(crate) struct Finish {
    heading: String,
    /// `None` when the player left without solving.
    solved_score: Option<usize>,
    board: Leaderboard,
    new_place: Option<usize>,
    stage: Stage,
    /// Where the player can go on to, first first.
    next: Vec<NextChoice>,
    messages: Vec<Message>,
    /// The level, for watching runs of it.
    level: Level,
    /// The player's winning moves, undos included, when solved.
    run: Option<Vec<LogEntry>>,
    /// The best leaderboard entry's name and winning moves, when kept.
    best_run: Option<BestRun>,
    /// Solved before, and offered now: the question says so.
    later: bool,
    /// The optimizer at work on the player's run, or what it found.
    shorter: Shorter,
    /// ` · L shows all`: after the count of entries a short screen cuts.
    more_hint: String,
    /// The level, for its statistics; `None` offers none.
    statistics: Option<Rc<Opened>>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl Finish {
    /// The end of a level: a solved score that makes the board asks first
    /// whether to add it; otherwise the board is shown.
    pub fn new(outcome: Outcome, theme: Theme, keys: Rc<KeyMap>) -> Self {
        let Outcome {
            title,
            solved_score,
            board,
            keeps_scores,
            next,
            mut messages,
            level,
            run,
            best_run,
            helped_pushes,
        } = outcome;
        let heading = match solved_score {
            Some(_) => format!("Solved: {title}"),
            None => format!("Leaderboard: {title}"),
        };
        let helped = helped_pushes > 0;
        if let Some(score) = solved_score.filter(|_| keeps_scores && !helped)
            && let Some(note) = board.miss_note(score)
        {
            messages.push(Message::info(note));
        }
        let stage = match (solved_score, keeps_scores) {
            (Some(_), true) if helped => {
                let pushes = plural(helped_pushes, "push");
                messages.push(Message::info(format!(
                    "{pushes} played for you: not scored"
                )));
                Stage::Board { selected: 0 }
            }
            (Some(score), true) if board.qualifies(score) => Stage::Qualify { yes: true },
            (Some(_), false) => {
                messages.push(Message::warning(
                    "Records are off: the score cannot be kept",
                ));
                Stage::Board { selected: 0 }
            }
            _ => Stage::Board { selected: 0 },
        };
        Self {
            heading,
            solved_score,
            board,
            new_place: None,
            stage,
            next,
            messages,
            level,
            run,
            best_run,
            later: false,
            shorter: Shorter::Off,
            more_hint: format!(
                " {} {} shows all",
                theme.chrome(Chrome::Separator),
                keys.key_name(Scope::Menus, Action::WholeBoard)
            ),
            statistics: None,
            theme,
            keys,
        }
    }

    /// The menu offers `opened`'s statistics.
    #[must_use]
    pub fn with_statistics(mut self, opened: Rc<Opened>) -> Self {
        self.statistics = Some(opened);
        self
    }

    /// The optimizer works on the player's run meanwhile.
    #[must_use]
    pub fn shortening(mut self, shorter: Shorter) -> Self {
        self.shorter = shorter;
        self
    }

    /// The same screen for a level solved before, when the terminal closed
    /// on its solved board: the leaderboard question says so.
    #[must_use]
    pub fn offered_later(mut self) -> Self {
        self.later = true;
        self
    }

    /// The leaderboard question.
    fn question(&self) -> String {
        match self.solved_score.filter(|_| self.later) {
            Some(score) => format!(
                "You solved this in {}: add it to the leaderboard?",
                plural(score, "move")
            ),
            None => "Add your score to the leaderboard?".to_owned(),
        }
    }

    /// Whether the player is asked to add the score, so the solve is
    /// kept until they answer.
    pub fn asks(&self) -> bool {
        matches!(self.stage, Stage::Qualify { .. })
    }

    /// Shows the board the score went on, or why it did not.
    fn scored(&mut self, news: ScoreNews) {
        if let Some((board, place)) = news.added {
            self.board = board;
            self.new_place = place;
            self.best_run = news.best_run;
        }
        if news.board_moved_aside {
            self.messages
                .retain(|message| !matches!(message.cause(), Some(Problem::DamagedBoard { .. })));
        }
        self.messages.extend(news.messages);
        self.stage = Stage::Board { selected: 0 };
    }

    /// What a choice on the board does: the next level, a run to watch, or
    /// the main menu.
    fn choose(&mut self, chosen: Option<MenuKey>, selected: usize) -> Effect {
        match chosen {
            Some(MenuKey::Accept) => match self.menu().get(selected) {
                Some(&choice) => self.pick(choice),
                None => Effect::None,
            },
            Some(MenuKey::Back) => Effect::MainMenu,
            None => Effect::None,
        }
    }

    /// The choices' labels, as the menu shows them.
    fn board_choices(&self) -> Vec<String> {
        self.menu().into_iter().map(|c| self.label(c)).collect()
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Finish {
    fn name(&self) -> &'static str {
        "finish"
    }

    fn selected(&self) -> Option<usize> {
        match self.stage {
            Stage::Board { selected } => Some(selected),
            Stage::Qualify { yes } => Some(usize::from(!yes)),
            Stage::Nickname { .. } => None,
        }
    }

    /// The choices under the board, or Yes and No; the nickname has none.
    fn choices(&self) -> Vec<String> {
        match self.stage {
            Stage::Board { .. } => self.board_choices(),
            Stage::Qualify { .. } => vec!["Yes".to_owned(), "No".to_owned()],
            Stage::Nickname { .. } => Vec::new(),
        }
    }
}

/// Asking for the nickname, the field empty.
fn nickname_stage() -> Stage {
    Stage::Nickname {
        input: TextInput::with_limit(MAX_NICKNAME_CHARS),
        error: None,
    }
}

impl Screen for Finish {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        // L: the board whole, where a short screen shows part of it.
        if matches!(self.stage, Stage::Board { .. })
            && self.keys.action(&[Scope::Menus], key) == Some(Action::WholeBoard)
            && !self.board.entries().is_empty()
        {
            let whole = MessagesView::lines(
                "Leaderboard",
                self.view().whole(),
                self.theme,
                Rc::clone(&self.keys),
            );
            return Effect::Overlay(Box::new(whole));
        }
        match &mut self.stage {
            // Y and N answer at once, in either case.
            Stage::Qualify { yes } => {
                match self.keys.action(&[Scope::Confirm, Scope::Menus], key) {
                    Some(Action::Move(_)) => *yes = !*yes,
                    Some(Action::Yes) => self.stage = nickname_stage(),
                    Some(Action::Accept) if *yes => self.stage = nickname_stage(),
                    Some(Action::No | Action::Accept | Action::Back) => {
                        self.stage = Stage::Board { selected: 0 };
                        return Effect::DeclineScore;
                    }
                    _ => {}
                }
            }
            Stage::Nickname { input, error } => match input.handle_key(&self.keys, key) {
                InputEvent::Submit => match valid_nickname(input.text()).map(str::to_owned) {
                    Some(name) => return Effect::AddScore(name),
                    None => {
                        *error = Some(format!(
                            "A nickname is 1 to {MAX_NICKNAME_CHARS} printable characters"
                        ));
                    }
                },
                InputEvent::Cancel => self.stage = Stage::Qualify { yes: true },
                InputEvent::Edited => *error = None,
                InputEvent::Ignored => {}
            },
            Stage::Board { selected } => {
                let mut at = *selected;
                let chosen = menu_key(&self.keys, key, &mut at, self.menu().len());
                self.stage = Stage::Board { selected: at };
                return self.choose(chosen, at);
            }
        }
        Effect::None
    }

    /// On the board, a click selects a choice and a second click accepts it.
    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        let Stage::Board { selected } = self.stage else {
            return Effect::None;
        };
        let Some(menu) = self.menu_area(area) else {
            return Effect::None;
        };
        let mut chosen = selected;
        let clicked = menu_click(mouse, menu, &mut chosen, self.board_choices().len());
        self.stage = Stage::Board { selected: chosen };
        self.choose(clicked, chosen)
    }

    /// A nickname may be pasted; it is cut at the nickname's limit.
    fn handle_paste(&mut self, text: &str) -> Effect {
        if let Stage::Nickname { input, error } = &mut self.stage
            && input.paste(text) == InputEvent::Edited
        {
            *error = None;
        }
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        match self.stage {
            Stage::Qualify { .. } => vec![
                Command::new(
                    self.keys.pair(
                        Scope::Menus,
                        Action::Move(Direction::Left),
                        Action::Move(Direction::Right),
                        false,
                    ),
                    "choose",
                ),
                Command::new(self.keys.key_name(Scope::Menus, Action::Accept), "accept"),
            ],
            Stage::Nickname { .. } => vec![
                Command::new("type", "your nickname"),
                Command::new(self.keys.key_name(Scope::TextField, Action::Accept), "save"),
                Command::new(self.keys.key_name(Scope::TextField, Action::Back), "back"),
            ],
            Stage::Board { .. } => vec![
                Command::new(self.keys.up_down(), "choose"),
                Command::new(self.keys.key_name(Scope::Menus, Action::Accept), "accept"),
                Command::new(self.keys.key_name(Scope::Menus, Action::Back), "main menu"),
            ],
        }
    }

    fn show(&mut self, message: Message) {
        self.messages.push(message);
    }

    fn messages(&self) -> &[Message] {
        &self.messages
    }

    fn tell(&mut self, news: News) {
        if let News::Scored(news) = news {
            self.scored(news);
        }
    }

    /// Takes in the optimizer's answer: a shorter line is kept by the app.
    fn tick(&mut self, _now: Duration) -> Tick {
        match self.shorter.poll() {
            Some((opened, steps)) => Tick {
                effect: Effect::KeepShorter { opened, steps },
                wake: Wake::Idle,
            },
            None => Tick::wake(self.shorter.wake()),
        }
    }

    fn input(&self) -> Option<&str> {
        match &self.stage {
            Stage::Nickname { input, .. } => Some(input.text()),
            _ => None,
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            &self.heading,
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        let content = areas.content;
        let rest = self.draw_news(content, buf);
        let column = centered_column(rest, self.view().width().max(LEADERBOARD_WIDTH));
        match &self.stage {
            Stage::Qualify { yes } => self.draw_question(rest, column, *yes, buf),
            Stage::Nickname { input, error } => {
                self.draw_nickname(rest, column, input, error.as_deref(), buf);
            }
            Stage::Board { selected } => self.draw_board(rest, *selected, buf),
        }
    }
}
