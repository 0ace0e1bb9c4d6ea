//! The frame every menu screen shares: the logo, a heading, a footer of
//! keys, and a notice when the terminal is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::logo::{LOGO_HEIGHT, LOGO_WIDTH, Logo};
use super::message_lines::MessageLines;
use crate::app::message::Message;
use crate::app::screen::{Command, footer};
use crate::app::theme::{Chrome, Theme};
use crate::text::{fit, width};

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
    /// Empty when the page is too short for the logo and its content.
    pub logo: Rect,
    pub heading: Rect,
    /// What is left for the screen's own content.
    pub content: Rect,
    /// The line just above the footer, for a notice.
    pub notice: Rect,
    /// One row per line of key hints, so every hint shows whole.
    pub footer: Rect,
}

/// Below this height the page drops its blank rows, and every page but the
/// main menu its logo, so that the content (a menu's every choice, a
/// leaderboard) still fits at the 40x12 minimum.
const ROOMY_HEIGHT: u16 = 15;

/// On a taller screen than this the page is a band this tall in the
/// middle, rather than a menu at the top over rows of nothing; the level
/// screen starts where the band's logo does.
pub const TALLEST_PAGE: u16 = 30;

/// The band of `area` a page takes: all of it up to [`TALLEST_PAGE`] rows.
fn band(area: Rect) -> Rect {
    let height = area.height.min(TALLEST_PAGE);
    Rect {
        y: area.y + (area.height - height) / 2,
        height,
        ..area
    }
}

/// The row (from the top of a screen `height` rows tall) where a page's
/// logo starts, so the level screen can put its own there too.
pub fn logo_row(height: u16) -> u16 {
    let band = band(Rect::new(0, 0, 1, height));
    band.y + u16::from(band.height >= ROOMY_HEIGHT)
}

/// Whether a page shows the logo on a short screen too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogoRule {
    /// The main menu: the spec's first screen has the logo; on a short
    /// screen it stands for the heading too.
    Always,
    /// Every other page: the logo gives way to content on a short screen.
    WhenRoomy,
    /// As `WhenRoomy`, for a page whose content uses every row it gets
    /// (charts, tables): on a tall terminal it takes the whole height
    /// rather than the band in the middle.
    EveryRow,
}

/// The page's areas for a footer of `footer` (key hints joined by the
/// theme's separator), or `None` when the terminal is too small for one.
pub fn page_areas(area: Rect, theme: Theme, footer: &str, logo: LogoRule) -> Option<PageAreas> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    let area = if logo == LogoRule::EveryRow {
        area
    } else {
        band(area)
    };
    let roomy = area.height >= ROOMY_HEIGHT;
    let gap = u16::from(roomy);
    let logo_rows = if roomy || logo == LogoRule::Always {
        LOGO_HEIGHT
    } else {
        0
    };
    let footer_rows = footer_lines(theme, footer, area.width).len() as u16;
    // The main menu on a short screen keeps the logo, which names the
    // game, in place of its heading, and says its notices under the menu.
    let (heading_rows, notice_rows) = if roomy || logo != LogoRule::Always {
        (1, 1)
    } else {
        (0, 0)
    };
    let [_, logo, _, heading, _, content, notice, footer] = Layout::vertical([
        Constraint::Length(gap),
        Constraint::Length(logo_rows),
        Constraint::Length(gap.min(logo_rows)),
        Constraint::Length(heading_rows),
        Constraint::Length(gap),
        Constraint::Fill(1),
        Constraint::Length(notice_rows),
        Constraint::Length(footer_rows),
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

/// Where a page's content goes for a screen with these `commands` and
/// `logo` rule, for the mouse: the same place `page` draws it.
pub fn page_content(
    area: Rect,
    theme: Theme,
    commands: &[Command],
    logo: LogoRule,
) -> Option<Rect> {
    page_areas(area, theme, &footer(commands), logo).map(|areas| areas.content)
}

/// Draws key hints at the bottom of `area`, left-aligned, each hint whole
/// on as many lines as they need (the editor's and the watch screen's
/// keys); returns the rows they take.
pub fn bottom_keys(area: Rect, buf: &mut Buffer, theme: Theme, footer: &str) -> u16 {
    let lines = footer_lines(theme, footer, area.width);
    let rows = (lines.len() as u16).min(area.height);
    for (row, line) in lines.iter().take(rows as usize).enumerate() {
        let y = area.bottom() - rows + row as u16;
        buf.set_stringn(area.x, y, line, area.width as usize, theme.dim());
    }
    rows
}

/// Rows [`bottom_keys`] takes at `columns`.
pub fn bottom_keys_rows(theme: Theme, footer: &str, columns: u16) -> u16 {
    footer_lines(theme, footer, columns).len() as u16
}

/// The widest line [`bottom_keys`] draws at `columns`.
pub fn bottom_keys_width(theme: Theme, footer: &str, columns: u16) -> u16 {
    let lines = footer_lines(theme, footer, columns);
    lines.iter().map(|line| width(line)).max().unwrap_or(0) as u16
}

/// The footer's key hints in lines of `columns`, each hint whole: a hint
/// that does not fit on a line starts the next.
fn footer_lines(theme: Theme, footer: &str, columns: u16) -> Vec<String> {
    let footer = theme.text(footer);
    let separator = format!(" {} ", theme.chrome(Chrome::Separator));
    let mut lines: Vec<String> = Vec::new();
    for hint in footer.split(&separator) {
        match lines.last_mut() {
            Some(line) if width(line) + width(&separator) + width(hint) <= columns as usize => {
                line.push_str(&separator);
                line.push_str(hint);
            }
            _ => lines.push(hint.to_owned()),
        }
    }
    lines
}

/// Draws the logo (if it fits) and heading at the top and every key hint
/// at the bottom; returns where the rest goes, or `None` (after saying
/// so) when the terminal is too small.
pub fn page(
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
    heading: &str,
    footer: &str,
    logo: LogoRule,
) -> Option<PageAreas> {
    let Some(areas) = page_areas(area, theme, footer, logo) else {
        too_small(area, buf, MIN_WIDTH, MIN_HEIGHT);
        return None;
    };
    if !areas.logo.is_empty() {
        Logo {
            style: theme.accent(),
            ascii: theme.ascii,
        }
        .render(areas.logo, buf);
    }
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let heading = theme.text(heading);
    let ellipsis = theme.chrome(Chrome::Ellipsis);
    let heading = fit(&heading, areas.heading.width as usize, ellipsis);
    centered_line(areas.heading, areas.heading.y, &heading, buf, bold);
    let lines = footer_lines(theme, footer, areas.footer.width);
    for (row, line) in lines.iter().enumerate() {
        let y = areas.footer.y + row as u16;
        centered_line(areas.footer, y, line, buf, theme.dim());
    }
    Some(areas)
}

/// Something the player should know, on the line just above the footer;
/// a notice longer than the line says that `M` shows it whole.
pub fn notice_line(areas: &PageAreas, buf: &mut Buffer, theme: Theme, message: Option<&Message>) {
    notice_lines(areas, areas.content.height, buf, theme, message);
}

/// The rows a notice wants above its own line: what a list above it
/// gives up so that the notice shows whole.
pub fn notice_extra_rows(areas: &PageAreas, theme: Theme, message: Option<&Message>) -> u16 {
    message.map_or(0, |message| {
        let lines = MessageLines::single(message, theme, true);
        let notice = areas.notice;
        if notice.height == 0 {
            return 0;
        }
        lines.height(notice.width).saturating_sub(notice.height)
    })
}

/// [`notice_line`] for a page whose content fills only its first `used`
/// rows: a notice too long for its line also takes the free rows above
/// it, so that a question shows whole, with its keys, at 40x12.
pub fn notice_lines(
    areas: &PageAreas,
    used: u16,
    buf: &mut Buffer,
    theme: Theme,
    message: Option<&Message>,
) {
    let Some(message) = message else {
        return;
    };
    let lines = MessageLines::single(message, theme, true);
    let notice = areas.notice;
    let free = areas.content.height.saturating_sub(used);
    let wanted = lines.height(notice.width).saturating_sub(notice.height);
    let extra = if notice.height == 0 {
        0
    } else {
        wanted.min(free)
    };
    let area = Rect {
        y: notice.y - extra,
        height: notice.height + extra,
        ..notice
    };
    lines.render(area, buf);
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

    const FOOTER: &str = "↑↓ choose · Enter accept · Esc quit";

    #[test]
    fn a_footer_too_wide_goes_on_in_a_second_line_of_whole_hints() {
        let theme = Theme::default();
        assert_eq!(footer_lines(theme, FOOTER, 40), [FOOTER]);
        assert_eq!(
            footer_lines(theme, FOOTER, 30),
            ["↑↓ choose · Enter accept", "Esc quit"]
        );
        assert_eq!(footer_lines(theme, FOOTER, 5).len(), 3);
    }

    #[test]
    fn at_the_minimum_size_the_page_drops_its_blank_rows_and_its_logo() {
        let theme = Theme::default();
        let small = page_areas(Rect::new(0, 0, 40, 12), theme, FOOTER, LogoRule::WhenRoomy);
        let small = small.expect("fits");
        assert!(small.logo.is_empty());
        assert_eq!((small.heading.y, small.content.y), (0, 1));
        assert_eq!(small.content.height, 9);
        let menu = page_areas(Rect::new(0, 0, 40, 12), theme, FOOTER, LogoRule::Always);
        let menu = menu.expect("fits");
        assert_eq!(
            (menu.logo.y, menu.heading.height, menu.content.y),
            (0, 0, 3)
        );
        assert_eq!(menu.content.height, 8);
        let roomy = page_areas(Rect::new(0, 0, 80, 24), theme, FOOTER, LogoRule::WhenRoomy);
        let roomy = roomy.expect("fits");
        assert_eq!((roomy.logo.y, roomy.heading.y, roomy.content.y), (1, 5, 7));
        assert_eq!(roomy.content.height, 15);
    }
}
