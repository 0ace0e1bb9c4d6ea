//! Draws the game as a player sees it into an SVG picture, for the README:
//! `cargo run --example screenshot > docs/screenshot.svg`.
//!
//! The picture is made by the game itself: Arcade's first level of
//! Microban, a few moves in, drawn into ratatui's `TestBackend` at 80x24,
//! then each run of same-styled cells written as one SVG text span in the
//! terminal's colours. So it stays true whenever the screen changes; run it
//! again then.

use std::fmt::Write as _;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use schokoban::app::theme::Theme;
use schokoban::app::{App, Options};

const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;
/// One terminal cell, in SVG pixels, for a 15 px monospace font.
const CELL_WIDTH: f32 = 9.0;
const CELL_HEIGHT: f32 = 19.0;
const BACKGROUND: &str = "#1d1f21";
const FOREGROUND: &str = "#d5d8d6";

fn main() -> anyhow::Result<()> {
    print!("{}", svg(&screen()?));
    Ok(())
}

/// The game at 80x24, a step into Microban 1, on a fresh data folder.
fn screen() -> anyhow::Result<Buffer> {
    let data = tempfile::tempdir()?;
    let mut app = App::new(
        Options {
            map: None,
            data_dir: Some(data.path().to_path_buf()),
            ascii: false,
        },
        Theme::default(),
    );
    let size = Rect::new(0, 0, WIDTH, HEIGHT);
    // Arcade, the first collection (Microban), its level 1, then a step.
    let keys = [KeyCode::Enter, KeyCode::Enter, KeyCode::Right];
    for code in keys {
        app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), size);
    }
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT))?;
    terminal.draw(|frame| frame.render_widget(&app, frame.area()))?;
    Ok(terminal.backend().buffer().clone())
}

/// The buffer as an SVG document: a dark terminal, each run of cells that
/// share a style as one `<text>` stretched to exactly its cells' width.
fn svg(buffer: &Buffer) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_picture_is_what_the_game_draws_today() {
        let drawn = svg(&screen().expect("the game draws"));
        assert!(
            drawn == include_str!("../docs/screenshot.svg"),
            "docs/screenshot.svg is out of date: run \
             `cargo run --example screenshot > docs/screenshot.svg`"
        );
    }
}
