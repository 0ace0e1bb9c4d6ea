//! How long a key takes to reach the screen while the optimizer shortens
//! the player's run in the background: plays MOVES on level N of MAP, goes
//! on to the end screen (which starts the optimizer), then presses a key
//! and draws the 80x24 screen again and again until the optimizer is done,
//! timing each key from press to drawn.
//!
//! `cargo run --release --example responsive -- MAP MOVES [N]`

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use schokoban::app::theme::Theme;
use schokoban::app::{App, Options};

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn arrow(c: char) -> Option<KeyCode> {
    match c.to_ascii_lowercase() {
        'l' => Some(KeyCode::Left),
        'u' => Some(KeyCode::Up),
        'r' => Some(KeyCode::Right),
        'd' => Some(KeyCode::Down),
        _ => None,
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [map, moves, rest @ ..] = args.as_slice() else {
        anyhow::bail!("usage: responsive MAP MOVES [LEVEL]");
    };
    let level: usize = rest.first().map_or(Ok(1), |n| n.parse())?;
    let data = tempfile::tempdir()?;
    let text = std::fs::read_to_string(map)?;
    let levels = schokoban_core::parse_levels(&text)?;
    let chosen = levels
        .get(level - 1)
        .ok_or_else(|| anyhow::anyhow!("no level {level}"))?;
    let path = data.path().join("level.xsb");
    std::fs::write(&path, chosen.to_xsb())?;
    let mut app = App::new(
        Options {
            map: Some(path),
            data_dir: Some(data.path().join("data")),
            ..Options::default()
        },
        Theme::default(),
    );
    for c in moves.chars() {
        if let Some(code) = arrow(c) {
            app.handle_key(&key(code));
        }
    }
    let area = Rect::new(0, 0, 80, 24);
    // Enter goes on to the end screen; N declines the leaderboard there.
    app.handle_key(&key(KeyCode::Enter));
    app.handle_key(&key(KeyCode::Char('n')));
    let started = Instant::now();
    app.tick();
    let mut times = Vec::new();
    while app.is_busy() {
        let pressed = Instant::now();
        app.handle_key(&key(KeyCode::Down));
        let mut buffer = Buffer::empty(area);
        (&app).render(area, &mut buffer);
        times.push(pressed.elapsed());
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    let optimizing = started.elapsed();
    app.tick();
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    let over = times
        .iter()
        .filter(|t| **t > Duration::from_millis(50))
        .count();
    println!(
        "optimizer ran {:.2} s; {} keys drawn meanwhile: median {:.2} ms, max {:.2} ms, {over} over 50 ms",
        optimizing.as_secs_f64(),
        times.len(),
        median.as_secs_f64() * 1000.0,
        max.as_secs_f64() * 1000.0,
    );
    let mut buffer = Buffer::empty(area);
    (&app).render(area, &mut buffer);
    for y in 0..area.height {
        let row: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
        println!("{}", row.trim_end());
    }
    Ok(())
}
