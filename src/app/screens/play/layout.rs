//! The gameplay screen's parts: its header, its line of keys and the key
//! caps' width, placed by [`LevelScreen`] as every level's screen is.

use ratatui::layout::Rect;

use super::Play;
use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::widgets::keycaps::{CLUSTER_WIDTH, LEGEND_GAP};
use crate::app::widgets::level_layout::{LevelAreas, LevelScreen, header_beside_logo};
use crate::text::{width, wrap};
use schokoban_core::{Direction, Pos};

/// The line under the board where the key caps do not fit, in `columns`:
/// the keys that show every key and leave, and before them as many of
/// moving, undo, reset and hint as fit.
pub(super) fn keys_line_text(keys: &KeyMap, columns: u16) -> String {
    let key = |action| keys.label(Scope::Play, action).replace(" / ", "/");
    let always = [
        format!("{} all keys", key(Action::Help)),
        format!("{} leave", key(Action::Leave)),
    ];
    let mut line = always.join(" · ");
    let optional = [
        format!("{} move", key(Action::Move(Direction::Up))),
        format!("{} undo", key(Action::Undo)),
        format!("{} reset", key(Action::Reset)),
        format!("{} hint", key(Action::Hint)),
    ];
    let mut taken = Vec::new();
    for hint in optional {
        let longer = [taken.clone(), vec![hint.clone()], always.to_vec()]
            .concat()
            .join(" · ");
        if width(&longer) > columns as usize {
            continue;
        }
        taken.push(hint);
        line = longer;
    }
    line
}

impl Play {
    /// The screen's parts on a screen of `screen`, if it is big enough:
    /// placed as every level's screen is.
    pub(super) fn areas(&self, screen: Rect, message: Option<&Message>) -> Option<LevelAreas> {
        let hinted: Vec<Pos> = self
            .marks
            .hint
            .iter()
            .flat_map(|&(box_at, direction)| {
                std::iter::once(box_at).chain(self.game.level().neighbour(box_at, direction))
            })
            .collect();
        let keys_line = |columns| keys_line_text(&self.keys, columns);
        LevelScreen {
            header: self.header(screen.width),
            game: &self.game,
            zoom: self.zoom,
            showing: &hinted,
            caps_width: Some(caps_width(&self.keys)),
            keys_line: &keys_line,
            message,
            theme: self.theme,
        }
        .areas(screen)
    }

    /// The header's lines, and whether the logo goes beside them: the
    /// spec's three lines beside the logo where they fit; else without it;
    /// else the title wrapped on two lines, the counts, and the bests as
    /// moves/pushes.
    fn header(&self, columns: u16) -> (bool, Vec<String>) {
        let record = self.record.map_or("N/A".to_owned(), |r| r.to_string());
        let beside = |bests: String| {
            if bests.is_empty() {
                record.clone()
            } else {
                format!("{record}  {bests}")
            }
        };
        let title = format!("Puzzle: {}", self.opened.heading());
        let (moves, pushes) = (self.game.score(), self.game.pushes());
        let lines = |bests: String| {
            vec![
                title.clone(),
                format!("Record: {}", beside(bests)),
                format!("Moves: {moves}   Pushes: {pushes}"),
            ]
        };
        let lines = lines(self.bests.line());
        if header_beside_logo(&lines, columns) {
            return (true, lines);
        }
        let widest = lines.iter().map(|l| width(l)).max().unwrap_or(0) as u16;
        if widest <= columns {
            return (false, lines);
        }
        // Narrow: the title on two lines, the counts on one, and the bests
        // as moves/pushes, on their own line when they do not fit beside.
        let mut wrapped = wrap(&title, columns as usize);
        wrapped.truncate(2);
        let record = beside(self.bests.short());
        let counts = format!("Moves: {moves}  Pushes: {pushes}");
        let together = format!("Record: {record}  {counts}");
        if width(&together) <= usize::from(columns) {
            wrapped.push(together);
        } else {
            wrapped.extend([format!("Record: {record}"), counts]);
        }
        (false, wrapped)
    }
}

/// The key caps and their legend, as wide as they draw.
fn caps_width(keys: &KeyMap) -> u16 {
    let legend = keys
        .legend_lines()
        .iter()
        .map(|l| width(l))
        .max()
        .unwrap_or(0) as u16;
    1 + CLUSTER_WIDTH + LEGEND_GAP + legend
}
