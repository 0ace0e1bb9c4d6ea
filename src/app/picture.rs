//! A screen as a picture: the README's screenshot is the game's own
//! drawing, written as SVG in a dark terminal's colours, so it stays true
//! when the screen changes.

use std::fmt::Write as _;
use std::path::Path;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::Widget;

use super::theme::Theme;
use super::{App, Options};

/// One terminal cell, in SVG pixels, for a 15 px monospace font.
const CELL_WIDTH: f32 = 9.0;
const CELL_HEIGHT: f32 = 19.0;
const BACKGROUND: &str = "#1d1f21";
const FOREGROUND: &str = "#d5d8d6";

/// The README's picture: Arcade's first level of Microban a step in, at
/// 80x24, with its records kept in `data_dir` (best a fresh folder, so that
/// the picture shows no record).
pub fn readme_screen(data_dir: &Path) -> Buffer {
    let mut app = App::new(
        Options {
            map: None,
            data_dir: Some(data_dir.to_path_buf()),
            ascii: false,
            ..Options::default()
        },
        Theme::default(),
    );
    let area = Rect::new(0, 0, 80, 24);
    // Arcade, the first collection (Microban), its level 1, then a step.
    for code in [KeyCode::Enter, KeyCode::Enter, KeyCode::Right] {
        app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), area);
    }
    let mut buffer = Buffer::empty(area);
    (&app).render(area, &mut buffer);
    buffer
}

/// The buffer as an SVG document: a dark terminal, each run of cells that
/// share a style as one `<text>` stretched to exactly its cells' width.
pub fn svg(buffer: &Buffer) -> String {
    let area = buffer.area;
    let (width, height) = (
        f32::from(area.width) * CELL_WIDTH,
        f32::from(area.height) * CELL_HEIGHT,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="15">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{BACKGROUND}"/>"#
    );
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let cell = &buffer[(x, y)];
            let style = (cell.fg, cell.bg, cell.modifier);
            let start = x;
            let mut text = String::new();
            while x < area.width {
                let next = &buffer[(x, y)];
                if (next.fg, next.bg, next.modifier) != style {
                    break;
                }
                text.push_str(next.symbol());
                x += 1;
            }
            write_run(&mut out, start, y, x - start, &text, style);
        }
    }
    out.push_str("</svg>\n");
    out
}

fn write_run(
    out: &mut String,
    column: u16,
    row: u16,
    cells: u16,
    text: &str,
    (fg, bg, modifier): (Color, Color, Modifier),
) {
    let (fg, bg) = if modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    };
    let x = f32::from(column) * CELL_WIDTH;
    let top = f32::from(row) * CELL_HEIGHT;
    let run_width = f32::from(cells) * CELL_WIDTH;
    if let Some(fill) = hex(bg) {
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{top}" width="{run_width}" height="{CELL_HEIGHT}" fill="{fill}"/>"#
        );
    }
    if text.trim().is_empty() {
        return;
    }
    let fill = hex(fg).unwrap_or_else(|| FOREGROUND.to_owned());
    let weight = if modifier.contains(Modifier::BOLD) {
        r#" font-weight="bold""#
    } else {
        ""
    };
    let faint = if modifier.contains(Modifier::DIM) {
        r#" opacity="0.6""#
    } else {
        ""
    };
    let baseline = top + CELL_HEIGHT * 0.78;
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{baseline}" textLength="{run_width}" lengthAdjust="spacingAndGlyphs" xml:space="preserve" fill="{fill}"{weight}{faint}>{}</text>"#,
        escape(text)
    );
}

/// A terminal colour as the usual dark theme shows it; `None` for the
/// terminal's own default.
fn hex(color: Color) -> Option<String> {
    let named = match color {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => return Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(index) => return Some(indexed(index)),
        Color::Black => "#1d1f21",
        Color::Red => "#cc6666",
        Color::Green => "#8abe5a",
        Color::Yellow => "#f0c674",
        Color::Blue => "#81a2be",
        Color::Magenta => "#b294bb",
        Color::Cyan => "#8abeb7",
        Color::Gray => "#c5c8c6",
        Color::DarkGray => "#707880",
        Color::LightRed => "#ff8080",
        Color::LightGreen => "#b5e890",
        Color::LightYellow => "#ffe0a0",
        Color::LightBlue => "#a0c8f0",
        Color::LightMagenta => "#d8b0e0",
        Color::LightCyan => "#b0e8e0",
        Color::White => "#ffffff",
    };
    Some(named.to_owned())
}

/// One of the 256 colours: the 16 named ones, the 6x6x6 cube, then greys.
fn indexed(index: u8) -> String {
    const NAMED: [Color; 16] = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
        Color::DarkGray,
        Color::LightRed,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightBlue,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
    ];
    match index {
        0..=15 => hex(NAMED[usize::from(index)]).unwrap_or_default(),
        16..=231 => {
            let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
            let n = index - 16;
            format!(
                "#{:02x}{:02x}{:02x}",
                level(n / 36),
                level(n / 6 % 6),
                level(n % 6)
            )
        }
        232..=255 => {
            let grey = 8 + 10 * (index - 232);
            format!("#{grey:02x}{grey:02x}{grey:02x}")
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
