//! What a level keeps besides its leaderboard, in one list: the level to
//! copy (XSB, one-line RLE), the moves so far, the solutions published with
//! it, the player's kept solutions and the optimizer's, and the snapshots.
//! Enter watches a solution or brings a snapshot back; C copies the line
//! chosen. The flows read the files before it opens; it reads none.

use std::rc::Rc;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::{Message, plural};
use crate::app::origin::Opened;
use crate::app::screen::{Command, Effect, News, Screen, footer, one_message};
use crate::app::screens::watch::Watch;
use crate::app::theme::Theme;
use crate::app::widgets::menu::{MenuKey, MenuList, menu_click, menu_key};
use crate::app::widgets::page::{LogoRule, centered_column, notice_line, page, page_content};
use crate::library::{Finder, Snapshot, Solution, format_utc};
use crate::printable::printable;
use schokoban_core::{Game, LogEntry, Metrics, Step, format_steps};

/// A line of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Row {
    LevelXsb,
    LevelRle,
    MovesSoFar,
    Published(usize),
    Solution(usize),
    Snapshot(usize),
}

/// The list screen; `keep::Kept` is what leaving a level would keep.
#[derive(Debug)]
pub(crate) struct KeptList {
    opened: Rc<Opened>,
    /// The game being played, which a snapshot brought back replaces.
    game: Game,
    solutions: Vec<Solution>,
    snapshots: Vec<Snapshot>,
    rows: Vec<Row>,
    selected: usize,
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl KeptList {
    pub fn new(
        opened: Rc<Opened>,
        game: Game,
        solutions: Vec<Solution>,
        snapshots: Vec<Snapshot>,
        message: Option<Message>,
        theme: Theme,
        keys: Rc<KeyMap>,
    ) -> Self {
        let mut rows = vec![Row::LevelXsb, Row::LevelRle, Row::MovesSoFar];
        rows.extend((0..opened.level.solutions().len()).map(Row::Published));
        rows.extend((0..solutions.len()).map(Row::Solution));
        // Newest first: the one just taken is the one wanted back.
        rows.extend((0..snapshots.len()).rev().map(Row::Snapshot));
        Self {
            opened,
            game,
            solutions,
            snapshots,
            rows,
            selected: 0,
            message,
            theme,
            keys,
        }
    }

    fn labels(&self) -> Vec<String> {
        self.rows.iter().map(|row| self.label(row)).collect()
    }

    fn label(&self, row: &Row) -> String {
        let counts =
            |m: Metrics| format!("{}, {}", plural(m.moves, "move"), plural(m.pushes, "push"));
        match row {
            Row::LevelXsb => "Copy the level (XSB)".to_owned(),
            Row::LevelRle => "Copy the level (one line)".to_owned(),
            Row::MovesSoFar => format!(
                "Copy your moves so far ({})",
                plural(self.game.history().len(), "move")
            ),
            Row::Published(index) => {
                let published = &self.opened.level.solutions()[*index];
                format!("Published: {}", counts(Metrics::of(&published.steps)))
            }
            Row::Solution(index) => {
                let solution = &self.solutions[*index];
                format!("{}: {}", whose(solution), counts(solution.metrics))
            }
            Row::Snapshot(index) => {
                let snapshot = &self.snapshots[*index];
                let when = snapshot
                    .taken
                    .map(|t| format!(" {}", format_utc(t).replace('T', " ").trim_end_matches('Z')))
                    .unwrap_or_default();
                format!("Snapshot{when}: {}", counts(snapshot.metrics()))
            }
        }
    }

    /// The text C copies for a row, and what it is called.
    fn copied(&self, row: &Row) -> (String, String) {
        match row {
            Row::LevelXsb => (self.opened.level.to_xsb(), "the level".to_owned()),
            Row::LevelRle => (
                self.opened.level.to_rle(),
                "the level as one line".to_owned(),
            ),
            Row::MovesSoFar => (format_steps(self.game.history()), "your moves".to_owned()),
            Row::Published(index) => (
                format_steps(&self.opened.level.solutions()[*index].steps),
                "the published solution".to_owned(),
            ),
            Row::Solution(index) => (self.solutions[*index].lurd(), "the solution".to_owned()),
            Row::Snapshot(index) => (
                format_steps(&self.snapshots[*index].steps),
                "the snapshot's moves".to_owned(),
            ),
        }
    }

    fn accept(&mut self) -> Effect {
        let Some(row) = self.rows.get(self.selected).cloned() else {
            return Effect::None;
        };
        let (heading, steps) = match &row {
            Row::Published(index) => (
                "Watching the published solution".to_owned(),
                self.opened.level.solutions()[*index].steps.clone(),
            ),
            Row::Solution(index) => {
                let solution = &self.solutions[*index];
                (
                    format!("Watching {}", whose(solution).to_lowercase()),
                    solution.steps.clone(),
                )
            }
            Row::Snapshot(index) => {
                let mut game = self.game.clone();
                let snapshot = &self.snapshots[*index];
                return match game.play_from_start(&snapshot.steps) {
                    Ok(()) => Effect::Uncover(News::Restored(game, snapshot.helped)),
                    Err(error) => self.say(format!("The snapshot does not fit: {error}")),
                };
            }
            _ => return self.copy(&row),
        };
        watch(
            &self.opened,
            heading,
            &steps,
            self.theme,
            Rc::clone(&self.keys),
        )
        .unwrap_or_else(|error| self.say(format!("It does not fit this level: {error}")))
    }

    fn copy(&self, row: &Row) -> Effect {
        let (text, what) = self.copied(row);
        Effect::Copy { text, what }
    }

    fn say(&mut self, text: String) -> Effect {
        self.message = Some(Message::warning(text));
        Effect::None
    }
}

/// Whose a kept solution is, and how it was found, as the list says it.
fn whose(solution: &Solution) -> String {
    let whose = match &solution.by {
        Finder::Player => "Yours".to_owned(),
        Finder::Helped => "Yours, with help".to_owned(),
        Finder::Optimizer => "Optimizer's".to_owned(),
        Finder::Pasted => "Pasted".to_owned(),
        // A later version's word, read from a file.
        Finder::Other(other) => format!("By {}", printable(other)),
    };
    if solution.in_reverse {
        format!("{whose}, found in reverse")
    } else {
        whose
    }
}

/// A screen watching `steps` played from the level's start.
pub(crate) fn watch(
    opened: &Opened,
    heading: String,
    steps: &[Step],
    theme: Theme,
    keys: Rc<KeyMap>,
) -> Result<Effect, schokoban_core::LogError> {
    let moves: Vec<LogEntry> = steps.iter().copied().map(LogEntry::Step).collect();
    let watch = Watch::run(heading, opened.heading(), &opened.level, moves, theme, keys)?;
    Ok(Effect::Push(Box::new(watch)))
}

/// Wide enough for a snapshot's line, date and counts.
const MENU_WIDTH: u16 = 56;

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for KeptList {
    fn name(&self) -> &'static str {
        "kept"
    }

    fn selected(&self) -> Option<usize> {
        Some(self.selected)
    }

    fn choices(&self) -> Vec<String> {
        self.labels()
    }
}

impl Screen for KeptList {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        self.message = None;
        if self.keys.action(&[Scope::Play], key) == Some(Action::Copy) {
            let row = self.rows[self.selected].clone();
            return self.copy(&row);
        }
        match menu_key(&self.keys, key, &mut self.selected, self.rows.len()) {
            Some(MenuKey::Accept) => self.accept(),
            Some(MenuKey::Back) => Effect::Back,
            None => Effect::None,
        }
    }

    fn handle_mouse(&mut self, mouse: MouseEvent, area: Rect) -> Effect {
        let Some(content) = page_content(area, self.theme, &self.commands(), LogoRule::WhenRoomy)
        else {
            return Effect::None;
        };
        let menu = centered_column(content, MENU_WIDTH);
        match menu_click(mouse, menu, &mut self.selected, self.rows.len()) {
            Some(MenuKey::Accept) => self.accept(),
            Some(MenuKey::Back) => Effect::Back,
            None => Effect::None,
        }
    }

    fn commands(&self) -> Vec<Command> {
        vec![
            Command::new(self.keys.up_down(), "choose"),
            Command::new(
                self.keys.key_name(Scope::Menus, Action::Accept),
                "watch/use",
            ),
            Command::new(self.keys.key_name(Scope::Play, Action::Copy), "copy"),
            Command::new(self.keys.key_name(Scope::Menus, Action::Back), "back"),
        ]
    }

    one_message!();

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let heading = format!("Kept: {}", self.opened.heading());
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            &heading,
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        notice_line(&areas, buf, self.theme, self.message.as_ref());
        let items = self.labels();
        MenuList {
            items: &items,
            selected: self.selected,
            theme: self.theme,
        }
        .render(centered_column(areas.content, MENU_WIDTH), buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_says_whose_a_solution_is_and_how_it_was_found() {
        let mut solution = Solution::new(Vec::new(), Finder::Player, None, None);
        assert_eq!(whose(&solution), "Yours");
        solution.in_reverse = true;
        assert_eq!(whose(&solution), "Yours, found in reverse");
        let helped = Solution::new(Vec::new(), Finder::Helped, None, None);
        assert_eq!(whose(&helped), "Yours, with help");
        let other = Solution::new(
            Vec::new(),
            Finder::Other("x\u{1b}]0;t".to_owned()),
            None,
            None,
        );
        assert_eq!(whose(&other), "By x\\x1B]0;t", "escaped, not obeyed");
    }
}
