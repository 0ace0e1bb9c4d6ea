//! Every way a text can fail to be a level, each a typed error naming the line.

use schokoban_core::{MAX_SIDE, MAX_TOTAL_CELLS, ParseError, parse_level, parse_levels};

fn err(text: &str) -> ParseError {
    parse_levels(text).expect_err("the text must be refused")
}

#[test]
fn no_board_at_all() {
    assert_eq!(err(""), ParseError::NoBoard);
    assert_eq!(err("\n\n   \n"), ParseError::NoBoard);
    assert_eq!(
        err("; just a comment\n'A name'\nTitle: x\n"),
        ParseError::NoBoard
    );
    assert_eq!(
        parse_level("\u{feff}").expect_err("empty"),
        ParseError::NoBoard
    );
}

#[test]
fn no_player() {
    assert_eq!(
        err("#####\n# $.#\n#####\n"),
        ParseError::NoPlayer { line: 1 }
    );
    assert_eq!(
        err("; comment\n\n#$.#\n"),
        ParseError::NoPlayer { line: 3 },
        "the line is where the board starts"
    );
}

#[test]
fn two_players_named_by_the_second() {
    assert_eq!(
        err("#####\n#@$.#\n# @ #\n#####\n"),
        ParseError::TwoPlayers { line: 3, column: 3 }
    );
    assert_eq!(
        err("#####\n#@$+#\n#####\n"),
        ParseError::TwoPlayers { line: 2, column: 4 },
        "+ is a player too"
    );
}

#[test]
fn box_count_must_match_goal_count() {
    assert_eq!(
        err("######\n#@$$.#\n######\n"),
        ParseError::BoxGoalMismatch {
            line: 1,
            boxes: 2,
            goals: 1
        }
    );
    assert_eq!(
        err("######\n#+$..#\n######\n"),
        ParseError::BoxGoalMismatch {
            line: 1,
            boxes: 1,
            goals: 3
        },
        "a player on a goal counts as a goal"
    );
}

#[test]
fn no_boxes() {
    assert_eq!(err("####\n#@ #\n####\n"), ParseError::NoBoxes { line: 1 });
    assert_eq!(err("####\n#@.#\n####\n"), ParseError::NoBoxes { line: 1 });
}

#[test]
fn unknown_character_inside_a_board() {
    assert_eq!(
        err("######\n#@$X.#\n######\n"),
        ParseError::UnknownChar {
            line: 2,
            column: 4,
            found: 'X'
        }
    );
    assert_eq!(
        err("\u{feff}######\r\n#@$\u{e9}.#\r\n"),
        ParseError::UnknownChar {
            line: 2,
            column: 4,
            found: '\u{e9}'
        },
        "columns count characters, not bytes, and the BOM is not a column"
    );
}

#[test]
fn a_broken_level_fails_the_whole_collection() {
    let text = "#####\n#@$.#\n#####\n\n#####\n#@$$.#\n#####\n";
    assert_eq!(
        err(text),
        ParseError::BoxGoalMismatch {
            line: 5,
            boxes: 2,
            goals: 1
        }
    );
}

#[test]
fn bad_run_lengths() {
    assert_eq!(
        err("#@$.#|12"),
        ParseError::BadRunLength { line: 1, column: 7 },
        "a count with nothing after it"
    );
    assert_eq!(
        err("#@$.#\n#3|#\n"),
        ParseError::BadRunLength { line: 2, column: 2 },
        "a count before a row break"
    );
    assert_eq!(
        err(&format!("#@$.{}#", MAX_SIDE + 1)),
        ParseError::BadRunLength { line: 1, column: 5 },
        "a count longer than any board"
    );
}

#[test]
fn boards_larger_than_the_limit() {
    let wide = format!("#@$.{MAX_SIDE}#\n");
    assert_eq!(err(&wide), ParseError::TooLarge { line: 1 });
    let tall = format!("#@$.#\n{}", "#\n".repeat(MAX_SIDE));
    assert_eq!(err(&tall), ParseError::TooLarge { line: MAX_SIDE + 1 });
    let fits = format!("#@$.{}#\n{}", MAX_SIDE - 4, "#\n".repeat(MAX_SIDE - 1));
    let level = parse_level(&fits).expect("exactly the limit fits");
    assert_eq!((level.width(), level.height()), (MAX_SIDE, MAX_SIDE));
}

#[test]
fn errors_say_where() {
    let shown = ParseError::TwoPlayers { line: 2, column: 4 }.to_string();
    assert!(
        shown.contains("line 2") && shown.contains("column 4"),
        "{shown}"
    );
    assert_eq!(ParseError::NoPlayer { line: 7 }.line(), Some(7));
    assert_eq!(ParseError::NoBoard.line(), None);
}

#[test]
fn a_collection_cannot_ask_for_unbounded_memory() {
    // Each board is a few kilobytes of text but, padded to its widest row,
    // MAX_SIDE x MAX_SIDE cells. Only so many fit in one collection.
    let lines_per_level = MAX_SIDE + 1;
    let board = format!("{MAX_SIDE}#\n#@$.\n{}\n", "#\n".repeat(MAX_SIDE - 2));
    let fit = MAX_TOTAL_CELLS / (MAX_SIDE * MAX_SIDE);
    let text = board.repeat(fit + 1);
    assert_eq!(
        err(&text),
        ParseError::CollectionTooLarge {
            line: fit * lines_per_level + 1
        }
    );
    let levels = parse_levels(&board.repeat(fit)).expect("exactly the limit fits");
    assert_eq!(levels.len(), fit);
}

#[test]
fn a_collection_of_too_many_levels() {
    let text = "@$.\n\n".repeat(100_001);
    assert_eq!(err(&text), ParseError::CollectionTooLarge { line: 200_001 });
    assert_eq!(parse_levels(&text[..500_000]).expect("fits").len(), 100_000);
}
