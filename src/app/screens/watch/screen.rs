//! The watch as a screen: its keys, its footer, its wake-ups, and its
//! drawing in the block it takes of a terminal larger than 80x24.

use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::{BELOW_MAP, BLOCK_HEIGHT, BLOCK_WIDTH, BOARD_TOP, SPEEDS, Watch, Watched};
use crate::app::keymap::{Action, Scope};
use crate::app::message::Message;
use crate::app::screen::{Command, Effect, News, Screen, Tick, footer, one_message};
use crate::app::theme::Chrome;
use crate::app::widgets::board::{BoardLayout, BoardView, Marks};
use crate::app::widgets::message_lines::MessageLines;
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, bottom_keys, bottom_keys_width, too_small};
use crate::app::worker::Wake;
use crate::library::Zoom;
use crate::text::{fit, width as text_width};

impl Watch {
    /// The part of `area` the screen draws in: the whole of a screen up
    /// to 80x24, a centred block as wide as its widest line on a larger one.
    fn block(&self, area: Rect) -> Rect {
        if area.width <= BLOCK_WIDTH && area.height <= BLOCK_HEIGHT {
            return area;
        }
        let level = self.game.level();
        let footer = bottom_keys_width(self.theme, &footer(&self.commands()), BLOCK_WIDTH);
        let lines = self.header_lines(usize::MAX);
        let texts = lines.iter().chain(self.message.iter().map(|m| &m.text));
        let text = texts.map(|t| text_width(t)).max().unwrap_or(0) as u16;
        let map_width = level.width() as u16 * 2 + 3;
        let map_height = BOARD_TOP + level.height() as u16 + BELOW_MAP;
        let width = map_width
            .max(text.max(footer).min(BLOCK_WIDTH))
            .min(area.width);
        let height = map_height.max(BLOCK_HEIGHT).min(area.height);
        Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        )
    }
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for Watch {
    fn name(&self) -> &'static str {
        "watch"
    }
}

impl Screen for Watch {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        let Some(action) = self.keys.action(&[Scope::Watch], key) else {
            return Effect::None;
        };
        match action {
            Action::PauseResume => self.toggle_play(),
            Action::StepForward => {
                self.playing = false;
                if !self.forward() && !self.searching() {
                    let again = self.keys.key_name(Scope::Watch, Action::PauseResume);
                    self.message = Some(Message::info(format!(
                        "That was the last move: {again} plays it again"
                    )));
                }
            }
            Action::StepBack => {
                self.playing = false;
                self.message = None;
                self.back();
            }
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::TakeOver
                if matches!(self.watched, Watched::Solution { .. }) && !self.searching() =>
            {
                return Effect::Uncover(News::TakeOver(self.game.clone()));
            }
            Action::Leave => return Effect::Back,
            _ => {}
        }
        self.poll_shortening();
        self.adopt_shorter();
        Effect::None
    }

    fn commands(&self) -> Vec<Command> {
        let take_over = matches!(self.watched, Watched::Solution { .. });
        let take_over_keys = self.keys.label(Scope::Watch, Action::TakeOver);
        self.keys
            .watch_commands()
            .into_iter()
            .filter(|c| take_over || c.keys != take_over_keys)
            .collect()
    }

    one_message!();

    /// Wakes for the search, then for each move due. The optimizer does
    /// not keep the loop awake: its answer is taken in on the wake-ups of
    /// play, or at the next key.
    fn tick(&mut self, now: Duration) -> Tick {
        self.poll_search(now);
        self.poll_shortening();
        self.adopt_shorter();
        self.play_due(now);
        Tick::wake(match (&self.watched, self.due) {
            (
                Watched::Solution {
                    search: Some(search),
                    ..
                },
                _,
            ) => search.wake(),
            (_, Some(due)) if self.playing => Wake::At(due),
            _ => Wake::Idle,
        })
    }

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let area = self.block(area);
        let width = area.width as usize;
        for (row, line) in self.header_lines(width).iter().enumerate() {
            let style = if row == 0 {
                self.theme.accent()
            } else {
                Style::new()
            };
            let line = self.theme.text(line);
            let line = fit(&line, width, self.theme.chrome(Chrome::Ellipsis));
            buf.set_stringn(area.x, area.y + row as u16, &line, width, style);
        }
        if let Some(message) = &self.message {
            MessageLines::single(message, self.theme, false)
                .render(Rect::new(area.x, area.y + 4, area.width, 1), buf);
        }
        let footer_rows = bottom_keys(area, buf, self.theme, &footer(&self.commands()));
        let footer_y = area.bottom() - footer_rows;
        // The blank rows around the board go when the map needs them.
        let map_rows = self.game.level().height() as u16;
        let roomy = area.y + BOARD_TOP + map_rows < footer_y;
        let top = area.y + BOARD_TOP - u16::from(!roomy);
        let board = Rect::new(
            area.x + 2,
            top,
            area.width.saturating_sub(3),
            footer_y.saturating_sub(top + u16::from(roomy)),
        );
        let layout = BoardLayout::new(board, &self.game, Zoom::Square);
        BoardView {
            game: &self.game,
            layout,
            theme: self.theme,
            marks: &Marks::default(),
        }
        .render(layout.area, buf);
    }
}
