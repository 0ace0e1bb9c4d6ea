//! Leaving at once on a signal, such as the SIGHUP a closing terminal
//! window sends, or when the terminal hangs up. Both go the way Esc and
//! Ctrl+C go: they carry out the app's [`Keep`] (an unsolved game with
//! moves is saved, a solve not yet on the leaderboard kept), then the
//! terminal is given back.
//!
//! Signals are taken by a thread rather than by waking the event loop: the
//! loop blocks in `crossterm::event::read()` so that an idle game costs no
//! CPU, and nothing but input ends that call. The keep is kept current where
//! the game changes; the loop holds the [`Exit`]'s turn while it handles
//! events and draws. The signal thread takes that turn, so it never writes
//! a save from a game half-updated nor cuts a frame in half; then it
//! carries out the keep, restores the terminal and exits with 128 + the
//! signal number, as shells expect. Windows has no such signals; closing its
//! console window ends the game unsaved.
//!
//! A closed terminal need not send a signal (the game may not be the
//! terminal's session, or may ignore SIGHUP), and crossterm's reader then
//! reads end-of-file in a busy loop that never returns. So a second thread
//! waits for the terminal to hang up, and leaves the same way.
//!
//! Every write on the way out ignores failure: the terminal may be gone,
//! and a panic there would leave the game running with no one to end it.

use std::io::{Write, stdout};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crossterm::cursor::Show;
use crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{LeaveAlternateScreen, disable_raw_mode};

use super::keep::Keep;

/// What the threads that leave on a signal or a hang-up share with the
/// event loop: the keep, and a turn the loop holds while it handles events
/// and draws, so a signal neither finds a game half-updated nor cuts a
/// frame in half.
#[derive(Debug, Default)]
pub struct Exit {
    turn: Mutex<()>,
    pub keep: Keep,
}

impl Exit {
    pub fn new(keep: Keep) -> Arc<Self> {
        Arc::new(Self {
            turn: Mutex::new(()),
            keep,
        })
    }

    /// Waits for the turn; the loop has it except while it waits for input.
    pub fn turn(&self) -> MutexGuard<'_, ()> {
        // A panic elsewhere does not make the turn wrong to take.
        self.turn.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Gives the terminal back: mouse reporting and bracketed paste off,
/// cursor shown, normal screen, raw mode off (so echo is back). Each step
/// is tried even when one before it failed, and none complains: on a
/// terminal that is gone, there is no one to tell.
pub fn restore_terminal() {
    // Raw mode first: it matters most, and it is not a write to the screen.
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        DisableBracketedPaste,
        Show,
        LeaveAlternateScreen
    );
}

/// Prints `text` on its own line if standard output can still take it,
/// escaped: it names files, and the terminal is the player's again.
pub fn say(text: &str) {
    let _ = writeln!(stdout(), "{}", crate::printable::printable(text));
}

/// Carries out what is kept, gives the terminal back, says what
/// happened and exits with `code`. Holds the lock to the end, so the event
/// loop neither draws nor changes the game meanwhile, and a second reason
/// to leave waits here until the process is gone.
fn leave_now(exit: &Exit, code: i32) -> ! {
    let _turn = exit.turn();
    let said = exit.keep.carry_out();
    restore_terminal();
    if let Some(message) = said {
        say(&message.text);
    }
    std::process::exit(code);
}

/// Starts the thread that turns SIGTERM, SIGHUP, SIGINT and SIGQUIT into a
/// save and a clean exit.
#[cfg(unix)]
pub fn watch_signals(exit: &Arc<Exit>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::Signals;

    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
    let exit = Arc::clone(exit);
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                leave_now(&exit, 128 + signal);
            }
        })?;
    Ok(())
}

#[cfg(not(unix))]
pub fn watch_signals(_exit: &Arc<Exit>) -> std::io::Result<()> {
    Ok(())
}

/// Starts the thread that saves and exits when the terminal hangs up, as
/// SIGHUP would (and with its exit code). It sleeps in the kernel until
/// the terminal has news: edge-triggered, so input waiting for the event
/// loop does not wake it again and again.
#[cfg(unix)]
pub fn watch_hangup(exit: &Arc<Exit>) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;

    use mio::unix::SourceFd;
    use mio::{Events, Interest, Poll, Token};

    // The terminal crossterm reads: standard input if it is one, else the
    // process's own terminal.
    let stdin = std::io::stdin();
    let terminal = if std::io::IsTerminal::is_terminal(&stdin) {
        None
    } else {
        Some(std::fs::File::open("/dev/tty")?)
    };
    let fd = terminal
        .as_ref()
        .map_or_else(|| stdin.as_raw_fd(), AsRawFd::as_raw_fd);
    let mut poll = Poll::new()?;
    poll.registry()
        .register(&mut SourceFd(&fd), Token(0), Interest::READABLE)?;
    let exit = Arc::clone(exit);
    std::thread::Builder::new()
        .name("hangup".to_owned())
        .spawn(move || {
            // Owned here, so the terminal stays open as long as it is watched.
            let _terminal = terminal;
            let mut events = Events::with_capacity(4);
            loop {
                match poll.poll(&mut events, None) {
                    Ok(()) if events.iter().any(|e| e.is_read_closed() || e.is_error()) => {
                        leave_now(&exit, 128 + libc::SIGHUP);
                    }
                    Ok(()) => {}
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                    // Nothing left to watch with; signals still work.
                    Err(_) => return,
                }
            }
        })?;
    Ok(())
}

#[cfg(not(unix))]
pub fn watch_hangup(_exit: &Arc<Exit>) -> std::io::Result<()> {
    Ok(())
}
