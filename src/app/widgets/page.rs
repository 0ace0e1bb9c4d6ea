//! The frame every menu screen shares: the logo, a heading, a footer of
//! keys, and a notice when the terminal is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::logo::{LOGO_HEIGHT, LOGO_WIDTH, Logo};
use crate::app::message::Message;
use crate::app::theme::Theme;

/// Below this nothing useful fits.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;

/// Whether `area` is too small to draw anything; if so, says how big it must be.
pub fn too_small(area: Rect, buf: &mut Buffer, min_width: u16, min_height: u16) -> bool {
    if area.width >= min_width && area.height >= min_height {
        return false;
    }
    let lines = [
        "Terminal too small".to_owned(),
        format!("need {min_width}x{min_height}"),
        format!("have {}x{}", area.width, area.height),
    ];
    for (row, line) in lines.iter().enumerate() {
        let y = area.y + row as u16;
        if y < area.bottom() {
            buf.set_stringn(area.x, y, line, area.width as usize, Style::new());
        }
    }
    true
}

/// Where the parts of a menu page go, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageAreas {
    pub logo: Rect,
    pub heading: Rect,
    /// What is left for the screen's own content.
    pub content: Rect,
    /// The line just above the footer, for a notice.
    pub notice: Rect,
    pub footer: Rect,
}

/// The page's areas, or `None` when the terminal is too small for one.
pub fn page_areas(area: Rect) -> Option<PageAreas> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    let [_, logo, _, heading, _, content, notice, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(LOGO_HEIGHT),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    Some(PageAreas {
        logo: centered_column(logo, LOGO_WIDTH),
        heading,
        content,
        notice,
        footer,
    })
}

/// Draws the logo and heading at the top and the key hints at the bottom;
/// returns the area left for the screen's content, or `None` (after saying
/// so) when the terminal is too small.
pub fn page(
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
    heading: &str,
    footer: &str,
) -> Option<Rect> {
    let Some(areas) = page_areas(area) else {
        too_small(area, buf, MIN_WIDTH, MIN_HEIGHT);
        return None;
    };
    Logo {
        style: theme.accent(),
    }
    .render(areas.logo, buf);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    centered_line(areas.heading, areas.heading.y, heading, buf, bold);
    centered_line(areas.footer, areas.footer.y, footer, buf, theme.dim());
    Some(areas.content)
}

/// Something the player should know, on the line just above the footer.
pub fn notice_line(area: Rect, buf: &mut Buffer, theme: Theme, message: Option<&Message>) {
    if let Some(message) = message
        && let Some(areas) = page_areas(area)
    {
        let style = theme.message(message.kind);
        centered_line(areas.notice, areas.notice.y, &message.text, buf, style);
    }
}

pub fn centered_line(area: Rect, y: u16, text: &str, buf: &mut Buffer, style: Style) {
    let width = text.chars().count() as u16;
    let x = area.x + area.width.saturating_sub(width) / 2;
    if y < area.bottom() {
        buf.set_stringn(x, y, text, area.width as usize, style);
    }
}

/// A column of `width` cells centred in `area`.
pub fn centered_column(area: Rect, width: u16) -> Rect {
    let width = width.min(area.width);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y,
        width,
        area.height,
    )
}
