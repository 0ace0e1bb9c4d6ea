//! Helpers for driving the app without a terminal.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use schokoban::app::theme::Theme;
use schokoban::app::{App, Options, Screen};

pub const TINY: &str = "#######\n#     #\n# .$@ #\n#     #\n#######\nTitle: Tiny\nAuthor: Tester\n";

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub fn ch(c: char) -> KeyEvent {
    key(KeyCode::Char(c))
}

pub fn press(app: &mut App, keys: &[KeyEvent]) {
    for key in keys {
        app.handle_key(key);
    }
}

pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle_key(&ch(c));
    }
}

pub fn write_map(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write map");
    path
}

/// An app started as `schokoban MAP` with its data in `dir/data`.
pub fn open_map(dir: &Path, map: &Path) -> App {
    open_map_with(dir, map, Theme::default())
}

pub fn open_map_with(dir: &Path, map: &Path, theme: Theme) -> App {
    App::new(
        Options {
            map: Some(map.to_path_buf()),
            data_dir: Some(dir.join("data")),
            ascii: theme.ascii,
        },
        theme,
    )
}

pub fn menu_app(dir: &Path) -> App {
    App::new(
        Options {
            map: None,
            data_dir: Some(dir.join("data")),
            ascii: false,
        },
        Theme::default(),
    )
}

pub fn render(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    terminal.backend().buffer().clone()
}

/// Lines padded to `width`, for `Buffer::with_lines`.
pub fn padded(lines: &[&str], width: usize) -> Vec<String> {
    lines.iter().map(|l| format!("{l:<width$}")).collect()
}

pub fn screen_name(app: &App) -> &'static str {
    match app.screen() {
        Screen::MainMenu(_) => "main menu",
        Screen::Collections(_) => "collections",
        Screen::Continue(_) => "continue",
        Screen::LevelList(_) => "level list",
        Screen::PathPrompt(_) => "path prompt",
        Screen::SavePrompt(_) => "save prompt",
        Screen::Play(_) => "play",
        Screen::Finish(_) => "finish",
    }
}

pub fn play(app: &App) -> &schokoban::app::screens::play::Play {
    match app.screen() {
        Screen::Play(play) => play,
        _ => panic!("expected the play screen, got the {}", screen_name(app)),
    }
}
