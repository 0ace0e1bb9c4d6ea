//! The terminal side: raw mode, the alternate screen and mouse capture,
//! entered once and always restored, and the blocking event loop.

use std::io::stdout;

use anyhow::Context;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use std::time::Duration;

use super::{App, Options};
use crate::app::hint;
use crate::app::theme::Theme;

/// How often the loop wakes while a hint is thinking.
const BUSY_WAKE: Duration = Duration::from_millis(100);

/// Runs the game until the player quits.
pub fn run(options: Options) -> anyhow::Result<()> {
    let theme = Theme::from_env(options.ascii);
    let mut app = App::new(options, theme);
    with_terminal(|terminal| event_loop(&mut app, terminal))
}

/// Enters raw mode, the alternate screen and mouse capture, runs `body`,
/// and puts the terminal back afterwards, or on a panic. Public so the
/// panic test drives this very set-up without a trigger in the game.
pub fn with_terminal<T>(
    body: impl FnOnce(&mut DefaultTerminal) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    // ratatui's hook restores raw mode and the screen on panic; ours, run
    // first, also stops mouse reporting so the shell is not flooded.
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A failed hint search must not take the terminal from the game,
        // which goes on and reports the search as failed.
        if std::thread::current().name() == Some(hint::THREAD_NAME) {
            return;
        }
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui_hook(info);
    }));
    let result = execute!(stdout(), EnableMouseCapture)
        .context("cannot enable the mouse")
        .and_then(|()| body(&mut terminal));
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// Draws, then blocks until the next event: no ticking, so an idle game
/// uses no CPU. Only while a hint is thinking does it wake ten times a
/// second, to animate and to show the answer as soon as it comes.
fn event_loop(app: &mut App, terminal: &mut DefaultTerminal) -> anyhow::Result<()> {
    while app.is_running() {
        terminal
            .draw(|frame| frame.render_widget(&*app, frame.area()))
            .context("cannot draw")?;
        if app.is_busy() && !event::poll(BUSY_WAKE).context("cannot read the keyboard")? {
            app.tick();
            continue;
        }
        let event = event::read().context("cannot read the keyboard")?;
        let size = terminal.size().context("cannot read the terminal size")?;
        app.handle_event(&event, Rect::new(0, 0, size.width, size.height));
        app.tick();
    }
    Ok(())
}
