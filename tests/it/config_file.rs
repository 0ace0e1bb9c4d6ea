//! The config file: keys rebound for play and named in `?` and the legend,
//! clashes refused naming both actions, a bad file named with its line
//! while the game plays on, and `schokoban config`.

use std::path::Path;
use std::process::Command;

use crossterm::event::KeyCode;
use schokoban::app::config::{self, Config};
use schokoban::app::theme::{Theme, ThemeChoice};
use schokoban::app::{App, KeyMap, Options};

use crate::common::run_with_input;
use crate::ui::{TINY, ch, key, level, press, write_map};

fn parsed(text: &str) -> Result<Config, String> {
    config::parse(Path::new("config.toml"), text).map_err(|e| e.to_string())
}

#[test]
fn a_rebound_key_moves_and_the_help_and_legend_name_it() {
    let config = parsed("theme = \"light\"\nzoom = false\n[keys]\nup = [\"k\", \"Up\"]\n")
        .expect("a good config");
    assert_eq!(config.theme, Some(ThemeChoice::Light));
    assert_eq!(config.zoom, Some(false));
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "tiny.xsb", TINY);
    let app_with = |keys| {
        let options = Options {
            map: Some(map.clone()),
            data_dir: Some(dir.path().join("data")),
            keys,
            ..Options::default()
        };
        App::new(options, Theme::default())
    };
    // The keys are the app's own: another app beside it plays with the
    // default keys.
    let mut app = app_with(config.keys());
    let mut beside = app_with(KeyMap::default());
    press(&mut beside, &[ch('w')]);
    assert_eq!(level(&beside).game.score(), 1, "W moves with the defaults");
    assert!(
        beside.visible_text(80, 24).contains("WASD/arrows move"),
        "the default legend"
    );
    let start = level(&app).game.player();
    press(&mut app, &[ch('k')]);
    assert_eq!(level(&app).game.player().y + 1, start.y, "k moves up");
    press(&mut app, &[ch('w')]);
    assert_eq!(level(&app).game.player().y + 1, start.y, "W no longer does");
    let legend = app.visible_text(80, 24);
    assert!(legend.contains("K/↑/↓/S/←/A/→/D move"), "{legend}");
    press(&mut app, &[ch('?')]);
    assert!(level(&app).show_help);
    let help = app.visible_text(80, 24);
    assert!(help.contains("K / ↑ / ↓ / S"), "{help}");
}

#[test]
fn keys_given_to_two_actions_are_refused_naming_both() {
    let error = parsed("[keys]\nup = [\"k\"]\nhint = [\"K\"]\n").expect_err("a clash");
    assert_eq!(error, "config.toml: line 2: K is bound to both hint and up");
    // A key some action keeps by default clashes too.
    let error = parsed("\n[keys]\nundo = [\"w\"]\n").expect_err("a clash");
    assert!(
        error.starts_with("config.toml: line 3: W is bound to both undo and, by default, up"),
        "{error}"
    );
}

#[test]
fn a_bad_file_is_one_line_naming_its_line() {
    for (text, expected) in [
        (
            "theme = 3\n",
            "config.toml: line 1: invalid type: integer `3`, expected a string",
        ),
        (
            "ascii = true\ntheme = \"pink\"\n",
            "config.toml: line 2: theme \"pink\": not auto, dark, light or colorblind",
        ),
        (
            "[keys]\njump = [\"j\"]\n",
            "config.toml: line 2: no action \"jump\"",
        ),
        (
            "[keys]\nup = [\"Hyper\"]\n",
            "config.toml: line 2: up: \"Hyper\" is not a key",
        ),
        ("zoom = maybe\n", "config.toml: line 1: "),
    ] {
        let error = parsed(text).expect_err(text);
        assert!(error.starts_with(expected), "{text}: {error}");
        assert!(!error.contains('\n'), "one line: {error}");
    }
}

#[test]
fn a_bad_config_is_said_at_the_start_and_the_game_plays_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = App::new(
        Options {
            data_dir: Some(dir.path().join("data")),
            config_problem: Some(config::ConfigError::Bad {
                path: "config.toml".into(),
                line: 1,
                problem: config::ConfigProblem::Toml("bad".to_owned()),
            }),
            ..Options::default()
        },
        Theme::default(),
    );
    assert!(
        app.visible_text(80, 24)
            .contains("config.toml: line 1: bad")
    );
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Microban 1");
}

#[test]
fn schokoban_config_prints_the_file_in_force_or_the_defaults() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("mine.toml");
    let missing = run_with_input(dir.path(), &["config", "--config", "mine.toml"], "");
    let defaults = String::from_utf8_lossy(&missing.stdout);
    assert!(
        defaults.starts_with("# mine.toml does not exist"),
        "{defaults}"
    );
    // The defaults, uncommented, are a config that reads back.
    let uncommented = defaults
        .replace("# up =", "up =")
        .replace("# theme =", "theme =");
    parsed(&uncommented).expect("the template reads back");
    std::fs::write(&file, "[keys]\nup = [\"k\", \"Up\"]\n").expect("written");
    let shown = run_with_input(dir.path(), &["config", "--config", "mine.toml"], "");
    assert_eq!(
        String::from_utf8_lossy(&shown.stdout),
        "# mine.toml\n[keys]\nup = [\"k\", \"Up\"]\n"
    );
    std::fs::write(&file, "[keys]\nup = [\"k\"]\nhint = [\"k\"]\n").expect("written");
    let refused = run_with_input(dir.path(), &["config", "--config", "mine.toml"], "");
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&refused.stderr),
        "error: mine.toml: line 2: K is bound to both hint and up\n"
    );
}

#[test]
fn the_readme_example_is_a_config_the_game_takes() {
    let readme = include_str!("../../README.md");
    let example = readme
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a toml block in the README");
    let config = parsed(example).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(config.theme, Some(ThemeChoice::Light));
}

#[test]
fn a_key_that_cannot_be_typed_or_shown_is_refused_naming_the_action() {
    for (typed, shown) in [
        ("\\u001b", "\"\\u{1b}\""),
        ("\\u0007", "\"\\u{7}\""),
        ("\\u202e", "\"\\u{202e}\""),
        ("\\u0301", "\"\\u{301}\""),
    ] {
        let error = parsed(&format!("[keys]\nundo = [\"{typed}\"]\n")).expect_err(typed);
        assert_eq!(
            error,
            format!("config.toml: line 2: undo: {shown} is no key that can be typed and shown")
        );
    }
}

#[test]
fn an_action_left_without_a_key_is_refused_naming_it() {
    let error = parsed("[keys]\nup = [\"k\"]\nleave = []\n").expect_err("no key to leave");
    assert_eq!(
        error,
        "config.toml: line 3: leave has no key: give it at least one"
    );
    let every_list_empty: String = [
        "up", "down", "left", "right", "undo", "redo", "reset", "hint", "zoom", "next", "previous",
        "watch", "edit", "leave", "help",
    ]
    .iter()
    .map(|action| action.to_string() + " = []\n")
    .collect();
    assert!(parsed(&format!("[keys]\n{every_list_empty}")).is_err());
}

#[test]
fn only_a_regular_file_of_at_most_a_mebibyte_is_read() {
    use schokoban::app::config::{ConfigError, MAX_CONFIG_BYTES};
    use schokoban::storage::LoadErrorKind;
    let dir = tempfile::tempdir().expect("temp dir");
    let kind = |path: &Path| match config::load(path) {
        Err(ConfigError::Unreadable { kind, .. }) => kind,
        other => panic!("{}: {other:?}", path.display()),
    };
    let big = dir.path().join("big.toml");
    let comment = format!("# {}\n", "x".repeat(1000));
    std::fs::write(&big, comment.repeat(1100)).expect("written");
    assert!(matches!(kind(&big), LoadErrorKind::TooLarge { most, .. } if most == MAX_CONFIG_BYTES));
    assert_eq!(kind(dir.path()), LoadErrorKind::IsDirectory);
    #[cfg(unix)]
    {
        // Opened as a file, a FIFO with no writer blocks the start for
        // ever, and /dev/zero never ends.
        let fifo = dir.path().join("config.toml");
        let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(made.success());
        assert_eq!(kind(&fifo), LoadErrorKind::NotAFile);
        assert_eq!(kind(Path::new("/dev/zero")), LoadErrorKind::NotAFile);
    }
}

#[test]
fn a_utf16_config_is_read_as_utf16_levels_are() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("config.toml");
    let text = "theme = \"light\"\r\n[keys]\r\nup = [\"k\"]\r\n";
    for bytes in [
        text.encode_utf16()
            .flat_map(u16::to_le_bytes)
            .fold(vec![0xff, 0xfe], |mut all, b| {
                all.push(b);
                all
            }),
        text.encode_utf16()
            .flat_map(u16::to_be_bytes)
            .fold(vec![0xfe, 0xff], |mut all, b| {
                all.push(b);
                all
            }),
    ] {
        std::fs::write(&path, bytes).expect("written");
        let config = config::load(&path).expect("read").expect("there");
        assert_eq!(config.theme, Some(ThemeChoice::Light));
    }
}
