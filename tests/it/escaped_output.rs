//! Text from outside never reaches the terminal raw: a level file named
//! with ESC, BEL and an OSC 52 sequence (which sets the clipboard in the
//! terminals that honour it) comes out of every command escaped, as
//! ripgrep shows such bytes, on standard output and standard error alike.

use std::path::Path;
use std::process::{Command, Output};

/// OSC 52, "set the clipboard to PWNED", in a file name.
const CLIPBOARD: &str = "osc52\u{1b}]52;c;UFdORUQ=\u{7}.xsb";
const CLIPBOARD_SHOWN: &str = "osc52\\x1B]52;c;UFdORUQ=\\x07.xsb";
/// OSC 0, "set the window title", in the name of a file that is no level.
const TITLE: &str = "bad\u{1b}]0;pwn\u{7}\u{202e}.xsb";
const TITLE_SHOWN: &str = "bad\\x1B]0;pwn\\x07\\u{202E}.xsb";

fn schokoban(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schokoban"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// No byte a terminal would obey: C0 controls but newline and tab, DEL,
/// and (as characters) the C1 controls and U+202E.
fn assert_printable(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    let obeyed = text.chars().find(|&c| {
        (c.is_control() && c != '\n' && c != '\t') || ('\u{202a}'..='\u{202e}').contains(&c)
    });
    assert_eq!(obeyed, None, "{what}: {text:?}");
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8")
}

fn folder_with_named_files() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join(CLIPBOARD), "#####\n#@$.#\n#####\n").expect("level");
    std::fs::write(dir.path().join(TITLE), "no board here\n").expect("no level");
    dir
}

#[test]
fn verify_solve_and_bench_name_a_bad_file_escaped() {
    let dir = folder_with_named_files();
    let expected = format!("error: {TITLE_SHOWN}: no level board found\n");
    for args in [
        &["verify", TITLE, "r"][..],
        &["solve", TITLE],
        &["bench", TITLE, "--nodes", "1000"],
    ] {
        let output = schokoban(dir.path(), args);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_eq!(text(&output.stderr), expected, "{args:?}");
        assert_printable(&output.stdout, "stdout");
    }
}

#[test]
fn bench_names_a_file_escaped_in_its_summary() {
    let dir = folder_with_named_files();
    let output = schokoban(dir.path(), &["bench", CLIPBOARD, "--nodes", "1000"]);
    assert!(output.status.success(), "{output:?}");
    assert_printable(&output.stdout, "bench");
    let summary = format!("\n{CLIPBOARD_SHOWN}: solved 1 of 1, ");
    assert!(text(&output.stdout).contains(&summary), "{output:?}");
}

#[test]
fn verify_and_solve_print_only_printable_bytes() {
    let dir = folder_with_named_files();
    for args in [&["verify", CLIPBOARD, "R"][..], &["solve", CLIPBOARD]] {
        let output = schokoban(dir.path(), args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_printable(&output.stdout, "stdout");
        assert_printable(&output.stderr, "stderr");
    }
}

#[test]
fn a_config_named_with_escapes_is_named_escaped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let name = "keys\u{1b}[31m\u{9b}.toml";
    std::fs::write(
        dir.path().join(name),
        "[keys]\nup = [\"k\"]\nhint = [\"k\"]\n",
    )
    .expect("config");
    let output = schokoban(dir.path(), &["config", "--config", name]);
    assert_eq!(
        text(&output.stderr),
        "error: keys\\x1B[31m\\u{009B}.toml: line 2: K is bound to both hint and up\n"
    );
}

#[test]
fn a_mistyped_argument_is_echoed_escaped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = schokoban(dir.path(), &["verify", CLIPBOARD, "r", "--level", "\u{7}x"]);
    assert_eq!(output.status.code(), Some(2));
    assert_printable(&output.stderr, "clap's error");
    assert!(text(&output.stderr).contains("--level"), "{output:?}");
}
