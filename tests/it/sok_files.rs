//! Level files in the formats players download, read from `tests/sok/`:
//! fixtures made for these tests in each real format (YASC's Windows-1252
//! with CRLF and comment blocks, UTF-16 and UTF-8 with a byte-order mark,
//! YASC's other board characters, other games' boards among Sokoban ones).
//! Every file there must be listed below, so a new one is checked too.

use std::fs;
use std::path::PathBuf;

use schokoban::storage::load_level_file;
use schokoban_core::ParseError;

/// What a fixture must read as.
struct Expected {
    file: &'static str,
    collection: Option<&'static str>,
    author: Option<&'static str>,
    /// Each board's title, author, and whether it can be played.
    levels: &'static [(Option<&'static str>, Option<&'static str>, bool)],
}

const ANAIS: Option<&str> = Some("Anaïs Ferré");

const EXPECTED: &[Expected] = &[
    Expected {
        file: "published-solutions.sok",
        collection: Some("Published solutions"),
        author: Some("schokoban tests"),
        levels: &[
            (Some("A corridor"), Some("schokoban tests"), true),
            (Some("Two rooms"), Some("schokoban tests"), true),
        ],
    },
    Expected {
        file: "yasc-cp1252-crlf.sok",
        collection: Some("Petits Rochers"),
        author: ANAIS,
        levels: &[
            (Some("Premier caillou"), ANAIS, true),
            (Some("Deux pépites"), ANAIS, true),
            (Some("Trois"), ANAIS, true),
        ],
    },
    Expected {
        file: "mixed-games.sok",
        collection: Some("Games Night"),
        author: Some("Schokoban tests"),
        levels: &[
            (Some("Square one"), Some("Test Author"), true),
            (Some("Square two"), Some("Test Author"), true),
            (Some("Hex one"), None, false),
            (Some("Tri one"), None, false),
            (Some("Two pushers"), None, false),
            (Some("Square three"), Some("Schokoban tests"), true),
        ],
    },
    Expected {
        file: "yasc-characters.sok",
        collection: Some("Other Characters"),
        author: None,
        levels: &[
            (Some("Alternatives"), None, true),
            (Some("Upper case"), None, true),
            (Some("The m pusher"), None, true),
            (Some("Run lengths"), None, true),
            (Some("Counted rows"), None, true),
        ],
    },
    Expected {
        file: "utf16-bom.sok",
        collection: Some("Seize bits"),
        author: Some("Émilie"),
        levels: &[(Some("Café"), Some("Émilie"), true)],
    },
    Expected {
        file: "utf8-bom-title-above.xsb",
        collection: None,
        author: None,
        levels: &[
            (Some("Above the board"), Some("Zoë"), true),
            (Some("Second, also above"), None, true),
        ],
    },
];

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sok")
}

#[test]
fn every_fixture_reads_with_its_titles_authors_and_bad_levels() {
    let mut names: Vec<String> = fs::read_dir(folder())
        .expect("tests/sok")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    let mut listed: Vec<&str> = EXPECTED.iter().map(|e| e.file).collect();
    listed.sort_unstable();
    assert_eq!(names, listed, "every fixture is listed, and only those");
    for expected in EXPECTED {
        let file = load_level_file(&folder().join(expected.file))
            .unwrap_or_else(|e| panic!("{}: {e}", expected.file));
        assert_eq!(
            file.title.as_deref(),
            expected.collection,
            "{}",
            expected.file
        );
        assert_eq!(file.author.as_deref(), expected.author, "{}", expected.file);
        let read: Vec<_> = file
            .levels
            .iter()
            .map(|board| match board {
                Ok(level) => (level.title(), level.author(), true),
                Err(bad) => (bad.title.as_deref(), None, false),
            })
            .collect();
        assert_eq!(read, expected.levels, "{}", expected.file);
    }
}

#[test]
fn other_games_are_refused_with_their_name_and_line() {
    let file = load_level_file(&folder().join("mixed-games.sok")).expect("opens");
    let reasons: Vec<(usize, ParseError)> = file
        .bad()
        .map(|(number, bad)| (number, bad.error.clone()))
        .collect();
    let game = |line, game: &str| ParseError::OtherGame {
        line,
        game: game.to_owned(),
    };
    assert_eq!(
        reasons,
        [
            (3, game(35, "Hexoban")),
            (4, game(42, "Trioban")),
            (5, game(49, "Multiban")),
        ]
    );
}

#[test]
fn yasc_characters_mean_what_xsb_ones_do() {
    let file = load_level_file(&folder().join("yasc-characters.sok")).expect("opens");
    let boards: Vec<String> = file
        .playable()
        .map(|(_, level)| level.to_string())
        .collect();
    assert_eq!(
        boards,
        [
            "######\n#@ $ .#\n# *   #\n#######\n",
            "#####\n#+$ #\n#####\n",
            "#####\n#@ *#\n#$. #\n#####\n",
            "#######\n#+  $#\n#######\n",
            "########\n# @ $ .#\n########\n",
        ]
    );
}

/// A collection with its own name, whose second level is of another game.
const WITH_A_BAD_LEVEL: &str = "Set: Corners\nAuthor: Ana\n\n\
    #####\n#@$.#\n#####\nTitle: First\n\n\
    # # #\n # @ #\nTitle: Hex\nGame: Hexoban\n\n\
    ######\n#@$ .#\n######\n";

#[test]
fn the_level_list_greys_a_bad_level_with_its_line_and_reason() {
    use crate::ui::{ch, key, level, messages, press, render, screen};
    use crossterm::event::KeyCode;
    use ratatui::style::Color;

    let (_dir, mut app) = crate::ui::start_on("corners.sok", WITH_A_BAD_LEVEL);
    let lines = screen(&mut app, 80, 24);
    let list: Vec<&str> = lines[5..11].iter().map(|l| l.trim_end()).collect();
    assert_eq!(
        list,
        [
            "                         Corners by Ana: choose a level",
            "",
            "              #  Level         Rating  Record",
            "        ▶     1  First       ◆◇◇◇   5     N/A",
            "              2  Hex         line 9: a level of Hexoban, not of Sokoban",
            "              3  Corners #3         …     N/A",
        ]
    );
    let buffer = render(&app, 80, 24);
    assert_eq!(buffer[(14, 9)].symbol(), "2");
    assert_eq!(
        buffer[(14, 9)].fg,
        Color::DarkGray,
        "the bad level is greyed"
    );
    assert_ne!(buffer[(14, 10)].fg, Color::DarkGray, "a good one is not");

    press(&mut app, &[key(KeyCode::Down), key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list", "a bad level does not open");
    assert_eq!(
        messages(&app),
        "Level 2 cannot be played: line 9: a level of Hexoban, not of Sokoban"
    );
    press(&mut app, &[key(KeyCode::Up), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "First");
    // N shows the leaderboard of the level left, the next level first.
    press(&mut app, &[ch('n'), key(KeyCode::Enter)]);
    assert_eq!(
        level(&app).title,
        "Corners #3",
        "the next level skips the bad one"
    );
}
