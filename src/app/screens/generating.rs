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
use crate::app::theme::{Chrome, Theme};
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page};
use crate::app::worker::{Report, Worker};
use crate::text::{fit, width};
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

    /// The heading and the progress line in `columns`: each in the
    /// longest wording that fits whole, cut with an ellipsis only where
    /// even the shortest does not.
    fn lines(&self, columns: usize) -> Vec<Line<'static>> {
        let request = &self.request;
        let (size, difficulty, seed) =
            (request.size.name(), request.difficulty.name(), request.seed);
        let headings = match self.day {
            Some(day) => vec![
                format!("Making the daily level of {day}"),
                format!("Daily level {day}"),
            ],
            None => vec![
                format!("Making a {size}, {difficulty} level from seed {seed}"),
                format!("Making {size} {difficulty} {seed}"),
            ],
        };
        let progress = match self.progress {
            Some(Progress {
                candidate,
                of,
                positions,
            }) => vec![
                format!(
                    "Trying candidate {candidate} of at most {of} · {positions} positions searched"
                ),
                format!("Candidate {candidate} of {of} · {positions} positions"),
                format!("Candidate {candidate} of {of}"),
            ],
            None => vec!["Starting".to_owned()],
        };
        let ellipsis = self.theme.chrome(Chrome::Ellipsis);
        let fitting = |wordings: Vec<String>| {
            let shortest = wordings.last().cloned().unwrap_or_default();
            wordings
                .into_iter()
                .find(|wording| width(wording) <= columns)
                .unwrap_or_else(|| fit(&shortest, columns, ellipsis).into_owned())
        };
        vec![
            Line::from(fitting(headings)),
            Line::styled(fitting(progress), self.theme.dim()),
        ]
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
        Paragraph::new(self.lines(usize::from(column.width)))
            .centered()
            .render(column, buf);
        notice_line(&areas, buf, self.theme, self.message.as_ref());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_generate::{Difficulty, Size};

    /// The screen drawn at `width` x `height`, a line of text per row.
    fn drawn(screen: &Generating, width: u16, height: u16) -> Vec<String> {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        screen.draw(area, &mut buf);
        (0..height)
            .map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect())
            .collect()
    }

    #[test]
    fn the_progress_reads_whole_at_every_size() {
        let request = Request {
            seed: 48_213,
            size: Size::Medium,
            difficulty: Difficulty::Expert,
        };
        let mut screen =
            Generating::new(request, None, Theme::default(), Rc::new(KeyMap::default()));
        // Stop the generator: only the line drawn from this report counts.
        screen.making = None;
        screen.progress = Some(Progress {
            candidate: 17,
            of: 60,
            positions: 1_234_567,
        });
        let wide = drawn(&screen, 80, 24).join("\n");
        assert!(wide.contains("Making a medium, expert level from seed 48213"));
        assert!(wide.contains("Trying candidate 17 of at most 60 · 1234567 positions searched"));
        let narrow = drawn(&screen, 40, 12).join("\n");
        assert!(narrow.contains("Making medium expert 48213"), "{narrow}");
        assert!(narrow.contains("Candidate 17 of 60"), "{narrow}");
        assert!(!narrow.contains('…'), "nothing cut:\n{narrow}");
    }
}
