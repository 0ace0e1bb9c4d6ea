//! The frame every menu screen shares: the logo, a heading, a footer of
//! keys, and a notice when the terminal is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::logo::{LOGO_HEIGHT, LOGO_WIDTH, Logo};
use super::message_lines::MessageLines;
use crate::app::message::Message;
use crate::app::theme::{Chrome, Theme};
use crate::text::width;

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

/// Below this height the page drops its blank rows so that the content
/// (a menu's every choice) still fits at the 40x12 minimum.
const ROOMY_HEIGHT: u16 = 15;

/// The page's areas, or `None` when the terminal is too small for one.
pub fn page_areas(area: Rect) -> Option<PageAreas> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    let gap = u16::from(area.height >= ROOMY_HEIGHT);
    let [_, logo, _, heading, _, content, notice, footer] = Layout::vertical([
        Constraint::Length(gap),
        Constraint::Length(LOGO_HEIGHT),
        Constraint::Length(gap),
        Constraint::Length(1),
        Constraint::Length(gap),
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

/// The footer's key hints that fit `columns` whole: hints are dropped from
/// the end rather than cut mid-word.
fn fitting_footer(footer: &str, columns: usize, separator: &str) -> String {
    let mut hints: Vec<&str> = footer.split(separator).collect();
    while hints.len() > 1 && width(&hints.join(separator)) > columns {
        hints.pop();
    }
    hints.join(separator)
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
        ascii: theme.ascii,
    }
    .render(areas.logo, buf);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    centered_line(
        areas.heading,
        areas.heading.y,
        &theme.text(heading),
        buf,
        bold,
    );
    let separator = format!(" {} ", theme.chrome(Chrome::Separator));
    let footer = fitting_footer(&theme.text(footer), areas.footer.width as usize, &separator);
    centered_line(areas.footer, areas.footer.y, &footer, buf, theme.dim());
    Some(areas.content)
}

/// Something the player should know, on the line just above the footer;
/// a notice longer than the line says that `M` shows it whole.
pub fn notice_line(area: Rect, buf: &mut Buffer, theme: Theme, message: Option<&Message>) {
    if let Some(message) = message
        && let Some(areas) = page_areas(area)
    {
        MessageLines {
            messages: std::slice::from_ref(message),
            theme,
            info_style: theme.message(message.kind),
            centered: true,
            more_key: "M",
        }
        .render(areas.notice, buf);
    }
}

pub fn centered_line(area: Rect, y: u16, text: &str, buf: &mut Buffer, style: Style) {
    let width = width(text) as u16;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_footer_too_wide_drops_whole_hints_from_the_end() {
        let footer = "↑↓ choose · Enter accept · Esc quit";
        assert_eq!(fitting_footer(footer, 40, " · "), footer);
        assert_eq!(
            fitting_footer(footer, 30, " · "),
            "↑↓ choose · Enter accept"
        );
        assert_eq!(fitting_footer(footer, 5, " · "), "↑↓ choose");
    }

    #[test]
    fn at_the_minimum_size_the_page_drops_its_blank_rows() {
        let small = page_areas(Rect::new(0, 0, 40, 12)).expect("fits");
        assert_eq!((small.logo.y, small.heading.y, small.content.y), (0, 3, 4));
        assert_eq!(small.content.height, 6);
        let roomy = page_areas(Rect::new(0, 0, 80, 24)).expect("fits");
        assert_eq!((roomy.logo.y, roomy.heading.y, roomy.content.y), (1, 5, 7));
        assert_eq!(roomy.content.height, 15);
    }
}
