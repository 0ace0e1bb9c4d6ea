//! What a player who installed the crate reaches for: shell completions, the
//! manual page, and the collections by name from any folder.

use std::process::Output;

use crate::common::run_with_input as schokoban_in;

fn text(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn completions_for_each_shell_name_every_subcommand() {
    let dir = tempfile::tempdir().expect("temp dir");
    let marks = [
        ("bash", "complete -F _schokoban"),
        ("zsh", "#compdef schokoban"),
        ("fish", "complete -c schokoban"),
        ("powershell", "Register-ArgumentCompleter"),
    ];
    for (shell, mark) in marks {
        let script = text(&schokoban_in(dir.path(), &["completions", shell], ""));
        assert!(script.contains(mark), "{shell}: {script}");
        for word in ["verify", "solve", "bench", "data-dir", "ascii"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let refused = schokoban_in(dir.path(), &["completions", "cmd"], "");
    assert_eq!(
        refused.status.code(),
        Some(2),
        "an unknown shell is refused"
    );
}

#[test]
fn the_manual_page_prints_or_writes_one_page_a_subcommand() {
    let dir = tempfile::tempdir().expect("temp dir");
    let page = text(&schokoban_in(dir.path(), &["man"], ""));
    assert!(page.contains(".TH schokoban 1"), "{page}");
    assert!(page.contains("sasquatch\\-xi"), "the examples are in it");
    for section in [".SH KEYS", ".SH PLAY", ".SH FILES", ".SH EXIT STATUS"] {
        assert!(page.contains(section), "{section} missing");
    }
    // The folder is made when it is missing.
    let folder = dir.path().join("man/man1");
    text(&schokoban_in(dir.path(), &["man", "--dir", "man/man1"], ""));
    for name in ["schokoban.1", "schokoban-solve.1", "schokoban-bench.1"] {
        let page = std::fs::read_to_string(folder.join(name)).expect("written");
        assert!(page.starts_with(".ie"), "{name}: {page}");
    }
}

#[test]
fn a_sasquatch_level_solves_by_name_from_an_empty_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let args = ["solve", "sasquatch-xi", "--level", "1"];
    let solved = text(&schokoban_in(dir.path(), &args, ""));
    let lurd = solved
        .strip_prefix("solution: ")
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("{solved}"));
    let args = ["verify", "sasquatch-xi", "-", "--level", "1"];
    let verified = text(&schokoban_in(dir.path(), &args, lurd));
    assert!(verified.contains("solved: yes"), "{verified}");
}
