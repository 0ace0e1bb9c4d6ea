//! Leaving at once, whatever asks: Esc, Ctrl+C, a signal such as the
//! SIGHUP a closing terminal window sends, or the terminal hanging up. All
//! go the way Esc goes: an unsolved game with moves is saved, then the
//! terminal is given back.
//!
//! Signals are taken by a thread rather than by waking the event loop: the
//! loop blocks in `crossterm::event::read()` so that an idle game costs no
//! CPU, and nothing but input ends that call. The loop keeps a
//! [`PendingSave`] current after every event, under a mutex it also holds
//! while handling events and drawing. The signal thread takes that mutex, so
//! it never writes a save from a game half-updated nor cuts a frame in half;
//! then it writes the save, restores the terminal and exits with 128 + the
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

use super::message::{Message, Problem, plural};
use super::origin::Opened;
use crate::library::SolvedMark;
use crate::storage::Records;
use schokoban_core::{Game, LogEntry};

/// What leaving the level now has to do with its save file.
#[derive(Clone, Debug)]
pub enum PendingSave {
    /// An unsolved game with moves; `records` is `None` when saves are off.
    /// `loaded` is the save it was loaded from: any other save on disk is
    /// another game's, kept aside rather than written over.
    Write {
        records: Option<Records>,
        log: Vec<LogEntry>,
        loaded: Option<Vec<LogEntry>>,
    },
    /// A game resumed from its save, then reset (or undone to the start):
    /// the save would bring back the game the player threw away.
    DeleteStale(Records),
    /// A solved board left before Enter (the terminal gone, say): the level
    /// is marked solved and the winning moves kept as its save, for the
    /// leaderboard offer the next time the level is opened.
    Solved {
        records: Option<Records>,
        mark: Option<SolvedMark>,
        score: usize,
        log: Vec<LogEntry>,
    },
}

impl PendingSave {
    /// What leaving `game`, played on `opened`, now would write, if
    /// anything; `loaded` is the save it was loaded from, if it was.
    pub fn of(game: &Game, opened: &Opened, loaded: Option<&[LogEntry]>) -> Option<PendingSave> {
        let records = opened.records.as_ref();
        if game.is_solved() {
            let mark = opened.solved_mark.clone();
            let worth_keeping = game.score() > 0 && (records.is_some() || mark.is_some());
            return worth_keeping.then(|| PendingSave::Solved {
                records: records.cloned(),
                mark,
                score: game.score(),
                log: game.log().to_vec(),
            });
        }
        if game.score() > 0 {
            return Some(PendingSave::Write {
                records: records.cloned(),
                log: game.log().to_vec(),
                loaded: loaded.map(<[LogEntry]>::to_vec),
            });
        }
        let records = records.filter(|_| loaded.is_some())?;
        Some(PendingSave::DeleteStale(records.clone()))
    }

    /// Writes or deletes the save; says what happened.
    pub fn carry_out(&self) -> Message {
        match self {
            PendingSave::Write { records: None, .. } => {
                Message::warning("Records and saves are off: the game was not saved")
            }
            PendingSave::Write {
                records: Some(records),
                log,
                loaded,
            } => match records.write_save_keeping_other(log, loaded.as_deref()) {
                Ok(None) => {
                    Message::info(format!("Game saved to {}", records.save_path().display()))
                }
                Ok(Some(aside)) => Message::info(format!(
                    "Game saved to {}; the save another game left there was kept as {}",
                    records.save_path().display(),
                    aside.display()
                )),
                Err(error) => {
                    Message::trouble(Some("Could not save the game"), Problem::Record(error))
                }
            },
            PendingSave::DeleteStale(records) => match records.delete_save() {
                Ok(()) => Message::info("Back at the start, so the old save was deleted"),
                Err(error) => Message::trouble(
                    Some("Could not delete the old save"),
                    Problem::Record(error),
                ),
            },
            PendingSave::Solved {
                records,
                mark,
                score,
                log,
            } => {
                if let Some(Err(error)) = mark.as_ref().map(SolvedMark::record) {
                    return Message::trouble(Some("Progress not saved"), Problem::Library(error));
                }
                match records.as_ref().map(|records| records.write_save(log)) {
                    Some(Err(error)) => {
                        Message::trouble(Some("Could not keep the solve"), Problem::Record(error))
                    }
                    Some(Ok(())) => Message::info(format!(
                        "Solved in {}: the leaderboard is offered the next time you open the level",
                        plural(*score, "move")
                    )),
                    None => Message::info(format!("Solved in {}", plural(*score, "move"))),
                }
            }
        }
    }
}

/// The save the signal thread writes if a signal comes now.
pub type Shared = Arc<Mutex<Option<PendingSave>>>;

pub fn lock(shared: &Shared) -> MutexGuard<'_, Option<PendingSave>> {
    // A panic elsewhere does not make the pending save wrong.
    shared.lock().unwrap_or_else(PoisonError::into_inner)
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

/// Carries out the pending save, gives the terminal back, says what
/// happened and exits with `code`. Holds the lock to the end, so the event
/// loop neither draws nor changes the game meanwhile, and a second reason
/// to leave waits here until the process is gone.
fn leave_now(shared: &Shared, code: i32) -> ! {
    let pending = lock(shared);
    let said = pending.as_ref().map(PendingSave::carry_out);
    restore_terminal();
    if let Some(message) = said {
        say(&message.text);
    }
    std::process::exit(code);
}

/// Starts the thread that turns SIGTERM, SIGHUP, SIGINT and SIGQUIT into a
/// save and a clean exit.
#[cfg(unix)]
pub fn watch_signals(shared: &Shared) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::Signals;

    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
    let shared = Arc::clone(shared);
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                leave_now(&shared, 128 + signal);
            }
        })?;
    Ok(())
}

#[cfg(not(unix))]
pub fn watch_signals(_shared: &Shared) -> std::io::Result<()> {
    Ok(())
}

/// Starts the thread that saves and exits when the terminal hangs up, as
/// SIGHUP would (and with its exit code). It sleeps in the kernel until
/// the terminal has news: edge-triggered, so input waiting for the event
/// loop does not wake it again and again.
#[cfg(unix)]
pub fn watch_hangup(shared: &Shared) -> std::io::Result<()> {
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
    let shared = Arc::clone(shared);
    std::thread::Builder::new()
        .name("hangup".to_owned())
        .spawn(move || {
            // Owned here, so the terminal stays open as long as it is watched.
            let _terminal = terminal;
            let mut events = Events::with_capacity(4);
            loop {
                match poll.poll(&mut events, None) {
                    Ok(()) if events.iter().any(|e| e.is_read_closed() || e.is_error()) => {
                        leave_now(&shared, 128 + libc::SIGHUP);
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
pub fn watch_hangup(_shared: &Shared) -> std::io::Result<()> {
    Ok(())
}
