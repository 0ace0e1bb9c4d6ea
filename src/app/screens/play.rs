//! The gameplay screen: logo, puzzle, record and counters, the board, and
//! key caps below it when there is room.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::app::Action;
use crate::app::hint::{HintState, Search, first_push};
use crate::app::keys;
use crate::app::message::{Message, MessageKind, plural};
use crate::app::origin::{Opened, Origin};
use crate::app::theme::Theme;
use crate::app::widgets::board::{BoardLayout, BoardView, Marks};
use crate::app::widgets::help::render_help;
use crate::app::widgets::keycaps::{CLUSTER_HEIGHT, KeyCaps};
use crate::app::widgets::logo::{LOGO_HEIGHT, LOGO_WIDTH, Logo};
use crate::app::widgets::page::{MIN_HEIGHT, MIN_WIDTH, too_small};
use crate::game::{Direction, Game, push_path, walk_path};
use crate::solver::{Deadlocks, Outcome};

/// Where the board starts: below the header and the message line.
const BOARD_TOP: u16 = LOGO_HEIGHT + 2;
const BOARD_LEFT: u16 = 4;

#[derive(Debug)]
pub struct Play {
    pub opened: Opened,
    pub game: Game,
    /// The best score on the map's leaderboard.
    pub record: Option<usize>,
    pub message: Option<Message>,
    pub zoom: bool,
    pub show_help: bool,
    pub marks: Marks,
    pub hint: HintState,
    /// Dead squares of this level, for instant warnings after each push.
    deadlocks: Deadlocks,
    pub theme: Theme,
}

impl Play {
    pub fn new(opened: Opened, game: Game, record: Option<usize>, theme: Theme) -> Self {
        let mut play = Self {
            deadlocks: Deadlocks::new(&opened.level),
            opened,
            game,
            record,
            message: None,
            zoom: true,
            show_help: false,
            marks: Marks::default(),
            hint: HintState::Idle,
            theme,
        };
        // A loaded save may already be stuck.
        play.check_deadlocks();
        play
    }

    pub fn is_thinking(&self) -> bool {
        matches!(self.hint, HintState::Thinking(_))
    }

    /// H: start a search; once it has answered, H again plays the push.
    fn request_hint(&mut self) {
        match std::mem::take(&mut self.hint) {
            HintState::Idle => {
                self.message = None;
                self.hint = HintState::Thinking(Search::start(&self.game));
            }
            thinking @ HintState::Thinking(_) => self.hint = thinking,
            HintState::Ready(suggestion) => self.act(|game| play_steps(game, &suggestion.steps)),
        }
    }

    /// Takes in the search's answer, if it has one.
    pub fn poll_hint(&mut self) {
        let HintState::Thinking(search) = &self.hint else {
            return;
        };
        let Some(outcome) = search.poll() else {
            return;
        };
        self.hint = HintState::Idle;
        self.message = Some(match outcome {
            Outcome::Solved(solution) => match first_push(&self.game, &solution) {
                Some(suggestion) => {
                    let text = format!(
                        "Hint: push the marked box {}; H plays it",
                        direction_name(suggestion.direction)
                    );
                    self.marks.hint = Some((suggestion.box_at, suggestion.direction));
                    self.hint = HintState::Ready(suggestion);
                    Message::info(text)
                }
                None => Message::info("Already solved"),
            },
            Outcome::Unsolvable => {
                Message::warning("This position cannot be solved any more: undo (U) or reset (R)")
            }
            Outcome::GaveUp => Message::warning(format!(
                "No hint found in {} s: this one is hard",
                crate::app::hint::HINT_TIME.as_secs()
            )),
            Outcome::Cancelled => return,
            Outcome::TooLarge(why) => Message::warning(format!("No hint: this level is {why}")),
        });
    }

    /// Flags boxes that can never reach a goal, without waiting for a search.
    fn check_deadlocks(&mut self) {
        let boxes: Vec<_> = self.game.box_positions().collect();
        self.marks.dead_boxes = self.deadlocks.stuck_boxes(&boxes);
        if !self.marks.dead_boxes.is_empty() {
            self.message = Some(Message::warning(
                "A box can no longer reach a goal: undo (U) or reset (R)",
            ));
        }
    }

    /// Free play and multi-level files can step to the next or previous level.
    fn can_switch_levels(&self) -> bool {
        match &self.opened.origin {
            Origin::FreePlay { .. } => true,
            Origin::Custom { count, .. } => *count > 1,
            Origin::Arcade { .. } => false,
        }
    }

    pub fn handle_key(&mut self, key: &KeyEvent) -> Option<Action> {
        if self.show_help {
            self.show_help = false;
            return None;
        }
        // Solved: the board stays up until the player moves on.
        if self.game.is_solved() {
            let done = keys::is_accept(key) || key.code == KeyCode::Esc;
            return done.then_some(Action::Solved);
        }
        if let Some(direction) = keys::direction(key) {
            self.act(|game| game.step(direction).is_some());
            return None;
        }
        match key.code {
            KeyCode::Esc => return Some(Action::Leave),
            KeyCode::Char('?') => self.show_help = true,
            _ if keys::is_letter(key, 'u') => self.act(|game| game.undo().is_some()),
            _ if keys::is_letter(key, 'y') => self.act(|game| game.redo().is_some()),
            _ if keys::is_letter(key, 'r') => self.act(|game| {
                let changed = game.score() > 0;
                game.reset();
                changed
            }),
            _ if keys::is_letter(key, 'z') => self.zoom = !self.zoom,
            _ if keys::is_letter(key, 'h') => self.request_hint(),
            _ if keys::is_letter(key, 'n') && self.can_switch_levels() => {
                return Some(Action::SwitchLevel(1));
            }
            _ if keys::is_letter(key, 'p') && self.can_switch_levels() => {
                return Some(Action::SwitchLevel(-1));
            }
            _ => {}
        }
        None
    }

    /// Applies a change to the game; whatever changed the position clears
    /// stale marks and may have solved the level.
    fn act(&mut self, change: impl FnOnce(&mut Game) -> bool) {
        if !change(&mut self.game) {
            return;
        }
        self.message = None;
        self.marks.selected = None;
        // Any change makes a hint stale; dropping a search cancels it.
        self.hint = HintState::Idle;
        self.marks.hint = None;
        self.check_deadlocks();
        if self.game.is_solved() {
            self.message = Some(Message::info(format!(
                "Solved in {}! Press Enter to continue",
                plural(self.game.score(), "move")
            )));
        }
    }

    /// Click a reachable cell to walk there; click a box, then a cell, to
    /// push it there. Every step counts as if typed.
    pub fn handle_mouse(&mut self, mouse: &MouseEvent, screen: Rect) {
        if self.show_help || self.game.is_solved() {
            return;
        }
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left)) {
            return;
        }
        let Some(layout) = self.board_layout(screen) else {
            return;
        };
        let Some(target) = layout.cell_at(mouse.column, mouse.row) else {
            self.marks.selected = None;
            return;
        };
        if self.game.has_box(target) {
            self.marks.selected = (self.marks.selected != Some(target)).then_some(target);
            return;
        }
        let path = match self.marks.selected.take() {
            Some(from) => push_path(&self.game, from, target),
            None => walk_path(&self.game, target),
        };
        let Some(path) = path else {
            self.message = Some(Message::info("No way there"));
            return;
        };
        self.act(|game| play_steps(game, &path));
    }

    /// Where the board goes on a screen of this size, if it gets drawn at all.
    fn board_layout(&self, screen: Rect) -> Option<BoardLayout> {
        if screen.width < MIN_WIDTH || screen.height < MIN_HEIGHT {
            return None;
        }
        let area = Rect::new(
            screen.x + BOARD_LEFT,
            screen.y + BOARD_TOP,
            screen.width.saturating_sub(BOARD_LEFT + 1),
            screen.height.saturating_sub(BOARD_TOP),
        );
        Some(BoardLayout::new(area, &self.game, self.zoom))
    }

    fn header_lines(&self) -> [String; 3] {
        let record = self.record.map_or("N/A".to_owned(), |r| r.to_string());
        [
            format!("Puzzle: {}", self.opened.heading()),
            format!("Record: {record}"),
            format!(
                "Moves: {}   Pushes: {}",
                self.game.score(),
                self.game.pushes()
            ),
        ]
    }
}

impl Widget for &Play {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
            return;
        }
        let lines = self.header_lines();
        let info_width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
        let info_x = if area.width >= LOGO_WIDTH + 3 + info_width.min(30) {
            Logo {
                style: Style::new(),
            }
            .render(Rect::new(area.x, area.y, LOGO_WIDTH, LOGO_HEIGHT), buf);
            area.x + LOGO_WIDTH + 3
        } else {
            area.x
        };
        for (row, line) in lines.iter().enumerate() {
            let width = area.right().saturating_sub(info_x) as usize;
            buf.set_stringn(info_x, area.y + row as u16, line, width, Style::new());
        }
        let thinking = match &self.hint {
            HintState::Thinking(search) => Some(Message::info(format!(
                "{} Thinking… {} s (any move cancels)",
                SPINNER[(search.elapsed().as_millis() / 100) as usize % SPINNER.len()],
                search.elapsed().as_secs()
            ))),
            _ => None,
        };
        if let Some(message) = thinking.as_ref().or(self.message.as_ref()) {
            let style = match message.kind {
                MessageKind::Info => self.theme.good(),
                MessageKind::Warning => self.theme.error(),
            };
            buf.set_stringn(
                area.x,
                area.y + LOGO_HEIGHT,
                &message.text,
                area.width as usize,
                style,
            );
        }
        let Some(layout) = self.board_layout(area) else {
            return;
        };
        BoardView {
            game: &self.game,
            layout,
            theme: self.theme,
            marks: &self.marks,
        }
        .render(layout.area, buf);
        let caps_top = layout.area.y + layout.rows as u16 + 1;
        if caps_top + CLUSTER_HEIGHT <= area.bottom() {
            KeyCaps {
                style: Style::new(),
                legend_style: self.theme.dim(),
            }
            .render(
                Rect::new(area.x + 1, caps_top, area.width - 1, CLUSTER_HEIGHT),
                buf,
            );
        }
        if self.show_help {
            render_help(area, buf, self.theme);
        }
    }
}

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Left => "left",
        Direction::Up => "up",
        Direction::Right => "right",
        Direction::Down => "down",
    }
}

/// Plays a path step by step, stopping early if it solves the level.
/// Returns whether anything moved.
fn play_steps(game: &mut Game, steps: &[Direction]) -> bool {
    let mut moved = false;
    for &direction in steps {
        moved |= game.step(direction).is_some();
        if game.is_solved() {
            break;
        }
    }
    moved
}
