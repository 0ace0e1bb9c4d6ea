//! The one place where text from outside (file names, level titles, key
//! names, a config file) becomes safe to print. A terminal obeys control
//! bytes wherever they come from: an OSC 52 sequence in a level's file name
//! would set the clipboard, `ESC ] 0 ;` the window title, U+202E turn the
//! rest of the line around. So every line the program prints, on standard
//! output, standard error or the terminal after the game, goes through
//! [`printable`] or an [`Escaping`] writer, and such characters come out
//! escaped as ripgrep shows them: `\x1B`, `\x07`, `\r`, `\u{202E}`.
//!
//! Newlines and tabs stay as they are: the program's own lines need them.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write};

/// `text` with every character a terminal would obey escaped.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_char(&mut out, c);
    }
    Cow::Owned(out)
}

/// Whether a terminal would act on `c` rather than show it: C0 controls
/// but newline and tab, DEL and the C1 controls, and the bidirectional
/// controls and separators that reorder or break what follows.
pub fn needs_escape(c: char) -> bool {
    !matches!(c, '\n' | '\t')
        && matches!(c,
            '\u{0}'..='\u{1f}'
            | '\u{7f}'..='\u{9f}'
            | '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
        )
}

/// Whether `c` has no place in one line of text a player types or names:
/// a control of any kind, tab and newline included, or what
/// [`needs_escape`] escapes (a bidirectional override shown in a name would
/// turn the rest of its line around).
pub fn unshowable(c: char) -> bool {
    c.is_control() || needs_escape(c)
}

fn push_char(out: &mut String, c: char) {
    if !needs_escape(c) {
        out.push(c);
        return;
    }
    let _ = match c {
        '\r' => write!(out, "\\r"),
        c if u32::from(c) <= 0x7f => write!(out, "\\x{:02X}", u32::from(c)),
        c => write!(out, "\\u{{{:04X}}}", u32::from(c)),
    };
}

/// A writer that passes text through [`printable`] on its way to `inner`,
/// so a command's whole output is escaped in one place. Bytes that are not
/// UTF-8 come out as `\xFF`; a character cut between two writes waits for
/// the rest of it.
pub struct Escaping<W: Write> {
    inner: W,
    /// The start of a character whose remaining bytes have not come yet.
    partial: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            partial: Vec::new(),
        }
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        let bytes = std::mem::take(&mut self.partial);
        let mut rest = bytes.as_slice();
        let mut out = String::new();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    out.push_str(&printable(text));
                    break;
                }
                Err(error) => {
                    let (good, bad) = rest.split_at(error.valid_up_to());
                    // Valid up to here, as the error says.
                    out.push_str(&printable(&String::from_utf8_lossy(good)));
                    let Some(len) = error.error_len() else {
                        self.partial = bad.to_vec();
                        break;
                    };
                    for byte in &bad[..len] {
                        let _ = write!(out, "\\x{byte:02X}");
                    }
                    rest = &bad[len..];
                }
            }
        }
        self.inner.write_all(out.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for Escaping<W> {
    /// A character still cut at the end never comes whole: its bytes are
    /// shown escaped rather than lost.
    fn drop(&mut self) {
        let mut out = String::new();
        for byte in std::mem::take(&mut self.partial) {
            let _ = write!(out, "\\x{byte:02X}");
        }
        let _ = self.inner.write_all(out.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_come_out_escaped_and_the_rest_as_it_is() {
        assert_eq!(printable("plain.xsb"), "plain.xsb");
        assert_eq!(printable("日本語\té\n"), "日本語\té\n");
        assert_eq!(
            printable("osc52\u{1b}]52;c;UFdORUQ=\u{7}.xsb"),
            "osc52\\x1B]52;c;UFdORUQ=\\x07.xsb"
        );
        assert_eq!(printable("a\rb\u{7f}"), "a\\rb\\x7F");
        assert_eq!(printable("\u{9b}31m"), "\\u{009B}31m");
        assert_eq!(printable("abc\u{202e}txt.exe"), "abc\\u{202E}txt.exe");
    }

    #[test]
    fn the_writer_escapes_across_writes_and_bytes_that_are_not_text() {
        let mut out = Vec::new();
        {
            let mut writer = Escaping::new(&mut out);
            let bell = "\u{7}日".as_bytes();
            writer.write_all(&bell[..2]).expect("write");
            writer.write_all(&bell[2..]).expect("write");
            writer.write_all(b"\xff\x1b[2J\n").expect("write");
            writer.write_all(&"é".as_bytes()[..1]).expect("write");
        }
        assert_eq!(
            String::from_utf8(out).expect("text"),
            "\\x07日\\xFF\\x1B[2J\n\\xC3"
        );
    }
}
