//! The game in a pseudo-terminal, as the tests drive it: started on a
//! fresh pty, its screen read through a terminal emulator, keys sent,
//! its exit waited for and the terminal's state checked afterwards.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;

pub(super) struct Session {
    pub(super) parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    pub(super) child: Box<dyn portable_pty::Child + Send + Sync>,
    /// Kept open so the terminal's settings can still be read after exit.
    master: Box<dyn portable_pty::MasterPty + Send>,
    /// Cleared to make the reader thread let go of its end of the terminal.
    reading: Arc<AtomicBool>,
    /// Told when the reader thread has let go.
    reader_done: Receiver<()>,
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
        let reading = Arc::new(AtomicBool::new(true));
        let keep_reading = Arc::clone(&reading);
        let (done, reader_done) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 || !keep_reading.load(Ordering::SeqCst) {
                    break;
                }
                feed.lock().expect("parser lock").process(&buffer[..n]);
            }
            drop(reader);
            let _ = done.send(());
        });
        Self {
            parser,
            writer,
            child,
            master: pair.master,
            reading,
            reader_done,
        }
    }

    /// Closes the terminal as a closing window does: every handle on the
    /// pty's master side is dropped, so the game's side hangs up. `game` is
    /// the game's process id. Returns the process started, and the moment
    /// the terminal closed.
    pub(super) fn close_terminal(
        self,
        game: u32,
    ) -> (Box<dyn portable_pty::Child + Send + Sync>, Instant) {
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
        self.reader_done
            .recv_timeout(Duration::from_secs(10))
            .expect("the reader let go of the terminal");
        drop(self.writer);
        drop(self.master);
        (self.child, Instant::now())
    }

    pub(super) fn screen(&self) -> String {
        self.parser.lock().expect("parser lock").screen().contents()
    }

    /// Waits until `text` is on screen; fails with the screen if it never comes.
    pub(super) fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if self.screen().contains(text) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("never saw {text:?}; the screen was:\n{}", self.screen());
    }

    pub(super) fn send(&mut self, bytes: &str) {
        self.writer
            .write_all(bytes.as_bytes())
            .expect("write to pty");
        self.writer.flush().expect("flush pty");
        // A lone Escape is told from an escape sequence by the pause after it.
        std::thread::sleep(Duration::from_millis(60));
    }

    pub(super) fn finish(mut self) {
        self.send("\x03");
        let status = self.wait_for_exit();
        assert!(status.success(), "the game exited with {status:?}");
        self.assert_restored();
    }

    pub(super) fn wait_for_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                // Let the reader thread take in the last output.
                std::thread::sleep(Duration::from_millis(200));
                return status;
            }
            assert!(Instant::now() < deadline, "the game did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
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
