//! Copying to the clipboard by OSC 52, the escape sequence that asks the
//! terminal to set its clipboard: it travels with the output, so it works
//! over SSH, and tmux takes it into its paste buffer (and passes it on)
//! when `set -g set-clipboard on`. tmux's default, `external`, ignores it
//! from programs, as do the Linux console and dumb terminals: then the game
//! says so and writes the text to a file instead.

/// The sequence that puts `text` on the clipboard: `ESC ] 52 ; c ; BASE64 BEL`.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// What the game knows of the terminal, from its environment: what `TERM`
/// says, whether it runs in tmux, and tmux's `set-clipboard` if it asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terminal {
    pub term: Option<String>,
    pub in_tmux: bool,
    /// `tmux show-options -gv set-clipboard`, when in tmux and it answered.
    pub tmux_set_clipboard: Option<String>,
}

/// Why a copy by OSC 52 would not reach a clipboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoClipboard {
    /// tmux ignores the sequence from programs unless `set-clipboard` is on.
    TmuxIgnores,
    /// The Linux console or a dumb terminal, which have no clipboard.
    Console(String),
}

impl std::fmt::Display for NoClipboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoClipboard::TmuxIgnores => {
                f.write_str("tmux ignores copies from programs: set -g set-clipboard on")
            }
            NoClipboard::Console(term) => write!(f, "a {term} terminal has no clipboard"),
        }
    }
}

impl Terminal {
    /// What the environment says of the terminal the game runs in; in
    /// tmux, asks tmux for its `set-clipboard`.
    pub fn detect() -> Self {
        let in_tmux = std::env::var_os("TMUX").is_some();
        let tmux_set_clipboard = in_tmux
            .then(|| {
                let output = std::process::Command::new("tmux")
                    .args(["show-options", "-gv", "set-clipboard"])
                    .stdin(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .output()
                    .ok()?;
                let text = String::from_utf8(output.stdout).ok()?;
                output.status.success().then(|| text.trim().to_owned())
            })
            .flatten();
        Self {
            term: std::env::var("TERM").ok(),
            in_tmux,
            tmux_set_clipboard,
        }
    }

    /// Whether a copy by OSC 52 would land, and if not, why. A terminal not
    /// known to refuse it is taken to accept it, as most do now.
    pub fn clipboard(&self) -> Result<(), NoClipboard> {
        if let Some(term) = self
            .term
            .as_deref()
            .filter(|t| matches!(*t, "linux" | "dumb"))
        {
            return Err(NoClipboard::Console(term.to_owned()));
        }
        if self.in_tmux && self.tmux_set_clipboard.as_deref() != Some("on") {
            return Err(NoClipboard::TmuxIgnores);
        }
        Ok(())
    }
}

/// Standard base64 with padding, as OSC 52 wants it.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (index, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if index <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> shift) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_as_the_standard_does() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (text, encoded) in cases {
            assert_eq!(base64(text.as_bytes()), encoded, "{text}");
        }
    }

    #[test]
    fn the_sequence_carries_the_text_in_base64() {
        assert_eq!(osc52("rRR"), "\x1b]52;c;clJS\x07");
    }

    #[test]
    fn tmux_takes_a_copy_only_with_set_clipboard_on() {
        let tmux = |value: Option<&str>| Terminal {
            term: Some("tmux-256color".into()),
            in_tmux: true,
            tmux_set_clipboard: value.map(str::to_owned),
        };
        assert_eq!(tmux(Some("on")).clipboard(), Ok(()));
        assert_eq!(
            tmux(Some("external")).clipboard(),
            Err(NoClipboard::TmuxIgnores)
        );
        assert_eq!(tmux(None).clipboard(), Err(NoClipboard::TmuxIgnores));
        let console = Terminal {
            term: Some("linux".into()),
            ..Terminal::default()
        };
        assert!(console.clipboard().is_err());
        let xterm = Terminal {
            term: Some("xterm-256color".into()),
            ..Terminal::default()
        };
        assert_eq!(xterm.clipboard(), Ok(()));
    }
}
