//! The frame every menu screen shares: the logo, a heading, a footer of
//! keys, and a notice when the terminal is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::logo::{LOGO_HEIGHT, LOGO_WIDTH, Logo};
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
    if too_small(area, buf, MIN_WIDTH, MIN_HEIGHT) {
        return None;
    }
    let logo_x = area.x + area.width.saturating_sub(LOGO_WIDTH) / 2;
    Logo {
        style: theme.accent(),
        ascii: theme.ascii,
    }
    .render(
        Rect::new(logo_x, area.y + 1, LOGO_WIDTH.min(area.width), LOGO_HEIGHT),
        buf,
    );
    let heading_y = area.y + LOGO_HEIGHT + 2;
    centered_line(
        area,
        heading_y,
        &theme.text(heading),
        buf,
        Style::new().add_modifier(ratatui::style::Modifier::BOLD),
    );
    let footer_y = area.bottom().saturating_sub(1);
    centered_line(area, footer_y, &theme.text(footer), buf, theme.dim());
    let top = heading_y + 2;
    Some(Rect::new(
        area.x,
        top,
        area.width,
        footer_y.saturating_sub(top + 1),
    ))
}

/// Something the player should know, on the line just above the footer.
pub fn notice_line(area: Rect, buf: &mut Buffer, theme: Theme, notice: Option<&str>) {
    if let Some(text) = notice {
        centered_line(
            area,
            area.bottom().saturating_sub(2),
            &theme.text(text),
            buf,
            theme.error(),
        );
    }
}

pub fn centered_line(area: Rect, y: u16, text: &str, buf: &mut Buffer, style: Style) {
    let width = crate::text::width(text) as u16;
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
