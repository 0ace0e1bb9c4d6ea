//! The `.dat` leaderboard as text: parsing, formatting, typed errors with
//! line numbers, first-come-first-served ties, the 10-entry cap, `qualifies`.

use schokoban::storage::{
    Entry, LEADERBOARD_SIZE, Leaderboard, LeaderboardError, MAX_NICKNAME_CHARS, valid_nickname,
};

fn names(board: &Leaderboard) -> Vec<(usize, &str)> {
    board
        .entries()
        .iter()
        .map(|e| (e.score, e.name.as_str()))
        .collect()
}

fn board_of(scores: &[usize]) -> Leaderboard {
    let mut board = Leaderboard::default();
    for (i, &score) in scores.iter().enumerate() {
        board.insert(score, &format!("p{i}")).expect("fits");
    }
    board
}

#[test]
fn the_spec_example_parses_and_prints_back() {
    let text = "10 Foo Bar\n12 Baz\n30 John Doe\n";
    let board = Leaderboard::parse(text).expect("valid");
    assert_eq!(
        names(&board),
        [(10, "Foo Bar"), (12, "Baz"), (30, "John Doe")]
    );
    assert_eq!(
        board.entries()[0],
        Entry {
            score: 10,
            name: "Foo Bar".to_owned()
        }
    );
    assert_eq!(board.to_text(), text);
    assert_eq!(board.best(), Some(10));
}

#[test]
fn an_empty_board() {
    let board = Leaderboard::parse("").expect("empty is fine");
    assert!(board.is_empty());
    assert_eq!(board.best(), None);
    assert_eq!(board.to_text(), "");
    assert_eq!(Leaderboard::parse("\n\n").expect("blank lines"), board);
}

#[test]
fn crlf_blank_lines_and_bom_are_tolerated() {
    let board = Leaderboard::parse("\u{feff}10 Foo\r\n\r\n12 Bar  \r\n").expect("tolerated");
    assert_eq!(names(&board), [(10, "Foo"), (12, "Bar")]);
}

#[test]
fn damaged_lines_are_typed_errors_with_line_numbers() {
    let cases = [
        ("10 A\nabc Foo\n", LeaderboardError::BadScore { line: 2 }),
        ("-3 A\n", LeaderboardError::BadScore { line: 1 }),
        ("10 A\n\n12\n", LeaderboardError::MissingName { line: 3 }),
        ("10    \n", LeaderboardError::MissingName { line: 1 }),
        (
            "10 A name that is far too long\n",
            LeaderboardError::BadName { line: 1 },
        ),
        ("10 bell\u{7}\n", LeaderboardError::BadName { line: 1 }),
        (
            "10 A\n12 B\n11 C\n",
            LeaderboardError::OutOfOrder { line: 3 },
        ),
        (
            "1 a\n2 b\n3 c\n4 d\n5 e\n6 f\n7 g\n8 h\n9 i\n10 j\n11 k\n",
            LeaderboardError::TooManyEntries { line: 11 },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(Leaderboard::parse(text), Err(expected.clone()), "{text:?}");
        let shown = expected.to_string();
        assert!(shown.starts_with("line "), "{shown}");
    }
}

#[test]
fn lenient_parsing_keeps_every_readable_entry() {
    let text = "12 B\nrubbish\n10 A\n\n30 C\n";
    let (board, problems) = Leaderboard::parse_lenient(text);
    assert_eq!(names(&board), [(10, "A"), (12, "B"), (30, "C")]);
    assert_eq!(
        problems,
        [
            LeaderboardError::BadScore { line: 2 },
            LeaderboardError::OutOfOrder { line: 3 }
        ]
    );
}

#[test]
fn lenient_parsing_of_bytes_skips_lines_that_are_not_text() {
    let bytes = b"10 A\n\xff\xfe\x00junk\n12 B\r\n\x80\n";
    let (board, problems) = Leaderboard::parse_lenient_bytes(bytes);
    assert_eq!(names(&board), [(10, "A"), (12, "B")]);
    assert_eq!(
        problems,
        [
            LeaderboardError::NotText { line: 2 },
            LeaderboardError::NotText { line: 4 }
        ]
    );
    let clean = b"10 A\n12 B\n";
    assert_eq!(
        Leaderboard::parse_lenient_bytes(clean),
        Leaderboard::parse_lenient("10 A\n12 B\n")
    );
}

#[test]
fn a_new_score_goes_after_equal_scores() {
    let mut board = Leaderboard::parse("10 A\n12 B\n12 C\n30 D\n").expect("valid");
    assert_eq!(board.insert(12, "E"), Some(3));
    assert_eq!(board.insert(9, "F"), Some(0));
    assert_eq!(board.insert(30, "G"), Some(6));
    assert_eq!(
        names(&board),
        [
            (9, "F"),
            (10, "A"),
            (12, "B"),
            (12, "C"),
            (12, "E"),
            (30, "D"),
            (30, "G")
        ]
    );
}

#[test]
fn the_board_keeps_ten() {
    let mut board = board_of(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert_eq!(board.entries().len(), LEADERBOARD_SIZE);
    assert_eq!(board.insert(5, "new"), Some(5));
    assert_eq!(board.entries().len(), LEADERBOARD_SIZE);
    assert_eq!(
        board.entries().last().map(|e| e.score),
        Some(9),
        "10 fell off"
    );
    assert!(board.entries().iter().any(|e| e.name == "new"));
}

#[test]
fn a_score_that_beats_an_entry_or_finds_room_qualifies() {
    assert!(Leaderboard::default().qualifies(1_000_000));
    let nine = board_of(&[10; 9]);
    assert!(nine.qualifies(99), "a board with room takes anything");
    assert!(
        nine.qualifies(10),
        "a tie finds room behind the earlier ones"
    );
    let full = board_of(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 30]);
    assert!(full.qualifies(29));
    assert!(
        !full.qualifies(30),
        "first come, first served: a tie with the last of a full board stays off"
    );
    assert!(!full.qualifies(31));
    let mut same = full.clone();
    assert_eq!(same.insert(31, "late"), None);
    assert_eq!(same.insert(30, "tie"), None);
    assert_eq!(same, full, "a score that does not qualify changes nothing");
    let ties = board_of(&[7; 10]);
    assert!(!ties.qualifies(7));
    assert!(ties.qualifies(6));
}

#[test]
fn a_tie_inside_a_full_board_goes_behind_the_earlier_one() {
    let mut full = board_of(&[1, 2, 3, 4, 5, 6, 7, 8, 30, 30]);
    assert_eq!(full.insert(8, "tie"), Some(8));
    assert_eq!(full.entries().len(), LEADERBOARD_SIZE);
    assert_eq!(
        names(&full)[7..],
        [(8, "p7"), (8, "tie"), (30, "p8")],
        "the earlier tie stays ahead; the last entry falls off"
    );
}

#[test]
fn a_score_that_misses_says_what_the_board_needs() {
    let full = board_of(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 30]);
    assert_eq!(
        full.miss_note(31).as_deref(),
        Some("Not on the leaderboard: the top 10 go up to 30 moves.")
    );
    assert_eq!(
        full.miss_note(30).as_deref(),
        Some("Not added: 30 moves ties the 10th score; the earlier one keeps its place.")
    );
    assert_eq!(full.miss_note(29), None);
    assert_eq!(
        board_of(&[0; 10]).miss_note(2).as_deref(),
        Some("Not on the leaderboard: the top 10 go up to 0 moves.")
    );
    assert_eq!(Leaderboard::default().miss_note(500), None);
}

#[test]
fn nicknames_are_one_to_twenty_printable_characters() {
    assert_eq!(valid_nickname("  John Doe "), Some("John Doe"));
    assert_eq!(valid_nickname(""), None);
    assert_eq!(valid_nickname("   "), None);
    let longest = "é".repeat(MAX_NICKNAME_CHARS);
    assert_eq!(
        valid_nickname(&longest),
        Some(longest.as_str()),
        "chars, not bytes"
    );
    assert_eq!(valid_nickname(&"a".repeat(MAX_NICKNAME_CHARS + 1)), None);
    assert_eq!(valid_nickname("tab\there"), None);
    assert_eq!(valid_nickname("new\nline"), None);
    assert_eq!(
        valid_nickname("ann\u{202E}olleh"),
        None,
        "a right-to-left override would turn the board's line around"
    );
    assert_eq!(valid_nickname("zero\u{200F}mark"), None);
}

#[test]
fn what_is_written_reads_back_the_same() {
    let mut board = Leaderboard::default();
    for (score, name) in [(40, "Zoe Q"), (12, "ann"), (12, "Bob  B"), (99, "x")] {
        board.insert(score, name);
    }
    assert_eq!(Leaderboard::parse(&board.to_text()), Ok(board));
}

#[test]
fn a_nickname_that_would_damage_the_file_is_cleaned_on_insert() {
    let mut board = Leaderboard::default();
    board.insert(1, "two\nlines");
    board.insert(2, "  padded  ");
    board.insert(3, &"long".repeat(10));
    board.insert(4, "\u{7}\t");
    assert_eq!(
        names(&board),
        [
            (1, "two lines"),
            (2, "padded"),
            (3, "longlonglonglonglong"),
            (4, "?")
        ]
    );
    assert_eq!(Leaderboard::parse(&board.to_text()), Ok(board));
}
