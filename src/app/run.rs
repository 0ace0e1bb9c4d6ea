//! The terminal side: raw mode, the alternate screen, mouse capture and
//! bracketed paste, entered once and always restored, and the blocking
//! event loop.

use std::io::{Write, stdout};

use anyhow::Context;
use crossterm::event::{self, EnableBracketedPaste, EnableMouseCapture, Event};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
use ratatui::DefaultTerminal;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;

use std::time::Duration;

use super::keep::Keep;
use super::shutdown::{self, Exit};
use super::worker::Wake;
use super::{App, Options};
use crate::app::background;
use crate::app::theme::Theme;

/// How often the loop wakes while a background job runs: to animate, and
/// to take in its news.
const BUSY_WAKE: Duration = Duration::from_millis(100);

/// How long the loop looks for input already sent before it draws. Not
/// zero: crossterm's reader (level-triggered, see Cargo.toml) looks at the
/// terminal only when given some time; input already there returns at once.
const ALREADY_SENT: Duration = Duration::from_millis(1);

/// Whether there is a terminal to play in: standard input, or the
/// process's own terminal when input is piped.
#[cfg(unix)]
fn has_terminal() -> bool {
    std::io::IsTerminal::is_terminal(&std::io::stdin()) || std::fs::File::open("/dev/tty").is_ok()
}

/// Elsewhere crossterm opens the console itself, and says if it cannot.
#[cfg(not(unix))]
fn has_terminal() -> bool {
    true
}

/// Runs the game until the player quits.
pub fn run(options: Options) -> anyhow::Result<()> {
    let exit = Exit::new(Keep::default());
    shutdown::watch_signals(&exit).context("cannot watch for signals")?;
    if !has_terminal() {
        anyhow::bail!(
            "the game plays in a terminal, and there is none here \
             (the subcommands need none: schokoban --help)"
        );
    }
    shutdown::watch_hangup(&exit).context("cannot watch the terminal")?;
    crate::storage::survive_file_size_limit().context("cannot watch for signals")?;
    crate::machine::read_memory();
    let theme = Theme::from_env(options.ascii, options.theme, background::detect_palette);
    let mut app = App::keeping(options, theme, exit.keep.clone());
    app.set_terminal(super::clipboard::Terminal::detect());
    let mut quitting = None;
    let mut lost_terminal = None;
    let result = with_terminal(|terminal| {
        let result = event_loop(&mut app, terminal, &exit);
        // Held to the end, so a late signal cannot save or restore again.
        let turn = exit.turn();
        if result.is_err() {
            // The terminal failed, most likely gone: leave as a closed
            // window does, keeping the game.
            lost_terminal = exit.keep.carry_out();
        }
        quitting = Some(turn);
        result
    });
    let _quitting = quitting.unwrap_or_else(|| exit.turn());
    if let Some(message) = lost_terminal.as_ref().or(app.farewell()) {
        shutdown::say(&message.text);
    }
    result
}

/// Enters raw mode, the alternate screen and mouse capture, runs `body`,
/// and puts the terminal back afterwards, or on a panic. Public so the
/// panic test drives this very set-up without a trigger in the game.
pub fn with_terminal<T>(
    body: impl FnOnce(&mut DefaultTerminal) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    // Not ratatui's own set-up: its panic hook complains on standard error
    // when the terminal is gone, which panics again and aborts. Ours
    // restores quietly, also stopping mouse reporting and bracketed paste
    // so the shell is not flooded, then reports the panic as usual.
    let reporter = std::panic::take_hook();
    let game = std::thread::current().id();
    std::panic::set_hook(Box::new(move |info| {
        // Only this thread draws. A panic elsewhere (a background job, which
        // its worker reports as a failure, or a solver's own thread, which
        // the solver does) must not take the terminal from the game, which
        // goes on.
        if std::thread::current().id() != game {
            return;
        }
        shutdown::restore_terminal();
        reporter(info);
    }));
    // A paste arrives as one event, so a long one cannot queue keys that
    // would go on acting after it.
    let result = enable_raw_mode()
        .and_then(|()| execute!(stdout(), EnterAlternateScreen))
        .and_then(|()| Terminal::new(CrosstermBackend::new(stdout())))
        .context("cannot set up the terminal")
        .and_then(|mut terminal| {
            execute!(stdout(), EnableMouseCapture, EnableBracketedPaste)
                .context("cannot enable the mouse and bracketed paste")?;
            body(&mut terminal)
        });
    shutdown::restore_terminal();
    result
}

/// Draws, then blocks until the next event: no ticking, so an idle game
/// uses no CPU. Only while a background job runs does it wake ten times a
/// second, to animate and to show the answer soon after it comes, and a
/// watched solution wakes it when its next move is due. Events
/// the terminal has already sent are all handled before the next frame, so
/// a burst of keys (a Ctrl+C at its end included) is taken in at once. The
/// exit's turn is held except while waiting, so a signal finds the keep
/// current and no frame half drawn.
fn event_loop(app: &mut App, terminal: &mut DefaultTerminal, exit: &Exit) -> anyhow::Result<()> {
    let mut turn = exit.turn();
    // The first screen says when it wants waking too (a list opened from
    // the command line rates its levels) before any key comes.
    app.tick();
    while app.is_running() {
        terminal
            .draw(|frame| frame.render_widget(&*app, frame.area()))
            .context("cannot draw")?;
        for sequence in app.take_terminal_output() {
            let mut out = stdout();
            out.write_all(sequence.as_bytes())
                .and_then(|()| out.flush())
                .context("cannot write to the terminal")?;
        }
        drop(turn);
        let timeout = match app.wake() {
            Wake::Idle => None,
            Wake::Report(_) => Some(BUSY_WAKE),
            Wake::At(time) => Some(time.saturating_sub(app.now())),
        };
        let woke = match timeout {
            None => true,
            Some(timeout) => event::poll(timeout).context("cannot read the keyboard")?,
        };
        let mut next = if woke { Some(read_event()?) } else { None };
        turn = exit.turn();
        loop {
            if let Some(event) = next {
                let size = terminal.size().context("cannot read the terminal size")?;
                app.handle_event(&event, Rect::new(0, 0, size.width, size.height));
            }
            app.tick();
            if !app.is_running()
                || !event::poll(ALREADY_SENT).context("cannot read the keyboard")?
            {
                break;
            }
            next = Some(read_event()?);
        }
    }
    Ok(())
}

fn read_event() -> anyhow::Result<Event> {
    event::read().context("cannot read the keyboard")
}
