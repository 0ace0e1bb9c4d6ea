//! Every command the README and `docs/install.md` give runs as written, on
//! a fresh account: a temporary HOME with no config, data or man folders
//! made beforehand. The commands are read out of their `sh` blocks, so a
//! new one is tested as soon as it is written there.

#![cfg(unix)]

use std::path::Path;
use std::process::Command;

/// The README, and the page it sends completions and the manual to.
const README: &str = concat!(
    include_str!("../../README.md"),
    include_str!("../../docs/install.md")
);

/// Commands the README gives that this test leaves to others, each with
/// why. A line is matched by its start; each must still be in the README.
const NOT_RUN: [(&str, &str); 5] = [
    (
        "cargo run --release",
        "plays in a terminal; e2e_pty plays the binary",
    ),
    (
        "cargo install --path .",
        "a release build; this test runs the binary cargo built",
    ),
    (
        "cargo build --release",
        "a release build, for the bench figures",
    ),
    (
        "target/release/schokoban bench",
        "the solver's figures: an hour at 10 s a level",
    ),
    ("cargo test", "runs this test"),
];

/// The files the README's commands take as the player's own.
const PLAYERS_FILES: [(&str, &str); 1] = [("moves.sav", "ullrx")];

/// The code blocks of `language`, each as its commands: comment lines
/// dropped, lines ending in `\` joined to the next.
fn commands_in(language: &str) -> Vec<String> {
    let fence = format!("```{language}\n");
    README
        .split(fence.as_str())
        .skip(1)
        .filter_map(|rest| rest.split("```").next())
        .flat_map(|block| {
            block
                .replace("\\\n", " ")
                .lines()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .map(|line| line.trim().to_owned())
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

/// The files a command writes with `>` or `>>`, as the shell will see them.
fn written_files(command: &str, home: &Path) -> Vec<std::path::PathBuf> {
    let words: Vec<&str> = command.split_whitespace().collect();
    words
        .windows(2)
        .filter(|pair| pair[0] == ">" || pair[0] == ">>")
        .map(|pair| match pair[1].strip_prefix("~/") {
            Some(below_home) => home.join(below_home),
            None => Path::new(pair[1]).to_path_buf(),
        })
        .collect()
}

fn run(shell: &str, command: &str, home: &Path, bin: &Path, work: &Path) {
    let output = Command::new(shell)
        .args(["-c", command])
        .current_dir(work)
        .env_clear()
        .env("HOME", home)
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .env("PROFILE", home.join("Documents/PowerShell/profile.ps1"))
        .output()
        .expect("the shell runs");
    assert!(
        output.status.success(),
        "`{command}` failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    for file in written_files(command, home) {
        let file = work.join(file);
        let length = std::fs::metadata(&file).map_or(0, |m| m.len());
        assert!(length > 0, "`{command}` left {} empty", file.display());
    }
}

/// A fresh account: HOME with nothing in it, the binary on PATH, and a
/// working folder holding the player's own files.
fn fresh_account() -> (tempfile::TempDir, [std::path::PathBuf; 3]) {
    let root = tempfile::tempdir().expect("temp dir");
    let [home, bin, work] = ["home", "bin", "work"].map(|name| root.path().join(name));
    for folder in [&home, &bin, &work] {
        std::fs::create_dir(folder).expect("folder");
    }
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_schokoban"), bin.join("schokoban"))
        .expect("linked");
    for (name, text) in PLAYERS_FILES {
        std::fs::write(work.join(name), text).expect("written");
    }
    (root, [home, bin, work])
}

#[test]
fn every_command_in_the_readme_runs_on_a_fresh_account() {
    let (_root, [home, bin, work]) = fresh_account();
    let commands = commands_in("sh");
    assert!(commands.len() >= 10, "{commands:?}");
    let mut ran = 0;
    for command in &commands {
        if NOT_RUN.iter().any(|(start, _)| command.starts_with(start)) {
            continue;
        }
        assert!(
            command.starts_with("schokoban ") || command.starts_with("mkdir -p "),
            "`{command}`: run it here or give NOT_RUN a reason"
        );
        run("sh", command, &home, &bin, &work);
        ran += 1;
    }
    assert!(ran >= 10, "{ran} commands ran");
    for (start, why) in NOT_RUN {
        assert!(
            commands.iter().any(|command| command.starts_with(start)),
            "`{start}` ({why}) is no longer in the README"
        );
    }
    // What they wrote is what a player wanted from them.
    let config = home.join(".config/schokoban/config.toml");
    let config_text = std::fs::read_to_string(&config).expect("the config recipe wrote");
    assert!(config_text.contains("# up = "), "{config_text}");
    let page = std::fs::read_to_string(home.join(".local/share/man/man1/schokoban.1"))
        .expect("the manual page written");
    for section in [".SH KEYS", ".SH PLAY", ".SH FILES", ".SH EXIT STATUS"] {
        assert!(page.contains(section), "{section} missing");
    }
    assert!(
        home.join(".local/share/man/man1/schokoban-solve.1")
            .is_file()
    );
}

#[test]
fn the_config_recipe_prints_the_defaults_over_a_config_in_force() {
    let (_root, [home, bin, work]) = fresh_account();
    let folder = home.join(".config/schokoban");
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::write(folder.join("config.toml"), "ascii = true\n").expect("written");
    let output = Command::new(bin.join("schokoban"))
        .args(["config", "--default"])
        .current_dir(&work)
        .env_clear()
        .env("HOME", &home)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("# ascii = false"), "{text}");
    assert!(!text.contains("ascii = true"), "{text}");
}

#[test]
fn powershell_lines_run_where_powershell_is() {
    let commands = commands_in("powershell");
    assert!(
        commands
            .iter()
            .any(|c| c.starts_with("schokoban completions powershell"))
    );
    let has_pwsh = Command::new("pwsh").arg("-Version").output().is_ok();
    if !has_pwsh {
        crate::common::skip("powershell_lines_run_where_powershell_is", "no pwsh here");
        return;
    }
    let (_root, [home, bin, work]) = fresh_account();
    for command in commands {
        run("pwsh", &command, &home, &bin, &work);
    }
}
