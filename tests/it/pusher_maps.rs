//! begoon's pusher.exe maps, plain and compressed, read wherever XSB is:
//! files built from our own levels by the test encoder must come back as
//! the very levels they were made from, and broken ones are refused with
//! the line that is wrong.

use std::fs;

use crate::common::lvl;
use crate::common::pusher::{compress, compressed, our_levels, plain, r3forth};
use schokoban::storage::{LoadErrorKind, load_levels};
use schokoban_core::{Level, LevelFormat, ParseError, detect_format, parse_levels};

fn boards(levels: &[Level]) -> Vec<Level> {
    levels
        .iter()
        .map(|level| level.clone().with_title(None).with_author(None))
        .collect()
}

fn parse_err(text: &str) -> ParseError {
    parse_levels(text).expect_err("the text must be refused")
}

#[test]
fn every_level_of_ours_survives_every_pusher_format() {
    let levels = our_levels();
    assert!(levels.len() > 300, "levels/ holds the built-in collections");
    for (path, level) in &levels {
        let one = std::slice::from_ref(level);
        for text in [plain(one), compressed(one), r3forth(one)] {
            let back = parse_levels(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(boards(&back), boards(one), "{}\n{text}", path.display());
        }
    }
}

#[test]
fn a_whole_collection_reads_back_in_order_with_the_listing_names() {
    let levels: Vec<Level> = our_levels().into_iter().map(|(_, level)| level).collect();
    let from_plain = parse_levels(&plain(&levels)).expect("plain listing");
    let from_packed = parse_levels(&compressed(&levels)).expect("compressed listing");
    let from_r3 = parse_levels(&r3forth(&levels)).expect("R3forth source");
    assert_eq!(boards(&from_plain), boards(&levels));
    assert_eq!(boards(&from_packed), boards(&levels));
    assert_eq!(boards(&from_r3), boards(&levels));
    assert_eq!(from_r3[2].title(), Some("lvl3z"));
    assert_eq!(from_plain[2].title(), Some("Maze 3"));
    assert_eq!(from_packed[2].title(), Some("level_03"));
}

#[test]
fn the_format_is_recognised_by_content_whatever_the_file_is_called() {
    let level = lvl("####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
    let one = std::slice::from_ref(&level);
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, text, format) in [
        ("maps.xsb", plain(one), LevelFormat::PusherPlain),
        ("maze", compressed(one), LevelFormat::PusherCompressed),
        ("level.txt", level.to_xsb(), LevelFormat::Xsb),
        ("sokoban.levels.r3", r3forth(one), LevelFormat::R3forth),
    ] {
        assert_eq!(detect_format(&text), format, "{name}");
        let path = dir.path().join(name);
        fs::write(&path, &text).expect("write map");
        let loaded = load_levels(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(boards(&loaded), boards(one), "{name}");
    }
}

/// Maze 1 as the format's description prints it, trailing spaces and all.
const PUBLISHED_MAZE_1: [&str; 11] = [
    "    XXXXX             ",
    "    X   X             ",
    "    X*  X             ",
    "  XXX  *XXX           ",
    "  X  *  * X           ",
    "XXX X XXX X     XXXXXX",
    "X   X XXX XXXXXXX  ..X",
    "X *  *             ..X",
    "XXXXX XXXX X@XXXX  ..X",
    "    X      XXX  XXXXXX",
    "    XXXXXXXX          ",
];

/// Its bytes as the description lists them.
const PUBLISHED_BYTES_1: &str = "\
level_01        db 16h, 0Bh, 0A2h, 0DFh, 38h, 32h, 1Fh, 38h, 2Ah, 3, 0E6h
                db 12h, 0C0h, 0A5h, 0F2h, 83h, 2, 81h, 3, 0E4h, 12h, 82h
                db 25h, 6, 0CDh, 64h, 22h, 51h, 0ACh, 11h, 0A1h, 0Ah, 5
                db 0E5h, 11h, 0B1h, 14h, 82h, 29h, 82h, 31h, 0A0h, 0E1h
                db 2Ch, 18h, 0D1h, 0CFh, 80h, 0Ch, 8
";

#[test]
fn the_documented_first_maze_decodes_to_its_published_board() {
    // Quoted from the format's description, these pin the bit order and
    // the codes independently of our encoder.
    let from_bytes = parse_levels(PUBLISHED_BYTES_1).expect("the published bytes");
    let listing = format!(
        "*****\nMaze: 1\nSize X: 22\nSize Y: 11\n\n{}\n*****\n",
        PUBLISHED_MAZE_1.join("\n")
    );
    let from_plain = parse_levels(&listing).expect("the published board");
    let mut xsb = String::new();
    for row in PUBLISHED_MAZE_1 {
        xsb.push_str(&row.trim_end().replace('X', "#").replace('*', "$"));
        xsb.push('\n');
    }
    assert_eq!(from_bytes[0].to_string(), xsb);
    assert_eq!(boards(&from_plain), boards(&from_bytes));
    // Lines wrap differently, but the bytes are pusher.exe's own.
    let listed_bytes = |listing: &str| -> Vec<String> {
        listing
            .lines()
            .flat_map(|line| line.split_once("db ").expect("a db line").1.split(", "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(
        listed_bytes(&compressed(&from_bytes)),
        listed_bytes(PUBLISHED_BYTES_1)
    );
}

const ROOM_PLAIN: &str = "Maze: 7\nSize X: 6\nSize Y: 3\n\nXXXXXX\nX@*.X\nXXXXXX\n";

#[test]
fn broken_plain_listings_are_refused_at_the_line_that_is_wrong() {
    assert_eq!(
        boards(&parse_levels(ROOM_PLAIN).expect("the room")),
        boards(&[lvl("######\n#@$.#\n######\n")])
    );
    let cases = [
        (
            "Maze: 1\n\nXXXX\n",
            ParseError::MissingHeader {
                line: 3,
                header: "Size X",
            },
        ),
        ("Maze: 1\nSize X: wide\n", ParseError::BadHeader { line: 2 }),
        ("Size X: 0\n", ParseError::BadHeader { line: 1 }),
        ("Size X: 2000\n", ParseError::BadHeader { line: 1 }),
        (
            "Size X: 3\nSize Y: 1\nXXXX\n",
            ParseError::RowTooWide { line: 3, width: 3 },
        ),
        (
            "Size X: 5\nSize Y: 3\nXXXXX\nX@*.X\n*************\n",
            ParseError::ShortBoard {
                line: 3,
                expected: 3,
                found: 2,
            },
        ),
        (
            "Size X: 5\nSize Y: 3\nXXXXX\nX@*.X\n",
            ParseError::ShortBoard {
                line: 3,
                expected: 3,
                found: 2,
            },
        ),
        (
            "Size X: 5\nSize Y: 1\nX@*#X\n",
            ParseError::UnknownChar {
                line: 3,
                column: 4,
                found: '#',
            },
        ),
        (
            "Maze: 1\nhello there\n",
            ParseError::UnexpectedText { line: 2 },
        ),
        ("*****\nMaze: 1\n", ParseError::NoBoard),
        (
            "Size X: 5\nSize Y: 1\nX@**X\n",
            ParseError::BoxGoalMismatch {
                line: 3,
                boxes: 2,
                goals: 0,
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(parse_err(text), error, "{text:?}");
    }
}

#[test]
fn broken_compressed_listings_are_refused_at_the_line_that_is_wrong() {
    let room = compressed(&[lvl("######\n#@$.#\n######\n")]);
    let bytes = compress(&lvl("######\n#@$.#\n######\n"));
    let listing = |bytes: &[u8]| {
        let list: Vec<String> = bytes.iter().map(u8::to_string).collect();
        format!("; made by hand\nroom db {}\n", list.join(", "))
    };
    let len = bytes.len();
    let mut off_map = bytes.clone();
    off_map[len - 1] = 9;
    let mut on_wall = bytes.clone();
    on_wall[len - 2] = 0;
    let cases = [
        (
            listing(&bytes[..bytes.len() - 1]),
            ParseError::Truncated { line: 2 },
        ),
        (listing(&bytes[..5]), ParseError::Truncated { line: 2 }),
        (
            listing(&[bytes.clone(), vec![7, 7]].concat()),
            ParseError::TrailingBytes { line: 2, count: 2 },
        ),
        (
            listing(&[0, 3, 0, 0, 0]),
            ParseError::EmptyBoard { line: 2 },
        ),
        (
            listing(&off_map),
            ParseError::PlayerNotOnFloor {
                line: 2,
                x: 1,
                y: 9,
            },
        ),
        (
            listing(&on_wall),
            ParseError::PlayerNotOnFloor {
                line: 2,
                x: 0,
                y: 1,
            },
        ),
        (
            format!("{room}  db 100h\n"),
            ParseError::BadByte { line: 2, column: 6 },
        ),
        (
            "a db 3, , 4\n".to_owned(),
            ParseError::BadByte { line: 1, column: 8 },
        ),
        (
            "a db 3, 0Gh\n".to_owned(),
            ParseError::BadByte { line: 1, column: 9 },
        ),
        (
            format!("{room}mov ax, 3\n"),
            ParseError::UnexpectedText { line: 2 },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(parse_err(&text), error, "{text:?}");
    }
}

#[test]
fn refusals_name_the_file_and_the_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("maps.txt");
    fs::write(&path, "Maze: 1\nSize X: 4\nSize Y: 1\nX@*X\n").expect("write");
    let error = load_levels(&path).expect_err("no goal");
    assert!(matches!(error.kind, LoadErrorKind::Parse(_)), "{error:?}");
    assert_eq!(
        error.to_string(),
        format!(
            "{}: line 4: the level has 1 box but 0 goals",
            path.display()
        )
    );
    let messages = [
        (
            ParseError::RowTooWide { line: 3, width: 5 },
            "line 3: the row is wider than Size X (5)",
        ),
        (
            ParseError::BadByte { line: 2, column: 6 },
            "line 2, column 6: not a byte (0 to 255, such as 0A2h or 17)",
        ),
        (
            ParseError::Truncated { line: 4 },
            "line 4: the level's bytes end before its map and player position",
        ),
    ];
    for (error, message) in messages {
        assert_eq!(error.to_string(), message);
        assert!(error.line().is_some());
    }
}

#[test]
fn rows_of_only_floor_are_dropped_outside_the_level_and_kept_inside() {
    // 3x3: a row of floor, `@$.`, a row of floor; the player at (0, 1).
    let edges = parse_levels("t db 3, 3, 90h, 26h, 90h, 0, 1\n").expect("bytes");
    assert_eq!(edges[0].to_string(), "@$.\n");
    let inside = lvl("#####\n#@$.#\n-\n#####\n");
    let back = parse_levels(&compressed(std::slice::from_ref(&inside))).expect("bytes");
    assert_eq!(back[0].to_string(), "#####\n#@$.#\n-\n#####\n");
    assert_eq!(boards(&[lvl(&back[0].to_xsb())]), boards(&[inside]));
}

/// Maze 1 as the R3forth game lists it: the same bytes, in decimal.
const R3FORTH_LVL1Z: &str = "| MC 2020
#lvl1z ( 22 11 162 223 56 50 31 56 42 3 230 18 192 165 242 131 2 129 3 228 18 130 37 6 205 100 34 81 172 17 161 10 5 229 17 177 20 130 41 130 49 160 225 44 24 209 207 128 12 8 )

#levels 'lvl1z
";

#[test]
fn the_r3forth_levels_are_the_pusher_bytes_in_another_syntax() {
    let from_r3 = parse_levels(R3FORTH_LVL1Z).expect("the R3forth block");
    let from_listing = parse_levels(PUBLISHED_BYTES_1).expect("the assembler listing");
    assert_eq!(boards(&from_r3), boards(&from_listing));
    let cases = [
        ("#a ( 3 1 $A2 0 0\n", ParseError::Truncated { line: 1 }),
        (
            "#a ( 3 1 0A2h )\n",
            ParseError::BadByte {
                line: 1,
                column: 10,
            },
        ),
        (
            "#a ( 3 1 256 )\n",
            ParseError::BadByte {
                line: 1,
                column: 10,
            },
        ),
        ("#a ( 3 1 )\n", ParseError::Truncated { line: 1 }),
        (
            "#a ( 3 1 76 0 2 0 )\nmov 3\n",
            ParseError::UnexpectedText { line: 2 },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(parse_err(text), error, "{text:?}");
    }
    // `$4C 00` is 0 10, 0 110, 0 00 (box, goal, floor); the player at x 2.
    let hex = parse_levels("#a ( 3 1 $4C 00 2 0 )\n").expect("hex bytes");
    assert_eq!(hex[0].to_string(), "$.@\n");
}

#[test]
fn a_listing_quoted_indented_reads_as_it_does_flush_left() {
    let indented = ROOM_PLAIN.replace('\n', "\n    ");
    let indented = format!("    {indented}");
    assert_eq!(
        boards(&parse_levels(&indented).expect("indented")),
        boards(&parse_levels(ROOM_PLAIN).expect("flush left"))
    );
}
