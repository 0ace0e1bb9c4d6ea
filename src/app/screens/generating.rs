//! An endless level being made: the generator runs in the background (on
//! a [`Worker`]) while this screen shows how far it has got, so the game
//! never freezes; Esc stops it.

use std::rc::Rc;
use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::app::screen::{Command, Effect, Screen, Tick, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page};
use crate::app::worker::{Report, Worker};
use schokoban_core::Level;
use schokoban_generate::{
    Day, Entry, GenerateError, Generated, Progress, Request, generate_after, generate_daily,
};

#[derive(Debug)]
pub(crate) struct Generating {
    request: Request,
    /// The date, when this is the daily level.
    day: Option<Day>,
    /// The generator, until it has answered; dropping it stops it.
    making: Option<Worker<Progress, Result<Generated, GenerateError>>>,
    progress: Option<Progress>,
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl Generating {
    /// Starts making the level `request` names; when `previous` is given
    /// and the level would be a near-copy of it, the next seed's comes.
    pub fn new(request: Request, previous: Option<Level>, theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self::start(request, None, previous, theme, keys)
    }

    /// Starts making the daily level of `day`.
    pub fn daily(day: Day, theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self::start(day.request(), Some(day), None, theme, keys)
    }

    fn start(
        request: Request,
        day: Option<Day>,
        previous: Option<Level>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let making = Worker::spawn("endless", move |job| {
            let mut progress = |progress| job.report(progress);
            match day {
                Some(day) => generate_daily(day, job.cancelled(), &mut progress),
                None => generate_after(&request, previous.as_ref(), job.cancelled(), &mut progress),
            }
        });
        Self {
            request,
            day,
            making: Some(making),
            progress: None,
            message: None,
            theme,
            keys,
        }
    }

    /// The level after `made`: the next seed, same size and difficulty.
    pub fn after(made: &Entry, theme: Theme, keys: Rc<KeyMap>) -> Self {
        let request = Request {
            seed: made.request.seed.wrapping_add(1),
            ..made.request
        };
        Self::new(request, Some(made.level.clone()), theme, keys)
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let request = &self.request;
        let heading = match self.day {
            Some(day) => format!("Making the daily level of {day}"),
            None => format!(
                "Making a {}, {} level from seed {}",
                request.size.name(),
                request.difficulty.name(),
                request.seed
            ),
        };
        let mut lines = vec![Line::from(heading)];
        let progress = match self.progress {
            Some(progress) => format!(
                "Trying candidate {} of at most {} · {} positions searched",
                progress.candidate, progress.of, progress.positions
            ),
            None => "Starting".to_owned(),
        };
        lines.push(Line::styled(progress, self.theme.dim()));
        lines
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Generating {
    fn name(&self) -> &'static str {
        "generating"
    }
}

impl Screen for Generating {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        match self.keys.action(&[Scope::Menus], key) {
            Some(Action::Back) => Effect::Back,
            _ => Effect::None,
        }
    }

    fn commands(&self) -> Vec<Command> {
        vec![Command::new(
            self.keys.key_name(Scope::Menus, Action::Back),
            "stop",
        )]
    }

    one_message!();

    fn tick(&mut self, _now: Duration) -> Tick {
        let Some(making) = &self.making else {
            return Tick::default();
        };
        let mut end = None;
        while let Some(report) = making.poll() {
            match report {
                Report::Progress(progress) => self.progress = Some(progress),
                Report::Done(made) => {
                    end = Some(made.map_err(|error| format!("No level: {error}")));
                }
                Report::Failed(_) => {
                    end = Some(Err(
                        "No level: the generator stopped; this is a bug".to_owned()
                    ));
                }
            }
        }
        let Some(end) = end else {
            return Tick::wake(making.wake());
        };
        self.making = None;
        match end {
            Ok(made) => Tick {
                effect: Effect::Open(Origin::Endless {
                    made: Rc::new(Entry::from(made)),
                }),
                ..Tick::default()
            },
            Err(text) => {
                self.message = Some(Message::warning(text));
                Tick::default()
            }
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
        let [_, middle, _] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Fill(1),
        ])
        .areas(content);
        let column = centered_column(middle, content.width.saturating_sub(2));
        Paragraph::new(self.lines()).centered().render(column, buf);
        notice_line(&areas, buf, self.theme, self.message.as_ref());
    }
}
