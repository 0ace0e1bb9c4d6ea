//! Key hints drawn as key caps, laid out like the spec's screen, with a
//! legend from the key map beside them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::widgets::Widget;

use crate::app::keymap::legend_lines;

/// Caps are 5 cells wide and 3 tall: `╔═══╗ ║ W ║ ╚═══╝`.
const CAP_WIDTH: u16 = 5;
const CAP_HEIGHT: u16 = 3;

/// The spec's cluster: W, R and ESC above A, S, D and U.
const CAPS: [(&str, u16, u16); 7] = [
    ("W", 6, 0),
    ("R", 18, 0),
    ("ESC", 24, 0),
    ("A", 0, 3),
    ("S", 6, 3),
    ("D", 12, 3),
    ("U", 24, 3),
];

pub const CLUSTER_WIDTH: u16 = 29;
pub const CLUSTER_HEIGHT: u16 = 6;
/// Columns between the caps and their legend.
pub const LEGEND_GAP: u16 = 3;

pub struct KeyCaps {
    pub style: Style,
    pub legend_style: Style,
    /// The caps' edges: [`Theme::border`], so `--ascii` draws `+---+`.
    ///
    /// [`Theme::border`]: crate::app::theme::Theme::border
    pub border: border::Set<'static>,
}

impl Widget for KeyCaps {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < CLUSTER_WIDTH || area.height < CLUSTER_HEIGHT {
            return;
        }
        for (label, dx, dy) in CAPS {
            draw_cap(
                buf,
                area.x + dx,
                area.y + dy,
                label,
                self.border,
                self.style,
            );
        }
        let legend = legend_lines();
        let legend_width = legend.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
        let legend_x = area.x + CLUSTER_WIDTH + LEGEND_GAP;
        if area.right() >= legend_x + legend_width {
            for (row, line) in legend.iter().enumerate() {
                buf.set_string(legend_x, area.y + row as u16, line, self.legend_style);
            }
        }
    }
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
