//! The command line at its edges, run as the real binary: a reader that
//! has gone (`| head`), `--data-dir` on either side of the subcommand, and
//! a file whose bad level is told for that level only.

use std::fs;
use std::process::{Command, Output, Stdio};

fn schokoban() -> Command {
    Command::new(env!("CARGO_BIN_EXE_schokoban"))
}

/// Runs with standard output a pipe whose reader is already closed, as
/// after `| head -0`: every write fails with a broken pipe.
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    schokoban()
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

/// Every command that prints, each shell's completions among them.
const PRINTING: [&[&str]; 11] = [
    &["verify", "xsokoban", ""],
    &["solve", "microban", "--level", "1"],
    &["bench", "microban", "--to", "2", "--timeout", "5"],
    &["generate", "--seed", "1"],
    &["completions", "bash"],
    &["completions", "zsh"],
    &["completions", "fish"],
    &["completions", "elvish"],
    &["completions", "powershell"],
    &["config", "--config", "no-such.toml"],
    &["man"],
];

#[test]
fn a_closed_pipe_ends_every_printing_command_quietly() {
    for args in PRINTING {
        let output = into_closed_pipe(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

/// `> /dev/full`: every write fails as on a full disk, which the command
/// says in one line, failing, rather than panicking or ending as if done.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_clear_error_from_every_printing_command() {
    for args in PRINTING {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = schokoban()
            .args(args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let text = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {text}");
        assert!(
            text.starts_with("error: No space left on device") && text.lines().count() == 1,
            "{args:?}: {text}"
        );
    }
}

#[test]
fn the_game_s_own_options_are_not_offered_where_they_do_nothing() {
    for subcommand in ["verify", "solve", "bench", "generate", "man", "completions"] {
        let output = schokoban()
            .args([subcommand, "--help"])
            .output()
            .expect("runs");
        let help = String::from_utf8_lossy(&output.stdout);
        assert!(!help.contains("--data-dir"), "{subcommand}: {help}");
        assert!(!help.contains("--config"), "{subcommand}: {help}");
    }
    let output = schokoban()
        .args(["config", "--help"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&output.stdout).contains("--config"));
}

#[test]
fn a_map_to_play_and_a_subcommand_together_are_refused() {
    let output = schokoban()
        .args(["some.xsb", "verify", "microban", ""])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot be given with a subcommand"));
}

/// Three levels; the second is of another game.
const MIXED: &str = "Title: Mixed\n\n#####\n#@$.#\n#####\nTitle: One\n\n\
                     # # #\n # @ #\n# $ . #\nTitle: Hex\nGame: Hexoban\n\n\
                     ######\n#@$ .#\n######\nTitle: Three\n";

#[test]
fn verify_solve_and_bench_tell_a_bad_level_for_that_level_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("mixed.sok");
    fs::write(&map, MIXED).expect("map");
    let map = map.to_string_lossy().into_owned();

    let good = schokoban()
        .args(["verify", &map, "RR", "--level", "3"])
        .output()
        .expect("runs");
    assert_eq!(good.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&good.stdout).contains("solved: yes"));

    for args in [
        &["verify", &map, "", "--level", "2"][..],
        &["solve", &map, "--level", "2"],
    ] {
        let bad = schokoban().args(args).output().expect("runs");
        assert_eq!(bad.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&bad.stderr).trim_end(),
            format!(
                "error: {map}: level 2 cannot be played: line 8: a level of Hexoban, not of Sokoban"
            ),
            "{args:?}"
        );
    }

    let bench = schokoban()
        .args(["bench", &map, "--timeout", "5"])
        .output()
        .expect("runs");
    assert_eq!(bench.status.code(), Some(0));
    let out = String::from_utf8_lossy(&bench.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("level 1: "), "{out}");
    assert_eq!(
        lines[1],
        "level 2: cannot be played: line 8: a level of Hexoban, not of Sokoban"
    );
    assert!(lines[2].starts_with("level 3: "), "{out}");
    assert!(out.contains("total: solved 2 of 2,"), "{out}");
}
