//! Key hints drawn as key caps, laid out like the spec's screen, with a
//! legend from the key map beside them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::widgets::Widget;

use crate::app::keymap::{Action, Key, KeyMap, Scope};
use schokoban_core::Direction;

/// Caps are 5 cells wide and 3 tall: `╔═══╗ ║ W ║ ╚═══╝`.
const CAP_WIDTH: u16 = 5;
const CAP_HEIGHT: u16 = 3;

/// The spec's cluster: up, reset and leave above left, down, right and
/// undo, W R ESC over A S D U with the default keys.
const CAPS: [(Action, u16, u16); 7] = [
    (Action::Move(Direction::Up), 6, 0),
    (Action::Reset, 18, 0),
    (Action::Leave, 24, 0),
    (Action::Move(Direction::Left), 0, 3),
    (Action::Move(Direction::Down), 6, 3),
    (Action::Move(Direction::Right), 12, 3),
    (Action::Undo, 24, 3),
];

pub const CLUSTER_WIDTH: u16 = 29;
pub const CLUSTER_HEIGHT: u16 = 6;
/// Columns between the caps and their legend.
pub const LEGEND_GAP: u16 = 3;

pub struct KeyCaps<'a> {
    /// The map in use, whose keys the caps and the legend name.
    pub keys: &'a KeyMap,
    pub style: Style,
    pub legend_style: Style,
    /// The caps' edges: [`Theme::border`], so `--ascii` draws `+---+`.
    ///
    /// [`Theme::border`]: crate::app::theme::Theme::border
    pub border: border::Set<'static>,
}

impl Widget for KeyCaps<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < CLUSTER_WIDTH || area.height < CLUSTER_HEIGHT {
            return;
        }
        for (action, dx, dy) in CAPS {
            draw_cap(
                buf,
                area.x + dx,
                area.y + dy,
                &cap_label(self.keys, action),
                self.border,
                self.style,
            );
        }
        let legend = self.keys.legend_lines();
        let legend_width = legend.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
        let legend_x = area.x + CLUSTER_WIDTH + LEGEND_GAP;
        if area.right() >= legend_x + legend_width {
            for (row, line) in legend.iter().enumerate() {
                buf.set_string(legend_x, area.y + row as u16, line, self.legend_style);
            }
        }
    }
}

/// What the cap of `action` says: its first letter key, as the spec's
/// caps name WASD rather than the arrows, else its first key; in capitals
/// and at most the cap's three columns, so a rebound key shows as bound.
fn cap_label(map: &KeyMap, action: Action) -> String {
    let keys = map.keys_of(Scope::Play, action);
    keys.iter()
        .find(|key| matches!(key, Key::Letter(_)))
        .or(keys.first())
        .map(|key| key.name().to_uppercase().chars().take(3).collect())
        .unwrap_or_default()
}

fn draw_cap(buf: &mut Buffer, x: u16, y: u16, label: &str, edge: border::Set, style: Style) {
    let inner = (CAP_WIDTH - 2) as usize;
    let across = edge.horizontal_top.repeat(inner);
    let side = edge.vertical_left;
    buf.set_string(
        x,
        y,
        format!("{}{across}{}", edge.top_left, edge.top_right),
        style,
    );
    buf.set_string(x, y + 1, format!("{side}{label:^inner$}{side}"), style);
    buf.set_string(
        x,
        y + CAP_HEIGHT - 1,
        format!("{}{across}{}", edge.bottom_left, edge.bottom_right),
        style,
    );
}

#[cfg(test)]
mod tests {
    use ratatui::style::Style;

    use super::*;

    fn caps(keys: &KeyMap) -> Vec<String> {
        let area = Rect::new(0, 0, CLUSTER_WIDTH, CLUSTER_HEIGHT);
        let mut buf = Buffer::empty(area);
        KeyCaps {
            keys,
            style: Style::new(),
            legend_style: Style::new(),
            border: border::DOUBLE,
        }
        .render(area, &mut buf);
        [1, 4]
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
            })
            .to_vec()
    }

    #[test]
    fn the_caps_name_the_keys_as_bound() {
        assert_eq!(
            caps(&KeyMap::default()),
            [
                "      ║ W ║       ║ R ║ ║ESC║",
                "║ A ║ ║ S ║ ║ D ║       ║ U ║"
            ]
        );
        let mut map = KeyMap::default();
        map.rebind(
            Scope::Play,
            Action::Move(Direction::Up),
            vec![Key::Letter('k')],
        );
        map.rebind(Scope::Play, Action::Undo, vec![Key::Letter('z')]);
        assert_eq!(
            caps(&map),
            [
                "      ║ K ║       ║ R ║ ║ESC║",
                "║ A ║ ║ S ║ ║ D ║       ║ Z ║"
            ]
        );
    }
}
