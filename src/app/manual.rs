//! The manual page: clap's sections for the command line, and the game's
//! own for its keys (from the key table the game draws its help from),
//! play, files and exit codes.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use clap_mangen::Man;

use super::keymap::KeyMap;
use crate::storage::write_atomic;

/// Writes the whole page for `command` to `out`.
///
/// # Errors
/// When `out` cannot be written.
pub fn render(command: &clap::Command, out: &mut dyn Write) -> io::Result<()> {
    let man = Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    out.write_all(game_sections().as_bytes())?;
    if command.get_after_help().is_some() {
        man.render_extra_section(out)?;
    }
    man.render_version_section(out)
}

/// Writes `schokoban.1` (the whole page) and a page for each subcommand
/// into `dir`, making the folder first if it is missing.
///
/// # Errors
/// When the folder cannot be made or a page cannot be written.
pub fn write_pages(command: &clap::Command, dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    clap_mangen::generate_to(command.clone(), dir)?;
    let mut page = Vec::new();
    let name = Man::new(command.clone()).get_filename();
    render(command, &mut page)?;
    write_atomic(&dir.join(name), &page)
}

/// The sections clap cannot know: keys, play, files and exit status.
fn game_sections() -> String {
    let mut roff = String::from(".SH KEYS\n");
    roff.push_str(
        "Letters work in either case. A config file can give an action other \
         keys; this page names the defaults.\n",
    );
    let mut lines = KeyMap::default().every_key_line().into_iter().peekable();
    while let Some((keys, help)) = lines.next() {
        let _ = write!(roff, ".TP\n\\fB{}\\fR\n{}\n", escape(&keys), escape(help));
        while let Some((_, more)) = lines.next_if(|(keys, _)| keys.is_empty()) {
            let _ = writeln!(roff, ".br\n{}", escape(more));
        }
    }
    roff.push_str(PLAY_FILES_EXIT);
    roff
}

/// Escapes text for roff: backslashes, and a leading dot or quote that
/// would read as a request.
fn escape(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

const PLAY_FILES_EXIT: &str = r".SH PLAY
The main menu offers Arcade (the levels of a collection in order), Free play
(any level of a collection), Custom map (a level file by its path), the level
editor and Endless (levels made on the spot). Push every box onto a goal.
Every move counts one, and so does every undo and redo; R resets the level and
the count. Lower is better: a score good enough for a level's top 10 may take
a nickname there. Esc leaves a level and saves an unsolved game; the next time
the level opens, the save can be loaded or deleted.
.SH FILES
.TP
\fI$XDG_DATA_HOME/schokoban\fR (usually \fI~/.local/share/schokoban\fR)
The data folder, or the folder \fB\-\-data\-dir\fR names: for each level its
leaderboard (\fINAME.xsb.dat\fR), saved game (\fINAME.xsb.sav\fR) and the moves
of every leaderboard entry (\fINAME.xsb.runs\fR), and your progress, added
collections and My levels. A custom map's records go beside the map.
.TP
\fI$XDG_CONFIG_HOME/schokoban/config.toml\fR (usually \fI~/.config/schokoban/config.toml\fR)
Settings and keys, or the file \fB\-\-config\fR names.
\fBschokoban config \-\-default\fR prints every setting at its default, to
start one from.
.SH EXIT STATUS
.TP
0
Success: the game ended, or the command did what it was asked.
.TP
1
Failure: an error (named on standard error), an illegal move for
\fBverify\fR, no solution found for \fBsolve\fR, or a level \fBbench\fR
could not solve.
.TP
2
The command line was not understood.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_section_lists_the_key_tables_help() {
        let roff = game_sections();
        for (keys, help) in KeyMap::default().every_key_line() {
            assert!(roff.contains(&escape(help)), "{help} missing");
            if !keys.is_empty() {
                assert!(roff.contains(&format!("\\fB{}\\fR", escape(&keys))));
            }
        }
        assert!(roff.contains("undo (counts as a move)"));
        assert!(roff.contains("editor: try it"));
    }

    #[test]
    fn text_that_reads_as_a_request_is_escaped() {
        assert_eq!(escape(".x"), "\\&.x");
        assert_eq!(escape("a\\b-c"), "a\\eb\\-c");
    }
}
