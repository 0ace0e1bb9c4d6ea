//! The game in a pseudo-terminal, as the tests drive it: started on a
//! fresh pty, its screen read through a terminal emulator, keys sent,
//! its exit waited for and the terminal's state checked afterwards. Every
//! wait is for what the screen shows or for the game to end, never for
//! the clock.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;

pub(super) struct Session {
    pub(super) parser: Arc<Mutex<vt100::Parser>>,
    /// Whether the game has stopped writing (the terminal closed); told
    /// each time it writes.
    output: Arc<(Mutex<bool>, Condvar)>,
    writer: Box<dyn Write + Send>,
    pub(super) child: Box<dyn portable_pty::Child + Send + Sync>,
    /// Kept open so the terminal's settings can still be read after exit.
    master: Box<dyn portable_pty::MasterPty + Send>,
    /// Cleared to make the reader thread let go of its end of the terminal.
    reading: Arc<AtomicBool>,
}

impl Session {
    /// The game, keeping its data under `dir`.
    pub(super) fn start(dir: &Path) -> Self {
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_schokoban"));
        command.arg("--data-dir");
        command.arg(dir.join("data"));
        Self::spawn(command, dir)
    }

    /// Runs `command` in `dir` on a fresh pseudo-terminal.
    pub(super) fn spawn(command: CommandBuilder, dir: &Path) -> Self {
        Self::spawn_sized(command, dir, ROWS, COLS)
    }

    /// [`Session::spawn`] on a terminal of `rows` x `cols`.
    pub(super) fn spawn_sized(
        mut command: CommandBuilder,
        dir: &Path,
        rows: u16,
        cols: u16,
    ) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        command.cwd(dir);
        command.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(command).expect("spawn the game");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let size = |n: u16| std::num::NonZeroU16::new(n).expect("non-zero size");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(size(rows), size(cols), 0)));
        let feed = Arc::clone(&parser);
        let output = Arc::new((Mutex::new(false), Condvar::new()));
        let told = Arc::clone(&output);
        let reading = Arc::new(AtomicBool::new(true));
        let keep_reading = Arc::clone(&reading);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 || !keep_reading.load(Ordering::SeqCst) {
                    break;
                }
                feed.lock().expect("parser lock").process(&buffer[..n]);
                // Told under the lock, so a wait that has just looked at
                // the screen cannot miss it.
                let (ended, changed) = &*told;
                let _ended = ended.lock().expect("output lock");
                changed.notify_all();
            }
            drop(reader);
            let (ended, changed) = &*told;
            *ended.lock().expect("output lock") = true;
            changed.notify_all();
        });
        Self {
            parser,
            output,
            writer,
            child,
            master: pair.master,
            reading,
        }
    }

    /// Closes the terminal as a closing window does: every handle on the
    /// pty's master side is dropped, so the game's side hangs up. `game` is
    /// the game's process id. Returns the process started, and the moment
    /// the terminal closed.
    pub(super) fn close_terminal(self, game: u32) -> Box<dyn portable_pty::Child + Send + Sync> {
        self.reading.store(false, Ordering::SeqCst);
        // The reader thread waits for output; a new size makes the game draw
        // again, which wakes it to let go of its handle. The signal is sent
        // by hand for a game the terminal does not tell.
        self.master
            .resize(PtySize {
                rows: ROWS - 1,
                cols: COLS - 1,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize the pty");
        let told = std::process::Command::new("kill")
            .args(["-WINCH", &game.to_string()])
            .status()
            .expect("run kill");
        assert!(told.success(), "kill -WINCH failed");
        self.wait_for_the_reader();
        drop(self.writer);
        drop(self.master);
        self.child
    }

    pub(super) fn screen(&self) -> String {
        self.parser.lock().expect("parser lock").screen().contents()
    }

    /// Waits until `text` is on screen, looking each time the game
    /// writes; fails with the screen if the game stops writing first.
    pub(super) fn wait_for(&self, text: &str) {
        self.wait_for_any(&[text]);
    }

    /// [`Session::wait_for`] the first of `texts`; returns the screen.
    pub(super) fn wait_for_any(&self, texts: &[&str]) -> String {
        let (ended, changed) = &*self.output;
        let mut ended = ended.lock().expect("output lock");
        loop {
            let screen = self.screen();
            if texts.iter().any(|text| screen.contains(text)) {
                return screen;
            }
            assert!(!*ended, "never saw {texts:?}; the screen was:\n{screen}");
            ended = changed.wait(ended).expect("output lock");
        }
    }

    /// Sends keys. A lone Escape is told from the start of an escape
    /// sequence by nothing following it in the same read: wait for what it
    /// does before sending more.
    pub(super) fn send(&mut self, bytes: &str) {
        self.writer
            .write_all(bytes.as_bytes())
            .expect("write to pty");
        self.writer.flush().expect("flush pty");
    }

    pub(super) fn finish(mut self) {
        self.send("\x03");
        let status = self.wait_for_exit();
        assert!(status.success(), "the game exited with {status:?}");
        self.assert_restored();
    }

    /// Waits for the game to exit and for the reader to take in its last
    /// output.
    pub(super) fn wait_for_exit(&mut self) -> portable_pty::ExitStatus {
        let status = self.child.wait().expect("wait");
        self.wait_for_the_reader();
        status
    }

    /// Waits until the reader thread has let go of the terminal, having
    /// read all there was.
    fn wait_for_the_reader(&self) {
        let (ended, changed) = &*self.output;
        let ended = ended.lock().expect("output lock");
        let _ended = changed
            .wait_while(ended, |ended| !*ended)
            .expect("output lock");
    }

    /// Out of the alternate screen, no longer reporting the mouse or marking
    /// pastes, the cursor shown and typed keys echoed again.
    pub(super) fn assert_restored(&self) {
        let parser = self.parser.lock().expect("parser lock");
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the mouse is still captured"
        );
        assert!(!screen.bracketed_paste(), "bracketed paste is still on");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        assert_eq!(self.echoes(), Some(true), "echo is still off");
    }

    /// Whether the terminal echoes typed keys, where its settings can be read.
    pub(super) fn echoes(&self) -> Option<bool> {
        #[cfg(unix)]
        {
            use nix::sys::termios::LocalFlags;
            let termios = self.master.get_termios()?;
            Some(termios.local_flags.contains(LocalFlags::ECHO))
        }
        #[cfg(not(unix))]
        {
            Some(true)
        }
    }
}
