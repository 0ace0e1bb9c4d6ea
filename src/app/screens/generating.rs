//! An endless level being made: the generator runs on a thread of its own
//! (as a hint's search does, see `app::hint`) while this screen shows how
//! far it has got, so the game never freezes; Esc stops it.

use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::app::keymap::{self, Action, Scope};
use crate::app::message::Message;
use crate::app::origin::Origin;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page};
use schokoban_core::Level;
use schokoban_generate::{
    Day, GenerateError, Generated, Progress, Request, generate_after, generate_daily,
};

/// The generator thread's name, so the panic hook can tell it from the game.
pub const THREAD_NAME: &str = "endless";

/// What the generator thread sends back.
enum Report {
    Progress(Progress),
    Done(Box<Result<Generated, GenerateError>>),
}

#[derive(Debug)]
pub(crate) struct Generating {
    request: Request,
    /// The date, when this is the daily level.
    day: Option<Day>,
    cancel: Arc<AtomicBool>,
    reports: Option<Receiver<Report>>,
    progress: Option<Progress>,
    /// The level, made, until the app opens it.
    made: Option<Generated>,
    message: Option<Message>,
    theme: Theme,
}

impl Generating {
    /// Starts making the level `request` names; when `previous` is given
    /// and the level would be a near-copy of it, the next seed's comes.
    pub fn new(request: Request, previous: Option<Level>, theme: Theme) -> Self {
        Self::start(request, None, previous, theme)
    }

    /// Starts making the daily level of `day`.
    pub fn daily(day: Day, theme: Theme) -> Self {
        Self::start(day.request(), Some(day), None, theme)
    }

    fn start(request: Request, day: Option<Day>, previous: Option<Level>, theme: Theme) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, reports) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        // If the thread cannot start or dies, the channel closes and
        // `tick` says so; the game goes on either way.
        let _ = std::thread::Builder::new()
            .name(THREAD_NAME.to_owned())
            .spawn(move || {
                let progress_sender = sender.clone();
                let mut progress = |p: Progress| {
                    let _ = progress_sender.send(Report::Progress(p));
                };
                let made = match day {
                    Some(day) => generate_daily(day, &flag, &mut progress),
                    None => generate_after(&request, previous.as_ref(), &flag, &mut progress),
                };
                let _ = sender.send(Report::Done(Box::new(made)));
            });
        Self {
            request,
            day,
            cancel,
            reports: Some(reports),
            progress: None,
            made: None,
            message: None,
            theme,
        }
    }

    /// The level after `made`: the next seed, same size and difficulty.
    pub fn after(made: &Generated, theme: Theme) -> Self {
        let request = Request {
            seed: made.request.seed.wrapping_add(1),
            ..made.request
        };
        Self::new(request, Some(made.level.clone()), theme)
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

impl Drop for Generating {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
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
        match keymap::action(&[Scope::Menus], key) {
            Some(Action::Back) => Effect::Back,
            _ => Effect::None,
        }
    }

    fn commands(&self) -> Vec<Command> {
        vec![Command::new(
            keymap::key_name(Scope::Menus, Action::Back),
            "stop",
        )]
    }

    one_message!();

    fn is_busy(&self) -> bool {
        self.reports.is_some()
    }

    fn tick(&mut self) {
        let Some(reports) = &self.reports else {
            return;
        };
        loop {
            match reports.try_recv() {
                Ok(Report::Progress(progress)) => self.progress = Some(progress),
                Ok(Report::Done(done)) => {
                    match *done {
                        Ok(made) => self.made = Some(made),
                        Err(error) => {
                            self.message = Some(Message::warning(format!("No level: {error}")));
                        }
                    }
                    self.reports = None;
                    return;
                }
                Err(mpsc::TryRecvError::Empty) => return,
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.message = Some(Message::warning(
                        "No level: the generator stopped; this is a bug",
                    ));
                    self.reports = None;
                    return;
                }
            }
        }
    }

    fn finished(&mut self) -> Effect {
        match self.made.take() {
            Some(made) => Effect::Open(Origin::Endless {
                made: Rc::new(made),
            }),
            None => Effect::None,
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
