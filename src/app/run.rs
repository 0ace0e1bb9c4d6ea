//! The terminal side: raw mode, the alternate screen, mouse capture and
//! bracketed paste, entered once and always restored, and the blocking
//! event loop.

use std::io::stdout;

use anyhow::Context;
use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use std::time::Duration;

use super::shutdown::{self, Shared};
use super::{App, Options};
use crate::app::theme::Theme;
use crate::app::{background, hint};

/// How often the loop wakes while a hint is thinking.
const BUSY_WAKE: Duration = Duration::from_millis(100);

/// Runs the game until the player quits.
pub fn run(options: Options) -> anyhow::Result<()> {
    let shared = Shared::default();
    shutdown::watch_signals(&shared).context("cannot watch for signals")?;
    crate::storage::survive_file_size_limit().context("cannot watch for signals")?;
    let theme = Theme::from_env(options.ascii, options.theme, background::detect_palette);
    let mut app = App::new(options, theme);
    let mut quitting = None;
    let result = with_terminal(|terminal| {
        let result = event_loop(&mut app, terminal, &shared);
        // Held to the end, so a late signal cannot save or restore again.
        quitting = Some(shutdown::lock(&shared));
        result
    });
    let _quitting = quitting.unwrap_or_else(|| shutdown::lock(&shared));
    if let Some(message) = app.farewell() {
        println!("{}", message.text);
    }
    result
}

/// Enters raw mode, the alternate screen and mouse capture, runs `body`,
/// and puts the terminal back afterwards, or on a panic. Public so the
/// panic test drives this very set-up without a trigger in the game.
pub fn with_terminal<T>(
    body: impl FnOnce(&mut DefaultTerminal) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    // ratatui's hook restores raw mode and the screen on panic; ours, run
    // first, also stops mouse reporting and bracketed paste so the shell is
    // not flooded.
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A failed hint search must not take the terminal from the game,
        // which goes on and reports the search as failed.
        if std::thread::current().name() == Some(hint::THREAD_NAME) {
            return;
        }
        let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
        ratatui_hook(info);
    }));
    // A paste arrives as one event, so a long one cannot queue keys that
    // would go on acting after it.
    let result = execute!(stdout(), EnableMouseCapture, EnableBracketedPaste)
        .context("cannot enable the mouse and bracketed paste")
        .and_then(|()| body(&mut terminal));
    shutdown::restore_terminal();
    result
}

/// Draws, then blocks until the next event: no ticking, so an idle game
/// uses no CPU. Only while a hint is thinking does it wake ten times a
/// second, to animate and to show the answer as soon as it comes. The lock
/// on `shared` is held except while waiting, so a signal finds the pending
/// save current and no frame half drawn.
fn event_loop(
    app: &mut App,
    terminal: &mut DefaultTerminal,
    shared: &Shared,
) -> anyhow::Result<()> {
    let mut pending = shutdown::lock(shared);
    while app.is_running() {
        terminal
            .draw(|frame| frame.render_widget(&*app, frame.area()))
            .context("cannot draw")?;
        drop(pending);
        let woke = !app.is_busy() || event::poll(BUSY_WAKE).context("cannot read the keyboard")?;
        let event = if woke {
            Some(event::read().context("cannot read the keyboard")?)
        } else {
            None
        };
        pending = shutdown::lock(shared);
        if let Some(event) = event {
            let size = terminal.size().context("cannot read the terminal size")?;
            app.handle_event(&event, Rect::new(0, 0, size.width, size.height));
        }
        app.tick();
        *pending = app.pending_save();
    }
    Ok(())
}
